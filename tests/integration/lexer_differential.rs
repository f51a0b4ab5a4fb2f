//! Differential test in the spirit of re2c's skeleton programs: for each grammar, the
//! generated lexer (with and without `unsafe`) and a reference tokenizer that drives
//! regex-automata's DFA directly must produce the same tokens and fail at the same
//! places, on random and mutated inputs.
//!
//! The reference shares nothing with the generator past the parsed grammar: it builds
//! its own DFA per condition and implements longest match / earliest rule itself.

use json_lexgen::__private::{Action, Grammar, OnError, Pattern, Trailing, Transition};
use json_runtime::skip::Kernels;
use json_runtime::Lexer;
use proptest::prelude::*;
use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::util::start;
use regex_automata::{nfa::thompson, Anchored, MatchKind};

mod json_safe {
    jsonlex::json_lexer!(file = "json-runtime/grammar/json.lex", no_unsafe);
}
mod json_plain {
    jsonlex::json_lexer!(file = "json-runtime/grammar/json.lex", no_simd);
}
mod c_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex");
}
mod c_safe {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex", no_unsafe);
}
mod c_plain {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex", no_simd);
}
mod ini_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/ini.lex");
}
mod ini_safe {
    jsonlex::json_lexer!(file = "tests/grammars/ini.lex", no_unsafe);
}
mod csv_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/csv.lex");
}
mod csv_safe {
    jsonlex::json_lexer!(file = "tests/grammars/csv.lex", no_unsafe);
}
mod unicode_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/unicode.lex");
}
mod unicode_safe {
    jsonlex::json_lexer!(file = "tests/grammars/unicode.lex", no_unsafe);
}
mod unicode_plain {
    jsonlex::json_lexer!(file = "tests/grammars/unicode.lex", no_simd);
}
// The table backend (json-lexgen/tests/backends.rs writes these grammars): JSON and C
// with their cold states in tables (`%backend tables`) or every state but the start
// (`%backend tables_only`), and a keyword grammar large enough for the default to
// choose tables.
mod json_tables {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables.lex");
}
mod json_tables_only {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables_only.lex");
}
mod json_tables_only_safe {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables_only.lex", no_unsafe);
}
mod c_tables {
    jsonlex::json_lexer!(file = "tests/grammars/c_tables.lex");
}
mod esc_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/escapes.lex");
}
mod esc_safe {
    jsonlex::json_lexer!(file = "tests/grammars/escapes.lex", no_unsafe);
}
mod esc_plain {
    jsonlex::json_lexer!(file = "tests/grammars/escapes.lex", no_simd);
}
mod words_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/words.lex");
}
mod words_safe {
    jsonlex::json_lexer!(file = "tests/grammars/words.lex", no_unsafe);
}
mod words_plain {
    jsonlex::json_lexer!(file = "tests/grammars/words.lex", no_simd);
}
mod keywords_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/keywords.lex");
}
mod keywords_safe {
    jsonlex::json_lexer!(file = "tests/grammars/keywords.lex", no_unsafe);
}
mod keywords_tables_only {
    jsonlex::json_lexer!(file = "tests/grammars/keywords_tables_only.lex");
}

type Run = Box<dyn Fn(&[u8]) -> Outcome>;

/// Lexers under test, each at every kernel level this machine has (those with hooks,
/// via `with_kernels`), or as they are (`plain`, generated with `no_simd`).
macro_rules! lexers {
    ($($kind:ident $name:literal => $ty:ty),* $(,)?) => {{
        let mut v: Vec<(String, Run)> = Vec::new();
        $( lexers!(@one v, $kind, $name, $ty); )*
        v
    }};
    (@one $v:ident, hooked, $name:literal, $ty:ty) => {
        for level in crate::common::levels() {
            let kernels = Kernels::new(level).expect("available");
            $v.push((format!("{} at {}", $name, level.name()), Box::new(move |i: &[u8]| run_lexer(<$ty>::with_kernels(i, kernels), i.len()))));
        }
    };
    (@one $v:ident, plain, $name:literal, $ty:ty) => {
        $v.push(($name.to_string(), Box::new(|i: &[u8]| run_lexer(<$ty>::new(i), i.len()))));
    };
}

/// A token as (kind name, start, end), or an error as (start, offset).
type Item = Result<(String, usize, usize), (usize, usize)>;

/// What a tokenizer produced, in order.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    items: Vec<Item>,
}

fn run_lexer<'a, L: Lexer<'a>>(mut lexer: L, input_len: usize) -> Outcome {
    let mut items = Vec::new();
    // A correct lexer needs at most one token or error per byte plus an end-of-input
    // token (an error takes at least one byte, or ends the input).
    for _ in 0..2 * input_len + 3 {
        // Where the lexer promises that the next byte alone is a token, it must be.
        let at = lexer.offset();
        let promised = lexer.input().get(at).and_then(|&b| lexer.single_byte_token(b));
        let next = lexer.next_token();
        if let Some(kind) = promised {
            match next {
                Some(Ok(t)) => assert_eq!((t.kind, t.start, t.end), (kind, at, at + 1), "single_byte_token at {at}"),
                _ => panic!("single_byte_token promised {kind:?} at {at}, next_token gave {next:?}"),
            }
        }
        match next {
            None => {
                assert!(lexer.next_token().is_none(), "a lexer returns None after the end");
                return Outcome { items };
            }
            Some(Ok(t)) => items.push(Ok((format!("{:?}", t.kind), t.start, t.end))),
            Some(Err(e)) => items.push(Err((e.start, e.offset))),
        }
    }
    panic!("the lexer produced more tokens than the input has bytes: {items:?}");
}

