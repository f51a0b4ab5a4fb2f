//! A driver for callgrind: runs `validate`, `decode` or the bare lexer on one input `N`
//! times at one kernel level, the loop in a function of its own (`run_loop`) so that
//! callgrind counts only it (`--toggle-collect=*run_loop*`). Run by
//! `benches/callgrind-levels.sh`, which prints default/scalar ratios per class.
//!
//! ```text
//! levels_instructions <payload class | len-N | corpus file stem> <op> <level> [iterations]
//! levels_instructions time [rounds]     # tokenize vs logos, wall clock, interleaved
//! ```
//!
//! `op`: validate, decode, tokenize, logos, validate_reader, decode_reader,
//! validate_reader_file, decode_reader_file (the reader ops on a temporary file), or a typed
//! serde parse (the models of `tests/serde_models` for canada, citm_catalog and
//! twitter, `IgnoredAny` for other inputs): serde (`jsonlex::from_slice`),
//! serde_reader (`jsonlex::from_reader` on a `&[u8]` reader), serde_json,
//! serde_json_reader (`serde_json::from_reader`, which reads byte by byte).

#[path = "logos_json.rs"]
mod logos_json;
#[path = "../tests/serde_models/mod.rs"]
mod serde_models;

use json_runtime::simd::{set_level, Level};
use serde::de::{DeserializeOwned, IgnoredAny};

/// One typed parse of `input` by `op` (see the module docs) into `T`.
#[inline(always)]
fn typed<T: DeserializeOwned>(input: &[u8], op: &str) -> usize {
    let parsed = match op {
        "serde" => jsonlex::from_slice::<T>(input).map(std::hint::black_box).is_ok(),
        "serde_reader" => jsonlex::from_reader::<_, T>(input).map(std::hint::black_box).is_ok(),
        "serde_json" => serde_json::from_slice::<T>(input).map(std::hint::black_box).is_ok(),
        "serde_json_reader" => serde_json::from_reader::<_, T>(input).map(std::hint::black_box).is_ok(),
        other => panic!("unknown operation {other}"),
    };
    parsed as usize
}

/// The serde operations, in a loop of their own (`run_loop`'s code stays as it was
/// measured).
#[inline(never)]
fn run_loop_serde(input: &[u8], what: &str, n: usize, name: &str) -> usize {
    let mut total = 0;
    for _ in 0..n {
        let input = std::hint::black_box(input);
        total += match name {
            "canada" => typed::<serde_models::Canada>(input, what),
            "citm_catalog" => typed::<serde_models::CitmCatalog>(input, what),
            "twitter" => typed::<serde_models::Twitter>(input, what),
            _ => typed::<IgnoredAny>(input, what),
        };
    }
    total
}

#[inline(never)]
fn run_loop(input: &[u8], what: &str, n: usize) -> usize {
    let mut total = 0;
    for _ in 0..n {
        let input = std::hint::black_box(input);
        total += match what {
            "validate" => jsonlex::validate(input).is_ok() as usize,
            "decode" => match jsonlex::decode(input) {
                Ok(v) => std::hint::black_box(v).as_array().map_or(1, |a| a.len()),
                Err(_) => 0,
            },
            "tokenize" => jsonlex::lexer::JsonLexer::new(input).count(),
            // The reader path on the same bytes (a `&[u8]` reader: no I/O, the buffer's
            // copies and rescans only).
            "validate_reader" => jsonlex::validate_reader(input).is_ok() as usize,
            "decode_reader" => match jsonlex::decode_reader(input) {
                Ok(v) => std::hint::black_box(v).as_array().map_or(1, |a| a.len()),
                Err(_) => 0,
            },
            // The reader path on a file holding the same bytes: the copy into the buffer
            // is the kernel's `read`, as for any file (not counted by callgrind).
            "validate_reader_file" => jsonlex::validate_reader(open_copy(input)).is_ok() as usize,
            "decode_reader_file" => match jsonlex::decode_reader(open_copy(input)) {
                Ok(v) => std::hint::black_box(v).as_array().map_or(1, |a| a.len()),
                Err(_) => 0,
            },
            // The same token set with logos, UTF-8 validation included (logos needs a `str`).
            "logos" => match std::str::from_utf8(input) {
                Ok(text) => {
                    logos::Logos::lexer(text).map(|t: Result<logos_json::LogosJson, ()>| t.is_ok() as usize).sum()
                }
                Err(_) => 0,
            },
            other => panic!("unknown operation {other}"),
        };
    }
    total
}

