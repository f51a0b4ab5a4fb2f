//! `jsonlex::Document` against `decode`: same acceptance, same errors, the same value
//! through `to_owned`, the same encoding, and views that agree with the `Value`.
//!
//! [`check_document`] runs inside `common::decode_checked`, so every input the decode
//! tests try (JSONTestSuite, the boundary sweep, the serde_json differential, the
//! no-panic proptest) is also parsed into a `Document`; this file adds the same at
//! every kernel level, the view API (look-ups, JSON Pointer, iterators, repeated keys,
//! encoding, serde), deep documents, and allocation counts.

use json_runtime::de::decode_trusted;
use json_runtime::simd::Level;
use jsonlex::{
    BigInt, DecodeOptions, Document, EncodeOptions, Error, InvalidUtf8, Kind, LoneSurrogate, Value, ValueRef,
};
use proptest::prelude::*;

use crate::common::{assert_same, levels};
use crate::decode_api::allocations;
use crate::decode_levels::AtLevel;

/// `Document::parse_with` on `input` agrees with `decoded`, what `decode_with` gave.
pub fn check_document(input: &[u8], options: &DecodeOptions, decoded: &Result<Value, Error>) {
    let doc = Document::parse_with(input, options);
    agree(input, doc.as_ref().map(|d| d.root()), decoded);
}

/// A document's outcome (`doc`) and decode's agree: the same error (offset, category,
/// message), or the same value, encoding and views.
fn agree(input: &[u8], doc: Result<ValueRef<'_>, &Error>, decoded: &Result<Value, Error>) {
    match (doc, decoded) {
        (Ok(root), Ok(v)) => {
            assert_same(&root.to_owned(), v);
            assert_eq!(root.encode(), jsonlex::encode(v), "encoding of {input:?}");
            views_agree(root, v, 0);
        }
        (Err(a), Err(b)) => assert_eq!(
            (a.offset(), a.classify(), a.to_string()),
            (b.offset(), b.classify(), b.to_string()),
            "Document and decode disagree on {input:?}"
        ),
        (doc, _) => panic!("Document {:?} but decode {:?} on {input:?}", doc.map(|_| ()), decoded.as_ref().map(|_| ())),
    }
}

/// What the view says of itself matches the `Value` (to a bounded depth: the values
/// themselves are compared whole by `to_owned`).
fn views_agree(d: ValueRef<'_>, v: &Value, depth: usize) {
    assert_eq!(d.is_null(), v.is_null());
    assert_eq!(d.as_bool(), v.as_bool());
    assert_eq!(d.as_str(), v.as_str());
    assert_eq!(d.as_number(), v.as_number().copied());
    assert_eq!(d.as_i64(), v.as_i64());
    assert_eq!(d.as_u64(), v.as_u64());
    assert_eq!(d.as_f64().map(f64::to_bits), v.as_f64().map(f64::to_bits));
    assert_eq!((d.is_array(), d.is_object(), d.is_string()), (v.is_array(), v.is_object(), v.is_string()));
    if depth > 8 {
        return;
    }
    if let Some(items) = v.as_array() {
        assert_eq!(d.len(), items.len());
        for (i, (x, y)) in d.as_array().unwrap().zip(items).enumerate() {
            views_agree(x, y, depth + 1);
            assert_same(&d.index(i).to_owned(), y);
            assert_same(&d.pointer(&format!("/{i}")).unwrap().to_owned(), y);
        }
        assert!(d.get(items.len()).is_none() && d.index(items.len()).is_null());
    }
    if let Some(map) = v.as_object() {
        // As written (repeated keys included) at least as many as the map's.
        assert!(d.len() >= map.len());
        for (k, y) in map {
            let x = d.get(k.as_str()).expect("every key of the value");
            views_agree(x, y, depth + 1);
            let pointer = format!("/{}", k.replace('~', "~0").replace('/', "~1"));
            assert_same(&d.pointer(&pointer).unwrap().to_owned(), y);
        }
        let keys: std::collections::HashSet<&str> = d.as_object().unwrap().map(|(k, _)| k).collect();
        assert_eq!(keys.len(), map.len());
    }
}

// ---- Every kernel level ----