/// The reference: one regex-automata DFA per condition, searched by hand.
struct Reference {
    grammar: Grammar,
    /// Per condition: the DFA and, for each of its patterns, the grammar rule index.
    dfas: Vec<(dense::DFA<Vec<u32>>, Vec<usize>)>,
}

impl Reference {
    fn new(source: &str) -> Reference {
        Reference::from_grammar(json_lexgen::__private::parse(source).expect("test grammars parse"))
    }

    /// The grammar's conditions and actions, but each regex rule's pattern, in order,
    /// replaced by a standard regex as regex-syntax parses it: a reference that does not
    /// share json-lexgen's parser (nor its reading of classes and properties).
    fn with_regexes(source: &str, regexes: &[&str]) -> Reference {
        let mut grammar = json_lexgen::__private::parse(source).expect("test grammars parse");
        let mut regexes = regexes.iter();
        for rule in &mut grammar.rules {
            if let Pattern::Regex(hir) = &mut rule.pattern {
                let regex = regexes.next().expect("a regex for each regex rule");
                *hir = regex_automata::util::syntax::parse(regex).unwrap_or_else(|e| panic!("{regex}: {e}"));
            }
        }
        assert!(regexes.next().is_none(), "more regexes than regex rules");
        Reference::from_grammar(grammar)
    }

    fn from_grammar(grammar: Grammar) -> Reference {
        let dfas = (0..grammar.conditions.len())
            .map(|c| {
                let (hirs, rules): (Vec<_>, Vec<usize>) = grammar
                    .rules
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.conditions.iter().any(|rc| rc.0 as usize == c))
                    .filter_map(|(i, r)| match &r.pattern {
                        Pattern::Regex(h) => Some((h.clone(), i)),
                        _ => None,
                    })
                    .unzip();
                let nfa = thompson::Compiler::new()
                    .configure(thompson::Config::new().utf8(false))
                    .build_many_from_hir(&hirs)
                    .unwrap();
                let dfa = dense::Builder::new()
                    .configure(dense::Config::new().match_kind(MatchKind::All).start_kind(StartKind::Anchored))
                    .build_from_nfa(&nfa)
                    .unwrap();
                (dfa, rules)
            })
            .collect();
        Reference { grammar, dfas }
    }

    /// Longest match from `at` in condition `cond`, earliest rule on a tie:
    /// Ok((rule, end)) or Err(offset where the DFA died).
    fn longest(&self, cond: usize, input: &[u8], at: usize) -> Result<(usize, usize), usize> {
        let (dfa, rules) = &self.dfas[cond];
        let mut s = dfa.start_state(&start::Config::new().anchored(Anchored::Yes)).unwrap();
        let mut best: Option<(usize, usize)> = None;
        let mut p = at;
        loop {
            // A match of input[at..p] shows in the end-of-input transition.
            let eoi = dfa.next_eoi_state(s);
            if dfa.is_match_state(eoi) {
                let rule = (0..dfa.match_len(eoi)).map(|i| rules[dfa.match_pattern(eoi, i).as_usize()]).min().unwrap();
                best = Some((rule, p));
            }
            if p == input.len() {
                return best.ok_or(p);
            }
            s = dfa.next_state(s, input[p]);
            if dfa.is_dead_state(s) {
                return best.ok_or(p);
            }
            p += 1;
        }
    }

    fn rule_in(&self, cond: usize, pattern: fn(&Pattern) -> bool) -> Option<usize> {
        self.grammar.rules.iter().position(|r| r.conditions.iter().any(|c| c.0 as usize == cond) && pattern(&r.pattern))
    }

    fn run(&self, input: &[u8]) -> Outcome {
        let mut items = Vec::new();
        let stop = self.grammar.on_error == OnError::Stop;
        let mut cond = 0;
        let mut stack: Vec<usize> = Vec::new();
        let mut pos = 0;
        let mut fired_eof = false;
        loop {
            let (rule, end) = if pos == input.len() {
                match self.rule_in(cond, |p| matches!(p, Pattern::EndOfInput)) {
                    Some(rule) if !fired_eof => (rule, pos),
                    _ => return Outcome { items },
                }
            } else {
                match self.longest(cond, input, pos) {
                    Ok(m) => m,
                    Err(offset) => match self.rule_in(cond, |p| matches!(p, Pattern::Default)) {
                        Some(rule) if self.grammar.rules[rule].action != Action::Error => (rule, pos + 1),
                        _ => {
                            items.push(Err((pos, offset)));
                            if stop {
                                return Outcome { items };
                            }
                            // The bad span: what the automaton read, at least one byte.
                            pos = offset.max(pos + 1);
                            continue;
                        }
                    },
                }
            };
            let r = &self.grammar.rules[rule];
            let end = match r.trailing {
                None => end,
                Some(Trailing::FromStart(n)) => pos + n,
                Some(Trailing::FromEnd(n)) => end - n,
            };
            if pos == input.len() {
                // `$` fires once.
                fired_eof = true;
            }
            match r.next {
                None => {}
                Some(Transition::Goto(c)) => cond = c.0 as usize,
                Some(Transition::Push(c)) => {
                    stack.push(cond);
                    cond = c.0 as usize;
                }
                Some(Transition::Pop) => match stack.pop() {
                    Some(c) => cond = c,
                    None => {
                        items.push(Err((pos, pos)));
                        if stop {
                            return Outcome { items };
                        }
                        pos = end;
                        continue;
                    }
                },
            }
            match &r.action {
                Action::Error => {
                    items.push(Err((pos, pos)));
                    if stop {
                        return Outcome { items };
                    }
                }
                Action::Token(kind) => items.push(Ok((kind.name.clone(), pos, end))),
                Action::Skip => {}
            }
            pos = end;
        }
    }
}

