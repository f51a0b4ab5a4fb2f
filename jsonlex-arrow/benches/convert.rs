//! `jsonlex-sql convert` (NDJSON to Parquet) against arrow-json with the same Parquet
//! writer, without building DataFusion: both sides run the pipeline of
//! `jsonlex-sql/src/convert.rs` (the schema inferred from the first 1000 records, a strict
//! reader over a 1 MiB `BufReader` of the file, batches of 8192, one thread decoding and
//! this one writing Snappy pages), jsonlex-arrow's `infer_json_schema` and `ReaderBuilder`
//! on one side, arrow-json's on the other.
//!
//!     ROUNDS=5 cargo bench -p jsonlex-arrow --bench convert
//!     CONVERT=FILE.ndjson ROUNDS=3 cargo bench -p jsonlex-arrow --bench convert
//!
//! Without `CONVERT`, the reader bench's three record shapes (`shapes/`), each repeated
//! to about 32 MB, written to a temporary file; with it, that file alone. The two sides
//! take turns, `ROUNDS` times; the best wall time of each is printed with the ratio,
//! the rows and the Parquet files' sizes. `CONVERT_ONE=jsonlex|arrow-json` runs one side
//! once on the `CONVERT` file (for callgrind or `perf stat`); `CONVERT_ONE=writer` times
//! the Parquet writer alone on that file's batches (decoded into memory first), the
//! bound that both sides' pipelines share.

use std::fs::File;
use std::io::{BufReader, Seek};
use std::path::Path;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

mod shapes;

const READ_BUFFER: usize = 1 << 20;
const INFER_RECORDS: usize = 1000;
const BATCH_SIZE: usize = 8192;

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Jsonlex,
    ArrowJson,
}

/// Converts `input` to Parquet at `output`: the rows written.
fn convert(side: Side, input: &Path, output: &Path) -> usize {
    let mut file = File::open(input).expect("the CONVERT file");
    let head = BufReader::with_capacity(READ_BUFFER, &file);
    let schema: SchemaRef = Arc::new(match side {
        Side::Jsonlex => jsonlex_arrow::infer_json_schema(head, Some(INFER_RECORDS)).expect("infers").0,
        Side::ArrowJson => arrow_json::reader::infer_json_schema(head, Some(INFER_RECORDS)).expect("infers").0,
    });
    file.rewind().expect("rewinds");
    let read = BufReader::with_capacity(READ_BUFFER, file);
    let batches: Box<dyn Iterator<Item = Result<RecordBatch, ArrowError>> + Send> = match side {
        Side::Jsonlex => Box::new(
            jsonlex_arrow::ReaderBuilder::new(schema.clone())
                .with_batch_size(BATCH_SIZE)
                .with_strict_mode(true)
                .build(read)
                .expect("builds"),
        ),
        Side::ArrowJson => Box::new(
            arrow_json::ReaderBuilder::new(schema.clone())
                .with_batch_size(BATCH_SIZE)
                .with_strict_mode(true)
                .build(read)
                .expect("builds"),
        ),
    };
    let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer =
        ArrowWriter::try_new(File::create(output).expect("creates the output"), schema, Some(props)).expect("writer");
    let (send, receive) = sync_channel(4);
    let decoder = std::thread::spawn(move || {
        for batch in batches {
            if send.send(batch).is_err() {
                break;
            }
        }
    });
    let mut rows = 0;
    for batch in receive {
        let batch = batch.expect("reads");
        rows += batch.num_rows();
        writer.write(&batch).expect("writes");
    }
    decoder.join().expect("the decoder thread");
    writer.close().expect("closes");
    rows
}

/// The file's schema and batches, decoded by jsonlex-arrow as `convert` decodes them.
fn decoded(input: &Path) -> (SchemaRef, Vec<RecordBatch>) {
    let file = File::open(input).expect("the CONVERT file");
    let head = BufReader::with_capacity(READ_BUFFER, &file);
    let schema = Arc::new(jsonlex_arrow::infer_json_schema(head, Some(INFER_RECORDS)).expect("infers").0);
    let read = BufReader::with_capacity(READ_BUFFER, File::open(input).expect("the CONVERT file"));
    let reader = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_batch_size(BATCH_SIZE)
        .with_strict_mode(true)
        .build(read)
        .expect("builds");
    (schema, reader.map(|b| b.expect("reads")).collect())
}

/// The best wall time of `rounds` conversions on each side, in turns, as a table row.
fn measure(name: &str, input: &Path, dir: &Path, rounds: usize) {
    let out = |side: Side| dir.join(if side == Side::Jsonlex { "jsonlex.parquet" } else { "arrow-json.parquet" });
    let (mut best_a, mut best_j, mut rows) = (Duration::MAX, Duration::MAX, (0, 0));
    for _ in 0..rounds {
        let t = Instant::now();
        rows.0 = convert(Side::ArrowJson, input, &out(Side::ArrowJson));
        best_a = best_a.min(t.elapsed());
        let t = Instant::now();
        rows.1 = convert(Side::Jsonlex, input, &out(Side::Jsonlex));
        best_j = best_j.min(t.elapsed());
    }
    let size = |side| std::fs::metadata(out(side)).map(|m| m.len()).unwrap_or(0);
    let mb = std::fs::metadata(input).expect("the input").len() as f64 / 1e6;
    let (a, j) = (best_a.as_secs_f64(), best_j.as_secs_f64());
    println!(
        "| {name} | {mb:.0} | {a:.3} | {j:.3} | {:.2}x | {} / {} | {} / {} |",
        a / j,
        rows.0,
        rows.1,
        size(Side::ArrowJson),
        size(Side::Jsonlex)
    );
}

fn main() {
    let dir = std::env::temp_dir().join(format!("jsonlex-convert-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let convert_file = std::env::var("CONVERT").ok();
    if let (Some(input), Ok("writer")) = (&convert_file, std::env::var("CONVERT_ONE").as_deref()) {
        let (schema, batches) = decoded(Path::new(input));
        let t = Instant::now();
        let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
        let file = File::create(dir.join("out.parquet")).expect("creates the output");
        let mut writer = ArrowWriter::try_new(file, schema, Some(props)).expect("writer");
        for batch in &batches {
            writer.write(batch).expect("writes");
        }
        writer.close().expect("closes");
        println!("the Parquet writer alone: {:.3} s for {} batches", t.elapsed().as_secs_f64(), batches.len());
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    if let (Some(input), Ok(one)) = (&convert_file, std::env::var("CONVERT_ONE")) {
        let side = if one == "jsonlex" { Side::Jsonlex } else { Side::ArrowJson };
        println!("{} rows", convert(side, Path::new(input), &dir.join("out.parquet")));
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    println!("| input | MB | arrow-json s | jsonlex s | ratio | rows | Parquet bytes |");
    println!("|---|---|---|---|---|---|---|");
    match &convert_file {
        Some(input) => measure(input, Path::new(input), &dir, rounds),
        None => {
            for (name, shape) in shapes::inputs() {
                let path = dir.join("input.ndjson");
                let copies = (32_000_000 / shape.len()).max(1);
                std::fs::write(&path, shape.repeat(copies)).expect("writes the input");
                measure(name, &path, &dir, rounds);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
