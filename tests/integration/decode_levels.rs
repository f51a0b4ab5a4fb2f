//! `decode` and `validate` at every kernel level this machine has, each against the
//! scalar level (no kernel, no probe: the plain DFA): same values, same errors at the same
//! offsets, with the same messages. On the boundary documents (every special sequence at
//! every position of ASCII and of multibyte runs, across 8/16/32/64-byte boundaries and
//! around the hooks' hand-over points) and on random strings made of runs of every class.

use crate::common::strict_diff;
use json_runtime::de::{decode_trusted, validate_trusted};
use json_runtime::lex::Next;
use json_runtime::simd::Level;
use json_runtime::skip::Kernels;
use json_runtime::{JsonToken, Lexer, Value};
use jsonlex::lexer::JsonLexer;
use jsonlex::{DecodeOptions, InvalidUtf8, LoneSurrogate};
use proptest::prelude::*;

/// The generated JSON lexer pinned to one kernel level (`LEVEL` as in `Level as u8`),
/// whatever the process's level is: every level runs in one process, in parallel tests.
pub(crate) struct AtLevel<'a, const LEVEL: u8>(JsonLexer<'a>);

fn level_of(n: u8) -> Level {
    [Level::Scalar, Level::Swar, Level::Sse2, Level::Avx2, Level::Neon]
        .into_iter()
        .find(|l| *l as u8 == n)
        .expect("a level")
}

impl<'a, const LEVEL: u8> Lexer<'a> for AtLevel<'a, LEVEL> {
    type Kind = JsonToken;
    fn new(input: &'a [u8]) -> Self {
        let kernels = Kernels::new(level_of(LEVEL)).expect("only run for available levels");
        AtLevel(JsonLexer::with_kernels(input, kernels))
    }
    fn next_token(&mut self) -> Next<JsonToken> {
        self.0.next_token()
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
}

/// What decoding (and validating, which must agree) gives, comparable across levels.
type Outcome = Result<Value, (usize, String)>;

fn outcome<'a, L: Lexer<'a, Kind = JsonToken>>(doc: &'a [u8], options: &DecodeOptions) -> Outcome {
    // SAFETY: `L` wraps the lexer generated from json-runtime/grammar/json.lex, as `jsonlex::decode`.
    let decoded = unsafe { decode_trusted::<L>(doc, options) };
    let validated = validate_trusted::<L>(doc, options);
    match (&decoded, &validated) {
        (Ok(_), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "decode and validate disagree on {doc:02x?}"),
        _ => panic!("decode and validate disagree on {doc:02x?}"),
    }
    decoded.map_err(|e| (e.offset(), e.to_string()))
}

/// Every level there is against the scalar level, on `doc`.
fn check(doc: &[u8], options: &DecodeOptions) {
    let want = outcome::<AtLevel<1>>(doc, options);
    let mut others: Vec<(Level, Outcome)> = Vec::new();
    for level in crate::common::levels() {
        let got = match level {
            Level::Scalar => continue,
            Level::Swar => outcome::<AtLevel<2>>(doc, options),
            Level::Sse2 => outcome::<AtLevel<3>>(doc, options),
            Level::Avx2 => outcome::<AtLevel<4>>(doc, options),
            Level::Neon => outcome::<AtLevel<5>>(doc, options),
        };
        others.push((level, got));
    }
    for (level, got) in others {
        let context = || format!("{} against scalar on {:?}", level.name(), String::from_utf8_lossy(doc));
        match (&got, &want) {
            (Ok(a), Ok(b)) => {
                if let Err(why) = strict_diff(a, b) {
                    panic!("{}: values differ at {why}", context());
                }
            }
            _ => assert_eq!(got, want, "{}", context()),
        }
    }
}

const SPECIALS: [&[u8]; 24] = [
    b"\"",
    b"\\",
    b"\\n",
    b"\\u00e9",
    b"\\ud83d\\ude00",
    b"\\ud800",
    b"\\q",
    b"\x00",
    b"\x1f",
    b"\x7f",
    "é".as_bytes(),
    "日".as_bytes(),
    "😀".as_bytes(),
    b"\xC2",
    b"\xE6\x97",
    b"\xF0\x9F\x98",
    b"\xC0\x80",
    b"\xE0\x80\x80",
    b"\xED\xA0\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5",
    b"\x80",
    b"\xFF",
    b"\xE1\x80\xE1\x80\x80",
];

fn options() -> [DecodeOptions; 2] {
    [
        DecodeOptions::new(),
        DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute),
    ]
}

/// `["<run><special><run>", "<run>"]`: the special at every position of runs of
/// `filler`, lengths `lens`.
fn sweep(filler: &str, lens: impl Iterator<Item = usize> + Clone) {
    for special in SPECIALS {
        for len in lens.clone() {
            for pos in 0..=len {
                let mut doc = b"[\"".to_vec();
                doc.extend(filler.repeat(pos).bytes());
                doc.extend_from_slice(special);
                doc.extend(filler.repeat(len - pos).bytes());
                doc.extend_from_slice(b"\", \"");
                doc.extend(filler.repeat(len).bytes());
                doc.extend_from_slice(b"\"]");
                for options in &options() {
                    check(&doc, options);
                }
            }
        }
    }
}

#[test]
fn ascii_runs_at_every_level() {
    sweep("a", 0..=70);
}

#[test]
fn multibyte_runs_at_every_level() {
    sweep("日", 0..=24);
    sweep("я", 0..=36);
}

#[test]
fn long_runs_across_the_probe_hand_over_at_every_level() {
    sweep("a", [262usize, 263, 264, 265, 266, 280].into_iter());
}

/// A string made of runs of every class: ASCII, 2-, 3- and 4-byte characters, escapes,
/// control bytes, invalid UTF-8; each run 0 to 40 long.
fn class_runs() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(&b"a"[..]),
        Just(&b" "[..]),
        Just("é".as_bytes()),
        Just("日".as_bytes()),
        Just("😀".as_bytes()),
        Just(&b"\\n"[..]),
        Just(&b"\\u65e5"[..]),
        Just(&b"\\ud83d\\ude00"[..]),
        Just(&b"\x01"[..]),
        Just(&b"\xE6\x97"[..]),
        Just(&b"\xED\xA0\x80"[..]),
        Just(&b"\xFF"[..]),
    ];
    let run = (piece, 0..40usize).prop_map(|(p, n)| p.repeat(n));
    prop::collection::vec(run, 0..8).prop_map(|runs| {
        let mut doc = b"[\"".to_vec();
        for r in runs {
            doc.extend_from_slice(&r);
        }
        doc.extend_from_slice(b"\", 1]");
        doc
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_runs_of_every_class_at_every_level(doc in class_runs()) {
        for options in &options() {
            check(&doc, options);
        }
    }
}