fn check(reference: &Reference, input: &[u8], lexers: &[(String, Run)]) {
    let expected = reference.run(input);
    for (name, lex) in lexers {
        let got = lex(input);
        assert_eq!(got, expected, "{name} disagrees with the reference on {:?}", String::from_utf8_lossy(input));
    }
}

/// Inputs: random bytes from `alphabet` (bytes and snippets), and `samples` with a few
/// bytes replaced, inserted or deleted.
fn inputs(alphabet: &'static [&'static str], samples: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    let random =
        prop::collection::vec(prop::sample::select(alphabet), 0..24).prop_map(|parts| parts.concat().into_bytes());
    let mutated = (
        prop::sample::select(samples),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0..3u8), 0..4),
    )
        .prop_map(|(sample, edits)| {
            let mut bytes = sample.as_bytes().to_vec();
            for (at, byte, op) in edits {
                let i = at.index(bytes.len() + 1);
                match op {
                    0 => bytes.insert(i, byte),
                    1 if i < bytes.len() => bytes[i] = byte,
                    _ if i < bytes.len() => {
                        bytes.remove(i);
                    }
                    _ => bytes.push(byte),
                }
            }
            bytes
        });
    prop_oneof![random, mutated]
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() }
}

const JSON_ALPHABET: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    " ",
    "\n",
    "\t",
    "true",
    "false",
    "null",
    "tru",
    "0",
    "1",
    "-",
    ".",
    "e",
    "E",
    "+",
    "12",
    "\"",
    "\\",
    "\\n",
    "\\u",
    "\\u00e9",
    "a",
    "é",
    "日",
    "😀",
    "\u{7f}",
    "\x01",
    "\x1f",
    "\u{fffd}",
    // Runs long enough for the unrolled loops, the word tests and the skip kernels.
    "the quick brown fox jumps over the lazy dog and keeps running",
    "日本語のテキストです",
    "          ",
    "\r\n\t \r\n\t ",
    "98765432109876543210",
];
const JSON_SAMPLES: &[&str] = &[
    r#"{"a": [1, 2.5e-3, -0, true, false, null], "b": "x\"y\\u00e9"}"#,
    r#"[{"name":"日本語のテキストです","n":-12.5E+10}]"#,
    "  [\"line\\nbreak\", \"tab\\t\", 123456789012345678901234567890]  ",
];

fn json_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "json (build.rs)" => jsonlex::lexer::JsonLexer,
        hooked "json (no unsafe)" => json_safe::JsonLexer,
        plain "json (no simd)" => json_plain::JsonLexer,
        hooked "json (tables)" => json_tables::JsonLexer,
        hooked "json (tables only)" => json_tables_only::JsonLexer,
        hooked "json (tables only, no unsafe)" => json_tables_only_safe::JsonLexer,
    ]
}

#[test]
fn json_lexer_matches_reference_on_invalid_utf8_and_edges() {
    let reference = Reference::new(include_str!("../../json-runtime/grammar/json.lex"));
    let lexers = json_lexers();
    // Every byte value after an opening quote and inside a multibyte sequence.
    for b in 0..=255u8 {
        for prefix in
            [&b"\""[..], b"\"\xE6", b"\"\xE6\x97", b"\"\xF0\x9F", b"\"\\", b"\"\\u0", b"1", b"1.", b"1e", b"-", b"t"]
        {
            let mut input = prefix.to_vec();
            input.push(b);
            check(&reference, &input, &lexers);
            input.push(b'"');
            check(&reference, &input, &lexers);
        }
    }
}

/// Each special byte or sequence at every position of strings of length 0 to 70, with
/// ASCII and with Japanese filler, so that every kernel block boundary (16/32/64) and the
/// scalar prefix of the hooks are crossed; every lexer at every level must agree with
/// the reference.
#[test]
fn json_lexer_boundaries_at_every_level() {
    let reference = Reference::new(include_str!("../../json-runtime/grammar/json.lex"));
    let lexers = json_lexers();
    let specials: &[&[u8]] = &[
        b"\"",
        b"\\",
        b"\\n",
        b"\\u00e9",
        b"\\x",
        b"\x00",
        b"\x1f",
        b"\x7f",
        b"\n",
        b"\xc2\x80",
        b"\xdf\xbf",
        b"\xe0\xa0\x80",
        b"\xef\xbf\xbf",
        b"\xf0\x90\x80\x80",
        b"\xf4\x8f\xbf\xbf",
        b"\xc0\x80",
        b"\xe0\x80\x80",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xf5",
        b"\xff",
        b"\x80",
        b"\xe6\x97",
        b"\xf0\x9f\x98",
    ];
    for filler in ["a", "日"] {
        for len in 0..=70usize {
            for pos in 0..=len {
                for special in specials {
                    let mut input = b"[\"".to_vec();
                    for _ in 0..pos {
                        input.extend_from_slice(filler.as_bytes());
                    }
                    input.extend_from_slice(special);
                    for _ in pos..len {
                        input.extend_from_slice(filler.as_bytes());
                    }
                    input.extend_from_slice(b"\"]");
                    check(&reference, &input, &lexers);
                }
            }
        }
    }
}

