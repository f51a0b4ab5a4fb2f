//! The lexer skip kernels (`json_runtime::skip`) at every kernel level this CPU has,
//! on ~64 KiB payloads: English-like prose, dense Japanese, Cyrillic, and short runs
//! (a stop byte every 3 bytes).
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench skip -- --warm-up-time 1 --measurement-time 2
//! ```
//!
//! Each iteration skips over the whole payload the way a lexer would: call the kernel,
//! step over the stop byte, call again. The class is the JSON string body
//! `[\x20\x21\x23-\x5B\x5D-\x7F]`; `skip_class` is measured on the ASCII payloads only
//! (it stops at the first byte >= 0x80). Throughput is in payload bytes.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use json_runtime::simd::Level;
use json_runtime::skip::{skip_class, skip_utf8, ByteClass, Kernels};
use std::hint::black_box;

/// The JSON string body: printable ASCII and DEL, minus `"` and `\`.
const JSON_STRING: ByteClass = ByteClass::from_bitmap({
    let mut bits = [0u64; 4];
    let mut b = 0x20;
    while b < 0x80 {
        if b != b'"' as usize && b != b'\\' as usize {
            bits[b / 64] |= 1 << (b % 64);
        }
        b += 1;
    }
    bits
});

const SIZE: usize = 64 * 1024;

fn repeat_to(unit: &str, size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size + unit.len());
    while out.len() < size {
        out.extend_from_slice(unit.as_bytes());
    }
    out
}

/// English-like prose: words of varied length, spaces and punctuation, no quotes.
fn english() -> Vec<u8> {
    let words = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "lazy",
        "dog",
        "while",
        "a",
        "parser",
        "reads",
        "strings",
        "of",
        "text",
        "quite",
        "fast,",
        "and",
        "then",
        "it",
        "stops.",
        "Numbers",
        "like",
        "42",
        "appear",
        "too;",
        "benchmarks",
        "measure",
        "throughput",
        "in",
        "bytes",
        "per",
        "second.",
    ];
    let mut out = Vec::with_capacity(SIZE + 16);
    let mut k = 7usize;
    while out.len() < SIZE {
        k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345) % 1_000_003;
        out.extend_from_slice(words[k % words.len()].as_bytes());
        out.push(b' ');
    }
    out
}

fn payloads() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("english", english()),
        ("japanese", repeat_to("日本語のテキストです", SIZE)),
        ("cyrillic", repeat_to("Съешь же ещё этих мягких французских булок, да выпей чаю. ", SIZE)),
        ("short-runs", repeat_to("ab\"", SIZE)),
    ]
}

/// Skips through the whole input, stepping over each stop byte.
#[inline(always)]
fn run(skip: impl Fn(Kernels, &ByteClass, &[u8], usize) -> usize, k: Kernels, input: &[u8]) -> usize {
    let mut i = 0;
    let mut stops = 0;
    while i < input.len() {
        i = skip(k, &JSON_STRING, input, i) + 1;
        stops += 1;
    }
    stops
}

fn skip_kernels(c: &mut Criterion) {
    let levels: Vec<Kernels> = Level::available().into_iter().filter_map(Kernels::new).collect();
    let mut g = c.benchmark_group("skip_class");
    for (name, input) in payloads().into_iter().filter(|(_, p)| p.is_ascii()) {
        g.throughput(Throughput::Bytes(input.len() as u64));
        for &k in &levels {
            g.bench_with_input(BenchmarkId::new(name, k.level().name()), &input, |b, input| {
                b.iter(|| run(skip_class, k, black_box(input)))
            });
        }
    }
    g.finish();
    let mut g = c.benchmark_group("skip_utf8");
    for (name, input) in payloads() {
        g.throughput(Throughput::Bytes(input.len() as u64));
        for &k in &levels {
            g.bench_with_input(BenchmarkId::new(name, k.level().name()), &input, |b, input| {
                b.iter(|| run(skip_utf8, k, black_box(input)))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, skip_kernels);
criterion_main!(benches);
