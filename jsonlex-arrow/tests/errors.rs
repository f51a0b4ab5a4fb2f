//! Bad input: malformed lines name their line, column and byte; values of the wrong
//! type name the field, the record and what was found; bad records can be skipped and
//! counted; nothing panics.

mod common;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use common::*;
use proptest::prelude::*;

fn one(name: &str, dt: DataType) -> SchemaRef {
    schema_ref(Schema::new(vec![Field::new(name, dt, true)]))
}

fn error(schema: &SchemaRef, text: &str) -> String {
    jsonlex(schema, text.as_bytes(), 1024, false).expect_err(text).to_string()
}

/// Both readers reject it; ours says each of `parts`.
fn rejects(schema: &SchemaRef, text: &str, parts: &[&str]) {
    assert!(arrow_json(schema, text.as_bytes(), 1024, false).is_err(), "arrow-json accepts {text:?}");
    let e = error(schema, text);
    for p in parts {
        assert!(e.contains(p), "{text:?}: {e:?} lacks {p:?}");
    }
}

/// Ours rejects it, saying each of `parts` (arrow-json accepts some malformed JSON:
/// trailing commas, missing commas between elements).
fn ours_rejects(schema: &SchemaRef, text: &str, parts: &[&str]) {
    let e = error(schema, text);
    for p in parts {
        assert!(e.contains(p), "{text:?}: {e:?} lacks {p:?}");
    }
}

#[test]
fn arrow_json_accepts_what_is_not_json() {
    let s = one("a", DataType::Int64);
    for text in ["{\"a\": 1,}", "{\"x\": [1 2]}"] {
        assert!(arrow_json(&s, text.as_bytes(), 1024, false).is_ok(), "{text}");
        assert!(jsonlex(&s, text.as_bytes(), 1024, false).is_err(), "{text}");
    }
}

#[test]
fn malformed_lines_name_line_column_and_byte() {
    let s = one("a", DataType::Int64);
    ours_rejects(&s, "{\"a\": 1}\n{\"a\": 2,}\n", &["line 2, column 9 (byte 17)", "expected a string key after ','"]);
    ours_rejects(&s, "{\"a\": 1}\r\n\r\n  {\"a\" 2}\n", &["line 3, column 8 (byte 19)", "':'"]);
    ours_rejects(&s, "{\"a\": 1}\n{\"a\": [1, 2}\n", &["line 2"]);
    ours_rejects(&s, "{\"a\": 1}\n{\"a\": tru}\n", &["line 2, column 7"]);
    ours_rejects(&s, "{\"b\": \"bad \\x escape\"}", &["line 1, column"]);
    ours_rejects(&s, "{\"a\": 1", &["line 1", "end of input"]);
    ours_rejects(&s, "[1]\n", &["record 1: expected an object, found `1`"]);
    rejects(&s, "{\"a\": 1}\n[1]\n", &["line 2, column 1", "record 2: expected an object, found an array"]);
    ours_rejects(&s, "{\"b\": \"\\ud800\"}\n", &["line 1, column 8", "surrogate"]);
    // Invalid UTF-8, in a skipped field too.
    let bad_utf8 = b"{\"b\": \"\xff\"}\n".to_vec();
    assert!(jsonlex(&s, &bad_utf8, 1024, false).unwrap_err().to_string().contains("line 1, column 8"));
    // Our array form: what follows the array.
    let e = error(&s, "[{\"a\": 1}] {\"a\": 2}");
    assert!(e.contains("after the top-level array") && e.contains("column 12"), "{e}");
    let e = error(&s, "[{\"a\": 1} {\"a\": 2}]");
    assert!(e.contains("expected ',' or ']'"), "{e}");
}

