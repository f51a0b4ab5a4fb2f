//! The benchmark report: every peer side by side, interleaved best-of-rounds, written
//! as the Markdown tables of BENCHMARKS.md ("Current numbers").
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench report -- [--rounds N] [--out FILE]
//! ```
//!
//! Tables: decode (to an owned value), `Document` (borrowed), validate, encode, serde
//! typed (parse and serialize), tokenize. Inputs: the corpus (`benches/data`), the
//! payload classes (`decode_payloads`, the encoder's `encode_payloads`) and the wider
//! set (`wide_payloads`). Each round runs every library once untimed and once timed
//! on one input, in a rotating order ([`best_of_rounds`]); a timed run repeats the call
//! for about 2 ms and counts only the calls (simd-json's copy of its input, which it
//! parses in place, is left out). MB/s are 10^6 bytes of the input per second (of
//! jsonlex's output for encode); a ratio is the peer's time over jsonlex's, so above
//! 1.00 jsonlex is faster.

#[path = "logos_json.rs"]
mod logos_json;
#[path = "../tests/serde_models/mod.rs"]
mod serde_models;

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use json_runtime::{EncodeOptions, Value};
use jsonlex_benches::{best_of_rounds, corpus, decode_payloads, encode_corpus, encode_payloads, wide_payloads};
use logos::Logos as _;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;

/// Repetitions of a call that take about `TARGET` seconds (at least one).
const TARGET: f64 = 0.002;

/// Seconds per call of `f` on a fresh copy of `input` each time (the copy not timed):
/// the number of calls is fixed from the first, untimed, one.
fn per_call(input: &[u8], f: &dyn Fn(&mut Vec<u8>) -> bool) -> f64 {
    let mut buf = input.to_vec();
    let t = Instant::now();
    assert!(f(black_box(&mut buf)), "a library rejected a benchmark input");
    let reps = ((TARGET / t.elapsed().as_secs_f64().max(1e-9)) as usize).clamp(1, 100_000);
    let mut total = 0.0;
    for _ in 0..reps {
        buf.clear();
        buf.extend_from_slice(input);
        let t = Instant::now();
        black_box(f(black_box(&mut buf)));
        total += t.elapsed().as_secs_f64();
    }
    total / reps as f64
}

/// Seconds per call of `f` (no input copy).
fn per_call_plain(f: &dyn Fn() -> usize) -> f64 {
    let t = Instant::now();
    black_box(f());
    let reps = ((TARGET / t.elapsed().as_secs_f64().max(1e-9)) as usize).clamp(1, 100_000);
    let t = Instant::now();
    for _ in 0..reps {
        black_box(f());
    }
    t.elapsed().as_secs_f64() / reps as f64
}

fn mbs(bytes: usize, t: f64) -> String {
    format!("{:.0}", bytes as f64 / t / 1e6)
}

/// Peer time over ours, bold under `target` (0: no target).
fn ratio(peer: f64, ours: f64, target: f64) -> String {
    let r = peer / ours;
    if r < target {
        format!("**{r:.2}**")
    } else {
        format!("{r:.2}")
    }
}

struct Report {
    rounds: usize,
    md: String,
}

impl Report {
    fn table(&mut self, title: &str, note: &str, head: &[&str]) {
        let _ = writeln!(self.md, "\n### {title}\n\n{note}\n");
        let _ = writeln!(self.md, "| {} |", head.join(" | "));
        let _ = writeln!(self.md, "|---|{}", "---:|".repeat(head.len() - 1));
    }
    fn row(&mut self, cells: &[String]) {
        let _ = writeln!(self.md, "| {} |", cells.join(" | "));
        eprintln!("  {}", cells.join("  "));
    }
}

