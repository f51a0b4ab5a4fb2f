//! Limits on what the generator builds: each limit stops a grammar that exceeds it with
//! an error that names the limit, the condition and (when one is enough) the rule, at
//! the grammar's line and column; `Config::limit` and `%limit` raise them.

use json_lexgen::{Builder, Config, DiagnosticKind, Error, Limit};

fn build(grammar: &str, config: Config) -> Result<json_lexgen::Generated, Error> {
    Builder::new().configure(config).build_from_str(grammar)
}

/// The only diagnostic of a failed build, which must be a limit error.
fn limit_error(grammar: &str, config: Config) -> json_lexgen::Diagnostic {
    let e = build(grammar, config).expect_err("the grammar exceeds a limit");
    assert_eq!(e.diagnostics().len(), 1, "{e}");
    let d = e.diagnostics()[0].clone();
    assert_eq!(d.kind, DiagnosticKind::Limit, "{e}");
    d
}

/// 2^(n+2) + 1 DFA states (2^(n+1) minimized): the DFA remembers which of the last bytes were 'a'.
fn explosive(n: u32) -> String {
    format!("%name Boom;\n\" \"+ => skip;\n[ab]* \"a\" [ab]{{{n}}} => X;\n* => error;\n")
}

/// `n` keywords "k0".."k{n-1}" before an identifier rule.
fn keywords(n: usize) -> String {
    let mut g = String::from("%name Kw;\n");
    for i in 0..n {
        g.push_str(&format!("\"k{i}\" => K{i};\n"));
    }
    g.push_str("[a-z0-9]+ => Ident;\n\" \"+ => skip;\n* => error;\n");
    g
}

#[test]
fn the_explosive_grammar_of_issue_14_fails_at_the_default_limit_naming_its_rule() {
    // This ran for minutes (2^19 states) before the limits; now determinization stops
    // at the default state limit.
    let d = limit_error(&explosive(18), Config::new());
    assert_eq!((d.span.line, d.span.column), (3, 1), "the rule's pattern: {d:?}");
    assert!(d.message.starts_with("this rule needs a DFA of more than 50000 states by itself"), "{}", d.message);
    assert!(d.message.contains("condition 'INITIAL'"), "{}", d.message);
    assert!(d.message.contains("'%limit dfa_states N;'"), "{}", d.message);
    let rendered = build(&explosive(18), Config::new()).unwrap_err().to_string();
    assert!(rendered.starts_with("<grammar>:3:1: error: this rule needs a DFA"), "{rendered}");
}

#[test]
fn dfa_states_limit() {
    assert_eq!(Limit::DfaStates.default_value(), 50_000);
    // [ab]{7}: 2^8 states and more for the skip rule, the start and the delayed match.
    let d = limit_error(&explosive(7), Config::new().limit(Limit::DfaStates, 200));
    assert!(d.message.contains("more than 200 states"), "{}", d.message);
    assert_eq!(d.span.line, 3);
    build(&explosive(7), Config::new().limit(Limit::DfaStates, 1000)).expect("1000 states are enough");
}

#[test]
fn determinize_bytes_limit() {
    let d = limit_error(&explosive(7), Config::new().limit(Limit::DeterminizeBytes, 2_000));
    assert!(d.message.contains("more than 2000 bytes of memory to determinize"), "{}", d.message);
    assert!(d.message.contains("'%limit determinize_bytes N;'"), "{}", d.message);
    build(&explosive(7), Config::new().limit(Limit::DeterminizeBytes, 1 << 20)).expect("a MiB is enough");
}

#[test]
fn transitions_limit() {
    let grammar = keywords(20);
    let d = limit_error(&grammar, Config::new().limit(Limit::Transitions, 30));
    assert!(d.message.starts_with("the automata have "), "{}", d.message);
    assert!(d.message.contains("more than the limit of 30"), "{}", d.message);
    assert!(d.message.contains("condition 'INITIAL'"), "{}", d.message);
    assert!(d.message.contains("'%limit transitions N;'"), "{}", d.message);
    // The implicit condition has no place of its own: its first rule stands for it.
    assert_eq!((d.span.line, d.span.column), (2, 1));
    build(&grammar, Config::new().limit(Limit::Transitions, 10_000)).expect("room enough");
}

