//! Every column type against every kind of value, as arrow-json reads them: the same
//! array, or both an error (where arrow-json panics, ours must still give an error or
//! a value, never panic). Values chosen at the edges of each type's parsing: signs,
//! exponents, overflow, fractions, dates and times with and without zones, hex, escapes;
//! with and without `with_coerce_primitive` and `with_ignore_type_conflicts`, in
//! records and as the values themselves (`new_with_field`).

mod common;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, IntervalUnit, Schema, TimeUnit};
use common::*;

fn types() -> Vec<DataType> {
    use DataType::*;
    let list = |t: DataType| List(Arc::new(Field::new_list_field(t, true)));
    vec![
        Null,
        Boolean,
        Int8,
        Int16,
        Int32,
        Int64,
        UInt8,
        UInt16,
        UInt32,
        UInt64,
        Float16,
        Float32,
        Float64,
        Utf8,
        LargeUtf8,
        Utf8View,
        Binary,
        LargeBinary,
        BinaryView,
        FixedSizeBinary(2),
        Date32,
        Date64,
        Time32(TimeUnit::Second),
        Time32(TimeUnit::Millisecond),
        Time64(TimeUnit::Microsecond),
        Time64(TimeUnit::Nanosecond),
        Timestamp(TimeUnit::Second, None),
        Timestamp(TimeUnit::Millisecond, Some("+00:00".into())),
        Timestamp(TimeUnit::Microsecond, Some("+05:30".into())),
        Timestamp(TimeUnit::Nanosecond, None),
        Duration(TimeUnit::Second),
        Duration(TimeUnit::Millisecond),
        Duration(TimeUnit::Nanosecond),
        Interval(IntervalUnit::DayTime),
        Decimal128(5, 2),
        Decimal128(38, 0),
        Decimal128(10, -2),
        Decimal256(20, 4),
        Dictionary(Box::new(Int32), Box::new(Utf8)),
        list(Int64),
        list(Utf8),
        Struct(Fields::from(vec![Field::new("a", Int64, true)])),
        ListView(Arc::new(Field::new_list_field(Int64, true))),
        LargeListView(Arc::new(Field::new_list_field(Utf8, true))),
        Decimal32(7, 2),
        Decimal64(12, 3),
        RunEndEncoded(Arc::new(Field::new("run_ends", Int32, false)), Arc::new(Field::new("values", Utf8, true))),
        RunEndEncoded(Arc::new(Field::new("ends", Int16, false)), Arc::new(Field::new("v", Float64, true))),
    ]
}

const VALUES: &[&str] = &[
    "null",
    "true",
    "false",
    "0",
    "-0",
    "1",
    "-1",
    "127",
    "128",
    "-129",
    "255",
    "256",
    "65536",
    "-32769",
    "2147483648",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "1.5",
    "-1.5",
    "0.0",
    "1e3",
    "1E-3",
    "1.25e2",
    "123.456",
    "12345.678",
    "1e400",
    "-1e400",
    "5e-324",
    "65504",
    "65520",
    "\"\"",
    "\"x\"",
    "\"1\"",
    "\"-1\"",
    "\"1.5\"",
    "\"1e3\"",
    "\"true\"",
    "\"null\"",
    "\"00ff\"",
    "\"0g\"",
    "\"abc\"",
    "\"\\u00e9\"",
    "\"a\\nb\"",
    "\"2024-02-29\"",
    "\"2023-02-29\"",
    "\"2024-13-01\"",
    "\"2024-01-02T03:04:05\"",
    "\"2024-01-02T03:04:05Z\"",
    "\"2024-01-02 03:04:05.123456789+02:00\"",
    "\"2024-01-02T03:04:05.5-0800\"",
    "\"12:34:56\"",
    "\"12:34:56.789\"",
    "\"25:00:00\"",
    "\"23:59:60\"",
    "\"1970-01-01\"",
    "\"-1\"",
    "\"  1\"",
    "\"1 \"",
    "\"0.001\"",
    "\"123.45\"",
    "\"-123.456\"",
    "\"1.2.3\"",
    "\"1e2\"",
    "[]",
    "[1, 2]",
    "[\"a\", null]",
    "[1.5]",
    "{}",
    "{\"a\": 1}",
    "{\"a\": \"x\"}",
    "{\"b\": 1}",
];

#[test]
fn every_type_every_value() {
    // arrow-json panics on some of these (unreachable!() in its binary decoders):
    // quietly, those cases are not compared.
    std::panic::set_hook(Box::new(|_| {}));
    let mut differ = Vec::new();
    let mut compared = 0;
    for dt in types() {
        let schema = schema_ref(Schema::new(vec![Field::new("v", dt.clone(), true)]));
        for value in VALUES {
            // Two rows: the value, and the same record again after a null (builders
            // that keep state between rows).
            let text = format!("{{\"v\": {value}}}\n{{\"v\": null}}\n{{\"v\": {value}}}\n");
            // `new_with_field`: the values themselves, a line each.
            let values = format!("{value}\nnull\n{value}\n");
            let field = Arc::new(Field::new("v", dt.clone(), true));
            for (coerce, ignore, by_field) in [
                (false, false, false),
                (true, false, false),
                (false, true, false),
                (true, true, false),
                (false, false, true),
                (true, true, true),
            ] {
                let text = if by_field { &values } else { &text };
                let builders = || {
                    if by_field {
                        (
                            arrow_json::ReaderBuilder::new_with_field(field.clone()),
                            jsonlex_arrow::ReaderBuilder::new_with_field(field.clone()),
                        )
                    } else {
                        (
                            arrow_json::ReaderBuilder::new(schema.clone()),
                            jsonlex_arrow::ReaderBuilder::new(schema.clone()),
                        )
                    }
                };
                let want = catch_unwind(AssertUnwindSafe(|| {
                    builders()
                        .0
                        .with_coerce_primitive(coerce)
                        .with_ignore_type_conflicts(ignore)
                        .build(text.as_bytes())?
                        .collect::<Result<Vec<_>, _>>()
                }));
                let got = catch_unwind(AssertUnwindSafe(|| {
                    builders()
                        .1
                        .with_coerce_primitive(coerce)
                        .with_ignore_type_conflicts(ignore)
                        .build(text.as_bytes())?
                        .collect::<Result<Vec<_>, _>>()
                }));
                let Ok(got) = got else {
                    differ.push(format!(
                        "{dt} {value} coerce={coerce} ignore={ignore} by_field={by_field}: jsonlex-arrow panicked"
                    ));
                    continue;
                };
                let Ok(want) = want else { continue };
                // Types arrow-json does not read (Dictionary): ours are checked elsewhere.
                if matches!(want, Err(arrow_schema::ArrowError::NotYetImplemented(_))) {
                    continue;
                }
                compared += 1;
                match (&want, &got) {
                    (Ok(w), Ok(g)) if w == g => {}
                    (Err(_), Err(_)) => {}
                    _ => differ.push(format!(
                        "{dt} {value} coerce={coerce} ignore={ignore} by_field={by_field}: arrow-json {:?} / jsonlex-arrow {:?}",
                        want.as_ref().map(|b| b.iter().map(|b| format!("{:?}", b.column(0))).collect::<Vec<_>>()),
                        got.as_ref().map(|b| b.iter().map(|b| format!("{:?}", b.column(0))).collect::<Vec<_>>())
                    )),
                }
            }
        }
    }
    let _ = std::panic::take_hook();
    assert!(compared > 12000, "{compared} cases compared");
    assert!(differ.is_empty(), "{} of {compared} differ:\n{}", differ.len(), differ.join("\n"));
}