/// Decode, Document and validate, one pass over the decode inputs (one set of rounds
/// per input for all three tables).
fn decode_tables(r: &mut Report) {
    let mut inputs = corpus();
    inputs.extend(decode_payloads());
    inputs.extend(wide_payloads());
    let (mut decode, mut document, mut validate) = (Vec::new(), Vec::new(), Vec::new());
    for (name, text) in &inputs {
        eprintln!("decode {name}");
        let n = text.len();
        let best = best_of_rounds(
            r.rounds,
            &[
                &|| per_call(text, &|b| jsonlex::decode(b).is_ok()),
                &|| per_call(text, &|b| serde_json::from_slice::<serde_json::Value>(b).is_ok()),
                &|| per_call(text, &|b| simd_json::to_owned_value(b).is_ok()),
                &|| per_call(text, &|b| sonic_rs::from_slice::<sonic_rs::Value>(b).is_ok()),
                &|| per_call(text, &|b| jsonlex::Document::parse(b).is_ok()),
                &|| per_call(text, &|b| jsonlex::validate(b).is_ok()),
                &|| per_call(text, &|b| serde_json::from_slice::<IgnoredAny>(b).is_ok()),
            ],
        );
        decode.push(vec![
            name.clone(),
            mbs(n, best[0]),
            mbs(n, best[1]),
            mbs(n, best[2]),
            mbs(n, best[3]),
            ratio(best[1], best[0], 2.0),
            ratio(best[2], best[0], 0.0),
            ratio(best[3], best[0], 0.0),
        ]);
        document.push(vec![name.clone(), mbs(n, best[4]), mbs(n, best[3]), ratio(best[3], best[4], 1.0)]);
        validate.push(vec![name.clone(), mbs(n, best[5]), mbs(n, best[6]), ratio(best[6], best[5], 1.0)]);
    }
    r.table(
        "decode (to an owned value)",
        "jsonlex `decode` to `Value`; MB/s of the input. Bold: under the target of 2x serde_json `Value` (the \
         others have no target: sonic-rs's `Value` lives in an arena, compare it with `Document`).",
        &[
            "input",
            "jsonlex",
            "serde_json Value",
            "simd-json OwnedValue",
            "sonic-rs Value",
            "/ serde_json",
            "/ simd-json",
            "/ sonic-rs",
        ],
    );
    decode.iter().for_each(|c| r.row(c));
    r.table(
        "Document (borrowed)",
        "jsonlex `Document::parse` against sonic-rs `from_slice::<Value>` (its arena value).",
        &["input", "jsonlex Document", "sonic-rs Value", "/ sonic-rs"],
    );
    document.iter().for_each(|c| r.row(c));
    r.table(
        "validate",
        "jsonlex `validate` (UTF-8, surrogates, depth) against serde_json `from_slice::<IgnoredAny>` (which checks less).",
        &["input", "jsonlex validate", "serde_json IgnoredAny", "/ IgnoredAny"],
    );
    validate.iter().for_each(|c| r.row(c));
}

fn encode_table(r: &mut Report) {
    let mut inputs = encode_corpus();
    for (name, strings) in encode_payloads() {
        inputs.push((name, serde_json::to_vec(&strings).unwrap()));
    }
    inputs.extend(wide_payloads());
    r.table(
        "encode",
        "Compact output of a decoded value; MB/s of jsonlex's output. jsonlex at the best level the CPU has, \
         and PHP's preset (`EncodeOptions::php()`: unicode and slashes escaped; its own output, not compared).",
        &["input", "jsonlex", "jsonlex php", "serde_json", "sonic-rs", "/ serde_json", "/ sonic-rs"],
    );
    for (name, text) in &inputs {
        eprintln!("encode {name}");
        let sv: serde_json::Value = serde_json::from_slice(text).unwrap();
        let jv: Value = jsonlex::decode(text).unwrap();
        let so: sonic_rs::Value = sonic_rs::from_slice(text).unwrap();
        let (opts, php) = (EncodeOptions::new(), EncodeOptions::php());
        let out_len = jsonlex::encode(&jv).len();
        let best = best_of_rounds(
            r.rounds,
            &[
                &|| per_call_plain(&|| json_runtime::ser::encode_to_vec_with(black_box(&jv), &opts).len()),
                &|| per_call_plain(&|| json_runtime::ser::encode_to_vec_with(black_box(&jv), &php).len()),
                &|| per_call_plain(&|| serde_json::to_vec(black_box(&sv)).unwrap().len()),
                &|| per_call_plain(&|| sonic_rs::to_vec(black_box(&so)).unwrap().len()),
            ],
        );
        r.row(&[
            name.clone(),
            mbs(out_len, best[0]),
            mbs(out_len, best[1]),
            mbs(out_len, best[2]),
            mbs(out_len, best[3]),
            ratio(best[2], best[0], 1.0),
            ratio(best[3], best[0], 1.0),
        ]);
    }
}

fn serde_rows<T: DeserializeOwned + Serialize>(r: &mut Report, name: &str, text: &[u8], rows: &mut Vec<Vec<String>>) {
    eprintln!("serde {name}");
    let value: T = serde_json::from_slice(text).unwrap();
    let out_len = serde_json::to_vec(&value).unwrap().len();
    let best = best_of_rounds(
        r.rounds,
        &[
            &|| per_call(text, &|b| jsonlex::from_slice::<T>(b).is_ok()),
            &|| per_call(text, &|b| serde_json::from_slice::<T>(b).is_ok()),
            &|| per_call(text, &|b| simd_json::serde::from_slice::<T>(b).is_ok()),
            &|| per_call(text, &|b| sonic_rs::from_slice::<T>(b).is_ok()),
            &|| per_call_plain(&|| jsonlex::to_vec(black_box(&value)).unwrap().len()),
            &|| per_call_plain(&|| serde_json::to_vec(black_box(&value)).unwrap().len()),
            &|| per_call_plain(&|| sonic_rs::to_vec(black_box(&value)).unwrap().len()),
        ],
    );
    let n = text.len();
    rows.push(vec![
        format!("{name} parse"),
        mbs(n, best[0]),
        mbs(n, best[1]),
        mbs(n, best[2]),
        mbs(n, best[3]),
        ratio(best[1], best[0], 1.2),
        ratio(best[3], best[0], 1.0),
    ]);
    rows.push(vec![
        format!("{name} serialize"),
        mbs(out_len, best[4]),
        mbs(out_len, best[5]),
        "-".into(),
        mbs(out_len, best[6]),
        ratio(best[5], best[4], 1.0),
        ratio(best[6], best[4], 1.0),
    ]);
}

