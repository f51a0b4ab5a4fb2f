//! The baseline of `jsonlex-sql convert` in BENCHMARKS.md: the same conversion with
//! arrow-json (schema inference and reader) and the same Parquet writer settings and
//! thread layout (one thread decodes, one writes).
//!
//!     cargo bench -p jsonlex-sql --bench arrow_json_convert -- IN.ndjson OUT.parquet

use std::fs::File;
use std::io::{BufReader, Seek};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

use datafusion::arrow::json::reader::{infer_json_schema, ReaderBuilder};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let [input, output] = &args[..] else {
        eprintln!("usage: arrow_json_convert IN.ndjson OUT.parquet");
        std::process::exit(2);
    };
    let mut file = File::open(input).unwrap();
    let (schema, _) = infer_json_schema(BufReader::with_capacity(1 << 20, &file), Some(1000)).unwrap();
    file.rewind().unwrap();
    let schema = Arc::new(schema);
    let reader = ReaderBuilder::new(schema.clone())
        .with_batch_size(8192)
        .with_strict_mode(true)
        .build(BufReader::with_capacity(1 << 20, file))
        .unwrap();
    let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer = ArrowWriter::try_new(File::create(output).unwrap(), schema, Some(props)).unwrap();
    let (send, receive) = sync_channel(4);
    let decoder = std::thread::spawn(move || {
        for batch in reader {
            if send.send(batch).is_err() {
                break;
            }
        }
    });
    let mut rows = 0;
    for batch in receive {
        let batch = batch.unwrap();
        rows += batch.num_rows();
        writer.write(&batch).unwrap();
    }
    decoder.join().unwrap();
    writer.close().unwrap();
    eprintln!("{output}: {rows} rows");
}
