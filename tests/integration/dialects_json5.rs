//! JSON5 (`jsonlex::json5`): the conformance suite (tests/data/json5-tests: every
//! `.json` and `.json5` file accepted with the reference implementation's value, every
//! `.js` and `.txt` file rejected), random documents checked against the reference
//! implementation's values (fixtures written by `make-expected.js`, see SOURCE.md),
//! JSON5's own errors, and the lexer's promises to the decoder.

use std::path::{Path, PathBuf};

use jsonlex::runtime::de;
use jsonlex::{json5, Category, DecodeOptions, NonFinite, Value};

use crate::common::{assert_same, same};

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json5-tests")
}

/// Our value is the one the reference implementation means: as `same` compares, but
/// numbers by value (JavaScript has only doubles: `16.0` is written `16`, and an integer
/// beyond 2^53 is the double nearest to it, which is also our integer's nearest).
fn same_as_js(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match (ours, theirs) {
        (Value::Number(a), S::Number(b)) => a.as_f64() == b.as_f64().unwrap(),
        (Value::Array(a), S::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_as_js(a, b)),
        (Value::Object(a), S::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k.as_str()).is_some_and(|w| same_as_js(v, w)))
        }
        _ => same(ours, theirs),
    }
}

/// Decode and validate agree (the trusted and the checking decoder too), with options.
fn decode5(input: &[u8], options: &DecodeOptions) -> Result<Value, jsonlex::Error> {
    let decoded = json5::decode_with(input, options);
    let validated = json5::validate_with(input, options);
    let checking = de::decode_dialect::<json5::lexer::Json5Lexer>(input, &options.dialect(jsonlex::Dialect::Json5));
    // The borrowed document: the same value, or the same error.
    let document = json5::parse_document_with(input, options);
    match (&decoded, &document) {
        (Ok(v), Ok(d)) => {
            assert_same(&d.root().to_owned(), v);
            assert_eq!(d.encode(), jsonlex::encode(v), "{:?}", String::from_utf8_lossy(input));
        }
        (Err(a), Err(b)) => assert_eq!(
            (a.offset(), a.classify(), a.message()),
            (b.offset(), b.classify(), b.message()),
            "decode and the document disagree on {:?}",
            String::from_utf8_lossy(input)
        ),
        _ => panic!("decode and the document disagree on {:?}: {:?}", String::from_utf8_lossy(input), document.err()),
    }
    match (&decoded, &validated, &checking) {
        (Ok(a), Ok(()), Ok(b)) => assert_same(a, b),
        (Err(a), Err(b), Err(c)) => {
            let key = |e: &jsonlex::Error| (e.offset(), e.classify(), e.message().to_string());
            assert_eq!(key(a), key(b), "decode and validate disagree on {:?}", String::from_utf8_lossy(input));
            assert_eq!(key(a), key(c), "trusted and checking decode disagree on {:?}", String::from_utf8_lossy(input));
        }
        _ => panic!(
            "decode {:?}, validate {:?}, checking decode {:?} on {:?}",
            decoded.as_ref().map(|_| ()),
            validated,
            checking.as_ref().map(|_| ()),
            String::from_utf8_lossy(input)
        ),
    }
    decoded
}

#[derive(serde::Deserialize)]
struct Expected {
    json: String,
    #[serde(rename = "nonFinite")]
    non_finite: bool,
}

/// Checks one document against the reference implementation's value.
fn check(name: &str, input: &[u8], expected: &Expected) {
    let theirs: serde_json::Value = serde_json::from_str(&expected.json).unwrap();
    let null = DecodeOptions::new().non_finite(NonFinite::Null);
    let ours = decode5(input, &null).unwrap_or_else(|e| panic!("{name}: rejected: {e}"));
    assert!(same_as_js(&ours, &theirs), "{name}: {ours:?} is not {theirs}");
    // By default Infinity and NaN are errors (of their own category), and only they.
    match decode5(input, &DecodeOptions::new()) {
        Ok(v) => {
            assert!(!expected.non_finite, "{name}: Infinity or NaN accepted by default");
            assert_same(&v, &ours);
        }
        Err(e) => {
            assert!(expected.non_finite, "{name}: {e}");
            assert_eq!(e.classify(), Category::Number, "{name}: {e}");
            assert!(e.message().contains("has no JSON value"), "{name}: {e}");
        }
    }
    // `validate` accepts Infinity and NaN: they are JSON5.
    assert!(json5::validate(input).is_ok(), "{name}");
}

