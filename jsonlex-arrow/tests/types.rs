//! Hand-written records for every type arrow-json reads: the same batches as
//! arrow-json's, with nulls, missing fields, nested types, both input forms.

mod common;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::Array;
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use common::*;

fn field(name: &str, dt: DataType) -> Field {
    Field::new(name, dt, true)
}

/// Same batches as arrow-json for every batch size tried, NDJSON and array form.
fn same(schema: &SchemaRef, lines: &[&str], coerce: bool) {
    let text = lines.join("\n");
    for batch_size in [1, 2, 1024] {
        let want = arrow_json(schema, text.as_bytes(), batch_size, coerce).expect("arrow-json reads it");
        let got = jsonlex(schema, text.as_bytes(), batch_size, coerce).expect("jsonlex-arrow reads it");
        assert_eq!(got, want, "batch size {batch_size}:\n{text}");
    }
    let array =
        format!("[{}]", lines.iter().filter(|l| !l.trim().is_empty()).cloned().collect::<Vec<_>>().join(",\r\n"));
    let got = jsonlex(schema, array.as_bytes(), 1024, coerce).expect("array form");
    assert_eq!(got, arrow_json(schema, text.as_bytes(), 1024, coerce).unwrap(), "array form:\n{array}");
}

fn both_fail(schema: &SchemaRef, text: &str) -> String {
    assert!(arrow_json(schema, text.as_bytes(), 1024, false).is_err(), "arrow-json accepts {text}");
    jsonlex(schema, text.as_bytes(), 1024, false).expect_err(text).to_string()
}

#[test]
fn integers_and_floats() {
    let schema = schema_ref(Schema::new(vec![
        field("i8", DataType::Int8),
        field("i16", DataType::Int16),
        field("i32", DataType::Int32),
        field("i64", DataType::Int64),
        field("u8", DataType::UInt8),
        field("u16", DataType::UInt16),
        field("u32", DataType::UInt32),
        field("u64", DataType::UInt64),
        field("f16", DataType::Float16),
        field("f32", DataType::Float32),
        field("f64", DataType::Float64),
    ]));
    same(
        &schema,
        &[
            r#"{"i8": -128, "i16": 32767, "i32": -2147483648, "i64": 9223372036854775807, "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 18446744073709551615, "f16": 1.5, "f32": 3.4e38, "f64": 1.7976931348623157e308}"#,
            r#"{"i8": null, "i64": -9223372036854775808, "f64": -0.0, "f32": 1e-45, "f16": 65504}"#,
            r#"{"i32": 2.9, "i64": 1e3, "u8": "7", "f64": "2.5", "i16": -0, "u64": 1.0E2}"#,
            "",
            r#"{}"#,
            "\r",
            r#"{"f64": 0.1, "f32": 0.1, "f16": 0.1, "i8": 1.999e1}"#,
        ],
        false,
    );
}

#[test]
fn booleans_strings_nulls() {
    let schema = schema_ref(Schema::new(vec![
        field("b", DataType::Boolean),
        field("s", DataType::Utf8),
        field("l", DataType::LargeUtf8),
        field("v", DataType::Utf8View),
        field("n", DataType::Null),
    ]));
    same(
        &schema,
        &[
            r#"{"b": true, "s": "plain", "l": "a \"quoted\" \\ string\n", "v": "a view longer than twelve bytes", "n": null}"#,
            r#"{"b": false, "s": "\u00e9\ud83d\ude00 é 日本語", "l": "", "v": "short"}"#,
            r#"{"b": null, "s": null, "l": null, "v": null}"#,
            r#"{"s": "\/\b\f\r\t", "v": "\u0041\u0042"}"#,
        ],
        false,
    );
}

#[test]
fn coerce_primitive() {
    let schema = schema_ref(Schema::new(vec![
        field("s", DataType::Utf8),
        field("l", DataType::LargeUtf8),
        field("v", DataType::Utf8View),
    ]));
    same(
        &schema,
        &[
            r#"{"s": 1.50, "l": true, "v": -12e-3}"#,
            r#"{"s": false, "l": 18446744073709551616, "v": "text"}"#,
            r#"{"s": 0, "l": null, "v": 123456789012345}"#,
        ],
        true,
    );
}

