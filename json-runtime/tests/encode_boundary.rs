//! The boundary test: each special character at every position of strings of 0 to 70
//! characters, for a spread of escaping option sets, at every kernel level, against
//! the per-character reference encoder. Catches off-by-ones at 8/16/32-byte chunk
//! edges and in the scalar tails.

mod encode_common;

use encode_common::{reference_string, Flags};
use json_runtime::simd::{self, Level};
use json_runtime::{encode_with, Value};
use proptest::prelude::*;

const SPECIALS: &[char] = &[
    '"',
    '\\',
    '/',
    '<',
    '>',
    '&',
    '\'',
    '\u{7f}',
    'é',
    '\u{7ff}',
    '日',
    '\u{ffff}',
    '😀',
    '\u{10ffff}',
    '\u{2028}',
    '\u{2029}',
    '\u{2027}',
    '\u{202a}',
    '€',
    '\u{e2}',
];

/// Option sets by table index: none, each flag alone, PHP's default, PHP's unescaped
/// variants, all hex flags with and without unicode, everything.
const SETS: &[usize] =
    &[0, 1, 2, 4, 8, 16, 32, 64, 1 | 2 | 4, 2 | 4, 2, 4 | 8 | 16 | 32 | 64, 1 | 8 | 16 | 32 | 64, 127, 4 | 8 | 16];

fn specials() -> Vec<char> {
    (0u32..0x20).map(|c| char::from_u32(c).unwrap()).chain(SPECIALS.iter().copied()).collect()
}

/// Strings of `len` filler characters with `special` inserted at each position.
fn strings(special: char, filler: char) -> Vec<String> {
    let mut all = Vec::new();
    for len in 0..=70usize {
        for pos in 0..=len {
            let mut s: String = std::iter::repeat_n(filler, len).collect();
            let at = s.char_indices().nth(pos).map(|(i, _)| i).unwrap_or(s.len());
            s.insert(at, special);
            all.push(s);
        }
    }
    all
}

fn reference_array(strings: &[String], f: &Flags) -> String {
    let mut out = String::from("[");
    for (i, s) in strings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        reference_string(s, f, &mut out);
    }
    out.push(']');
    out
}

fn check(strings: Vec<String>, bits: usize, what: &str) {
    let f = Flags::from_bits(bits);
    let opts = f.options();
    let want = reference_array(&strings, &f);
    let value = Value::Array(strings.iter().cloned().map(Value::String).collect());
    for level in Level::available() {
        simd::set_level(level).unwrap();
        let got = encode_with(&value, &opts);
        if got != want {
            for s in &strings {
                let mut w = String::new();
                reference_string(s, &f, &mut w);
                let g = encode_with(&Value::String(s.clone()), &opts);
                assert_eq!(g, w, "level {level:?}, flags {f:?}, {what}, input {s:?}");
            }
            panic!("level {level:?}, flags {f:?}, {what}: array output differs");
        }
    }
}

#[test]
fn every_special_at_every_position_at_every_level() {
    for special in specials() {
        // Control bytes are escaped the same way under every option set: two sets
        // suffice for them (keeps the debug-build test short).
        let sets: &[usize] = if (special as u32) < 0x20 { &[0, 127] } else { SETS };
        for &bits in sets {
            check(strings(special, 'a'), bits, &format!("special {special:?}"));
        }
    }
}

#[test]
fn specials_between_multibyte_filler() {
    // Runs of non-ASCII text with a special inside: the verbatim run must carry the
    // multibyte characters when unicode is not escaped.
    for special in ['"', '\\', '\n', '\u{2028}', '\u{2027}', '😀', '/'] {
        for &bits in &[0, 1, 2 | 4] {
            check(strings(special, '日'), bits, &format!("special {special:?} in 日"));
            check(strings(special, 'é'), bits, &format!("special {special:?} in é"));
        }
    }
}

fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => (0x20u8..0x7f).prop_map(|b| b as char),
        1 => (0u8..0x20).prop_map(|b| b as char),
        1 => prop::sample::select(SPECIALS.to_vec()),
        1 => any::<char>(),
    ];
    prop::collection::vec(ch, 0..120).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_match_the_reference(s in text(), bits in 0usize..128) {
        let f = Flags::from_bits(bits);
        let mut want = String::new();
        reference_string(&s, &f, &mut want);
        for level in Level::available() {
            simd::set_level(level).unwrap();
            prop_assert_eq!(&encode_with(&Value::String(s.clone()), &f.options()), &want, "level {:?}", level);
        }
    }
}
