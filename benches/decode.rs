//! Decoder and validator throughput on the vendored corpus: jsonlex `validate` and
//! `decode` against serde_json (`from_slice::<Value>` and `IgnoredAny`), simd-json
//! (`to_owned_value`, on a fresh copy of the input each time, copy not timed) and
//! sonic-rs (`from_slice::<sonic_rs::Value>`), in the same run.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench decode -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Peak heap per file: `cargo bench -p jsonlex-benches --bench decode_heap`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use jsonlex_benches::corpus;
use serde::de::IgnoredAny;

fn decode(c: &mut Criterion) {
    for (name, text) in corpus() {
        let mut g = c.benchmark_group(format!("decode/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter("jsonlex-validate"), &text, |b, t| {
            b.iter(|| jsonlex::validate(black_box(t)).unwrap())
        });
        g.bench_with_input(BenchmarkId::from_parameter("jsonlex-decode"), &text, |b, t| {
            b.iter(|| jsonlex::decode(black_box(t)).unwrap())
        });
        g.bench_with_input(BenchmarkId::from_parameter("serde_json-Value"), &text, |b, t| {
            b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(t)).unwrap())
        });
        g.bench_with_input(BenchmarkId::from_parameter("serde_json-IgnoredAny"), &text, |b, t| {
            b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(t)).unwrap())
        });
        g.bench_with_input(BenchmarkId::from_parameter("simd-json-OwnedValue"), &text, |b, t| {
            b.iter_batched_ref(
                || t.clone(),
                |copy| simd_json::to_owned_value(black_box(copy)).unwrap(),
                BatchSize::SmallInput,
            )
        });
        g.bench_with_input(BenchmarkId::from_parameter("sonic-rs-Value"), &text, |b, t| {
            b.iter(|| sonic_rs::from_slice::<sonic_rs::Value>(black_box(t)).unwrap())
        });
        g.finish();
    }
}

criterion_group!(benches, decode);
criterion_main!(benches);
