//! Helpers shared by the integration tests: the strict comparison of two `Value`s, the
//! comparison with serde_json's values, decoding checked against validating, and the
//! vendored JSONTestSuite's files.

use std::fmt::Write as _;

use jsonlex::{Number, Value};

/// `a` and `b` are the same value written the same way: members in the same order,
/// numbers of the same kind (1 is not 1.0, nor a u64 an i64), floats bit for bit
/// (-0.0 is not 0.0). `Value`'s `==` is looser (members in any order, -0.0 == 0.0),
/// so it cannot see an order or a sign-of-zero bug. Panics with the path of the first
/// difference.
#[track_caller]
pub fn assert_same(a: &Value, b: &Value) {
    if let Err(why) = strict_diff(a, b) {
        panic!("values differ at {why}\n left: {a:?}\nright: {b:?}");
    }
}

/// As [`assert_same`], for `prop_assert!` and callers with their own message: `Err`
/// names the path of the first difference and what differs there.
///
/// The verdict is the library's [`Value::strict_eq`]; the walk here, written apart from
/// it through the public API, only finds where the values differ (and fails the test
/// when the two disagree).
pub fn strict_diff(a: &Value, b: &Value) -> Result<(), String> {
    let mut path = String::from("$");
    let walked = diff(a, b, &mut path).map_err(|what| format!("{path}: {what}"));
    match (a.strict_eq(b), walked) {
        (true, Ok(())) => Ok(()),
        (false, Err(why)) => Err(why),
        (true, Err(why)) => panic!("Value::strict_eq says equal, the test's walk says {why}"),
        (false, Ok(())) => panic!("Value::strict_eq says different, the test's walk finds no difference"),
    }
}

/// What a number is, through `Number`'s public API: the kind and the exact value.
#[derive(Debug, PartialEq)]
enum Kind {
    Unsigned(u64),
    Negative(i64),
    /// The bits, so that -0.0 and 0.0 differ.
    Float(u64),
}

fn kind(n: &Number) -> Kind {
    if n.is_f64() {
        Kind::Float(n.as_f64().to_bits())
    } else if let Some(u) = n.as_u64() {
        Kind::Unsigned(u)
    } else {
        Kind::Negative(n.as_i64().expect("an integer that is not u64 fits i64"))
    }
}

