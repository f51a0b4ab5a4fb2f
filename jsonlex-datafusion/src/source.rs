//! [`JsonlexSource`] (the scan's `FileSource`) and its opener: one file, or one byte
//! range of it aligned to line ends, into batches on jsonlex-arrow's decoder, with the
//! projection's columns only.

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::error::ArrowError;
use datafusion::common::config::ConfigOptions;
use datafusion::common::tree_node::TreeNodeRecursion;
use datafusion::common::{exec_datafusion_err, DataFusionError, Result};
use datafusion::object_store::{GetOptions, GetResultPayload, ObjectStore};
use datafusion::physical_plan::filter_pushdown::{FilterPushdownPropagation, PushedDown};
use datafusion::physical_plan::metrics::ExecutionPlanMetricsSet;
use datafusion::physical_plan::projection::ProjectionExprs;
use datafusion::physical_plan::{DisplayFormatType, PhysicalExpr};
use datafusion_datasource::boundary_stream::AlignedBoundaryStream;
use datafusion_datasource::decoder::{deserialize_stream, DecoderDeserializer};
use datafusion_datasource::file::FileSource;
use datafusion_datasource::file_compression_type::FileCompressionType;
use datafusion_datasource::file_scan_config::FileScanConfig;
use datafusion_datasource::file_stream::{FileOpenFuture, FileOpener};
use datafusion_datasource::projection::{ProjectionOpener, SplitProjection};
use datafusion_datasource::{PartitionedFile, TableSchema};
use futures::{StreamExt, TryStreamExt};
use jsonlex_arrow::Prefilter;

/// Bytes read from a local file at a time: the decoder works on whole pieces, and
/// fewer, larger pieces cut fewer records.
const READ_BUFFER: usize = 1 << 20;

/// The jsonlex scan of NDJSON files: what `JsonlexFormat` gives DataFusion's
/// `DataSourceExec`.
#[derive(Clone)]
pub struct JsonlexSource {
    table_schema: TableSchema,
    batch_size: Option<usize>,
    metrics: ExecutionPlanMetricsSet,
    projection: SplitProjection,
    skip_bad_records: bool,
    /// False: each file is one JSON array, never cut into ranges.
    newline_delimited: bool,
    /// Needles the pushed-down filters imply (`crate::prefilter`).
    prefilter: Prefilter,
    /// JSON or JSONC (then files are read whole: a range may start inside a comment).
    dialect: jsonlex_arrow::Dialect,
}

impl JsonlexSource {
    /// A scan of every column of `table_schema`.
    pub fn new(table_schema: impl Into<TableSchema>) -> JsonlexSource {
        let table_schema = table_schema.into();
        JsonlexSource {
            projection: SplitProjection::unprojected(&table_schema),
            table_schema,
            batch_size: None,
            metrics: ExecutionPlanMetricsSet::new(),
            skip_bad_records: false,
            newline_delimited: true,
            prefilter: Prefilter::default(),
            dialect: jsonlex_arrow::Dialect::Json,
        }
    }

    /// The files' dialect: JSON (default), JSONC (comments are white space) or JSON5.
    pub fn with_dialect(self, dialect: jsonlex_arrow::Dialect) -> JsonlexSource {
        JsonlexSource { dialect, ..self }
    }

    /// The files' dialect.
    pub fn dialect(&self) -> jsonlex_arrow::Dialect {
        self.dialect
    }

    /// Whether files may be cut into byte ranges: NDJSON in JSON.
    fn splits(&self) -> bool {
        self.newline_delimited && self.dialect == jsonlex_arrow::Dialect::Json
    }

    /// Drop malformed lines (and lines that do not fit the schema) instead of failing.
    pub fn with_skip_bad_records(self, skip_bad_records: bool) -> JsonlexSource {
        JsonlexSource { skip_bad_records, ..self }
    }

    /// Whether malformed lines are dropped.
    pub fn skip_bad_records(&self) -> bool {
        self.skip_bad_records
    }

    /// Files of one record per line (true, the default: files may be cut into byte
    /// ranges at line ends), or each file one top-level JSON array (false: read whole).
    pub fn with_newline_delimited(self, newline_delimited: bool) -> JsonlexSource {
        JsonlexSource { newline_delimited, ..self }
    }

    /// Whether files may be cut into byte ranges at line ends.
    pub fn newline_delimited(&self) -> bool {
        self.newline_delimited
    }

    /// Records without each of these needles are validated and dropped, not decoded
    /// (a necessary condition of the query's filters; DataFusion still filters the rows).
    pub fn with_prefilter(self, prefilter: Prefilter) -> JsonlexSource {
        JsonlexSource { prefilter, ..self }
    }

