//! The parser: json.lex, every regex feature (checked by what the resulting `Hir`
//! matches), conditions and spans. Diagnostics, which the public API shows, are tested
//! through `Builder` in `tests/parse.rs`.

use super::{parse, Spans};
use crate::grammar::{Action, ConditionId, Grammar, Pattern};
use crate::span::Span;
use crate::{Diagnostic, DiagnosticKind};
use proptest::strategy::Strategy;
use regex_automata::dfa::{dense, Automaton};
use regex_automata::nfa::thompson;
use regex_automata::Input;
use regex_syntax::hir::{Hir, Look};

// ---- helpers ---------------------------------------------------------------------

fn ok(src: &str) -> Grammar {
    match parse(src) {
        Ok(g) => g,
        Err(diags) => {
            let text: Vec<String> = diags.iter().map(|d| d.render("test.lex")).collect();
            panic!("expected the grammar to parse, got:\n{}", text.join("\n"))
        }
    }
}

fn errors(src: &str) -> Vec<Diagnostic> {
    match parse(src) {
        Ok(_) => panic!("expected errors, but the grammar parsed:\n{src}"),
        Err(diags) => {
            assert!(!diags.is_empty());
            assert!(diags.iter().all(|d| d.is_error()));
            diags
        }
    }
}

/// The only error, checked for kind, line and column; returned for its message.
fn one_error(src: &str, kind: DiagnosticKind, line: u32, column: u32) -> Diagnostic {
    let diags = errors(src);
    assert_eq!(diags.len(), 1, "expected one error, got {diags:#?}");
    let d = diags.into_iter().next().unwrap();
    assert_eq!(d.kind, kind, "{d:?}");
    assert_eq!((d.span.line, d.span.column), (line, column), "{d:?}");
    d
}

/// The Hir of the single rule `{defs} {pattern} => T;`.
fn hir_of(defs: &str, pattern: &str) -> Hir {
    let g = ok(&format!("{defs}\n{pattern} => T;"));
    assert_eq!(g.rules.len(), 1);
    match &g.rules[0].pattern {
        Pattern::Regex(hir) => hir.clone(),
        other => panic!("not a regex: {other:?}"),
    }
}

/// Whether `hir` matches all of `input`.
fn full_match(hir: &Hir, input: &[u8]) -> bool {
    let whole = Hir::concat(vec![Hir::look(Look::Start), hir.clone(), Hir::look(Look::End)]);
    let nfa = thompson::Compiler::new().configure(thompson::Config::new().utf8(false)).build_from_hir(&whole).unwrap();
    let dfa = dense::Builder::new().build_from_nfa(&nfa).unwrap();
    dfa.try_search_fwd(&Input::new(input)).unwrap().is_some()
}

/// A standard regex, parsed in byte mode like ours.
fn std_hir(regex: &str) -> Hir {
    regex_syntax::ParserBuilder::new().unicode(false).utf8(false).build().parse(regex).unwrap()
}

