//! Entry points (`%entry`): on every input, at every token start, each entry returns
//! exactly what `next_token` returns there (token, error or end, and the offset after
//! it), at every SIMD level, for the slice and the streaming lexers; the JSON grammars
//! declare the entries the parser asks for by name.

use crate::common::levels;
use jsonlex::runtime::lex::{entry_index, Step, StreamLexer};
use jsonlex::runtime::skip::Kernels;
use jsonlex::runtime::Lexer;
use proptest::prelude::*;

mod entries {
    jsonlex::json_lexer!(file = "tests/grammars/entries.lex", streaming);
}
mod entries_safe {
    jsonlex::json_lexer!(file = "tests/grammars/entries.lex", no_unsafe, no_simd);
}
mod json_safe {
    jsonlex::json_lexer!(file = "json-runtime/grammar/json.lex", no_unsafe, streaming);
}
// json.lex with its cold states as table rows (json-lexgen/tests/backends.rs writes it):
// the entries' automata are tables too.
mod json_tables {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables.lex");
}
mod json_tables_only {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables_only.lex", no_unsafe);
}

/// Pieces of inputs: the tokens of the grammars, their prefixes, and bytes that end
/// them early or make them wrong; long runs for the SIMD skips.
const PIECES: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b":",
    b",",
    b" ",
    b"\n",
    b"\t",
    b"\"",
    b"\\",
    b"\"ab\"",
    b"\"a\\nb\"",
    b"\\u00e9",
    b"\\ud800",
    b"1",
    b"-",
    b"->",
    b".",
    b"5",
    b"e",
    b"E+",
    b"0",
    b"true",
    b"tru",
    b"null",
    b"false",
    b"if",
    b"iffy",
    b"abc",
    b"\xC3\xA9",
    b"\xE6\x97\xA5",
    b"\xFF",
    b"\xED\xA0\x80",
    b"/",
    b"*",
    b"/*",
    b"*/",
    b"//c\n",
    b"/*c*/",
    b"'",
    b"'x'",
    b"x",
    b"0x1F",
    b"Infinity",
    b"NaN",
    b"+",
    b"#n",
    b"!",
    b"\x00",
    b"\x1F",
    b"\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
    b"                                                  ",
];

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|pieces| pieces.concat())
}

/// At each token start of `input` (those `next_token` stops at, and each after an
/// error), every entry of `L` against `next_token`, by `make` (the lexer at an offset).
fn slice_entries_agree<'a, L: Lexer<'a>>(input: &'a [u8], make: impl Fn(&'a [u8]) -> L) -> usize {
    assert!(!L::ENTRIES.is_empty());
    let mut full = make(input);
    let mut direct = 0;
    for _ in 0..=input.len() + 1 {
        let at = full.offset();
        for entry in 0..L::ENTRIES.len() {
            let (mut e, mut n) = (make(input), make(input));
            e.set_offset(at);
            n.set_offset(at);
            let (got, want) = (e.next_token_entry(entry), n.next_token());
            assert_eq!(got, want, "entry {} at {at} of {input:?}", L::ENTRIES[entry]);
            assert_eq!(e.offset(), n.offset(), "entry {} at {at} of {input:?}", L::ENTRIES[entry]);
            // Twice, as a parser would go on: the state after it is the same too.
            assert_eq!(e.next_token_entry(entry), n.next_token(), "after entry {} at {at}", L::ENTRIES[entry]);
            direct += 1;
        }
        match full.next_token() {
            Some(Ok(_)) => {}
            Some(Err(e)) => full.set_offset(e.offset.max(e.start + 1)),
            None => break,
        }
    }
    direct
}

