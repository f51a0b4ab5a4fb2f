//! `jsonlex-sql convert`: NDJSON to Parquet or an Arrow IPC file. One thread decodes
//! (jsonlex-arrow), the other writes, batches passed between them.

use std::fs::File;
use std::io::{BufReader, IsTerminal, Read};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

use clap::ArgMatches;
use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::datatypes::SchemaRef;
use datafusion::arrow::error::ArrowError;
use datafusion::arrow::ipc::writer::FileWriter;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Bytes read from the input at a time.
const READ_BUFFER: usize = 1 << 20;

/// Counts the bytes read from the file (before decompression) for the progress bar.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

/// The input, decompressed by its extension, counted into `bar`.
fn open(path: &str, bar: ProgressBar) -> Result<BufReader<Box<dyn Read + Send>>, Error> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let counted = Counted { inner: file, bar };
    let read = crate::compression_of(path).convert_read(counted)?;
    Ok(BufReader::with_capacity(READ_BUFFER, read))
}

enum Output {
    Parquet(ArrowWriter<File>),
    Ipc(FileWriter<File>),
}

impl Output {
    fn create(path: &str, schema: &SchemaRef, compression: &str) -> Result<Output, Error> {
        let lower = path.to_ascii_lowercase();
        let file = || File::create(path).map_err(|e| format!("{path}: {e}"));
        if lower.ends_with(".parquet") || lower.ends_with(".pq") {
            let compression = match compression {
                "zstd" => Compression::ZSTD(ZstdLevel::default()),
                "none" => Compression::UNCOMPRESSED,
                _ => Compression::SNAPPY,
            };
            let props = WriterProperties::builder().set_compression(compression).build();
            Ok(Output::Parquet(ArrowWriter::try_new(file()?, schema.clone(), Some(props))?))
        } else if lower.ends_with(".arrow") || lower.ends_with(".ipc") || lower.ends_with(".feather") {
            Ok(Output::Ipc(FileWriter::try_new(file()?, schema)?))
        } else {
            Err(format!("{path}: the output's extension must be .parquet or .arrow").into())
        }
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), Error> {
        match self {
            Output::Parquet(w) => w.write(batch)?,
            Output::Ipc(w) => w.write(batch)?,
        }
        Ok(())
    }

    fn finish(self) -> Result<(), Error> {
        match self {
            Output::Parquet(w) => {
                w.close()?;
            }
            Output::Ipc(mut w) => w.finish()?,
        }
        Ok(())
    }
}

fn progress(path: &str, quiet: bool) -> ProgressBar {
    let total = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let target = if !quiet && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    ProgressBar::with_draw_target(Some(total), target).with_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    )
}

pub(crate) fn run(m: &ArgMatches) -> Result<(), Error> {
    let input = m.get_one::<String>("input").expect("required").clone();
    let output = m.get_one::<String>("output").expect("required").clone();
    let infer = *m.get_one::<usize>("infer-records").expect("has a default");
    let batch_size = *m.get_one::<usize>("batch-size").expect("has a default");
    let compression = m.get_one::<String>("compression").expect("has a default").clone();
    let quiet = m.get_flag("quiet");

    let dialect = crate::dialect_of(m);
    let infer_options = jsonlex_arrow::InferOptions::new().with_dialect(dialect);
    let (schema, _) = jsonlex_arrow::infer_json_schema_with(
        open(&input, ProgressBar::hidden())?,
        (infer > 0).then_some(infer),
        infer_options,
    )
    .map_err(|e| format!("{input}: inferring the schema: {e}"))?;
    let schema = Arc::new(schema);
    let mut out = Output::create(&output, &schema, &compression)?;

    let bar = progress(&input, quiet);
    let reader = open(&input, bar.clone())?;
    // Strict: a key the inferred schema lacks is an error, not a column silently lost.
    let batches = jsonlex_arrow::ReaderBuilder::new(schema)
        .with_batch_size(batch_size)
        .with_strict_mode(true)
        .with_dialect(dialect)
        .build(reader)?;
    let (send, receive) = sync_channel::<Result<RecordBatch, ArrowError>>(4);
    let decoder = std::thread::spawn(move || {
        for batch in batches {
            if send.send(batch).is_err() {
                break;
            }
        }
    });
    let mut rows = 0;
    let mut written = Ok(());
    for batch in receive {
        let batch = match batch {
            Ok(b) => b,
            Err(e) => {
                written = Err(format!("{input}: {e}").into());
                break;
            }
        };
        rows += batch.num_rows();
        if let Err(e) = out.write(&batch) {
            written = Err(e);
            break;
        }
    }
    let _ = decoder.join();
    bar.finish_and_clear();
    if let Err(e) = written.and_then(|()| out.finish()) {
        // No partial output left behind as if it were the whole.
        let _ = std::fs::remove_file(&output);
        return Err(e);
    }
    if !quiet {
        eprintln!("{output}: {rows} rows");
    }
    Ok(())
}
