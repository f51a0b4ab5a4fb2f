//! serde_json's API where jsonlex is a drop-in for it (issue 21): `json!`, the pretty
//! writers, `to_value` by value, `&Value` as a deserializer, error categories, and the
//! defects serde_json's own suite found (tests/serde_json_suite runs that suite).
#![cfg(feature = "serde")]

use std::collections::BTreeMap;
use std::fmt;

use jsonlex::{json, Map, Number, Value};
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

/// The bytes `deserialize_bytes` hands over (serde_bytes' `ByteBuf`, without the crate).
#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Bytes, E> {
                Ok(Bytes(v.as_bytes().to_vec()))
            }
        }
        d.deserialize_byte_buf(V)
    }
}

#[test]
fn f32_is_rounded_once_from_the_digits() {
    // Through f64 these round twice: one ulp off, and infinity.
    assert_eq!(jsonlex::from_str::<f32>("7.038531e-26").unwrap(), 7.038531e-26_f32);
    assert_eq!(jsonlex::from_str::<f32>("3.4028235677973366e38").unwrap(), f32::MAX);
    assert_eq!(jsonlex::from_reader::<_, f32>(&b"7.038531e-26"[..]).unwrap(), 7.038531e-26_f32);
    assert_eq!(jsonlex::from_reader::<_, f32>(&b"3.4028235677973366e38"[..]).unwrap(), f32::MAX);
    assert_eq!(jsonlex::from_str::<Vec<f32>>("[1, -0.5, 16777217]").unwrap(), [1.0, -0.5, 16777216.0]);
    assert!(jsonlex::from_str::<f32>("-0.0").unwrap().is_sign_negative());
    let e = jsonlex::from_str::<f32>("1e39").unwrap_err();
    assert_eq!(e.to_string(), "number out of range at line 1 column 1");
}