#[test]
fn skipped_values_are_checked_too() {
    let s = one("a", DataType::Int64);
    for bad in [
        "{\"x\": [1 2]}",
        "{\"x\": {\"k\" 1}}",
        "{\"x\": [}",
        "{\"x\": {\"k\": 1,}}",
        "{\"x\": [1,]}",
        "{\"x\": {1: 2}}",
    ] {
        ours_rejects(&s, bad, &["line 1"]);
    }
    // Escapes in skipped strings and keys are checked (not unescaped): a lone
    // surrogate is an error at its place, as in a decoded one.
    ours_rejects(
        &s,
        "{\"a\": 1}\n{\"x\": [\"ok \\ud83d\\ude00\", \"\\udc00\"]}\n",
        &["line 2, column 28 (byte 36)", "surrogate"],
    );
    ours_rejects(&s, "{\"x\": {\"\\ud800\": 1}}", &["line 1, column 9 (byte 8)", "surrogate"]);
    ours_rejects(&s, "{\"\\ud800x\": 1}", &["line 1, column 3 (byte 2)", "surrogate"]);
    // Integers read without the lexer stop where the lexer would, and what follows is
    // still checked.
    for (bad, at) in [
        ("{\"a\": 01}", "column 8 (byte 7): expected ',' or '}' after an object member, found `1`"),
        ("{\"a\": -}", "column 8 (byte 7): invalid number: expected a digit after '-'"),
        ("{\"a\": 1x}", "column 8 (byte 7): unexpected character `x`"),
        ("{\"a\": 2-}", "column 9 (byte 8): invalid number: expected a digit after '-'"),
        ("{\"a\": 1.}", "column 8 (byte 7): unexpected character `.`"),
        ("{\"x\": [1 2]}", "column 10 (byte 9): expected ',' or ']' after an array element, found `2`"),
    ] {
        ours_rejects(&s, bad, &["line 1", at]);
    }
}

#[test]
fn a_repeated_keys_earlier_value_is_not_read() {
    // As in arrow-json, a key's last value is the field's; an earlier one that does not
    // fit the column is no error (found by tests/shapes.rs).
    let int = one("a", DataType::Int64);
    for text in ["{\"a\": \"x\", \"a\": 1}\n", "{\"a\": {\"b\": [1, 2]}, \"b\": 0, \"a\": 3}\n{\"a\": 4}\n"] {
        let want = arrow_json(&int, text.as_bytes(), 1024, false).expect(text);
        assert_eq!(jsonlex(&int, text.as_bytes(), 1024, false).expect(text), want, "{text}");
    }
    let nested = schema_ref(Schema::new(vec![Field::new(
        "o",
        DataType::Struct(vec![Field::new("n", DataType::Int64, true)].into()),
        true,
    )]));
    let text = "{\"o\": {\"n\": \"x\", \"n\": 5}}\n{\"o\": [true], \"o\": {\"n\": 6}}\n";
    let want = arrow_json(&nested, text.as_bytes(), 1024, false).expect(text);
    assert_eq!(jsonlex(&nested, text.as_bytes(), 1024, false).expect(text), want);
    // The last value still has to fit, and the earlier one to be JSON.
    rejects(&int, "{\"a\": 1, \"a\": \"x\"}\n", &["record 1", "field 'a'", "`\"x\"`"]);
    ours_rejects(&int, "{\"a\": [1,], \"a\": 2}\n", &["line 1, column"]);
}

