//! Decoder tests over the JSON lexer this crate generates (`crate::lexer`, build.rs).

use super::*;
use crate::value::{Map, Str};

use crate::lexer::JsonLexer;

fn dec(s: &str) -> Result<Value, Error> {
    dec_with(s.as_bytes(), &DecodeOptions::new())
}

fn dec_with(s: &[u8], o: &DecodeOptions) -> Result<Value, Error> {
    let checked = decode::<JsonLexer>(s, o);
    // SAFETY: `JsonLexer` is generated from json-runtime/grammar/json.lex, whose string tokens are
    // well-formed UTF-8.
    let trusted = unsafe { decode_trusted::<JsonLexer>(s, o) };
    match (&checked, &trusted) {
        (Ok(a), Ok(b)) => assert_strict(a, b),
        (a, b) => assert_eq!(a.as_ref().map_err(|e| e.to_string()), b.as_ref().map_err(|e| e.to_string())),
    }
    let valid = validate::<JsonLexer>(s, o);
    let valid_trusted = validate_trusted::<JsonLexer>(s, o);
    assert_eq!(
        valid.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        checked.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        "validate vs decode on {s:?}"
    );
    assert_eq!(valid.map_err(|e| e.to_string()), valid_trusted.map_err(|e| e.to_string()));
    same_without_direct_numbers(s, o, &checked);
    checked
}

/// `JsonLexer` without its `%promise json_numbers`: every number through the lexer.
struct Unpromised<'a>(JsonLexer<'a>);

impl<'a> Lexer<'a> for Unpromised<'a> {
    type Kind = JsonToken;
    const ENTRIES: &'static [&'static str] = <JsonLexer<'a> as Lexer<'a>>::ENTRIES;

    fn new(input: &'a [u8]) -> Self {
        Unpromised(JsonLexer::new(input))
    }
    fn next_token(&mut self) -> crate::lex::Next<JsonToken> {
        Lexer::next_token(&mut self.0)
    }
    fn input(&self) -> &'a [u8] {
        Lexer::input(&self.0)
    }
    fn offset(&self) -> usize {
        Lexer::offset(&self.0)
    }
    fn set_offset(&mut self, offset: usize) {
        Lexer::set_offset(&mut self.0, offset)
    }
    fn single_byte_token(&self, byte: u8) -> Option<JsonToken> {
        Lexer::single_byte_token(&self.0, byte)
    }
    fn next_token_entry(&mut self, entry: usize) -> crate::lex::Next<JsonToken> {
        Lexer::next_token_entry(&mut self.0, entry)
    }
}

/// The parser's numbers read straight from the input (`JsonLexer` promises JSON's
/// numbers) give what the lexer's tokens give: the same values, the same errors.
#[track_caller]
fn same_without_direct_numbers(s: &[u8], o: &DecodeOptions, direct: &Result<Value, Error>) {
    const {
        assert!(
            <JsonLexer<'static> as Lexer<'static>>::JSON_NUMBERS
                && !<Unpromised<'static> as Lexer<'static>>::JSON_NUMBERS
        )
    };
    let lexed = decode::<Unpromised>(s, o);
    match (direct, &lexed) {
        (Ok(a), Ok(b)) => assert_strict(a, b),
        (a, b) => assert_eq!(
            a.as_ref().map_err(|e| (e.to_string(), e.offset())),
            b.as_ref().map_err(|e| (e.to_string(), e.offset())),
            "direct numbers vs the lexer's on {s:?}"
        ),
    }
    assert_eq!(
        validate::<JsonLexer>(s, o).map_err(|e| (e.to_string(), e.offset())),
        validate::<Unpromised>(s, o).map_err(|e| (e.to_string(), e.offset())),
        "validate, direct numbers vs the lexer's on {s:?}"
    );
}

