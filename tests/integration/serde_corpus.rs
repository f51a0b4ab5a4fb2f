//! serde on the corpus: typed models of twitter.json, citm_catalog.json and canada.json
//! (`tests/serde_models`) decode to what serde_json decodes and encode to the bytes
//! serde_json writes; mutated documents are accepted or rejected as serde_json does,
//! with the same error category and position (after the conventions below), and with
//! exactly the errors of `jsonlex::decode`.
#![cfg(feature = "serde")]

use std::fmt::Debug;
use std::path::Path;

use crate::common::assert_same;
use crate::serde_models::{Canada, CitmCatalog, Twitter};
use jsonlex::lexer::JsonLexer;
use jsonlex::{Category, DecodeOptions, Value};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn corpus(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data").join(name)).unwrap()
}

/// Floats within one unit in the last place: serde_json (without `float_roundtrip`)
/// does not round every decimal correctly, jsonlex does.
fn close(a: f64, b: f64) -> bool {
    a == b || (a.to_bits() as i64 - b.to_bits() as i64).abs() <= 1
}

fn same_canada(a: &Canada, b: &Canada) -> bool {
    a.kind == b.kind
        && a.features.len() == b.features.len()
        && a.features.iter().zip(&b.features).all(|(f, g)| {
            f.kind == g.kind
                && f.properties == g.properties
                && f.geometry.kind == g.geometry.kind
                && f.geometry.coordinates.len() == g.geometry.coordinates.len()
                && f.geometry.coordinates.iter().zip(&g.geometry.coordinates).all(|(r, s)| {
                    r.len() == s.len() && r.iter().zip(s).all(|(p, q)| close(p.0, q.0) && close(p.1, q.1))
                })
        })
}

/// Decodes `text` into `T` with jsonlex's trusted and checked deserializers (which
/// must agree) and with serde_json.
fn both<T: DeserializeOwned + PartialEq + Debug>(
    text: &[u8],
) -> (Result<T, jsonlex::Error>, Result<T, serde_json::Error>) {
    let ours = jsonlex::from_slice::<T>(text);
    let checked = json_runtime::de::serde::from_slice::<JsonLexer, T>(text, &DecodeOptions::new());
    match (&ours, &checked) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!((a.offset(), a.message()), (b.offset(), b.message())),
        _ => panic!("trusted and checked deserializers disagree on {:?}", String::from_utf8_lossy(text)),
    }
    (ours, serde_json::from_slice::<T>(text))
}

fn full_file<T: DeserializeOwned + Serialize + PartialEq + Debug>(name: &str, same: impl Fn(&T, &T) -> bool) {
    let text = corpus(name);
    let (ours, theirs) = both::<T>(&text);
    let (ours, theirs) = (ours.unwrap(), theirs.unwrap());
    assert!(same(&ours, &theirs), "{name}: values differ");
    // Encoding: the bytes serde_json writes, compact and pretty.
    let encoded = jsonlex::to_vec(&ours).unwrap();
    assert_eq!(encoded, serde_json::to_vec(&ours).unwrap(), "{name}: encodings differ");
    let pretty = jsonlex::to_vec_with(&ours, &json_runtime::EncodeOptions::new().pretty(2)).unwrap();
    assert_eq!(pretty, serde_json::to_vec_pretty(&ours).unwrap(), "{name}: pretty encodings differ");
    // And back.
    assert_eq!(jsonlex::from_slice::<T>(&encoded).unwrap(), ours);
}

#[test]
fn twitter_matches_serde_json() {
    full_file::<Twitter>("twitter.json", |a, b| a == b);
}

#[test]
fn citm_catalog_matches_serde_json() {
    full_file::<CitmCatalog>("citm_catalog.json", |a, b| a == b);
}

#[test]
fn canada_matches_serde_json() {
    full_file::<Canada>("canada.json", same_canada);
}

// ---- Mutated documents ----