/// `Err(what differs)`, with `path` left at the place where it does.
fn diff(a: &Value, b: &Value, path: &mut String) -> Result<(), String> {
    match (a, b) {
        (Value::Null, Value::Null) => Ok(()),
        (Value::Bool(x), Value::Bool(y)) if x == y => Ok(()),
        (Value::String(x), Value::String(y)) if x == y => Ok(()),
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (kind(x), kind(y));
            if x == y {
                Ok(())
            } else {
                Err(format!("{x:?} vs {y:?}"))
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Err(format!("{} elements vs {}", x.len(), y.len()));
            }
            let len = path.len();
            for (i, (x, y)) in x.iter().zip(y).enumerate() {
                write!(path, "[{i}]").unwrap();
                diff(x, y, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Object(x), Value::Object(y)) => {
            if x.len() != y.len() {
                return Err(format!("{} members vs {}", x.len(), y.len()));
            }
            let len = path.len();
            for (i, ((kx, x), (ky, y))) in x.iter().zip(y.iter()).enumerate() {
                if kx != ky {
                    return Err(format!("member {i} is {kx:?} vs {ky:?}"));
                }
                write!(path, "[{kx:?}]").unwrap();
                diff(x, y, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Err(format!("{a:?} vs {b:?}")),
    }
}

/// Our value equals serde_json's: same structure, same integers and strings, numbers of
/// the same kind, floats bit for bit (the tests build serde_json with `float_roundtrip`,
/// so both round every decimal correctly; without it serde_json can be two units in the
/// last place off). Members are compared by key: serde_json's map (without
/// `preserve_order`) sorts them, so their order cannot be checked here.
pub fn same(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match (ours, theirs) {
        (Value::Null, S::Null) => true,
        (Value::Bool(a), S::Bool(b)) => a == b,
        (Value::Number(a), S::Number(b)) => {
            if let Some(b) = b.as_u64() {
                a.as_u64() == Some(b)
            } else if let Some(b) = b.as_i64() {
                a.as_i64() == Some(b) && !a.is_f64()
            } else {
                a.is_f64() && a.as_f64().to_bits() == b.as_f64().unwrap().to_bits()
            }
        }
        (Value::String(a), S::String(b)) => a == b,
        (Value::Array(a), S::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b)),
        (Value::Object(a), S::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k.as_str()).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}

/// Decoding, validating and `Document::parse` agree: same acceptance, same error (and
/// the document holds the decoded value).
pub fn decode_checked(input: &[u8], options: &jsonlex::DecodeOptions) -> Result<Value, jsonlex::Error> {
    let decoded = jsonlex::decode_with(input, options);
    let validated = jsonlex::validate_with(input, options);
    match (&decoded, &validated) {
        (Ok(_), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!(
            (a.offset(), a.classify(), a.message()),
            (b.offset(), b.classify(), b.message()),
            "decode and validate disagree on {input:?}"
        ),
        _ => panic!("decode {:?} but validate {:?} on {input:?}", decoded.as_ref().map(|_| ()), validated),
    }
    // The generated lexer keeps its promise: checking string tokens' UTF-8 changes nothing.
    let checked = json_runtime::de::decode::<jsonlex::lexer::JsonLexer>(input, options);
    match (&decoded, &checked) {
        (Ok(a), Ok(b)) => assert_same(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("trusted and checked decoding disagree on {input:?}"),
    }
    // The borrowed Document agrees with both.
    crate::document::check_document(input, options, &decoded);
    decoded
}

mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        jsonlex::decode_str(text).unwrap()
    }

    #[test]
    fn strict_comparison_sees_what_eq_does_not() {
        let same = r#"{"a": [1, -2, 1.5, -0.0, 18446744073709551615, "x", null, true], "b": {}}"#;
        assert_same(&v(same), &v(same));
        // Each pair is `==` (or differs only in kind), and strictly different.
        let cases = [
            (r#"{"a": 1, "b": 2}"#, r#"{"b": 2, "a": 1}"#, "$: member 0 is \"a\" vs \"b\""),
            (r#"[{"x": [{"a": 1, "b": 2}]}]"#, r#"[{"x": [{"b": 2, "a": 1}]}]"#, "$[0][\"x\"][0]: member 0"),
            ("[1]", "[1.0]", "$[0]: Unsigned(1) vs Float("),
            ("-1", "-1.0", "$: Negative(-1) vs Float("),
            ("-0.0", "0.0", "$: Float(9223372036854775808) vs Float(0)"),
            (r#"{"a": [true]}"#, r#"{"a": [false]}"#, "$[\"a\"][0]: Bool(true) vs Bool(false)"),
            ("[1, 2]", "[1]", "$: 2 elements vs 1"),
        ];
        for (a, b, why) in cases {
            let (a, b) = (v(a), v(b));
            let err = strict_diff(&a, &b).expect_err(why);
            assert!(err.starts_with(why), "{err:?} should start with {why:?}");
            assert!(strict_diff(&b, &a).is_err());
        }
        // What `Value`'s `==` lets through (a test of the premise: if `==` becomes
        // strict, the helper can go).
        assert_eq!(v(r#"{"a": 1, "b": 2}"#), v(r#"{"b": 2, "a": 1}"#));
        assert_eq!(v("-0.0"), v("0.0"));
        // (`==` does tell 1 from 1.0: `Number`'s derived `PartialEq` compares the kind.)
        assert_ne!(v("1"), v("1.0"));
    }

    #[test]
    fn same_as_serde_json_sees_kind_and_sign() {
        let theirs = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
        assert!(same(&v(r#"[1, -1, 1.5, -0.0, {"a": "x"}]"#), &theirs(r#"[1, -1, 1.5, -0.0, {"a": "x"}]"#)));
        for (ours, them) in
            [("1", "1.0"), ("-1", "-1.0"), ("1.0", "1"), ("-0.0", "0.0"), ("0.0", "-0.0"), ("1.5", "-1.5")]
        {
            assert!(!same(&v(ours), &theirs(them)), "{ours} vs serde_json's {them}");
        }
        // Found by the differential proptest: serde_json without `float_roundtrip` reads
        // this two units in the last place off; with it, both agree to the bit.
        let hard = "-9.365152237386907e+294";
        assert!(same(&v(hard), &theirs(hard)));
        assert_eq!(theirs(hard).as_f64(), Some(hard.parse::<f64>().unwrap()));
    }

    #[test]
    #[should_panic(expected = "values differ at $: member 0")]
    fn assert_same_panics() {
        assert_same(&v(r#"{"a": 1, "b": 2}"#), &v(r#"{"b": 2, "a": 1}"#));
    }
}

/// The kernel levels a test that says "every level" must run: those this CPU has, checked
/// against the CPU's own feature detection (so a `Level::available()` that came back
/// short would fail here, not silently test less), and said on stderr once.
pub fn levels() -> Vec<jsonlex::runtime::simd::Level> {
    use jsonlex::runtime::simd::Level;
    #[allow(unused_mut)]
    let mut want = vec![Level::Scalar, Level::Swar];
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        if std::is_x86_feature_detected!("sse2") {
            want.push(Level::Sse2);
        }
        if std::is_x86_feature_detected!("avx2") {
            want.push(Level::Avx2);
        }
    }
    #[cfg(target_arch = "aarch64")]
    want.push(Level::Neon);
    assert_eq!(Level::available(), want, "Level::available() disagrees with the CPU's features");
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| eprintln!("levels run: {}", want.iter().map(|l| l.name()).collect::<Vec<_>>().join(", ")));
    want
}

/// The vendored JSONTestSuite's `test_parsing` files whose names start with `prefix`
/// (`""`: all of them), as (file name, bytes), sorted by name.
pub fn json_test_suite(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/JSONTestSuite/test_parsing");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("vendored JSONTestSuite")
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .map(|p| (p.file_name().unwrap().to_str().unwrap().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// The benchmark corpus shipped in `benches/data`: every `*.json` file as (file stem,
/// bytes), sorted by name.
pub fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("the corpus in benches/data")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_stem().unwrap().to_str().unwrap().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// One file of the corpus by its stem (`"twitter"`).
pub fn corpus_file(stem: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data").join(format!("{stem}.json"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Two documents whose strings need repair under a lenient `InvalidUtf8` (invalid
/// UTF-8, then 5000 bytes before the closing quote, then a lone surrogate's bytes), the
/// second cut off inside the long string: a reader must read on past what the lexer had
/// read before it rescans the string.
pub fn long_strings_to_repair() -> [Vec<u8>; 2] {
    let mut long = b"[\"a\xffb".to_vec();
    long.extend(std::iter::repeat_n(b'x', 5000));
    long.extend_from_slice(b"\\n\xc3\", \"\xed\xa0\x80\", \"ok\"]");
    let mut unterminated = long.clone();
    unterminated.truncate(3000);
    [long, unterminated]
}

/// Pieces of JSON, broken ones among them (`tru`, `01`, `1.`, a lone surrogate, a bad
/// escape, an unterminated string, `@`), from which the reader tests build random
/// documents: joined at random and read in random sizes, every token boundary lands on
/// a read boundary somewhere.
pub const JSON_PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    " ",
    "\n",
    "\r\n",
    "true",
    "false",
    "null",
    "tru",
    "0",
    "01",
    "-1",
    "1.5e3",
    "1.",
    "123456789012345678901234567890",
    "1e400",
    "\"a\"",
    "\"\\u00e9x\"",
    "\"\\ud800\"",
    "\"\\x\"",
    "\"日本語\"",
    "\"unterminated",
    "\"k\": ",
    "@",
];

/// A reader that makes `[` + `record` repeated `count` times, the copies separated by
/// `,\n`, + `]` on the fly, for tests that memory does not grow with the input. It
/// allocates nothing while it is read (its buffer is reserved up front).
pub struct RepeatedArray {
    record: &'static [u8],
    left: usize,
    pending: Vec<u8>,
}

impl RepeatedArray {
    pub fn new(record: &'static [u8], count: usize) -> RepeatedArray {
        let mut pending = Vec::with_capacity(1 << 17);
        pending.push(b'[');
        RepeatedArray { record, left: count, pending }
    }
}

impl std::io::Read for RepeatedArray {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.pending.len() < out.len() && self.left > 0 {
            self.pending.extend_from_slice(self.record);
            self.pending.extend_from_slice(if self.left == 1 { b"]" } else { b",\n" });
            self.left -= 1;
        }
        let n = out.len().min(self.pending.len());
        out[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}
