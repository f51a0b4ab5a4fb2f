//! `transcode_reader` against `encode_with(decode(..))`: the same bytes under every
//! layout and escaping option set, the same errors, whatever sizes the reader's reads
//! have (the corpus, JSONTestSuite, duplicate keys inside and past the held output);
//! failing readers and writers; memory that does not grow with the input.

use std::io::{self, Read, Write};

use jsonlex::{BigInt, Category, DecodeOptions, EncodeOptions, InvalidUtf8, LoneSurrogate};
use proptest::prelude::*;

/// A reader that gives 1..=`max` bytes per read, the sizes drawn from `seed` (or
/// `max` every time if `seed` is 0), and fails at the end with `fail`, if set.
struct Chunks<'a> {
    data: &'a [u8],
    max: usize,
    seed: u64,
    fail: Option<io::ErrorKind>,
    reads: usize,
}

impl<'a> Chunks<'a> {
    fn new(data: &'a [u8], max: usize, seed: u64) -> Self {
        Chunks { data, max, seed, fail: None, reads: 0 }
    }
}

impl Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.data.is_empty() {
            if let Some(kind) = self.fail.take() {
                return Err(io::Error::new(kind, "connection reset"));
            }
        }
        let step = if self.seed == 0 {
            self.max
        } else {
            self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            1 + (self.seed >> 33) as usize % self.max
        };
        let n = step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn describe(e: &jsonlex::Error) -> (Category, String, usize, usize, usize) {
    (e.classify(), e.message().to_string(), e.offset(), e.line(), e.column())
}

fn option_sets() -> Vec<(&'static str, EncodeOptions)> {
    vec![
        ("compact", EncodeOptions::new()),
        ("pretty", EncodeOptions::new().pretty(2)),
        ("tab", EncodeOptions::new().tab(true)),
        ("php", EncodeOptions::php()),
        ("php pretty", EncodeOptions::php().pretty(4)),
        (
            "every escape",
            EncodeOptions::new()
                .escape_unicode(true)
                .escape_slashes(true)
                .hex_tag(true)
                .hex_amp(true)
                .hex_apos(true)
                .hex_quot(true)
                .pretty(1),
        ),
        ("line terminators", EncodeOptions::new().escape_line_terminators(true).preserve_zero_fraction(false)),
        ("sorted", EncodeOptions::new().sort_keys(true).pretty(3)),
    ]
}

/// `transcode_reader` over a reader of `max`-byte (or random 1..=max, `seed` != 0) reads
/// gives `encode_with(decode_with(..))`'s bytes, or its error.
fn same_as_value_path(
    input: &[u8],
    decode: &DecodeOptions,
    encode: &EncodeOptions,
    max: usize,
    seed: u64,
) -> Result<(), String> {
    let want = jsonlex::decode_with(input, decode).map(|v| jsonlex::encode_with(&v, encode).into_bytes());
    let mut got = Vec::new();
    let result = jsonlex::transcode_reader(Chunks::new(input, max, seed), &mut got, decode, encode);
    match (want, result) {
        (Ok(want), Ok(())) if want == got => Ok(()),
        (Ok(want), Ok(())) => Err(format!(
            "output differs ({max}-byte reads, seed {seed}):\n got  {:?}\n want {:?}",
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want)
        )),
        (Err(a), Err(b)) if describe(&a) == describe(&b) => Ok(()),
        (a, b) => Err(format!("decode {:?}, transcode {:?} ({max}-byte reads, seed {seed})", a.map(drop), b)),
    }
}

#[test]
fn json_test_suite_under_every_option_set_and_read_size() {
    let (mut files, mut errors) = (0, 0);
    let decode = DecodeOptions::new();
    for (name, input) in crate::common::json_test_suite("") {
        for (set, encode) in option_sets() {
            for (max, seed) in [(1, 0), (2, 0), (3, 0), (64, 0), (64, 7), (17, 3), (1 << 16, 0)] {
                same_as_value_path(&input, &decode, &encode, max, seed)
                    .unwrap_or_else(|e| panic!("{name} [{set}]: {e}"));
            }
        }
        files += 1;
        errors += jsonlex::validate(&input).is_err() as usize;
    }
    assert!(files >= 300 && errors >= 150, "{files} files, {errors} invalid");
}

