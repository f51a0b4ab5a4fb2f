//! serde throughput: parse the corpus into typed models (`tests/serde_models`) and
//! serialize them back, jsonlex against serde_json, simd-json (serde mode) and
//! sonic-rs, in the same run; and parse from a reader (`from_reader`), jsonlex against
//! serde_json (`cargo bench -p jsonlex-benches --bench serde -- serde-reader`).
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench serde -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Throughput is in bytes of the file (parse) or of serde_json's compact output
//! (serialize). simd-json parses a fresh copy of the input each time (it works in
//! place; the copy is not timed).

#[path = "../tests/serde_models/mod.rs"]
mod serde_models;

use criterion::{black_box, criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use jsonlex_benches::corpus;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_models::{Canada, CitmCatalog, Twitter};

fn file<T: DeserializeOwned + Serialize>(c: &mut Criterion, name: &str, text: &[u8]) {
    let text = text.to_vec();
    let mut g = c.benchmark_group(format!("serde-parse/{name}"));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_with_input(BenchmarkId::from_parameter("jsonlex"), &text, |b, t| {
        b.iter(|| jsonlex::from_slice::<T>(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("serde_json"), &text, |b, t| {
        b.iter(|| serde_json::from_slice::<T>(black_box(t)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("simd-json"), &text, |b, t| {
        b.iter_batched_ref(
            || t.clone(),
            |copy| simd_json::serde::from_slice::<T>(black_box(copy)).unwrap(),
            BatchSize::SmallInput,
        )
    });
    g.bench_with_input(BenchmarkId::from_parameter("sonic-rs"), &text, |b, t| {
        b.iter(|| sonic_rs::from_slice::<T>(black_box(t)).unwrap())
    });
    g.finish();

    // From a reader (the file's bytes as a `&[u8]`: no system calls, the readers' own
    // work only): jsonlex's buffer and streaming lexer against serde_json's `IoRead`,
    // which takes one byte at a time.
    let mut g = c.benchmark_group(format!("serde-reader/{name}"));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_with_input(BenchmarkId::from_parameter("jsonlex"), &text, |b, t| {
        b.iter(|| jsonlex::from_reader::<_, T>(black_box(&t[..])).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("serde_json"), &text, |b, t| {
        b.iter(|| serde_json::from_reader::<_, T>(black_box(&t[..])).unwrap())
    });
    g.finish();

    let value: T = jsonlex::from_slice(&text).unwrap();
    let mut g = c.benchmark_group(format!("serde-serialize/{name}"));
    g.throughput(Throughput::Bytes(serde_json::to_vec(&value).unwrap().len() as u64));
    g.bench_with_input(BenchmarkId::from_parameter("jsonlex"), &value, |b, v| {
        b.iter(|| jsonlex::to_vec(black_box(v)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("serde_json"), &value, |b, v| {
        b.iter(|| serde_json::to_vec(black_box(v)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("simd-json"), &value, |b, v| {
        b.iter(|| simd_json::serde::to_vec(black_box(v)).unwrap())
    });
    g.bench_with_input(BenchmarkId::from_parameter("sonic-rs"), &value, |b, v| {
        b.iter(|| sonic_rs::to_vec(black_box(v)).unwrap())
    });
    g.finish();
}

fn serde(c: &mut Criterion) {
    for (name, text) in corpus() {
        match name.as_str() {
            "canada" => file::<Canada>(c, &name, &text),
            "citm_catalog" => file::<CitmCatalog>(c, &name, &text),
            "twitter" => file::<Twitter>(c, &name, &text),
            _ => {}
        }
    }
}

criterion_group!(benches, serde);
criterion_main!(benches);
