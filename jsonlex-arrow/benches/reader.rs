//! jsonlex-arrow against arrow-json: NDJSON into RecordBatches with a given schema, and
//! schema inference, on three record shapes: twitter.json's statuses (nested `user`,
//! `entities`), a wide flat record (64 fields), a deep one (8 levels of structs and lists).
//!
//! `cargo bench -p jsonlex-arrow` runs it under criterion. With `ROUNDS=N` it instead
//! times N interleaved rounds (each round runs every reader once on every input, in
//! turn) and prints a table of the best times and their ratios (BENCHMARKS.md's):
//! `ROUNDS=30 cargo bench -p jsonlex-arrow --bench reader`.

use std::hint::black_box;
use std::io::Cursor;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrow_schema::{Schema, SchemaRef};
use criterion::{criterion_group, Criterion, Throughput};

mod shapes;
use shapes::{deep, inputs, twitter, wide, wide_spaced};

fn schema_of(input: &[u8]) -> SchemaRef {
    Arc::new(arrow_json::reader::infer_json_schema(Cursor::new(input), None).expect("arrow-json infers").0)
}

#[inline(never)]
fn read_arrow_json(schema: &SchemaRef, input: &[u8]) -> usize {
    let reader = arrow_json::ReaderBuilder::new(schema.clone()).build(Cursor::new(input)).expect("builds");
    reader.map(|b| b.expect("reads").num_rows()).sum()
}

#[inline(never)]
fn read_jsonlex(schema: &SchemaRef, input: &[u8]) -> usize {
    let reader = jsonlex_arrow::ReaderBuilder::new(schema.clone()).build(Cursor::new(input)).expect("builds");
    reader.map(|b| b.expect("reads").num_rows()).sum()
}

/// The same JSON read as JSON5 (valid JSON is JSON5): what the translation costs.
#[inline(never)]
fn read_jsonlex_json5(schema: &SchemaRef, input: &[u8]) -> usize {
    let reader = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_dialect(jsonlex_arrow::Dialect::Json5)
        .build(Cursor::new(input))
        .expect("builds");
    reader.map(|b| b.expect("reads").num_rows()).sum()
}

#[inline(never)]
fn infer_arrow_json(input: &[u8]) -> Schema {
    arrow_json::reader::infer_json_schema(Cursor::new(input), None).expect("infers").0
}

#[inline(never)]
fn infer_jsonlex(input: &[u8]) -> Schema {
    jsonlex_arrow::infer_json_schema(Cursor::new(input), None).expect("infers").0
}

/// The floor: `jsonlex::validate` on each line (the validating parser loop, building nothing).
#[inline(never)]
fn validate_lines(input: &[u8]) -> usize {
    let (mut start, mut n) = (0, 0);
    for end in memchr::memchr_iter(b'\n', input) {
        jsonlex::validate(&input[start..end]).expect("valid");
        (start, n) = (end + 1, n + 1);
    }
    n
}

fn bench(c: &mut Criterion) {
    for (name, input) in inputs() {
        let schema = schema_of(&input);
        assert_eq!(read_jsonlex(&schema, &input), read_arrow_json(&schema, &input));
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function("read/arrow-json", |b| b.iter(|| read_arrow_json(&schema, black_box(&input))));
        g.bench_function("read/jsonlex-arrow", |b| b.iter(|| read_jsonlex(&schema, black_box(&input))));
        g.bench_function("infer/arrow-json", |b| b.iter(|| infer_arrow_json(black_box(&input))));
        g.bench_function("infer/jsonlex-arrow", |b| b.iter(|| infer_jsonlex(black_box(&input))));
        g.finish();
    }
}

criterion_group!(benches, bench);

/// The best of the rounds: on a shared machine the other rounds are mostly other
/// processes' turns.
fn best(v: Vec<Duration>) -> Duration {
    v.into_iter().min().unwrap_or_default()
}