/// Every string of up to four bytes over the bytes that make or break a number, in
/// each place a value can start, decodes and validates alike with and without the
/// direct number path; and numbers that take its every branch.
#[test]
fn direct_numbers_are_the_lexers() {
    const BYTES: &[u8] = b"-019.eE+ ,x";
    let mut cases: Vec<Vec<u8>> = Vec::new();
    let mut word = Vec::new();
    fn all(word: &mut Vec<u8>, left: usize, cases: &mut Vec<Vec<u8>>) {
        cases.push(word.clone());
        if left == 0 {
            return;
        }
        for &b in BYTES {
            word.push(b);
            all(word, left - 1, cases);
            word.pop();
        }
    }
    all(&mut word, 4, &mut cases);
    for text in [
        "-65.613616999999977",
        "43.420273000000009",
        "0.1",
        "1e22",
        "1e23",
        "123e25",
        "1.7976931348623157e308",
        "1.8e308",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "2.2250738585072011e-308",
        "9007199254740993",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "1234567890123456789",
        "12345678901234567890",
        "0.00000000000000000000001",
        "1.00000000000000000001",
        "-0",
        "-0.0",
        "0e0",
        "1E+2",
        "1e-2",
        "12345678",
        "123456789012345678.5e-3",
        "1e99999999999999999999",
    ] {
        cases.push(text.as_bytes().to_vec());
    }
    let options = [DecodeOptions::new(), DecodeOptions::new().big_int(BigInt::String)];
    for case in &cases {
        for (before, after) in [("", ""), ("[", "]"), ("[1,", "]"), ("{\"a\":", "}"), ("[ ", ", 2]"), ("[\n", "]")] {
            let mut s = before.as_bytes().to_vec();
            s.extend_from_slice(case);
            s.extend_from_slice(after.as_bytes());
            for o in &options {
                let direct = decode::<JsonLexer>(&s, o);
                same_without_direct_numbers(&s, o, &direct);
            }
        }
    }
}

fn err(s: &str) -> (Category, String) {
    let e = dec(s).unwrap_err();
    (e.classify(), e.to_string())
}

fn arr(v: Vec<Value>) -> Value {
    Value::Array(v.into())
}

/// `==` ignores member order, number kind and the sign of zero: these tests compare
/// whole values strictly.
#[track_caller]
fn assert_strict(actual: &Value, expected: &Value) {
    assert!(actual.strict_eq(expected), "{actual:?} is not strictly {expected:?}");
}

/// `s` decodes to exactly `expected`.
#[track_caller]
fn decodes_to(s: &str, expected: impl Into<Value>) {
    assert_strict(&dec(s).unwrap(), &expected.into());
}

#[test]
#[cfg_attr(
    feature = "arbitrary_precision",
    ignore = "the f64 number model; arbitrary_precision (numbers as text) is tested by tests/serde_json_suite/tests/jsonlex_precise.rs"
)]
fn scalars() {
    decodes_to("null", Value::Null);
    decodes_to(" true ", true);
    decodes_to("false", false);
    decodes_to("-12", -12i64);
    decodes_to("18446744073709551615", u64::MAX);
    decodes_to("-9223372036854775808", i64::MIN);
    decodes_to("1.5e3", 1500.0);
    decodes_to("1500", 1500);
    decodes_to("1.0", 1.0);
    decodes_to("-0.0", -0.0);
    decodes_to("0.0", 0.0);
    decodes_to("\"a\\nb\"", "a\nb");
    decodes_to("\"héllo\"", "héllo");
    decodes_to("18446744073709551616", 18446744073709551616.0);
    decodes_to("-9223372036854775809", -9223372036854775809.0);
    let big = DecodeOptions::new().big_int(BigInt::String);
    assert_strict(
        &dec_with(b"[-18446744073709551616, 1]", &big).unwrap(),
        &arr(vec!["-18446744073709551616".into(), 1.into()]),
    );
}