/// Runs long enough for a hook's inline probe to hand over to the out-of-line kernel
/// (8 scalar bytes, then 16 blocks of 16): a stop byte at every position around there.
#[test]
fn json_lexer_long_runs_across_the_probe_hand_over() {
    let reference = Reference::new(include_str!("../../json-runtime/grammar/json.lex"));
    let lexers = json_lexers();
    let specials: &[&[u8]] = &[b"\"", b"\\n", b"\x1f", b"\xc2\x80", b"\xe6\x97", b"\xed\xa0\x80"];
    for len in 255..=285usize {
        for pos in (0..=len).filter(|p| *p < 24 || *p > 230) {
            for special in specials {
                let mut input = b"[\"".to_vec();
                input.extend(std::iter::repeat_n(b'a', pos));
                input.extend_from_slice(special);
                input.extend(std::iter::repeat_n(b'a', len - pos));
                input.extend_from_slice(b"\"]");
                check(&reference, &input, &lexers);
            }
        }
    }
}

/// Chains of one-arm states (the rest of `true`, `false`, `null`, the hex digits of
/// `\uXXXX`, the continuation bytes of a multibyte character), which the generated code
/// tests in one step when all their bytes are there: each cut short at every length, and
/// with each of its bytes replaced by a byte that leaves the chain, at the end of the
/// input and followed by more.
#[test]
fn json_lexer_chains_cut_and_broken_at_every_byte() {
    let reference = Reference::new(include_str!("../../json-runtime/grammar/json.lex"));
    let lexers = json_lexers();
    let chains: &[&[u8]] = &[
        b"true",
        b"false",
        b"null",
        b"\"\\u00e9\"",
        b"\"\\uD83D\\uDE00\"",
        "\"é\"".as_bytes(),
        "\"日\"".as_bytes(),
        "\"😀\"".as_bytes(),
        "\"\u{10FFFF}\"".as_bytes(),
        "\"\u{D7FF}\"".as_bytes(),
    ];
    for chain in chains {
        for cut in 0..=chain.len() {
            for tail in [&b""[..], b"]", b" 1]"] {
                let mut input = b"[".to_vec();
                input.extend_from_slice(&chain[..cut]);
                input.extend_from_slice(tail);
                check(&reference, &input, &lexers);
            }
        }
        for pos in 0..chain.len() {
            for bad in [b'x', b'"', b'0', 0x80, 0xBF, 0xC0, 0xFF] {
                let mut input = b"[".to_vec();
                input.extend_from_slice(chain);
                input[1 + pos] = bad;
                input.extend_from_slice(b"]");
                check(&reference, &input, &lexers);
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn json_lexer_matches_reference(input in inputs(JSON_ALPHABET, JSON_SAMPLES)) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../../json-runtime/grammar/json.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = json_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }

    #[test]
    fn c_lexer_matches_reference(input in inputs(
        &["int", "if", "iff", "\"ab\n", "a long run of words inside a string or a comment", "**//**", "x", "_a1", " ", "\n", "0", "0x1F", "0x", "12", "\"", "\\", "\\n", "'", "'a'", "/", "*", "/*", "*/", "//", "=", "==", "!=", "->", "-", "(", ")", "{", "}", ";", "@", "é"],
        &["int main() { return 0x1F + 'a'; } /* done */", "if (x == \"s\\n\") // c\n y++;", "/* a ** b */ char c = '\\'';"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/c.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = lexers![
            hooked "c" => c_lexer::CLexer,
            hooked "c (no unsafe)" => c_safe::CLexer,
            plain "c (no simd)" => c_plain::CLexer,
            hooked "c (tables)" => c_tables::CLexer,
        ]);
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }

    #[test]
    fn keyword_lexer_matches_reference(input in inputs(KEYWORD_ALPHABET.with(|a| *a), KEYWORD_SAMPLES)) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/keywords.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = keyword_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }

    #[test]
    fn ini_lexer_matches_reference(input in inputs(
        &["[", "]", "sec", "key", "=", " ", "\t", "\n", "\r\n", ";", "#", "value text", "é", "\x00", "a value that runs for quite a few bytes"],
        &["[main]\nkey = value\n; comment\nother=1\r\n", "[a.b]\n  k-1 =  spaced value  \n#x\n"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/ini.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = lexers![hooked "ini" => ini_lexer::IniLexer, hooked "ini (no unsafe)" => ini_safe::IniLexer]);
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }

    #[test]
    fn csv_lexer_matches_reference(input in inputs(
        &[",", "\"", "\"\"", "a", "field", " ", "\n", "\r\n", "\r", "é", "a field that runs for quite a few bytes"],
        &["a,b,c\r\n1,\"two, \"\"quoted\"\"\",3\n", "\"multi\nline\",x\n,,\n"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/csv.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = lexers![hooked "csv" => csv_lexer::CsvLexer, hooked "csv (no unsafe)" => csv_safe::CsvLexer]);
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }
}

// ---- escapes: cycles out of a loop state and back, tested in place ----------------

fn esc_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "escapes" => esc_lexer::EscLexer,
        hooked "escapes (no unsafe)" => esc_safe::EscLexer,
        plain "escapes (no simd)" => esc_plain::EscLexer,
    ]
}

/// Each way out of a string body (an escape of two, three or four bytes that comes
/// back, or one broken at each of its bytes, cut short, or followed by the end of the
/// token or the input) at every offset of bodies of 0 to 70 bytes, plain or themselves
/// escape-heavy; and the ways out that lead elsewhere (another body, an accepting
/// state, a self-loop on the way back). Every lexer at every level agrees with the
/// reference.
#[test]
fn escape_cycles_at_every_offset_of_every_body() {
    let reference = Reference::new(include_str!("../grammars/escapes.lex"));
    let lexers = esc_lexers();
    // (opening, closing, specials, fillers) per rule.
    type Case<'a> = (&'a [u8], &'a [u8], &'a [&'a [u8]], &'a [&'a str]);
    let cases: &[Case] = &[
        (
            b"\"",
            b"\"",
            &[
                b"\\n", b"\\\"", b"\\\\", b"\\07", b"\\x1F", b"\\xaB", b"\\", b"\\q", b"\\8", b"\\0", b"\\08",
                b"\\0\"", b"\\x", b"\\x1", b"\\xg1", b"\\x1g", b"\\x\"", b"\\\n", b"\n", b"\"",
            ],
            &["a", "\\t", "\\x0a", "\\12"],
        ),
        (b"<", b">", &[b"\\!", b"\\!AB", b"\\", b"\\n", b"A", b">"], &["a", " "]),
        (b"'", b"'", &[b"''", b"'", b"'x", b"\\"], &["a", "''"]),
        (b"{", b"}", &[b"\\x;", b"\\xxx;", b"\\x", b"\\;", b"}", b"\\xy;"], &["a", "\\x;"]),
    ];
    let mut checked = 0;
    for &(open, close, specials, fillers) in cases {
        for filler in fillers {
            for len in 0..=70usize {
                for pos in (0..=len).filter(|p| filler.len() == 1 || p % 3 == 0 || *p + 3 > len) {
                    for special in specials {
                        let mut body = open.to_vec();
                        for _ in 0..pos {
                            body.extend_from_slice(filler.as_bytes());
                        }
                        body.extend_from_slice(special);
                        for _ in pos..len {
                            body.extend_from_slice(filler.as_bytes());
                        }
                        for tail in [close, b""] {
                            let mut input = body.clone();
                            input.extend_from_slice(tail);
                            input.extend_from_slice(b" word");
                            check(&reference, &input, &lexers);
                            // The input ends right after the special: a cycle cut short.
                            let mut cut = open.to_vec();
                            cut.extend(std::iter::repeat_n(filler.as_bytes(), pos).flatten());
                            cut.extend_from_slice(special);
                            check(&reference, &cut, &lexers);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..config() })]

    #[test]
    fn escape_lexer_matches_reference(input in inputs(
        &["\"", "\\", "\\n", "\\\"", "\\07", "\\x1F", "\\x", "\\0", "x", "a", "A", "0", "7", "8", "g", " ", "\n", "<", ">", "\\!", "'", "''", "{", "}", ";", "é", "\x00",
          "a run of plain text long enough for the skip kernels to take it"],
        &["\"a\\nb\\07c\\x1Fd\\\"\" <ab\\!CD> 'it''s' {a\\xx;b} w", "\"\\x4\\u\\\\\\08\"", "\"\\n\\n\\t\\x00\\x41\\101\""],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/escapes.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = esc_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }
}

// ---- word tests: self-loops tested eight bytes at a time --------------------------

fn words_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "words" => words_lexer::WordsLexer,
        hooked "words (no unsafe)" => words_safe::WordsLexer,
        plain "words (no simd)" => words_plain::WordsLexer,
    ]
}

/// Each self-loop of tests/grammars/words.lex, whose chunks are tested as one word in
/// each of the word test's forms: a body of 0 to 24 class bytes with one byte at every
/// offset, every byte at the edges of the class's ranges (and `é`, 0x80, 0xFF), so that
/// the byte that ends the run falls at every lane of the first three chunks, with the
/// class's bytes after it or the input's end.
#[test]
fn word_loops_stop_at_every_byte_at_every_lane() {
    let reference = Reference::new(include_str!("../grammars/words.lex"));
    let lexers = words_lexers();
    // (opening, a byte of the class, the class's ranges)
    type Case<'a> = (&'a [u8], u8, &'a [(u8, u8)]);
    let cases: &[Case] = &[
        (b"~", b'a', &[(0x00, 0x7F)]),
        (b"'", b'a', &[(0x20, 0x26), (0x28, 0x5B), (0x5D, 0x7E)]),
        (b"#", b'a', &[(0x20, 0x2B), (0x2E, 0x7F)]),
        (b"!", b'a', &[(0x20, 0x2F), (0x3A, 0x7F)]),
        (b"&", b'a', &[(0x00, 0x09), (0x0B, 0x2F), (0x3A, 0x7F)]),
        (b"", b'5', &[(b'0', b'9')]),
        (b"", b'q', &[(b'a', b'z')]),
    ];
    let mut checked = 0;
    for &(open, filler, ranges) in cases {
        let mut specials: Vec<Vec<u8>> = vec![vec![0x80], vec![0xFF], "é".into(), vec![0x00], vec![0x7F]];
        for &(lo, hi) in ranges {
            for b in [lo.wrapping_sub(1), lo, hi, hi.wrapping_add(1)] {
                specials.push(vec![b]);
            }
        }
        for len in 0..=24usize {
            for pos in 0..=len {
                for special in &specials {
                    let mut input = open.to_vec();
                    input.extend(std::iter::repeat_n(filler, pos));
                    input.extend_from_slice(special);
                    input.extend(std::iter::repeat_n(filler, len - pos));
                    check(&reference, &input, &lexers);
                    input.truncate(open.len() + pos + special.len());
                    check(&reference, &input, &lexers);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..config() })]

    #[test]
    fn words_lexer_matches_reference(input in inputs(
        &["~", "'", "#", "!", "&", "a", "z", "0", "9", " ", "\n", "\x00", "\x1F", ",", "-", "\\", "\x7F", "é", "€", "🎉",
          "a run of plain text long enough for the skip kernels to take it"],
        &["'it is é' #a,b !x9y &a\nb 12 word ~rest", "'a\\b' #-- !09 &\n", "'\u{1F389}' 'ok' #"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammars/words.lex")));
        thread_local!(static LEXERS: Vec<(String, Run)> = words_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }
}

// ---- %encoding utf8 ----------------------------------------------------------------

const UNICODE_LEX: &str = include_str!("../grammars/unicode.lex");

/// tests/grammars/unicode.lex's regex rules as standard regexes, in order.
const UNICODE_REGEXES: &[&str] = &[
    "let",
    r"\p{L}[\p{L}\p{N}_]*",
    r"\$\p{ID_Start}\p{ID_Continue}*",
    r"\p{Nd}+",
    r"@\P{L}+",
    r#""[^"\\\n]*""#,
    r#""([^"\\\n]|\\[^\n])*""#,
    r"//.*",
    r"[\p{Zs}\t\n\x{FEFF}\x{2028}\x{2029}]+",
    r#"[^\p{L}\p{N}\p{Zs}\t\n\x{FEFF}\x{2028}\x{2029}"$@/\\]"#,
];

fn unicode_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "unicode" => unicode_lexer::UnicodeLexer,
        hooked "unicode (no unsafe)" => unicode_safe::UnicodeLexer,
        plain "unicode (no simd)" => unicode_plain::UnicodeLexer,
    ]
}

/// Pieces of input: what each rule starts with or stops at, characters of each length
/// and of the properties the grammar tells apart (Nl is ID_Start but not L, a combining
/// mark ID_Continue but neither L nor N, U+0663 an Arabic-Indic digit), runs long enough
/// for the hooks' probes and kernels, and ill-formed UTF-8 of every kind.
const UNICODE_PIECES: &[&[u8]] = &[
    b"let",
    b"a",
    b"Z",
    b"_",
    b"0",
    b"$",
    b"@",
    b"\"",
    b"\\",
    b"/",
    b"//",
    b" ",
    b"\t",
    b"\n",
    b"-",
    "é".as_bytes(),
    "ж".as_bytes(),
    "日本".as_bytes(),
    "\u{2167}".as_bytes(),
    "a\u{301}".as_bytes(),
    "\u{663}".as_bytes(),
    "\u{A0}".as_bytes(),
    "\u{3000}".as_bytes(),
    "\u{FEFF}".as_bytes(),
    "\u{2028}".as_bytes(),
    "\u{2029}".as_bytes(),
    "𝔘".as_bytes(),
    "😀".as_bytes(),
    "\u{10FFFF}".as_bytes(),
    "the quick brown fox jumps over the lazy dog and keeps running".as_bytes(),
    "日本語のテキストです、とても長い文章が続きます".as_bytes(),
    b"\x7f",
    b"\x00",
    b"\x80",
    b"\xbf",
    b"\xc0\x80",
    b"\xc1\xbf",
    b"\xe0\x80\x80",
    b"\xed\xa0\x80",
    b"\xef\xbf",
    b"\xf0\x80\x80\x80",
    b"\xf4\x90\x80\x80",
    b"\xf5\x80\x80\x80",
    b"\xff",
    b"\xe6\x97",
];

/// Valid UTF-8: random strings of any characters, and random sequences of pieces that
/// are; ill-formed: random bytes, and random sequences of all the pieces.
fn unicode_inputs() -> impl Strategy<Value = Vec<u8>> {
    let valid_pieces: Vec<&'static [u8]> =
        UNICODE_PIECES.iter().copied().filter(|p| std::str::from_utf8(p).is_ok()).collect();
    prop_oneof![
        any::<String>().prop_map(String::into_bytes),
        prop::collection::vec(any::<char>(), 0..32).prop_map(|cs| cs.into_iter().collect::<String>().into_bytes()),
        prop::collection::vec(prop::sample::select(valid_pieces), 0..24).prop_map(|parts| parts.concat()),
        prop::collection::vec(any::<u8>(), 0..48),
        prop::collection::vec(prop::sample::select(UNICODE_PIECES), 0..24).prop_map(|parts| parts.concat()),
    ]
}

/// json-lexgen reads each rule of the grammar as regex-syntax reads the standard regex
/// the reference uses: both match the same strings among every piece and pair of pieces
/// (so that a disagreement in the tests below is the generated code's).
#[test]
fn unicode_grammar_reads_as_the_standard_regexes() {
    let ours = json_lexgen::__private::parse(UNICODE_LEX).expect("the grammar parses");
    let theirs = Reference::with_regexes(UNICODE_LEX, UNICODE_REGEXES);
    let mut compared = 0;
    for (a, b) in ours.rules.iter().zip(&theirs.grammar.rules) {
        if let (Pattern::Regex(_), Pattern::Regex(regex)) = (&a.pattern, &b.pattern) {
            let (one, two) = (single_rule_matcher(&a.pattern), single_rule_matcher(&b.pattern));
            for x in UNICODE_PIECES {
                for y in UNICODE_PIECES.iter().chain([&&b""[..]]) {
                    let s = [*x, *y].concat();
                    assert_eq!(one(&s), two(&s), "{regex:?} on {s:02X?}");
                }
            }
            compared += 1;
        }
    }
    assert_eq!(compared, UNICODE_REGEXES.len());
}

/// A full-match test of one regex pattern.
fn single_rule_matcher(pattern: &Pattern) -> impl Fn(&[u8]) -> bool {
    let Pattern::Regex(hir) = pattern else { panic!("not a regex: {pattern:?}") };
    let nfa = thompson::Compiler::new().configure(thompson::Config::new().utf8(false)).build_from_hir(hir).unwrap();
    let dfa = dense::Builder::new()
        .configure(dense::Config::new().start_kind(StartKind::Anchored))
        .build_from_nfa(&nfa)
        .unwrap();
    move |input: &[u8]| {
        let mut s = dfa.start_state(&start::Config::new().anchored(Anchored::Yes)).unwrap();
        for &b in input {
            s = dfa.next_state(s, b);
        }
        dfa.is_match_state(dfa.next_eoi_state(s))
    }
}

/// Each ill-formed sequence and each kind of character at every position of string
/// bodies and comments of 0 to 70 characters, ASCII or Japanese, so that the hooks'
/// scalar prefix, probe blocks and kernel blocks are all crossed at every level.
#[test]
fn unicode_lexer_boundaries_at_every_level() {
    let reference = Reference::with_regexes(UNICODE_LEX, UNICODE_REGEXES);
    let lexers = unicode_lexers();
    let specials: &[&[u8]] = &[
        b"\"",
        b"\\n",
        b"\n",
        "é".as_bytes(),
        "\u{2028}".as_bytes(),
        "😀".as_bytes(),
        b"\xc0\x80",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xff",
        b"\xe6\x97",
    ];
    for (open, close) in [(&b"\""[..], &b"\""[..]), (b"// ", b"\nx")] {
        for filler in ["a", "日"] {
            for len in 0..=70usize {
                for pos in 0..=len {
                    for special in specials {
                        let mut input = open.to_vec();
                        for _ in 0..pos {
                            input.extend_from_slice(filler.as_bytes());
                        }
                        input.extend_from_slice(special);
                        for _ in pos..len {
                            input.extend_from_slice(filler.as_bytes());
                        }
                        input.extend_from_slice(close);
                        check(&reference, &input, &lexers);
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn unicode_lexer_matches_reference(input in unicode_inputs()) {
        thread_local!(static REF: Reference = Reference::with_regexes(UNICODE_LEX, UNICODE_REGEXES));
        thread_local!(static LEXERS: Vec<(String, Run)> = unicode_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }
}

fn keyword_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "keywords" => keywords_lexer::Keywords,
        hooked "keywords (no unsafe)" => keywords_safe::Keywords,
        hooked "keywords (tables only)" => keywords_tables_only::Keywords,
    ]
}

thread_local! {
    /// The keyword grammar's keywords, each also in capitals and cut short, and the other
    /// tokens' pieces.
    static KEYWORD_ALPHABET: &'static [&'static str] = {
        let grammar = include_str!("../grammars/keywords.lex");
        let mut parts: Vec<String> = Vec::new();
        for line in grammar.lines() {
            let Some(word) = line.strip_prefix("<CODE> '").and_then(|l| l.split('\'').next()) else { continue };
            parts.push(word.to_string());
            parts.push(word.to_uppercase());
            parts.push(word[..word.len() - 1].to_string());
        }
        for piece in ["x", "_", "9", "1.5", "1e", "2E+", ".", "\"", "\\", "\\u12", "\\n", "<", "=", ">", "--", "\n", "/*", "*/", "*", " ", "\t", "@", "é"] {
            parts.push(piece.to_string());
        }
        Vec::leak(parts.into_iter().map(|p| &*String::leak(p)).collect())
    };
}

const KEYWORD_SAMPLES: &[&str] = &[
    "SELECT a, b FROM t WHERE x <= 1.5e3 -- note\n",
    "/* comment */ \"str\\u00e9\\n\" 12 1e5 <> (x)",
    "/* unterminated",
];

/// Every keyword of the large grammar, in both cases, followed by every kind of byte
/// that can end or extend it, and cut short: the table states' rows and dead ends.
#[test]
fn keyword_lexer_on_every_keyword() {
    let reference = Reference::new(include_str!("../grammars/keywords.lex"));
    let lexers = keyword_lexers();
    KEYWORD_ALPHABET.with(|alphabet| {
        for word in alphabet.iter() {
            for tail in ["", " ", "a", "Z", "_", "0", "(", "\"", "é", "/*"] {
                check(&reference, format!("{word}{tail}").as_bytes(), &lexers);
                check(&reference, format!("x {word}{tail}").as_bytes(), &lexers);
            }
        }
    });
}

/// `single_byte_token` names exactly the bytes that are whole tokens by themselves
/// (`run_lexer` checks every promise against `next_token`): JSON's punctuation, C's
/// one-byte punctuation but not a byte that can start a longer token, and nothing in
/// a condition without such bytes.
#[test]
fn single_byte_tokens_are_the_grammars_one_byte_tokens() {
    use json_runtime::JsonToken;
    let json = jsonlex::lexer::JsonLexer::new(b"");
    let promised = |b: u8| json.single_byte_token(b);
    assert_eq!(promised(b','), Some(JsonToken::Comma));
    assert_eq!(promised(b':'), Some(JsonToken::Colon));
    assert_eq!(promised(b'['), Some(JsonToken::ArrayStart));
    assert_eq!(promised(b'}'), Some(JsonToken::ObjectEnd));
    let none: Vec<u8> = (0..=255u8).filter(|&b| promised(b).is_none()).collect();
    assert_eq!(none.len(), 256 - 6, "only , : [ ] {{ }} are one-byte tokens in JSON");
    // The streaming lexer makes the same promises.
    let stream = <jsonlex::lexer::JsonLexerStream as json_runtime::lex::StreamLexer>::new();
    for b in 0..=255u8 {
        assert_eq!(json_runtime::lex::StreamLexer::single_byte_token(&stream, b), promised(b), "{b}");
    }

    let mut c = c_lexer::CLexer::new(b"");
    assert_eq!(c.single_byte_token(b';'), Some(c_lexer::CLexerToken::Punct));
    // '-' starts "->" and "--", '/' starts comments, '=' starts "==": not promised.
    for b in [b'-', b'/', b'=', b'"', b'a', b'0', b' '] {
        assert_eq!(c.single_byte_token(b), None, "{:?}", b as char);
    }
    c.set_condition(c_lexer::CLexerCondition::COMMENT);
    assert!((0..=255u8).all(|b| c.single_byte_token(b).is_none()));
}

mod nest_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/nesting.lex");
}
mod nest_safe {
    jsonlex::json_lexer!(file = "tests/grammars/nesting.lex", no_unsafe);
}
mod nest_tables {
    jsonlex::json_lexer!(
        r#"%name NestLexer; %backend tables_only;
        <CODE> [0-9]+ / ".." => Int; <CODE> [0-9]+ "." [0-9]+ => Float; <CODE> [0-9]+ => Int;
        <CODE> ".." | "." => Dot; <CODE> [a-z_]+ / "(" => Call; <CODE> [a-z_]+ => Ident;
        <CODE> [()] => Paren; <CODE> "/*" => skip -> push(COMMENT); <CODE> "\"" [^"\n]* "\"" => Str;
        <CODE> "\"" [^"\n]* "\n" => error; <CODE> "`" => Tick -> push(TEMPLATE);
        <CODE> "{" => Open -> push(CODE); <CODE> "}" => Close -> pop; <CODE> [ \n]+ => skip;
        <CODE> * => error; <COMMENT> "/*" => skip -> push(COMMENT); <COMMENT> "*/" => skip -> pop;
        <COMMENT> [^*/]+ | "*" | "/" => skip; <TEMPLATE> "${" => Interp -> push(CODE);
        <TEMPLATE> "`" => Tick -> pop; <TEMPLATE> [^`$]+ | "$" => Text; <*> $ => Eof;"#
    );
}

const NEST_LEX: &str = include_str!("../grammars/nesting.lex");

fn nest_lexers() -> Vec<(String, Run)> {
    lexers![
        hooked "nesting" => nest_lexer::NestLexer,
        hooked "nesting (no unsafe)" => nest_safe::NestLexer,
        hooked "nesting (tables only)" => nest_tables::NestLexer,
    ]
}

const NEST_ALPHABET: &[&str] = &[
    "1",
    "42",
    "..",
    ".",
    "a",
    "f",
    "_x",
    "(",
    ")",
    "/*",
    "*/",
    "*",
    "/",
    "`",
    "${",
    "$",
    "{",
    "}",
    "\"",
    "\n",
    " ",
    "é",
    "#",
    "1.5",
    "1..2",
    "f(x)",
    "/* /* */ */",
    "`a${b}c`",
];
const NEST_SAMPLES: &[&str] = &[
    "let r = 1..20; f(2.5) /* a /* nested */ comment */ `x ${ y + `in ${z}` } w` \"s\"",
    "}} \"unterminated\n 3.14 g(h) `${ {a} }`",
    "/* never closed /* */",
];

proptest! {
    #![proptest_config(config())]

    /// Trailing context, the condition stack (pushes, pops, a pop of an empty stack)
    /// and recovery after every kind of error, against the reference, at every level.
    #[test]
    fn nesting_lexer_matches_reference(input in inputs(NEST_ALPHABET, NEST_SAMPLES)) {
        thread_local!(static REF: Reference = Reference::new(NEST_LEX));
        thread_local!(static LEXERS: Vec<(String, Run)> = nest_lexers());
        LEXERS.with(|l| REF.with(|r| check(r, &input, l)));
    }
}

/// The nesting grammar's features on inputs whose tokens are known by hand.
#[test]
fn nesting_lexer_tokens_by_hand() {
    use nest_lexer::NestLexerToken as T;
    fn kinds(input: &str) -> Vec<Result<(T, &str), usize>> {
        nest_lexer::NestLexer::new(input.as_bytes())
            .map(|t| t.map(|t| (t.kind, &input[t.start..t.end])).map_err(|e| e.start))
            .collect()
    }
    // `1..2` is a range, `1.5` a float; `f(` a call, `f` a name.
    assert_eq!(
        kinds("1..2 1.5 f(x) f"),
        [
            Ok((T::Int, "1")),
            Ok((T::Dot, "..")),
            Ok((T::Int, "2")),
            Ok((T::Float, "1.5")),
            Ok((T::Call, "f")),
            Ok((T::Paren, "(")),
            Ok((T::Ident, "x")),
            Ok((T::Paren, ")")),
            Ok((T::Ident, "f")),
            Ok((T::Eof, "")),
        ]
    );
    // Nested comments and templates: the stack brings each back to where it was.
    assert_eq!(
        kinds("a /* b /* c */ d */ `t${ {x} }u`"),
        [
            Ok((T::Ident, "a")),
            Ok((T::Tick, "`")),
            Ok((T::Text, "t")),
            Ok((T::Interp, "${")),
            Ok((T::Open, "{")),
            Ok((T::Ident, "x")),
            Ok((T::Close, "}")),
            Ok((T::Close, "}")),
            Ok((T::Text, "u")),
            Ok((T::Tick, "`")),
            Ok((T::Eof, "")),
        ]
    );
    // Errors do not end the stream: a '}' with nothing pushed, a bad byte, a string cut
    // by its line end; the lexer goes on after each.
    assert_eq!(kinds("} # \"ab\nc"), [Err(0), Err(2), Err(4), Ok((T::Ident, "c")), Ok((T::Eof, ""))]);
}
