//! The extension codecs of datafusion-proto for the jsonlex scan (physical plans, what
//! a scheduler sends to executors) and the format (logical plans: `COPY ... STORED AS
//! JSONLEX`). A cluster's scheduler and executors are built with them.

use std::sync::Arc;

use datafusion::common::parsers::CompressionTypeVariant;
use datafusion::common::{internal_datafusion_err, not_impl_err, DataFusionError, Result, TableReference};
use datafusion::datasource::TableProvider;
use datafusion::execution::TaskContext;
use datafusion::logical_expr::{Extension, LogicalPlan};
use datafusion::physical_plan::ExecutionPlan;
use datafusion_datasource::file_format::FileFormatFactory;
use datafusion_datasource::file_scan_config::FileScanConfigBuilder;
use datafusion_datasource::source::DataSourceExec;
use datafusion_proto::logical_plan::LogicalExtensionCodec;
use datafusion_proto::physical_plan::from_proto::{parse_protobuf_file_scan_config, parse_table_schema_from_proto};
use datafusion_proto::physical_plan::to_proto::serialize_file_scan_config;
use datafusion_proto::physical_plan::{
    PhysicalExtensionCodec, PhysicalPlanDecodeContext, PhysicalProtoConverterExtension,
};
use datafusion_proto::protobuf::FileScanExecConf;
use prost::Message;

use jsonlex_arrow::Prefilter;

use crate::format::{JsonlexFormatFactory, JsonlexOptions};
use crate::source::JsonlexSource;

/// The first bytes of an encoded jsonlex scan (and its version).
const SCAN_MAGIC: &[u8; 4] = b"JLX1";
/// The first bytes of an encoded jsonlex format.
const FORMAT_MAGIC: &[u8; 4] = b"JLF1";

/// Encodes and decodes the jsonlex scan (`DataSourceExec` over a [`JsonlexSource`])
/// in physical plans: its files and ranges, schema, projection, limit, statistics and
/// orderings as datafusion-proto's `FileScanExecConf`, plus its compression, its
/// bad-line option, its framing (lines or one array per file) and its prefilter. Other plans are not its: an error, so that a codec that combines
/// several tries the next one.
#[derive(Debug, Default, Clone, Copy)]
pub struct JsonlexPhysicalCodec;

impl PhysicalExtensionCodec for JsonlexPhysicalCodec {
    fn try_decode(
        &self,
        buf: &[u8],
        _inputs: &[Arc<dyn ExecutionPlan>],
        ctx: &TaskContext,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<Arc<dyn ExecutionPlan>> {
        let Some(rest) = buf.strip_prefix(SCAN_MAGIC) else {
            return not_impl_err!("not a jsonlex scan");
        };
        let [flags, compression, rest @ ..] = rest else {
            return Err(internal_datafusion_err!("jsonlex scan: truncated encoding"));
        };
        let compression = compression_from_byte(*compression)?;
        let (prefilter, conf) = if flags & 4 != 0 { decode_needles(rest)? } else { (Prefilter::default(), rest) };
        let conf = FileScanExecConf::decode(conf).map_err(|e| internal_datafusion_err!("jsonlex scan: {e}"))?;
        let table_schema = parse_table_schema_from_proto(&conf)?;
        let source = Arc::new(
            JsonlexSource::new(table_schema)
                .with_skip_bad_records(flags & 1 != 0)
                .with_newline_delimited(flags & 2 == 0)
                .with_dialect(match flags & 24 {
                    8 => jsonlex_arrow::Dialect::Jsonc,
                    16 => jsonlex_arrow::Dialect::Json5,
                    _ => jsonlex_arrow::Dialect::Json,
                })
                .with_prefilter(prefilter),
        );
        let decode_ctx = PhysicalPlanDecodeContext::new(ctx, self);
        let config = parse_protobuf_file_scan_config(&conf, &decode_ctx, proto_converter, source)?;
        let config = FileScanConfigBuilder::from(config).with_file_compression_type(compression.into()).build();
        Ok(DataSourceExec::from_data_source(config))
    }

    fn try_encode(
        &self,
        node: Arc<dyn ExecutionPlan>,
        buf: &mut Vec<u8>,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<()> {
        let Some((config, source)) =
            node.downcast_ref::<DataSourceExec>().and_then(|exec| exec.downcast_to_file_source::<JsonlexSource>())
        else {
            return not_impl_err!("not a jsonlex scan: {}", node.name());
        };
        let conf = serialize_file_scan_config(config, self, proto_converter)?;
        buf.extend_from_slice(SCAN_MAGIC);
        // Bit 0: skip bad records; bit 1: each file one JSON array; bit 2: needles
        // follow; bit 3: JSONC; bit 4: JSON5.
        let needles = !source.prefilter().is_empty();
        let jsonc = source.dialect() == jsonlex_arrow::Dialect::Jsonc;
        let json5 = source.dialect() == jsonlex_arrow::Dialect::Json5;
        buf.push(
            source.skip_bad_records() as u8
                | (!source.newline_delimited() as u8) << 1
                | (needles as u8) << 2
                | (jsonc as u8) << 3
                | (json5 as u8) << 4,
        );
        buf.push(compression_to_byte(config.file_compression_type.into()));
        if needles {
            encode_needles(source.prefilter(), buf)?;
        }
        conf.encode(buf).map_err(|e| internal_datafusion_err!("jsonlex scan: {e}"))
    }
}

/// A count (u32, little-endian), then each needle's length (u32) and bytes.
fn encode_needles(prefilter: &Prefilter, buf: &mut Vec<u8>) -> Result<()> {
    let len = |n: usize| u32::try_from(n).map_err(|_| internal_datafusion_err!("jsonlex scan: needle too long"));
    buf.extend_from_slice(&len(prefilter.needles().count())?.to_le_bytes());
    for needle in prefilter.needles() {
        buf.extend_from_slice(&len(needle.len())?.to_le_bytes());
        buf.extend_from_slice(needle);
    }
    Ok(())
}

fn decode_needles(buf: &[u8]) -> Result<(Prefilter, &[u8])> {
    fn take<'a>(buf: &mut &'a [u8], n: usize) -> Result<&'a [u8]> {
        let (head, tail) =
            buf.split_at_checked(n).ok_or_else(|| internal_datafusion_err!("jsonlex scan: truncated prefilter"))?;
        *buf = tail;
        Ok(head)
    }
    fn number(buf: &mut &[u8]) -> Result<usize> {
        let bytes: [u8; 4] = take(buf, 4)?.try_into().map_err(|_| internal_datafusion_err!("jsonlex scan: length"))?;
        Ok(u32::from_le_bytes(bytes) as usize)
    }
    let mut rest = buf;
    let mut prefilter = Prefilter::default();
    for _ in 0..number(&mut rest)? {
        let n = number(&mut rest)?;
        prefilter.push(take(&mut rest, n)?);
    }
    Ok((prefilter, rest))
}

