//! A driver for callgrind: runs one decoder (`jsonlex-decode`, `jsonlex-validate`,
//! `jsonlex-document` (`Document::parse`), `serde_json-Value`, `serde_json-IgnoredAny`,
//! `sonic_rs-Value`; serde through jsonlex: `jsonlex-IgnoredAny`, and `jsonlex-typed` /
//! `serde_json-typed` into the models of canada, citm_catalog and twitter) on one
//! corpus file or payload class, the loop in a
//! function of its own (`decode_loop`) so that callgrind counts only it. Instruction
//! counts do not depend on the machine's load, unlike times.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench decode_instructions --no-run
//! valgrind --tool=callgrind --toggle-collect='*decode_loop*' --callgrind-out-file=/dev/null \
//!     target/release/deps/decode_instructions-* jsonlex-decode canada 1
//! ```
//!
//! Without arguments it prints the combinations. `time [rounds] [input...]` instead prints
//! an interleaved best-of-rounds wall-clock table (see `time_all`) of every corpus file and
//! payload class, or of the inputs named.

use jsonlex_benches::{best_of_rounds, corpus, decode_payloads, wide_payloads};
use serde::de::IgnoredAny;

#[path = "../tests/serde_models/mod.rs"]
#[allow(dead_code)]
mod serde_models;

/// serde typed `from_slice` into the model of a corpus file (`jsonlex-typed`,
/// `serde_json-typed`): canada, citm_catalog and twitter have one.
fn typed(jsonlex: bool, name: &str, text: &[u8]) -> usize {
    fn one<T: serde::de::DeserializeOwned>(jsonlex: bool, text: &[u8]) -> usize {
        if jsonlex {
            jsonlex::from_slice::<T>(text).is_ok() as usize
        } else {
            serde_json::from_slice::<T>(text).is_ok() as usize
        }
    }
    match name {
        "canada" => one::<serde_models::Canada>(jsonlex, text),
        "citm_catalog" => one::<serde_models::CitmCatalog>(jsonlex, text),
        "twitter" => one::<serde_models::Twitter>(jsonlex, text),
        other => panic!("no serde model for {other}: canada, citm_catalog, twitter"),
    }
}