/// Every string over `alphabet` of length up to `max_len`.
fn strings(alphabet: &[u8], max_len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for s in &layer {
            for &b in alphabet {
                let mut t: Vec<u8> = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// Our `pattern` matches exactly what the standard `regex` does, on every string over
/// `alphabet` up to `max_len` bytes.
fn same_as(defs: &str, pattern: &str, regex: &str, alphabet: &[u8], max_len: usize) {
    let ours = hir_of(defs, pattern);
    let theirs = std_hir(regex);
    for s in strings(alphabet, max_len) {
        assert_eq!(
            full_match(&ours, &s),
            full_match(&theirs, &s),
            "{pattern} vs {regex} on {:?}",
            String::from_utf8_lossy(&s)
        );
    }
}

fn all_bytes() -> Vec<u8> {
    (0..=255).collect()
}

/// The bytes of the one-byte strings `hir` matches.
fn one_byte_set(hir: &Hir) -> Vec<u8> {
    all_bytes().into_iter().filter(|&b| full_match(hir, &[b])).collect()
}

// ---- json.lex ----------------------------------------------------------------------

const JSON_LEX: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/json.lex"));

#[test]
fn json_grammar_parses() {
    let g = ok(JSON_LEX);
    assert_eq!(g.name.name, "JsonLexer");
    assert_eq!(g.name.span.line, 9);
    assert_eq!(g.name.span.column, 7);
    assert_eq!(g.token.as_ref().unwrap().name, "json_runtime::JsonToken");
    assert_eq!(g.conditions.len(), 1);
    assert_eq!(g.conditions[0].name, "INITIAL");
    let actions: Vec<String> = g
        .rules
        .iter()
        .map(|r| match &r.action {
            Action::Token(n) => n.name.clone(),
            Action::Skip => "skip".to_string(),
            Action::Error => "error".to_string(),
        })
        .collect();
    assert_eq!(
        actions,
        [
            "ObjectStart",
            "ObjectEnd",
            "ArrayStart",
            "ArrayEnd",
            "Colon",
            "Comma",
            "True",
            "False",
            "Null",
            "Integer",
            "Float",
            "String",
            "EscapedString",
            "skip",
            "error"
        ]
    );
    assert!(g.rules.iter().all(|r| r.conditions == [ConditionId(0)] && r.next.is_none()));
    let kinds: Vec<&str> = g.token_kinds().iter().map(|k| k.name.as_str()).collect();
    assert_eq!(kinds.len(), 13);

    let rule = |name: &str| {
        let r = g.rules.iter().find(|r| matches!(&r.action, Action::Token(n) if n.name == name)).unwrap();
        match &r.pattern {
            Pattern::Regex(h) => h.clone(),
            _ => unreachable!(),
        }
    };
    let int = rule("Integer");
    for yes in ["0", "-0", "12", "-907"] {
        assert!(full_match(&int, yes.as_bytes()), "{yes}");
    }
    for no in ["01", "-", "1.5", "+1", ""] {
        assert!(!full_match(&int, no.as_bytes()), "{no}");
    }
    let float = rule("Float");
    for yes in ["1.5", "-0.25e+10", "3E7", "12"] {
        assert!(full_match(&float, yes.as_bytes()), "{yes}");
    }
    for no in ["1.", ".5", "1e", "01.5"] {
        assert!(!full_match(&float, no.as_bytes()), "{no}");
    }
    let string = rule("String");
    assert!(full_match(&string, "\"héllo €😀\"".as_bytes()));
    assert!(!full_match(&string, b"\"a\\n\""));
    assert!(!full_match(&string, b"\"\x01\""));
    assert!(!full_match(&string, b"\"\xC0\xAF\"")); // overlong
    assert!(!full_match(&string, b"\"\xED\xA0\x80\"")); // surrogate
    let escaped = rule("EscapedString");
    assert!(full_match(&escaped, b"\"a\\n\\u00e9\\/\""));
    assert!(!full_match(&escaped, b"\"\\x\""));
    assert!(!full_match(&escaped, b"\"\\u12\""));

    // The first rule: `"{"     => ObjectStart;` on line 33.
    let first = &g.rules[0];
    assert_eq!((first.span.line, first.span.column), (33, 1));
    assert_eq!(&JSON_LEX[first.span.start..first.span.end], "\"{\"     => ObjectStart;");
    assert_eq!(&JSON_LEX[first.pattern_span.start..first.pattern_span.end], "\"{\"");
    let float_rule = &g.rules[10];
    assert_eq!(&JSON_LEX[float_rule.pattern_span.start..float_rule.pattern_span.end], "int frac? exp?");
    match &float_rule.action {
        Action::Token(n) => {
            assert_eq!(&JSON_LEX[n.span.start..n.span.end], "Float");
            assert_eq!(n.span.line, float_rule.span.line);
        }
        other => panic!("Float rule has action {other:?}"),
    }
}

// ---- regexes -----------------------------------------------------------------------

#[test]
fn literals_and_escapes() {
    let h = hir_of("", r#""a\n\t\r\f\v\a\b\0\\\"\'\]\[\-\^\/""#);
    assert!(full_match(&h, b"a\n\t\r\x0C\x0B\x07\x08\x00\\\"'][-^/"));
    let h = hir_of("", r#""\x41\101\xff\377""#);
    assert!(full_match(&h, b"AA\xFF\xFF"));
    // \u and \U stand for UTF-8; so do non-ASCII characters written as such.
    let h = hir_of("", r#""\u00e9\U0001F600é""#);
    assert!(full_match(&h, "é😀é".as_bytes()));
    // Case-sensitive.
    let h = hir_of("", r#""if""#);
    assert!(full_match(&h, b"if"));
    assert!(!full_match(&h, b"IF"));
    // Single quotes: ASCII letters in either case, other bytes as they are.
    let h = hir_of("", "'iF_1'");
    for yes in ["if_1", "IF_1", "If_1", "iF_1"] {
        assert!(full_match(&h, yes.as_bytes()), "{yes}");
    }
    assert!(!full_match(&h, b"if-1"));
    // Bare \xHH outside quotes.
    let h = hir_of("", r"\x41 \xFF");
    assert!(full_match(&h, b"A\xFF"));
    // Comments anywhere between tokens.
    let h = hir_of("", "\"a\" /* a comment */ \"b\" // another\n");
    assert!(full_match(&h, b"ab"));
}

#[test]
fn classes() {
    let set = |pattern: &str| one_byte_set(&hir_of("", pattern));
    assert_eq!(set("[a-c_0]"), b"0_abc");
    assert_eq!(set(r"[\]\[\-\^\\]"), b"-[\\]^");
    assert_eq!(set("[-a]"), b"-a");
    assert_eq!(set("[a-]"), b"-a");
    assert_eq!(set(r"[+\-]"), b"+-");
    assert_eq!(set(r#"["\\/bfnrt]"#), b"\"/\\bfnrt");
    assert_eq!(set(r"[\x00-\x02\377\u0041]"), b"\x00\x01\x02A\xFF");
    assert_eq!(set(r"[ \t\n\r]"), b"\t\n\r ");
    let not_lower = set("[^a-z]");
    assert_eq!(not_lower.len(), 256 - 26);
    assert!(not_lower.contains(&b'\n') && not_lower.contains(&0xFF) && !not_lower.contains(&b'q'));
    assert_eq!(set("[^]"), all_bytes());
    let dot = set(".");
    assert_eq!(dot.len(), 255);
    assert!(!dot.contains(&b'\n'));
    // A class matches exactly one byte.
    assert!(!full_match(&hir_of("", "[a-z]"), b"ab"));
}

#[test]
fn repetitions_alternation_and_grouping() {
    let ab = b"ab";
    same_as("", r#""a"{2}"#, "a{2}", ab, 4);
    same_as("", r#""a"{2,}"#, "a{2,}", ab, 5);
    same_as("", r#""a"{2,3}"#, "a{2,3}", ab, 5);
    same_as("", r#""b" "a"?"#, "ba?", ab, 4);
    same_as("", r#""b" "a"*"#, "ba*", ab, 5);
    same_as("", r#""a"+"#, "a+", ab, 5);
    same_as("", r#"("a" "b")+"#, "(ab)+", ab, 6);
    // A literal is one primary: "ab"* repeats the whole string.
    same_as("", r#""ab"+"#, "(ab)+", ab, 6);
    // Alternation binds loosest.
    same_as("", r#""a" "b" | "b""#, "ab|b", ab, 3);
    same_as("", r#""a" ("b" | "a") "a""#, "a(b|a)a", ab, 4);
    same_as("", r#"("a" | "b" "b")* "a""#, "(a|bb)*a", ab, 5);
    // Stacked postfix operators apply in turn.
    same_as("", r#""a"{2}+"#, "(a{2})+", ab, 6);
    same_as("", r#"[ab]{1,2}{2}"#, "([ab]{1,2}){2}", ab, 5);
}

#[test]
fn definitions() {
    // Forward and backward references, an unused definition.
    let defs = r#"
        number = digit+ ("." digit+)?;
        digit  = [0-9];
        unused = "never" | "";
    "#;
    same_as(defs, "number", r"[0-9]+(\.[0-9]+)?", b"01.", 4);
    // A definition is a primary: postfix operators apply to all of it.
    same_as(r#"ab = "a" | "b";"#, r#"ab{2} "c""#, "(a|b){2}c", b"abc", 4);
    // Definitions may match the empty string; only rules may not.
    same_as(r#"opt = "a"?;"#, r#"opt "b""#, "a?b", b"ab", 3);
}

#[test]
fn class_difference() {
    let set = |defs: &str, pattern: &str| one_byte_set(&hir_of(defs, pattern));
    assert_eq!(set("", r"[a-f] \ [aeiou]"), b"bcdf");
    assert_eq!(set("", r#"[a-d] \ "b""#), b"acd");
    assert_eq!(set("", r"[a-d] \ \x62"), b"acd");
    assert_eq!(set("", r"[a-d] \ [a] \ [d]"), b"bc");
    assert_eq!(set("", r"[a-dA-D] \ 'b'"), b"ACDacd");
    assert_eq!(set("", r#". \ [\x00-\xFE]"#), b"\xFF");
    let defs = "letter = [a-z]; vowel = [aeiou]; consonant = letter \\ vowel;";
    assert_eq!(set(defs, "consonant").len(), 21);
    // Difference binds tighter than concatenation, looser than postfix operators.
    same_as("", r#""x" [a-c] \ [b] "y""#, "x[ac]y", b"abcxy", 3);
    same_as("", r"([a-c] \ [b])+", "[ac]+", b"abc", 3);
    // Each side must be a class.
    let d = one_error(r#"[a-z]+ \ [x] => T;"#, DiagnosticKind::Syntax, 1, 1);
    assert!(d.message.contains("left side of '\\' is not a class"), "{}", d.message);
    let d = one_error("x = [a-z];\n\n[a-z] \\ (\"ab\") => T;", DiagnosticKind::Syntax, 3, 9);
    assert!(d.message.contains("right side"), "{}", d.message);
}

// ---- rules, conditions, spans ------------------------------------------------------

#[test]
fn special_patterns_and_skip() {
    let g = ok("\"a\" => A;\n$ => Eof;\n* => skip;\n");
    assert!(matches!(g.rules[1].pattern, Pattern::EndOfInput));
    assert!(matches!(g.rules[2].pattern, Pattern::Default));
    assert_eq!(g.rules[2].action, Action::Skip);
    assert_eq!((g.rules[1].pattern_span.line, g.rules[1].pattern_span.column), (2, 1));
    assert_eq!(g.rules[2].pattern_span.end - g.rules[2].pattern_span.start, 1);
    assert_eq!(g.name.name, "Lexer");
    assert!(g.token.is_none());
}

#[test]
fn conditions_in_order_with_star_and_transitions() {
    let src = r#"
        %name C;
        <INIT> "/*"          => skip -> COMMENT;
        <INIT> [a-z]+        => Ident;
        <COMMENT> "*/"       => skip -> INIT;
        <COMMENT, INIT> "\n" => Newline;
        <*> $                => Eof;
        <COMMENT> *          => skip;
        <STR, *> "x"         => X -> STR;
        <STR> "\""           => Quote -> INIT;
    "#;
    let g = ok(src);
    let names: Vec<&str> = g.conditions.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["INIT", "COMMENT", "STR"]);
    assert_eq!((g.conditions[1].span.line, g.conditions[1].span.column), (5, 10));
    let (init, comment, str_) = (ConditionId(0), ConditionId(1), ConditionId(2));
    let conds: Vec<&[ConditionId]> = g.rules.iter().map(|r| r.conditions.as_slice()).collect();
    assert_eq!(
        conds,
        [
            &[init][..],
            &[init],
            &[comment],
            &[init, comment],
            &[init, comment, str_], // <*> expands to conditions declared later too
            &[comment],
            &[init, comment, str_],
            &[str_],
        ]
    );
    let next: Vec<Option<ConditionId>> = g.rules.iter().map(|r| r.next).collect();
    assert_eq!(next, [Some(comment), None, Some(init), None, None, None, Some(str_), Some(init)]);
    assert_eq!(g.rules_in(comment).count(), 5);
    // The rule span covers the prefix and the `;`; the pattern span only the pattern.
    let r = &g.rules[3];
    assert_eq!(&src[r.span.start..r.span.end], "<COMMENT, INIT> \"\\n\" => Newline;");
    assert_eq!(&src[r.pattern_span.start..r.pattern_span.end], "\"\\n\"");
    assert_eq!((r.pattern_span.line, r.pattern_span.column), (6, 25));
}

#[test]
fn a_grammar_of_only_star_rules_has_initial() {
    let g = ok("<*> \"a\" => A;\n\"b\" => B -> INITIAL;");
    assert_eq!(g.conditions.len(), 1);
    assert_eq!(g.conditions[0].name, "INITIAL");
    assert_eq!(g.rules[1].next, Some(ConditionId(0)));
}

#[test]
fn token_path_is_kept_with_its_span() {
    let g = ok("%token crate::tokens::Tok;\n\"a\" => A;");
    let token = g.token.unwrap();
    assert_eq!(token.name, "crate::tokens::Tok");
    assert_eq!((token.span.line, token.span.column, token.span.end - token.span.start), (1, 8, 18));
}

#[test]
fn a_token_path_that_is_no_rust_path_is_an_error_at_the_path() {
    // `type` is a keyword: the grammar's lexer reads it as a name, Rust does not.
    let d = one_error("%token my::type::Tok;\n\"a\" => A;", DiagnosticKind::Directive, 1, 8);
    assert!(d.message.contains("'my::type::Tok' is not a Rust type path"), "{}", d.message);
    one_error("\"a\" => A;\n%token _;", DiagnosticKind::Directive, 2, 8);
    // Paths Rust accepts stay accepted.
    for path in ["crate::Tok", "self::Tok", "super::t::Tok", "Tok"] {
        let g = ok(&format!("%token {path};\n\"a\" => A;"));
        assert!(crate::grammar::token_path(g.token.as_ref().unwrap()).is_ok(), "{path}");
    }
}

// ---- robustness --------------------------------------------------------------------

proptest::proptest! {
    /// Any text, however broken, gives a grammar or errors, never a panic; every error
    /// span lies within the text.
    #[test]
    fn never_panics(pieces in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::sample::select(vec![
                "\"a\"", "'b'", "[a-z]", "[^\\n]", "[", "]", "\"", "'", "\\", "\\x4", "\\xFF", "(", ")",
                "|", "*", "+", "?", "{2}", "{3,1}", "{", "}", ".", "$", "=>", "->", "=", ";", "<", ">",
                "<*>", ",", "%name", "%token", "::", "x", "A", "skip", "/*", "*/", "//", "\n", " ",
                "é", "\\u00e9", "\\777", "\\q",
            ]).prop_map(str::to_string),
            proptest::arbitrary::any::<char>().prop_map(|c| c.to_string()),
        ],
        0..40,
    )) {
        let src: String = pieces.concat();
        if let Err(diags) = parse(&src) {
            proptest::prop_assert!(!diags.is_empty());
            for d in diags {
                proptest::prop_assert!(d.span.start <= d.span.end && d.span.end <= src.len(), "{d:?}");
                proptest::prop_assert!(src.is_char_boundary(d.span.start) && src.is_char_boundary(d.span.end));
            }
        }
    }
}

#[test]
fn spans_agree_with_span_new() {
    let src = "ab\né\n\nxyz ü q\n";
    let spans = Spans::new(src);
    for start in (0..=src.len()).filter(|&i| src.is_char_boundary(i)) {
        assert_eq!(spans.span(start, start + 1), Span::new(src, start, start + 1), "at {start}");
    }
}