#[test]
fn ignored_type_conflicts_are_nulls() {
    // arrow-json's `with_ignore_type_conflicts(true)`: a value that does not fit is a
    // null, at any depth; malformed input and nulls in non-nullable fields stay errors.
    let schema = schema_ref(Schema::new(vec![
        Field::new("a", DataType::Int8, true),
        Field::new("l", DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))), true),
        Field::new("o", DataType::Struct(vec![Field::new("n", DataType::Float64, true)].into()), true),
    ]));
    let read = |text: &str, ignore: bool| {
        jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .with_ignore_type_conflicts(ignore)
            .build(text.as_bytes())
            .and_then(|r| r.collect::<Result<Vec<_>, _>>())
    };
    let want = |text: &str| {
        arrow_json::ReaderBuilder::new(schema.clone())
            .with_ignore_type_conflicts(true)
            .build(text.as_bytes())
            .and_then(|r| r.collect::<Result<Vec<_>, _>>())
            .unwrap()
    };
    let text = "{\"a\": 300, \"l\": [1, \"x\", 3], \"o\": {\"n\": true}}\n{\"a\": [1], \"l\": {\"k\": 1}, \"o\": 5}\n{\"a\": 7}\n";
    let got = read(text, true).unwrap();
    assert_eq!(got, want(text));
    assert_eq!(got[0].column(0).null_count(), 2);
    assert!(read(text, false).is_err());
    let e = read("{\"a\": [1,]}\n", true).unwrap_err().to_string();
    assert!(e.contains("line 1, column 10"), "{e}");
    let strict = schema_ref(Schema::new(vec![Field::new("a", DataType::Int8, false)]));
    let e = jsonlex_arrow::ReaderBuilder::new(strict)
        .with_ignore_type_conflicts(true)
        .build(&b"{\"a\": \"x\"}\n"[..])
        .unwrap()
        .next()
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().contains("not nullable"), "{e}");
}

#[test]
fn wrong_types_name_field_record_and_value() {
    let point = Fields::from(vec![Field::new("x", DataType::Int64, true)]);
    let s = schema_ref(Schema::new(vec![
        Field::new("a", DataType::Int64, true),
        Field::new("o", DataType::Struct(point.clone()), true),
        Field::new("l", DataType::List(Arc::new(Field::new_list_field(DataType::Struct(point), true))), true),
    ]));
    rejects(
        &s,
        "{\"a\": 1}\n{\"a\": \"abc\"}",
        &["record 2", "field 'a'", "cannot parse `\"abc\"` as Int64", "line 2, column 7"],
    );
    rejects(&s, "{\"a\": true}", &["field 'a'", "expected Int64, found `true`"]);
    rejects(&s, "{\"o\": {\"x\": [1]}}", &["field 'o.x'", "found an array"]);
    rejects(&s, "{\"o\": 5}", &["field 'o'", "expected an object, found `5`"]);
    rejects(&s, "{\"l\": [{\"x\": 1}, {\"x\": \"no\"}]}", &["field 'l[].x'", "`\"no\"`"]);
    rejects(&s, "{\"l\": {}}", &["field 'l'", "expected an array, found an object"]);
}

#[test]
fn every_type_rejects_what_it_cannot_read() {
    let cases: Vec<(DataType, &str, &str)> = vec![
        (DataType::Int8, "300", "as Int8"),
        (DataType::Int16, "\"x\"", "as Int16"),
        (DataType::Int32, "[]", "expected Int32, found an array"),
        (DataType::UInt8, "-1", "as UInt8"),
        (DataType::UInt64, "{}", "expected UInt64"),
        (DataType::Float32, "true", "expected Float32"),
        (DataType::Float64, "\"one\"", "as Float64"),
        (DataType::Boolean, "1", "expected Boolean, found `1`"),
        (DataType::Boolean, "\"true\"", "expected Boolean"),
        (DataType::Utf8, "1", "expected Utf8, found `1`"),
        (DataType::LargeUtf8, "false", "expected LargeUtf8"),
        (DataType::Utf8View, "[\"a\"]", "expected Utf8View"),
        (DataType::Null, "0", "expected Null"),
        (DataType::Date32, "\"2024-13-01\"", "as Date32"),
        (DataType::Date64, "\"yesterday\"", "as Date64"),
        (DataType::Time32(TimeUnit::Second), "\"25:00:00\"", "as Time32(s)"),
        (DataType::Timestamp(TimeUnit::Second, None), "\"not a time\"", "as Timestamp(s)"),
        (DataType::Timestamp(TimeUnit::Nanosecond, None), "true", "expected Timestamp(ns)"),
        (DataType::Decimal128(5, 2), "12345.6", "as Decimal128(5, 2)"),
        (DataType::Decimal128(10, 2), "\"1.2.3\"", "as Decimal128"),
        (DataType::Decimal256(10, 0), "[]", "expected Decimal256"),
        (DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))), "1", "expected an array"),
        (DataType::Struct(Fields::from(vec![Field::new("a", DataType::Int64, true)])), "[]", "expected an object"),
    ];
    for (dt, value, part) in cases {
        let s = one("v", dt.clone());
        rejects(&s, &format!("{{\"v\": {value}}}"), &[part, "field 'v'", "record 1"]);
    }
}