#[test]
fn containers() {
    let v = dec(r#"{"a": [1, 2, {"b": null}], "c": {}, "d": [], "e": "x"}"#).unwrap();
    assert_eq!(v["a"][2]["b"], Value::Null);
    assert!(v["a"][2].get("b").is_some());
    assert_eq!(v["a"].as_array().unwrap().capacity(), 3);
    assert_eq!(v["c"], Value::Object(Map::new()));
    assert_eq!(v["d"], arr(vec![]));
    assert_eq!(v["e"], "x");
    let keys: Vec<&Str> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["a", "c", "d", "e"]);
    let expected: Map = [
        ("a", arr(vec![1.into(), 2.into(), [("b", Value::Null)].into_iter().collect::<Map>().into()])),
        ("c", Map::new().into()),
        ("d", arr(vec![])),
        ("e", "x".into()),
    ]
    .into_iter()
    .collect();
    assert_strict(&v, &expected.into());
    assert_strict(&dec("[[[]],[[1]]]").unwrap(), &arr(vec![arr(vec![arr(vec![])]), arr(vec![arr(vec![1.into()])])]));
}

#[test]
fn duplicate_keys_last_wins_in_first_place() {
    let v = dec(r#"{"a": 1, "b": 2, "a": {"x": [3]}}"#).unwrap();
    let a: Map = [("x", arr(vec![3.into()]))].into_iter().collect();
    let expected: Map = [("a", Value::from(a)), ("b", 2.into())].into_iter().collect();
    assert_strict(&v, &expected.into());
    let m = v.as_object().unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(m.get_index(0).unwrap().0, "a");
    assert_eq!(v["a"]["x"][0], 3);
    // Large objects: the index built during decoding is the map's.
    let mut text = String::from("{");
    for i in 0..30 {
        text.push_str(&format!("\"k{i}\": {i}, "));
    }
    text.push_str("\"k5\": \"five\", \"k29\": [], \"k\\u0030\": true}");
    let v = dec(&text).unwrap();
    let m = v.as_object().unwrap();
    assert_eq!(m.len(), 30);
    assert_eq!(m.get_index(5).unwrap(), (&Str::from("k5"), &Value::from("five")));
    assert_eq!(m.position("k29"), Some(29));
    assert_eq!(v["k0"], true);
    for i in 0..30 {
        assert_eq!(m.position(&format!("k{i}")), Some(i));
    }
}

#[test]
#[cfg_attr(
    feature = "arbitrary_precision",
    ignore = "the f64 number model; arbitrary_precision (numbers as text) is tested by tests/serde_json_suite/tests/jsonlex_precise.rs"
)]
fn error_messages() {
    assert_eq!(
        err("{\n  \"a\": 1,\n  \"b\": 2 \"c\"}"),
        (Category::Syntax, "expected ',' or '}' after an object member at line 3, column 10".into())
    );
    assert_eq!(err("[1 2]").1, "expected ',' or ']' after an array element at line 1, column 4");
    assert_eq!(err("[1,]").1, "expected a value at line 1, column 4");
    assert_eq!(err("{\"a\" 1}").1, "expected ':' after an object key at line 1, column 6");
    assert_eq!(err("{1:2}").1, "expected a string key or '}' after '{' at line 1, column 2");
    assert_eq!(err("{\"a\":1,}").1, "expected a string key after ',' at line 1, column 8");
    assert_eq!(err("1 2").1, "expected the end of input after the value at line 1, column 3");
    assert_eq!(err("[1,").0, Category::Eof);
    assert_eq!(err("").1, "unexpected end of input: expected a value at line 1, column 1");
    assert_eq!(err("[01]"), (Category::Number, "invalid number: leading zero at line 1, column 2".into()));
    assert_eq!(err("-01").0, Category::Number);
    assert_eq!(err("[1.]").0, Category::Number);
    assert_eq!(err("[1e400]"), (Category::Number, "number out of range at line 1, column 2".into()));
    assert_eq!(
        err("[\"a\u{1}\"]"),
        (Category::Syntax, "control character U+0001 in a string (it must be escaped) at line 1, column 4".into())
    );
    assert_eq!(err("[\"a\\x\"]"), (Category::Escape, "invalid escape `\\x` at line 1, column 4".into()));
    assert_eq!(
        err("[\"\\ud800\"]"),
        (Category::Escape, "lone surrogate `\\uD800` (not part of a high-low pair) at line 1, column 3".into())
    );
    assert_eq!(err("[\"abc"), (Category::Eof, "unterminated string at line 1, column 6".into()));
    assert_eq!(err("[tru]").0, Category::Syntax);
    // After a container closes, the one around it decides what may follow.
    assert_eq!(err("[{\"a\":[1]}, 2}").1, "expected ',' or ']' after an array element at line 1, column 14");
    assert_eq!(
        err("{\"a\":[{}, []], \"b\":{\"c\":[]]}").1,
        "expected ',' or '}' after an object member at line 1, column 27"
    );
    assert_eq!(err("[[], {} }").1, "expected ',' or ']' after an array element at line 1, column 9");
    assert_eq!(err("{\"a\":{} ]").1, "expected ',' or '}' after an object member at line 1, column 9");
    assert!(dec("[{\"a\":[{}, []]}, [{\"b\":{}}]]").is_ok());
}