#[test]
fn dates_times_durations_timestamps() {
    let schema = schema_ref(Schema::new(vec![
        field("d32", DataType::Date32),
        field("d64", DataType::Date64),
        field("t32s", DataType::Time32(TimeUnit::Second)),
        field("t32ms", DataType::Time32(TimeUnit::Millisecond)),
        field("t64us", DataType::Time64(TimeUnit::Microsecond)),
        field("t64ns", DataType::Time64(TimeUnit::Nanosecond)),
        field("dur_s", DataType::Duration(TimeUnit::Second)),
        field("dur_ns", DataType::Duration(TimeUnit::Nanosecond)),
        field("ts_s", DataType::Timestamp(TimeUnit::Second, None)),
        field("ts_ms", DataType::Timestamp(TimeUnit::Millisecond, None)),
        field("ts_us", DataType::Timestamp(TimeUnit::Microsecond, Some("+02:00".into()))),
        field("ts_ns", DataType::Timestamp(TimeUnit::Nanosecond, Some("-05:00".into()))),
    ]));
    same(
        &schema,
        &[
            r#"{"d32": "2024-05-01", "d64": "2024-05-01T10:00:00", "t32s": "12:30:45", "t32ms": "12:30:45.123", "t64us": "23:59:59.999999", "t64ns": "00:00:00.000000001", "dur_s": 60, "dur_ns": "5", "ts_s": "2024-05-01T12:30:00Z", "ts_ms": "2024-05-01T12:30:00.250+02:00", "ts_us": "2024-05-01 12:30:00", "ts_ns": "2024-05-01T12:30:00"}"#,
            r#"{"d32": 19000, "d64": 1700000000000, "t32s": 3600, "t64ns": 1, "ts_s": 1700000000, "ts_ms": 1.7e12, "ts_us": -1, "ts_ns": 0}"#,
            r#"{"d32": null, "ts_s": null}"#,
        ],
        false,
    );
}

#[test]
fn decimals_and_binary() {
    let schema = schema_ref(Schema::new(vec![
        field("d128", DataType::Decimal128(38, 10)),
        field("d256", DataType::Decimal256(50, 5)),
        field("d32", DataType::Decimal32(9, 2)),
        field("d64", DataType::Decimal64(18, 4)),
        field("bin", DataType::Binary),
        field("lbin", DataType::LargeBinary),
        field("fbin", DataType::FixedSizeBinary(3)),
    ]));
    same(
        &schema,
        &[
            r#"{"d128": 1234567890.0123456789, "d256": "-12345678901234567890123456789012345678901234.12345", "d32": 12.5, "d64": -0.0001, "bin": "00ff10", "lbin": "DEADbeef", "fbin": "abcdef"}"#,
            r#"{"d128": "0.1", "d256": 1e3, "d32": null, "d64": 7, "bin": "", "lbin": "abc", "fbin": null}"#,
            r#"{"d128": null}"#,
        ],
        false,
    );
}

#[test]
fn structs_lists_maps() {
    let point = Fields::from(vec![field("x", DataType::Int64), field("y", DataType::Float64)]);
    let schema = schema_ref(Schema::new(vec![
        field("p", DataType::Struct(point.clone())),
        field("tags", DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))),
        field("pts", DataType::LargeList(Arc::new(Field::new_list_field(DataType::Struct(point.clone()), true)))),
        field("fixed", DataType::FixedSizeList(Arc::new(Field::new_list_field(DataType::Int32, true)), 2)),
        field(
            "m",
            DataType::Map(
                Arc::new(Field::new(
                    "entries",
                    DataType::Struct(Fields::from(vec![
                        Field::new("keys", DataType::Utf8, false),
                        field("values", DataType::Int64),
                    ])),
                    false,
                )),
                false,
            ),
        ),
        field(
            "nested",
            DataType::Struct(Fields::from(vec![field(
                "inner",
                DataType::Struct(Fields::from(vec![field(
                    "deep",
                    DataType::List(Arc::new(Field::new_list_field(
                        DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))),
                        true,
                    ))),
                )])),
            )])),
        ),
    ]));
    same(
        &schema,
        &[
            r#"{"p": {"x": 1, "y": 2.5, "z": "skipped"}, "tags": ["a", null, "c"], "pts": [{"x": 1}, null, {"y": 3}], "fixed": [1, 2], "m": {"a": 1, "b": null}, "nested": {"inner": {"deep": [[1, 2], [], null, [3]]}}}"#,
            r#"{"p": null, "tags": [], "pts": null, "fixed": null, "m": {}, "nested": {"inner": null}}"#,
            r#"{"tags": null, "skip": {"a": [1, {"b": [true, false, null]}], "c": "\u00e9"}, "nested": null}"#,
            r#"{"p": {}, "m": null, "nested": {}}"#,
        ],
        false,
    );
}

