//! Tokenize the corpus with the JSON lexer generated from json-runtime/grammar/json.lex (SIMD hooks
//! off: the plain DFA) beside a logos lexer for the same token set.
//!
//! `cargo bench -p jsonlex-benches --bench lexer`
//!
//! logos lexes `&str`, so its input must be valid UTF-8 first; our lexer validates
//! UTF-8 inside string tokens itself. Both variants of logos are measured: on a
//! pre-validated `&str`, and including `std::str::from_utf8`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use jsonlex_benches::corpus;
use logos::Logos as _;

#[path = "logos_json.rs"]
mod logos_json;
use logos_json::LogosJson;

fn count_jsonlex(input: &[u8]) -> usize {
    let mut lexer = jsonlex::lexer::JsonLexer::new(input);
    let mut n = 0;
    while let Some(t) = lexer.next_token() {
        t.expect("corpus files are valid JSON");
        n += 1;
    }
    n
}

fn count_logos(input: &str) -> usize {
    let mut n = 0;
    for t in LogosJson::lexer(input) {
        t.expect("corpus files are valid JSON");
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tokenize");
    for (name, bytes) in corpus() {
        let text = std::str::from_utf8(&bytes).expect("corpus files are UTF-8");
        assert_eq!(count_jsonlex(&bytes), count_logos(text), "{name}: both lexers see the same tokens");
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("jsonlex", &name), &bytes, |b, input| b.iter(|| count_jsonlex(input)));
        group.bench_with_input(BenchmarkId::new("logos", &name), text, |b, input| b.iter(|| count_logos(input)));
        group.bench_with_input(BenchmarkId::new("logos+from_utf8", &name), &bytes, |b, input| {
            b.iter(|| count_logos(std::str::from_utf8(input).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
