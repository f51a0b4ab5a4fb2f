//! Encoder throughput: jsonlex `encode` against serde_json `to_vec`, simd-json and
//! sonic-rs, in the same run, on the corpus and on the generated payload classes.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench encode -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Throughput is in bytes of jsonlex's default output. jsonlex runs at the active
//! kernel level (`JSONLEX_SIMD` or the best the CPU has); the `levels` group runs it at
//! every available level.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use json_runtime::ser::{encode_into, encode_into_at_level};
use json_runtime::simd::Level;
use json_runtime::{EncodeOptions, Value};
use jsonlex_benches::{encode_corpus, encode_payloads, wide_payloads};
use simd_json::prelude::Writable;

/// A serde_json value as ours, through `Value`'s `Deserialize` (the `serde` feature).
fn from_serde(v: &serde_json::Value) -> Value {
    serde_json::from_value(v.clone()).expect("every serde_json value is a jsonlex value")
}

/// Every input as JSON text: the corpus files, the payload classes, the wider set.
fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut all = encode_corpus();
    for (name, strings) in encode_payloads() {
        all.push((name, serde_json::to_vec(&strings).unwrap()));
    }
    all.extend(wide_payloads());
    all
}

fn peers(c: &mut Criterion) {
    let mut g = c.benchmark_group("encode");
    for (name, text) in inputs() {
        let sv: serde_json::Value = serde_json::from_slice(&text).unwrap();
        let jv = from_serde(&sv);
        let sonic: sonic_rs::Value = sonic_rs::from_slice(&text).unwrap();
        let mut owned = text.clone();
        let simd: simd_json::OwnedValue = simd_json::to_owned_value(&mut owned).unwrap();
        let opts = EncodeOptions::new();
        let mut probe = Vec::new();
        encode_into(&jv, &opts, &mut probe);
        g.throughput(Throughput::Bytes(probe.len() as u64));

        g.bench_with_input(BenchmarkId::new("jsonlex", &name), &jv, |b, v| {
            b.iter(|| {
                let mut out = Vec::new();
                encode_into(black_box(v), &opts, &mut out);
                out
            })
        });
        g.bench_with_input(BenchmarkId::new("serde_json", &name), &sv, |b, v| {
            b.iter(|| serde_json::to_vec(black_box(v)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("sonic-rs", &name), &sonic, |b, v| {
            b.iter(|| sonic_rs::to_vec(black_box(v)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("simd-json", &name), &simd, |b, v| b.iter(|| black_box(v).encode()));
    }
    g.finish();
}

/// jsonlex alone: the kernel levels, and the PHP preset (unicode escaped).
fn levels(c: &mut Criterion) {
    let mut g = c.benchmark_group("encode-levels");
    let picks = ["twitter", "english", "japanese-dense", "escape-heavy", "sweep-15", "sweep-30"];
    for (name, text) in inputs().into_iter().filter(|(n, _)| picks.contains(&n.as_str())) {
        let jv = from_serde(&serde_json::from_slice(&text).unwrap());
        let mut probe = Vec::new();
        encode_into(&jv, &EncodeOptions::new(), &mut probe);
        g.throughput(Throughput::Bytes(probe.len() as u64));
        for level in Level::available() {
            g.bench_with_input(BenchmarkId::new(level.name(), &name), &jv, |b, v| {
                b.iter(|| {
                    let mut out = Vec::new();
                    encode_into_at_level(black_box(v), &EncodeOptions::new(), level, &mut out);
                    out
                })
            });
        }
        let php = EncodeOptions::php();
        g.bench_with_input(BenchmarkId::new("php-preset", &name), &jv, |b, v| {
            b.iter(|| {
                let mut out = Vec::new();
                encode_into(black_box(v), &php, &mut out);
                out
            })
        });
    }
    g.finish();
}

criterion_group!(benches, peers, levels);
criterion_main!(benches);