#[test]
fn types_arrow_json_does_not_check() {
    // arrow-json panics or gives other errors on these; ours are errors that say why.
    let cases: Vec<(DataType, &str, &str)> = vec![
        (DataType::Binary, "\"0g\"", "invalid hex digit at position 1"),
        (DataType::Binary, "12", "expected Binary, found `12`"),
        (DataType::FixedSizeBinary(2), "\"abcdef\"", "3 bytes, not 2"),
        (
            DataType::FixedSizeList(Arc::new(Field::new_list_field(DataType::Int64, true)), 2),
            "[1]",
            "expected 2 elements, found 1",
        ),
        (
            DataType::Map(
                Arc::new(Field::new(
                    "entries",
                    DataType::Struct(Fields::from(vec![
                        Field::new("keys", DataType::Utf8, false),
                        Field::new("values", DataType::Int64, true),
                    ])),
                    false,
                )),
                false,
            ),
            "{\"k\": \"v\"}",
            "field 'v.values'",
        ),
        (
            DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8)),
            "5",
            "expected Dictionary(Int32, Utf8)",
        ),
    ];
    for (dt, value, part) in cases {
        let s = one("v", dt);
        let e = error(&s, &format!("{{\"v\": {value}}}"));
        assert!(e.contains(part) && e.contains("line 1"), "{value}: {e}");
    }
}

#[test]
fn bad_records_can_be_skipped_and_counted() {
    let s = one("a", DataType::Int64);
    let text = "{\"a\": 1}\n{\"a\": \"x\"}\n{\"a\": 3}\n{\"a\": [1,\n{\"a\": 5}\n{\"a\": 6";
    let mut reader = jsonlex_arrow::ReaderBuilder::new(s).with_skip_bad_records(true).build(text.as_bytes()).unwrap();
    let batch = reader.next().unwrap().unwrap();
    assert!(reader.next().is_none());
    let a = batch.column(0).as_primitive::<Int64Type>();
    assert_eq!(a.iter().collect::<Vec<_>>(), [Some(1), Some(3), Some(5)], "no row dropped or shifted");
    assert_eq!(reader.skipped_records(), 3);
    let errors: Vec<String> = reader.skipped_errors().iter().map(|e| e.to_string()).collect();
    assert!(errors[0].contains("line 2") && errors[0].contains("record 2"), "{errors:?}");
    assert!(errors[1].contains("line 4"), "{errors:?}");
    assert!(errors[2].contains("line 6"), "{errors:?}");
}

#[test]
fn skipping_in_pieces() {
    let s = one("a", DataType::Int64);
    let text = b"{\"a\": 1}\n{\"a\": \"a long bad value\"}\n{\"a\": 3}\n";
    for cut in 0..text.len() {
        let mut d = jsonlex_arrow::ReaderBuilder::new(s.clone()).with_skip_bad_records(true).build_decoder().unwrap();
        assert_eq!(d.decode(&text[..cut]).unwrap(), cut);
        assert_eq!(d.decode(&text[cut..]).unwrap(), text.len() - cut);
        let b = d.flush().unwrap().unwrap();
        assert_eq!(b.column(0).as_primitive::<Int64Type>().values().to_vec(), [1, 3], "cut at {cut}");
        assert_eq!(d.skipped_records(), 1);
    }
}

