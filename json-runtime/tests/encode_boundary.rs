//! The boundary test: each special character at every position of strings of 0 to 70
//! characters, for a spread of escaping option sets, at every kernel level, against
//! the per-character reference encoder. Catches off-by-ones at 8/16/32-byte chunk
//! edges and in the scalar tails.
//!
//! The level is passed per call (`encode_into_at_level`), never set for the process:
//! the tests of this binary run in parallel, and each input runs at each level.

use crate::util::encode::{reference_string, Flags};
use crate::util::{assert_ran_every_level, levels};
use json_runtime::ser::encode_into_at_level;
use json_runtime::simd::Level;
use json_runtime::{EncodeOptions, Value};
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

/// `v` encoded under `opts` with the kernels of `level`.
fn encode_at(v: &Value, opts: &EncodeOptions, level: Level) -> String {
    let mut out = Vec::new();
    encode_into_at_level(v, opts, level, &mut out);
    String::from_utf8(out).expect("the encoder writes UTF-8")
}

/// The strings, as one array, at every level against the reference; the levels run.
fn check(strings: Vec<String>, bits: usize, what: &str) -> Vec<Level> {
    let f = Flags::from_bits(bits);
    let opts = f.options();
    let want = reference_array(&strings, &f);
    let value = Value::Array(strings.iter().cloned().map(Value::from).collect());
    let mut ran = Vec::new();
    for level in levels() {
        let got = encode_at(&value, &opts, level);
        if got != want {
            for s in &strings {
                let mut w = String::new();
                reference_string(s, &f, &mut w);
                let g = encode_at(&Value::from(s.clone()), &opts, level);
                assert_eq!(g, w, "level {level:?}, flags {f:?}, {what}, input {s:?}");
            }
            panic!("level {level:?}, flags {f:?}, {what}: array output differs");
        }
        ran.push(level);
    }
    ran
}

#[test]
fn every_special_at_every_position_at_every_level() {
    for special in specials() {
        // Control bytes are escaped the same way under every option set: two sets
        // suffice for them (keeps the debug-build test short).
        let sets: &[usize] = if (special as u32) < 0x20 { &[0, 127] } else { SETS };
        for &bits in sets {
            let ran = check(strings(special, 'a'), bits, &format!("special {special:?}"));
            assert_ran_every_level("every_special_at_every_position_at_every_level", &ran);
        }
    }
}

#[test]
fn specials_between_multibyte_filler() {
    // Runs of non-ASCII text with a special inside: the verbatim run must carry the
    // multibyte characters when unicode is not escaped.
    for special in ['"', '\\', '\n', '\u{2028}', '\u{2027}', '😀', '/'] {
        for &bits in &[0, 1, 2 | 4] {
            let ran = check(strings(special, '日'), bits, &format!("special {special:?} in 日"));
            assert_ran_every_level("specials_between_multibyte_filler", &ran);
            let ran = check(strings(special, 'é'), bits, &format!("special {special:?} in é"));
            assert_ran_every_level("specials_between_multibyte_filler", &ran);
        }
    }
}

#[test]
fn two_specials_at_every_distance_at_every_level() {
    // The copy resumes right after an escape, inside the vector that held it or the
    // next one: a second special at every distance from the first, both moving across
    // the 16- and 32-byte edges.
    let pairs = [('"', '\\'), ('\n', '\u{1f}'), ('日', '"'), ('😀', '/'), ('\u{2028}', '\u{2027}'), ('<', '\'')];
    for (a, b) in pairs {
        let mut strings = Vec::new();
        for len in [31usize, 47, 70] {
            for p in 0..len {
                for q in p..len {
                    let mut s: Vec<char> = std::iter::repeat_n('x', len).collect();
                    s[p] = a;
                    s[q] = b;
                    strings.push(s.into_iter().collect::<String>());
                }
            }
        }
        for bits in [0, 1 | 2 | 4, 127] {
            let ran = check(strings.clone(), bits, &format!("specials {a:?} and {b:?}"));
            assert_ran_every_level("two_specials_at_every_distance_at_every_level", &ran);
        }
    }
}

#[test]
fn long_strings_that_grow_the_buffer_at_every_level() {
    // Escapes several times longer than their bytes make the output outgrow the room
    // reserved for the string: long runs of escapes, with clean runs of every length
    // mod 32 between them, and multibyte text that PHP's flags escape to 6 or 12 bytes.
    let mut strings = vec![
        "\u{1}".repeat(20_000),
        "\"".repeat(20_000),
        "日本語".repeat(5_000),
        "😀".repeat(5_000),
        "a".repeat(100_000),
    ];
    let mut mixed = String::new();
    for k in 0..3_000 {
        mixed.push_str(&"z".repeat(k % 33));
        mixed.push(['\u{0}', '"', 'é', '\u{2028}', '/'][k % 5]);
    }
    strings.push(mixed);
    for bits in [0, 1, 1 | 2 | 4, 127] {
        let ran = check(strings.clone(), bits, "long strings");
        assert_ran_every_level("long_strings_that_grow_the_buffer_at_every_level", &ran);
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
        for level in levels() {
            prop_assert_eq!(&encode_at(&Value::from(s.clone()), &f.options(), level), &want, "level {:?}", level);
        }
    }
}