#[test]
fn invalid_utf8_options() {
    let input = b"{\"a\xFFb\": \"x\xE1\x80y\\u0041\", \"k\": [\"\xC0\"]}";
    let e = dec_with(input, &DecodeOptions::new()).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Utf8, 3));
    let sub = dec_with(input, &DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute)).unwrap();
    assert_eq!(sub["a\u{FFFD}b"], "x\u{FFFD}yA");
    assert_eq!(sub["k"][0], "\u{FFFD}");
    let ign = dec_with(input, &DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore)).unwrap();
    assert_eq!(ign["ab"], "xyA");
    // Repair still reports other problems precisely.
    let e = dec_with(b"[\"\xFF\\q\"]", &DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore)).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Escape, 3));
    let e = dec_with(b"[\"\xFF", &DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore)).unwrap_err();
    assert_eq!(e.classify(), Category::Eof);
}

#[test]
fn lone_surrogates() {
    let sub = DecodeOptions::new().lone_surrogate(LoneSurrogate::Substitute);
    assert_eq!(
        dec_with(br#"["\ud800", "\udc00\ud83d\ude00"]"#, &sub).unwrap(),
        arr(vec!["\u{FFFD}".into(), "\u{FFFD}😀".into()])
    );
    assert_eq!(dec(r#""\ud83d\ude00""#).unwrap(), "😀");
}

/// `check_surrogates` (trusted validate) answers as the full `unescape` does, on bodies
/// with every kind of escape, surrogates paired, lone, reversed and cut off, at every
/// position.
#[test]
fn surrogate_check_agrees_with_unescape() {
    use crate::de::string::{check_surrogates_with, unescape, Discard};
    use crate::simd::Level;
    use crate::skip::Kernels;
    let kernels: Vec<Kernels> = [Level::Scalar, Level::Swar, Level::Sse2, Level::Avx2, Level::Neon]
        .into_iter()
        .filter_map(Kernels::new)
        .collect();
    assert!(kernels.len() >= 2);
    let long_ascii = "x".repeat(45);
    let long_text = "日本語".repeat(7);
    let pieces: [&str; 23] = [
        "a",
        "ud800",
        "\\\\ud800",
        "\\\\\\\\uDC00",
        "\\\\",
        "\\u0D00",
        &long_ascii,
        &long_text,
        "日本",
        "\\n",
        "\\\\",
        "\\\"",
        "\\/",
        "\\u0041",
        "\\u00e9",
        "\\uD7FF",
        "\\uE000",
        "\\ud83d\\ude00",
        "\\uD800",
        "\\uDBFF",
        "\\uDC00",
        "\\udfff\\ud800",
        "\\uD800\\u0041",
    ];
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..3000 {
        let mut body = String::new();
        for _ in 0..(seed % 9) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            body.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        for lone in [LoneSurrogate::Error, LoneSurrogate::Substitute] {
            let want = unescape(body.as_bytes(), 10, lone, &mut Discard).map_err(|e| format!("{e:?}"));
            for &k in &kernels {
                let got = check_surrogates_with(k, body.as_bytes(), 10, lone).map_err(|e| format!("{e:?}"));
                assert_eq!(got, want, "{body} at {:?}", k.level());
            }
        }
    }
}

/// A lone surrogate after every length of plain text (before, at and past the point
/// where the search for the next backslash hands over to the SIMD kernel), after a
/// short escape, and before text of every length: found at every level.
#[test]
fn surrogate_check_finds_escapes_at_every_offset() {
    use crate::de::string::check_surrogates_with;
    use crate::simd::Level;
    use crate::skip::Kernels;
    let levels = [Level::Scalar, Level::Swar, Level::Sse2, Level::Avx2, Level::Neon];
    for kernels in levels.into_iter().filter_map(Kernels::new) {
        for before in 0..100 {
            for (lead, after) in [("", 0), ("\\n", 0), ("", 70), ("\\t", 33)] {
                let body = format!("{lead}{}\\uD800{}", "x".repeat(before), "é".repeat(after));
                let at = lead.len() + before;
                let got = check_surrogates_with(kernels, body.as_bytes(), 0, LoneSurrogate::Error);
                let e = got.expect_err(&body);
                assert_eq!(e.offset, at, "{body} at {:?}", kernels.level());
                let fine = body.replace("\\uD800", "\\uD7FF");
                assert!(check_surrogates_with(kernels, fine.as_bytes(), 0, LoneSurrogate::Error).is_ok());
            }
        }
    }
}

/// The search for `\u` + `d`/`D` agrees with the byte-by-byte one at every level, with
/// the pattern and each of its parts at every position of bodies 0..80 bytes long
/// (across every word and vector boundary), alone and before a full match at the end,
/// searched from before, at and after it.
#[test]
fn surrogate_search_agrees_with_bytes_at_every_offset() {
    use crate::de::string::{next_ud, next_ud_by_backslash, next_ud_bytes};
    use crate::simd::Level;
    use crate::skip::Kernels;
    let kernels: Vec<Kernels> = Level::ALL.into_iter().filter_map(Kernels::new).collect();
    let patterns: [&[u8]; 8] = [b"\\ud", b"\\uD", b"\\u", b"ud", b"\\d", b"\\", b"\\ue", b"\\\\ud"];
    for len in 0..80 {
        for pat in patterns {
            for at in 0..len {
                for tail in [false, true] {
                    if at + pat.len() + if tail { 3 } else { 0 } > len {
                        continue;
                    }
                    // Filler that matches none of the three bytes (nor their case partners).
                    let mut body: Vec<u8> = (0..len).map(|k| b"xyz\xc3\xa9 "[k % 5]).collect();
                    body[at..at + pat.len()].copy_from_slice(pat);
                    if tail {
                        body[len - 3..].copy_from_slice(b"\\uD");
                    }
                    for from in [0, 1, at.saturating_sub(1), at, at + 1, len] {
                        let from = from.min(len);
                        let want = next_ud_bytes(&body, from);
                        for &k in &kernels {
                            assert_eq!(next_ud(k, &body, from), want, "{body:?} from {from} at {:?}", k.level());
                            let by_class = next_ud_by_backslash(k, &body, from);
                            assert_eq!(by_class, want, "{body:?} from {from} by class at {:?}", k.level());
                        }
                    }
                }
            }
        }
    }
}

/// An escaped backslash before text that reads like a surrogate escape (`\\uD800`)
/// is no error, at every offset and level; one more backslash makes it one.
#[test]
fn surrogate_check_skips_escaped_backslashes() {
    use crate::de::string::check_surrogates_with;
    use crate::simd::Level;
    use crate::skip::Kernels;
    for kernels in Level::ALL.into_iter().filter_map(Kernels::new) {
        for before in 0..70 {
            let text = "x".repeat(before);
            for run in 1..6 {
                let body = format!("{text}{}uD800\\n", "\\".repeat(run));
                let got = check_surrogates_with(kernels, body.as_bytes(), 0, LoneSurrogate::Error);
                assert_eq!(
                    got.map_err(|e| e.offset),
                    if run % 2 == 1 { Err(before + run - 1) } else { Ok(()) },
                    "{body}"
                );
            }
        }
    }
}

#[test]
fn depth() {
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    assert!(dec(&deep(512)).is_ok());
    let e = dec(&deep(513)).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Depth, 512));
    assert!(dec_with(b"1", &DecodeOptions::new().max_depth(0)).is_ok());
    assert_eq!(dec_with(b"[]", &DecodeOptions::new().max_depth(0)).unwrap_err().classify(), Category::Depth);
    let many = "[".repeat(100_000);
    assert_eq!(dec(&many).unwrap_err().classify(), Category::Depth);
    // Deep input with a raised limit: no recursion, no stack overflow; the checker's
    // bit stack grows past its inline 512 levels.
    let o = DecodeOptions::new().max_depth(200_000);
    let text = "{\"a\":".repeat(700) + &"[".repeat(100_000) + &"]".repeat(100_000) + &"}".repeat(700);
    assert!(validate::<JsonLexer>(text.as_bytes(), &o).is_ok());
    assert!(validate_trusted::<JsonLexer>(text.as_bytes(), &o).is_ok());
    // Dropped without recursion (value/teardown.rs).
    drop(decode::<JsonLexer>(text.as_bytes(), &o).unwrap());
    assert_eq!(dec_with(many.as_bytes(), &o).unwrap_err().classify(), Category::Eof);
}

#[test]
fn no_panic_on_garbage() {
    // A cheap deterministic sweep; the root crate's proptest does the rest.
    let alphabet: &[u8] = b"[]{}:,\"\\u0a-1.eE+ tfn\xFF\xC3\xA9\x01";
    let mut seed = 0x2545F4914F6CDD1Du64;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = (seed % 12) as usize;
        let bytes: Vec<u8> = (0..len).map(|i| alphabet[((seed >> (i * 5)) % alphabet.len() as u64) as usize]).collect();
        for o in [
            DecodeOptions::new(),
            DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute),
        ] {
            let _ = dec_with(&bytes, &o);
        }
    }
}