#[test]
fn conformance_suite() {
    let dir = suite_dir();
    let expected: std::collections::BTreeMap<String, Option<Expected>> =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).unwrap()).unwrap();
    let (mut accepted, mut rejected) = (0, 0);
    for (name, expected) in &expected {
        let input = std::fs::read(dir.join(name)).unwrap();
        let ext = Path::new(name).extension().unwrap().to_str().unwrap();
        match ext {
            "json" | "json5" => {
                let expected = expected.as_ref().expect("valid files have values");
                check(name, &input, expected);
                if ext == "json" {
                    // JSON files: the value serde_json reads, and strict jsonlex's exactly.
                    let theirs: serde_json::Value = serde_json::from_slice(&input).unwrap();
                    let ours = json5::decode(&input).unwrap();
                    assert!(same(&ours, &theirs), "{name}: {ours:?} is not serde_json's {theirs}");
                    assert_same(&ours, &jsonlex::decode(&input).unwrap());
                }
                accepted += 1;
            }
            "js" | "txt" => {
                assert!(expected.is_none());
                let e = decode5(&input, &DecodeOptions::new().non_finite(NonFinite::Null))
                    .err()
                    .unwrap_or_else(|| panic!("{name}: accepted"));
                assert!(e.line() >= 1 && e.column() >= 1, "{name}: {e}");
                rejected += 1;
            }
            _ => unreachable!("{name}"),
        }
    }
    // Every file of the suite is counted (the README, LICENSE and errorSpec files aside).
    assert_eq!((accepted, rejected), (82, 31));
}

#[test]
fn random_documents_match_the_reference_implementation() {
    let docs: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(suite_dir().join("random-documents.json")).unwrap()).unwrap();
    assert_eq!(docs.len(), 400);
    for (i, doc) in docs.iter().enumerate() {
        let input = doc["doc"].as_str().unwrap();
        let expected = Expected {
            json: doc["json"].as_str().unwrap().to_string(),
            non_finite: doc["nonFinite"].as_bool().unwrap(),
        };
        check(&format!("random document {i}: {input:?}"), input.as_bytes(), &expected);
    }
}

/// JSON5 accepts all of JSON, with the same values: JSONTestSuite's `y_` files.
#[test]
fn json_is_json5() {
    let mut n = 0;
    for (name, input) in crate::common::json_test_suite("y_") {
        let strict = jsonlex::decode(&input).unwrap();
        assert_same(&json5::decode(&input).unwrap_or_else(|e| panic!("{name}: {e}")), &strict);
        n += 1;
    }
    assert!(n > 90);
}

/// Every file of JSONTestSuite (strict JSON's valid, invalid and implementation-defined
/// cases: bad UTF-8, lone surrogates, deep nesting, stray bytes) through the JSON5
/// decoder: no panic, and the trusted decoder agrees with the checking one.
#[test]
fn json5_lexer_keeps_its_promises_on_json_test_suite() {
    for (_, input) in crate::common::json_test_suite("") {
        let _ = decode5(&input, &DecodeOptions::new());
    }
}

/// Invalid UTF-8 everywhere in a few JSON5 documents: strings of either quote, keys,
/// comments, white space. Rejected (trusted and checking decoders alike), and repaired
/// under `InvalidUtf8::Substitute` where it is inside a string.
#[test]
fn invalid_utf8() {
    use jsonlex::InvalidUtf8;
    for doc in ["{a: 'xy'}", "{\"k\": \"xy\"}", "['x\\ty']", "// xy\n1", "/* xy */ 1", "[1, xy]"] {
        for bad in [&b"\xFF"[..], b"\xC3", b"\xED\xA0\x80", b"\xF4\x90\x80\x80", b"\xE2\x80"] {
            let at = doc.find('x').unwrap() + 1;
            let input = [&doc.as_bytes()[..at], bad, &doc.as_bytes()[at..]].concat();
            let e = decode5(&input, &DecodeOptions::new()).unwrap_err();
            assert!(matches!(e.classify(), Category::Utf8 | Category::Syntax), "{doc:?} {bad:?}: {e}");
            let fixed = decode5(&input, &DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute));
            if doc.contains("xy'") || doc.contains("xy\"") {
                let v = fixed.unwrap_or_else(|e| panic!("{doc:?} {bad:?}: {e}"));
                assert!(jsonlex::encode(&v).contains('\u{FFFD}'), "{doc:?} {bad:?}");
            }
        }
    }
}