#[inline(never)]
fn decode_loop(which: &str, name: &str, text: &[u8], n: usize) -> usize {
    let mut ok = 0;
    for _ in 0..n {
        ok += match which {
            "jsonlex-IgnoredAny" => jsonlex::from_slice::<IgnoredAny>(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-typed" => typed(true, name, std::hint::black_box(text)),
            "serde_json-typed" => typed(false, name, std::hint::black_box(text)),
            "jsonlex-decode" => jsonlex::decode(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-validate" => jsonlex::validate(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-document" => jsonlex::Document::parse(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-validate-reader" => jsonlex::validate_reader(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-decode-reader" => jsonlex::decode_reader(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-validate-trailing" => {
                jsonlex::validate_with(std::hint::black_box(text), &jsonlex::DecodeOptions::new().trailing_commas(true))
                    .is_ok() as usize
            }
            "jsonlex-transcode" => {
                jsonlex::transcode(std::hint::black_box(text), &jsonlex::EncodeOptions::new()).is_ok() as usize
            }
            "sonic_rs-Value" => sonic_rs::from_slice::<sonic_rs::Value>(std::hint::black_box(text)).is_ok() as usize,
            "serde_json-Value" => {
                serde_json::from_slice::<serde_json::Value>(std::hint::black_box(text)).is_ok() as usize
            }
            "serde_json-IgnoredAny" => {
                serde_json::from_slice::<IgnoredAny>(std::hint::black_box(text)).is_ok() as usize
            }
            other => panic!("unknown decoder {other}"),
        };
    }
    ok
}

/// Interleaved wall-clock timing of `validate` against serde_json `IgnoredAny`,
/// `decode` against simd-json (plus serde_json `Value` and sonic-rs `Value`) and
/// `Document::parse` against sonic-rs `Value`, robust to a
/// loaded machine: best of `rounds` rounds ([`best_of_rounds`]), each call timed alone
/// (so that simd-json's copy of its input, which it parses in place, is not counted).
/// Prints a Markdown table; MiB/s of the input.
fn time_all(rounds: usize, only: &[String]) {
    use std::time::Instant;
    let mut inputs = corpus();
    inputs.extend(decode_payloads());
    inputs.extend(wide_payloads());
    if !only.is_empty() {
        inputs.retain(|(name, _)| only.contains(name));
    }
    println!(
        "| input | jsonlex validate | serde_json IgnoredAny | IgnoredAny / validate | jsonlex decode | simd-json | \
         simd-json / decode | serde_json Value | serde_json / decode | sonic-rs Value | jsonlex Document | \
         sonic-rs / Document |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, text) in inputs {
        let reps = (1_000_000 / text.len()).max(1);
        // Seconds per call of `f`, the input given fresh to each call by `prepare`.
        let per_call = |f: &dyn Fn(&mut Vec<u8>) -> bool| {
            let mut buf = text.clone();
            let mut total = 0.0;
            for _ in 0..reps {
                buf.clear();
                buf.extend_from_slice(&text);
                let t = Instant::now();
                assert!(f(std::hint::black_box(&mut buf)));
                total += t.elapsed().as_secs_f64();
            }
            total / reps as f64
        };
        let best = best_of_rounds(
            rounds,
            &[
                &|| per_call(&|b| jsonlex::validate(b).is_ok()),
                &|| per_call(&|b| serde_json::from_slice::<IgnoredAny>(b).is_ok()),
                &|| per_call(&|b| jsonlex::decode(b).is_ok()),
                &|| per_call(&|b| simd_json::to_owned_value(b).is_ok()),
                &|| per_call(&|b| serde_json::from_slice::<serde_json::Value>(b).is_ok()),
                &|| per_call(&|b| sonic_rs::from_slice::<sonic_rs::Value>(b).is_ok()),
                &|| per_call(&|b| jsonlex::Document::parse(b).is_ok()),
            ],
        );
        let cell = |t: f64| format!("{:.1} µs ({:.0} MiB/s)", t * 1e6, text.len() as f64 / t / (1024.0 * 1024.0));
        // Bold: under the issue's target for that ratio.
        let ratio = |peer: f64, ours: f64, target: f64| {
            let r = peer / ours;
            if r < target {
                format!("**{r:.2}x**")
            } else {
                format!("{r:.2}x")
            }
        };
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            cell(best[0]),
            cell(best[1]),
            ratio(best[1], best[0], 1.0),
            cell(best[2]),
            cell(best[3]),
            ratio(best[3], best[2], 1.0),
            cell(best[4]),
            ratio(best[4], best[2], 2.0),
            cell(best[5]),
            cell(best[6]),
            ratio(best[5], best[6], 1.0),
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if args.first().map(String::as_str) == Some("time") {
        return time_all(args.get(1).map_or(30, |n| n.parse().expect("rounds")), args.get(2..).unwrap_or(&[]));
    }
    // The corpus files, then the payload classes (escape-heavy, u-escaped, ...).
    let mut files = corpus();
    files.extend(decode_payloads());
    files.extend(wide_payloads());
    let (Some(which), Some(file)) = (args.first(), args.get(1)) else {
        for (name, _) in &files {
            for which in [
                "jsonlex-decode",
                "jsonlex-validate",
                "jsonlex-document",
                "jsonlex-validate-reader",
                "jsonlex-decode-reader",
                "jsonlex-validate-trailing",
                "jsonlex-transcode",
                "serde_json-Value",
                "serde_json-IgnoredAny",
                "jsonlex-IgnoredAny",
                "sonic_rs-Value",
            ] {
                println!("{which} {name}");
            }
        }
        return;
    };
    let n: usize = args.get(2).map_or(1, |n| n.parse().expect("iterations"));
    let text = &files.iter().find(|(name, _)| name == file).expect("a corpus file or payload class").1;
    assert_eq!(decode_loop(which, file, text, n), n);
}