/// `Document` and `decode` on the generated lexer pinned to `LEVEL`.
fn check_at<const LEVEL: u8>(input: &[u8], options: &DecodeOptions) {
    // SAFETY: `AtLevel` wraps the lexer generated from json-runtime/grammar/json.lex, as `jsonlex::decode`.
    let decoded = unsafe { decode_trusted::<AtLevel<LEVEL>>(input, options) };
    // SAFETY: as above.
    let doc = unsafe { json_runtime::Document::parse_trusted_with_lexer::<AtLevel<LEVEL>>(input, options) };
    agree(input, doc.as_ref().map(|d| d.root()), &decoded);
}

/// [`check_at`] at every level this machine has.
fn check_every_level(input: &[u8], options: &DecodeOptions) {
    for level in levels() {
        match level {
            Level::Scalar => check_at::<1>(input, options),
            Level::Swar => check_at::<2>(input, options),
            Level::Sse2 => check_at::<3>(input, options),
            Level::Avx2 => check_at::<4>(input, options),
            Level::Neon => check_at::<5>(input, options),
        }
    }
}

fn option_sets() -> [DecodeOptions; 4] {
    [
        DecodeOptions::new(),
        DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute),
        DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore).big_int(BigInt::String),
        DecodeOptions::new().max_depth(2),
    ]
}

#[test]
fn json_test_suite_at_every_level() {
    let mut n = 0;
    for (_, bytes) in crate::common::json_test_suite("") {
        for options in &option_sets() {
            check_every_level(&bytes, options);
        }
        n += 1;
    }
    assert_eq!(n, 95 + 188 + 35);
}

#[test]
fn corpus_at_every_level() {
    for (_, bytes) in crate::common::corpus() {
        check_every_level(&bytes, &DecodeOptions::new());
    }
}

