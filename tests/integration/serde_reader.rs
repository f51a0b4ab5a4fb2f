//! serde from a reader (`jsonlex::from_reader`, `Deserializer::from_reader(r).into_iter()`)
//! against the same bytes in a slice (`from_slice`, `Deserializer::from_slice`): the same
//! values and the same errors (category, message, offset, line, column), whatever sizes
//! the reads have; every split point of boundary documents; JSONTestSuite and the corpus;
//! a read that fails mid-stream; `Interrupted` reads; memory that does not grow with the
//! input. (The reader streams against serde_json's `StreamDeserializer` are in
//! `streams.rs`, on its `STREAM_ENDS`.)

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::io::{self, Read, Write as _};

use proptest::prelude::*;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde_derive::Deserialize;
use serde_json::Value as SValue;

/// A reader of `data` whose reads give the sizes of `sizes` in turn, the last one
/// repeating (0 is skipped), answer `Interrupted` before every read if `interrupt`, and
/// end with the error `fail` instead of the end of input, if set.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    next: usize,
    interrupt: bool,
    interrupted: bool,
    fail: Option<io::ErrorKind>,
}

impl<'a> Pieces<'a> {
    /// Reads of `step` bytes.
    fn new(data: &'a [u8], step: usize) -> Self {
        Self::sizes(data, vec![step])
    }

    /// `data[..at]` in one read, then the rest in one read.
    fn split(data: &'a [u8], at: usize) -> Self {
        Self::sizes(data, vec![at, usize::MAX])
    }

    fn sizes(data: &'a [u8], sizes: Vec<usize>) -> Self {
        let mut sizes: Vec<usize> = sizes.into_iter().filter(|&s| s > 0).collect();
        if sizes.is_empty() {
            sizes.push(usize::MAX);
        }
        Pieces { data, sizes, next: 0, interrupt: false, interrupted: false, fail: None }
    }

    fn interrupting(mut self) -> Self {
        self.interrupt = true;
        self
    }

    fn failing(mut self, kind: io::ErrorKind) -> Self {
        self.fail = Some(kind);
        self
    }
}

impl Read for Pieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.interrupt && !self.interrupted {
            self.interrupted = true;
            return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
        }
        self.interrupted = false;
        if self.data.is_empty() {
            if let Some(kind) = self.fail {
                return Err(io::Error::new(kind, "connection reset"));
            }
        }
        let size = self.sizes[self.next.min(self.sizes.len() - 1)];
        self.next += 1;
        let n = size.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

type Described = (jsonlex::Category, String, usize, usize, usize);

fn describe(e: &jsonlex::Error) -> Described {
    (e.classify(), e.message().to_string(), e.offset(), e.line(), e.column())
}

/// `from_reader::<T>` on `reader` (whose bytes are `input`) gives what `from_slice::<T>`
/// gives on `input`.
fn same_as_slice<T: DeserializeOwned + PartialEq + Debug>(input: &[u8], reader: impl Read) -> Result<(), String> {
    let want = jsonlex::from_slice::<T>(input).map_err(|e| describe(&e));
    let got = jsonlex::from_reader::<_, T>(reader).map_err(|e| describe(&e));
    if got == want {
        Ok(())
    } else {
        Err(format!("from_reader {got:?}\n from_slice {want:?}\n input {:?}", String::from_utf8_lossy(input)))
    }
}

/// The reader stream over `reader` and the slice stream over `input` agree: the same
/// documents, errors and offsets after each.
fn same_stream_as_slice<T>(input: &[u8], reader: impl Read) -> Result<(), String>
where
    T: DeserializeOwned + PartialEq + Debug,
{
    let mut ours = jsonlex::Deserializer::from_reader(reader).into_iter::<T>();
    let mut slice = jsonlex::Deserializer::from_slice(input).into_iter::<T>();
    let mut n = 0;
    loop {
        let (a, b) = (ours.next(), slice.next());
        let (a, b) = (a.map(|r| r.map_err(|e| describe(&e))), b.map(|r| r.map_err(|e| describe(&e))));
        if a != b || ours.byte_offset() != slice.byte_offset() {
            return Err(format!(
                "document {n}: reader {a:?} at {}, slice {b:?} at {}\n input {:?}",
                ours.byte_offset(),
                slice.byte_offset(),
                String::from_utf8_lossy(input)
            ));
        }
        if a.is_none() {
            return Ok(());
        }
        n += 1;
    }
}

