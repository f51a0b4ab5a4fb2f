//! Differential tests against serde_json, and no panic on arbitrary bytes.
//!
//! - the vendored corpus decodes to what serde_json decodes;
//! - random documents (serde_json values, serialized, then some bytes mutated) are
//!   accepted or rejected as serde_json does, and decode to the same values;
//! - arbitrary bytes never make `validate` or `decode` panic, under any options, and
//!   both always agree.

use crate::common::{decode_checked, same};
use jsonlex::{BigInt, DecodeOptions, InvalidUtf8, LoneSurrogate};
use proptest::prelude::*;

#[test]
fn corpus_matches_serde_json() {
    let corpus = crate::common::corpus();
    for (name, bytes) in &corpus {
        let ours = decode_checked(bytes, &DecodeOptions::new()).unwrap();
        let theirs: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        assert!(same(&ours, &theirs), "{name}");
    }
    assert_eq!(corpus.len(), 5);
}

/// Random JSON values, as serde_json holds them (depth ≤ 4, so that serde_json's
/// recursion limit of 128 never matters).
fn value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value as S;
    let leaf = prop_oneof![
        Just(S::Null),
        any::<bool>().prop_map(S::Bool),
        any::<i64>().prop_map(S::from),
        any::<u64>().prop_map(S::from),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(S::Number)),
        (-1000i32..1000, -30i32..30).prop_map(|(m, e)| S::from(m as f64 * 10f64.powi(e))),
        any::<String>().prop_map(S::String),
        "[a-z\\\\\"\u{0}-\u{1f}\u{e9}\u{1F600}]{0,12}".prop_map(S::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(S::Array),
            prop::collection::vec(("[a-c]{0,2}", inner), 0..6)
                .prop_map(|members| S::Object(members.into_iter().collect())),
        ]
    })
}

/// Byte edits that tend to make near-miss documents.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        prop::sample::select(b"{}[]:,\"\\ -+.0123456789eEtrufalsn\x00\x1f\x7f\xc3\xa9\xed\xa0\x80\xff".to_vec()),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply(mut text: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = text.len();
        match *e {
            Edit::Replace(i, b) if n > 0 => text[i % n] = b,
            Edit::Insert(i, b) => text.insert(i % (n + 1), b),
            Edit::Delete(i) if n > 0 => {
                text.remove(i % n);
            }
            _ => {}
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn documents_match_serde_json(v in value(), pretty in any::<bool>(), edits in prop::collection::vec(edit(), 0..3)) {
        let text = if pretty { serde_json::to_vec_pretty(&v).unwrap() } else { serde_json::to_vec(&v).unwrap() };
        let text = apply(text, &edits);
        let ours = decode_checked(&text, &DecodeOptions::new());
        let theirs = serde_json::from_slice::<serde_json::Value>(&text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => prop_assert!(same(a, b), "{:?}: {:?} vs {:?}", String::from_utf8_lossy(&text), a, b),
            (Err(_), Err(_)) => {}
            _ => prop_assert!(false, "{:?}: jsonlex {:?}, serde_json {:?}", String::from_utf8_lossy(&text), ours, theirs),
        }
        if edits.is_empty() {
            prop_assert!(ours.is_ok());
        }
    }

    #[test]
    fn no_panic_on_arbitrary_bytes(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..64),
            prop::collection::vec(prop::sample::select(b"{}[]:,\" \\u0dD8e-1.tfn\xff\xc3\xa9".to_vec()), 0..64),
        ],
        lenient in any::<bool>(),
        big in any::<bool>(),
        depth in 0usize..6,
    ) {
        let mut options = DecodeOptions::new().max_depth(depth);
        if lenient {
            options = options.invalid_utf8(InvalidUtf8::Ignore).lone_surrogate(LoneSurrogate::Substitute);
        }
        if big {
            options = options.big_int(BigInt::String);
        }
        // decode_checked asserts that validate, decode and checked decode agree.
        if let Err(e) = decode_checked(&bytes, &options) {
            prop_assert!(e.offset() <= bytes.len());
            prop_assert!(!e.message().is_empty());
        }
    }
}

