//! jsonlex's own tests of `arbitrary_precision` (not serde_json's file: SOURCES.md), run in
//! the suite's second configuration (`--features arbitrary_precision`), where the crate
//! named `serde_json` here is jsonlex with the feature on.
#![cfg(feature = "arbitrary_precision")]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};
use serde_json::{from_str, from_value, json, to_string, to_value, Number, Value};

/// Numbers that no `f64` or 64-bit integer holds, and their text after serde_json's
/// normalization (the exponent as `e` with its sign).
const CASES: &[(&str, &str)] = &[
    ("1e400", "1e+400"),
    ("-1E-400", "-1e-400"),
    ("0.10000000000000000001", "0.10000000000000000001"),
    ("1234567890123456789012345678901234567890", "1234567890123456789012345678901234567890"),
    ("-1234567890123456789012345678901234567890", "-1234567890123456789012345678901234567890"),
    ("3.00", "3.00"),
    ("2.5E+3", "2.5e+3"),
    ("-0.0", "-0.0"),
    ("-0", "-0"),
    ("18446744073709551616", "18446744073709551616"),
];

#[test]
fn text_survives_every_path() {
    for &(input, text) in CASES {
        let doc = format!(r#"{{"n":{input},"a":[{input}]}}"#);
        let want = format!(r#"{{"n":{text},"a":[{text}]}}"#);

        // decode -> encode, and the serde paths.
        let decoded = serde_json::decode(doc.as_bytes()).unwrap();
        assert_eq!(serde_json::encode(&decoded), want, "decode/encode {input}");
        let v: Value = from_str(&doc).unwrap();
        assert!(v.strict_eq(&decoded), "from_str and decode agree on {input}");
        assert_eq!(to_string(&v).unwrap(), want, "to_string {input}");
        assert_eq!(v.to_string(), want, "Display {input}");
        assert_eq!(v["n"].as_number().unwrap().as_str(), text, "as_str {input}");

        // Value -> Value through serde, both ways.
        let again = to_value(&v).unwrap();
        assert_eq!(again, v, "to_value {input}");
        let back: Value = from_value(v.clone()).unwrap();
        assert_eq!(back, v, "from_value {input}");
        let back: Value = Value::deserialize(&v).unwrap();
        assert_eq!(back, v, "&Value {input}");

        // A Number by itself.
        let n: Number = input.parse().unwrap();
        assert_eq!(n.as_str(), text);
        assert_eq!(n.to_string(), text);
        let n2: Number = from_str(input).unwrap();
        assert_eq!(n, n2);
        assert_eq!(to_string(&n).unwrap(), text);
        assert_eq!(to_value(&n).unwrap(), Value::Number(n.clone()));
    }
}

#[test]
fn pretty_keeps_the_text() {
    let v: Value = from_str("[1e400, 0.10]").unwrap();
    assert_eq!(serde_json::to_string_pretty(&v).unwrap(), "[\n  1e+400,\n  0.10\n]");
}

#[test]
fn accessors_parse_on_demand() {
    let big: Number = "1e400".parse().unwrap();
    assert_eq!(Value::Number(big.clone()).as_f64(), None);
    assert!(!big.is_f64());
    assert_eq!(big.as_u64(), None);

    let n: Number = "12345678901234567890123".parse().unwrap();
    assert_eq!(n.as_u64(), None);
    assert_eq!(n.as_u128(), Some(12345678901234567890123));
    assert!(!n.is_u64() && !n.is_i64() && !n.is_f64());

    let small: Number = "-17".parse().unwrap();
    assert_eq!((small.as_i64(), small.as_u64()), (Some(-17), None));
    let f: Number = "0.5".parse().unwrap();
    assert_eq!(f.as_f64(), 0.5);
    assert!(f.is_f64());

    assert_eq!(Number::from(u128::MAX).as_str(), u128::MAX.to_string());
    assert_eq!(Number::from_i128(i128::MIN).unwrap().as_str(), i128::MIN.to_string());
    assert_eq!(Number::from_f64(1.5).unwrap().as_str(), "1.5");
    assert_eq!(to_value(5.55f32).unwrap().to_string(), "5.55");
}

#[test]
fn equality_and_hash_are_on_the_text() {
    let hash = |n: &Number| {
        let mut h = DefaultHasher::new();
        n.hash(&mut h);
        h.finish()
    };
    let a: Number = "0.10".parse().unwrap();
    let b: Number = "0.10".parse().unwrap();
    let c: Number = "0.1".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(hash(&a), hash(&b));
    assert_ne!(a, c);
    assert_eq!(json!(1), from_str::<Value>("1").unwrap());
    assert_ne!(json!(1.0), from_str::<Value>("1").unwrap());
}

#[test]
fn typed_deserialization_still_parses() {
    assert_eq!(from_str::<f64>("3.00").unwrap(), 3.0);
    assert_eq!(from_str::<u64>("18446744073709551615").unwrap(), u64::MAX);
    assert_eq!(from_str::<i8>("-5").unwrap(), -5);
    assert_eq!(from_str::<f32>("7.038531e-26").unwrap(), 7.038531e-26);
    assert_eq!(from_str::<u128>("340282366920938463463374607431768211455").unwrap(), u128::MAX);
    let e = from_str::<f64>("1e400").unwrap_err();
    assert_eq!(e.to_string(), "number out of range at line 1 column 5");

    // Out of a Value, the text is parsed for the type asked.
    let v: Value = from_str("[3.00, 1e2, 255]").unwrap();
    assert_eq!(from_value::<(f64, f64, u8)>(v.clone()).unwrap(), (3.0, 100.0, 255));
    assert_eq!(<(f64, f64, u8)>::deserialize(&v).unwrap(), (3.0, 100.0, 255));

    #[derive(Deserialize, Serialize, PartialEq, Debug)]
    struct S {
        n: Number,
        f: f64,
    }
    let s: S = from_str(r#"{"n": 1e400, "f": 0.25}"#).unwrap();
    assert_eq!(s.n.as_str(), "1e+400");
    assert_eq!(to_string(&s).unwrap(), r#"{"n":1e+400,"f":0.25}"#);
    assert_eq!(from_value::<S>(to_value(&s).unwrap()).unwrap(), s);
}

#[test]
fn bad_number_text_is_an_error() {
    #[derive(Serialize)]
    #[serde(rename = "$serde_json::private::Number")]
    struct Fake {
        #[serde(rename = "$serde_json::private::Number")]
        f: &'static str,
    }
    assert_eq!(to_value(Fake { f: "1.5.5" }).unwrap_err().to_string(), "invalid number at line 1 column 4");
    assert!(from_str::<Value>(r#"{"$serde_json::private::Number": "x"}"#).is_err());
    assert!("1.".parse::<Number>().is_err());
    assert!("".parse::<Number>().is_err());
    assert!(serde_json::decode(b"[1.]").is_err());
    assert!(serde_json::decode(b"[01]").is_err());
}
