//! Decoder tests over a small hand-written lexer with json.lex's contract (the
//! generated one lives in the root crate, which has its own tests).

use super::*;
use crate::de::string::utf8_sequence;
use crate::value::Map;

/// A lexer for the tokens of `grammar/json.lex`, written by hand: longest match,
/// giving back to the last accepted token when a longer one fails.
struct TestLexer<'a> {
    input: &'a [u8],
    pos: usize,
    done: bool,
}

impl<'a> TestLexer<'a> {
    fn fail(
        &mut self,
        start: usize,
        offset: usize,
        partial: Option<JsonToken>,
    ) -> Option<Result<Token<JsonToken>, LexError<JsonToken>>> {
        self.done = true;
        Some(Err(LexError { start, offset, partial }))
    }

    fn tok(
        &mut self,
        kind: JsonToken,
        start: usize,
        end: usize,
    ) -> Option<Result<Token<JsonToken>, LexError<JsonToken>>> {
        self.pos = end;
        Some(Ok(Token { kind, start, end }))
    }
}

impl<'a> Lexer<'a> for TestLexer<'a> {
    type Kind = JsonToken;

    fn new(input: &'a [u8]) -> Self {
        TestLexer { input, pos: 0, done: false }
    }

    fn next_token(&mut self) -> Option<Result<Token<JsonToken>, LexError<JsonToken>>> {
        use JsonToken::*;
        if self.done {
            return None;
        }
        let s = self.input;
        while self.pos < s.len() && matches!(s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
        let start = self.pos;
        let Some(&b) = s.get(start) else {
            self.done = true;
            return None;
        };
        let single = match b {
            b'{' => Some(ObjectStart),
            b'}' => Some(ObjectEnd),
            b'[' => Some(ArrayStart),
            b']' => Some(ArrayEnd),
            b':' => Some(Colon),
            b',' => Some(Comma),
            _ => None,
        };
        if let Some(k) = single {
            return self.tok(k, start, start + 1);
        }
        match b {
            b't' | b'f' | b'n' => {
                let (word, kind): (&[u8], _) = match b {
                    b't' => (b"true", True),
                    b'f' => (b"false", False),
                    _ => (b"null", Null),
                };
                let k = word.iter().zip(&s[start..]).take_while(|(a, b)| a == b).count();
                if k == word.len() {
                    self.tok(kind, start, start + k)
                } else {
                    self.fail(start, start + k, Some(kind))
                }
            }
            b'-' | b'0'..=b'9' => {
                let digits = |mut i: usize| {
                    while i < s.len() && s[i].is_ascii_digit() {
                        i += 1;
                    }
                    i
                };
                let mut i = start + (b == b'-') as usize;
                match s.get(i) {
                    Some(b'0') => i += 1,
                    Some(b'1'..=b'9') => i = digits(i),
                    _ => return self.fail(start, i, Some(Integer)),
                }
                let mut kind = Integer;
                if s.get(i) == Some(&b'.') && s.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    i = digits(i + 1);
                    kind = Float;
                }
                if matches!(s.get(i), Some(b'e' | b'E')) {
                    let j = i + 1 + matches!(s.get(i + 1), Some(b'+' | b'-')) as usize;
                    if s.get(j).is_some_and(u8::is_ascii_digit) {
                        i = digits(j);
                        kind = Float;
                    }
                }
                self.tok(kind, start, i)
            }
            b'"' => {
                let mut i = start + 1;
                let mut kind = String;
                loop {
                    let Some(&c) = s.get(i) else { return self.fail(start, s.len(), Some(kind)) };
                    match c {
                        b'"' => return self.tok(kind, start, i + 1),
                        b'\\' => {
                            kind = EscapedString;
                            match s.get(i + 1) {
                                Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                                Some(b'u') => {
                                    for k in 0..4 {
                                        match s.get(i + 2 + k) {
                                            Some(h) if h.is_ascii_hexdigit() => {}
                                            _ => return self.fail(start, (i + 2 + k).min(s.len()), Some(kind)),
                                        }
                                    }
                                    i += 6;
                                }
                                _ => return self.fail(start, (i + 1).min(s.len()), Some(kind)),
                            }
                        }
                        0..=0x1F => return self.fail(start, i, Some(kind)),
                        0x20..=0x7F => i += 1,
                        _ => match utf8_sequence(&s[i..]) {
                            Ok(n) => i += n,
                            Err(_) => return self.fail(start, i, Some(kind)),
                        },
                    }
                }
            }
            _ => self.fail(start, start, None),
        }
    }

    fn input(&self) -> &'a [u8] {
        self.input
    }

    fn offset(&self) -> usize {
        self.pos
    }

    fn set_offset(&mut self, offset: usize) {
        self.pos = offset.min(self.input.len());
        self.done = false;
    }
}