#[test]
fn lone_surrogates_as_bytes_are_wtf8() {
    assert_eq!(jsonlex::from_str::<Bytes>(r#""\ud83c""#).unwrap(), Bytes(vec![237, 160, 188]));
    assert_eq!(jsonlex::from_str::<Bytes>(r#""\udc01x""#).unwrap(), Bytes(vec![237, 176, 129, b'x']));
    // A pair is one character; a lone one before a pair stays lone.
    assert_eq!(jsonlex::from_str::<Bytes>(r#""\ud83c\udc00""#).unwrap(), Bytes(vec![240, 159, 128, 128]));
    assert_eq!(
        jsonlex::from_str::<Bytes>(r#""\ud83c\ud83c\udc00\n""#).unwrap(),
        Bytes(vec![237, 160, 188, 240, 159, 128, 128, b'\n'])
    );
    assert_eq!(
        jsonlex::from_reader::<_, Bytes>(&br#""a\ud83cb""#[..]).unwrap(),
        Bytes(vec![b'a', 237, 160, 188, b'b'])
    );
    // As a string it is still an error, and a bad escape is one either way.
    assert!(jsonlex::from_str::<String>(r#""\ud83c""#).is_err());
    assert!(jsonlex::from_str::<Bytes>(r#""\ud83c\!""#).is_err());
}

#[test]
fn from_value_reads_non_string_keys_as_from_str_does() {
    let text = r#"{"1": 2, "-3": 4}"#;
    let expected: BTreeMap<i32, i32> = [(1, 2), (-3, 4)].into_iter().collect();
    assert_eq!(jsonlex::from_str::<BTreeMap<i32, i32>>(text).unwrap(), expected);
    let value: Value = jsonlex::from_str(text).unwrap();
    assert_eq!(jsonlex::from_value::<BTreeMap<i32, i32>>(value.clone()).unwrap(), expected);
    assert_eq!(BTreeMap::<i32, i32>::deserialize(&value).unwrap(), expected);
    let value = json!({"18446744073709551615": null, "true": 1, "1.5": 2});
    assert!(jsonlex::from_value::<BTreeMap<u64, ()>>(json!({"18446744073709551615": null})).is_ok());
    assert_eq!(jsonlex::from_value::<BTreeMap<bool, u8>>(json!({"true": 1})).unwrap()[&true], 1);
    assert_eq!(jsonlex::from_value::<BTreeMap<String, Value>>(value).unwrap().len(), 3);
    #[derive(Deserialize, PartialEq, Eq, PartialOrd, Ord, Debug)]
    struct Id(u8);
    assert_eq!(jsonlex::from_value::<BTreeMap<Id, ()>>(json!({"7": null})).unwrap().keys().next(), Some(&Id(7)));
    let e = jsonlex::from_value::<BTreeMap<i32, ()>>(json!({" 1": null})).unwrap_err();
    assert_eq!(e.to_string(), "invalid value: expected key to be a number in quotes");
}

#[test]
fn to_value_of_128_bit_integers_beyond_64_bits_is_an_error() {
    assert_eq!(jsonlex::to_value(u128::from(u64::MAX)).unwrap(), u64::MAX);
    assert_eq!(jsonlex::to_value(i128::from(i64::MIN)).unwrap(), i64::MIN);
    for e in [
        jsonlex::to_value(u128::from(u64::MAX) + 1).unwrap_err(),
        jsonlex::to_value(i128::from(i64::MIN) - 1).unwrap_err(),
        jsonlex::to_value([u128::MAX]).unwrap_err(),
    ] {
        assert_eq!(e.to_string(), "number out of range");
        assert!(e.is_data());
    }
    // The text keeps every digit, as serde_json's to_string does.
    assert_eq!(jsonlex::to_string(&u128::MAX).unwrap(), u128::MAX.to_string());
}

#[test]
fn json_macro_takes_every_form() {
    let key = String::from("k");
    let n = 3;
    let v = json!({
        "null": null,
        "t": true,
        "list": [1, -2.5, "s", [], {}, [null, false,],],
        (key.clone()): n + 1,
        (format!("{}2", key)): { "nested": { "deeper": [n] } },
        "expr": vec![1u8, 2],
    });
    assert_eq!(
        v.to_string(),
        r#"{"null":null,"t":true,"list":[1,-2.5,"s",[],{},[null,false]],"k":4,"k2":{"nested":{"deeper":[3]}},"expr":[1,2]}"#
    );
    assert_eq!(json!(null), Value::Null);
    assert_eq!(json!([]), Value::Array(Default::default()));
    assert_eq!(json!({}), Value::Object(Map::new()));
    assert_eq!(json!("x"), "x");
    assert_eq!(key, "k", "json! does not move its operands");
}

#[test]
fn pretty_writers_and_display() {
    let v = json!({"a": [1, {"b": null}], "e": [], "o": {}});
    let pretty = "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"e\": [],\n  \"o\": {}\n}";
    assert_eq!(jsonlex::to_string_pretty(&v).unwrap(), pretty);
    assert_eq!(jsonlex::to_vec_pretty(&v).unwrap(), pretty.as_bytes());
    let mut out = Vec::new();
    jsonlex::to_writer_pretty(&mut out, &v).unwrap();
    assert_eq!(out, pretty.as_bytes());
    assert_eq!(format!("{v:#}"), pretty);
    assert_eq!(format!("{:?}", json!([1.5, "s", true, null])), r#"Array [Number(1.5), String("s"), Bool(true), Null]"#);
}

#[test]
fn numbers_hash_parse_and_print_as_serde_json() {
    use std::hash::BuildHasher;
    let n: Number = "1.0".parse().unwrap();
    assert_eq!(n.to_string(), "1.0");
    assert_eq!("-12".parse::<Number>().unwrap().as_i64(), Some(-12));
    assert_eq!("18446744073709551615".parse::<Number>().unwrap().as_u64(), Some(u64::MAX));
    assert_eq!(Number::from_f64(12e40).unwrap().to_string(), "1.2e+41");
    for bad in [" 1", "1 ", "01", "1.", "-", "1e", "+1", ""] {
        assert!(bad.parse::<Number>().is_err(), "{bad:?}");
    }
    assert_eq!(" 1.0".parse::<Number>().unwrap_err().to_string(), "invalid number at line 1 column 1");
    assert_eq!("1e400".parse::<Number>().unwrap_err().to_string(), "number out of range at line 1 column 5");
    let s = std::hash::RandomState::new();
    let (zero, neg) = (Number::from_f64(0.0).unwrap(), Number::from_f64(-0.0).unwrap());
    assert_eq!(zero, neg);
    assert_eq!(s.hash_one(zero), s.hash_one(neg));
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum E {
        N(i64),
    }
    assert_eq!(E::deserialize(Number::from(7)).unwrap(), E::N(7));
}

#[test]
fn values_deserialize_by_reference_and_compare_with_primitives() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct S<'a> {
        name: &'a str,
        n: u8,
        tags: Vec<String>,
    }
    let v = json!({"name": "borrowed", "n": 5, "tags": ["a"]});
    assert_eq!(S::deserialize(&v).unwrap(), S { name: "borrowed", n: 5, tags: vec!["a".into()] });
    assert_eq!(v["n"], 5u8);
    assert_eq!(&v["n"], 5i16);
    assert_eq!(v["n"], 5.0f32);
    assert_ne!(json!(1e300), f32::INFINITY);
    let mut w = v.clone();
    assert_eq!(w.pointer_mut("/n").unwrap(), 5);
    let e = jsonlex::from_value::<BTreeMap<String, u8>>(json!({"n": 300})).unwrap_err();
    assert!(e.is_data() && !e.is_syntax());
}

#[test]
fn error_categories_and_io_errors() {
    assert!(jsonlex::from_str::<String>("1").unwrap_err().is_data());
    assert!(jsonlex::from_str::<String>("]").unwrap_err().is_syntax());
    assert!(jsonlex::from_str::<String>("\"\\u00").unwrap_err().is_eof());
    let io: std::io::Error = jsonlex::from_str::<String>("\"\\u").unwrap_err().into();
    assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
    struct Fail;
    impl std::io::Read for Fail {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::NotConnected, "no"))
        }
    }
    let e = jsonlex::from_reader::<_, String>(Fail).unwrap_err();
    assert!(e.is_io());
    assert_eq!(std::io::Error::from(e).kind(), std::io::ErrorKind::NotConnected);
    // serde_json's words and positions through the serde API; decode keeps its own.
    assert_eq!(
        jsonlex::from_str::<Vec<u8>>("[1 2]").unwrap_err().to_string(),
        "expected `,` or `]` at line 1 column 4"
    );
    assert_eq!(
        jsonlex::from_str::<Vec<u8>>("[1").unwrap_err().to_string(),
        "EOF while parsing a list at line 1 column 2"
    );
    assert_eq!(jsonlex::from_str::<u8>("1 x").unwrap_err().to_string(), "trailing characters at line 1 column 3");
    assert_eq!(
        format!("{:?}", jsonlex::from_str::<Value>("{0}").unwrap_err()),
        r#"Error("key must be a string", line: 1, column: 2)"#
    );
    // A dialect's own errors keep their words (serde_json has none for them).
    let e = jsonlex::jsonc::from_slice::<Vec<u8>>(b"[1, /* 2").unwrap_err();
    assert!(e.to_string().starts_with("unterminated block comment"), "{e}");
    assert_eq!(
        jsonlex::decode(b"[1 2]").unwrap_err().to_string(),
        "expected ',' or ']' after an array element at line 1, column 4"
    );
}

#[test]
fn deserializer_without_recursion_limit() {
    let deep = format!("{}{}", "[".repeat(2000), "]".repeat(2000));
    assert!(jsonlex::from_str::<Value>(&deep).is_err());
    let mut de = jsonlex::Deserializer::from_str(&deep);
    de.disable_recursion_limit();
    // On a thread with room for serde's recursion (a level per bracket).
    let v = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, move || Value::deserialize(&mut de).map(|v| v.is_array()))
            .unwrap()
            .join()
            .unwrap()
    });
    assert!(v.unwrap());
}

#[test]
fn map_entry_shift_insert_append_sort() {
    let mut m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    m.shift_insert(0, "c", json!(3));
    assert_eq!(m.keys().map(|k| k.as_str()).collect::<Vec<_>>(), ["c", "b", "a"]);
    *m.entry("a").or_insert(json!(0)) = json!(20);
    m.entry("d").or_insert_with(|| json!(4));
    m.entry("b").and_modify(|v| *v = json!(10));
    let mut other: Map = [("e", 5)].into_iter().collect();
    m.append(&mut other);
    assert!(other.is_empty());
    m.sort_keys();
    assert_eq!(Value::Object(m).to_string(), r#"{"a":20,"b":10,"c":3,"d":4,"e":5}"#);
}
