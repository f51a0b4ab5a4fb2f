//! serde API: typed round trips (structs, the four enum representations, options,
//! maps with non-string keys, borrowed fields) against serde_json's bytes and values;
//! error messages and positions as serde_json's; decode/encode options; `Value`
//! through serde; a deserializer on another lexer; no panic on arbitrary bytes.
#![cfg(feature = "serde")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use crate::common::{assert_same, strict_diff};
use jsonlex::runtime::EncodeOptions;
use jsonlex::{BigInt, Category, DecodeOptions, InvalidUtf8, LoneSurrogate, Value};
use proptest::prelude::*;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};

/// `v` encodes to serde_json's bytes (compact and pretty), and both texts decode back
/// to `v` with jsonlex.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) -> String {
    let ours = jsonlex::to_string(v).unwrap();
    assert_eq!(ours, serde_json::to_string(v).unwrap());
    let pretty = jsonlex::to_string_with(v, &EncodeOptions::new().pretty(2)).unwrap();
    assert_eq!(pretty, serde_json::to_string_pretty(v).unwrap());
    assert_eq!(&jsonlex::from_str::<T>(&ours).unwrap(), v, "{ours}");
    assert_eq!(&jsonlex::from_str::<T>(&pretty).unwrap(), v, "{pretty}");
    assert_eq!(jsonlex::to_vec(v).unwrap(), ours.as_bytes());
    let mut written = Vec::new();
    jsonlex::to_writer(&mut written, v).unwrap();
    assert_eq!(written, ours.as_bytes());
    ours
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Pair(i8, String);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Everything {
    b: bool,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    f32: f32,
    f64: f64,
    c: char,
    s: String,
    bytes: Vec<u8>,
    unit: (),
    unit_struct: Unit,
    newtype: Newtype,
    pair: Pair,
    tuple: (u8, f64, Option<bool>),
    array: [u16; 3],
    some: Option<String>,
    none: Option<String>,
    #[serde(default)]
    missing: Option<u8>,
    nested: Vec<Vec<Option<i32>>>,
    map: BTreeMap<String, Vec<u8>>,
}

fn everything() -> Everything {
    Everything {
        b: true,
        i8: -128,
        i16: -32768,
        i32: i32::MIN,
        i64: i64::MIN,
        i128: -170141183460469231731687303715884105728,
        u8: 255,
        u16: 65535,
        u32: u32::MAX,
        u64: u64::MAX,
        u128: u128::MAX,
        f32: 0.1,
        f64: -1.5e-300,
        c: 'é',
        s: "quote \" backslash \\ newline \n tab \t nul \0 del \x7f 日本 😀 \u{2028}".into(),
        bytes: vec![0, 1, 255],
        unit: (),
        unit_struct: Unit,
        newtype: Newtype(7),
        pair: Pair(-1, "x".into()),
        tuple: (1, 2.0, None),
        array: [1, 2, 3],
        some: Some("s".into()),
        none: None,
        missing: None,
        nested: vec![vec![], vec![Some(1), None]],
        map: [("a".to_string(), vec![1]), ("".to_string(), vec![])].into_iter().collect(),
    }
}

/// [`everything`] within what a `Value` holds as is: 64-bit integers, and an `f32` that
/// is the same as an `f64` (serde_json's `to_value` widens an `f32`, and so do we).
fn small() -> Everything {
    Everything { i128: -5, u128: 5, f32: 0.5, ..everything() }
}

