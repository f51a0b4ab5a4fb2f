//! The value-producing C lexer: c_values.lex (json-lexgen, a value lexer) against
//! re2rust's re2c/derived/c_values.re and a logos 0.16 derive (src/lib.rs,
//! `logos_values`), all three with the same work per token (src/values.rs: integers and
//! floats parsed, identifiers interned in the user state, newlines counted).
//!
//!   cargo bench --features logos --manifest-path tests/real_grammars/Cargo.toml --bench c_values [-- FILE_OR_DIR]
//!
//! Input: FILE_OR_DIR's .c and .h files, else the vendored musl sources repeated to at
//! least 8 MB. Time: each lexer once per round, interleaved, best of the rounds
//! (`ROUNDS`, default 15). Instructions: `--callgrind NAME` runs one lexer once inside
//! `measure`, for
//!   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measure*' \
//!     target/release/deps/c_values-* --callgrind NAME
//! and instructions per byte are callgrind's Ir over the bytes it prints.

#[path = "harness.rs"]
mod harness;

use harness::{load, measure, prepare};
use jsonlex_real_grammars::values::Summary;
use jsonlex_real_grammars::{c_values_count, c_values_count_reader, logos_values, re2rust};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

type Run = harness::Run<Summary>;

const LEXERS: &[(&str, Run)] = &[
    ("jsonlex", Run::Slice(c_values_count)),
    // The same lexer's streaming form, reading the input through `io::Read`.
    ("jsonlex-reader", Run::Slice(c_values_count_reader)),
    ("re2rust", Run::Owned(re2rust::c_values::count)),
    ("logos", Run::Slice(logos_values::count)),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let at = args.iter().position(|a| a == "--callgrind");
    let callgrind = at.map(|i| args[i + 1].clone());
    let paths: Vec<&String> =
        args.iter().enumerate().filter(|(i, _)| at.is_none_or(|a| *i != a && *i != a + 1)).map(|(_, a)| a).collect();
    let input = match paths.first() {
        Some(path) => load(Path::new(path), 0),
        None => load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/c"), 8 << 20),
    };
    let bytes = input.len() - 1;

    if let Some(name) = callgrind {
        let (_, run) = LEXERS.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no lexer {name}"));
        let summary = measure(*run, prepare(*run, &input));
        println!("{name}: {bytes} bytes, {summary:?}");
        return;
    }

    // logos's byte-mode code recurses deeply in some builds: a large stack, as the test.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let expected = measure(LEXERS[0].1, prepare(LEXERS[0].1, &input));
            for (name, run) in LEXERS {
                assert_eq!(measure(*run, prepare(*run, &input)), expected, "{name} computes other values");
            }
            let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(15);
            let mut best = vec![Duration::MAX; LEXERS.len()];
            for _ in 0..rounds {
                for (i, (_, run)) in LEXERS.iter().enumerate() {
                    let prepared = prepare(*run, &input);
                    let start = Instant::now();
                    black_box(measure(*run, prepared));
                    best[i] = best[i].min(start.elapsed());
                }
            }
            println!(
                "{bytes} bytes of C, {} tokens, {} errors, {} names, {} lines; best of {rounds} interleaved rounds",
                expected.tokens, expected.errors, expected.names, expected.lines
            );
            let reference = best[LEXERS.iter().position(|(n, _)| *n == "re2rust").unwrap()];
            for ((name, _), time) in LEXERS.iter().zip(&best) {
                let mb_s = bytes as f64 / time.as_secs_f64() / 1e6;
                let speedup = reference.as_secs_f64() / time.as_secs_f64();
                println!("{name:>10}: {:>8.2} ms {mb_s:>8.1} MB/s {speedup:>5.2}x re2rust", time.as_secs_f64() * 1e3);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
