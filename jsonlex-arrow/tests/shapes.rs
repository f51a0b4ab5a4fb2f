//! Record shapes no file in the repository has: random records (nested structs and
//! lists, missing fields, nulls, numbers that widen, kinds that conflict, escapes and
//! non-ASCII text, keys repeated in one object), each set inferred and read by arrow-json and by jsonlex-arrow. The
//! same schema or both an error; with arrow-json's schema, the same batches or both an
//! error, at several batch sizes, NDJSON and array form, in strict mode, with a
//! projection, and through the push decoder in pieces.

mod common;
use common::*;
use proptest::prelude::*;

/// The shape of a value: what the records' values at one place are drawn from.
#[derive(Clone, Debug)]
enum Shape {
    Int,
    Float,
    Text,
    Bool,
    /// Integers or floats by turns (widens to Float64).
    Number,
    /// Any scalar (conflicts: arrow-json's rules decide).
    Mixed,
    List(Box<Shape>),
    Struct(Vec<(String, Shape)>),
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z]{1,6}",
        1 => Just("é".to_string()),
        1 => Just("a\"b".to_string()),
        1 => Just("tab\there".to_string()),
        1 => "[a-c]{1,2}[0-9]",
    ]
}

fn shape() -> impl Strategy<Value = Shape> {
    let leaf = prop_oneof![
        Just(Shape::Int),
        Just(Shape::Float),
        Just(Shape::Text),
        Just(Shape::Bool),
        Just(Shape::Number),
        Just(Shape::Mixed),
    ];
    leaf.prop_recursive(4, 24, 5, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Shape::List(Box::new(s))),
            proptest::collection::vec((key(), inner), 1..5).prop_map(Shape::Struct),
        ]
    })
}

/// A JSON string's text for `s`, escaped by turns the plain and the `\u` way.
fn quoted(s: &str, seed: u64) -> String {
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if !c.is_ascii() && seed.wrapping_add(i as u64).is_multiple_of(3) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04X}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A small deterministic generator (the records of one case follow from its seed).
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

const TEXTS: [&str; 8] = ["", "x", "héllo", "日本語", "a\nb", "quote\"d", "😀 emoji", "tab\tback\\slash"];
const INTS: [&str; 8] = ["0", "-1", "42", "9007199254740993", "-9223372036854775808", "9223372036854775807", "7", "-0"];
const FLOATS: [&str; 8] = ["0.5", "-1.25", "1e3", "2.5E-3", "-0.0", "1.7976931348623157e308", "5e-324", "3.0"];

fn value(shape: &Shape, d: &mut Draw, out: &mut String) {
    if d.one_in(9) {
        out.push_str("null");
        return;
    }
    let pick = |d: &mut Draw, list: &[&str]| list[(d.next() % list.len() as u64) as usize].to_string();
    match shape {
        Shape::Int => out.push_str(&pick(d, &INTS)),
        Shape::Float => out.push_str(&pick(d, &FLOATS)),
        Shape::Text => {
            let seed = d.next();
            out.push_str(&quoted(&pick(d, &TEXTS), seed))
        }
        Shape::Bool => out.push_str(if d.one_in(2) { "true" } else { "false" }),
        Shape::Number => {
            let list: &[&str] = if d.one_in(2) { &INTS } else { &FLOATS };
            out.push_str(&pick(d, list))
        }
        Shape::Mixed => {
            let kind = [Shape::Int, Shape::Float, Shape::Text, Shape::Bool][(d.next() % 4) as usize].clone();
            value(&kind, d, out)
        }
        Shape::List(item) => {
            out.push('[');
            for i in 0..d.next() % 4 {
                if i > 0 {
                    out.push_str(if d.one_in(3) { ", " } else { "," });
                }
                value(item, d, out);
            }
            out.push(']');
        }
        Shape::Struct(fields) => object(fields, d, out),
    }
}

fn object(fields: &[(String, Shape)], d: &mut Draw, out: &mut String) {
    out.push('{');
    let mut first = true;
    // Mostly in the declared order, sometimes reversed (records need not share one).
    let reversed = d.one_in(4);
    let order: Vec<usize> = if reversed { (0..fields.len()).rev().collect() } else { (0..fields.len()).collect() };
    // One layout a record (so that an input's records mix them).
    let layout = d.next() % 3;
    for i in order {
        if d.one_in(5) {
            continue; // a missing field
        }
        let (k, s) = &fields[i];
        let (comma, colon) = separators(layout, d);
        if !first {
            out.push_str(comma);
        }
        first = false;
        let seed = d.next();
        out.push_str(&quoted(k, seed));
        out.push_str(colon);
        value(s, d, out);
    }
    out.push('}');
}