#[test]
fn structs_and_primitives() {
    round_trip(&everything());
    round_trip(&Unit);
    round_trip(&Newtype(0));
    round_trip(&vec![Pair(0, String::new())]);
    round_trip(&(f64::MAX, f64::MIN_POSITIVE, -0.0f64, 1e21f64, 1e-7f64, 123456789.0f32));
    // A struct may come as an array of its fields, as in serde_json.
    let from_array: Pair = jsonlex::from_str(r#"[3, "y"]"#).unwrap();
    assert_eq!(from_array, Pair(3, "y".into()));
    // NaN and infinities are null, as in serde_json.
    assert_eq!(jsonlex::to_string(&[f64::NAN, f64::INFINITY]).unwrap(), "[null,null]");
    assert_eq!(jsonlex::to_string(&[f32::NEG_INFINITY]).unwrap(), "[null]");
}

#[test]
fn floats_as_serde_json_writes_them() {
    let mut x = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (f, g) = (f64::from_bits(x), f32::from_bits(x as u32));
        assert_eq!(jsonlex::to_string(&f).unwrap(), serde_json::to_string(&f).unwrap());
        assert_eq!(jsonlex::to_string(&g).unwrap(), serde_json::to_string(&g).unwrap());
        if f.is_finite() {
            assert_eq!(jsonlex::from_str::<f64>(&jsonlex::to_string(&f).unwrap()).unwrap().to_bits(), f.to_bits());
        }
        if g.is_finite() {
            assert_eq!(jsonlex::from_str::<f32>(&jsonlex::to_string(&g).unwrap()).unwrap().to_bits(), g.to_bits());
        }
    }
}

