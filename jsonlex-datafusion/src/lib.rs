//! SQL over NDJSON files with [DataFusion](https://datafusion.apache.org), read by
//! jsonlex-arrow: a `FileFormat` (`STORED AS JSONLEX`, `COPY`), schema inference,
//! projection pushed into the decoder, files split into byte ranges at line ends so
//! that all partitions scan one file, gzip/bzip2/xz/zstd input, and extension codecs
//! that carry the scan to a cluster's executors.
//!
//! ```no_run
//! # async fn run() -> datafusion::common::Result<()> {
//! use datafusion::prelude::SessionContext;
//! let ctx = SessionContext::new();
//! jsonlex_datafusion::register_jsonlex(&ctx, "logs", "logs/*.ndjson", jsonlex_datafusion::JsonlexOptions::new()).await?;
//! ctx.sql("SELECT level, count(*) FROM logs GROUP BY level").await?.show().await?;
//! # Ok(()) }
//! ```
//!
//! | module | what it holds |
//! |---|---|
//! | `format.rs` | [`JsonlexFormat`], [`JsonlexFormatFactory`], [`JsonlexOptions`] |
//! | `source.rs` | [`JsonlexSource`] (the scan) and its opener: files and line-aligned ranges into batches |
//! | `prefilter.rs` | the needles a pushed-down filter implies (records without them are not decoded) |
//! | `codec.rs` | [`JsonlexPhysicalCodec`], [`JsonlexLogicalCodec`]: the scan and the format in datafusion-proto plans |

mod codec;
mod format;
mod prefilter;
mod source;

use std::sync::Arc;

use datafusion::common::Result;
use datafusion::datasource::listing::ListingOptions;
use datafusion::prelude::SessionContext;

pub use codec::{JsonlexLogicalCodec, JsonlexPhysicalCodec};
pub use format::{JsonlexFormat, JsonlexFormatFactory, JsonlexOptions, FORMAT_NAME};
pub use source::JsonlexSource;

/// Makes `STORED AS JSONLEX` (`CREATE EXTERNAL TABLE`, `COPY`) known to `ctx`, with
/// the default options (a table's `OPTIONS (...)` change them).
pub fn register_jsonlex_format(ctx: &SessionContext) -> Result<()> {
    let state = ctx.state_ref();
    let mut state = state.write();
    if state.get_file_format_factory(FORMAT_NAME).is_none() {
        state.register_file_format(Arc::new(JsonlexFormatFactory::new()), false)?;
    }
    // `CREATE EXTERNAL TABLE ... STORED AS X` finds a table factory by X first.
    state
        .table_factories_mut()
        .entry(FORMAT_NAME.to_ascii_uppercase())
        .or_insert_with(|| Arc::new(datafusion::datasource::provider::DefaultTableFactory::new()));
    Ok(())
}

/// Registers the NDJSON files at `path` (a file, a directory ending in `/`, or a glob
/// such as `logs/*.ndjson`; a local path or a URL of a registered object store) as
/// table `name`, its schema inferred, and makes `STORED AS JSONLEX` known to `ctx`.
pub async fn register_jsonlex(ctx: &SessionContext, name: &str, path: &str, options: JsonlexOptions) -> Result<()> {
    register_jsonlex_format(ctx)?;
    ctx.register_listing_table(name, path, listing_options(path, options)?, None, None).await
}

/// The listing options of a jsonlex table at `path`: in a directory, only the
/// files with the format's extension (DataFusion's planner splits the scan into the
/// session's partitions).
pub fn listing_options(path: &str, options: JsonlexOptions) -> Result<ListingOptions> {
    let format = JsonlexFormat::new(options);
    // A file or a glob names its files itself; in a directory, the extension picks them.
    let extension = if path.ends_with('/') {
        use datafusion_datasource::file_format::FileFormat;
        format.get_ext_with_compression(&format.options().compression.into())?
    } else {
        String::new()
    };
    Ok(ListingOptions::new(Arc::new(format)).with_file_extension(extension))
}
