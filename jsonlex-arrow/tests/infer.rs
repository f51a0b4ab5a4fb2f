//! Schema inference: the schema arrow-json infers, on hand-written records; the
//! options it lacks (array form, timestamps).

mod common;
use arrow_schema::{DataType, TimeUnit};
use common::*;

fn same(text: &str) {
    let want = arrow_json::reader::infer_json_schema(text.as_bytes(), None);
    let got = jsonlex_arrow::infer_json_schema(text.as_bytes(), None);
    match (want, got) {
        (Ok(w), Ok(g)) => assert_eq!(g, w, "{text}"),
        (Err(_), Err(_)) => {}
        (w, g) => panic!("{text}: arrow-json {w:?}, jsonlex-arrow {g:?}"),
    }
}

#[test]
fn widening_and_nulls() {
    same("{\"a\": 1}\n{\"a\": 2.5}\n{\"a\": null}\n");
    same("{\"a\": 1, \"b\": true}\n{\"a\": \"x\", \"b\": 1}\n");
    same("{\"n\": null}\n{\"n\": null}\n");
    same("{\"big\": 9223372036854775808, \"neg0\": -0, \"small\": -9223372036854775808}\n");
    same("{\"e\": 1e2, \"f\": 0.0}\n");
}

#[test]
fn keys_like_the_last_records_and_escapes() {
    // Keys matched as the text of the key last seen at their place, and strings that
    // are only checked (timestamps off): the schema is arrow-json's, and a lone
    // surrogate anywhere is an error.
    same("{\"ab\": 1, \"s\": \"x\"}\n{\"abc\": 2.5}\n{\"\\u0061b\": \"t\"}\n{\"ab\": 1, \"q\\\"\": [1]}\n{\"q\\\"\": [2], \"ab\": 2}\n{}\n");
    same("{\"a\": 123456789012345678, \"b\": 1234567890123456789, \"c\": 9999999999999999999, \"d\": -999999999999999999}\n");
    same("{\"s\": \"\\ud83d\\ude00 \\n\"}\n");
    for bad in ["{\"s\": \"\\ud800\"}\n", "{\"\\udc00\": 1}\n", "{\"s\": [\"\\ud83dx\"]}\n"] {
        let e = jsonlex_arrow::infer_json_schema(bad.as_bytes(), None).expect_err(bad).to_string();
        assert!(e.contains("surrogate") && e.contains("line 1, column"), "{bad}: {e}");
        let on_line_3 = format!("{{}}\n\n{bad}");
        let e = jsonlex_arrow::infer_json_schema(on_line_3.as_bytes(), None).expect_err(bad).to_string();
        assert!(e.contains("line 3, column"), "{on_line_3}: {e}");
    }
}

#[test]
fn key_order() {
    // arrow-json's records go through serde_json maps: sorted keys per record.
    same("{\"b\": 1, \"a\": 2, \"c\": {\"z\": 1, \"y\": 2}}\n{\"d\": 1, \"a\": 3, \"0\": 1}\n");
}

#[test]
fn nested_structs_and_lists() {
    same("{\"o\": {\"a\": 1, \"p\": {\"q\": \"x\"}}}\n{\"o\": {\"b\": [1, 2.5]}}\n");
    same("{\"l\": [1, 2]}\n{\"l\": [\"a\"]}\n{\"l\": []}\n{\"l\": null}\n");
    same("{\"l\": []}\n{\"l\": [[1], [2, 3]]}\n");
    same("{\"l\": [[1], []]}\n{\"l\": [[\"x\"]]}\n");
    same("{\"l\": [{\"a\": 1}, {\"b\": \"x\"}]}\n{\"l\": [{\"a\": 2.5, \"c\": [true]}]}\n");
    same("{\"l\": [null, null]}\n");
    same("{\"l\": []}\n");
}

#[test]
fn scalars_and_lists_of_them_widen_to_lists() {
    same("{\"a\": 1}\n{\"a\": [2, 3]}\n");
    same("{\"a\": [2, 3]}\n{\"a\": 1.5}\n");
    same("{\"a\": [\"x\"]}\n{\"a\": true}\n");
}

