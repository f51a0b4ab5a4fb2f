//! `validate_reader` and `decode_reader` against `validate` and `decode` on the same
//! bytes: the same values, and the same errors (category, message, offset, line,
//! column), whatever sizes the reader's reads have: the corpus, JSONTestSuite, documents
//! whose tokens straddle every chunk boundary; I/O errors mid-stream; memory that does
//! not grow with the input.

use std::io::{self, Read};

use proptest::prelude::*;

/// A reader that gives at most `step` bytes per read (and fails at the end with
/// `fail`, if set, instead of ending).
struct Chunks<'a> {
    data: &'a [u8],
    step: usize,
    fail: Option<io::ErrorKind>,
}

impl Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.data.is_empty() {
            if let Some(kind) = self.fail.take() {
                return Err(io::Error::new(kind, "connection reset"));
            }
        }
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn describe(e: &jsonlex::Error) -> (jsonlex::Category, String, usize, usize, usize) {
    (e.classify(), e.message().to_string(), e.offset(), e.line(), e.column())
}

/// `validate_reader` and `decode_reader`, reading `step` bytes at a time, agree with
/// `validate` and `decode`.
fn same_as_slice(input: &[u8], step: usize) -> Result<(), String> {
    let reader = || Chunks { data: input, step, fail: None };
    let want = jsonlex::validate(input).map_err(|e| describe(&e));
    let got = jsonlex::validate_reader(reader()).map_err(|e| describe(&e));
    if got != want {
        return Err(format!("validate_reader {got:?}, validate {want:?} ({step}-byte reads)"));
    }
    match (jsonlex::decode(input), jsonlex::decode_reader(reader())) {
        (Ok(a), Ok(b)) => crate::common::strict_diff(&a, &b).map_err(|d| format!("decode_reader differs: {d}")),
        (Err(a), Err(b)) if describe(&a) == describe(&b) => Ok(()),
        (a, b) => Err(format!("decode {:?}, decode_reader {:?} ({step}-byte reads)", a.map(drop), b.map(drop))),
    }
}