fn serde_table(r: &mut Report) {
    use serde_models::{Canada, CitmCatalog, Twitter};
    let mut rows = Vec::new();
    for (name, text) in corpus() {
        match name.as_str() {
            "canada" => serde_rows::<Canada>(r, &name, &text, &mut rows),
            "citm_catalog" => serde_rows::<CitmCatalog>(r, &name, &text, &mut rows),
            "twitter" => serde_rows::<Twitter>(r, &name, &text, &mut rows),
            _ => {}
        }
    }
    r.table(
        "serde typed",
        "`from_slice::<T>` into the models of `tests/serde_models` and `to_vec` back; MB/s of the file (parse) or \
         of serde_json's output (serialize). Bold: parse under 1.2x serde_json, or under 1x another.",
        &["input", "jsonlex", "serde_json", "simd-json", "sonic-rs", "/ serde_json", "/ sonic-rs"],
    );
    rows.iter().for_each(|c| r.row(c));
}

fn tokenize_table(r: &mut Report) {
    r.table(
        "tokenize",
        "Every token of the input: the lexer generated from `json-runtime/grammar/json.lex` (SIMD hooks at the active level) \
         against a logos derive of the same token set, on a `&str` (UTF-8 checked beforehand, not timed) and with \
         `std::str::from_utf8` counted.",
        &["input", "jsonlex", "logos", "logos + from_utf8", "/ logos", "/ logos + from_utf8"],
    );
    let count_jsonlex = |input: &[u8]| {
        let mut lexer = jsonlex::lexer::JsonLexer::new(input);
        let mut n = 0;
        while let Some(t) = lexer.next_token() {
            n += t.is_ok() as usize;
        }
        n
    };
    let count_logos = |input: &str| logos_json::LogosJson::lexer(input).filter(|t| t.is_ok()).count();
    for (name, bytes) in corpus() {
        eprintln!("tokenize {name}");
        let text = std::str::from_utf8(&bytes).expect("corpus files are UTF-8");
        assert_eq!(count_jsonlex(&bytes), count_logos(text), "{name}: both lexers see the same tokens");
        let best = best_of_rounds(
            r.rounds,
            &[
                &|| per_call_plain(&|| count_jsonlex(black_box(&bytes))),
                &|| per_call_plain(&|| count_logos(black_box(text))),
                &|| per_call_plain(&|| count_logos(std::str::from_utf8(black_box(&bytes)).unwrap())),
            ],
        );
        let n = bytes.len();
        r.row(&[
            name,
            mbs(n, best[0]),
            mbs(n, best[1]),
            mbs(n, best[2]),
            ratio(best[1], best[0], 1.0),
            ratio(best[2], best[0], 1.0),
        ]);
    }
}

/// The CPU's model name and core count, for the header.
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores, {} {}", std::env::consts::OS, std::env::consts::ARCH)
}

/// The 1-minute load average (`/proc/loadavg`), or `?`.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let rounds = value_of("--rounds").map_or(5, |n| n.parse().expect("--rounds N"));
    let out = value_of("--out");
    let only = value_of("--only");
    // `cargo bench` without a filter runs every bench target with `--bench`: a report
    // is asked for by name (`--bench report`), so an empty run only says how.
    if args.iter().any(|a| a == "--bench") && value_of("--rounds").is_none() && out.is_none() && only.is_none() {
        eprintln!("report: cargo bench -p jsonlex-benches --bench report -- --rounds N [--out FILE] [--only decode|encode|serde|tokenize]");
        return;
    }
    let load_start = load();
    let mut r = Report { rounds, md: String::new() };
    let _ = writeln!(
        r.md,
        "Machine: {}; SIMD level {:?}; {rounds} rounds, best of each.\n\
         Command: `cargo bench -p jsonlex-benches --bench report -- --rounds {rounds}`{}.",
        machine(),
        json_runtime::simd::level(),
        out.as_ref().map_or(String::new(), |o| format!(" `--out {o}`"))
    );
    let wants = |t: &str| only.as_deref().is_none_or(|o| o == t);
    if wants("decode") {
        decode_tables(&mut r);
    }
    if wants("encode") {
        encode_table(&mut r);
    }
    if wants("serde") {
        serde_table(&mut r);
    }
    if wants("tokenize") {
        tokenize_table(&mut r);
    }
    let _ = writeln!(
        r.md,
        "\nLoad average (1 min) {} at the start, {} at the end: other processes shared the cores.",
        load_start,
        load()
    );
    match out {
        Some(path) => std::fs::write(&path, &r.md).unwrap_or_else(|e| panic!("cannot write {path}: {e}")),
        None => print!("{}", r.md),
    }
}