// ---- Typed documents whose tokens (and errors) land on every read boundary ----

#[derive(Deserialize, Debug, PartialEq)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: Option<f64>,
    kind: Kind,
    counts: BTreeMap<u32, i128>,
    flag: bool,
}

#[derive(Deserialize, Debug, PartialEq)]
enum Kind {
    A,
    B(u8),
    C { x: i32 },
}

/// Good and bad records: every token kind, escapes, borrowed-in-a-slice strings, numeric
/// keys (re-lexed from the key's body), 128-bit integers, enums, options (a peek),
/// visitor errors placed on the last byte read, and lexical errors.
const RECORDS: &[&str] = &[
    r#"{"id": 1, "name": "a\n\u00e9\ud83d\ude00", "tags": ["x", "日本"], "score": null, "kind": "A", "counts": {"1": -170141183460469231731687303715884105728, "22": 3}, "flag": true}"#,
    r#"{"id":18446744073709551615,"name":"","tags":[],"score":-1.5e-3,"kind":{"B":7},"counts":{},"flag":false}"#,
    "\r\n {\"id\": 2, \"name\": \"n\", \"tags\": [], \"score\": 2, \"kind\": {\"C\": {\"x\": -1}}, \"counts\": {\"0\": 0}, \"flag\": true}\n ",
    r#"{"id": 1.5}"#,
    r#"{"id": -1}"#,
    r#"{"id": 01}"#,
    r#"{"id": 1.}"#,
    r#"{"id": 1e999}"#,
    r#"{"id": "1"}"#,
    r#"{"name": 01}"#,
    r#"{"id": 1, "id": 2}"#,
    r#"{"id": 1}"#,
    r#"{"id": 1, "name": "a", "tags": ["x",]}"#,
    r#"{"counts": {"01": 1}}"#,
    r#"{"counts": {"1.x": 2}}"#,
    r#"{"counts": {"x": 1}}"#,
    r#"{"counts": {"1 ": 1}}"#,
    r#"{"counts": {"-": 1}}"#,
    r#"{"counts": {"4294967296": 1}}"#,
    r#"{"counts": {"1": 170141183460469231731687303715884105728}}"#,
    r#"{"kind": "D"}"#,
    r#"{"kind": {"B": 300}}"#,
    r#"{"kind": {"B": 1, "C": 2}}"#,
    r#"{"score": tru}"#,
    r#"{"score": [1]}"#,
    r#"[1, "a"]"#,
    r#"{"name": "\x"}"#,
    "{\"name\": \"a\u{1}\"}",
    r#"{"name": "\ud800"}"#,
    r#"{"id": 1 "name": 2}"#,
    r#"{"flag": true} x"#,
    r#"{"flag": truex}"#,
    "",
    "   ",
    "{\"id\": 1, \"name\": \"a\", \"tags\": [\"\\u00e9\"], \"score\": 0, \"kind\": \"A\", \"counts\": {}, \"flag\": true",
];

/// Every split point of every record, as one type and as serde_json's `Value`.
#[test]
fn every_split_point_of_the_records() {
    for doc in RECORDS {
        let doc = doc.as_bytes();
        for at in 0..=doc.len() {
            same_as_slice::<Record>(doc, Pieces::split(doc, at)).unwrap_or_else(|e| panic!("split at {at}: {e}"));
            same_as_slice::<SValue>(doc, Pieces::split(doc, at)).unwrap_or_else(|e| panic!("split at {at}: {e}"));
        }
        for step in 1..=64 {
            same_as_slice::<Record>(doc, Pieces::new(doc, step)).unwrap_or_else(|e| panic!("{step}-byte reads: {e}"));
        }
    }
}