/// `ROUNDS` interleaved rounds; one table row per input and task, best of the rounds.
fn rounds(n: usize) {
    println!("| input | MB | task | arrow-json MB/s | jsonlex-arrow MB/s | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, input) in inputs() {
        let schema = schema_of(&input);
        let (mut ra, mut rj, mut ia, mut ij) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let t = Instant::now();
            black_box(read_arrow_json(&schema, &input));
            ra.push(t.elapsed());
            let t = Instant::now();
            black_box(read_jsonlex(&schema, &input));
            rj.push(t.elapsed());
            let t = Instant::now();
            black_box(infer_arrow_json(&input));
            ia.push(t.elapsed());
            let t = Instant::now();
            black_box(infer_jsonlex(&input));
            ij.push(t.elapsed());
        }
        let mb = input.len() as f64 / 1e6;
        for (task, a, j) in [("read", best(ra), best(rj)), ("infer_schema", best(ia), best(ij))] {
            let (a, j) = (a.as_secs_f64(), j.as_secs_f64());
            println!("| {name} | {mb:.1} | {task} | {:.0} | {:.0} | {:.2}x |", mb / a, mb / j, a / j);
        }
    }
}

fn reps() -> usize {
    std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(5)
}

/// `ONE=input,task,side` (input 0-3: twitter, wide, deep, wide with a space after each `:`
/// and `,`; e.g. `ONE=0,read,jsonlex`; side `json5`: jsonlex-arrow reading
/// the same JSON as JSON5): that alone, `REPS` times (default 5), for
/// `perf stat` (instruction counts do not depend on the machine's load).
fn one(spec: &str) {
    let parts: Vec<&str> = spec.split(',').collect();
    let (index, task, side) = (parts[0].parse::<usize>().expect("input index"), parts[1], parts[2]);
    let input = [twitter, wide, deep, wide_spaced][index]();
    let schema = schema_of(&input);
    for _ in 0..reps() {
        match (task, side) {
            ("none", _) => {}
            ("validate", _) => drop(black_box(validate_lines(&input))),
            ("read", "jsonlex") => drop(black_box(read_jsonlex(&schema, &input))),
            ("read", "json5") => drop(black_box(read_jsonlex_json5(&schema, &input))),
            ("read", _) => drop(black_box(read_arrow_json(&schema, &input))),
            ("infer", "jsonlex") => drop(black_box(infer_jsonlex(&input))),
            _ => drop(black_box(infer_arrow_json(&input))),
        }
    }
}

