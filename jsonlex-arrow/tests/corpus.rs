//! The corpus (benches/data) as records: batches equal to arrow-json's for the same
//! schema, NDJSON and array form, several batch sizes.

mod common;
use common::*;

fn check(name: &str, pointer: &str) {
    let recs = records(name, pointer);
    let text = ndjson(&recs);
    let schema = schema_ref(arrow_infer(text.as_bytes()));
    let (ours, count) = jsonlex_arrow::infer_json_schema(text.as_bytes(), None).unwrap();
    assert_eq!(ours, *schema, "{name}: inferred schema");
    assert_eq!(count, recs.len());
    for batch_size in [1, 7, 1024] {
        let want = arrow_json(&schema, text.as_bytes(), batch_size, false).unwrap();
        let got = jsonlex(&schema, text.as_bytes(), batch_size, false).unwrap();
        assert_eq!(got.len(), want.len(), "{name}: batch count");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "{name}: batch {i} of size {batch_size}");
        }
    }
    // The array form gives the same batches.
    let array = format!("[\n{}\n]", recs.join(",\n"));
    let got = jsonlex(&schema, array.as_bytes(), 1024, false).unwrap();
    assert_eq!(got, arrow_json(&schema, text.as_bytes(), 1024, false).unwrap(), "{name}: array form");
}

#[test]
fn twitter_statuses() {
    check("twitter.json", "/statuses");
}

#[test]
fn citm_events() {
    // citm_catalog's performances: records with nested lists of structs.
    check("citm_catalog.json", "/performances");
}

#[test]
fn canada_features() {
    // Lists of lists of floats.
    check("canada.json", "/features");
}

#[test]
fn parallel_equals_sequential() {
    // Over 2 MiB of twitter statuses: several ranges.
    let recs = records("twitter.json", "/statuses");
    let text = ndjson(&recs).repeat(6);
    let schema = schema_ref(arrow_infer(text.as_bytes()));
    let parallel = jsonlex_arrow::ReaderBuilder::new(schema.clone()).read_parallel(text.as_bytes()).unwrap();
    let sequential = jsonlex(&schema, text.as_bytes(), 1024, false).unwrap();
    let rows = |b: &[arrow_array::RecordBatch]| b.iter().map(|b| b.num_rows()).sum::<usize>();
    assert_eq!(rows(&parallel), rows(&sequential));
    let one = |b: &[arrow_array::RecordBatch]| arrow_select_rows(&schema, b);
    assert_eq!(one(&parallel), one(&sequential));
    // An error: the sequential one, with its place in the whole input.
    let bad = format!("{text}{{\"id\": \"not a number\"}}\n");
    let e = jsonlex_arrow::ReaderBuilder::new(schema.clone()).read_parallel(bad.as_bytes()).unwrap_err();
    let s = jsonlex(&schema, bad.as_bytes(), 1024, false).unwrap_err();
    assert_eq!(e.to_string(), s.to_string());
}

/// Every row of `batches` as one batch.
fn arrow_select_rows(
    schema: &arrow_schema::SchemaRef,
    batches: &[arrow_array::RecordBatch],
) -> arrow_array::RecordBatch {
    arrow_select::concat::concat_batches(schema, batches).unwrap()
}