    /// The needles of the filters pushed into the scan (none: every record is decoded).
    pub fn prefilter(&self) -> &Prefilter {
        &self.prefilter
    }

    /// The file columns the decoder builds (indices into the file schema).
    pub fn file_projection(&self) -> &[usize] {
        &self.projection.file_indices
    }
}

impl std::fmt::Debug for JsonlexSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonlexSource")
            .field("file_projection", &self.projection.file_indices)
            .field("batch_size", &self.batch_size)
            .field("skip_bad_records", &self.skip_bad_records)
            .field("newline_delimited", &self.newline_delimited)
            .field("dialect", &self.dialect)
            .field("prefilter", &self.prefilter)
            .finish()
    }
}

impl FileSource for JsonlexSource {
    fn create_file_opener(
        &self,
        object_store: Arc<dyn ObjectStore>,
        base_config: &FileScanConfig,
        _partition: usize,
    ) -> Result<Arc<dyn FileOpener>> {
        let batch_size = self.batch_size.ok_or_else(|| exec_datafusion_err!("jsonlex scan: no batch size set"))?;
        let file_schema = self.table_schema.file_schema();
        // The decoder builds only the projected file columns and skips the others
        // at validation speed; partition columns and expressions come after it.
        let builder = jsonlex_arrow::ReaderBuilder::new(file_schema.clone())
            .with_batch_size(batch_size)
            .with_projection(self.projection.file_indices.clone())
            .with_skip_bad_records(self.skip_bad_records)
            .with_prefilter(self.prefilter.clone())
            .with_dialect(self.dialect);
        builder.clone().build_decoder()?; // the schema's types are checked here, once
        let opener = Arc::new(JsonlexOpener {
            builder,
            compression: base_config.file_compression_type,
            store: object_store,
            newline_delimited: self.splits(),
        });
        ProjectionOpener::try_new(self.projection.clone(), opener, file_schema)
    }

    /// A file that is one JSON array cannot be read from the middle: DataFusion's
    /// own JSON format errors on such a range at run time; here the planner is told.
    fn supports_repartitioning(&self) -> bool {
        self.splits()
    }

    fn table_schema(&self) -> &TableSchema {
        &self.table_schema
    }

    fn with_batch_size(&self, batch_size: usize) -> Arc<dyn FileSource> {
        Arc::new(JsonlexSource { batch_size: Some(batch_size), ..self.clone() })
    }

    fn try_pushdown_projection(&self, projection: &ProjectionExprs) -> Result<Option<Arc<dyn FileSource>>> {
        let merged = self.projection.source.try_merge(projection)?;
        let projection = SplitProjection::new(self.table_schema.file_schema(), &merged);
        Ok(Some(Arc::new(JsonlexSource { projection, ..self.clone() })))
    }

    fn projection(&self) -> Option<&ProjectionExprs> {
        Some(&self.projection.source)
    }

    fn metrics(&self) -> &ExecutionPlanMetricsSet {
        &self.metrics
    }

    fn file_type(&self) -> &str {
        "jsonlex"
    }

    fn fmt_extra(&self, _t: DisplayFormatType, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.skip_bad_records {
            write!(f, ", skip_bad_records=true")?;
        }
        if !self.newline_delimited {
            write!(f, ", newline_delimited=false")?;
        }
        if self.dialect != jsonlex_arrow::Dialect::Json {
            write!(f, ", dialect={:?}", self.dialect)?;
        }
        if !self.prefilter.is_empty() {
            let needles: Vec<_> = self.prefilter.needles().map(String::from_utf8_lossy).collect();
            write!(f, ", prefilter={needles:?}")?;
        }
        Ok(())
    }

    /// Every filter stays DataFusion's to apply (`PushedDown::No`: the `FilterExec`
    /// remains), and the needles they imply become the decoder's prefilter.
    fn try_pushdown_filters(
        &self,
        filters: Vec<Arc<dyn PhysicalExpr>>,
        _config: &ConfigOptions,
    ) -> Result<FilterPushdownPropagation<Arc<dyn FileSource>>> {
        let mut prefilter = self.prefilter.clone();
        for filter in &filters {
            crate::prefilter::add_needles(filter, self.table_schema.file_schema(), &mut prefilter);
        }
        let result = FilterPushdownPropagation::with_parent_pushdown_result(vec![PushedDown::No; filters.len()]);
        if prefilter.needles().count() == self.prefilter.needles().count() {
            return Ok(result);
        }
        Ok(result.with_updated_node(Arc::new(JsonlexSource { prefilter, ..self.clone() })))
    }