#[test]
fn repeated_keys_keep_their_last_value() {
    // arrow-json reads each record into serde_json maps: a key's last value replaces
    // the earlier ones, which are never looked at (found by tests/shapes.rs).
    same("{\"a\": 1, \"a\": \"x\"}\n");
    same("{\"a\": \"x\", \"a\": 1}\n");
    same("{\"a\": {\"b\": 1}, \"a\": 2}\n");
    same("{\"a\": [1]}\n{\"a\": {}, \"a\": [2.5]}\n");
    same("{\"a\": {\"b\": 1}}\n{\"a\": 7, \"a\": {\"c\": true}}\n");
    same("{\"o\": {\"a\": \"x\", \"a\": 1}, \"p\": 1}\n{\"o\": {\"a\": 2}}\n");
    same("{\"l\": [{\"a\": 1}, {\"a\": \"x\", \"a\": 2}]}\n");
    same("{\"a\": {\"b\": 1}, \"a\": {\"b\": {\"c\": 1}}}\n");
    // The last value still decides: a conflict there is an error.
    same("{\"a\": {\"b\": 1}}\n{\"a\": {}, \"a\": 2}\n");
    // An earlier value of mixed kinds is not looked at either; a malformed one is an error.
    same("{\"a\": [1, {}], \"a\": 2}\n");
    same("{\"a\": [1,], \"a\": 2}\n");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // arrow-json's limit (serde_json's 128 levels); deeper than that overflowed the
    // stack here before.
    for n in [126, 127, 128, 100_000] {
        same(&format!("{{\"a\":{}{}}}\n", "[".repeat(n), "]".repeat(n)));
        same(&format!("{}1{}\n", "{\"b\":".repeat(n), "}".repeat(n)));
        same(&format!("{{\"a\":{}{}}}\n", "[{\"b\":".repeat(n), "1}]".repeat(n)));
    }
    let text = format!("{{\"a\":{}{}}}\n", "[".repeat(100_000), "]".repeat(100_000));
    let e = jsonlex_arrow::infer_json_schema(text.as_bytes(), None).unwrap_err().to_string();
    assert!(e.contains("line 1, column 132") && e.contains("nested deeper than 127 levels"), "{e}");
}

#[test]
fn conflicts_are_errors() {
    same("{\"a\": 1}\n{\"a\": {\"b\": 1}}\n");
    same("{\"a\": {\"b\": 1}}\n{\"a\": [1]}\n");
    same("{\"a\": [1, {\"b\": 1}]}\n");
    same("{\"a\": [[1], 2]}\n");
    same("[1]\n");
    same("{\"a\": 1}\n{\"a\": 2,}\n");
}

#[test]
fn max_records_and_blank_lines() {
    let text = "{\"a\": 1}\n\n\r\n{\"b\": 2}\n{\"c\": \"x\"}";
    for max in [0, 1, 2, 3, 10] {
        let want = arrow_json::reader::infer_json_schema(text.as_bytes(), Some(max)).unwrap();
        assert_eq!(jsonlex_arrow::infer_json_schema(text.as_bytes(), Some(max)).unwrap(), want, "max {max}");
    }
}

#[test]
fn small_reader_buffers() {
    let text = "{\"a\": 1, \"s\": \"a longer string\"}\n{\"b\": [1, 2]}\n{\"a\": 2.5}";
    let want = arrow_json::reader::infer_json_schema(text.as_bytes(), None).unwrap();
    for cap in [1, 3, 8, 64] {
        let got = jsonlex_arrow::infer_json_schema(std::io::BufReader::with_capacity(cap, text.as_bytes()), None);
        assert_eq!(got.unwrap(), want, "capacity {cap}");
    }
}

#[test]
fn array_form() {
    let lines = "{\"a\": 1}\n{\"b\": [\"x\"]}\n";
    let want = arrow_json::reader::infer_json_schema(lines.as_bytes(), None).unwrap();
    let array = " [ {\"a\": 1},\r\n {\"b\": [\"x\"]} ]\n";
    assert_eq!(jsonlex_arrow::infer_json_schema(array.as_bytes(), None).unwrap(), want);
    assert_eq!(jsonlex_arrow::infer_json_schema(array.as_bytes(), Some(1)).unwrap().1, 1);
}

#[test]
fn timestamps_when_asked() {
    let text = "{\"t\": \"2024-05-01T12:30:00Z\", \"u\": \"2024-05-01 12:30:00.25+02:00\", \"s\": \"2024-05-01\"}\n{\"t\": \"2024-05-02T00:00:00.123456Z\", \"u\": null, \"s\": \"x\"}\n";
    let (plain, _) = jsonlex_arrow::infer_json_schema(text.as_bytes(), None).unwrap();
    assert!(plain.fields().iter().all(|f| *f.data_type() == DataType::Utf8), "off by default");
    let opts = jsonlex_arrow::InferOptions::new().with_timestamps(true);
    let (schema, _) = jsonlex_arrow::infer_json_schema_with(text.as_bytes(), None, opts).unwrap();
    let ts = DataType::Timestamp(TimeUnit::Microsecond, Some("+00:00".into()));
    assert_eq!(schema.field_with_name("t").unwrap().data_type(), &ts);
    assert_eq!(schema.field_with_name("u").unwrap().data_type(), &ts);
    assert_eq!(schema.field_with_name("s").unwrap().data_type(), &DataType::Utf8);
    // And the reader reads them.
    let batches = jsonlex(&schema_ref(schema), text.as_bytes(), 1024, false).unwrap();
    assert_eq!(batches[0].num_rows(), 2);
}