/// The decoder's repairs and choices reach the output as they reach a `Value`.
#[test]
fn json_test_suite_with_repairing_decode_options() {
    let decode = DecodeOptions::new()
        .invalid_utf8(InvalidUtf8::Substitute)
        .lone_surrogate(LoneSurrogate::Substitute)
        .big_int(BigInt::String);
    let ignore = DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore);
    let mut repaired = 0;
    for (name, input) in crate::common::json_test_suite("") {
        // 7-byte reads: a string being repaired is read on past what the lexer had read.
        for d in [&decode, &ignore] {
            for (set, encode) in option_sets() {
                for max in [7, 1 << 16] {
                    same_as_value_path(&input, d, &encode, max, 0)
                        .unwrap_or_else(|e| panic!("{name} [{set}], {max}-byte reads: {e}"));
                }
            }
        }
        repaired += (jsonlex::validate(&input).is_err() && jsonlex::decode_with(&input, &decode).is_ok()) as usize;
    }
    assert!(repaired >= 10, "{repaired} documents repaired");
}

#[test]
fn corpus_under_every_option_set() {
    let corpus = crate::common::corpus();
    for (name, input) in &corpus {
        for (set, encode) in option_sets() {
            // Small random reads only on the small files: debug builds are slow at them.
            let small = if input.len() < 1 << 18 { (64, 11) } else { (4096, 0) };
            for (max, seed) in [small, (1 << 20, 0)] {
                same_as_value_path(input, &DecodeOptions::new(), &encode, max, seed)
                    .unwrap_or_else(|e| panic!("{name} [{set}]: {e}"));
            }
        }
    }
    assert!(corpus.len() >= 5, "{}", corpus.len());
}

/// Duplicate keys: the last value at the first key's place, at every depth, in
/// objects small and indexed, and in objects whose output was partly written out.
#[test]
fn duplicate_keys_as_decode_keeps_them() {
    let mut docs: Vec<Vec<u8>> = vec![
        br#"{"a":1,"b":2,"a":3}"#.to_vec(),
        br#"{"a":1,"a":2,"a":{"x":[1,{"y":1,"y":[]}],"x":{}},"b":"\u0061","\u0061":"last"}"#.to_vec(),
        br#"[{"k":[1,2,3],"j":0,"k":4,"j":{"z":1,"z":{}}},{"k":[]}, {"a":{"a":{"a":1,"a":2},"a":3}}]"#.to_vec(),
        br#"{"a":"a much longer value than the one it replaces","b":[true],"a":"s","c":null}"#.to_vec(),
    ];
    // Past the hash index's threshold.
    let many: Vec<String> = (0..40).map(|i| format!("\"k{}\":{i}", i % 25)).collect();
    docs.push(format!("{{{}}}", many.join(",")).into_bytes());
    // An index that grows (rebuilt from the members' hashes), duplicates before and after.
    let grown: Vec<String> = (0..700).map(|i| format!("\"key {}\":[{i}]", (i * 7) % 300)).collect();
    docs.push(format!("[{{{}}},{{{}}}]", grown.join(","), many.join(",")).into_bytes());
    // Objects whose output passes the 64 KiB block (held, then shifted when what comes
    // before them is written out), duplicates at their ends.
    let records: Vec<String> = (0..3000)
        .map(|i| format!("{{\"id\":{i},\"tags\":[\"x\",\"y\"],\"id\":\"{i}\",\"pad\":\"{}\"}}", "p".repeat(i % 50)))
        .collect();
    let big = format!("[{}]", records.join(","));
    docs.push(format!("{{\"first\":0,\"all\":{big},\"first\":{big},\"last\":1,\"all\":2}}").into_bytes());
    docs.push(format!("[{big},{{\"in\":{big},\"in\":[]}}]").into_bytes());
    for doc in &docs {
        for (set, encode) in option_sets() {
            for (max, seed) in [(1 << 16, 0), (64, 5)] {
                same_as_value_path(doc, &DecodeOptions::new(), &encode, max, seed)
                    .unwrap_or_else(|e| panic!("{} [{set}]: {e}", String::from_utf8_lossy(&doc[..doc.len().min(80)])));
            }
        }
    }
}

