//! Fields no column wants are skipped by json-runtime's validating parser loop, and on
//! any error there by the cursor's token loop, which gives the verdict: every shape of
//! skipped value is stepped over to the same place, and an error inside one is the
//! same message at the same line, column and byte as the token loop's (the messages
//! below are the ones the token loop alone gave before the parser was put in front).

mod common;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use common::*;
use jsonlex_arrow::{Prefilter, ReaderBuilder};

fn just_a() -> SchemaRef {
    schema_ref(Schema::new(vec![Field::new("a", DataType::Int64, true)]))
}

/// `a` of each row, reading `text` whole with schema `{a}` (all else skipped).
fn a_values(text: &[u8]) -> Result<Vec<Option<i64>>, String> {
    let batches = jsonlex(&just_a(), text, 1024, false).map_err(|e| e.to_string())?;
    Ok(batches.iter().flat_map(|b| b.column(0).as_primitive::<Int64Type>().iter().collect::<Vec<_>>()).collect())
}

/// The same through a push decoder, `text` in two pieces cut at `cut`.
fn a_values_in_pieces(text: &[u8], cut: usize) -> Result<Vec<Option<i64>>, String> {
    let mut d = ReaderBuilder::new(just_a()).build_decoder().unwrap();
    let mut out = Vec::new();
    for piece in [&text[..cut], &text[cut..]] {
        let mut rest = piece;
        while !rest.is_empty() {
            let used = d.decode(rest).map_err(|e| e.to_string())?;
            if used == 0 {
                if let Some(b) = d.flush().map_err(|e| e.to_string())? {
                    out.extend(b.column(0).as_primitive::<Int64Type>().iter());
                }
            }
            rest = &rest[used..];
        }
    }
    if let Some(b) = d.flush().map_err(|e| e.to_string())? {
        out.extend(b.column(0).as_primitive::<Int64Type>().iter());
    }
    Ok(out)
}

/// Skipped values of every shape.
const SHAPES: &[&str] = &[
    "1",
    "-12.5e-3",
    "true",
    "null",
    "\"s\"",
    "\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00\"",
    "\"caf\u{e9} \u{65e5}\u{672c} \u{1f600}\"",
    "[]",
    "{}",
    "[[]]",
    "{\"k\":{}}",
    "[1,2.5,\"x\",true,false,null]",
    "{\"k\":1,\"l\":\"v\",\"m\":null}",
    "[{\"a\":1},{\"a\":[2,{\"a\":3}]}]",
    "{\"a\":{\"a\":{\"a\":[1,[2,[3,{\"z\":\"\\u0041\"}]]]}}}",
    "{\"\\u00e9\\n\":[{\"\":\"\"}], \"a\" : [ ] }",
    " [ 1 , [ ] , { } , { \"k\" : [ { } ] } ] ",
    "[\r\n1,\r\n{\"k\":\r\n2}\r\n]",
    // Numbers a skip does not parse: beyond f64 (the parser alone rejects these), and
    // long integers.
    "1e400",
    "[1e400,-1e400,1e-400,1.5E+999]",
    "{\"big\":123456789012345678901234567890123456789012345678901234567890}",
];

#[test]
fn every_shape_of_skipped_value() {
    let long_digits = "9".repeat(400);
    let long = format!("[{long_digits},-{long_digits}.5e10]");
    let mut shapes: Vec<&str> = SHAPES.to_vec();
    shapes.push(&long);
    for shape in shapes {
        // Before `a`, after it, alone, in a nested skipped object, several times.
        let records = [
            format!("{{\"x\":{shape},\"a\":1}}"),
            format!("{{\"a\":2,\"x\":{shape}}}"),
            format!("{{\"x\":{shape}}}"),
            format!("{{\"y\":{{\"x\":{shape},\"z\":[{shape}]}},\"a\":4,\"w\":{shape}}}"),
        ];
        let text = ndjson(&records);
        let expected = vec![Some(1), Some(2), None, Some(4)];
        assert_eq!(a_values(text.as_bytes()), Ok(expected.clone()), "{text}");
        // arrow-json reads the same rows.
        let theirs = arrow_json(&just_a(), text.as_bytes(), 1024, false).expect("arrow-json reads it");
        let theirs: Vec<Option<i64>> =
            theirs.iter().flat_map(|b| b.column(0).as_primitive::<Int64Type>().iter().collect::<Vec<_>>()).collect();
        assert_eq!(theirs, expected, "{text}");
        // In a top-level array, and through a push decoder cut at every byte.
        let array = format!("[{}]", records.join(",\n"));
        assert_eq!(a_values(array.as_bytes()), Ok(expected.clone()), "{array}");
        for cut in 0..=text.len() {
            assert_eq!(a_values_in_pieces(text.as_bytes(), cut), Ok(expected.clone()), "{text:?} cut at {cut}");
        }
        // With a prefilter, whole records are skipped first: those without `"a"` (and
        // without a `\`) are dropped after the skip, the others decoded.
        let wanted: Vec<Option<i64>> = records
            .iter()
            .zip(&expected)
            .filter(|(line, _)| line.contains("\"a\"") || line.contains('\\'))
            .map(|(_, &a)| a)
            .collect();
        let kept = ReaderBuilder::new(just_a())
            .with_prefilter(Prefilter::all_of(["\"a\""]))
            .build(text.as_bytes())
            .unwrap()
            .map(|b| b.unwrap().column(0).as_primitive::<Int64Type>().iter().collect::<Vec<_>>())
            .collect::<Vec<_>>()
            .concat();
        assert_eq!(kept, wanted, "{text}");
    }
}