/// The scans of jsonlex-datafusion's three benchmark queries without DataFusion:
/// `SCAN=FILE` (NDJSON of `jsonlex-datafusion/benches/events-gen.py`) read from memory
/// with the columns each query projects (`count(*)`: none; the GROUP BY: `user`,
/// `latency_ms`; the filter: `level`, `msg`, with and without the prefilter its
/// DataFusion scan gets), batch size 8192 as DataFusion's, `ROUNDS` interleaved
/// rounds (default 3), best of each. Times are this thread's CPU time (Linux:
/// `/proc/thread-self/stat`, 10 ms ticks), not wall time: on a shared machine the
/// wall time of a pass is mostly other processes' turns.
fn scan(path: &str, rounds: usize) {
    let input = std::fs::read(path).expect("the SCAN file");
    let head = &input[..input.len().min(1 << 20)];
    let head = &head[..head.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)];
    let full = Arc::new(arrow_json::reader::infer_json_schema(Cursor::new(head), Some(1000)).expect("infers").0);
    let index = |name: &str| full.index_of(name).expect("an events column");
    let queries: [(&str, Vec<usize>, Option<jsonlex_arrow::Prefilter>); 4] = [
        ("count(*)", vec![], None),
        ("GROUP BY user.country", vec![index("user"), index("latency_ms")], None),
        ("filter, no prefilter", vec![index("level"), index("msg")], None),
        (
            "filter, prefilter",
            vec![index("level"), index("msg")],
            Some(jsonlex_arrow::Prefilter::all_of(["timeout", "\"ERROR\""])),
        ),
    ];
    // `SCAN_ONE=query,side` (query 0-3 in the order below; side `jsonlex` or
    // `arrow-json`): that scan alone, `REPS` times, for callgrind
    // (`--toggle-collect='reader::scan_jsonlex'` counts the scan, not the file's reading
    // and the schema's inference).
    let one: Option<(usize, String)> = std::env::var("SCAN_ONE").ok().map(|spec| {
        let (q, side) = spec.split_once(',').expect("SCAN_ONE=query,side");
        (q.parse().expect("a query index"), side.to_string())
    });
    let mut queries_run = 0;
    let gb = input.len() as f64 / (1u64 << 30) as f64;
    if one.is_none() {
        println!("| scan ({gb:.2} GiB, one thread) | arrow-json s | jsonlex-arrow s | ratio | rows |");
        println!("|---|---|---|---|---|");
    }
    for (name, projection, prefilter) in queries {
        let projected = Arc::new(full.project(&projection).expect("projects"));
        let (mut a, mut j, mut rows) = (Duration::MAX, Duration::MAX, (0, 0));
        if let Some((q, side)) = &one {
            if *q == queries_run {
                for _ in 0..reps() {
                    black_box(match side.as_str() {
                        "jsonlex" => scan_jsonlex(&full, &projection, &prefilter, &input),
                        _ => scan_arrow_json(&projected, &input),
                    });
                }
            }
            queries_run += 1;
            continue;
        }
        for _ in 0..rounds {
            let t = cpu_time();
            rows.0 = scan_arrow_json(&projected, &input);
            a = a.min(cpu_time() - t);
            let t = cpu_time();
            rows.1 = scan_jsonlex(&full, &projection, &prefilter, &input);
            j = j.min(cpu_time() - t);
        }
        let (a, j) = (a.as_secs_f64(), j.as_secs_f64());
        println!("| {name} | {a:.2} | {j:.2} | {:.2}x | {} / {} |", a / j, rows.0, rows.1);
    }
}

/// arrow-json's `Reader` over `input` with schema `projected`, batches of 8192: the rows.
#[inline(never)]
fn scan_arrow_json(projected: &SchemaRef, input: &[u8]) -> usize {
    let reader = arrow_json::ReaderBuilder::new(projected.clone())
        .with_batch_size(8192)
        .build(Cursor::new(input))
        .expect("builds");
    reader.map(|b| b.expect("reads").num_rows()).sum::<usize>()
}

/// jsonlex-arrow's `Reader` over `input`, schema `full` projected, batches of 8192: the rows.
#[inline(never)]
fn scan_jsonlex(
    full: &SchemaRef,
    projection: &[usize],
    prefilter: &Option<jsonlex_arrow::Prefilter>,
    input: &[u8],
) -> usize {
    let mut builder =
        jsonlex_arrow::ReaderBuilder::new(full.clone()).with_batch_size(8192).with_projection(projection.to_vec());
    if let Some(p) = prefilter {
        builder = builder.with_prefilter(p.clone());
    }
    let reader = builder.build(Cursor::new(input)).expect("builds");
    reader.map(|b| b.expect("reads").num_rows()).sum::<usize>()
}

/// User and system CPU time of this thread so far (clock ticks of 10 ms).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("Linux /proc");
    // The fields after the command's closing parenthesis; utime and stime are 14 and 15.
    let rest = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<u64> = rest.split(' ').skip(11).take(2).map(|f| f.parse().expect("ticks")).collect();
    Duration::from_millis((fields[0] + fields[1]) * 10)
}

fn main() {
    if let Ok(spec) = std::env::var("ONE") {
        return one(&spec);
    }
    if let Ok(path) = std::env::var("SCAN") {
        return scan(&path, std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(3));
    }
    match std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()) {
        Some(n) => rounds(n),
        None => {
            benches();
            Criterion::default().configure_from_args().final_summary();
        }
    }
}
