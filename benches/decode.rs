//! Decoder and validator throughput on the vendored corpus and on every generated
//! payload class: jsonlex `validate` and `decode` against serde_json
//! (`from_slice::<Value>` and `IgnoredAny`), simd-json (`to_owned_value`, on a fresh
//! copy of the input each time, copy not timed) and sonic-rs
//! (`from_slice::<sonic_rs::Value>`), in the same run.
//!
//! Benchmark ids (criterion filters are regexes over them):
//! - `decode/<corpus file>/<decoder>`: `benches/data/<file>.json`;
//! - `decode-payload/<class>/<decoder>`: `jsonlex_benches::decode_payloads()`
//!   (english, japanese-dense, cjk-mixed, cyrillic, u-escaped, escape-heavy,
//!   sweep-0 .. sweep-100, numbers, records-pretty);
//!
//! with `<decoder>` one of `jsonlex-validate`, `jsonlex-decode`, `serde_json-Value`,
//! `serde_json-IgnoredAny`, `simd-json-OwnedValue`, `sonic-rs-Value`.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench decode -- --warm-up-time 1 --measurement-time 3
//! cargo bench -p jsonlex-benches --bench decode -- '^decode/'           # corpus only
//! cargo bench -p jsonlex-benches --bench decode -- '^decode-payload/'   # payloads only
//! cargo bench -p jsonlex-benches --bench decode -- 'sweep-5/'           # one class
//! python3 benches/criterion-table.py                                    # the table
//! ```
//!
//! Peak heap per file: `cargo bench -p jsonlex-benches --bench decode_heap`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use jsonlex_benches::{corpus, decode_payloads, wide_payloads};
use serde::de::IgnoredAny;

/// Every decoder on one input, as the group `{group}/{name}`.
fn bench_input(c: &mut Criterion, group: &str, name: &str, text: &Vec<u8>) {
    let mut g = c.benchmark_group(format!("{group}/{name}"));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_with_input(BenchmarkId::from_parameter("jsonlex-validate"), text, |b, t| {
        b.iter(|| jsonlex::validate(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("jsonlex-decode"), text, |b, t| {
        b.iter(|| jsonlex::decode(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("serde_json-Value"), text, |b, t| {
        b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("serde_json-IgnoredAny"), text, |b, t| {
        b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("simd-json-OwnedValue"), text, |b, t| {
        b.iter_batched_ref(
            || t.clone(),
            |copy| simd_json::to_owned_value(black_box(copy)).unwrap(),
            BatchSize::SmallInput,
        )
    });
    g.bench_with_input(BenchmarkId::from_parameter("sonic-rs-Value"), text, |b, t| {
        b.iter(|| sonic_rs::from_slice::<sonic_rs::Value>(black_box(t)).unwrap())
    });
    g.finish();
}

fn decode(c: &mut Criterion) {
    for (name, text) in corpus() {
        bench_input(c, "decode", &name, &text);
    }
}

fn decode_payload(c: &mut Criterion) {
    for (name, text) in decode_payloads().into_iter().chain(wide_payloads()) {
        bench_input(c, "decode-payload", &name, &text);
    }
}

criterion_group!(benches, decode, decode_payload);
criterion_main!(benches);
