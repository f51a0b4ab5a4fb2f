//! The parser: json.lex, every regex feature (checked by what the resulting `Hir`
//! matches), conditions and spans. Diagnostics, which the public API shows, are tested
//! through `Builder` in `tests/parse.rs`.

use super::{parse, Spans};
use crate::grammar::{Action, ConditionId, Grammar, Pattern, Transition};
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

const JSON_LEX: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../json-runtime/grammar/json.lex"));

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

    // The first rule: `"{"     => ObjectStart;` on line 34.
    let first = &g.rules[0];
    assert_eq!((first.span.line, first.span.column), (34, 1));
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

// ---- %encoding utf8 -----------------------------------------------------------------

const UTF8: &str = "%encoding utf8;";

/// A standard regex with Unicode classes, as regex-syntax reads it.
fn std_unicode_hir(regex: &str) -> Hir {
    regex_syntax::ParserBuilder::new().unicode(true).utf8(false).build().parse(regex).unwrap()
}

/// A full-match test of `hir`, with its DFA built once.
fn matcher(hir: &Hir) -> impl Fn(&[u8]) -> bool {
    let whole = Hir::concat(vec![Hir::look(Look::Start), hir.clone(), Hir::look(Look::End)]);
    let nfa = thompson::Compiler::new().configure(thompson::Config::new().utf8(false)).build_from_hir(&whole).unwrap();
    let dfa = dense::Builder::new().build_from_nfa(&nfa).unwrap();
    move |input: &[u8]| dfa.try_search_fwd(&Input::new(input)).unwrap().is_some()
}

/// Byte strings that probe UTF-8 strictness: every string of one and two bytes, every
/// three-byte string with a lead byte from 0xE0 up, and four-byte strings from 0xF0 up
/// with continuation bytes at the edges of their ranges.
fn utf8_probe_strings() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            out.push(vec![a, b]);
        }
    }
    let conts: Vec<u8> = (0x80..=0xBF).chain([0x00, 0x7F, 0xC0, 0xFF]).collect();
    for a in 0xE0..=0xFFu8 {
        for &b in &conts {
            for &c in &conts {
                out.push(vec![a, b, c]);
            }
        }
    }
    let edges = [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0x7F, 0xC0];
    for a in 0xF0..=0xFFu8 {
        for &b in &edges {
            for &c in &edges {
                for &d in &edges {
                    out.push(vec![a, b, c, d]);
                }
            }
        }
    }
    out
}