#[test]
fn the_rule_that_blows_up_is_found_among_others() {
    let mut grammar = keywords(5);
    grammar.push_str("[cd]* \"c\" [cd]{9} => Y;\n");
    let d = limit_error(&grammar, Config::new().limit(Limit::DfaStates, 500));
    assert_eq!((d.span.line, d.span.column), (10, 1), "{d:?}");
    assert!(d.message.starts_with("this rule needs a DFA of more than 500 states by itself"), "{}", d.message);
}

#[test]
fn rules_that_blow_up_only_together_are_reported_at_the_rule_that_tips_them_over() {
    // Each keyword alone is a few states; a few hundred of them together are a trie of
    // more than 400.
    let mut grammar = String::from("<MAIN> \" \"+ => skip;\n");
    for i in 0..600 {
        grammar.push_str(&format!("<MAIN> \"k{i}\" => K{i};\n"));
    }
    grammar.push_str("<MAIN> [a-z0-9]+ => Ident;\n");
    let d = limit_error(&grammar, Config::new().limit(Limit::DfaStates, 400));
    assert!(
        d.message.starts_with(
            "condition 'MAIN' needs a DFA of more than 400 states (limit dfa_states) with this rule and the "
        ),
        "{}",
        d.message
    );
    assert!(d.message.contains("no rule needs that much by itself"), "{}", d.message);
    // The tipping rule is a keyword's, somewhere after the first few hundred.
    assert!(d.span.line > 100 && d.span.line < 600, "{d:?}");
    assert_eq!(d.span.column, 8);
}

#[test]
fn the_limit_directive_raises_or_lowers_a_limit() {
    let low = Config::new().limit(Limit::DfaStates, 100);
    limit_error(&explosive(7), low.clone());
    build(&format!("%limit dfa_states 1000;\n{}", explosive(7)), low).expect("the directive wins over Config");
    let d = limit_error(&format!("%limit dfa_states 100;\n{}", explosive(7)), Config::new());
    assert!(d.message.contains("more than 100 states"), "{}", d.message);
    let d = limit_error(&format!("%limit transitions 10;\n{}", keywords(3)), Config::new());
    assert!(d.message.contains("more than the limit of 10"), "{}", d.message);
}

#[test]
fn limit_directive_errors() {
    let error = |grammar: &str| {
        let e = build(&format!("{grammar}\n\"a\" => A;\n"), Config::new()).expect_err(grammar);
        let d = e.diagnostics()[0].clone();
        assert_eq!(d.kind, DiagnosticKind::Directive, "{grammar}: {e}");
        (d.span.line, d.span.column, d.message)
    };
    let (_, column, message) = error("%limit states 10;");
    assert_eq!(column, 8);
    assert_eq!(message, "unknown limit 'states' (known: dfa_states, determinize_bytes, transitions)");
    let (_, column, message) = error("%limit dfa_states;");
    assert_eq!((column, message.as_str()), (18, "expected a number after '%limit dfa_states', found ';'"));
    let (_, column, message) = error("%limit dfa_states 0;");
    assert_eq!(column, 19);
    assert!(message.starts_with("'0' is not a limit: expected a number from 1 to "), "{message}");
    let (_, _, message) = error("%limit dfa_states 99999999999999999999999;");
    assert!(message.starts_with("'99999999999999999999999' is not a limit"), "{message}");
    let (line, column, message) = error("%limit transitions 5000;\n%limit transitions 6000;");
    assert_eq!((line, column), (2, 1));
    assert_eq!(message, "'%limit transitions' is given twice (first at line 1, column 1)");
    let (_, _, message) = error("%limit 5;");
    assert!(message.starts_with("expected a limit's name after '%limit'"), "{message}");
}

#[test]
fn the_repository_grammars_build_at_the_default_limits() {
    for path in
        ["json-runtime/grammar/json.lex", "tests/grammars/c.lex", "tests/grammars/csv.lex", "tests/grammars/ini.lex"]
    {
        let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
        Builder::new().build_from_file(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
