//! [`JsonlexFormat`] (DataFusion's `FileFormat` for NDJSON read by jsonlex-arrow),
//! [`JsonlexFormatFactory`] (`STORED AS JSONLEX`) and their [`JsonlexOptions`].

use std::collections::HashMap;
use std::io::BufReader;
use std::sync::Arc;

use async_trait::async_trait;
use bytes::Buf;
use datafusion::arrow::datatypes::{Schema, SchemaRef};
use datafusion::catalog::Session;
use datafusion::common::config::JsonOptions;
use datafusion::common::parsers::CompressionTypeVariant;
use datafusion::common::{config_datafusion_err, GetExt, Result, Statistics};
use datafusion::datasource::file_format::json::JsonFormat;
use datafusion::object_store::{GetResultPayload, ObjectMeta, ObjectStore, ObjectStoreExt};
use datafusion::physical_expr_common::sort_expr::LexRequirement;
use datafusion::physical_plan::ExecutionPlan;
use datafusion_datasource::file::FileSource;
use datafusion_datasource::file_compression_type::FileCompressionType;
use datafusion_datasource::file_format::{FileFormat, FileFormatFactory, DEFAULT_SCHEMA_INFER_MAX_RECORD};
use datafusion_datasource::file_scan_config::{FileScanConfig, FileScanConfigBuilder};
use datafusion_datasource::file_sink_config::FileSinkConfig;
use datafusion_datasource::source::DataSourceExec;
use datafusion_datasource::TableSchema;

use crate::source::JsonlexSource;

/// The name of the format in SQL (`STORED AS JSONLEX`).
pub const FORMAT_NAME: &str = "jsonlex";

/// How jsonlex reads a table's files. In SQL they are `OPTIONS (...)` of
/// `CREATE EXTERNAL TABLE ... STORED AS JSONLEX` (with or without the `format.`
/// prefix): `compression`, `schema_infer_max_rec`,
/// `extension`, `skip_bad_records`, `newline_delimited`, `dialect` (`json`, `jsonc` or `json5`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonlexOptions {
    /// gzip, bzip2, xz, zstd or none (default). Compressed files are read whole, by
    /// one partition each.
    pub compression: CompressionTypeVariant,
    /// Records read to infer the schema, over all files (default 1000, as
    /// DataFusion's JSON format).
    pub schema_infer_max_rec: usize,
    /// The file name extension of the table's files in a directory, without the dot
    /// (default `json`, as DataFusion's JSON format; the compression's is added).
    pub extension: String,
    /// Drop malformed lines, and lines that do not fit the schema, instead of failing
    /// the query (default false).
    pub skip_bad_records: bool,
    /// One record per line (default true), as DataFusion's JSON format. False: each
    /// file is one top-level array of records (`[{..}, {..}]`) and is read whole by
    /// one partition, never cut into byte ranges. (NDJSON files read either way;
    /// what false turns off is the cutting.)
    pub newline_delimited: bool,
    /// `Json` (default), `Jsonc` (`//` and `/* */` comments are white space) or `Json5`
    /// (jsonlex-arrow's JSON5: unquoted keys, single quotes, hexadecimal numbers, ...).
    /// Files in a dialect are read whole, one partition each: a byte range may start
    /// inside a comment or a string.
    pub dialect: jsonlex_arrow::Dialect,
}

impl Default for JsonlexOptions {
    fn default() -> JsonlexOptions {
        JsonlexOptions {
            compression: CompressionTypeVariant::UNCOMPRESSED,
            schema_infer_max_rec: DEFAULT_SCHEMA_INFER_MAX_RECORD,
            extension: "json".into(),
            skip_bad_records: false,
            newline_delimited: true,
            dialect: jsonlex_arrow::Dialect::Json,
        }
    }
}

impl JsonlexOptions {
    /// The defaults.
    pub fn new() -> JsonlexOptions {
        JsonlexOptions::default()
    }

    /// Files compressed with `compression`.
    pub fn with_compression(self, compression: FileCompressionType) -> JsonlexOptions {
        JsonlexOptions { compression: compression.into(), ..self }
    }

    /// Infer the schema from at most this many records.
    pub fn with_schema_infer_max_rec(self, schema_infer_max_rec: usize) -> JsonlexOptions {
        JsonlexOptions { schema_infer_max_rec, ..self }
    }