#[test]
fn values() {
    let v = |s: &str| json5::decode_with(s.as_bytes(), &DecodeOptions::new().non_finite(NonFinite::Null)).unwrap();
    let enc = |s: &str| jsonlex::encode(&v(s));
    assert_eq!(
        enc("[0x1F, -0x1f, +0X0, 0xFFFFFFFFFFFFFFFF, -0x8000000000000000]"),
        "[31,-31,0,18446744073709551615,-9223372036854775808]"
    );
    assert_eq!(enc("[+1, .5, 5., -.5e1, +5.e-1, 1e3, -0, +0.0]"), "[1,0.5,5.0,-5.0,0.5,1000.0,-0.0,0.0]");
    assert_eq!(enc("[Infinity, -Infinity, +Infinity, NaN, -NaN, +NaN]"), "[null,null,null,null,null,null]");
    assert_eq!(
        enc(r#"['\'"\v\0\x41\u00e9\a\é\/', "a\
b", 'c\
d']"#),
        "[\"'\\\"\\u000b\\u0000Aéaé/\",\"ab\",\"cd\"]"
    );
    assert_eq!(
        enc("{a: 1, $b: 2, _c: 3, d1: 4, 'e': 5, \"f\": 6, \\u0067: 7, h\\u0069: 8}"),
        r#"{"a":1,"$b":2,"_c":3,"d1":4,"e":5,"f":6,"g":7,"hi":8}"#
    );
    assert_eq!(
        enc("{true: 1, false: 2, null: 3, Infinity: 4, NaN: 5, while: 6,}"),
        r#"{"true":1,"false":2,"null":3,"Infinity":4,"NaN":5,"while":6}"#
    );
    assert_eq!(
        enc("\u{FEFF}\u{A0}\u{2028}\u{2029}\u{3000}\u{1680}\u{2000}\u{200A}\u{202F}\u{205F}\u{B}\u{C}[1,]\r\n"),
        "[1]"
    );
    assert_eq!(enc("[1, [2,], {a: [],},]"), r#"[1,[2],{"a":[]}]"#);
    // Names beyond ASCII: ID_Start then ID_Continue (U+203F `‿` is a connector, U+0301 a
    // combining mark, U+0663 an Arabic-Indic digit), ZWNJ and ZWJ.
    assert_eq!(
        enc("{ümlåüt: 1, sigΣma: 2, a‿b: 3, e\u{301}: 4, x\u{663}: 5, a\u{200C}b\u{200D}: 6, 日本: 7}"),
        "{\"ümlåüt\":1,\"sigΣma\":2,\"a‿b\":3,\"e\u{301}\":4,\"x\u{663}\":5,\"a\u{200C}b\u{200D}\":6,\"日本\":7}"
    );
    assert_eq!(enc("{sig\\u03A3ma: 1, \\u00FCber: 2}"), r#"{"sigΣma":1,"über":2}"#);
    // Big hex integers are the nearest double, as in JavaScript.
    assert_eq!(enc("0x10000000000000801"), "1.8446744073709556e+19");
    // Duplicate keys: the last value wins (in the first one's place), as JSON.parse.
    assert_eq!(enc("{a: 1, b: 2, a: 3}"), r#"{"a":3,"b":2}"#);
}

#[test]
fn errors() {
    let err = |s: &str| {
        let e = decode5(s.as_bytes(), &DecodeOptions::new()).unwrap_err();
        (e.classify(), e.to_string())
    };
    use Category::*;
    assert_eq!(err("[1, Infinity]"), (Number, "`Infinity` has no JSON value (decode Infinity and NaN as null with `NonFinite::Null`, or `--non-finite null`) at line 1, column 5".into()));
    assert_eq!(err("{a: 'x\ny'}"), (Syntax, "unescaped line break in a string (write `\\n`, or end the line with `\\` to continue the string) at line 1, column 7".into()));
    assert_eq!(
        err("'\\01'"),
        (Escape, "invalid escape `\\0` before a digit (octal escapes are not allowed) at line 1, column 2".into())
    );
    assert_eq!(err("'\\1'"), (Escape, "invalid escape `\\1` at line 1, column 2".into()));
    assert_eq!(err("'\\x4g'"), (Escape, "invalid `\\x` escape: expected two hex digits at line 1, column 2".into()));
    assert_eq!(err("'abc"), (Eof, "unterminated string at line 1, column 5".into()));
    assert_eq!(err("[0x]"), (Number, "invalid number: expected a hex digit after `0x` at line 1, column 4".into()));
    assert_eq!(
        err("[+]"),
        (Number, "invalid number: expected a digit, `Infinity` or `NaN` after the sign at line 1, column 3".into())
    );
    assert_eq!(err("[.]"), (Number, "invalid number: expected a digit after '.' at line 1, column 3".into()));
    assert_eq!(err("[1e]"), (Number, "invalid number: expected a digit in the exponent at line 1, column 4".into()));
    assert_eq!(err("[-Inf]"), (Syntax, "invalid literal: expected `Infinity` at line 1, column 2".into()));
    assert_eq!(err("[01]"), (Number, "invalid number: leading zero at line 1, column 2".into()));
    assert_eq!(
        err("[abc]"),
        (
            Syntax,
            "unexpected name `abc`: strings must be quoted (only keys may be bare names) at line 1, column 2".into()
        )
    );
    assert_eq!(err("{1: 2}"), (Syntax, "expected a string key or '}' after '{' at line 1, column 2".into()));
    assert_eq!(
        err("{a\\u0020b: 2}"),
        (Escape, "`\\u0020` in an unquoted key is not a letter, digit, `$` or `_` there at line 1, column 3".into())
    );
    assert_eq!(
        err("{\\u0031: 2}"),
        (Escape, "`\\u0031` in an unquoted key is not a letter, digit, `$` or `_` there at line 1, column 2".into())
    );
    assert_eq!(
        err("{a\\u00: 2}"),
        (Escape, "invalid `\\u` escape in an unquoted key: expected four hex digits at line 1, column 3".into())
    );
    assert_eq!(err("{\u{301}e: 1}"), (Syntax, "unexpected character `\u{301}` at line 1, column 2".into()));
    assert_eq!(err("{\u{663}: 1}"), (Syntax, "unexpected character `\u{663}` at line 1, column 2".into()));
    assert_eq!(err("{a€: 1}"), (Syntax, "unexpected character `€` at line 1, column 3".into()));
    assert_eq!(err("[,]"), (Syntax, "expected a value at line 1, column 2".into()));
    assert_eq!(err("{,}"), (Syntax, "expected a string key or '}' after '{' at line 1, column 2".into()));
    assert_eq!(err("[1,,]"), (Syntax, "expected a value at line 1, column 4".into()));
    assert_eq!(err("/* x"), (Eof, "unterminated block comment (no `*/` after it) at line 1, column 1".into()));
    assert_eq!(
        err("1 / 2"),
        (Syntax, "unexpected character `/` (a comment starts with `//` or `/*`) at line 1, column 3".into())
    );
    assert_eq!(err("{-Infinity: 1}"), (Syntax, "expected a string key or '}' after '{' at line 1, column 2".into()));
    // Lines and columns across JSON5's line ends.
    let e = json5::decode(b"{\r\n  a: 1,\r\n  b: x\n}").unwrap_err();
    assert_eq!((e.line(), e.column(), e.offset()), (3, 6, 17));
}

#[test]
fn serde() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Config {
        name: String,
        size: u32,
        ratio: f64,
        tags: Vec<String>,
    }
    let c: Config = json5::from_slice(b"{name: 'x', size: 0x10, ratio: .5, tags: ['a', \"b\",], /* done */}").unwrap();
    assert_eq!(c, Config { name: "x".into(), size: 16, ratio: 0.5, tags: vec!["a".into(), "b".into()] });
    assert!(json5::from_slice::<Config>(b"{name: 'x'}").is_err());
}