/// An object whose output outgrows what is held (4 MiB) is written out as it goes: a
/// duplicate key met after that is an error naming the key, not wrong output. Objects
/// inside it are held again.
#[test]
fn duplicate_key_after_the_held_output_is_an_error() {
    let pad = "x".repeat(1000);
    let members: Vec<String> = (0..5000).map(|i| format!("\"m{i}\":\"{pad}\"")).collect();
    let body = members.join(",");
    let inner = format!("{{\"big\":{{{body}}},\"after\":{{\"d\":1,\"d\":2}}}}");
    same_as_value_path(inner.as_bytes(), &DecodeOptions::new(), &EncodeOptions::new(), 1 << 16, 0).unwrap();
    let doc = format!("{{{body},\"m7\":0}}");
    let mut out = Vec::new();
    let e =
        jsonlex::transcode_reader(doc.as_bytes(), &mut out, &DecodeOptions::new(), &EncodeOptions::new()).unwrap_err();
    assert_eq!(e.classify(), Category::Data, "{e}");
    assert!(e.message().starts_with("duplicate key \"m7\" in an object whose output was already written"), "{e}");
    assert!(e.offset() <= doc.len() && e.line() == 1, "{e:?}");
    // What was written is the start of the document's encoding.
    assert!(out.len() >= 4 << 20 && doc.as_bytes().starts_with(&out), "{} bytes", out.len());
    // The Value path (sort_keys) has no such limit.
    let sorted = EncodeOptions::new().sort_keys(true);
    same_as_value_path(doc.as_bytes(), &DecodeOptions::new(), &sorted, 1 << 16, 0).unwrap();
}

#[test]
fn a_failed_read_is_an_io_error_at_its_offset() {
    let input = b"{\"a\": [1, 2, \"abc";
    for max in [1, 4, 100] {
        let mut reader = Chunks::new(input, max, 0);
        reader.fail = Some(io::ErrorKind::ConnectionReset);
        let e =
            jsonlex::transcode_reader(reader, io::sink(), &DecodeOptions::new(), &EncodeOptions::new()).unwrap_err();
        assert_eq!(e.to_string(), "cannot read the input: connection reset at line 1, column 18");
        assert_eq!((e.classify(), e.offset()), (Category::Io, input.len()));
    }
}

/// A writer that takes `left` bytes and then fails.
struct Failing {
    left: usize,
    taken: Vec<u8>,
}

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "pipe closed"));
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        self.taken.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A failed write is an I/O error where reading stopped, and reading stops soon after
/// (not at the end of the input).
#[test]
fn a_failed_write_stops_the_reading() {
    let records: Vec<String> = (0..200_000).map(|i| format!("[{i}, \"r{i}\"]")).collect();
    let input = format!("[{}]", records.join(",\n"));
    for left in [0, 10, 100_000] {
        let mut reader = Chunks::new(input.as_bytes(), 4096, 0);
        let mut writer = Failing { left, taken: Vec::new() };
        let e = jsonlex::transcode_reader(&mut reader, &mut writer, &DecodeOptions::new(), &EncodeOptions::new())
            .unwrap_err();
        assert_eq!(e.classify(), Category::Io, "{e}");
        assert!(e.message().starts_with("cannot write the output (after "), "{e}");
        assert!(e.message().ends_with(": pipe closed"), "{e}");
        assert!(e.offset() < 1 << 20 && e.offset() > 0, "{e:?}");
        assert!(e.line() > 1, "{e:?}");
        assert!(reader.reads * 4096 < input.len() / 2, "{} reads", reader.reads);
        let want = jsonlex::encode(&jsonlex::decode(input.as_bytes()).unwrap());
        assert!(want.as_bytes().starts_with(&writer.taken), "written output is the start of the encoding");
    }
    // A small document fails at the final write, at the end of the input.
    let e = jsonlex::transcode_reader(
        &b"[1,\n2]"[..],
        Failing { left: 1, taken: Vec::new() },
        &DecodeOptions::new(),
        &EncodeOptions::new(),
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "cannot write the output (after 0 bytes): pipe closed at line 2, column 3");
}