const SAMPLE: &[u8] = b"{\"a\": 1, \"s\": \"x\\u00e9\", \"o\": {\"x\": [1.5, null]}, \"k\": [true, {\"z\": \"\"}]}\n{\"a\": -2, \"s\": null}\n";

fn fuzz_schema() -> SchemaRef {
    schema_ref(Schema::new(vec![
        Field::new("a", DataType::Int64, true),
        Field::new("s", DataType::Utf8, true),
        Field::new(
            "o",
            DataType::Struct(Fields::from(vec![Field::new(
                "x",
                DataType::List(Arc::new(Field::new_list_field(DataType::Float64, true))),
                true,
            )])),
            true,
        ),
    ]))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any bytes changed anywhere: a result or an error, never a panic; the reader and
    /// the decoder fed in two pieces agree; inference too.
    #[test]
    fn mutations_never_panic(edits in proptest::collection::vec((0..SAMPLE.len(), any::<u8>()), 1..4), cut in 0..SAMPLE.len()) {
        let mut input = SAMPLE.to_vec();
        for (at, b) in edits {
            input[at] = b;
        }
        let s = fuzz_schema();
        let whole = jsonlex(&s, &input, 1024, false);
        let mut d = jsonlex_arrow::ReaderBuilder::new(s).build_decoder().unwrap();
        let pieces = d.decode(&input[..cut]).and_then(|_| d.decode(&input[cut..])).and_then(|_| d.flush());
        prop_assert_eq!(whole.is_ok(), pieces.is_ok(), "{:?} vs {:?}", whole, pieces);
        if let (Ok(w), Ok(p)) = (whole, pieces) {
            prop_assert_eq!(w.into_iter().next(), p);
        }
        let _ = jsonlex_arrow::infer_json_schema_from_slice(&input, None);
    }
}

#[test]
fn structs_as_lists() {
    // `with_struct_mode(ListOnly)`: `[1, [true, "cat"]]`; the wrong number of values, or
    // an object, is an error as in arrow-json.
    let schema = schema_ref(Schema::new(vec![
        Field::new("a", DataType::Int32, true),
        Field::new(
            "r",
            DataType::Struct(
                vec![Field::new("b", DataType::Boolean, true), Field::new("c", DataType::Utf8, true)].into(),
            ),
            true,
        ),
    ]));
    let read = |text: &str| {
        jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .with_struct_mode(jsonlex_arrow::StructMode::ListOnly)
            .build(text.as_bytes())
            .and_then(|r| r.collect::<Result<Vec<_>, _>>())
    };
    let arrow = |text: &str| {
        arrow_json::ReaderBuilder::new(schema.clone())
            .with_struct_mode(arrow_json::StructMode::ListOnly)
            .build(text.as_bytes())
            .and_then(|r| r.collect::<Result<Vec<_>, _>>())
    };
    let text = "[1, [true, \"cat\"]]\n[null, null]\n[3, [false, null]]\n";
    assert_eq!(read(text).unwrap(), arrow(text).unwrap());
    for (bad, part) in [
        ("[1, [true, \"cat\"], 3]\n", "record 1: found extra columns for 2 fields"),
        ("[1]\n", "record 1: found 1 columns for 2 fields"),
        ("[1, [true]]\n", "found 1 columns for 2 fields"),
        ("{\"a\": 1}\n", "expected an array (struct mode ListOnly), found an object"),
    ] {
        assert!(arrow(bad).is_err(), "arrow-json reads {bad}");
        let e = read(bad).unwrap_err().to_string();
        assert!(e.contains(part) && e.contains("line 1, column"), "{bad}: {e}");
    }
    let projected = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_struct_mode(jsonlex_arrow::StructMode::ListOnly)
        .with_projection(vec![0])
        .build_decoder();
    assert!(projected.is_err());
}
