//! JSON5 input (`with_dialect(Dialect::Json5)`): the batches (and inferred schema) of
//! the JSON that each record stands for (as arrow-json reads that JSON), in one piece
//! or cut anywhere, NDJSON and array form; errors at the places jsonlex's own JSON5
//! decoder names.

mod common;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema};
use common::*;
use jsonlex::Dialect;

/// JSON5 records, and the JSON each one is (checked against jsonlex's JSON5 decoder).
const RECORDS: &[(&str, &str)] = &[
    (
        "{a: 0x1F, f: .5, s: 'single \"quoted\"', b: true, l: [1, +2, 0x3,], o: {x: 'y',},}",
        r#"{"a": 31, "f": 0.5, "s": "single \"quoted\"", "b": true, "l": [1, 2, 3], "o": {"x": "y"}}"#,
    ),
    (
        r#"{'a': -0x10, f: 5., s: "tab\there \x41\u0042 \'q\'", $extra: null, _x: 1, null: 2, Infinity: 3} /* c */"#,
        r#"{"a": -16, "f": 5.0, "s": "tab\there AB 'q'", "$extra": null, "_x": 1, "null": 2, "Infinity": 3}"#,
    ),
    (
        "{ümlåüt: 1, a: +8, s: '\\u00e9\\n\\v\\0', f: -.25e1, l: []}",
        r#"{"ümlåüt": 1, "a": 8, "s": "é\n\u000b\u0000", "f": -2.5, "l": []}"#,
    ),
    (
        "{o: {x: 'tab\there'}, /* a comment, {a: 1} */ a: 9, f: 1e2,\u{a0}b: false}",
        r#"{"o": {"x": "tab\there"}, "a": 9, "f": 100.0, "b": false}"#,
    ),
    ("{s: \"a 'b' \\\"c\\\"\", a: 0XfF}", r#"{"s": "a 'b' \"c\"", "a": 255}"#),
];

fn schema() -> Arc<Schema> {
    Arc::new(Schema::new(vec![
        Field::new("a", DataType::Int64, true),
        Field::new("f", DataType::Float64, true),
        Field::new("s", DataType::Utf8, true),
        Field::new("b", DataType::Boolean, true),
        Field::new_list("l", Field::new_list_field(DataType::Int64, true), true),
        Field::new_struct("o", Fields::from(vec![Field::new("x", DataType::Utf8, true)]), true),
    ]))
}

fn json5_text(line_end: &str) -> (String, String) {
    let mut json5 = String::from("// a log of JSON5 records\n");
    let mut json = String::from("\n");
    for (a, b) in RECORDS {
        json5.push_str(a);
        json5.push_str(line_end);
        json.push_str(b);
        json.push('\n');
    }
    // A line continuation: the record spans two lines.
    json5.push_str("{s: 'one \\\n line', a: 10}");
    json5.push_str(line_end);
    json.push_str(r#"{"s": "one  line", "a": 10}"#);
    json.push('\n');
    (json5, json)
}

fn read(text: &str, batch_size: usize) -> Result<Vec<RecordBatch>, ArrowError> {
    jsonlex_arrow::ReaderBuilder::new(schema())
        .with_batch_size(batch_size)
        .with_dialect(Dialect::Json5)
        .build(text.as_bytes())?
        .collect()
}

fn all(b: &[RecordBatch]) -> RecordBatch {
    arrow_select::concat::concat_batches(&schema(), b).unwrap()
}

#[test]
fn the_records_are_what_jsonlex_decodes() {
    for (a, b) in RECORDS {
        assert_eq!(jsonlex::json5::decode(a.as_bytes()).unwrap(), jsonlex::decode(b.as_bytes()).unwrap(), "{a}");
    }
}

#[test]
fn the_batches_of_the_json_they_stand_for() {
    for line_end in ["\n", "\r\n", "\n\n"] {
        let (json5, json) = json5_text(line_end);
        let want = all(&arrow_json(&schema(), json.as_bytes(), 1024, false).unwrap());
        assert_eq!(want.num_rows(), RECORDS.len() + 1);
        for batch_size in [1, 2, 1024] {
            assert_eq!(all(&read(&json5, batch_size).unwrap()), want, "batch size {batch_size}");
        }
    }
    // The array form: comments, trailing commas.
    let array = "[ // records\n {a: 1,}, /* , */ {a: 0x2, s: 'x',}, ]";
    let want = arrow_json(&schema(), b"{\"a\": 1}\n{\"a\": 2, \"s\": \"x\"}\n", 1024, false).unwrap();
    assert_eq!(read(array, 1024).unwrap(), want);
}

#[test]
fn cut_anywhere_and_pieces_of_every_size() {
    let (json5, _) = json5_text("\n");
    let want = all(&read(&json5, 1024).unwrap());
    for cut in 0..=json5.len() {
        let (a, b) = json5.as_bytes().split_at(cut);
        let mut d = jsonlex_arrow::ReaderBuilder::new(schema()).with_dialect(Dialect::Json5).build_decoder().unwrap();
        assert_eq!(d.decode(a).unwrap(), a.len(), "cut at {cut}");
        assert_eq!(d.decode(b).unwrap(), b.len(), "cut at {cut}");
        assert_eq!(all(&d.flush().unwrap().into_iter().collect::<Vec<_>>()), want, "cut at {cut}");
    }
    // Batches filling inside a piece give bytes back (input bytes, not translated ones).
    for batch_size in [1, 2, 3] {
        for size in 1..24 {
            let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
                .with_dialect(Dialect::Json5)
                .with_batch_size(batch_size)
                .build_decoder()
                .unwrap();
            let got = push_in_pieces(&mut d, json5.as_bytes(), size).unwrap();
            assert_eq!(all(&got), want, "pieces of {size}, batches of {batch_size}");
        }
    }
}

/// "line L, column C (byte B)" as jsonlex's JSON5 decoder places the error of `record`,
/// the `lines` and `bytes` before it added.
fn jsonlex_place(record: &str, lines: usize, bytes: usize) -> String {
    let e = jsonlex::json5::decode(record.as_bytes()).unwrap_err();
    format!("line {}, column {} (byte {})", e.line() + lines, e.column(), e.offset() + bytes)
}

#[test]
fn errors_where_jsonlex_places_them() {
    // Length-changing tokens before the error, on its line and on the line before.
    let before = "{aaa: 0x1, bbb: 'q\\x41', c: .5,}\n";
    let bad = [
        "{aa: 0x10, 'zz': 'x' 'y'}",
        "{aa: 0x10, zz c}",
        "{aa: +1, zz: 'x\\x4'}",
        "{aa: 'x', zz: 'open",
        "{aa: 'x', zz: unquoted}",
        "{aa: 0x1, zz: 0x}",
        "{aa: 'x', zz: [1,,2]}",
        "{aa: 'x', zz: 1,,}",
        "{aa: 'x', zz: 1} x",
        "{aa: 'x', zz: [1 2]}",
        "{aa: 'x', zz: Infinity}",
        "{aa: 'x', zz: -NaN}",
        "{aa: 'x', 'zz': '\\uD800'}",
        "{aa: 'x', z\\u0030c: 1, @: 2}",
        "{aa: 'x\\\ny', zz: ]}",
    ];
    for record in bad {
        let text = format!("{before}{record}\n");
        let e = read(&text, 1024).unwrap_err().to_string();
        let place = jsonlex_place(record, 1, before.len());
        assert!(e.contains(&place), "{record}: {e} (jsonlex: {place})");
    }
    // A value of the wrong type: at the value, in the input's columns.
    let e = read("{aaa: 0x1, bbb: 'q'}\n{a: 'x', b: true}\n", 1024).unwrap_err().to_string();
    assert!(e.contains("line 2, column 5 (byte 25)"), "{e}");
    // Strict JSON says where JSON5 is needed.
    let e = jsonlex(&schema(), b"{a: 1}", 1024, false).unwrap_err().to_string();
    assert!(e.contains("line 1, column 2"), "{e}");
}

#[test]
fn bad_records_skipped_and_counted() {
    let text = "{a: 1}\n{a: NaN, s: 'x'}\n{a: 0x3}\n{a: b}\n{a: 5, l: [1,],}\n{a: 'open\n{a: 7}\n";
    let reader = jsonlex_arrow::ReaderBuilder::new(schema())
        .with_dialect(Dialect::Json5)
        .with_skip_bad_records(true)
        .build(text.as_bytes())
        .unwrap();
    let mut reader = reader;
    let batches: Vec<RecordBatch> = reader.by_ref().collect::<Result<_, _>>().unwrap();
    let got = all(&batches);
    let want =
        arrow_json(&schema(), b"{\"a\": 1}\n{\"a\": 3}\n{\"a\": 5, \"l\": [1]}\n{\"a\": 7}\n", 1024, false).unwrap();
    assert_eq!(got, all(&want));
    assert_eq!(reader.skipped_records(), 3);
    let errors: Vec<String> = reader.skipped_errors().iter().map(|e| e.to_string()).collect();
    assert!(errors[0].contains("line 2, column 5 (byte 11): `NaN` has no JSON value"), "{errors:?}");
    assert!(errors[1].contains("line 4, column 5") && errors[1].contains("unexpected name `b`"), "{errors:?}");
    assert!(errors[2].contains("line 6, column 10 (byte 66): unterminated string"), "{errors:?}");
}

#[test]
fn inference() {
    let mut json5 = String::new();
    let mut json = String::new();
    for (a, b) in RECORDS {
        json5.push_str(a);
        json5.push('\n');
        json.push_str(b);
        json.push('\n');
    }
    let options = jsonlex_arrow::InferOptions::new().with_dialect(Dialect::Json5);
    let (got, n) = jsonlex_arrow::infer_json_schema_with(json5.as_bytes(), None, options).unwrap();
    assert_eq!((got, n), (arrow_infer(json.as_bytes()), RECORDS.len()));
    // Errors: JSON5's at the input's place, and the structure's in the input's columns.
    let e = jsonlex_arrow::infer_json_schema_with(&b"{a: 1}\n{aaa: 0x1, b: 'x\\x4'}"[..], None, options).unwrap_err();
    assert!(e.to_string().contains(&jsonlex_place("{aaa: 0x1, b: 'x\\x4'}", 1, 7)), "{e}");
    let e = jsonlex_arrow::infer_json_schema_with(&b"{a: 1}\n{aaa: 0x1, b 2}"[..], None, options).unwrap_err();
    assert!(e.to_string().contains("line 2, column 14:"), "{e}");
    // The array form.
    let (got, _) =
        jsonlex_arrow::infer_json_schema_with(&b"[{a: 0x1, s: 'x',},\n {a: .5},]"[..], None, options).unwrap();
    let strict =
        jsonlex_arrow::infer_json_schema_from_slice(b"[{\"a\": 1, \"s\": \"x\"}, {\"a\": 0.5}]", None).unwrap();
    assert_eq!(got, strict.0);
}

/// Every file of the JSON5 test suite (`tests/data/json5-tests`, json5/json5-tests,
/// MIT) as the value of a record's field: the schema and batches of the JSON that
/// jsonlex's JSON5 decoder makes of the file, or an error where that decoder has one
/// (`.js` and `.txt` files are not JSON5; `Infinity` and `NaN` have no JSON value).
#[test]
fn the_json5_test_suite() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/json5-tests");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if matches!(f.extension().and_then(|e| e.to_str()), Some("json" | "json5" | "js" | "txt")) {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    assert!(files.len() >= 100, "{} files", files.len());
    let options = jsonlex_arrow::InferOptions::new().with_dialect(Dialect::Json5);
    let (mut read, mut rejected) = (0, 0);
    for f in &files {
        let text = std::fs::read(f).unwrap();
        // The file as the value of `v` (a line break after it ends a line comment), in
        // the array form (read whole: inference reads NDJSON a record a line).
        let mut record = b"[{\"v\":\n".to_vec();
        record.extend_from_slice(&text);
        record.extend_from_slice(b"\n}]\n");
        let got = jsonlex_arrow::infer_json_schema_with(&record[..], None, options);
        let Ok(value) = jsonlex::json5::decode(&text) else {
            assert!(got.is_err(), "{}: jsonlex rejects it, jsonlex-arrow inferred {got:?}", f.display());
            let decoded =
                jsonlex_arrow::ReaderBuilder::new(Arc::new(Schema::new(vec![Field::new("v", DataType::Utf8, true)])))
                    .with_dialect(Dialect::Json5)
                    .build(&record[..])
                    .unwrap()
                    .collect::<Result<Vec<_>, _>>();
            assert!(decoded.is_err(), "{}: jsonlex rejects it, jsonlex-arrow read it", f.display());
            rejected += 1;
            continue;
        };
        let json = format!("[{{\"v\":{}}}]\n", jsonlex::encode(&value));
        let strict = jsonlex_arrow::infer_json_schema_from_slice(json.as_bytes(), None);
        match (&got, &strict) {
            (Ok(g), Ok(s)) => assert_eq!(g, s, "{}", f.display()),
            (Err(_), Err(_)) => {}
            _ => panic!("{}: JSON5 {got:?}, JSON {strict:?}", f.display()),
        }
        let Ok((schema, _)) = strict else { continue };
        let schema = Arc::new(schema);
        let want = jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .build(json.as_bytes())
            .unwrap()
            .collect::<Result<Vec<_>, _>>();
        let decoded = jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .with_dialect(Dialect::Json5)
            .build(&record[..])
            .unwrap()
            .collect::<Result<Vec<_>, _>>();
        assert_eq!(decoded.as_ref().ok(), want.as_ref().ok(), "{}: {decoded:?}", f.display());
        read += 1;
    }
    assert!(read >= 60 && rejected >= 20, "read {read}, rejected {rejected}");
}

/// Records with bytes inserted, deleted and replaced at random: whatever jsonlex's JSON5
/// decoder makes of each line, the reader makes of the file (the batches of the JSON of
/// each line's value, or an error, with its place), whole or in pieces; nothing panics.
#[test]
fn mutated_records_as_jsonlex_decodes_them() {
    const BASE: &[&str] = &[
        "{a: 0x1F, f: .5, s: 'single \"quoted\"', b: true, l: [1, +2, 0x3,], o: {x: 'y',},}",
        "{'a': -0x10, f: 5., s: \"tab here \\x41\\u0042 \\'q\\'\", $extra: null, _x: 1, null: 2}",
        "{ümlåüt: 1, a: +8, s: '\\u00e9\\n\\v', f: -.25e1, l: []}",
        "{o: {x: 'there'}, a: 9, f: 1e2,\u{a0}b: false}",
    ];
    const ALPHABET: &[&str] = &[
        "{", "}", "[", "]", ":", ",", "'", "\"", "0", "x", "1", ".", "+", "-", "e", "a", "N", "I", " ", "é", "\u{a0}",
        "\\", "\t",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut same_rows, mut both_failed) = (0, 0);
    for round in 0..3000 {
        let mut lines: Vec<String> = (0..3).map(|_| BASE[next(BASE.len())].to_string()).collect();
        for _ in 0..1 + next(3) {
            let line = &mut lines[next(3)];
            let bounds: Vec<usize> = (0..=line.len()).filter(|&i| line.is_char_boundary(i)).collect();
            let at = bounds[next(bounds.len())];
            let end = bounds.iter().copied().find(|&i| i > at).unwrap_or(at);
            let piece = ALPHABET[next(ALPHABET.len())];
            match next(3) {
                0 => line.insert_str(at, piece),
                1 => line.replace_range(at..end, ""),
                _ => line.replace_range(at..end, piece),
            }
        }
        // A backslash ending a line would continue a string onto the next one.
        if lines.iter().any(|l| l.ends_with('\\')) {
            continue;
        }
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let got = read(&text, 2);
        // jsonlex's verdict, a line at a time.
        let decoded: Result<Vec<jsonlex::Value>, _> =
            lines.iter().map(|l| jsonlex::json5::decode(l.as_bytes())).collect();
        match decoded {
            Err(_) => {
                assert!(got.is_err(), "round {round}: jsonlex rejects\n{text}but the reader gave {got:?}");
                both_failed += 1;
            }
            Ok(values) => {
                let json: String = values.iter().map(|v| jsonlex::encode(v) + "\n").collect();
                let want = jsonlex(&schema(), json.as_bytes(), 2, false);
                match (&got, &want) {
                    (Ok(g), Ok(w)) => {
                        assert_eq!(all(g), all(w), "round {round}:\n{text}");
                        same_rows += 1;
                    }
                    (Err(_), Err(_)) => both_failed += 1,
                    _ => panic!("round {round}:\n{text}JSON5 {got:?}\nJSON {json}{want:?}"),
                }
            }
        }
        if let Err(e) = &got {
            let e = e.to_string();
            assert!(e.contains("line ") && e.contains(", column ") && e.contains("(byte "), "round {round}: {e}");
        }
        // In pieces, the same answer.
        let step = 1 + next(13);
        let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
            .with_batch_size(2)
            .with_dialect(Dialect::Json5)
            .build_decoder()
            .unwrap();
        let pieces = push_in_pieces(&mut d, text.as_bytes(), step);
        match (&got, pieces) {
            (Ok(g), Ok(pushed)) => assert_eq!(all(g), all(&pushed), "round {round}, pieces of {step}:\n{text}"),
            (Err(w), Err(p)) => assert_eq!(w.to_string(), p.to_string(), "round {round}, pieces of {step}:\n{text}"),
            (w, p) => panic!("round {round}, pieces of {step}:\n{text}whole {w:?}\npieces {p:?}"),
        }
    }
    assert!(same_rows > 100 && both_failed > 100, "{same_rows} read, {both_failed} rejected");
}

/// Fixed: a batch filling where the next record's first token began in an earlier
/// piece (so its translation could not be given back) left that record in the
/// decoder's translated bytes, and `flush` at the end of input dropped it (here: its
/// error).
#[test]
fn a_record_kept_past_a_full_batch_is_not_lost() {
    let text = concat!(
        "{a: 0x1F, f: .5, s: 'single \"quoted\"', b: true, l: [1, +2, 0x3,], o: {x: 'y',},}\n",
        "{o: {x: 'there'}, a: 9, f: 1e2,\u{a0}b: false}\n",
        "{'a: -0x10, f: 5., s: \"tab here \\x41\\u0042 \\'q\\'\", $extra: null, _x: 1I null: 2}\n",
    );
    let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
        .with_batch_size(2)
        .with_dialect(Dialect::Json5)
        .build_decoder()
        .unwrap();
    let e = push_in_pieces(&mut d, text.as_bytes(), 6).unwrap_err().to_string();
    assert!(e.contains("line 3, column 81 (byte 204): unterminated string"), "{e}");
}

/// Fixed: at the end of input, `flush` decodes the tokens the translation held back
/// (here: the records after a long string cut at every byte, held until what is held
/// doubles); what did not fit the batch was dropped.
#[test]
fn what_the_end_releases_beyond_a_batch_is_not_lost() {
    let text = format!("{{a: 1, s: '{}'}}\n{{a: 2}}\n{{a: 3}}\n{{}}\n{{a: 5}}\n", "long ".repeat(40));
    let text = text.as_str();
    for batch_size in [1, 2, 3] {
        for size in [1, 2, 3] {
            let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
                .with_batch_size(batch_size)
                .with_dialect(Dialect::Json5)
                .build_decoder()
                .unwrap();
            let got = all(&push_in_pieces(&mut d, text.as_bytes(), size).unwrap());
            assert_eq!(got, all(&read(text, 1024).unwrap()), "batches of {batch_size}, pieces of {size}");
            assert_eq!(got.num_rows(), 5);
        }
    }
}

/// Fixed: rows given to `Decoder::serialize` between pieces of input moved the places
/// that later errors name (the serialized text counted as input; with JSON5, outside
/// the translation's map).
#[test]
fn serialized_rows_leave_the_inputs_places_alone() {
    #[derive(serde::Serialize)]
    struct Row {
        a: i64,
        s: String,
    }
    let rows: Vec<Row> = (0..3).map(|i| Row { a: i, s: format!("row {i}") }).collect();
    let (first, second) = ("{a: 0x1, s: 'x'}\n", "{aaa: 0x2, a: 'not a number'}\n");
    for dialect in [Dialect::Json, Dialect::Jsonc, Dialect::Json5] {
        let (first, second) = match dialect {
            Dialect::Json5 => (first.to_string(), second.to_string()),
            _ => ("{\"a\": 1, \"s\": \"x\"}\n".to_string(), "{\"aaa\": 2, \"a\": \"not a number\"}\n".to_string()),
        };
        let place = |serialize: bool| {
            let mut d = jsonlex_arrow::ReaderBuilder::new(schema()).with_dialect(dialect).build_decoder().unwrap();
            d.decode(first.as_bytes()).unwrap();
            if serialize {
                d.serialize(&rows).unwrap();
            }
            let e = d.decode(second.as_bytes()).and_then(|_| d.flush()).unwrap_err().to_string();
            e[..e.find(": record").unwrap_or(e.len())].to_string()
        };
        let want = place(false);
        assert!(want.contains("line 2, column"), "{dialect:?}: {want}");
        assert_eq!(place(true), want, "{dialect:?}");
    }
}