/// The one character `s` encodes, if it is exactly one well-formed UTF-8 character.
fn one_char(s: &[u8]) -> Option<char> {
    let mut chars = std::str::from_utf8(s).ok()?.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[test]
fn utf8_classes_are_the_standard_unicode_classes() {
    for (ours, theirs) in [
        ("[α-ω]", "[α-ω]"),
        (r#"[^"\\]"#, r#"[^"\\]"#),
        (r#"[^"\\\n]"#, r#"[^"\\\n]"#),
        ("[^]", r"[\x{0}-\x{10FFFF}]"),
        (".", r"[^\n]"),
        (r"\p{L}", r"\p{L}"),
        (r"\P{L}", r"\P{L}"),
        (r"[\p{L}\p{N}_]", r"[\p{L}\p{N}_]"),
        (r"\p{ID_Start}", r"\p{ID_Start}"),
        (r"\p{ID_Continue}", r"\p{ID_Continue}"),
        (r"\p{Zs}", r"\p{Zs}"),
        (r"\p{Greek}", r"\p{Greek}"),
        (r"\p{Script=Greek}", r"\p{Greek}"),
        (r"\p{Lu}", r"\p{Uppercase_Letter}"),
        (r"\p{gc=Lu}", r"\p{Lu}"),
        (r"\p{sc=Grek}", r"\p{Greek}"),
        (r"\p{id start}", r"\p{ID_Start}"),
        (r"[^\p{L}a-z0-9]", r"[^\p{L}a-z0-9]"),
        (r"[\u00A0\uFEFF\u{2028}\U00002029]", r"[\x{A0}\x{FEFF}\x{2028}\x{2029}]"),
        (r"[\x41-\x5A\101]", "[A-Z]"),
        (r"[é😀]", "[é😀]"),
        (r"\p{L} \ [a-z]", r"[\p{L}--a-z]"),
        (r#"[^] \ "é""#, r"[^é]"),
        (r". \ \p{Greek} \ 'x'", r"[^\n\p{Greek}xX]"),
    ] {
        assert_eq!(hir_of(UTF8, ours), std_unicode_hir(theirs), "{ours} vs {theirs}");
    }
    // Literals are bytes in both modes: characters as their UTF-8, \xHH as itself.
    let h = hir_of(UTF8, r#""é\u{E9}\u00e9\xFF""#);
    assert!(full_match(&h, b"\xC3\xA9\xC3\xA9\xC3\xA9\xFF"));
    // Case-folded literals fold ASCII letters only.
    let h = hir_of(UTF8, "'aé'");
    assert!(full_match(&h, "Aé".as_bytes()) && full_match(&h, "aé".as_bytes()));
    assert!(!full_match(&h, "AÉ".as_bytes()));
    // The directive may come after the rules it governs.
    let g = ok("[é] => E;\n%encoding utf8;");
    assert_eq!(g.encoding, crate::grammar::Encoding::Utf8);
    // `%encoding bytes;` is the default, said out loud.
    assert_eq!(hir_of("%encoding bytes;", "[^a]"), hir_of("", "[^a]"));
    assert_eq!(ok("\"a\" => A;").encoding, crate::grammar::Encoding::Bytes);
}

/// What a Unicode class matches is the UTF-8 of its characters and nothing else: no
/// surrogates, no overlong forms, nothing above U+10FFFF, no partial sequence.
#[test]
fn utf8_classes_match_strict_utf8_only() {
    type Expected = fn(char) -> bool;
    let cases: [(&str, Expected); 4] = [
        (r#"[^"\\]"#, |c| c != '"' && c != '\\'),
        (".", |c| c != '\n'),
        ("[^]", |_| true),
        (r"[\u{80}-\u{10FFFF}]", |c| c >= '\u{80}'),
    ];
    let probes = utf8_probe_strings();
    for (pattern, expected) in cases {
        let is_match = matcher(&hir_of(UTF8, pattern));
        for s in &probes {
            assert_eq!(is_match(s), one_char(s).is_some_and(expected), "{pattern} on {s:02X?}");
        }
    }
}

#[test]
fn braced_unicode_escapes_work_in_both_modes() {
    let h = hir_of("", r#""\u{E9}\u{1F600}""#);
    assert!(full_match(&h, "é😀".as_bytes()));
    assert_eq!(one_byte_set(&hir_of("", r"[\u{41}\u{5A}]")), b"AZ");
}

#[test]
fn utf8_mode_errors_point_at_the_culprit() {
    // Unknown properties, with a suggestion when one is close.
    let d = one_error(&format!("{UTF8}\n\\p{{Lettr}} => A;"), DiagnosticKind::Syntax, 2, 1);
    assert_eq!(d.message, "unknown Unicode property 'Lettr': did you mean 'Letter'?");
    let d = one_error(&format!("{UTF8}\n[a\\p{{Greeek}}] => A;"), DiagnosticKind::Syntax, 2, 3);
    assert_eq!(d.message, "unknown Unicode property 'Greeek': did you mean 'Greek'?");
    let d = one_error(&format!("{UTF8}\n\\p{{ID_Strat}} => A;"), DiagnosticKind::Syntax, 2, 1);
    assert!(d.message.ends_with("did you mean 'ID_Start'?"), "{}", d.message);
    let d = one_error(&format!("{UTF8}\n\\P{{Qwertyuiop}} => A;"), DiagnosticKind::Syntax, 2, 1);
    assert!(d.message.starts_with("unknown Unicode property 'Qwertyuiop' (general categories"), "{}", d.message);
    // A byte escape above 0x7F is no character.
    let d = one_error(&format!("{UTF8}\n[a\\xFF] => A;"), DiagnosticKind::Syntax, 2, 3);
    assert!(d.message.starts_with("\\xFF is a byte, not a character"), "{}", d.message);
    assert!(d.message.contains("\\u{FF}"), "{}", d.message);
    let d = one_error(&format!("{UTF8}\n[\\x00-\\377] => A;"), DiagnosticKind::Syntax, 2, 7);
    assert!(d.message.contains("\\u{FF}"), "{}", d.message);
    // Reversed ranges, of characters.
    let d = one_error(&format!("{UTF8}\n  [ω-α] => A;"), DiagnosticKind::Syntax, 2, 4);
    assert_eq!(d.message, "class range 'ω-α' is backwards: its start is above its end");
    one_error(&format!("{UTF8}\n[\\u{{2029}}-\\u2028] => A;"), DiagnosticKind::Syntax, 2, 2);
    // Properties need the directive, in a class or not.
    let d = one_error("\"a\" => A;\n\\p{L}+ => B;", DiagnosticKind::Syntax, 2, 1);
    assert!(d.message.contains("add '%encoding utf8;'"), "{}", d.message);
    let d = one_error("[_\\P{Greek}] => B;", DiagnosticKind::Syntax, 1, 3);
    assert!(d.message.contains("add '%encoding utf8;'"), "{}", d.message);
    // ... and the byte-mode class errors name it too.
    let d = one_error("[aé] => B;", DiagnosticKind::Syntax, 1, 3);
    assert!(d.message.contains("'%encoding utf8;'"), "{}", d.message);
    // A property is no literal, and no end of a range.
    one_error(&format!("{UTF8}\n\"a\\p{{L}}\" => A;"), DiagnosticKind::Syntax, 2, 3);
    one_error(&format!("{UTF8}\n[a-\\p{{L}}] => A;"), DiagnosticKind::Syntax, 2, 4);
    one_error(&format!("{UTF8}\n[\\p{{L] => A;"), DiagnosticKind::Syntax, 2, 2);
    one_error(&format!("{UTF8}\n[\\pL] => A;"), DiagnosticKind::Syntax, 2, 2);
    // Bad \u{...}.
    one_error(&format!("{UTF8}\n[\\u{{}}] => A;"), DiagnosticKind::Syntax, 2, 2);
    one_error(&format!("{UTF8}\n\"\\u{{1234567}}\" => A;"), DiagnosticKind::Syntax, 2, 2);
    one_error(&format!("{UTF8}\n\"\\u{{D800}}\" => A;"), DiagnosticKind::Syntax, 2, 2);
    // A difference of a non-class, and of a byte above 0x7F.
    let d = one_error(&format!("{UTF8}\n[^] \\ \"ab\" => A;"), DiagnosticKind::Syntax, 2, 7);
    assert!(d.message.contains("one-character literal"), "{}", d.message);
    one_error(&format!("{UTF8}\n[^] \\ \\xFF => A;"), DiagnosticKind::Syntax, 2, 7);
    // One error for a bad class in a definition, not another for each use of it.
    one_error(&format!("{UTF8}\nx = [\\xFF];\nx => A;\nx x => B;"), DiagnosticKind::Syntax, 2, 6);
    one_error("x = [\\p{L}];\nx => A;", DiagnosticKind::Syntax, 1, 6);
    // The directive itself.
    let d = one_error("%encoding latin1;\n\"a\" => A;", DiagnosticKind::Directive, 1, 11);
    assert_eq!(d.message, "unknown encoding 'latin1' (known: utf8, bytes; bytes is the default)");
    let d = one_error("%encoding utf8;\n%encoding utf8;\n\"a\" => A;", DiagnosticKind::Directive, 2, 1);
    assert_eq!(d.message, "'%encoding' is given twice (first at line 1, column 11)");
    one_error("%encoding;\n\"a\" => A;", DiagnosticKind::Directive, 1, 10);
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
    let next: Vec<Option<ConditionId>> =
        g.rules.iter().map(|r| r.next.map(|t| if let Transition::Goto(c) = t { c } else { unreachable!() })).collect();
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
    assert_eq!(g.rules[1].next, Some(Transition::Goto(ConditionId(0))));
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
                "é", "\\u00e9", "\\777", "\\q", "%encoding utf8;", "%encoding", "utf8", "\\p{L}",
                "\\P{Greek}", "\\p{", "\\p{Nope}", "\\u{E9}", "\\u{", "[α-ω]", "[ω-α]", "[^\"]", "[\\xFF]",
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
