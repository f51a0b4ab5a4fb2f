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