/// The temporary file of [`open_copy`], removed at the end of `main`.
static COPY: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// A file holding `input` (written once per process), opened for reading.
fn open_copy(input: &[u8]) -> std::fs::File {
    let path = COPY.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("levels_instructions-{}.json", std::process::id()));
        std::fs::write(&path, input).expect("write the input to a temporary file");
        path
    });
    std::fs::File::open(path).expect("open the temporary copy of the input")
}

/// `time [rounds]`: interleaved wall-clock best of `rounds` ([`jsonlex_benches::best_of_rounds`])
/// of tokenizing each corpus file and payload class with the generated JSON lexer (the
/// process's level) and with logos (`from_utf8` included), as a Markdown table.
fn time_tokenize(rounds: usize) {
    use std::time::Instant;
    let mut inputs = jsonlex_benches::corpus();
    inputs.extend(jsonlex_benches::decode_payloads());
    println!("| input | jsonlex tokenize | logos (incl. from_utf8) | logos / jsonlex |");
    println!("|---|---:|---:|---:|");
    for (name, text) in inputs {
        let reps = (1_000_000 / text.len()).max(1);
        let per_call = |what: &str| {
            let t = Instant::now();
            for _ in 0..reps {
                std::hint::black_box(run_loop(std::hint::black_box(&text), what, 1));
            }
            t.elapsed().as_secs_f64() / reps as f64
        };
        let best = jsonlex_benches::best_of_rounds(rounds, &[&|| per_call("tokenize"), &|| per_call("logos")]);
        let cell = |t: f64| format!("{:.1} µs ({:.0} MiB/s)", t * 1e6, text.len() as f64 / t / (1024.0 * 1024.0));
        let r = best[1] / best[0];
        let ratio = if r < 1.0 { format!("**{r:.2}x**") } else { format!("{r:.2}x") };
        println!("| {name} | {} | {} | {ratio} |", cell(best[0]), cell(best[1]));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("time") {
        return time_tokenize(args.get(2).map_or(20, |n| n.parse().expect("rounds")));
    }
    // `cargo bench` runs bench targets with `--bench`: nothing to do then.
    if args.len() < 4 || args.iter().any(|a| a == "--bench") {
        eprintln!(
            "usage: levels_instructions <class|corpus file> <validate|decode|tokenize|logos|validate_reader|decode_reader|validate_reader_file|decode_reader_file|serde|serde_reader|serde_json|serde_json_reader> <level> [iterations]"
        );
        return;
    }
    let input = jsonlex_benches::decode_payloads()
        .into_iter()
        .chain(jsonlex_benches::length_sweep())
        .chain(jsonlex_benches::corpus())
        .find(|(name, _)| *name == args[1])
        .unwrap_or_else(|| panic!("no payload or corpus file named {}", args[1]))
        .1;
    let level = Level::from_name(&args[3]).unwrap_or_else(|| panic!("unknown level {}", args[3]));
    set_level(level).unwrap_or_else(|e| panic!("{e}"));
    let n = args.get(4).map_or(10, |s| s.parse().expect("iterations"));
    let total = if args[2].starts_with("serde") {
        run_loop_serde(&input, &args[2], n, &args[1])
    } else {
        run_loop(&input, &args[2], n)
    };
    if let Some(path) = COPY.get() {
        let _ = std::fs::remove_file(path);
    }
    println!("{total}");
}