/// Every special byte at every position of strings of 0-40 bytes (across the short
/// string path's 8-byte words and its 32-byte limit), as values and as keys, under
/// the default options (serde_json's bytes) and the PHP preset (the encoder's bytes).
#[test]
fn strings_at_every_length_and_position() {
    let php = EncodeOptions::php().escape_slashes(true).hex_tag(true);
    for len in 0..=40 {
        for pos in 0..len.max(1) {
            for special in ["\"", "\\", "\u{0}", "\u{1f}", "\u{7f}", "/", "<", "é", "\u{2028}", "😀", " "] {
                let mut s = "a".repeat(len);
                if len > 0 {
                    s.replace_range(pos..pos + 1, special);
                }
                assert_eq!(jsonlex::to_string(&s).unwrap(), serde_json::to_string(&s).unwrap(), "{s:?}");
                let key: BTreeMap<&str, u8> = [(s.as_str(), 1)].into_iter().collect();
                assert_eq!(jsonlex::to_string(&key).unwrap(), serde_json::to_string(&key).unwrap(), "{s:?}");
                let expected = json_runtime::ser::encode_with(&Value::from(s.as_str()), &php);
                assert_eq!(jsonlex::to_string_with(&s, &php).unwrap(), expected, "{s:?}");
                assert_eq!(jsonlex::from_str::<String>(&jsonlex::to_string(&s).unwrap()).unwrap(), s);
            }
        }
    }
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum External {
    Unit,
    Newtype(i64),
    Tuple(u8, String),
    Struct { a: Option<u8>, b: Vec<External> },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Newtype(Inner),
    Struct { a: u8, s: String },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    x: f64,
    y: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, bool),
    Struct { a: i32 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Untagged {
    Int(u64),
    Float(f64),
    Text(String),
    List(Vec<Untagged>),
    Point { x: i32, y: i32 },
    Nothing(()),
}

#[test]
fn enums_in_all_four_representations() {
    let external = vec![
        External::Unit,
        External::Newtype(-5),
        External::Tuple(1, "t".into()),
        External::Struct { a: None, b: vec![External::Unit, External::Struct { a: Some(1), b: vec![] }] },
    ];
    assert_eq!(
        round_trip(&external),
        r#"["Unit",{"Newtype":-5},{"Tuple":[1,"t"]},{"Struct":{"a":null,"b":["Unit",{"Struct":{"a":1,"b":[]}}]}}]"#
    );
    // The object form of a unit variant, as serde_json accepts it.
    assert_eq!(jsonlex::from_str::<External>(r#"{"Unit": null}"#).unwrap(), External::Unit);
    let internal =
        vec![Internal::Unit, Internal::Newtype(Inner { x: 1.5, y: None }), Internal::Struct { a: 2, s: "é\n".into() }];
    round_trip(&internal);
    // The tag need not come first.
    assert_eq!(
        jsonlex::from_str::<Internal>(r#"{"a": 1, "s": "x", "type": "Struct"}"#).unwrap(),
        Internal::Struct { a: 1, s: "x".into() }
    );
    let adjacent =
        vec![Adjacent::Unit, Adjacent::Newtype("n".into()), Adjacent::Tuple(3, false), Adjacent::Struct { a: -1 }];
    round_trip(&adjacent);
    let untagged = vec![
        Untagged::Int(u64::MAX),
        Untagged::Float(-0.5),
        Untagged::Text("\"quoted\"".into()),
        Untagged::List(vec![Untagged::Int(1), Untagged::Nothing(())]),
        Untagged::Point { x: -1, y: 2 },
    ];
    round_trip(&untagged);
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone, Copy)]
enum Color {
    Red,
    Green,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone, Copy)]
struct Id(u32);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Keyed {
    by_u8: BTreeMap<u8, String>,
    by_i32: BTreeMap<i32, bool>,
    by_u64: HashMap<u64, ()>,
    by_i128: BTreeMap<i128, u8>,
    by_bool: BTreeMap<bool, u8>,
    by_char: BTreeMap<char, u8>,
    by_variant: BTreeMap<Color, u8>,
    by_newtype: BTreeMap<Id, u8>,
    by_string: HashMap<String, Option<u8>>,
}

#[test]
fn maps_with_non_string_keys() {
    let keyed = Keyed {
        by_u8: [(0, "zero".into()), (255, "max".into())].into_iter().collect(),
        by_i32: [(-7, true), (i32::MAX, false)].into_iter().collect(),
        by_u64: [(u64::MAX, ())].into_iter().collect(),
        by_i128: [(i128::MIN, 1), (i128::MAX, 2)].into_iter().collect(),
        by_bool: [(true, 1), (false, 0)].into_iter().collect(),
        by_char: [('x', 1), ('"', 2)].into_iter().collect(),
        by_variant: [(Color::Red, 1), (Color::Green, 2)].into_iter().collect(),
        by_newtype: [(Id(9), 9)].into_iter().collect(),
        by_string: [("k\u{0}".to_string(), None)].into_iter().collect(),
    };
    let text = round_trip(&keyed);
    assert!(text.contains(r#""by_u8":{"0":"zero","255":"max"}"#), "{text}");
    assert!(text.contains(r#""by_bool":{"false":0,"true":1}"#), "{text}");
    // Float keys, as serde_json writes and reads them.
    let floats: Vec<(f64, u8)> = vec![(1.0, 1), (-2.5e-8, 2)];
    let as_map = jsonlex::to_string(&floats.iter().map(|&(k, v)| (FloatKey(k), v)).collect::<Vec<_>>()).unwrap();
    assert_eq!(
        as_map,
        serde_json::to_string(&floats.iter().map(|&(k, v)| (FloatKey(k), v)).collect::<Vec<_>>()).unwrap()
    );
    let m: BTreeMap<String, u8> = jsonlex::from_str(r#"{"1.0": 1}"#).unwrap();
    assert_eq!(m["1.0"], 1);
    let fm: Vec<FloatMap> = jsonlex::from_str(r#"[{"1.5": 1}, {"-2e3": 2}]"#).unwrap();
    assert_eq!(fm, vec![FloatMap(1.5, 1), FloatMap(-2000.0, 2)]);
    // Keys that are not what the map's key type reads, as serde_json words it.
    for (text, category) in [
        (r#"{"x": "a"}"#, Category::Syntax),
        (r#"{" 1": "a"}"#, Category::Syntax),
        (r#"{"1 ": "a"}"#, Category::Syntax),
        (r#"{"01": "a"}"#, Category::Number),
        (r#"{"1.x": "a"}"#, Category::Number),
        (r#"{"256": "a"}"#, Category::Data),
        (r#"{"1\u0030": "a"}"#, Category::Syntax),
    ] {
        let e = jsonlex::from_str::<BTreeMap<u8, String>>(text).unwrap_err();
        let theirs = serde_json::from_str::<BTreeMap<u8, String>>(text).unwrap_err();
        assert_eq!(e.classify(), category, "{text}: {e} / {theirs}");
        if category == Category::Data {
            assert_eq!(e.message(), "invalid value: integer `256`, expected u8");
            assert_eq!((e.line(), e.column()), (theirs.line(), theirs.column()));
        }
    }
    // Serializing a key that is not a string, a number, a bool or a char fails.
    let bad: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
    let e = jsonlex::to_string(&bad).unwrap_err();
    assert_eq!(e.to_string(), serde_json::to_string(&bad).unwrap_err().to_string());
    assert_eq!((e.classify(), e.line()), (Category::Data, 0));
    let nan: Vec<(FloatKey, u8)> = vec![(FloatKey(f64::NAN), 1)];
    assert_eq!(jsonlex::to_string(&nan).unwrap_err().to_string(), serde_json::to_string(&nan).unwrap_err().to_string());
}

/// A float used as a map key (serializes as a one-member map).
#[derive(Debug, PartialEq)]
struct FloatKey(f64);

impl Serialize for FloatKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(1))?;
        m.serialize_entry(&self.0, &0)?;
        m.end()
    }
}

/// A one-member map with a float key.
#[derive(Debug, PartialEq)]
struct FloatMap(f64, u8);

impl<'de> serde::Deserialize<'de> for FloatMap {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = FloatMap;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map with one float key")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<FloatMap, A::Error> {
                let (k, v) = m.next_entry::<f64, u8>()?.ok_or_else(|| serde::de::Error::custom("empty"))?;
                Ok(FloatMap(k, v))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    s: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    bytes: &'a [u8],
    #[serde(borrow)]
    list: Vec<&'a str>,
}

#[test]
fn borrowed_fields() {
    let input = br#"{"s": "plain", "cow": "a\nb", "bytes": "raw", "list": ["x", "y"]}"#;
    let b: Borrowed = jsonlex::from_slice(input).unwrap();
    assert_eq!(b, Borrowed { s: "plain", cow: "a\nb".into(), bytes: b"raw", list: vec!["x", "y"] });
    // Borrowed from the input, not copied.
    let range = input.as_ptr_range();
    assert!(range.contains(&b.s.as_ptr()) && range.contains(&b.bytes.as_ptr()) && range.contains(&b.list[1].as_ptr()));
    assert!(matches!(b.cow, Cow::Owned(_)), "an escaped string cannot be borrowed");
    let b: Borrowed = jsonlex::from_slice(br#"{"s": "", "cow": "c", "bytes": "", "list": []}"#).unwrap();
    assert!(matches!(b.cow, Cow::Borrowed("c")));
    // A `&str` cannot hold an escaped string: serde's error, as serde_json gives it.
    let text = r#"{"s": "a\"b", "cow": "", "bytes": "", "list": []}"#;
    let e = jsonlex::from_str::<Borrowed>(text).unwrap_err();
    let theirs = serde_json::from_str::<Borrowed>(text).unwrap_err();
    assert_eq!(format!("{} at line {} column {}", e.message(), e.line(), e.column()), theirs.to_string());
}

/// Our error and serde_json's: the same message, line and column (on ASCII input),
/// and category (serde_json's `Syntax` covers our number, escape, UTF-8 and depth).
fn same_error<T: DeserializeOwned + Debug>(text: &str) -> jsonlex::Error {
    let e = jsonlex::from_str::<T>(text).unwrap_err();
    let theirs = serde_json::from_str::<T>(text).unwrap_err();
    if theirs.line() == 0 {
        // Raised after the document was read (an untagged enum tries its variants on
        // buffered content): no position, in both.
        assert_eq!((e.to_string(), e.line()), (theirs.to_string(), 0), "{text}");
        return e;
    }
    assert_eq!(format!("{} at line {} column {}", e.message(), e.line(), e.column()), theirs.to_string(), "{text}");
    assert_eq!(e.classify() == Category::Data, theirs.classify() == serde_json::error::Category::Data);
    e
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Strict {
    id: u32,
    name: String,
    inner: Option<StrictInner>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct StrictInner {
    flag: bool,
    tags: Vec<String>,
}

#[test]
fn error_messages_name_the_field() {
    let e = same_error::<Strict>(r#"{"id": 1}"#);
    assert_eq!(e.message(), "missing field `name`");
    assert_eq!(e.classify(), Category::Data);
    same_error::<Strict>(r#"{"id": 1, "name": "n", "extra": 2}"#);
    same_error::<Strict>(r#"{"id": 1, "id": 2, "name": "n"}"#);
    same_error::<Strict>("{\n  \"id\": 1,\n  \"name\": \"n\",\n  \"inner\": {\"flag\": true}\n}");
    same_error::<Strict>(r#"{"id": 1, "name": "n", "inner": {"flag": true, "tags": [1]}}"#);
    same_error::<Strict>(r#"{"id": 1, "name": "n", "inner": {"flag": "yes", "tags": []}}"#);
    same_error::<Strict>(r#"{"id": -1, "name": "n"}"#);
    same_error::<Strict>(r#"{"id": 4294967296, "name": "n"}"#);
    same_error::<Strict>(r#"{"id": 1.5, "name": "n"}"#);
    same_error::<Strict>(r#"{"id": 1, "name": null}"#);
    same_error::<Strict>(r#"{"id": 1, "name": ["n"]}"#);
    same_error::<Strict>(r#"{"id": 1, "name": {}}"#);
    same_error::<Strict>(r#"[1]"#);
    same_error::<Strict>(r#""text""#);
    same_error::<Vec<u8>>("[1, 2, 300]");
    same_error::<(u8, u8)>("[1]");
    // Where serde_json says "trailing characters", we say what was expected (at the
    // same place).
    for (text, message) in [
        (r#"[1, "n", null, 4]"#, "trailing characters at line 1 column 16"),
        (r#"{"id": 1, "name": "n"} 1"#, "trailing characters at line 1 column 24"),
    ] {
        let e = jsonlex::from_str::<Strict>(text).unwrap_err();
        let theirs = serde_json::from_str::<Strict>(text).unwrap_err();
        assert_eq!(e.to_string(), message);
        assert_eq!((e.line(), e.column(), Category::Syntax), (theirs.line(), theirs.column(), e.classify()));
    }
    let e = jsonlex::from_str::<(u8, u8)>("[1, 2, 3]").unwrap_err();
    assert_eq!(
        (e.column(), e.classify()),
        (serde_json::from_str::<(u8, u8)>("[1, 2, 3]").unwrap_err().column(), Category::Syntax)
    );
    same_error::<External>(r#""Nope""#);
    same_error::<External>(r#"{"Newtype": "x"}"#);
    same_error::<Internal>(r#"{"type": "Nope"}"#);
    same_error::<Internal>(r#"{"a": 1}"#);
    same_error::<Untagged>(r#"{"x": 1}"#);
    same_error::<Option<bool>>("1");
    same_error::<char>(r#""ab""#);
    same_error::<f32>("true");
    // Syntax errors are decode's, in serde_json's words.
    for text in ["[1 2]", "{\"a\" 1}", "[1,]", "nul", "[\"a\\x\"]", "[01]", "[1-2]", "", "  "] {
        let ours = jsonlex::from_str::<Value>(text).unwrap_err();
        let decoded = jsonlex::decode(text.as_bytes()).unwrap_err();
        assert_eq!(ours.decode_message(), decoded.message());
        assert_eq!(ours.classify(), decoded.classify());
        assert_eq!(ours.to_string(), decoded.serde_json_style().to_string());
    }
    assert_eq!(
        jsonlex::decode(b"[1-2]").unwrap_err().to_string(),
        "expected ',' or ']' after an array element at line 1, column 3"
    );
}

#[test]
fn decode_options() {
    // Depth: decode's limit and error (in serde_json's words), through serde.
    let deep = format!("{}{}", "[".repeat(513), "]".repeat(513));
    let e = jsonlex::from_str::<Value>(&deep).unwrap_err();
    assert_eq!(e.to_string(), jsonlex::decode(deep.as_bytes()).unwrap_err().serde_json_style().to_string());
    assert_eq!(e.to_string(), "recursion limit exceeded at line 1 column 513");
    assert_eq!(e.classify(), Category::Depth);
    let e = jsonlex::from_str::<IgnoredAny>(&deep).unwrap_err();
    assert_eq!(e.classify(), Category::Depth);
    let ok = format!("{}{}", "[".repeat(512), "]".repeat(512));
    jsonlex::from_str::<IgnoredAny>(&ok).unwrap();
    let shallow = DecodeOptions::new().max_depth(2);
    assert!(jsonlex::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", &shallow).is_ok());
    assert_eq!(
        jsonlex::from_slice_with::<Vec<Vec<Vec<u8>>>>(b"[[[1]]]", &shallow).unwrap_err().classify(),
        Category::Depth
    );
    // Invalid UTF-8 and lone surrogates, repaired on request.
    let lenient = DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute);
    let s: Vec<String> = jsonlex::from_slice_with(b"[\"a\xffb\", \"\\ud800\", \"\xc3\"]", &lenient).unwrap();
    assert_eq!(s, ["a\u{FFFD}b", "\u{FFFD}", "\u{FFFD}"]);
    assert_eq!(jsonlex::from_slice::<String>(b"\"a\xffb\"").unwrap_err().classify(), Category::Utf8);
    assert_eq!(jsonlex::from_slice::<String>(b"\"\\ud800\"").unwrap_err().classify(), Category::Escape);
    assert_eq!(jsonlex::from_slice::<IgnoredAny>(b"\"\\udc00\"").unwrap_err().classify(), Category::Escape);
    let ignore = DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore);
    let m: BTreeMap<String, u8> = jsonlex::from_slice_with(b"{\"k\xff\": 1}", &ignore).unwrap();
    assert_eq!(m["k"], 1);
    // Big integers as their digits.
    let big = DecodeOptions::new().big_int(BigInt::String);
    let v: Value = jsonlex::from_slice_with(b"[123456789012345678901234567890]", &big).unwrap();
    assert_eq!(v[0], "123456789012345678901234567890");
    let v: Value = jsonlex::from_slice(b"[123456789012345678901234567890]").unwrap();
    assert_eq!(v[0], 1.2345678901234568e29);
    // 128-bit integers are exact.
    assert_eq!(jsonlex::from_str::<u128>("340282366920938463463374607431768211455").unwrap(), u128::MAX);
    assert_eq!(jsonlex::from_str::<i128>("-170141183460469231731687303715884105728").unwrap(), i128::MIN);
    assert_eq!(
        jsonlex::from_str::<u128>("340282366920938463463374607431768211456").unwrap_err().classify(),
        Category::Number
    );
    // from_reader, and an I/O failure.
    let v: Vec<u8> = jsonlex::from_reader(&b"[1, 2]"[..]).unwrap();
    assert_eq!(v, [1, 2]);
    let e = jsonlex::from_reader::<_, Value>(Failing).unwrap_err();
    // Placed where reading stopped, as `decode_reader` places it (it was unplaced when
    // `from_reader` read the whole input first).
    assert_eq!(
        (e.classify(), e.offset(), e.to_string()),
        (Category::Io, 0, "cannot read the input: broken at line 1, column 1".to_string())
    );
    let e = jsonlex::to_writer(Failing, &[1]).unwrap_err();
    assert_eq!(e.classify(), Category::Io);
}

struct Failing;

impl std::io::Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("broken"))
    }
}

impl std::io::Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("broken"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn encode_options() {
    let v = ("a/b", "é😀", "<&'\">", 1.0f64, 1e25f64, u64::MAX);
    let php = jsonlex::to_string_with(&v, &EncodeOptions::php()).unwrap();
    assert_eq!(php, r#"["a\/b","\u00e9\ud83d\ude00","<&'\">",1,1.0e+25,1.8446744073709552e+19]"#);
    let small = small();
    // The serializer writes what the Value encoder writes, under any options.
    let value = jsonlex::to_value(v).unwrap();
    for opts in [
        EncodeOptions::new(),
        EncodeOptions::php(),
        EncodeOptions::php().escape_unicode(false).pretty(4),
        EncodeOptions::new().hex_tag(true).hex_amp(true).hex_apos(true).hex_quot(true).preserve_zero_fraction(false),
    ] {
        let through_serde = jsonlex::to_string_with(&small, &opts).unwrap();
        let through_value = json_runtime::ser::encode_with(&jsonlex::to_value(&small).unwrap(), &opts);
        assert_eq!(through_serde, through_value, "{opts:?}");
        assert_eq!(jsonlex::to_string_with(&v, &opts).unwrap(), json_runtime::ser::encode_with(&value, &opts));
    }
    assert_eq!(jsonlex::to_string_with(&[1.5f32, 2.0], &EncodeOptions::php()).unwrap(), "[1.5,2]");
}

#[test]
fn values_through_serde() {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/citm_catalog.json")).unwrap();
    let decoded = jsonlex::decode(&text).unwrap();
    let via_serde: Value = jsonlex::from_slice(&text).unwrap();
    assert_same(&via_serde, &decoded);
    assert_eq!(jsonlex::to_vec(&decoded).unwrap(), json_runtime::ser::encode_to_vec(&decoded));
    // Duplicate keys: the later value replaces the earlier in place, as decode does.
    let dup = br#"{"a": 1, "b": 2, "a": 3}"#;
    assert_same(&jsonlex::from_slice::<Value>(dup).unwrap(), &jsonlex::decode(dup).unwrap());
    // Value to and from any type.
    let e = small();
    let v = jsonlex::to_value(&e).unwrap();
    assert_same(&v, &jsonlex::decode(jsonlex::to_string(&e).unwrap().as_bytes()).unwrap());
    assert_eq!(jsonlex::from_value::<Everything>(v).unwrap(), e);
    let ext = vec![External::Unit, External::Tuple(1, "t".into()), External::Struct { a: Some(2), b: vec![] }];
    assert_eq!(jsonlex::from_value::<Vec<External>>(jsonlex::to_value(&ext).unwrap()).unwrap(), ext);
    let keyed: BTreeMap<u32, Color> = [(1, Color::Red), (20, Color::Green)].into_iter().collect();
    let v = jsonlex::to_value(&keyed).unwrap();
    assert_eq!(v["20"], "Green");
    assert_same(&jsonlex::from_value::<Value>(v.clone()).unwrap(), &v);
    let e = jsonlex::from_value::<Strict>(jsonlex::decode(br#"{"id": "x"}"#).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "invalid type: string \"x\", expected u32");
    // serde_json's Value reads our output and ours reads its (citm_catalog's members are
    // in sorted order, which serde_json's map keeps, so even the order survives).
    let theirs: serde_json::Value = serde_json::from_slice(&jsonlex::to_vec(&decoded).unwrap()).unwrap();
    assert_same(&jsonlex::from_slice::<Value>(&serde_json::to_vec(&theirs).unwrap()).unwrap(), &decoded);
}

/// JSON with `//` comments: a dialect lexer from its own grammar drives the same
/// Deserializer.
mod commented {
    jsonlex::json_lexer!(
        r#"
        %name Commented;
        %token json_runtime::JsonToken;
        digit = [0-9];
        int   = "-"? ("0" | [1-9] digit*);
        "{" => ObjectStart; "}" => ObjectEnd; "[" => ArrayStart; "]" => ArrayEnd;
        ":" => Colon; "," => Comma; "true" => True; "false" => False; "null" => Null;
        int => Integer;
        int ("." digit+)? ([eE] [+\-]? digit+)? => Float;
        "\"" [\x20\x21\x23-\x5B\x5D-\x7F]* "\"" => String;
        "\"" ([\x20\x21\x23-\x5B\x5D-\x7F] | "\\" ["\\/bfnrt])* "\"" => EscapedString;
        [ \t\n\r]+ => skip;
        "//" [^\n]* => skip;
        * => error;
        "#
    );
}

#[test]
fn deserializer_over_a_dialect_lexer() {
    let text = b"// a config\n{\"id\": 3, // the id\n \"name\": \"n\\tx\", \"inner\": null}";
    let s: Strict =
        json_runtime::de::serde::from_slice::<commented::Commented, Strict>(text, &DecodeOptions::new()).unwrap();
    assert_eq!((s.id, s.name.as_str()), (3, "n\tx"));
    let e = json_runtime::de::serde::from_slice::<commented::Commented, Strict>(
        b"{\"id\": 3 // x\n}",
        &DecodeOptions::new(),
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "missing field `name` at line 2 column 1");
    assert!(jsonlex::from_slice::<Strict>(text).is_err());
}

// ---- No panic ----

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Loose<'a> {
    #[serde(default)]
    a: Option<Vec<i64>>,
    #[serde(default, borrow)]
    b: Option<Cow<'a, str>>,
    #[serde(default)]
    c: BTreeMap<u16, bool>,
    #[serde(default)]
    d: Option<External>,
    #[serde(default)]
    e: Option<Untagged>,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_panic_on_arbitrary_bytes(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..64),
            prop::collection::vec(
                prop::sample::select(b"{}[]:,\" \\u0dD8e-1.tfn\xff\xc3\xa9abcdeXTU".to_vec()),
                0..64,
            ),
            "\\{\"[a-e]\": (\\[|\\{\"1\": |\"|-?[0-9]|null|true|\\\\)*".prop_map(String::into_bytes),
        ],
        lenient in any::<bool>(),
        depth in 0usize..6,
    ) {
        let mut options = DecodeOptions::new().max_depth(depth);
        if lenient {
            options = options.invalid_utf8(InvalidUtf8::Ignore).lone_surrogate(LoneSurrogate::Substitute);
        }
        let check = |r: Result<(), jsonlex::Error>| {
            if let Err(e) = r {
                assert!(e.offset() <= bytes.len());
                assert!(!e.message().is_empty());
            }
        };
        check(jsonlex::from_slice_with::<Value>(&bytes, &options).map(drop));
        check(jsonlex::from_slice_with::<IgnoredAny>(&bytes, &options).map(drop));
        check(jsonlex::from_slice_with::<Loose>(&bytes, &options).map(drop));
        check(jsonlex::from_slice_with::<Vec<External>>(&bytes, &options).map(drop));
        check(jsonlex::from_slice_with::<BTreeMap<i8, Vec<Option<u8>>>>(&bytes, &options).map(drop));
        check(jsonlex::from_slice_with::<(String, f32, char)>(&bytes, &options).map(drop));
        check(json_runtime::de::serde::from_slice::<jsonlex::lexer::JsonLexer, Loose>(&bytes, &options).map(drop));
        // Where decode accepts, serde into a Value accepts the same value.
        if let Ok(v) = jsonlex::decode_with(&bytes, &options) {
            let same = strict_diff(&jsonlex::from_slice_with::<Value>(&bytes, &options).unwrap(), &v);
            prop_assert!(same.is_ok(), "{:?}", same);
        }
    }
}