/// The records as one stream (separated by newlines and nothing), split at every point.
#[test]
fn every_split_point_of_a_stream_of_records() {
    let good: Vec<&str> = RECORDS.iter().take(3).copied().collect();
    for (i, bad) in RECORDS.iter().enumerate().skip(3) {
        let input = format!("{}\n{}{}\n{}", good[0], good[1], bad, good[2]);
        let input = input.as_bytes();
        // Every split point on the first few; a stride elsewhere keeps debug builds fast.
        let stride = if i < 8 { 1 } else { 7 };
        for at in (0..=input.len()).step_by(stride) {
            same_stream_as_slice::<Record>(input, Pieces::split(input, at))
                .unwrap_or_else(|e| panic!("split at {at}: {e}"));
            same_stream_as_slice::<SValue>(input, Pieces::split(input, at))
                .unwrap_or_else(|e| panic!("split at {at}: {e}"));
        }
        for step in [1, 2, 3, 5, 64] {
            same_stream_as_slice::<Record>(input, Pieces::new(input, step).interrupting())
                .unwrap_or_else(|e| panic!("{step}-byte reads: {e}"));
        }
    }
}

/// A visitor error after a peek over much whitespace (the buffer drops what precedes
/// the peeked token, but for the byte the error is placed on), and errors far into the
/// input (lines counted in bytes the buffer has dropped).
#[test]
fn errors_after_peeks_and_far_into_the_input() {
    let docs = |pad: &str| {
        [
            format!("{{\"id\": 1, \"id\"{pad}: 2}}"),
            format!("{{\"score\":{pad}01}}"),
            format!("{{\"name\": 1{pad}}}"),
            format!("{{\"tags\": [{pad}\"a\",{pad}1]}}"),
            format!("{{\"kind\": {{\"B\": 1{pad}, \"C\": 2}}}}"),
            format!("{{\"counts\": {{{pad}\"1\"{pad}:{pad}-3}}, \"flag\":{pad}tru}}"),
            format!("{pad}[{pad}]{pad}"),
        ]
    };
    // Runs of whitespace longer than the buffer; one or three bytes a read rescan a run
    // once a byte, so those read shorter runs.
    for (pad, steps) in [(" \n".repeat(40_000), &[64, 4096, 1 << 20][..]), (" \n".repeat(300), &[1, 3][..])] {
        for doc in docs(&pad) {
            for &step in steps {
                same_as_slice::<Record>(doc.as_bytes(), Pieces::new(doc.as_bytes(), step))
                    .unwrap_or_else(|e| panic!("{step}-byte reads: {e}"));
            }
        }
    }
}

/// An object whose members are all skipped.
#[derive(Deserialize, Debug, PartialEq)]
struct NoFields {}