#[test]
fn repeated_keys_keep_the_last_value() {
    let schema = schema_ref(Schema::new(vec![
        field("a", DataType::Int64),
        field("l", DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true)))),
    ]));
    same(&schema, &[r#"{"a": 1, "a": 2, "l": [1, 2], "l": [3]}"#, r#"{"a": null, "a": 5}"#], false);
}

#[test]
fn wide_records_find_keys_through_the_index() {
    let fields: Vec<Field> = (0..40).map(|i| field(&format!("f{i}"), DataType::Int64)).collect();
    let schema = schema_ref(Schema::new(fields));
    let forward: Vec<String> = (0..40).map(|i| format!("\"f{i}\": {i}")).collect();
    let backward: Vec<String> = (0..40).rev().step_by(3).map(|i| format!("\"f{i}\": {}", i * 2)).collect();
    let lines = [format!("{{{}}}", forward.join(", ")), format!("{{{}}}", backward.join(", "))];
    same(&schema, &lines.iter().map(String::as_str).collect::<Vec<_>>(), false);
}

#[test]
fn keys_like_the_last_records_are_still_told_apart() {
    // Keys are first matched as the text `"key"` of the key last seen at their place:
    // prefixes, longer keys, escaped spellings, white space, keys with a quote and a
    // key where `}` was must all come out as arrow-json reads them.
    let schema = schema_ref(Schema::new(vec![
        field("ab", DataType::Int64),
        field("abc", DataType::Int64),
        field("a", DataType::Int64),
        field("q\"", DataType::Int64),
        field("s", DataType::Utf8),
    ]));
    same(
        &schema,
        &[
            r#"{"ab": 1, "s": "x"}"#,
            r#"{"abc": 2, "s": "y"}"#,
            r#"{"a": 3, "s": "z"}"#,
            r#"{"\u0061b": 4, "s": "w"}"#,
            r#"{"ab": 5, "s": "v"}"#,
            r#"{ "ab" : 6 , "s" : "u" }"#,
            r#"{"q\"": 7, "ab": 8}"#,
            r#"{"q\"": 9, "ab": 10}"#,
            r#"{}"#,
            r#"{"ab": 11, "s": "t", "abc": 12}"#,
            r#"{"ab": 13}"#,
            r#"{"ab": 14, "s": "t", "abc": 15}"#,
            r#"{"s": "r", "ab": 16}"#,
        ],
        false,
    );
}

#[test]
fn integers_found_without_the_lexer() {
    // Values that start with a digit or '-' are first read as an integer token up to
    // the first byte that cannot go on a number: what follows must still be what the
    // lexer would say.
    let schema = schema_ref(Schema::new(vec![
        field("a", DataType::Int64),
        field("l", DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true)))),
        field("f", DataType::Float64),
    ]));
    same(
        &schema,
        &[
            r#"{"a": 0, "l": [1,-2, 30 ,4], "f": 7}"#,
            r#"{"a":-0,"l":[],"f":-12}"#,
            r#"{"a": 12 , "f": 1.25}"#,
            r#"{"a": 5e0, "f": 1E2, "l": [0]}"#,
            r#"{"f": 3.5e-1, "a": -9223372036854775808}"#,
        ],
        false,
    );
}

#[test]
fn dictionary_strings() {
    // arrow-json does not read dictionaries: compared with its Utf8 column, cast.
    let dict = DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8));
    let schema = schema_ref(Schema::new(vec![field("d", dict)]));
    let text = "{\"d\": \"red\"}\n{\"d\": \"blue\"}\n{\"d\": null}\n{}\n{\"d\": \"red\"}\n";
    let batches = jsonlex(&schema, text.as_bytes(), 1024, false).unwrap();
    let d = batches[0].column(0).as_dictionary::<Int32Type>();
    assert_eq!(d.keys().iter().collect::<Vec<_>>(), [Some(0), Some(1), None, None, Some(0)]);
    assert_eq!(d.values().as_string::<i32>().iter().collect::<Vec<_>>(), [Some("red"), Some("blue")]);
    assert_eq!(d.null_count(), 2);
}