/// Our categories as serde_json's: it files malformed UTF-8, escapes, numbers and
/// nesting under `Syntax`.
fn serde_category(c: Category) -> serde_json::error::Category {
    use serde_json::error::Category as C;
    match c {
        Category::Eof => C::Eof,
        Category::Data => C::Data,
        Category::Io => C::Io,
        _ => C::Syntax,
    }
}

/// serde_json's (line, byte column) as an offset: it counts the bytes it consumed, so
/// column 0 is the newline that ended the line before.
fn serde_offset(text: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].iter().position(|&b| b == b'\n').map_or(text.len() - start, |i| i + 1);
    }
    (start + column).saturating_sub(1)
}

/// serde_json skips the value of an unknown field without checking its UTF-8 or its
/// surrogate escapes; jsonlex checks every value, as `validate` does. (A mutated key
/// makes an unknown field.)
fn unchecked_by_serde_json(e: &jsonlex::Error) -> bool {
    e.classify() == Category::Utf8 || e.message().starts_with("lone surrogate")
}

/// Whether serde_json's error agrees with jsonlex's `e`: the same category (see
/// [`serde_category`]), and the same position but for conventions. jsonlex (as
/// `decode`) points at the first byte of the problem; serde_json stands on the last
/// byte it consumed, and checks structure byte by byte before a token is complete:
/// - a bad escape, a leading zero, a missing digit, a raw control character: it may
///   stand one byte further (after the escaped character, at the second digit, after
///   the control character) or one before (a `-` where no number can start; the
///   end of input, where jsonlex points past the last byte and serde_json on it);
/// - a bad literal, a number out of range, invalid UTF-8, a bad `\u` escape: it reads
///   the whole token, string or escape first and stands further on;
/// - a token both misplaced and malformed (`[1 "a<newline>`, or a key that is not a
///   number in quotes for a map with integer keys and has a raw newline): jsonlex's
///   lexer finds the malformation before the parser sees the token, serde_json
///   reports the misplacement at the token's first byte, earlier; so an unterminated
///   string where a comma belongs is `Eof` for jsonlex (and `decode`), `Syntax` for
///   serde_json.
fn error_agrees(text: &[u8], e: &jsonlex::Error, theirs: &serde_json::Error) -> bool {
    let ours = e.offset();
    let at = serde_offset(text, theirs.line(), theirs.column());
    let m = e.decode_message();
    let t = theirs.to_string();
    let structural = ["expected `", "trailing", "key must be a string", "invalid value: expected key to be a number"]
        .iter()
        .any(|p| t.starts_with(p));
    if at < ours && structural && !m.starts_with("expected") {
        return true;
    }
    if unchecked_by_serde_json(e) && theirs.classify() == serde_json::error::Category::Data && at > ours {
        return true; // serde_json went on, and missed a field the damaged value hid
    }
    if serde_category(e.classify()) != theirs.classify() {
        return false;
    }
    if m.starts_with("invalid literal")
        || m == "number out of range"
        || m.starts_with("invalid UTF-8")
        || m.starts_with("invalid `\\u` escape")
    {
        at >= ours
    } else if m.starts_with("invalid escape")
        || m.starts_with("lone surrogate")
        || m.starts_with("invalid number")
        || m.starts_with("control character")
        || e.classify() == Category::Eof
    {
        at.abs_diff(ours) <= 1
    } else {
        at == ours
    }
}

/// The same message, but for a float in it, which may be one ulp apart (see [`close`]).
fn same_message(ours: &str, theirs: &str) -> bool {
    let split = |m: &str| -> Option<(String, f64, String)> {
        let (before, rest) = m.split_once("floating point `")?;
        let (float, after) = rest.split_once('`')?;
        Some((before.to_owned(), float.parse().ok()?, after.to_owned()))
    };
    match (split(ours), split(theirs)) {
        (Some((b1, f1, a1)), Some((b2, f2, a2))) => b1 == b2 && a1 == a2 && close(f1, f2),
        _ => ours == theirs,
    }
}

