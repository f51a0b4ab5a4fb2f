//! Document streams on slices (`Deserializer::from_slice(s).into_iter::<T>()`, and from
//! readers: `Deserializer::from_reader(r)`) against
//! serde_json's `StreamDeserializer` on the same inputs: the same documents, the same
//! `byte_offset()` after each, an error at the same document and line; on every prefix
//! of multi-document inputs (each is cut at every byte) and on pairs of documents joined
//! by every separator.

use serde_json::Value as SValue;

/// What a stream gave: each document (or the first error, as its line and offset) and
/// `byte_offset()` after it.
#[derive(Debug, PartialEq)]
enum Step {
    Doc(SValue, usize),
    Err { line: usize, offset: usize },
}

fn jsonlex_steps(input: &[u8]) -> Vec<Step> {
    let mut it = jsonlex::Deserializer::from_slice(input).into_iter::<SValue>();
    collect_steps(input, || it.next().map(|r| (r, it.byte_offset())))
}

/// A jsonlex stream's steps over `input`: `next` gives each result and the stream's
/// `byte_offset()` after it.
fn collect_steps(input: &[u8], mut next: impl FnMut() -> Option<(Result<SValue, jsonlex::Error>, usize)>) -> Vec<Step> {
    let mut out = Vec::new();
    while let Some((r, at)) = next() {
        match r {
            Ok(v) => out.push(Step::Doc(v, at)),
            Err(e) => {
                // As serde_json's (below): after a newline, column 0 of the next line.
                let line = if e.column() == 0 { e.line() - 1 } else { e.line() };
                out.push(Step::Err { line, offset: at });
                assert!(e.offset() >= at && e.offset() <= input.len(), "{e:?} in {input:?}");
                assert!(next().is_none(), "the stream stops after an error");
                break;
            }
        }
    }
    out
}

/// serde_json's steps, up to its first error (it may go on after a trailing-characters
/// error; jsonlex stops there).
fn serde_json_steps(input: &[u8]) -> Vec<Step> {
    let mut it = serde_json::Deserializer::from_slice(input).into_iter::<SValue>();
    let mut out = Vec::new();
    while let Some(r) = it.next() {
        match r {
            Ok(v) => out.push(Step::Doc(v, it.byte_offset())),
            Err(e) => {
                // serde_json places some errors just past the byte at fault: after a
                // newline, that is column 0 of the next line.
                let line = if e.column() == 0 { e.line() - 1 } else { e.line() };
                out.push(Step::Err { line, offset: it.byte_offset() });
                break;
            }
        }
    }
    out
}

#[track_caller]
fn same_as_serde_json(input: &[u8]) {
    let (ours, theirs) = (jsonlex_steps(input), serde_json_steps(input));
    assert_eq!(ours, theirs, "input {:?}", String::from_utf8_lossy(input));
    for step in [1, 2, 5] {
        let ours = jsonlex_reader_steps(input, step);
        assert_eq!(ours, theirs, "input {:?}, {step}-byte reads", String::from_utf8_lossy(input));
    }
}

/// Inputs for where a stream's documents end and where it fails: both the serde stream
/// and `ValueStream` are checked on every one.
const STREAM_ENDS: &[&str] = &[
    "",
    " \n\t ",
    "1 2",
    "12",
    "1[",
    "1[]",
    "[1]2",
    "{}{}",
    "\"a\"\"b\"",
    "1\"a\"",
    "1x",
    "truex",
    "true false",
    "truefalse",
    "null,1",
    "1:2",
    "1]",
    "[1] ]",
    "[1,]",
    "1 [",
    "-",
    "1.5e",
    "1.5e3 -0 -1.25E-2",
    "{\"a\":1}x",
    "{\"x\":39} {\"x\":40}{\"x\":41}\n{\"x\":42}",
    "1\n2\r\n3\n",
    "[\n1,\n2\n]\n[",
    "\"\\u00e9\" \"\\ud800\"",
    "\"unterminated",
    "[[[]]]]",
    "{\"a\" 1}",
    "nul",
    "0 01",
    "0.5.5",
    " 7 ",
    "1-2",
    "01",
    "-01",
    "1e5e",
    "2+",
    "1.",
    "[1]\n\"\\x\"",
    "\"\\ud800\" 1",
];

#[test]
fn where_documents_end() {
    for input in STREAM_ENDS {
        same_as_serde_json(input.as_bytes());
    }
}

/// `Deserializer::from_reader(..).into_iter()`'s steps, reading `step` bytes at a time.
fn jsonlex_reader_steps(input: &[u8], step: usize) -> Vec<Step> {
    let reader = Steps { data: input, step };
    let mut it = jsonlex::Deserializer::from_reader(reader).into_iter::<SValue>();
    collect_steps(input, || it.next().map(|r| (r, it.byte_offset())))
}