#[test]
fn containers_of_every_length_to_70_keep_their_elements() {
    // The builder's switches by length (value_builder.rs): an array alone on the value
    // stack takes the stack's buffer from TAKE_STACK (64) elements, an object checks
    // repeated keys in place up to Map::INDEX_THRESHOLD (8) members and by an index
    // past it. Every length on both sides of both, at the root, after siblings still on
    // the stack, and inside an object.
    for n in 0..=70usize {
        let items: Vec<String> = (0..n).map(|i| format!("{i}")).collect();
        let array = format!("[{}]", items.join(","));
        let expected = Value::Array((0..n).map(|i| Value::from(i as u64)).collect::<Vec<_>>().into());
        assert_eq!(dec(&array).unwrap(), expected, "{array}");
        let nested = format!("[1,\"x\",{array},{array},true]");
        let got = dec(&nested).unwrap();
        let got = got.as_array().unwrap();
        assert_eq!(got.len(), 5, "{nested}");
        assert_eq!((&got[2], &got[3], &got[4]), (&expected, &expected, &Value::Bool(true)), "{nested}");

        // Keys k0..kn, and the same with a repeat of k0 at the end (its value replaces
        // the first's, in the first's place).
        let members: Vec<String> = (0..n).map(|i| format!("\"k{i}\":{i}")).collect();
        let object = format!("{{{}}}", members.join(","));
        let v = dec(&format!("[0,{object},{object}]")).unwrap();
        for o in &v.as_array().unwrap()[1..] {
            let o = o.as_object().unwrap();
            assert_eq!(o.len(), n, "{object}");
            for (i, (k, val)) in o.iter().enumerate() {
                assert_eq!((k.as_str(), val), (format!("k{i}").as_str(), &Value::from(i as u64)), "{object}");
            }
        }
        if n > 0 {
            let repeated = format!("{{{},\"k0\":\"last\"}}", members.join(","));
            let v = dec(&repeated).unwrap();
            let o = v.as_object().unwrap();
            assert_eq!(o.len(), n, "{repeated}");
            assert_eq!(o.iter().next().map(|(k, v)| (k.as_str(), v)), Some(("k0", &Value::from("last"))), "{repeated}");
        }
    }
}