/// The comma before a member and the colon after its key: compact (layout 0), spaced
/// as Python's `json.dumps` writes them (1: the reader steps over those spaces with
/// the punctuation when the input starts so), or white space of other kinds (2).
fn separators(layout: u64, d: &mut Draw) -> (&'static str, &'static str) {
    match layout {
        0 => (",", ":"),
        1 => (", ", ": "),
        _ => {
            let commas = [",", ", ", ",  ", ",\t", " , "];
            let colons = [":", ": ", " : ", ":  ", ":\t "];
            (commas[(d.next() % 5) as usize], colons[(d.next() % 5) as usize])
        }
    }
}

/// `n` records, each of `fields` or, one in four, of `other` (whose keys may be the
/// same names with other shapes).
fn records(fields: &[(String, Shape)], other: &[(String, Shape)], seed: u64, n: usize) -> Vec<String> {
    let mut d = Draw(seed);
    (0..n)
        .map(|_| {
            let mut s = String::new();
            let shape = if !other.is_empty() && d.one_in(4) { other } else { fields };
            object(shape, &mut d, &mut s);
            s
        })
        .collect()
}

/// `v` with every struct of `dt` as the list of its fields' values in order (a
/// missing field a null); what does not fit `dt` as it is.
fn as_lists(v: &jsonlex::Value, dt: &arrow_schema::DataType) -> String {
    use arrow_schema::DataType;
    match (dt, v) {
        (DataType::Struct(fields), jsonlex::Value::Object(_)) => {
            let items: Vec<String> = fields
                .iter()
                .map(|f| as_lists(v.get(f.name()).unwrap_or(&jsonlex::Value::Null), f.data_type()))
                .collect();
            format!("[{}]", items.join(","))
        }
        (DataType::List(f), jsonlex::Value::Array(items)) => {
            let items: Vec<String> = items.iter().map(|e| as_lists(e, f.data_type())).collect();
            format!("[{}]", items.join(","))
        }
        _ => jsonlex::encode(v),
    }
}