/// A lexer as `L`, but without `single_byte_token`'s promises: the parser then takes
/// every ',' and ':' from `next_token`, as a hand-written lexer makes it do.
struct NoPromises<L>(L);

impl<'a, L: json_runtime::Lexer<'a>> json_runtime::Lexer<'a> for NoPromises<L> {
    type Kind = L::Kind;
    fn new(input: &'a [u8]) -> Self {
        NoPromises(L::new(input))
    }
    fn next_token(&mut self) -> json_runtime::lex::Next<L::Kind> {
        self.0.next_token()
    }
    fn input(&self) -> &'a [u8] {
        self.0.input()
    }
    fn offset(&self) -> usize {
        self.0.offset()
    }
    fn set_offset(&mut self, offset: usize) {
        self.0.set_offset(offset)
    }
}

mod json5_lexer {
    jsonlex::json_lexer!(file = "grammar/json5.lex");
}

/// The parser steps over a ',' or ':' right after a token itself when the lexer
/// promises it is that token; values, errors and their places are the same as when
/// every token comes from the lexer.
#[test]
fn stepping_over_punctuation_changes_nothing() {
    use json_runtime::de::{decode, decode_dialect, validate, validate_dialect};
    use jsonlex::lexer::JsonLexer;
    let edges = [
        "[1,]",
        "[1,,2]",
        "[,1]",
        "{\"a\":1,}",
        "{\"a\"::1}",
        "{\"a\",1}",
        "{\"a\":1,,\"b\":2}",
        "1,",
        "1:",
        "[1]:",
        "[1],",
        "{}:",
        "{\"a\":[1,{}],\"b\":{\"c\":[]}}",
        "[1 ,2]",
        "{\"a\" :1 ,\"b\": 2}",
        "[[],[],{},]",
        "\"a\":1",
        "[\"a\":1]",
        "{\"a\":1:2}",
        "[1,2",
        "{\"a\":",
        "{\"a\"",
        "[true,false,null,]",
        "{\"a\":1}{}",
        "[1,2]]",
    ];
    let mut inputs: Vec<(String, Vec<u8>)> = edges.iter().map(|e| (e.to_string(), e.as_bytes().to_vec())).collect();
    inputs.extend(crate::common::json_test_suite(""));
    inputs.extend(crate::common::corpus());
    let plain = DecodeOptions::new();
    let trailing = DecodeOptions::new().trailing_commas(true);
    let mut stepped = 0;
    for (name, bytes) in &inputs {
        for options in [&plain, &trailing] {
            let ours = decode::<JsonLexer>(bytes, options);
            assert_eq!(format!("{ours:?}"), format!("{:?}", decode::<NoPromises<JsonLexer>>(bytes, options)), "{name}");
            let ours_v = validate::<JsonLexer>(bytes, options);
            assert_eq!(
                format!("{ours_v:?}"),
                format!("{:?}", validate::<NoPromises<JsonLexer>>(bytes, options)),
                "{name}"
            );
            let d = decode_dialect::<json5_lexer::Json5Lexer>(bytes, options);
            let n = decode_dialect::<NoPromises<json5_lexer::Json5Lexer>>(bytes, options);
            assert_eq!(format!("{d:?}"), format!("{n:?}"), "json5 {name}");
            let d = validate_dialect::<json5_lexer::Json5Lexer>(bytes, options);
            let n = validate_dialect::<NoPromises<json5_lexer::Json5Lexer>>(bytes, options);
            assert_eq!(format!("{d:?}"), format!("{n:?}"), "json5 {name}");
        }
        stepped += bytes.windows(2).any(|w| w[0] == b'"' && w[1] == b':') as usize;
    }
    assert!(stepped > 30, "inputs where a ':' follows a key directly: {stepped}");
}