/// A reader that gives `step` bytes a read.
struct Steps<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for Steps<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// From a reader, in reads of every size up to the input's: serde_json's steps, and
/// the slice stream's errors exactly (message, line, column, offset).
#[test]
fn from_readers_where_documents_end() {
    for input in STREAM_ENDS {
        let input = input.as_bytes();
        let theirs = serde_json_steps(input);
        for step in 1..=input.len().max(1) {
            assert_eq!(jsonlex_reader_steps(input, step), theirs, "input {input:?}, {step}-byte reads");
            let describe = |r: Result<SValue, jsonlex::Error>| {
                r.map_err(|e| (e.classify(), e.message().to_string(), e.line(), e.column(), e.offset()))
            };
            let ours: Vec<_> = jsonlex::Deserializer::from_reader(Steps { data: input, step })
                .into_iter::<SValue>()
                .map(describe)
                .collect();
            let slice: Vec<_> = jsonlex::Deserializer::from_slice(input).into_iter::<SValue>().map(describe).collect();
            assert_eq!(ours, slice, "input {input:?}, {step}-byte reads");
        }
    }
}

#[test]
fn byte_offsets_follow_serde_jsons_example() {
    // serde_json's own example.
    let data = b"{\"x\":39} {\"x\":40}{\"x\":41}\n{\"x\":42}";
    let mut it = jsonlex::Deserializer::from_slice(data).into_iter::<jsonlex::Value>();
    assert_eq!(it.byte_offset(), 0);
    let mut offsets = Vec::new();
    while let Some(v) = it.next() {
        v.unwrap();
        offsets.push(it.byte_offset());
    }
    assert_eq!(offsets, [8, 17, 25, 34]);
    assert_eq!(it.byte_offset(), 34);
}

#[test]
fn errors_name_the_line_and_column_in_the_whole_input() {
    let input = b"{\"a\": 1}\n[1, 2]\n{\"b\": [true, nul]}\n{}";
    let got: Vec<_> = jsonlex::Deserializer::from_slice(input).into_iter::<jsonlex::Value>().collect();
    assert_eq!(got.len(), 3, "stops after the error");
    let e = got[2].as_ref().unwrap_err();
    // serde_json's place: the first byte of `nul]` that does not spell `null`.
    let theirs = serde_json::Deserializer::from_slice(input).into_iter::<SValue>().nth(2).unwrap().unwrap_err();
    assert_eq!((e.line(), e.column()), (theirs.line(), theirs.column()));
    assert_eq!((e.line(), e.column()), (3, 17));
    assert_eq!(
        e.to_string(),
        jsonlex::decode(b"{\"b\": [true, nul]}")
            .unwrap_err()
            .serde_json_style()
            .to_string()
            .replace("line 1", "line 3")
    );
}

/// Multi-document inputs, each cut at every byte: every prefix is an input of its own.
#[test]
fn every_prefix_of_multi_document_inputs() {
    for input in [
        &b"{\"a\": [1, 2.5, \"x\"]} [true]\n\"s\\n\" 12 -3.5e2 null\r\n{}{\"b\":{}}"[..],
        b"1 2 3\n[4,5]\n\"six\"\ntrue false null",
        b"[\"\xc3\xa9t\xc3\xa9\", {\"k\": \"\\u00e9\\ud83d\\ude00\"}]  {\"n\": -0}\n\n[[], [[]]]",
    ] {
        for k in 0..=input.len() {
            same_as_serde_json(&input[..k]);
            same_as_serde_json(&input[k..]);
        }
    }
}

/// Two documents joined by each separator (none included: `1` `2` is `12`).
#[test]
fn pairs_of_documents_and_every_separator() {
    let docs = ["1", "-2.5", "true", "null", "\"s\"", "[]", "[1]", "{}", "{\"a\":1}", "0"];
    for a in docs {
        for b in docs {
            for sep in ["", " ", "\n", "\r\n", "\t \n", ","] {
                same_as_serde_json(format!("{a}{sep}{b}").as_bytes());
            }
        }
    }
}

/// A user type, borrowed strings and a wrong type in the middle.
#[test]
fn user_types() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Event<'a> {
        id: u32,
        name: &'a str,
    }
    let input = b"{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b\"}\n{\"id\": \"3\", \"name\": \"c\"}\n{}";
    let got: Vec<_> = jsonlex::Deserializer::from_slice(input).into_iter::<Event>().collect();
    assert_eq!(got.len(), 3);
    assert_eq!(got[1].as_ref().unwrap(), &Event { id: 2, name: "b" });
    let e = got[2].as_ref().unwrap_err();
    let theirs = serde_json::Deserializer::from_slice(input).into_iter::<Event>().nth(2).unwrap().unwrap_err();
    assert_eq!((e.line(), e.column()), (theirs.line(), theirs.column()));
    assert_eq!(e.classify(), jsonlex::Category::Data);
}

// ---- decode_stream / ValueStream: the same documents as the serde stream ----

/// One stream's next document and the byte offset after it.
type Next = (Option<Result<jsonlex::Value, jsonlex::Error>>, usize);

