//! JSON records into Apache Arrow [`RecordBatch`](arrow_array::RecordBatch)es, on
//! jsonlex's generated lexer, with arrow-json's reading surface ([`ReaderBuilder`],
//! [`Reader`], the push [`Decoder`], [`infer_json_schema`]) and arrow-rs 59, the
//! version DataFusion 55 uses.
//!
//! Values go from the lexer's tokens straight into each column's buffers: no tape, no
//! `Value`. Keys that are not in the schema are skipped (checked as strictly as the
//! rest, built into nothing).
//!
//! | module | what it holds |
//! |---|---|
//! | `reader.rs` | [`ReaderBuilder`], [`Reader`] |
//! | `decoder.rs` | [`Decoder`]: records from pieces of input, NDJSON or one array, errors with line, column and byte |
//! | `infer.rs` | [`infer_json_schema`], [`InferOptions`] |
//! | `prefilter.rs` | [`Prefilter`]: records that cannot pass a filter, validated and dropped undecoded |
//! | `parallel.rs` | [`ReaderBuilder::read_parallel`] (feature `parallel`, on by default): NDJSON ranges on rayon |
//! | `comments.rs` | JSONC: comments turned into spaces byte for byte, before decoding |
//! | `json5.rs` | JSON5: translated into JSON token by token, positions mapped back |
//! | `translated.rs` | a `BufRead` of a dialect's translation (schema inference over JSONC, JSON5) |
//! | `cursor.rs` | the lexer, tokens, strings, skipping, error text |
//! | `columns/` | one decoder per Arrow type family |

mod columns;
mod comments;
mod cursor;
mod decoder;
mod infer;
mod json5;
#[cfg(feature = "parallel")]
mod parallel;
mod prefilter;
mod reader;
mod translated;

pub use decoder::Decoder;
pub use infer::{infer_json_schema, infer_json_schema_from_slice, infer_json_schema_with, InferOptions};
/// The input's dialect ([`ReaderBuilder::with_dialect`]): jsonlex's.
pub use jsonlex::Dialect;
pub use prefilter::Prefilter;
pub use reader::{Reader, ReaderBuilder, StructMode};