/// Bad input inside skipped values (and right after them), and the token loop's error
/// for each: the whole message.
const ERRORS: &[(&str, &str)] = &[
    ("{\"a\":2,\"x\":[1 2]}", "line 2, column 15 (byte 22): expected ',' or ']' after an array element, found `2`"),
    ("{\"x\":{\"k\" 1},\"a\":2}", "line 2, column 11 (byte 18): expected ':' after an object key, found `1`"),
    ("{\"x\":[}", "line 2, column 7 (byte 14): expected a value or ']', found `}`"),
    ("{\"x\":{\"k\":1,}}", "line 2, column 13 (byte 20): expected a string key after ',', found `}`"),
    ("{\"x\":[1,]}", "line 2, column 9 (byte 16): expected a value, found `]`"),
    ("{\"x\":{1:2}}", "line 2, column 7 (byte 14): expected a string key or '}' after '{', found `1`"),
    ("{\"x\":[{\"y\":[true,fals]}]}", "line 2, column 18 (byte 25): invalid literal: expected `false`"),
    ("{\"x\":[\"ok\",\"\\ud800\"]}", "line 2, column 13 (byte 20): lone UTF-16 surrogate in a \\u escape"),
    ("{\"x\":{\"k\\udc00\":1}}", "line 2, column 9 (byte 16): lone UTF-16 surrogate in a \\u escape"),
    ("{\"x\":[\"bad \\q escape\"]}", "line 2, column 12 (byte 19): invalid escape `\\q`"),
    (
        "{\"x\":[\"tab\there\"]}",
        "line 2, column 11 (byte 18): control character U+0009 in a string (it must be escaped)",
    ),
    ("{\"x\":[01]}", "line 2, column 8 (byte 15): expected ',' or ']' after an array element, found `1`"),
    ("{\"x\":[1.]}", "line 2, column 8 (byte 15): unexpected character `.`"),
    ("{\"x\":[-]}", "line 2, column 8 (byte 15): invalid number: expected a digit after '-'"),
    (
        "{\"x\":{\"y\":{\"z\":[1,2,3}}}",
        "line 2, column 22 (byte 29): expected ',' or ']' after an array element, found `}`",
    ),
    ("{\"x\":[1]]}", "line 2, column 9 (byte 16): expected ',' or '}' after an object member, found `]`"),
    ("{\"x\":[1] \"a\":1}", "line 2, column 10 (byte 17): expected ',' or '}' after an object member, found `\"a\"`"),
    (
        "{\"x\":[{\"k\":\n[1,\n2 3]}],\"a\":1}",
        "line 4, column 3 (byte 26): expected ',' or ']' after an array element, found `3`",
    ),
    // Unclosed: the next record is taken for the skipped value's next element.
    ("{\"x\":[1,2", "line 3, column 1 (byte 18): expected ',' or ']' after an array element, found an object"),
    ("{\"x\":{\"y\":", "line 4, column 1 (byte 27): unexpected end of input inside a record"),
];

#[test]
fn errors_in_skipped_values_are_the_token_loops() {
    for &(record, message) in ERRORS {
        let text = format!("{{\"a\":1}}\n{record}\n{{\"a\":3}}\n");
        let e = a_values(text.as_bytes()).expect_err(&text);
        assert_eq!(e, format!("Json error: {message}"), "{text:?}");
        // With no column at all (`count(*)`) each record is skipped whole, through the
        // parser first: the same message where the error is inside the skipped value.
        if !record.contains("\"a\"") && !record.ends_with(':') {
            assert_eq!(no_columns(text.as_bytes()), Err(e.clone()), "{text:?}");
        }
    }
}

