//! Differential test in the spirit of re2c's skeleton programs: for each grammar, the
//! generated lexer (with and without `unsafe`) and a reference tokenizer that drives
//! regex-automata's DFA directly must produce the same tokens and fail at the same
//! places, on random and mutated inputs.
//!
//! The reference shares nothing with the generator past the parsed grammar: it builds
//! its own DFA per condition and implements longest match / earliest rule itself.

use json_lexgen::grammar::{Action, Grammar, Pattern};
use json_runtime::Lexer;
use proptest::prelude::*;
use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::util::start;
use regex_automata::{nfa::thompson, Anchored, MatchKind};

mod json_safe {
    jsonlex::json_lexer!(file = "grammar/json.lex", no_unsafe);
}
mod c_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex");
}
mod c_safe {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex", no_unsafe);
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

/// What a tokenizer produced: tokens as (kind name, start, end), then possibly an
/// error as (start, offset).
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    tokens: Vec<(String, usize, usize)>,
    error: Option<(usize, usize)>,
}

fn run_generated<'a, L: Lexer<'a>>(input: &'a [u8]) -> Outcome {
    let mut lexer = L::new(input);
    let mut tokens = Vec::new();
    // A correct lexer needs at most one token per byte plus an end-of-input token.
    for _ in 0..input.len() + 2 {
        match lexer.next_token() {
            None => return Outcome { tokens, error: None },
            Some(Ok(t)) => tokens.push((format!("{:?}", t.kind), t.start, t.end)),
            Some(Err(e)) => {
                assert!(lexer.next_token().is_none(), "a lexer returns None after an error");
                return Outcome { tokens, error: Some((e.start, e.offset)) };
            }
        }
    }
    panic!("the lexer produced more tokens than the input has bytes: {tokens:?}");
}

/// The reference: one regex-automata DFA per condition, searched by hand.
struct Reference {
    grammar: Grammar,
    /// Per condition: the DFA and, for each of its patterns, the grammar rule index.
    dfas: Vec<(dense::DFA<Vec<u32>>, Vec<usize>)>,
}

impl Reference {
    fn new(source: &str) -> Reference {
        let grammar = json_lexgen::parse::parse(source).expect("test grammars parse");
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
        let mut tokens = Vec::new();
        let mut cond = 0;
        let mut pos = 0;
        loop {
            let (rule, end) = if pos == input.len() {
                match self.rule_in(cond, |p| matches!(p, Pattern::EndOfInput)) {
                    Some(rule) => (rule, pos),
                    None => return Outcome { tokens, error: None },
                }
            } else {
                match self.longest(cond, input, pos) {
                    Ok(m) => m,
                    Err(offset) => match self.rule_in(cond, |p| matches!(p, Pattern::Default)) {
                        Some(rule) if self.grammar.rules[rule].action != Action::Error => (rule, pos + 1),
                        _ => return Outcome { tokens, error: Some((pos, offset)) },
                    },
                }
            };
            let r = &self.grammar.rules[rule];
            if r.action == Action::Error {
                return Outcome { tokens, error: Some((pos, pos)) };
            }
            if let Action::Token(kind) = &r.action {
                tokens.push((kind.name.clone(), pos, end));
            }
            if let Some(next) = r.next {
                cond = next.0 as usize;
            }
            if pos == input.len() {
                // `$` fires once.
                return Outcome { tokens, error: None };
            }
            pos = end;
        }
    }
}

fn check(reference: &Reference, input: &[u8], lexers: &[(&str, fn(&[u8]) -> Outcome)]) {
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
    "{", "}", "[", "]", ":", ",", " ", "\n", "\t", "true", "false", "null", "tru", "0", "1", "-", ".", "e", "E", "+",
    "12", "\"", "\\", "\\n", "\\u", "\\u00e9", "a", "é", "日", "😀", "\u{7f}", "\x01", "\x1f", "\u{fffd}",
];
const JSON_SAMPLES: &[&str] = &[
    r#"{"a": [1, 2.5e-3, -0, true, false, null], "b": "x\"y\\u00e9"}"#,
    r#"[{"name":"日本語のテキストです","n":-12.5E+10}]"#,
    "  [\"line\\nbreak\", \"tab\\t\", 123456789012345678901234567890]  ",
];

fn json_lexers() -> Vec<(&'static str, fn(&[u8]) -> Outcome)> {
    vec![
        ("json (build.rs)", |i: &[u8]| run_generated::<jsonlex::lexer::JsonLexer>(i)),
        ("json (no unsafe)", |i: &[u8]| run_generated::<json_safe::JsonLexer>(i)),
    ]
}

#[test]
fn json_lexer_matches_reference_on_invalid_utf8_and_edges() {
    let reference = Reference::new(include_str!("../grammar/json.lex"));
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

proptest! {
    #![proptest_config(config())]

    #[test]
    fn json_lexer_matches_reference(input in inputs(JSON_ALPHABET, JSON_SAMPLES)) {
        thread_local!(static REF: Reference = Reference::new(include_str!("../grammar/json.lex")));
        REF.with(|r| check(r, &input, &json_lexers()));
    }

    #[test]
    fn c_lexer_matches_reference(input in inputs(
        &["int", "if", "iff", "\"ab\n", "x", "_a1", " ", "\n", "0", "0x1F", "0x", "12", "\"", "\\", "\\n", "'", "'a'", "/", "*", "/*", "*/", "//", "=", "==", "!=", "->", "-", "(", ")", "{", "}", ";", "@", "é"],
        &["int main() { return 0x1F + 'a'; } /* done */", "if (x == \"s\\n\") // c\n y++;", "/* a ** b */ char c = '\\'';"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("grammars/c.lex")));
        REF.with(|r| check(r, &input, &[("c", |i: &[u8]| run_generated::<c_lexer::CLexer>(i)), ("c (no unsafe)", |i: &[u8]| run_generated::<c_safe::CLexer>(i))]));
    }

    #[test]
    fn ini_lexer_matches_reference(input in inputs(
        &["[", "]", "sec", "key", "=", " ", "\t", "\n", "\r\n", ";", "#", "value text", "é", "\x00"],
        &["[main]\nkey = value\n; comment\nother=1\r\n", "[a.b]\n  k-1 =  spaced value  \n#x\n"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("grammars/ini.lex")));
        REF.with(|r| check(r, &input, &[("ini", |i: &[u8]| run_generated::<ini_lexer::IniLexer>(i)), ("ini (no unsafe)", |i: &[u8]| run_generated::<ini_safe::IniLexer>(i))]));
    }

    #[test]
    fn csv_lexer_matches_reference(input in inputs(
        &[",", "\"", "\"\"", "a", "field", " ", "\n", "\r\n", "\r", "é"],
        &["a,b,c\r\n1,\"two, \"\"quoted\"\"\",3\n", "\"multi\nline\",x\n,,\n"],
    )) {
        thread_local!(static REF: Reference = Reference::new(include_str!("grammars/csv.lex")));
        REF.with(|r| check(r, &input, &[("csv", |i: &[u8]| run_generated::<csv_lexer::CsvLexer>(i)), ("csv (no unsafe)", |i: &[u8]| run_generated::<csv_safe::CsvLexer>(i))]));
    }
}