/// Strings (values and keys) with a special sequence at every position of runs 0 to 40
/// long, across the kernels' 8/16/32-byte boundaries.
#[test]
fn strings_with_specials_at_every_level() {
    let specials: [&[u8]; 14] = [
        b"\\n",
        b"\\\"",
        b"\\u00e9",
        b"\\ud83d\\ude00",
        b"\\ud800",
        b"\\q",
        b"\x01",
        "é".as_bytes(),
        "😀".as_bytes(),
        b"\xC2",
        b"\xED\xA0\x80",
        b"\xFF",
        b"\"",
        b"\\",
    ];
    for special in specials {
        for len in 0..=40usize {
            for pos in (0..=len).step_by(3) {
                let mut s = b"x".repeat(pos);
                s.extend_from_slice(special);
                s.extend(b"y".repeat(len - pos));
                let mut doc = b"{\"".to_vec();
                doc.extend_from_slice(&s);
                doc.extend_from_slice(b"\": [\"");
                doc.extend_from_slice(&s);
                doc.extend_from_slice(b"\", 1], \"k\": \"");
                doc.extend_from_slice(&s);
                doc.extend_from_slice(b"\"}");
                for options in &option_sets()[..3] {
                    check_every_level(&doc, options);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Near-JSON bytes never make the Document panic, at any level, and it agrees with
    /// decode at that level.
    #[test]
    fn no_panic_and_agreement_at_every_level(
        bytes in prop::collection::vec(prop::sample::select(b"{}[]:,\" \\u0dD8e-1.tfna\xff\xc3\xa9".to_vec()), 0..80),
        which in 0usize..4,
    ) {
        check_every_level(&bytes, &option_sets()[which]);
    }
}

// ---- The view API ----

static SAMPLE: &[u8] = br#"{"a": [1, -2, 3.5, "x\n", true, null, {}, []], "b": {"c": "d", "e/f": 1, "g~h": 2},
    "dup": 1, "u": "\u00e9", "dup": [2], "big": 18446744073709551615}"#;

#[test]
fn look_ups_and_misses() {
    let doc = Document::parse(SAMPLE).unwrap();
    let root = doc.root();
    assert_eq!(root.kind(), Kind::Object);
    assert_eq!(root.len(), 6, "members as written, the repeated key twice");
    let a = root.index("a");
    assert_eq!((a.len(), a.index(0).as_u64(), a.index(1).as_i64()), (8, Some(1), Some(-2)));
    assert_eq!(a.index(2).as_f64(), Some(3.5));
    assert_eq!(a.index(3).as_str(), Some("x\n"));
    assert_eq!(a.index(4).as_bool(), Some(true));
    assert!(a.index(5).is_null() && a.get(5).is_some());
    assert!(a.index(6).is_object() && a.index(6).is_empty() && a.index(7).is_array());
    // Misses: `get` says None, `index` gives null and keeps going.
    assert!(a.get(8).is_none() && a.get("a").is_none() && root.get(0).is_none());
    assert_eq!(root.index("nope").index(3).index("x").kind(), Kind::Null);
    assert!(root.index("nope").get(0).is_none());
    // A repeated key: the last member's value, as decode keeps.
    assert_eq!(root.index("dup").index(0).as_u64(), Some(2));
    assert_eq!(root.index("big").as_u64(), Some(u64::MAX));
    assert_eq!(root.index("u").as_str(), Some("é"));
    let members: Vec<&str> = root.as_object().unwrap().map(|(k, _)| k).collect();
    assert_eq!(members, ["a", "b", "dup", "u", "dup", "big"]);
    assert!(a.as_object().is_none() && root.as_array().is_none() && a.index(0).as_array().is_none());
    assert_eq!(a.as_array().unwrap().len(), 8);
}

#[test]
fn strings_without_escapes_borrow_the_input() {
    let doc = Document::parse(SAMPLE).unwrap();
    let inside = |s: &str| SAMPLE.as_ptr_range().contains(&s.as_ptr());
    let c = doc.root().pointer("/b/c").unwrap().as_str().unwrap();
    assert!(inside(c), "an unescaped string is a span of the input");
    let key = doc.root().index("b").as_object().unwrap().next().unwrap().0;
    assert!(inside(key));
    assert!(!inside(doc.root().index("u").as_str().unwrap()), "an escaped one is unescaped into the document");
}

#[test]
fn pointer_is_value_pointer() {
    let doc = Document::parse(SAMPLE).unwrap();
    let value = jsonlex::decode(SAMPLE).unwrap();
    for pointer in [
        "",
        "/",
        "/a",
        "/a/0",
        "/a/3",
        "/a/6",
        "/a/8",
        "/a/-",
        "/a/01",
        "/a/+1",
        "/b/c",
        "/b/e~1f",
        "/b/g~0h",
        "/b/e/f",
        "/b/g~h",
        "/dup",
        "/dup/0",
        "/big",
        "a",
        "/a/0/x",
        "/b/c/0",
        "/u",
        "/a/18446744073709551616",
    ] {
        let ours = doc.root().pointer(pointer).map(|v| v.to_owned());
        assert_eq!(ours.as_ref(), value.pointer(pointer), "{pointer:?}");
    }
}

#[test]
fn encoding_and_serde_as_the_value() {
    let doc = Document::parse(SAMPLE).unwrap();
    let value = jsonlex::decode(SAMPLE).unwrap();
    for opts in [
        EncodeOptions::new(),
        EncodeOptions::new().pretty(2),
        EncodeOptions::php(),
        EncodeOptions::new().sort_keys(true).pretty(4),
    ] {
        assert_eq!(doc.encode_with(&opts), jsonlex::encode_with(&value, &opts), "{opts:?}");
        assert_eq!(jsonlex::to_string_with(&*doc, &opts).unwrap(), jsonlex::encode_with(&value, &opts), "{opts:?}");
    }
    assert_eq!(jsonlex::to_string(&doc).unwrap(), jsonlex::encode(&value));
    assert_eq!(jsonlex::to_value(doc.root()).unwrap(), value);
    assert_eq!(doc.to_string(), value.to_string());
    assert_eq!(format!("{:#}", doc.root().index("b")), format!("{:#}", value["b"]));
    assert_eq!(format!("{:?}", doc.root().index("a")), format!("{:?}", value["a"]));
    assert!(format!("{doc:?}").starts_with("Document { root: Object {"));
    assert!(doc.root() == value && value == doc.root().index("a").document().root());
    assert!(doc.root().index("a") != value);
    assert_eq!(Value::from(doc.root().index("b")), value["b"]);
}

/// 100,000 levels of nesting (with the limit raised): parsed, walked to the bottom and
/// dropped on a small stack (the tape is flat; the walk and `to_owned` loop).
#[test]
fn deep_documents_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let depth = 100_000;
            let text = "[".repeat(depth) + "1" + &"]".repeat(depth);
            let doc = Document::parse_with(text.as_bytes(), &DecodeOptions::new().max_depth(depth)).unwrap();
            let mut v = doc.root();
            for _ in 0..depth {
                assert_eq!(v.len(), 1);
                v = v.index(0);
            }
            assert_eq!(v.as_u64(), Some(1));
            let e = Document::parse_with(text.as_bytes(), &DecodeOptions::new().max_depth(depth - 1)).unwrap_err();
            assert_eq!(e.classify(), jsonlex::Category::Depth);
            let pointer = "/0".repeat(depth);
            assert_eq!(doc.root().pointer(&pointer).and_then(|v| v.as_u64()), Some(1));
        })
        .unwrap()
        .join()
        .unwrap();
}