    /// The extension of the table's files in a directory (without the dot).
    pub fn with_extension(self, extension: impl Into<String>) -> JsonlexOptions {
        JsonlexOptions { extension: extension.into(), ..self }
    }

    /// Drop bad lines instead of failing.
    pub fn with_skip_bad_records(self, skip_bad_records: bool) -> JsonlexOptions {
        JsonlexOptions { skip_bad_records, ..self }
    }

    /// Files of one record per line (true, the default), or each file one JSON array
    /// of records, read whole (false).
    pub fn with_newline_delimited(self, newline_delimited: bool) -> JsonlexOptions {
        JsonlexOptions { newline_delimited, ..self }
    }

    /// The files' dialect (see [`JsonlexOptions::dialect`]).
    pub fn with_dialect(self, dialect: jsonlex_arrow::Dialect) -> JsonlexOptions {
        JsonlexOptions { dialect, ..self }
    }

    /// Sets one option from its SQL name (`format.` prefix optional) and text.
    pub fn set(&mut self, key: &str, value: &str) -> Result<()> {
        let name = key.strip_prefix("format.").unwrap_or(key);
        let bad = |what: &str| config_datafusion_err!("jsonlex option '{key}': {what}, found '{value}'");
        match name {
            "compression" => self.compression = value.parse()?,
            "schema_infer_max_rec" => {
                self.schema_infer_max_rec = value.parse().map_err(|_| bad("expected a number of records"))?
            }
            "extension" => self.extension = value.trim_start_matches('.').to_string(),
            "skip_bad_records" => {
                self.skip_bad_records = value.to_ascii_lowercase().parse().map_err(|_| bad("expected true or false"))?
            }
            "newline_delimited" => {
                self.newline_delimited = value.to_ascii_lowercase().parse().map_err(|_| bad("expected true or false"))?
            }
            "dialect" => {
                self.dialect = jsonlex_arrow::Dialect::from_name(value).ok_or_else(|| bad("expected json, jsonc or json5"))?
            }
            _ => {
                return Err(config_datafusion_err!(
                    "unknown jsonlex option '{key}' (known: compression, schema_infer_max_rec, extension, skip_bad_records, newline_delimited, dialect)"
                ))
            }
        }
        Ok(())
    }

    /// The options as SQL names and text, as [`JsonlexOptions::set`] reads them
    /// (what the extension codecs carry).
    pub fn to_map(&self) -> Vec<(String, String)> {
        vec![
            ("compression".into(), self.compression.to_string()),
            ("schema_infer_max_rec".into(), self.schema_infer_max_rec.to_string()),
            ("extension".into(), self.extension.clone()),
            ("skip_bad_records".into(), self.skip_bad_records.to_string()),
            ("newline_delimited".into(), self.newline_delimited.to_string()),
            ("dialect".into(), self.dialect.name().into()),
        ]
    }

    /// The defaults with each of `options` set.
    pub fn from_map<'a>(options: impl IntoIterator<Item = (&'a String, &'a String)>) -> Result<JsonlexOptions> {
        let mut out = JsonlexOptions::default();
        for (k, v) in options {
            out.set(k, v)?;
        }
        Ok(out)
    }
}

/// Makes [`JsonlexFormat`]s: register it on a session (`register_jsonlex_format`, or
/// `SessionState::register_file_format`) for `STORED AS JSONLEX`.
#[derive(Debug, Default)]
pub struct JsonlexFormatFactory {
    /// Options every table of this factory starts from.
    pub options: JsonlexOptions,
}

impl JsonlexFormatFactory {
    /// A factory with the default options.
    pub fn new() -> JsonlexFormatFactory {
        JsonlexFormatFactory { options: JsonlexOptions::default() }
    }

    /// A factory whose tables start from `options`.
    pub fn new_with_options(options: JsonlexOptions) -> JsonlexFormatFactory {
        JsonlexFormatFactory { options }
    }
}

impl FileFormatFactory for JsonlexFormatFactory {
    fn create(&self, _state: &dyn Session, format_options: &HashMap<String, String>) -> Result<Arc<dyn FileFormat>> {
        let mut options = self.options.clone();
        // Sorted: the first bad option named is always the same one.
        let mut given: Vec<_> = format_options.iter().collect();
        given.sort();
        for (k, v) in given {
            options.set(k, v)?;
        }
        Ok(Arc::new(JsonlexFormat::new(options)))
    }