/// The serde `Deserializer`'s numbers read straight from the input give what the
/// lexer's tokens give: for `deserialize_any` (a `Value`), typed numbers of every
/// width (a visitor's range error included) and `IgnoredAny`, the same results and
/// errors on the inputs of [`direct_numbers_are_the_lexers`].
#[cfg(feature = "serde")]
#[test]
fn serde_direct_numbers_are_the_lexers() {
    use crate::de::serde::from_slice;
    use ::serde::de::{DeserializeOwned, IgnoredAny};
    #[track_caller]
    fn same<T: DeserializeOwned + core::fmt::Debug>(s: &[u8], o: &DecodeOptions) {
        let direct = from_slice::<JsonLexer, T>(s, o).map_err(|e| (e.to_string(), e.offset()));
        let lexed = from_slice::<Unpromised, T>(s, o).map_err(|e| (e.to_string(), e.offset()));
        assert_eq!(format!("{direct:?}"), format!("{lexed:?}"), "{}: {s:?}", core::any::type_name::<T>());
    }
    let numbers = [
        "0",
        "-0",
        "1",
        "-1",
        "255",
        "256",
        "-129",
        "65536",
        "4294967296",
        "-2147483649",
        "1.5",
        "-0.0",
        "1e2",
        "1E-2",
        "-65.613616999999977",
        "1e400",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551616",
        "1.",
        "1e",
        "01",
        "-",
        "2x",
        "0.1e+",
        "1 ",
    ];
    let o = DecodeOptions::new();
    for n in numbers {
        for s in [n.to_string(), format!("[{n}]"), format!("[1, {n}]"), format!("[ {n},2]")] {
            let s = s.as_bytes();
            same::<Value>(s, &o);
            same::<Value>(s, &DecodeOptions::new().big_int(BigInt::String));
            same::<IgnoredAny>(s, &o);
            if s[0] != b'[' {
                same::<u8>(s, &o);
                same::<i8>(s, &o);
                same::<u64>(s, &o);
                same::<i64>(s, &o);
                same::<f64>(s, &o);
                same::<f32>(s, &o);
            } else {
                same::<Vec<f64>>(s, &o);
                same::<Vec<i32>>(s, &o);
                same::<(u16, i64)>(s, &o);
            }
        }
    }
}