#[test]
fn json_test_suite_from_readers_as_from_slices() {
    let (mut files, mut errors) = (0, 0);
    for (name, input) in crate::common::json_test_suite("") {
        for step in [1, 2, 7, 64] {
            let reader = || Pieces::new(&input, step);
            same_as_slice::<SValue>(&input, reader()).unwrap_or_else(|e| panic!("{name}: {e}"));
            same_as_slice::<jsonlex::Value>(&input, reader()).unwrap_or_else(|e| panic!("{name}: {e}"));
            same_stream_as_slice::<SValue>(&input, reader()).unwrap_or_else(|e| panic!("{name}: {e}"));
            // Every member skipped: the parser's skip path.
            same_as_slice::<NoFields>(&input, reader()).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        files += 1;
        errors += jsonlex::from_slice::<IgnoredAny>(&input).is_err() as usize;
    }
    assert!(files >= 300 && errors >= 150, "{files} files, {errors} invalid");
}

#[test]
fn corpus_from_readers_as_from_slices() {
    use crate::serde_models as models;
    for (name, step) in [("canada", 7), ("citm_catalog", 4096), ("twitter", 1), ("utf-8-escaped", 64)] {
        let input = crate::common::corpus_file(name);
        let reader = || Pieces::new(&input, step);
        let typed = match name {
            "canada" => same_as_slice::<models::Canada>(&input, reader()),
            "citm_catalog" => same_as_slice::<models::CitmCatalog>(&input, reader()),
            "twitter" => same_as_slice::<models::Twitter>(&input, reader()),
            _ => Ok(()),
        };
        typed.unwrap_or_else(|e| panic!("{name}: {e}"));
        same_as_slice::<SValue>(&input, Pieces::new(&input, 1 << 20)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(jsonlex::from_reader::<_, SValue>(reader()).is_ok(), "{name}");
    }
}

// ---- Reads that fail or are interrupted ----

#[test]
fn an_io_error_mid_stream_is_reported_at_its_offset_not_as_truncation() {
    let input = b"{\"id\": 1,\n \"name\": \"abc";
    for step in [1, 4, 100] {
        let e = jsonlex::from_reader::<_, Record>(Pieces::new(input, step).failing(io::ErrorKind::ConnectionReset))
            .unwrap_err();
        assert_eq!(e.classify(), jsonlex::Category::Io, "{e}");
        assert_eq!((e.offset(), e.line(), e.column()), (input.len(), 2, 14));
        assert_eq!(e.to_string(), "cannot read the input: connection reset at line 2, column 14");
        // The same bytes with a clean end: truncation, a different error.
        let eof = jsonlex::from_reader::<_, Record>(Pieces::new(input, step)).unwrap_err();
        assert_eq!(eof.classify(), jsonlex::Category::Eof);
    }
    // In a stream: the documents before it, then the error, then nothing.
    let input = b"1 [2]\n\"three\" [4, 5";
    for step in [1, 3, 100] {
        let reader = Pieces::new(input, step).failing(io::ErrorKind::BrokenPipe);
        let mut docs = jsonlex::Deserializer::from_reader(reader).into_iter::<SValue>();
        assert_eq!(docs.next().unwrap().unwrap(), 1);
        assert_eq!(docs.next().unwrap().unwrap(), serde_json::json!([2]));
        assert_eq!(docs.next().unwrap().unwrap(), "three");
        assert_eq!(docs.byte_offset(), 13);
        let e = docs.next().unwrap().unwrap_err();
        assert_eq!((e.classify(), e.offset(), e.line(), e.column()), (jsonlex::Category::Io, 19, 2, 14));
        assert!(docs.next().is_none());
        assert_eq!(docs.byte_offset(), 14, "where the document that failed began");
    }
    // A failure between documents, after a number (whose end the stream must look past).
    let input = b"1 2";
    let reader = Pieces::new(input, 1).failing(io::ErrorKind::BrokenPipe);
    let got: Vec<_> = jsonlex::Deserializer::from_reader(reader).into_iter::<SValue>().collect();
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].as_ref().unwrap(), &1);
    assert_eq!(got[1].as_ref().unwrap_err().classify(), jsonlex::Category::Io);
}

#[test]
fn interrupted_reads_are_retried() {
    for doc in RECORDS {
        let doc = doc.as_bytes();
        for step in [1, 5, 64] {
            same_as_slice::<Record>(doc, Pieces::new(doc, step).interrupting())
                .unwrap_or_else(|e| panic!("{step}-byte reads: {e}"));
        }
    }
}

// ---- Memory ----

/// A reader that makes NDJSON records on the fly (`[` ... `]` around them, comma
/// separated, if `array`), never holding more than one read's worth.
struct Records {
    left: usize,
    array: bool,
    pending: Vec<u8>,
}

