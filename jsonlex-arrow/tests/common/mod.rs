//! Helpers shared by the tests: the corpus as records, and both readers side by side.
#![allow(dead_code)]

use std::io::Cursor;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, Schema, SchemaRef};

/// A file of benches/data (the repository's corpus).
pub fn corpus(name: &str) -> Vec<u8> {
    let path = format!("{}/../benches/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The values of `pointer` in a corpus file, one compact JSON text per record.
pub fn records(name: &str, pointer: &str) -> Vec<String> {
    let doc = jsonlex::decode(&corpus(name)).expect("the corpus is JSON");
    let list = doc.pointer(pointer).unwrap_or_else(|| panic!("{name}: no {pointer}"));
    let jsonlex::Value::Array(items) = list else { panic!("{name}{pointer}: not an array") };
    items.iter().map(jsonlex::encode).collect()
}

/// Records as NDJSON.
pub fn ndjson(records: &[String]) -> String {
    let mut s = records.join("\n");
    s.push('\n');
    s
}

/// arrow-json's batches.
pub fn arrow_json(
    schema: &SchemaRef,
    input: &[u8],
    batch_size: usize,
    coerce: bool,
) -> Result<Vec<RecordBatch>, ArrowError> {
    arrow_json::ReaderBuilder::new(schema.clone())
        .with_batch_size(batch_size)
        .with_coerce_primitive(coerce)
        .build(Cursor::new(input))?
        .collect()
}

/// Ours.
pub fn jsonlex(
    schema: &SchemaRef,
    input: &[u8],
    batch_size: usize,
    coerce: bool,
) -> Result<Vec<RecordBatch>, ArrowError> {
    jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_batch_size(batch_size)
        .with_coerce_primitive(coerce)
        .build(Cursor::new(input))?
        .collect()
}

/// arrow-json's inferred schema.
pub fn arrow_infer(input: &[u8]) -> Schema {
    arrow_json::reader::infer_json_schema(Cursor::new(input), None).expect("arrow-json infers").0
}

pub fn schema_ref(s: Schema) -> SchemaRef {
    Arc::new(s)
}

/// `text` pushed through `decoder` in pieces of `size` bytes, as a user's loop does:
/// a piece not taken whole means a batch is full (flushed, then the rest passed
/// again); at the end, flushed until nothing is left (or the error).
pub fn push_in_pieces(
    decoder: &mut jsonlex_arrow::Decoder,
    text: &[u8],
    size: usize,
) -> Result<Vec<RecordBatch>, ArrowError> {
    let mut batches = Vec::new();
    for piece in text.chunks(size.max(1)) {
        let mut rest = piece;
        while !rest.is_empty() {
            let used = decoder.decode(rest)?;
            rest = &rest[used..];
            if !rest.is_empty() {
                batches.extend(decoder.flush()?);
            }
        }
    }
    while let Some(batch) = decoder.flush()? {
        batches.push(batch);
    }
    Ok(batches)
}