/// `validate_one_trusted` at `start` of `input`: the end offset, or the error's
/// (category, offset, line, column).
fn one_at(input: &str, start: usize, o: &DecodeOptions) -> Result<usize, (Category, usize, usize, usize)> {
    validate_one_trusted::<JsonLexer>(input.as_bytes(), start, o)
        .map_err(|e| (e.classify(), e.offset(), e.line(), e.column()))
}

#[test]
fn validate_one_at_offsets() {
    let o = DecodeOptions::new();
    // Scalars and containers, at the start and after a prefix, with what follows
    // ignored: the end is just past the value, before the white space after it.
    let values = [
        "1",
        "-0.5e3",
        "true",
        "null",
        "\"x\"",
        "\"a\\n\\u00e9\\ud83d\\ude00\"",
        "[]",
        "{}",
        "[1,[2,[3,{}]],\"x\"]",
        "{\"a\":{\"b\":[1,2,{\"c\":null}]},\"d\":\"e\"}",
        "[ 1 , { \"k\" : [ ] } ]",
    ];
    for v in values {
        for prefix in ["", "{\"skip\":", "  ", "[1,\n"] {
            for suffix in ["", ",", "}", " ,\"k\":1}", "\n{\"next\":1}", " garbage \u{1}", "]]]"] {
                let text = format!("{prefix}{v}{suffix}");
                let start = prefix.len();
                assert_eq!(one_at(&text, start, &o), Ok(start + v.len()), "{text:?} at {start}");
                // White space before the value is stepped over.
                let spaced = format!("{prefix} \t\r\n{v}{suffix}");
                assert_eq!(one_at(&spaced, start, &o), Ok(start + 4 + v.len()), "{spaced:?} at {start}");
            }
        }
    }
    // At the end of the input, and past it: no value.
    assert_eq!(one_at("[1]", 3, &o).unwrap_err().0, Category::Eof);
    assert_eq!(one_at("[1]", 99, &o).unwrap_err().0, Category::Eof);
}

