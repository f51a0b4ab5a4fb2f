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