    fn apply_expressions(
        &self,
        f: &mut dyn FnMut(&Arc<dyn PhysicalExpr>) -> Result<TreeNodeRecursion>,
    ) -> Result<TreeNodeRecursion> {
        datafusion::physical_plan::apply_expression_roots(self.projection.source.iter(), f)
    }
}

/// Opens one file (or range) of a scan.
struct JsonlexOpener {
    builder: jsonlex_arrow::ReaderBuilder,
    compression: FileCompressionType,
    store: Arc<dyn ObjectStore>,
    newline_delimited: bool,
}

impl FileOpener for JsonlexOpener {
    /// A range `[start, end)` reads the lines that start in it: from the first byte
    /// after a line break at `start - 1` or later, to the line break at `end - 1` or
    /// later (DataFusion's rule for its own line formats).
    fn open(&self, file: PartitionedFile) -> Result<FileOpenFuture> {
        let store = Arc::clone(&self.store);
        let builder = self.builder.clone();
        let compression = self.compression;
        let newline_delimited = self.newline_delimited;
        Ok(Box::pin(async move {
            let location = file.object_meta.location.clone();
            let size = file.object_meta.size;
            let range = match &file.range {
                Some(r) => {
                    let start =
                        u64::try_from(r.start).map_err(|_| exec_datafusion_err!("negative range start {}", r.start))?;
                    let end = u64::try_from(r.end).map_err(|_| exec_datafusion_err!("negative range end {}", r.end))?;
                    Some((start, end))
                }
                None => None,
            };
            let part = range.filter(|&(start, end)| start > 0 || end < size);
            if part.is_some() && compression.is_compressed() {
                // DataFusion does not split compressed files; a range here is a bug.
                return Err(exec_datafusion_err!("{location}: a byte range of a compressed file cannot be scanned"));
            }
            if part.is_some() && !newline_delimited {
                // Not from DataFusion's planner (told by `supports_repartitioning`):
                // another engine's splitting.
                return Err(exec_datafusion_err!(
                    "{location}: a byte range of a file that is one JSON array cannot be scanned (newline_delimited is false)"
                ));
            }
            let mut context = ErrorContext { path: location.to_string(), range_start: range.map(|r| r.0), local: None };
            let result = store.get_opts(&location, GetOptions::default()).await?;
            match result.payload {
                // A local file: read on this thread in large pieces, as DataFusion's
                // JSON format does (its reader is synchronous too).
                #[cfg(not(target_arch = "wasm32"))]
                GetResultPayload::File(mut handle, file_path) => {
                    let input: Box<dyn Read + Send> = match range {
                        Some((start, end)) if start > 0 || end < size => {
                            let skip = if start > 0 {
                                handle.seek(SeekFrom::Start(start - 1))?;
                                true
                            } else {
                                false
                            };
                            let lines = LineRange::new(BufReader::with_capacity(READ_BUFFER, handle), skip, start, end);
                            context.local = Some((file_path, Arc::clone(&lines.first)));
                            Box::new(lines)
                        }
                        _ => Box::new(handle),
                    };
                    let input = BufReader::with_capacity(READ_BUFFER, compression.convert_read(input)?);
                    let reader = builder.build(input)?;
                    Ok(futures::stream::iter(reader).map(move |batch| batch.map_err(|e| context.wrap(e))).boxed())
                }
                // Another store: its stream of bytes through DataFusion's own
                // alignment to line ends.
                GetResultPayload::Stream(stream) => {
                    let input = match range {
                        Some((start, end)) => {
                            AlignedBoundaryStream::new(Arc::clone(&store), location, start, end, size, b'\n')
                                .await?
                                .map_err(DataFusionError::from)
                                .boxed()
                        }
                        None => stream.map_err(DataFusionError::from).boxed(),
                    };
                    let input = compression.convert_stream(input)?.fuse();
                    let decoder = LexDecoder(builder.build_decoder()?);
                    let batches = deserialize_stream(input, DecoderDeserializer::new(decoder));
                    Ok(batches.map(move |batch| batch.map_err(|e| context.wrap(e))).boxed())
                }
            }
        }))
    }
}

/// jsonlex-arrow's push decoder as DataFusion's.
#[derive(Debug)]
struct LexDecoder(jsonlex_arrow::Decoder);

impl datafusion_datasource::decoder::Decoder for LexDecoder {
    fn decode(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        self.0.decode(buf)
    }

    fn flush(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        self.0.flush()
    }

    fn can_flush_early(&self) -> bool {
        false
    }
}

/// Where a scan's errors happened, to put in their text.
struct ErrorContext {
    path: String,
    range_start: Option<u64>,
    /// A range of a local file: the file, and the offset of the range's first line
    /// (set once [`LineRange`] has skipped to it).
    local: Option<(PathBuf, Arc<AtomicU64>)>,
}