#[test]
fn validate_one_errors_are_placed_in_the_whole_input() {
    let o = DecodeOptions::new();
    // The same errors (category, message) as validating the value alone, at offsets,
    // lines and columns in the whole input.
    let bad = [
        ("[1,]", Category::Syntax),
        ("{\"a\" 1}", Category::Syntax),
        ("{\"a\":1,}", Category::Syntax),
        ("[1 2]", Category::Syntax),
        ("{\"a\":[1,2}", Category::Syntax),
        ("[\"\\ud800\"]", Category::Escape),
        ("{\"\\udc00\":1}", Category::Escape),
        ("[\"\\x\"]", Category::Escape),
        ("[01]", Category::Number),
        ("[1e400]", Category::Number),
        ("[tru]", Category::Syntax),
        ("[1,", Category::Eof),
        ("{\"a\":", Category::Eof),
    ];
    let prefix = "{\"x\":1,\n \"y\":";
    for (v, category) in bad {
        let alone = validate_trusted::<JsonLexer>(v.as_bytes(), &o).unwrap_err();
        assert_eq!(alone.classify(), category, "{v}");
        let text = format!("{prefix}{v}");
        let e = validate_one_trusted::<JsonLexer>(text.as_bytes(), prefix.len(), &o).unwrap_err();
        assert_eq!((e.classify(), e.message()), (alone.classify(), alone.message()), "{text:?}");
        assert_eq!(e.offset(), prefix.len() + alone.offset(), "{text:?}");
        // The value starts on line 2, column 6; every error above is on its line.
        assert_eq!((e.line(), e.column()), (2, 6 + alone.offset()), "{text:?}");
    }
    // Invalid UTF-8 in a string (the lexer's rejection).
    let mut text = b"[1, [\"ok\", \"".to_vec();
    text.extend_from_slice(b"\xff\"]]");
    let e = validate_one_trusted::<JsonLexer>(&text, 4, &o).unwrap_err();
    assert_eq!((e.classify(), e.offset()), (Category::Utf8, 12));
    // Strictly as validate: the lone surrogate is an error even with `Substitute` off
    // by default, and accepted with it.
    let lone = "[\"\\ud800\"]";
    assert!(one_at(lone, 0, &o).is_err());
    assert_eq!(one_at(lone, 0, &o.lone_surrogate(LoneSurrogate::Substitute)), Ok(lone.len()));
}

#[test]
fn validate_one_depth() {
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    let o = DecodeOptions::new();
    let text = format!("[{}]", deep(512));
    // 512 levels from the start, whatever is open around it.
    assert_eq!(one_at(&text, 1, &o), Ok(1 + 1024));
    let e = one_at(&deep(513), 0, &o).unwrap_err();
    assert_eq!((e.0, e.1), (Category::Depth, 512));
    let o = DecodeOptions::new().max_depth(3);
    assert_eq!(one_at("[[[]]]", 0, &o), Ok(6));
    assert_eq!(one_at("[[[[]]]]", 0, &o).unwrap_err().0, Category::Depth);
    let o = DecodeOptions::new().max_depth(70_000);
    assert_eq!(one_at(&deep(65_536), 0, &o), Ok(2 * 65_536));
}