/// `text` (strict JSON) rewritten in JSON5's forms, drawn by `seed`: keys unquoted,
/// strings in single quotes, integers in hexadecimal or with a `+`, `0.5` as `.5`,
/// trailing commas, comments and JSON5's white space between tokens.
fn to_json5(text: &str, seed: u64) -> String {
    let mut d = Draw(seed);
    let b = text.as_bytes();
    let mut out = String::new();
    // Whether the last token was a value (a trailing comma may follow it), and whether
    // a string is where a key goes.
    let (mut after_value, mut key) = (false, false);
    let mut stack: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b'"' => {
                i += 1;
                while b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                let body = &text[start + 1..i - 1];
                let bare = key
                    && !body.is_empty()
                    && body.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
                    && body.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
                if bare && d.one_in(2) {
                    out.push_str(body);
                } else if d.one_in(2) {
                    out.push('\'');
                    out.push_str(&body.replace('\'', "\\'"));
                    out.push('\'');
                } else {
                    out.push_str(&text[start..i]);
                }
                after_value = !key;
                key = false;
            }
            b'-' | b'0'..=b'9' => {
                while i < b.len() && matches!(b[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    i += 1;
                }
                let n = &text[start..i];
                match n.parse::<u32>() {
                    Ok(v) if d.one_in(3) => out.push_str(&format!("0x{v:X}")),
                    Ok(_) if d.one_in(3) => out.push_str(&format!("+{n}")),
                    _ if n.starts_with("0.") && d.one_in(2) => out.push_str(&n[1..]),
                    _ => out.push_str(n),
                }
                after_value = true;
            }
            b'{' | b'[' => {
                stack.push(c == b'{');
                out.push(c as char);
                i += 1;
                key = c == b'{';
                after_value = false;
            }
            b'}' | b']' => {
                if after_value && d.one_in(3) {
                    out.push(',');
                }
                stack.pop();
                out.push(c as char);
                i += 1;
                after_value = true;
            }
            b',' => {
                out.push(',');
                i += 1;
                key = stack.last() == Some(&true);
                after_value = false;
            }
            b'\n' => {
                out.push('\n');
                i += 1;
            }
            _ if c.is_ascii_alphabetic() => {
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                out.push_str(&text[start..i]);
                after_value = true;
            }
            _ => {
                out.push(c as char);
                i += 1;
            }
        }
        match d.next() % 16 {
            0 => out.push_str(" /* c, } */ "),
            1 => out.push('\u{a0}'),
            2 => out.push(' '),
            _ => {}
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_shapes_read_as_arrow_json_reads_them(
        fields in proptest::collection::vec((key(), shape()), 1..7),
        other in proptest::collection::vec((key(), shape()), 0..4),
        seed in any::<u64>(),
        n in 1usize..40,
        coerce in any::<bool>(),
    ) {
        let recs = records(&fields, &other, seed, n);
        let text = ndjson(&recs);
        let want = arrow_json::reader::infer_json_schema(text.as_bytes(), None);
        let got = jsonlex_arrow::infer_json_schema(text.as_bytes(), None);
        let schema = match (want, got) {
            (Ok(w), Ok(g)) => {
                prop_assert_eq!(&g, &w, "inferred schema of\n{}", text);
                schema_ref(w.0)
            }
            (Err(_), Err(_)) => return Ok(()),
            (w, g) => return Err(TestCaseError::fail(format!("{text}\narrow-json {w:?}\njsonlex-arrow {g:?}"))),
        };
        for batch_size in [1, 5, 1024] {
            let want = arrow_json(&schema, text.as_bytes(), batch_size, coerce);
            let got = jsonlex(&schema, text.as_bytes(), batch_size, coerce);
            match (&want, &got) {
                (Ok(w), Ok(g)) => prop_assert_eq!(g, w, "batches of {} of\n{}", batch_size, text),
                (Err(_), Err(_)) => {}
                _ => return Err(TestCaseError::fail(format!("{text}\narrow-json {want:?}\njsonlex-arrow {got:?}"))),
            }
        }
        // A value that does not fit is a null (`with_ignore_type_conflicts`), nested
        // values included.
        let ignore_want = arrow_json::ReaderBuilder::new(schema.clone()).with_ignore_type_conflicts(true).with_coerce_primitive(coerce).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
        let ignore_got = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_ignore_type_conflicts(true).with_coerce_primitive(coerce).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
        prop_assert_eq!(ignore_got.is_ok(), ignore_want.is_ok(), "ignoring type conflicts in\n{}\n{:?}\n{:?}", text, ignore_got, ignore_want);
        if let (Ok(g), Ok(w)) = (&ignore_got, &ignore_want) {
            prop_assert_eq!(g, w, "ignoring type conflicts in\n{}", text);
        }
        // The records read with the schema of others (whose keys may have other shapes):
        // the conflicts an unseen file brings, as errors or, ignored, as nulls.
        let others = ndjson(&records(&other, &fields, seed ^ 0x5555, n));
        if let Ok((theirs, _)) = arrow_json::reader::infer_json_schema(others.as_bytes(), None) {
            let theirs = schema_ref(theirs);
            for ignore in [false, true] {
                let want = arrow_json::ReaderBuilder::new(theirs.clone()).with_ignore_type_conflicts(ignore).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
                let got = jsonlex_arrow::ReaderBuilder::new(theirs.clone()).with_ignore_type_conflicts(ignore).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
                prop_assert_eq!(got.is_ok(), want.is_ok(), "{} read with {:?} (ignore {}):\n{:?}\n{:?}", text, theirs, ignore, got, want);
                if let (Ok(g), Ok(w)) = (&got, &want) {
                    prop_assert_eq!(g, w, "{} read with {:?} (ignore {})", text, theirs, ignore);
                }
            }
        }
        // The same records with every struct as a list of its fields' values
        // (`StructMode::ListOnly`).
        let lists: String = recs
            .iter()
            .map(|r| as_lists(&jsonlex::decode(r.as_bytes()).unwrap(), &arrow_schema::DataType::Struct(schema.fields().clone())) + "\n")
            .collect();
        let mode = |ignore: bool| {
            let want = arrow_json::ReaderBuilder::new(schema.clone()).with_struct_mode(arrow_json::StructMode::ListOnly).with_ignore_type_conflicts(ignore).with_batch_size(5).build(lists.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
            let got = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_struct_mode(jsonlex_arrow::StructMode::ListOnly).with_ignore_type_conflicts(ignore).with_batch_size(5).build(lists.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
            (want, got)
        };
        for ignore in [false, true] {
            let (want, got) = mode(ignore);
            prop_assert_eq!(got.is_ok(), want.is_ok(), "as lists:\n{}\n{:?}\n{:?}", lists, got, want);
            if let (Ok(g), Ok(w)) = (&got, &want) {
                prop_assert_eq!(g, w, "as lists:\n{}", lists);
            }
        }
        // Strict mode: a key the schema lacks (none here: it was inferred from these
        // records) or a value that does not fit, the same verdict.
        let strict_want = arrow_json::ReaderBuilder::new(schema.clone()).with_strict_mode(true).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
        let strict_got = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_strict_mode(true).build(text.as_bytes()).and_then(|r| r.collect::<Result<Vec<_>, _>>());
        prop_assert_eq!(strict_got.is_ok(), strict_want.is_ok(), "strict mode on\n{}", text);
        if let (Ok(g), Ok(w)) = (&strict_got, &strict_want) {
            prop_assert_eq!(g, w, "strict mode on\n{}", text);
        }
        // A projection: arrow-json reads with the projected schema (other keys ignored).
        let projection: Vec<usize> = (0..schema.fields().len()).filter(|i| (seed >> (i % 64)) & 1 == 1).collect();
        let projected = std::sync::Arc::new(schema.project(&projection).unwrap());
        let want = arrow_json(&projected, text.as_bytes(), 7, coerce);
        let got = jsonlex_arrow::ReaderBuilder::new(schema.clone())
            .with_projection(projection.clone())
            .with_batch_size(7)
            .with_coerce_primitive(coerce)
            .build(text.as_bytes())
            .and_then(|r| r.collect::<Result<Vec<_>, _>>());
        prop_assert_eq!(got.is_ok(), want.is_ok(), "projection {:?} of\n{}", projection, text);
        if let (Ok(g), Ok(w)) = (&got, &want) {
            prop_assert_eq!(g, w, "projection {:?} of\n{}", projection, text);
        }
        // The push decoder, the input cut at `cut` and every `step` bytes after.
        let step = 1 + (seed as usize >> 8) % 97;
        let mut d = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_batch_size(1024).with_coerce_primitive(coerce).build_decoder().unwrap();
        let pushed = push_in_pieces(&mut d, text.as_bytes(), step);
        let whole = arrow_json(&schema, text.as_bytes(), 1024, coerce);
        let concat = |b: &[arrow_array::RecordBatch]| arrow_select::concat::concat_batches(&schema, b).unwrap();
        prop_assert_eq!(pushed.is_ok(), whole.is_ok(), "pushed in pieces of {} bytes:\n{}", step, text);
        if let (Ok(p), Ok(w)) = (&pushed, &whole) {
            prop_assert_eq!(concat(p), concat(w), "pushed in pieces of {} bytes:\n{}", step, text);
        }
        // The same records as JSON5: the same schema and batches, in pieces too.
        let json5 = to_json5(&text, seed);
        let options = jsonlex_arrow::InferOptions::new().with_dialect(jsonlex::Dialect::Json5);
        let inferred = jsonlex_arrow::infer_json_schema_with(json5.as_bytes(), None, options).map(|(s, _)| s).ok();
        prop_assert_eq!(inferred.as_ref(), Some(&*schema), "JSON5 schema of\n{}", json5);
        let strict = jsonlex(&schema, text.as_bytes(), 5, coerce);
        let mut d = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_batch_size(5).with_coerce_primitive(coerce).with_dialect(jsonlex::Dialect::Json5).build_decoder().unwrap();
        let got = push_in_pieces(&mut d, json5.as_bytes(), step);
        prop_assert_eq!(got.is_ok(), strict.is_ok(), "JSON5 in pieces of {} bytes:\n{}", step, json5);
        if let (Ok(g), Ok(w)) = (&got, &strict) {
            prop_assert_eq!(concat(g), concat(w), "JSON5 in pieces of {} bytes:\n{}", step, json5);
        }
        let array = format!("[{}]", recs.join(",\n"));
        let inferred = jsonlex_arrow::infer_json_schema(array.as_bytes(), None).map(|(s, _)| s).ok();
        prop_assert_eq!(inferred.as_ref(), Some(&*schema), "the array form's schema of\n{}", text);
        let want = arrow_json(&schema, text.as_bytes(), 1024, coerce);
        let got = jsonlex(&schema, array.as_bytes(), 1024, coerce);
        prop_assert_eq!(got.is_ok(), want.is_ok(), "array form of\n{}", text);
        if let (Ok(g), Ok(w)) = (got, want) {
            prop_assert_eq!(g, w, "array form of\n{}", text);
        }
    }
}