/// A small xorshift generator: the mutations are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 as usize
    }
}

/// `text` with 1-3 byte edits that tend to make near-miss documents.
fn mutate(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    const BYTES: &[u8] = b"{}[]:,\"\\ -+.0123456789eEtrufalsn\x00\x1f\n\xc3\xa9\xed\xa0\x80\xff";
    let mut m = text.to_vec();
    for _ in 0..1 + rng.next() % 3 {
        let n = m.len();
        let i = rng.next() % n.max(1);
        let b = BYTES[rng.next() % BYTES.len()];
        match rng.next() % 3 {
            0 if n > 0 => m[i] = b,
            1 => m.insert(i.min(n), b),
            _ if n > 0 => {
                m.remove(i);
            }
            _ => {}
        }
    }
    m
}

/// Mutates `text` `cases` times and compares jsonlex with serde_json on each result.
fn mutations<T: DeserializeOwned + PartialEq + Debug>(
    text: &[u8],
    cases: usize,
    seed: u64,
    same: impl Fn(&T, &T) -> bool,
) {
    let mut rng = Rng(seed);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..cases {
        let m = mutate(text, &mut rng);
        let show = || String::from_utf8_lossy(&m).into_owned();
        let (ours, theirs) = both::<T>(&m);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                assert!(same(a, b), "values differ on {}", show());
                accepted += 1;
            }
            (Err(a), Err(b)) => {
                assert!(
                    error_agrees(&m, a, b),
                    "jsonlex {:?} {a}, serde_json {:?} {b} on {}",
                    a.classify(),
                    b.classify(),
                    show()
                );
                if a.classify() == Category::Data {
                    // Visitors' messages are serde's, as serde_json words them.
                    let theirs = b.to_string();
                    let theirs = theirs.rsplit_once(" at line ").map_or(&theirs[..], |(m, _)| m);
                    assert!(same_message(a.message(), theirs), "{a} / {b}");
                }
                rejected += 1;
            }
            (Err(a), Ok(_)) if unchecked_by_serde_json(a) => rejected += 1,
            _ => panic!("jsonlex {:?}, serde_json {:?} on {}", ours.err(), theirs.err(), show()),
        }
        // Through serde into a Value, the errors are decode's, to the byte, in
        // serde_json's words.
        match (jsonlex::from_slice::<Value>(&m), jsonlex::decode(&m)) {
            (Ok(a), Ok(b)) => assert_same(&a, &b),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.serde_json_style().to_string(), "on {}", show()),
            (a, b) => panic!("serde Value {:?}, decode {:?} on {}", a.err(), b.err(), show()),
        }
    }
    assert!(accepted > cases / 20 && rejected > cases / 2, "{accepted} accepted, {rejected} rejected");
}

#[test]
fn mutated_twitter() {
    let full: Twitter = jsonlex::from_slice(&corpus("twitter.json")).unwrap();
    // Statuses with a retweet, media, and escapes among them.
    let small = Twitter { statuses: full.statuses[..4].to_vec(), search_metadata: full.search_metadata };
    mutations::<Twitter>(&serde_json::to_vec_pretty(&small).unwrap(), 400, 1, |a, b| a == b);
    mutations::<Twitter>(&serde_json::to_vec(&small).unwrap(), 200, 2, |a, b| a == b);
}

#[test]
fn mutated_citm_catalog() {
    let mut c: CitmCatalog = jsonlex::from_slice(&corpus("citm_catalog.json")).unwrap();
    c.events = c.events.into_iter().take(5).collect();
    c.performances.truncate(4);
    c.seat_category_names = c.seat_category_names.into_iter().take(5).collect();
    mutations::<CitmCatalog>(&serde_json::to_vec_pretty(&c).unwrap(), 300, 3, |a, b| a == b);
}