/// The rows of `text` read with an empty schema (every record skipped whole).
fn no_columns(text: &[u8]) -> Result<usize, String> {
    let empty = schema_ref(Schema::empty());
    let batches = jsonlex(&empty, text, 1024, false).map_err(|e| e.to_string())?;
    Ok(batches.iter().map(|b| b.num_rows()).sum())
}

/// Bad skipped values in the last record of the input, cut by its end.
const ERRORS_AT_END: &[(&str, &str)] = &[
    ("{\"x\":[1,2", "line 2, column 10 (byte 17): unexpected end of input inside a record"),
    ("{\"x\":{\"y\":", "line 2, column 11 (byte 18): unexpected end of input inside a record"),
    ("{\"x\":[\"unterminated", "line 2, column 20 (byte 27): unterminated string"),
    ("{\"x\":[1,[2,[3]]", "line 2, column 16 (byte 23): unexpected end of input inside a record"),
    ("{\"x\":[tr", "line 2, column 9 (byte 16): unexpected end of input in `true`"),
];

#[test]
fn errors_at_the_end_of_input() {
    for &(record, message) in ERRORS_AT_END {
        let text = format!("{{\"a\":1}}\n{record}");
        let e = a_values(text.as_bytes()).expect_err(&text);
        assert_eq!(e, format!("Json error: {message}"), "{text:?}");
        // A push decoder fed the same bytes in two pieces says the same at the end.
        for cut in 0..=text.len() {
            assert_eq!(a_values_in_pieces(text.as_bytes(), cut), Err(e.clone()), "{text:?} cut at {cut}");
        }
    }
}

/// A skipped value `levels` deep (arrays and objects in turn) around `inner`, in the
/// second record.
fn deep_record(levels: usize, inner: &str) -> String {
    let mut open = String::new();
    let mut close = String::new();
    for i in 0..levels {
        if i % 2 == 0 {
            open.push('[');
            close.insert(0, ']');
        } else {
            open.push_str("{\"k\":");
            close.insert(0, '}');
        }
    }
    format!("{{\"a\":1}}\n{{\"x\":{open}{inner}{close},\"a\":2}}\n{{\"a\":3}}\n")
}

#[test]
fn deep_skipped_values() {
    // Past the parser's 512 levels the token loop decides, as before: to 65536 levels.
    for levels in [1, 100, 511, 512, 513, 600, 5_000, 65_536] {
        let text = deep_record(levels, "1");
        assert_eq!(a_values(text.as_bytes()), Ok(vec![Some(1), Some(2), Some(3)]), "{levels} levels");
        // Whole records (the parser to 512 levels, the token loop past them): the skip's
        // own stack holds the record's level too.
        let expected = if levels < 65_536 { Ok(3) } else { Err(String::new()) };
        assert_eq!(no_columns(text.as_bytes()).map_err(|_| String::new()), expected, "{levels} levels");
    }
    let e = a_values(deep_record(65_537, "1").as_bytes()).unwrap_err();
    // And bad input past the parser's limit: the token loop's error.
    let text = deep_record(600, "1,");
    let e2 = a_values(text.as_bytes()).unwrap_err();
    assert_eq!(e, "Json error: line 2, column 196614 (byte 196621): nesting deeper than 65536");
    assert_eq!(e2, "Json error: line 2, column 1808 (byte 1815): expected a string key after ',', found `}`");
}

#[test]
fn bad_skipped_values_can_be_skipped_and_counted() {
    // The records around each bad one are kept, in order.
    let mut text = String::new();
    for (i, &(record, _)) in ERRORS.iter().enumerate().filter(|(_, (r, _))| !r.contains('\n') && r.ends_with('}')) {
        text.push_str(&format!("{{\"a\":{i},\"x\":[{{\"ok\":[1,2,{{}}]}}]}}\n{record}\n"));
    }
    let mut reader = ReaderBuilder::new(just_a()).with_skip_bad_records(true).build(text.as_bytes()).unwrap();
    let got: Vec<Option<i64>> = reader
        .by_ref()
        .flat_map(|b| b.unwrap().column(0).as_primitive::<Int64Type>().iter().collect::<Vec<_>>())
        .collect();
    let expected: Vec<Option<i64>> = ERRORS
        .iter()
        .enumerate()
        .filter(|(_, (r, _))| !r.contains('\n') && r.ends_with('}'))
        .map(|(i, _)| Some(i as i64))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(reader.skipped_records(), expected.len());
}