impl ErrorContext {
    /// Names the file. The decoder counts lines and bytes from where it started: in a
    /// range of a local file, the lines before the range are counted (only now, on
    /// the error's path) to give the line and byte in the file; elsewhere the message
    /// says where the range starts.
    fn wrap(&self, error: ArrowError) -> DataFusionError {
        let text = match error {
            ArrowError::JsonError(text) => text,
            other => other.to_string(),
        };
        let text = match (self.range_start, &self.local) {
            (Some(start), Some((file, first))) if start > 0 => {
                let first = first.load(Ordering::Relaxed);
                match lines_before(file, first).ok().and_then(|lines| rebase(&text, lines, first)) {
                    Some(text) => text,
                    None => format!("(the range from byte {start}; lines counted from there) {text}"),
                }
            }
            (Some(start), _) if start > 0 => format!("(the range from byte {start}; lines counted from there) {text}"),
            _ => text,
        };
        DataFusionError::ArrowError(Box::new(ArrowError::JsonError(format!("{}: {text}", self.path))), None)
    }
}

/// Line breaks in the first `end` bytes of `file`.
fn lines_before(file: &std::path::Path, end: u64) -> std::io::Result<u64> {
    let mut input = BufReader::with_capacity(READ_BUFFER, std::fs::File::open(file)?.take(end));
    let mut lines = 0;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(lines);
        }
        lines += memchr::memchr_iter(b'\n', buf).count() as u64;
        let n = buf.len();
        input.consume(n);
    }
}

/// jsonlex-arrow's `line L, column C (byte B): ...` with `lines` more lines and
/// `offset` more bytes (columns stay: a range starts at a line's start).
fn rebase(text: &str, lines: u64, offset: u64) -> Option<String> {
    let rest = text.strip_prefix("line ")?;
    let (line, rest) = rest.split_once(", column ")?;
    let (column, rest) = rest.split_once(" (byte ")?;
    let (byte, rest) = rest.split_once("): ")?;
    let (line, byte): (u64, u64) = (line.parse().ok()?, byte.parse().ok()?);
    Some(format!("line {}, column {column} (byte {}): {rest}", line + lines, byte + offset))
}

/// The lines of a byte range of a file (see [`JsonlexOpener::open`]): when `skip`, the
/// reader starts at `start - 1` and drops bytes through the first line break; then it
/// gives bytes until it has given a line break at `end - 1` or later (or the file ends).
struct LineRange<R> {
    inner: R,
    skip: bool,
    /// Where the first line given starts, once known.
    first: Arc<AtomicU64>,
    /// The file offset of `inner`'s next byte.
    at: u64,
    end: u64,
    done: bool,
}

impl<R: BufRead> LineRange<R> {
    fn new(inner: R, skip: bool, start: u64, end: u64) -> LineRange<R> {
        let at = if skip { start - 1 } else { start };
        LineRange { inner, skip, first: Arc::new(AtomicU64::new(at)), at, end, done: false }
    }
}

impl<R: BufRead> Read for LineRange<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.skip {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                self.skip = false;
                break;
            }
            let (take, found) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            self.inner.consume(take);
            self.at += take as u64;
            if found {
                self.skip = false;
                self.first.store(self.at, Ordering::Relaxed);
            }
        }
        if self.done || out.is_empty() {
            return Ok(0);
        }
        let buf = self.inner.fill_buf()?;
        if buf.is_empty() {
            self.done = true;
            return Ok(0);
        }
        let mut n = buf.len().min(out.len());
        // Bytes from `end - 1` on: stop after the first line break.
        let last = self.end.saturating_sub(1);
        if self.at + n as u64 > last {
            let from = last.saturating_sub(self.at) as usize;
            if let Some(i) = memchr::memchr(b'\n', &buf[from..n]) {
                n = from + i + 1;
                self.done = true;
            }
        }
        out[..n].copy_from_slice(&buf[..n]);
        self.inner.consume(n);
        self.at += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every split of a text into ranges gives each line to exactly one range.
    #[test]
    fn ranges_partition_lines() {
        let text = b"{\"a\":1}\n{\"a\":22}\n\n{\"a\":333}\n{\"a\":4}";
        for cut in 0..=text.len() {
            let mut all = Vec::new();
            for (start, end) in [(0, cut), (cut, text.len())] {
                if start == end {
                    continue;
                }
                let skip = start > 0;
                let from = if skip { start - 1 } else { start };
                let mut part = Vec::new();
                LineRange::new(&text[from..], skip, start as u64, end as u64).read_to_end(&mut part).unwrap();
                all.extend_from_slice(&part);
            }
            assert_eq!(all, text, "cut at {cut}");
        }
    }
}