#[test]
fn projection_and_strict_mode() {
    let schema = schema_ref(Schema::new(vec![field("a", DataType::Int64), field("b", DataType::Utf8)]));
    let text = "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": \"y\"}\n";
    let batches: Vec<_> = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_projection(vec![1])
        .with_strict_mode(true)
        .build(text.as_bytes())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(batches[0].schema().fields().len(), 1);
    assert_eq!(batches[0].column(0).as_string::<i32>().value(1), "y");
    let e = jsonlex_arrow::ReaderBuilder::new(schema)
        .with_strict_mode(true)
        .build("{\"a\": 1, \"c\": 2}\n".as_bytes())
        .unwrap()
        .next()
        .unwrap()
        .unwrap_err()
        .to_string();
    assert!(e.contains("'c' is not in the schema") && e.contains("line 1, column 10"), "{e}");
}

/// No column at all (`SELECT count(*)`): rows counted, records still checked, in
/// strict mode too (where a key is an error: there is no field for it).
#[test]
fn empty_projection_counts_and_validates() {
    let schema = schema_ref(Schema::new(vec![field("a", DataType::Int64), field("b", DataType::Utf8)]));
    let read = |text: &str, strict: bool| {
        jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .with_projection(vec![])
            .with_strict_mode(strict)
            .build(text.as_bytes())
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .map(|b| b.iter().map(|b| b.num_rows()).sum::<usize>())
            .map_err(|e| e.to_string())
    };
    let text = "{\"a\": 1, \"b\": \"x\"}\n{}\n{\"a\": {\"deep\": [1, {\"x\": null}]}, \"z\": 2}\n";
    assert_eq!(read(text, false), Ok(3));
    let bad = "{\"a\": 1}\n{\"a\": [1 2]}\n";
    let e = read(bad, false).unwrap_err();
    assert!(e.contains("line 2, column 10"), "{e}");
    let e = read("{\"a\": 1}\n5\n", false).unwrap_err();
    assert!(e.contains("record 2: expected an object"), "{e}");
    assert_eq!(read("{\"a\": 1, \"b\": \"x\"}\n", true), Ok(1));
}

#[test]
fn non_nullable_fields() {
    let schema = schema_ref(Schema::new(vec![Field::new("a", DataType::Int64, false)]));
    same(&schema, &[r#"{"a": 1}"#, r#"{"a": 2}"#], false);
    let e = both_fail(&schema, "{\"a\": 1}\n{}\n");
    assert!(e.contains("'a' is not nullable"), "{e}");
}

#[test]
fn unsupported_types_say_so() {
    let schema = schema_ref(Schema::new(vec![field("i", DataType::Interval(arrow_schema::IntervalUnit::DayTime))]));
    let e = jsonlex_arrow::ReaderBuilder::new(schema).build_decoder().unwrap_err().to_string();
    assert!(e.contains("cannot read Interval"), "{e}");
}

#[test]
fn rows_from_serde_values() {
    // `Decoder::serialize`: the same batch as arrow-json's from the same rows.
    #[derive(serde::Serialize)]
    struct Row {
        id: i64,
        name: Option<String>,
        tags: Vec<String>,
        score: f64,
    }
    let rows: Vec<Row> = (0..2000)
        .map(|i| Row {
            id: i,
            name: (i % 3 != 0).then(|| format!("n{i}")),
            tags: vec!["a".into(); (i % 4) as usize],
            score: i as f64 / 8.0,
        })
        .collect();
    let schema = schema_ref(arrow_schema::Schema::new(vec![
        field("id", DataType::Int64),
        field("name", DataType::Utf8),
        field("tags", DataType::List(std::sync::Arc::new(arrow_schema::Field::new_list_field(DataType::Utf8, true)))),
        field("score", DataType::Float64),
    ]));
    let mut ours = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_batch_size(100).build_decoder().unwrap();
    ours.serialize(&rows).unwrap();
    let mut theirs = arrow_json::ReaderBuilder::new(schema.clone()).with_batch_size(100).build_decoder().unwrap();
    theirs.serialize(&rows).unwrap();
    let got = ours.flush().unwrap().unwrap();
    assert_eq!(got.num_rows(), 2000);
    assert_eq!(got, theirs.flush().unwrap().unwrap());
    // A cut record in the way is an error.
    let mut cut = jsonlex_arrow::ReaderBuilder::new(schema).build_decoder().unwrap();
    cut.decode(b"{\"id\": 1").unwrap();
    assert!(cut.serialize(&rows).is_err());
}
