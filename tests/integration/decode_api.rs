//! The public decoding API on the generated lexer: values, options, errors and their
//! positions, the depth limit, and `validate` allocating nothing. (The `jsonlex` command
//! line is tested in cli/tests.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use jsonlex::{BigInt, Category, DecodeOptions, InvalidUtf8, LoneSurrogate, Map, Value};

/// Counts this thread's allocations (tests run on several threads).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method hands its arguments to `System` unchanged, so `Counting` keeps
// `System`'s contract; counting touches only a thread-local counter, without allocating.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's guarantees for `alloc` are `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` (every allocation here does), with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: as for `dealloc`; the caller's guarantees for `realloc` are `System`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

pub(crate) fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (out, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn validate_allocates_nothing() {
    for (name, bytes) in crate::common::corpus() {
        let (result, n) = allocations(|| jsonlex::validate(&bytes));
        assert!(result.is_ok(), "{name}");
        assert_eq!(n, 0, "validate allocated {n} times on {name}");
    }
    let deep = "[".repeat(512) + &"]".repeat(512);
    let (result, n) = allocations(|| jsonlex::validate(deep.as_bytes()));
    assert!(result.is_ok());
    assert_eq!(n, 0);
}

#[test]
fn depth_limit() {
    let many = "[".repeat(100_000);
    let e = jsonlex::decode(many.as_bytes()).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Depth, 512));
    assert_eq!(e.to_string(), "arrays and objects nested deeper than 512 levels at line 1, column 513");
    assert_eq!(jsonlex::validate(many.as_bytes()).unwrap_err().classify(), Category::Depth);
    let objects = "{\"a\":".repeat(100_000);
    assert_eq!(jsonlex::decode(objects.as_bytes()).unwrap_err().classify(), Category::Depth);
    let ok = "[".repeat(512) + &"]".repeat(512);
    assert!(jsonlex::decode(ok.as_bytes()).is_ok());
    let shallow = DecodeOptions::new().max_depth(2);
    assert!(jsonlex::decode_with(b"[[1]]", &shallow).is_ok());
    assert_eq!(jsonlex::decode_with(b"[[[1]]]", &shallow).unwrap_err().offset(), 2);
}