/// Two streams of values agree, document by document: values (strictly), errors
/// (message, line, column, offset), and the byte offset after each.
#[track_caller]
fn same_streams(mut ours: impl FnMut() -> Next, mut theirs: impl FnMut() -> Next, what: &dyn Fn() -> String) {
    loop {
        let ((a, a_offset), (b, b_offset)) = (ours(), theirs());
        let what = || format!("{}, offset {b_offset}", what());
        match (&a, &b) {
            (None, None) => break,
            (Some(Ok(x)), Some(Ok(y))) => crate::common::assert_same(x, y),
            (Some(Err(x)), Some(Err(y))) => {
                assert_eq!(
                    (x.message(), x.line(), x.column(), x.offset()),
                    (y.message(), y.line(), y.column(), y.offset()),
                    "{}",
                    what()
                )
            }
            _ => panic!("{}: {a:?} vs {b:?}", what()),
        }
        assert_eq!(a_offset, b_offset, "{}", what());
    }
}

/// `ValueStream` and `StreamDeserializer<jsonlex::Value>` agree: values (strictly),
/// offsets, and the error (message, line, column, offset).
#[track_caller]
fn value_stream_same_as_serde_stream(input: &[u8]) {
    let mut ours = jsonlex::decode_stream(input);
    let mut serde = jsonlex::Deserializer::from_slice(input).into_iter::<jsonlex::Value>();
    // The serde stream's errors are in serde_json's words and places.
    let serde_style =
        |r: Option<Result<jsonlex::Value, jsonlex::Error>>| r.map(|r| r.map_err(jsonlex::Error::serde_json_style));
    same_streams(|| (serde_style(ours.next()), ours.byte_offset()), || (serde.next(), serde.byte_offset()), &|| {
        format!("input {:?}", String::from_utf8_lossy(input))
    });
}

#[test]
fn value_stream_where_documents_end() {
    for input in STREAM_ENDS {
        value_stream_same_as_serde_stream(input.as_bytes());
    }
}

/// `decode_reader_stream` gives what `decode_stream` gives on the same bytes: values
/// (strictly), errors (message, line, column, offset) and offsets, in reads of 1, 2, 5
/// and 64 bytes.
#[test]
fn value_reader_stream_as_value_stream() {
    let mut inputs: Vec<Vec<u8>> = STREAM_ENDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    let multi = &b"{\"a\": [1, 2.5, \"x\"]} [true]\n\"s\\n\" 12 -3.5e2 null\r\n{}{\"b\":{}}"[..];
    inputs.extend((0..=multi.len()).map(|k| multi[..k].to_vec()));
    for input in &inputs {
        for step in [1, 2, 5, 64] {
            let mut ours = jsonlex::decode_reader_stream(Steps { data: input, step });
            let mut slice = jsonlex::decode_stream(input);
            same_streams(|| (ours.next(), ours.byte_offset()), || (slice.next(), slice.byte_offset()), &|| {
                format!("input {:?}, {step}-byte reads", String::from_utf8_lossy(input))
            });
        }
    }
}

#[test]
fn value_stream_every_prefix_and_suffix() {
    for input in [
        &b"{\"a\": [1, 2.5, \"x\"]} [true]\n\"s\\n\" 12 -3.5e2 null\r\n{}{\"b\":{}}"[..],
        b"1 2 3\n[4,5]\n\"six\"\ntrue false null 0 -0 1e2",
        b"[\"\xc3\xa9t\xc3\xa9\", {\"k\": \"\\u00e9\\ud83d\\ude00\"}]  {\"n\": -0}\n\n[[], [[]]]",
    ] {
        for k in 0..=input.len() {
            value_stream_same_as_serde_stream(&input[..k]);
            value_stream_same_as_serde_stream(&input[k..]);
        }
    }
    let docs = ["1", "-2.5", "true", "null", "\"s\"", "[]", "[1]", "{}", "{\"a\":1}", "0"];
    for a in docs {
        for b in docs {
            for sep in ["", " ", "\n", "\r\n", ","] {
                value_stream_same_as_serde_stream(format!("{a}{sep}{b}").as_bytes());
            }
        }
    }
}

#[test]
fn value_stream_decodes_generated_ndjson_as_ndjson_does() {
    let mut input = Vec::new();
    for i in 0..500 {
        input.extend_from_slice(
            format!("{{\"i\": {i}, \"s\": \"\\u00e9{i}\", \"a\": [{i}.5, true, null]}}\n").as_bytes(),
        );
    }
    let streamed: Vec<_> = jsonlex::decode_stream(&input).map(Result::unwrap).collect();
    let lines = jsonlex::ndjson::decode(&input);
    assert_eq!(streamed.len(), 500);
    for (s, (_, l)) in streamed.iter().zip(&lines) {
        crate::common::assert_same(s, l.as_ref().unwrap());
    }
    // Options apply to every document.
    let opts = jsonlex::DecodeOptions::new().max_depth(2);
    let mut it = jsonlex::ValueStream::with_options(b"[[1]] [[[1]]]", &opts);
    assert!(it.next().unwrap().is_ok());
    let e = it.next().unwrap().unwrap_err();
    assert_eq!((e.classify(), e.column()), (jsonlex::Category::Depth, 9));
}