impl Records {
    fn new(n: usize, array: bool) -> Self {
        let mut pending = Vec::with_capacity(1 << 17);
        if array {
            pending.push(b'[');
        }
        Records { left: n, array, pending }
    }
}

impl Read for Records {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pending.len() < out.len() && self.left > 0 {
            self.left -= 1;
            let sep = match (self.array, self.left) {
                (true, 0) => "]",
                (true, _) => ",\n",
                (false, _) => "\n",
            };
            // Written in place: a `format!` would allocate in the measured code.
            write!(
                self.pending,
                "{{\"id\": {}, \"name\": \"n\\u00e9 \\\"{}\\\"\", \"tags\": [\"a\", \"b\"], \"score\": -1.5e3}}{sep}",
                self.left, self.left
            )?;
        }
        let n = out.len().min(self.pending.len());
        out[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// One document or a stream of them: 10,000 and 200,000 records allocate the same
/// (the reader's buffer, no copy of the input).
#[test]
fn memory_does_not_grow_with_the_input() {
    let one = |n: usize| {
        let mut reader = Records::new(n, true);
        let (result, allocations) =
            crate::decode_api::allocations(|| jsonlex::from_reader::<_, IgnoredAny>(&mut reader));
        result.unwrap();
        allocations
    };
    let (small, large) = (one(10_000), one(200_000));
    assert_eq!(small, large, "allocations of from_reader for 10,000 and 200,000 records");
    assert!(large <= 2, "{large} allocations");
    let stream = |n: usize| {
        let mut reader = Records::new(n, false);
        let (count, allocations) = crate::decode_api::allocations(|| {
            jsonlex::Deserializer::from_reader(&mut reader).into_iter::<IgnoredAny>().map(Result::unwrap).count()
        });
        assert_eq!(count, n);
        allocations
    };
    let (small, large) = (stream(10_000), stream(200_000));
    assert_eq!(small, large, "allocations of a stream of 10,000 and 200,000 records");
}

// ---- Random documents in random read sizes ----

fn document() -> impl Strategy<Value = Vec<u8>> {
    let record = prop::sample::select(RECORDS).prop_map(|r| r.as_bytes().to_vec());
    let random = prop::collection::vec(prop::sample::select(crate::common::JSON_PIECES), 0..30)
        .prop_map(|v| v.concat().into_bytes());
    prop_oneof![record, random]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn readers_agree_with_slices(input in document(), sizes in prop::collection::vec(1..64usize, 1..8)) {
        same_as_slice::<SValue>(&input, Pieces::sizes(&input, sizes.clone())).map_err(TestCaseError::fail)?;
        same_as_slice::<Record>(&input, Pieces::sizes(&input, sizes.clone())).map_err(TestCaseError::fail)?;
        same_stream_as_slice::<SValue>(&input, Pieces::sizes(&input, sizes)).map_err(TestCaseError::fail)?;
    }
}

/// Invalid UTF-8 repaired under a lenient `InvalidUtf8` (the lexer rejects the string;
/// the decoder rescans it to its closing quote, which a reader may not have read yet).
#[test]
fn repaired_strings_longer_than_what_was_read() {
    let [long, unterminated] = crate::common::long_strings_to_repair();
    for mode in [jsonlex::InvalidUtf8::Substitute, jsonlex::InvalidUtf8::Ignore, jsonlex::InvalidUtf8::Error] {
        let options = jsonlex::DecodeOptions::new().invalid_utf8(mode);
        for input in [&long, &unterminated] {
            let want = jsonlex::from_slice_with::<Vec<String>>(input, &options).map_err(|e| describe(&e));
            for step in [1, 7, 64, 1 << 16] {
                let got = jsonlex::from_reader_with::<_, Vec<String>>(Pieces::new(input, step), &options)
                    .map_err(|e| describe(&e));
                assert_eq!(got, want, "{mode:?}, {step}-byte reads");
            }
        }
    }
}