#[test]
fn corpus_through_readers_of_every_read_size() {
    let corpus = crate::common::corpus();
    for (name, input) in &corpus {
        // One byte per read only on the small files: debug builds are slow at it.
        for step in [1, 7, 4096, 1 << 20].into_iter().filter(|&s| s > 1 || input.len() < 1 << 18) {
            same_as_slice(input, step).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    assert!(corpus.len() >= 5, "{}", corpus.len());
}

#[test]
fn json_test_suite_through_readers() {
    let (mut files, mut errors) = (0, 0);
    for (name, input) in crate::common::json_test_suite("") {
        for step in [1, 2, 3, 5, 64] {
            same_as_slice(&input, step).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        files += 1;
        errors += jsonlex::validate(&input).is_err() as usize;
    }
    assert!(files >= 300 && errors >= 150, "{files} files, {errors} invalid");
}

/// Errors whose message looks at the bytes before a token (a leading zero, after the
/// `0` token has left the buffer) or far into the input (line and column count the
/// lines the buffer has dropped).
#[test]
fn errors_that_look_back_and_far() {
    let mut long = b"[\n".to_vec();
    for i in 0..5000 {
        long.extend(format!("  {{\"k\": \"line {i} é\"}},\n").bytes());
    }
    for tail in [&b"01]"[..], b"1.]", b"tru]", b"\"a\x01\"]", b"\"\\x\"]", b"1 2]", b"{\"a\" 1}]", b"-]", b"\"\xC3(\"]"]
    {
        let mut input = long.clone();
        input.extend_from_slice(tail);
        assert!(jsonlex::validate(&input).is_err());
        for step in [1, 3, 100, 65536] {
            same_as_slice(&input, step).unwrap_or_else(|e| panic!("{:?}: {e}", String::from_utf8_lossy(tail)));
        }
    }
}

#[test]
fn an_io_error_is_reported_at_its_offset_not_as_a_truncated_document() {
    let input = b"{\"a\": [1, 2, \"abc";
    for step in [1, 4, 100] {
        let reader = Chunks { data: input, step, fail: Some(io::ErrorKind::ConnectionReset) };
        let e = jsonlex::validate_reader(reader).unwrap_err();
        assert_eq!(e.classify(), jsonlex::Category::Io, "{e}");
        assert_eq!((e.offset(), e.line(), e.column()), (input.len(), 1, input.len() + 1));
        assert_eq!(e.to_string(), "cannot read the input: connection reset at line 1, column 18");
        let reader = Chunks { data: input, step, fail: Some(io::ErrorKind::ConnectionReset) };
        assert_eq!(jsonlex::decode_reader(reader).unwrap_err().classify(), jsonlex::Category::Io);
    }
}

/// Memory does not grow with the input: validating 1 and 100 MB allocates the same
/// (the reader's buffer; the generator's own `pending` is allocated before).
#[test]
fn validate_reader_memory_does_not_grow_with_the_input() {
    let count = |n: usize| {
        let mut numbers = crate::common::RepeatedArray::new(b"1234567890", n);
        let (result, allocations) = crate::decode_api::allocations(|| jsonlex::validate_reader(&mut numbers));
        result.unwrap();
        allocations
    };
    let (small, large) = (count(100_000), count(10_000_000));
    assert_eq!(small, large, "allocations for 1 MB and for 100 MB");
    assert!(large <= 2, "{large} allocations");
}

/// Documents made of JSON pieces, read in random chunk sizes: every token boundary
/// lands on a chunk boundary somewhere.
fn document() -> impl Strategy<Value = Vec<u8>> {
    let valid =
        prop::collection::vec(prop::sample::select(&["[1, 2.5, \"x\"]", "{\"a\": {\"b\": [true, null]}}"][..]), 1..3)
            .prop_map(|v| format!("[{}]", v.join(",\n")).into_bytes());
    let random = prop::collection::vec(prop::sample::select(crate::common::JSON_PIECES), 0..30)
        .prop_map(|v| v.concat().into_bytes());
    prop_oneof![valid, random]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn readers_agree_with_slices(input in document(), step in 1..64usize) {
        same_as_slice(&input, step).map_err(TestCaseError::fail)?;
    }
}

/// Invalid UTF-8 repaired under a lenient `InvalidUtf8`: the lexer rejects the string,
/// and the decoder rescans it to its closing quote, which the reader may not have read
/// yet. The reader reads on (it used to report an unterminated string), as the serde
/// reader does.
#[test]
fn repaired_strings_longer_than_what_was_read() {
    let [long, unterminated] = crate::common::long_strings_to_repair();
    for mode in [jsonlex::InvalidUtf8::Substitute, jsonlex::InvalidUtf8::Ignore, jsonlex::InvalidUtf8::Error] {
        let options = jsonlex::DecodeOptions::new().invalid_utf8(mode);
        for input in [&long, &unterminated] {
            let want = jsonlex::decode_with(input, &options).map_err(|e| describe(&e));
            for step in [1, 7, 64, 1 << 16] {
                let reader = || Chunks { data: input, step, fail: None };
                let valid = jsonlex::validate_reader_with(reader(), &options).map_err(|e| describe(&e));
                assert_eq!(valid, want.clone().map(drop), "validate_reader, {mode:?}, {step}-byte reads");
                let got = jsonlex::runtime::de::decode_reader::<jsonlex::lexer::JsonLexerStream, _>(reader(), &options)
                    .map_err(|e| describe(&e));
                assert_eq!(got, want, "decode_reader, {mode:?}, {step}-byte reads");
            }
        }
    }
    // The repair happened: the long string is one value, not an error.
    let options = jsonlex::DecodeOptions::new().invalid_utf8(jsonlex::InvalidUtf8::Substitute);
    assert!(jsonlex::decode_with(&long, &options).is_ok());
}

/// A dialect's `decode`/`validate` against its `decode_reader`/`validate_reader`, `step`
/// bytes a read: the same value, or the same error.
fn dialect_same_as_slice(name: &str, input: &[u8], step: usize, json5: bool) {
    use jsonlex::{json5, jsonc};
    let chunks = || Chunks { data: input, step, fail: None };
    let (want, got) = if json5 {
        (json5::validate(input), json5::validate_reader(chunks()))
    } else {
        (jsonc::validate(input), jsonc::validate_reader(chunks()))
    };
    assert_eq!(got.map_err(|e| describe(&e)), want.map_err(|e| describe(&e)), "{name}: validate, {step}-byte reads");
    let (want, got) = if json5 {
        (json5::decode(input), json5::decode_reader(chunks()))
    } else {
        (jsonc::decode(input), jsonc::decode_reader(chunks()))
    };
    match (want, got) {
        (Ok(a), Ok(b)) => crate::common::strict_diff(&a, &b).unwrap_or_else(|d| panic!("{name}: {d}")),
        (Err(a), Err(b)) => assert_eq!(describe(&b), describe(&a), "{name}: decode, {step}-byte reads"),
        (a, b) => panic!("{name}: decode {:?}, decode_reader {:?} ({step}-byte reads)", a.map(drop), b.map(drop)),
    }
}

/// JSON5 and JSONC from a reader (the one parser loop's dialect arms over a streaming
/// lexer): the JSON5 suite (good and bad files), JSON with comments, trailing commas.
#[test]
fn dialects_through_readers() {
    use jsonlex::json5;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json5-tests");
    let expected: std::collections::BTreeMap<String, serde_json::Value> =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).unwrap()).unwrap();
    let (mut files, mut bad) = (0, 0);
    for name in expected.keys() {
        let input = std::fs::read(dir.join(name)).unwrap();
        for step in [1, 3, 64] {
            dialect_same_as_slice(name, &input, step, true);
        }
        files += 1;
        bad += json5::validate(&input).is_err() as usize;
    }
    assert!(files >= 100 && bad >= 25, "{files} files, {bad} invalid");
    let jsonc_docs: [&[u8]; 8] = [
        b"{\"a\": [1, 2] /* two */, // more\n \"b\": {\"c\": null}}",
        b"/* lead */ [true, false] // tail",
        b"[1, /* 2",
        b"[1, 2,]",
        b"{\"a\": 1 // x\n \"b\": 2}",
        b"[1, // \xFF\n2]",
        b"[\"\xC3\"]",
        b"// only a comment",
    ];
    for doc in jsonc_docs {
        for step in [1, 2, 5, 64] {
            dialect_same_as_slice(&String::from_utf8_lossy(doc), doc, step, false);
        }
    }
    // JSON is JSONC and (but for a few numbers and escapes) JSON5: the suite's good and
    // bad documents, both dialects, through small reads.
    for (name, input) in crate::common::json_test_suite("") {
        for step in [1, 5] {
            dialect_same_as_slice(&name, &input, step, false);
            dialect_same_as_slice(&name, &input, step, true);
        }
    }
    // Trailing commas, strict JSON's reader on the dialect loop.
    let trailing = jsonlex::DecodeOptions::new().trailing_commas(true);
    for doc in [&b"[1, 2,]"[..], b"{\"a\": [1,], \"b\": {},}", b"[,]", b"{\"a\":1,,}", b"[1,"] {
        for step in [1, 64] {
            let got = jsonlex::validate_reader_with(Chunks { data: doc, step, fail: None }, &trailing);
            let want = jsonlex::validate_with(doc, &trailing);
            assert_eq!(got.map_err(|e| describe(&e)), want.map_err(|e| describe(&e)), "{doc:?}");
        }
    }
    assert!(jsonlex::validate_reader_with(&b"[1, 2,]"[..], &trailing).is_ok());
    assert!(jsonlex::validate_reader(&b"[1, 2,]"[..]).is_err());
}