// ---- Allocation counts (issue 11 part 1) ----

/// How many strings (keys included) longer than `Str::INLINE_CAPACITY` (shorter ones are
/// stored inline), non-empty arrays and non-empty objects `v` holds, and what the key
/// indexes of its objects past `Map::INDEX_THRESHOLD` members take (the box and the
/// table, built once at their final size).
fn allocating_nodes(v: &Value) -> (usize, usize) {
    let heap = |s: &str| s.len() > jsonlex::Str::INLINE_CAPACITY;
    match v {
        Value::String(s) => (usize::from(heap(s)), 0),
        Value::Array(items) => {
            items.iter().map(allocating_nodes).fold((usize::from(!items.is_empty()), 0), |a, b| (a.0 + b.0, a.1 + b.1))
        }
        Value::Object(map) => {
            let index = if map.len() > jsonlex::Map::INDEX_THRESHOLD { 2 } else { 0 };
            map.iter().fold((usize::from(!map.is_empty()), index), |a, (k, v)| {
                let b = allocating_nodes(v);
                (a.0 + b.0 + usize::from(heap(k)), a.1 + b.1)
            })
        }
        _ => (0, 0),
    }
}

/// `Document::parse` makes O(log n) allocator calls (the tape and the buffers grow by
/// doubling); `decode` at most one per non-empty array and object and per string longer
/// than `Str::INLINE_CAPACITY` (keys included: shorter ones are stored inline), plus two
/// per key index of a large object and the scratch stacks' doubling.
#[test]
fn allocation_counts() {
    let mut inputs = crate::common::corpus();
    inputs.push(("escapes".into(), br#"{"a\nb": ["\u00e9\"", "x\\y", "\ud83d\ude00"]}"#.to_vec()));
    inputs.push(("scalar".into(), b"12".to_vec()));
    for (name, bytes) in &inputs {
        let log2 = (usize::BITS - bytes.len().leading_zeros()) as usize;
        let (doc, n) = allocations(|| Document::parse(bytes).unwrap());
        // The tape: one allocation up front, then at most one per doubling; the same
        // for the unescaped strings and the stack of open containers.
        let bound = 3 * (log2 + 1);
        assert!(n <= bound, "Document::parse made {n} allocator calls on {name} (bound {bound})");
        drop(doc);
        let (value, n) = allocations(|| jsonlex::decode(bytes).unwrap());
        let (nodes, indexes) = allocating_nodes(&value);
        let bound = nodes + indexes + 4 * (log2 + 1);
        assert!(
            n <= bound,
            "decode made {n} allocator calls on {name}: bound {bound} ({nodes} long strings and containers)"
        );
        eprintln!("{name}: Document::parse {} allocator calls, decode {n} ({nodes} long strings and containers)", {
            allocations(|| Document::parse(bytes).unwrap()).1
        });
    }
}

/// Repeated keys in small and large objects (the encoder's two ways of finding them):
/// the first member's place, the last member's value, as `decode` gives.
#[test]
fn repeated_keys_as_decode() {
    for n in [2usize, 3, 15, 16, 17, 40] {
        for dup in [0, n / 2, n - 1] {
            let mut members: Vec<String> = (0..n).map(|i| format!("\"k{i}\": {i}")).collect();
            members.push(format!("\"k{dup}\": [\"again\"]"));
            members.push(format!("\"k{dup}\": \"last\""));
            let text = format!("{{{}}}", members.join(", "));
            let value = jsonlex::decode(text.as_bytes()).unwrap();
            let doc = Document::parse(text.as_bytes()).unwrap();
            assert_eq!(doc.root().len(), n + 2);
            assert_eq!(doc.root().index(format!("k{dup}").as_str()).as_str(), Some("last"));
            assert_same(&doc.root().to_owned(), &value);
            for opts in [EncodeOptions::new(), EncodeOptions::new().sort_keys(true)] {
                assert_eq!(doc.encode_with(&opts), jsonlex::encode_with(&value, &opts), "{text}");
                assert_eq!(jsonlex::to_string_with(&*doc, &opts).unwrap(), jsonlex::encode_with(&value, &opts));
            }
        }
    }
}