    fn default(&self) -> Arc<dyn FileFormat> {
        Arc::new(JsonlexFormat::new(self.options.clone()))
    }
}

impl GetExt for JsonlexFormatFactory {
    /// The key DataFusion finds the factory by: `STORED AS JSONLEX`.
    fn get_ext(&self) -> String {
        FORMAT_NAME.into()
    }
}

/// NDJSON files read by jsonlex-arrow: schema inference, scans split into byte ranges
/// at line ends, projection pushed into the decoder, compressed files.
#[derive(Debug, Default, Clone)]
pub struct JsonlexFormat {
    options: JsonlexOptions,
}

impl JsonlexFormat {
    /// A format with these options.
    pub fn new(options: JsonlexOptions) -> JsonlexFormat {
        JsonlexFormat { options }
    }

    /// Its options.
    pub fn options(&self) -> &JsonlexOptions {
        &self.options
    }

    fn compression(&self) -> FileCompressionType {
        self.options.compression.into()
    }
}

#[async_trait]
impl FileFormat for JsonlexFormat {
    fn get_ext(&self) -> String {
        self.options.extension.clone()
    }

    fn get_ext_with_compression(&self, compression: &FileCompressionType) -> Result<String> {
        Ok(format!("{}{}", self.get_ext(), compression.get_ext()))
    }

    fn compression_type(&self) -> Option<FileCompressionType> {
        Some(self.compression())
    }

    async fn infer_schema(
        &self,
        _state: &dyn Session,
        store: &Arc<dyn ObjectStore>,
        objects: &[ObjectMeta],
    ) -> Result<SchemaRef> {
        let mut schemas = Vec::new();
        let mut left = self.options.schema_infer_max_rec;
        let compression = self.compression();
        for object in objects {
            if left == 0 {
                break;
            }
            let got = store.get(&object.location).await?;
            let read = match got.payload {
                #[cfg(not(target_arch = "wasm32"))]
                GetResultPayload::File(file, _) => compression.convert_read(file)?,
                GetResultPayload::Stream(_) => compression.convert_read(got.bytes().await?.reader())?,
            };
            let dialect = jsonlex_arrow::InferOptions::new().with_dialect(self.options.dialect);
            let (schema, records) =
                jsonlex_arrow::infer_json_schema_with(BufReader::with_capacity(1 << 16, read), Some(left), dialect)
                    .map_err(|e| config_datafusion_err!("{}: inferring the schema: {e}", object.location))?;
            schemas.push(schema);
            left = left.saturating_sub(records);
        }
        Ok(Arc::new(Schema::try_merge(schemas)?))
    }

    async fn infer_stats(
        &self,
        _state: &dyn Session,
        _store: &Arc<dyn ObjectStore>,
        table_schema: SchemaRef,
        _object: &ObjectMeta,
    ) -> Result<Statistics> {
        Ok(Statistics::new_unknown(&table_schema))
    }

    async fn create_physical_plan(&self, _state: &dyn Session, conf: FileScanConfig) -> Result<Arc<dyn ExecutionPlan>> {
        let conf = FileScanConfigBuilder::from(conf).with_file_compression_type(self.compression()).build();
        Ok(DataSourceExec::from_data_source(conf))
    }

    /// `COPY ... STORED AS JSONLEX` and `INSERT INTO` write NDJSON, with DataFusion's
    /// JSON writer (arrow-json's): the files read back as this format.
    async fn create_writer_physical_plan(
        &self,
        input: Arc<dyn ExecutionPlan>,
        state: &dyn Session,
        conf: FileSinkConfig,
        order_requirements: Option<LexRequirement>,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        let options = JsonOptions { compression: self.options.compression, ..JsonOptions::default() };
        JsonFormat::default()
            .with_options(options)
            .create_writer_physical_plan(input, state, conf, order_requirements)
            .await
    }

    fn file_source(&self, table_schema: TableSchema) -> Arc<dyn FileSource> {
        Arc::new(
            JsonlexSource::new(table_schema)
                .with_skip_bad_records(self.options.skip_bad_records)
                .with_newline_delimited(self.options.newline_delimited)
                .with_dialect(self.options.dialect),
        )
    }
}
