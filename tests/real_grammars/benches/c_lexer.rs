//! re2c's C lexer, kinds only: json-lexgen's conversion (c.lex with its errors as
//! kinds, build.rs) against re2rust's lexer for c.re (its actions reduced to returning
//! the kind, build.rs) and a logos 0.16 derive of the same rules (src/lib.rs), on C
//! source.
//!
//!   cargo bench --features logos --manifest-path tests/real_grammars/Cargo.toml --bench c_lexer [-- FILE_OR_DIR]
//!
//! Input: FILE_OR_DIR's .c and .h files (e.g. /usr/include), else the vendored musl
//! sources repeated to at least 8 MB. Time: each lexer once per round, interleaved,
//! best of the rounds (`ROUNDS`, default 15). Instructions: `--callgrind NAME` runs one
//! lexer once inside `measure`, for
//!   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measure*' \
//!     target/release/deps/c_lexer-* --callgrind NAME
//! and instructions per byte are callgrind's Ir over the bytes it prints.

#[path = "harness.rs"]
mod harness;

use harness::{load, measure, prepare};
use jsonlex_real_grammars::{jsonlex, re2rust};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// Tokens and error tokens: every lexer must agree on both.
type Counts = (usize, usize);

macro_rules! jsonlex_counter {
    ($name:ident, $module:ident) => {
        fn $name(input: &[u8]) -> Counts {
            use jsonlex::$module::{CLexer, CLexerToken as K};
            let mut lexer = CLexer::new(input);
            let (mut tokens, mut errors) = (0, 0);
            while let Some(Ok(token)) = lexer.next_token() {
                match token.kind {
                    K::Eof => break,
                    K::BadCharacter
                    | K::UnterminatedComment
                    | K::UnterminatedString
                    | K::UnterminatedCharacterConstant => errors += 1,
                    _ => tokens += 1,
                }
            }
            (tokens, errors)
        }
    };
}
jsonlex_counter!(jsonlex_auto, c_kinds);
jsonlex_counter!(jsonlex_safe, c_safe);
jsonlex_counter!(jsonlex_code, c_code);

type Run = harness::Run<Counts>;

const LEXERS: &[(&str, Run)] = &[
    ("jsonlex", Run::Slice(jsonlex_auto)),
    ("jsonlex-no-unsafe", Run::Slice(jsonlex_safe)),
    ("jsonlex-backend-code", Run::Slice(jsonlex_code)),
    ("re2rust", Run::Owned(re2rust::c_kinds::count)),
    ("re2rust-unchecked", Run::Owned(re2rust::c_kinds_unchecked::count)),
    ("logos", Run::Slice(jsonlex_real_grammars::logos_c::count)),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let (callgrind, paths): (Vec<&String>, Vec<&String>) = {
        let at = args.iter().position(|a| a == "--callgrind");
        let one = at.map(|i| &args[i + 1]);
        (
            one.into_iter().collect(),
            args.iter()
                .enumerate()
                .filter(|(i, _)| at.is_none_or(|a| *i != a && *i != a + 1))
                .map(|(_, a)| a)
                .collect(),
        )
    };
    let input = match paths.first() {
        Some(path) => load(Path::new(path), 0),
        None => load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/c"), 8 << 20),
    };
    let bytes = input.len() - 1;

    if let Some(name) = callgrind.first() {
        let (_, run) = LEXERS.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no lexer {name}"));
        let counts = measure(*run, prepare(*run, &input));
        println!("{name}: {bytes} bytes, {counts:?} (tokens, errors)");
        return;
    }

    let expected = measure(LEXERS[0].1, prepare(LEXERS[0].1, &input));
    for (name, run) in LEXERS {
        assert_eq!(measure(*run, prepare(*run, &input)), expected, "{name} counts other tokens");
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
        "{bytes} bytes of C, {} tokens, {} error tokens; best of {rounds} interleaved rounds",
        expected.0, expected.1
    );
    let reference = best[LEXERS.iter().position(|(n, _)| *n == "re2rust").unwrap()];
    for ((name, _), time) in LEXERS.iter().zip(&best) {
        let mb_s = bytes as f64 / time.as_secs_f64() / 1e6;
        let speedup = reference.as_secs_f64() / time.as_secs_f64();
        println!("{name:>22}: {:>8.2} ms {mb_s:>8.1} MB/s {speedup:>5.2}x re2rust", time.as_secs_f64() * 1e3);
    }
}