#[test]
fn values_and_access() {
    let v = jsonlex::decode_str(r#"{"a": [1, -2, 3.5, 18446744073709551615, -9223372036854775808], "b": {"c": "\u00e9\ud83d\ude00"}, "n": null, "t": true}"#).unwrap();
    assert_eq!(v["a"][0], 1);
    assert_eq!(v["a"][1].as_i64(), Some(-2));
    assert_eq!(v["a"][2].as_f64(), Some(3.5));
    assert_eq!(v["a"][3].as_u64(), Some(u64::MAX));
    assert_eq!(v["a"][4].as_i64(), Some(i64::MIN));
    assert_eq!(v["b"]["c"], "é😀");
    assert!(v["n"].is_null() && v.get("n").is_some());
    assert_eq!(v["t"], true);
    assert_eq!(v["missing"], Value::Null);
    assert_eq!(v.as_object().unwrap().keys().collect::<Vec<_>>(), ["a", "b", "n", "t"]);
    assert_eq!(
        v.to_string(),
        r#"{"a":[1,-2,3.5,18446744073709551615,-9223372036854775808],"b":{"c":"é😀"},"n":null,"t":true}"#
    );
}

#[test]
fn duplicate_keys_in_large_objects() {
    let mut text = String::from("{");
    for i in 0..100 {
        text.push_str(&format!("\"key{i}\": {i},"));
    }
    text.push_str("\"key7\": \"seven\", \"key99\": [99]}");
    let v = jsonlex::decode_str(&text).unwrap();
    let m: &Map = v.as_object().unwrap();
    assert_eq!(m.len(), 100);
    assert_eq!(m.get_index(7), Some((&jsonlex::Str::from("key7"), &Value::from("seven"))));
    assert_eq!(m["key99"][0], 99);
    for i in 0..100 {
        assert_eq!(m.position(&format!("key{i}")), Some(i));
    }
}

#[test]
fn options() {
    let big = DecodeOptions::new().big_int(BigInt::String);
    assert_eq!(
        jsonlex::decode_with(b"123456789012345678901234567890", &big).unwrap(),
        "123456789012345678901234567890"
    );
    assert_eq!(jsonlex::decode(b"123456789012345678901234567890").unwrap(), 1.2345678901234568e29);
    assert_eq!(jsonlex::decode(b"1e400").unwrap_err().message(), "number out of range");

    // Repaired strings inside structures: the lexer resumes right after each.
    let input = b"{\"k\xFF\": [\"a\xC3\", \"\xE2\x82\", 1, {\"\xF0\": \"\\u00e9\xFE\"}], \"z\": 2}";
    let sub = DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute);
    let v = jsonlex::decode_with(input, &sub).unwrap();
    assert_eq!(v.to_string(), "{\"k\u{FFFD}\":[\"a\u{FFFD}\",\"\u{FFFD}\",1,{\"\u{FFFD}\":\"é\u{FFFD}\"}],\"z\":2}");
    assert!(jsonlex::validate_with(input, &sub).is_ok());
    let ign = DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore);
    assert_eq!(jsonlex::decode_with(input, &ign).unwrap().to_string(), "{\"k\":[\"a\",\"\",1,{\"\":\"é\"}],\"z\":2}");
    let e = jsonlex::decode(input).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Utf8, 3));

    let lone = DecodeOptions::new().lone_surrogate(LoneSurrogate::Substitute);
    assert_eq!(jsonlex::decode_with(br#""\udead\ud83d\ude00""#, &lone).unwrap(), "\u{FFFD}😀");
    assert_eq!(jsonlex::decode(br#""\udead""#).unwrap_err().classify(), Category::Escape);
}

#[test]
fn error_messages_and_positions() {
    let cases: &[(&[u8], Category, &str)] = &[
        (
            b"{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3}",
            Category::Syntax,
            "expected ',' or '}' after an object member at line 4, column 3",
        ),
        (
            b"[1, 2",
            Category::Eof,
            "unexpected end of input: expected ',' or ']' after an array element at line 1, column 6",
        ),
        (b"[1,]", Category::Syntax, "expected a value at line 1, column 4"),
        (b"{\"a\":1,}", Category::Syntax, "expected a string key after ',' at line 1, column 8"),
        (b"[01]", Category::Number, "invalid number: leading zero at line 1, column 2"),
        (b"[-]", Category::Number, "invalid number: expected a digit after '-' at line 1, column 3"),
        (b"[1.]", Category::Number, "invalid number: expected a digit after '.' at line 1, column 4"),
        (b"[1e+]", Category::Number, "invalid number: expected a digit in the exponent at line 1, column 5"),
        (b"[.5]", Category::Number, "invalid number: expected a digit before '.' at line 1, column 2"),
        (b"[+1]", Category::Number, "invalid number: a leading '+' is not allowed at line 1, column 2"),
        (b"[tru]", Category::Syntax, "invalid literal: expected `true` at line 1, column 2"),
        (b"[nul", Category::Eof, "unexpected end of input in `null` at line 1, column 5"),
        (b"['a']", Category::Syntax, "unexpected character `'` (strings take double quotes) at line 1, column 2"),
        (
            b"\"a\tb\"",
            Category::Syntax,
            "control character U+0009 in a string (it must be escaped) at line 1, column 3",
        ),
        (b"\"a\\xb\"", Category::Escape, "invalid escape `\\x` at line 1, column 3"),
        (b"\"\\u12x4\"", Category::Escape, "invalid `\\u` escape: expected four hex digits at line 1, column 2"),
        (b"\"ab", Category::Eof, "unterminated string at line 1, column 4"),
        (b"\"\xC3\"", Category::Utf8, "invalid UTF-8 in a string (byte 0xC3) at line 1, column 2"),
        (b"\xEF\xBB\xBF{}", Category::Syntax, "unexpected byte order mark (U+FEFF) at line 1, column 1"),
        (b"", Category::Eof, "unexpected end of input: expected a value at line 1, column 1"),
        (b"{} x", Category::Syntax, "unexpected character `x` at line 1, column 4"),
        (b"{} {}", Category::Syntax, "expected the end of input after the value at line 1, column 4"),
        (
            b"{\"\xC3\xA9\xC3\xA9\": 1 2}",
            Category::Syntax,
            "expected ',' or '}' after an object member at line 1, column 10",
        ),
    ];
    for &(input, category, message) in cases {
        let e = jsonlex::decode(input).unwrap_err();
        assert_eq!((e.classify(), e.to_string().as_str()), (category, message), "{:?}", String::from_utf8_lossy(input));
        let v = jsonlex::validate(input).unwrap_err();
        assert_eq!(v.to_string(), e.to_string());
    }
}