fn compression_to_byte(c: CompressionTypeVariant) -> u8 {
    match c {
        CompressionTypeVariant::UNCOMPRESSED => 0,
        CompressionTypeVariant::GZIP => 1,
        CompressionTypeVariant::BZIP2 => 2,
        CompressionTypeVariant::XZ => 3,
        CompressionTypeVariant::ZSTD => 4,
    }
}

fn compression_from_byte(b: u8) -> Result<CompressionTypeVariant> {
    Ok(match b {
        0 => CompressionTypeVariant::UNCOMPRESSED,
        1 => CompressionTypeVariant::GZIP,
        2 => CompressionTypeVariant::BZIP2,
        3 => CompressionTypeVariant::XZ,
        4 => CompressionTypeVariant::ZSTD,
        _ => return Err(internal_datafusion_err!("jsonlex scan: unknown compression {b}")),
    })
}

/// Encodes and decodes the jsonlex format (`STORED AS JSONLEX` in `COPY`) in logical
/// plans, with its options.
///
/// Tables: datafusion-proto 55 writes a `ListingTable` itself and refuses one whose
/// format is not built in (before it asks a codec), so a logical plan that scans a
/// jsonlex table does not serialize; a cluster gets the physical plan (the scan
/// through [`JsonlexPhysicalCodec`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct JsonlexLogicalCodec;

impl LogicalExtensionCodec for JsonlexLogicalCodec {
    fn try_decode(&self, _buf: &[u8], _inputs: &[LogicalPlan], _ctx: &TaskContext) -> Result<Extension> {
        not_impl_err!("jsonlex has no logical plan nodes")
    }

    fn try_encode(&self, _node: &Extension, _buf: &mut Vec<u8>) -> Result<()> {
        not_impl_err!("jsonlex has no logical plan nodes")
    }

    fn try_decode_table_provider(
        &self,
        _buf: &[u8],
        table_ref: &TableReference,
        _schema: datafusion::arrow::datatypes::SchemaRef,
        _ctx: &TaskContext,
    ) -> Result<Arc<dyn TableProvider>> {
        not_impl_err!("jsonlex: table {table_ref} is not a jsonlex table provider")
    }

    fn try_encode_table_provider(
        &self,
        table_ref: &TableReference,
        _node: Arc<dyn TableProvider>,
        _buf: &mut Vec<u8>,
    ) -> Result<()> {
        not_impl_err!("jsonlex: table {table_ref} is not a jsonlex table provider")
    }

    fn try_decode_file_format(&self, buf: &[u8], _ctx: &TaskContext) -> Result<Arc<dyn FileFormatFactory>> {
        let Some(rest) = buf.strip_prefix(FORMAT_MAGIC) else {
            return not_impl_err!("not a jsonlex format");
        };
        let text = std::str::from_utf8(rest).map_err(|e| internal_datafusion_err!("jsonlex format: {e}"))?;
        let mut options = JsonlexOptions::default();
        for line in text.lines() {
            let (k, v) =
                line.split_once('=').ok_or_else(|| internal_datafusion_err!("jsonlex format: bad option '{line}'"))?;
            options.set(k, v)?;
        }
        Ok(Arc::new(JsonlexFormatFactory::new_with_options(options)))
    }

    fn try_encode_file_format(&self, buf: &mut Vec<u8>, node: Arc<dyn FileFormatFactory>) -> Result<()> {
        let Some(factory) = node.downcast_ref::<JsonlexFormatFactory>() else {
            return Err(DataFusionError::NotImplemented(format!("not a jsonlex format: {node:?}")));
        };
        buf.extend_from_slice(FORMAT_MAGIC);
        for (k, v) in factory.options.to_map() {
            buf.extend_from_slice(format!("{k}={v}\n").as_bytes());
        }
        Ok(())
    }
}