/// The same for a streaming lexer fed the whole input in pieces of `chunk` bytes:
/// each entry's steps (with `NeedMore` and refills) give the tokens `next_token`'s do.
fn stream_entries_agree<L: StreamLexer>(input: &[u8], chunk: usize, make: impl Fn() -> L) {
    for entry in 0..L::ENTRIES.len() {
        let (mut e, mut n) = (make(), make());
        let (mut fed_e, mut fed_n) = (chunk.min(input.len()), chunk.min(input.len()));
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 10 * input.len() + 10, "no progress");
            let got = e.next_token_entry(entry, &input[..fed_e], 0, fed_e == input.len());
            if got == Step::NeedMore {
                fed_e = (fed_e + chunk).min(input.len());
                continue;
            }
            let want = loop {
                match n.next_token(&input[..fed_n], 0, fed_n == input.len()) {
                    Step::NeedMore => fed_n = (fed_n + chunk).min(input.len()),
                    step => break step,
                }
            };
            assert_eq!(got, want, "entry {} in chunks of {chunk} of {input:?}", L::ENTRIES[entry]);
            assert_eq!(e.offset(), n.offset());
            match got {
                Step::End | Step::Error(_) => break,
                _ => {}
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn json_entries_are_next_token_at_every_level(input in input()) {
        for level in levels() {
            let kernels = Kernels::new(level).expect("levels() gives this CPU's levels");
            slice_entries_agree(&input, |i| jsonlex::lexer::JsonLexer::with_kernels(i, kernels));
            slice_entries_agree(&input, |i| jsonlex::jsonc::lexer::JsoncLexer::with_kernels(i, kernels));
            slice_entries_agree(&input, |i| jsonlex::json5::lexer::Json5Lexer::with_kernels(i, kernels));
            for chunk in [1, 7, 64] {
                stream_entries_agree(&input, chunk, || jsonlex::lexer::JsonLexerStream::with_kernels(kernels));
                stream_entries_agree(&input, chunk, || jsonlex::json5::lexer::Json5LexerStream::with_kernels(kernels));
            }
        }
        slice_entries_agree(&input, json_safe::JsonLexer::new);
        slice_entries_agree(&input, json_tables::JsonLexer::new);
        slice_entries_agree(&input, json_tables_only::JsonLexer::new);
        stream_entries_agree(&input, 5, json_safe::JsonLexerStream::new);
    }

    #[test]
    fn entries_of_a_grammar_with_prefixes_and_conditions(input in input()) {
        for level in levels() {
            let kernels = Kernels::new(level).expect("levels() gives this CPU's levels");
            slice_entries_agree(&input, |i| entries::EntryLexer::with_kernels(i, kernels));
            for chunk in [1, 3, 64] {
                stream_entries_agree(&input, chunk, || entries::EntryLexerStream::with_kernels(kernels));
            }
        }
        slice_entries_agree(&input, entries_safe::EntryLexer::new);
    }
}

/// The prefix cases the grammar is written for, with the answers spelled out.
#[test]
fn an_entry_never_stops_inside_a_longer_token() {
    use entries::{EntryLexer, EntryLexerToken as T};
    let first = |entry: &str, input: &'static [u8]| {
        let index = entry_index(<EntryLexer as Lexer>::ENTRIES, entry);
        assert_ne!(index, usize::MAX, "{entry}");
        let got = EntryLexer::new(input).next_token_entry(index).map(|r| r.map(|t| (t.kind, t.end)));
        let want = EntryLexer::new(input).next_token().map(|r| r.map(|t| (t.kind, t.end)));
        assert_eq!(got, want, "{entry} on {input:?}");
        got
    };
    assert_eq!(first("ints", b"1.5"), Some(Ok((T::Float, 3))));
    assert_eq!(first("ints", b"12 "), Some(Ok((T::Integer, 2))));
    assert_eq!(first("ints", b"1.x"), Some(Ok((T::Integer, 1))));
    assert_eq!(first("words", b"if:"), Some(Ok((T::If, 2))));
    assert_eq!(first("words", b"  iffy"), Some(Ok((T::Ident, 6))));
    assert_eq!(first("kw", b"iffy"), Some(Ok((T::Ident, 4))));
    assert_eq!(first("arrow", b"->"), Some(Ok((T::Arrow, 2))));
    assert_eq!(first("arrow", b"-1"), Some(Ok((T::Minus, 1))));
    assert!(matches!(first("str", b"\"ab"), Some(Err(_))));
    // A skip that enters another condition: the entry hands it to next_token (a case
    // the random test found: the entry went on lexing in the first condition).
    assert_eq!(first("words", b"/*c*/"), Some(Ok((T::Text, 3))));
    assert_eq!(first("str", b""), None);
}

/// The parser names its entries: each JSON grammar declares all four.
#[test]
fn the_json_grammars_declare_the_parsers_entries() {
    for entries in [
        <jsonlex::lexer::JsonLexer as Lexer>::ENTRIES,
        <jsonlex::jsonc::lexer::JsoncLexer as Lexer>::ENTRIES,
        <jsonlex::json5::lexer::Json5Lexer as Lexer>::ENTRIES,
        <jsonlex::lexer::JsonLexerStream as StreamLexer>::ENTRIES,
    ] {
        for name in ["key", "colon", "object_next", "array_next"] {
            assert_ne!(entry_index(entries, name), usize::MAX, "{name} in {entries:?}");
        }
    }
}