#[test]
fn mutated_canada() {
    let mut c: Canada = jsonlex::from_slice(&corpus("canada.json")).unwrap();
    c.features.truncate(1);
    c.features[0].geometry.coordinates.truncate(2);
    c.features[0].geometry.coordinates[0].truncate(40);
    c.features[0].geometry.coordinates[1].truncate(40);
    mutations::<Canada>(&serde_json::to_vec_pretty(&c).unwrap(), 300, 4, same_canada);
}

// ---- serde_json's exact words and places ----

/// Near-miss documents whose error serde_json words and places in its own way (a bad
/// literal at the byte that does not match, a leading zero at its second digit, a
/// number out of range where its parser gives up, a bad escape after it is read, a
/// lone surrogate after the escape that follows, `[` then the end, a trailing comma):
/// the serde API's error is serde_json's to the character, into a `Value` as into a
/// typed target, and `decode`'s error in serde_json's style is the same error.
#[test]
fn serde_jsons_words_and_places() {
    let long = format!("[1{}]", "0".repeat(309));
    let inputs: &[&[u8]] = &[
        b"truz",
        b"faz",
        b"tx",
        b"nulx",
        b"[1, nul]",
        b"{\"a\": fals}",
        b"\n  [true,\n  truz]",
        b"00",
        b"-01",
        b"[01.5]",
        b"1e309",
        b"-1.5e400",
        b"[100e777777777777777777777777777]",
        b"-100e777777777777777777777777777",
        b"1e2147483648",
        long.as_bytes(),
        b"\"\\x\"",
        b"[\"a\\u12G4\"]",
        b"\"\\uD83C\\uFFFF\"",
        b"\"\\ud800\"",
        b"\"\\ud800x\"",
        b"\"\\ud800\\n\"",
        b"\"\\udc00\"",
        b"\"\\ud800\\ud800\"",
        b"{\"k\": \"\\uDFFF\"}",
        b"[",
        b"[ ",
        b"[\n",
        b"[[",
        b"{\"a\": [",
        b"[1,",
        b"[1,]",
        b"[1 ,\n ]",
        b"{\"a\":1,}",
        b"{\"a\": [1, {\"b\": 2 ,}]}",
        b"[[1,],2]",
    ];
    for &input in inputs {
        let show = String::from_utf8_lossy(input);
        let theirs = serde_json::from_slice::<serde_json::Value>(input).unwrap_err().to_string();
        let ours = jsonlex::from_slice::<Value>(input).unwrap_err();
        assert_eq!(ours.to_string(), theirs, "from_slice::<Value> on {show:?}");
        let decoded = jsonlex::decode(input).unwrap_err().serde_json_style();
        assert_eq!(decoded.to_string(), theirs, "decode on {show:?}");
        let ours = jsonlex::from_reader::<_, Value>(input).unwrap_err();
        assert_eq!(ours.to_string(), theirs, "from_reader::<Value> on {show:?}");
    }
    // Typed targets take the same words and places.
    assert_eq!(jsonlex::from_str::<bool>("truz").unwrap_err().to_string(), "expected ident at line 1 column 4");
    assert_eq!(
        jsonlex::from_str::<Vec<f64>>("[").unwrap_err().to_string(),
        "EOF while parsing a list at line 1 column 1"
    );
    assert_eq!(jsonlex::from_str::<(u8, u8)>("[1, 2,]").unwrap_err().to_string(), "trailing comma at line 1 column 7");
    assert_eq!(
        jsonlex::from_str::<String>("\"\\uD83C\\uFFFF\"").unwrap_err().to_string(),
        serde_json::from_str::<String>("\"\\uD83C\\uFFFF\"").unwrap_err().to_string()
    );
    // `decode` keeps its own words and places.
    let e = jsonlex::decode(b"truz").unwrap_err();
    assert_eq!(e.to_string(), "invalid literal: expected `true` at line 1, column 1");
}