/// Memory does not grow with the input: transcoding 100 thousand and 1 million records
/// allocates the same.
#[test]
fn transcode_memory_does_not_grow_with_the_input() {
    let count = |n: usize| {
        let mut numbers = crate::common::RepeatedArray::new(br#"{"n":1234567890}"#, n);
        let mut sink = io::sink();
        let (result, allocations) = crate::decode_api::allocations(|| {
            jsonlex::transcode_reader(&mut numbers, &mut sink, &DecodeOptions::new(), &EncodeOptions::new().pretty(2))
        });
        result.unwrap();
        allocations
    };
    let (small, large) = (count(100_000), count(1_000_000));
    assert_eq!(small, large, "allocations for 100k and for 1M records");
    assert!(large <= 10, "{large} allocations");
}

#[test]
fn slice_entry_point() {
    let input = br#"{"a": [1, 2.50, "\u00e9/"], "a": null, "b": {}}"#;
    assert_eq!(jsonlex::transcode(input, &EncodeOptions::php()).unwrap(), br#"{"a":null,"b":{}}"#);
    let e = jsonlex::transcode(b"[1, 2", &EncodeOptions::new()).unwrap_err();
    assert_eq!(describe(&e), describe(&jsonlex::decode(b"[1, 2").unwrap_err()));
}

/// Documents made of JSON pieces (duplicate keys among them), read in chunks of random
/// sizes: every token boundary lands on a chunk boundary somewhere.
fn document() -> impl Strategy<Value = Vec<u8>> {
    const PIECES: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        " ",
        "\n",
        "true",
        "null",
        "0",
        "-1",
        "1.5e3",
        "1.",
        "2.50",
        "123456789012345678901234567890",
        "\"a\"",
        "\"k\": ",
        "\"\\u00e9x/<&'\"",
        "\"\\ud800\"",
        "\"\u{2028}\"",
        "\"日本語\"",
        "\"unterminated",
        "@",
    ];
    let member =
        prop::sample::select(&["\"a\":1", "\"b\":[2,{\"a\":3,\"a\":[]}]", "\"a\":{\"x\":null}", "\"c\":\"é\""][..]);
    let valid = prop::collection::vec(prop::collection::vec(member, 0..5), 1..4).prop_map(|objects| {
        let objects: Vec<String> = objects.iter().map(|m| format!("{{{}}}", m.join(", "))).collect();
        format!("[{}]", objects.join(",\n")).into_bytes()
    });
    let random = prop::collection::vec(prop::sample::select(PIECES), 0..30).prop_map(|v| v.concat().into_bytes());
    prop_oneof![valid, random]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn transcode_agrees_with_the_value_path(
        input in document(),
        max in 1..64usize,
        seed in 0..1000u64,
        set in 0..8usize,
    ) {
        let (name, encode) = option_sets()[set];
        let checked = same_as_value_path(&input, &DecodeOptions::new(), &encode, max, seed);
        prop_assert!(checked.is_ok(), "[{}] {:?}: {}", name, String::from_utf8_lossy(&input), checked.unwrap_err());
    }
}