fn dec(s: &str) -> Result<Value, Error> {
    dec_with(s.as_bytes(), &DecodeOptions::new())
}

fn dec_with(s: &[u8], o: &DecodeOptions) -> Result<Value, Error> {
    let checked = decode::<TestLexer>(s, o);
    let trusted = unsafe { decode_trusted::<TestLexer>(s, o) };
    assert_eq!(checked.as_ref().map_err(|e| e.to_string()), trusted.as_ref().map_err(|e| e.to_string()));
    let valid = validate::<TestLexer>(s, o);
    let valid_trusted = validate_trusted::<TestLexer>(s, o);
    assert_eq!(
        valid.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        checked.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        "validate vs decode on {s:?}"
    );
    assert_eq!(valid.map_err(|e| e.to_string()), valid_trusted.map_err(|e| e.to_string()));
    checked
}

fn err(s: &str) -> (Category, String) {
    let e = dec(s).unwrap_err();
    (e.classify(), e.to_string())
}

fn arr(v: Vec<Value>) -> Value {
    Value::Array(v)
}

#[test]
fn scalars() {
    assert_eq!(dec("null").unwrap(), Value::Null);
    assert_eq!(dec(" true ").unwrap(), true);
    assert_eq!(dec("false").unwrap(), false);
    assert_eq!(dec("-12").unwrap(), -12i64);
    assert_eq!(dec("18446744073709551615").unwrap(), u64::MAX);
    assert_eq!(dec("1.5e3").unwrap(), 1500.0);
    assert_eq!(dec("\"a\\nb\"").unwrap(), "a\nb");
    assert_eq!(dec("\"héllo\"").unwrap(), "héllo");
    assert_eq!(dec("18446744073709551616").unwrap(), 18446744073709551616.0);
    let big = DecodeOptions::new().big_int(BigInt::String);
    assert_eq!(
        dec_with(b"[-18446744073709551616, 1]", &big).unwrap(),
        arr(vec!["-18446744073709551616".into(), 1.into()])
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
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["a", "c", "d", "e"]);
    assert_eq!(dec("[[[]],[[1]]]").unwrap(), arr(vec![arr(vec![arr(vec![])]), arr(vec![arr(vec![1.into()])])]));
}

#[test]
fn duplicate_keys_last_wins_in_first_place() {
    let v = dec(r#"{"a": 1, "b": 2, "a": {"x": [3]}}"#).unwrap();
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
    assert_eq!(m.get_index(5).unwrap(), (&"k5".to_string(), &Value::from("five")));
    assert_eq!(m.position("k29"), Some(29));
    assert_eq!(v["k0"], true);
    for i in 0..30 {
        assert_eq!(m.position(&format!("k{i}")), Some(i));
    }
}

#[test]
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
    use crate::de::string::{check_surrogates, unescape, Discard};
    let pieces: [&str; 16] = [
        "a",
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
        for _ in 0..(seed % 7) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            body.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        for lone in [LoneSurrogate::Error, LoneSurrogate::Substitute] {
            let want = unescape(body.as_bytes(), 10, lone, &mut Discard).map_err(|e| format!("{e:?}"));
            let got = check_surrogates(body.as_bytes(), 10, lone).map_err(|e| format!("{e:?}"));
            assert_eq!(got, want, "{body}");
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
    assert!(validate::<TestLexer>(text.as_bytes(), &o).is_ok());
    assert!(validate_trusted::<TestLexer>(text.as_bytes(), &o).is_ok());
    drop_deep(decode::<TestLexer>(text.as_bytes(), &o).unwrap());
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

/// Dropping a value recurses (as serde_json's does): take very deep ones apart by hand.
fn drop_deep(v: Value) {
    let mut stack = vec![v];
    while let Some(mut v) = stack.pop() {
        match &mut v {
            Value::Array(a) => stack.append(a),
            Value::Object(m) => stack.extend(core::mem::take(m).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}
