//! Grammar and option diagnostics through the public API (`Builder`), each with its
//! kind, line and column. The parser's structure (rules, regexes, spans) is
//! unit-tested in `src/parse/tests.rs`.

use json_lexgen::{Builder, Config, Diagnostic, DiagnosticKind, Severity};

// ---- helpers ---------------------------------------------------------------------

fn errors(src: &str) -> Vec<Diagnostic> {
    match Builder::new().build_from_str(src) {
        Ok(_) => panic!("expected errors, but the grammar compiled:\n{src}"),
        Err(e) => {
            let diags = e.diagnostics().to_vec();
            assert!(!diags.is_empty());
            assert!(diags.iter().all(|d| d.severity == Severity::Error));
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

// ---- diagnostics -------------------------------------------------------------------

#[test]
fn syntax_errors() {
    let d = one_error("\"a\" => A;\n\"b\" foo;\n", DiagnosticKind::Syntax, 2, 8);
    assert_eq!(d.message, "expected '=>' after the rule's pattern, found ';'");
    let d = one_error("\"a\" => ;", DiagnosticKind::Syntax, 1, 8);
    assert_eq!(d.message, "expected a token kind, 'skip' or 'error' after '=>', found ';'");
    let d = one_error("\"a\" => { return A; }", DiagnosticKind::Syntax, 1, 8);
    assert!(d.message.contains("not a block of code"), "{}", d.message);
    let d = one_error("\"a\" { return A; }\n\"b\" => B;", DiagnosticKind::Syntax, 1, 5);
    assert!(d.message.contains("not as a block of code"), "{}", d.message);
    one_error("(\"a\" => A;", DiagnosticKind::Syntax, 1, 6);
    one_error("\"a\" | => A;", DiagnosticKind::Syntax, 1, 7);
    one_error("\"a\" \"b\" $ => A;", DiagnosticKind::Syntax, 1, 9);
    one_error("\"a\" => A -> ;", DiagnosticKind::Syntax, 1, 13);
    one_error("x = \"a\" => A;\n\"b\" => B;", DiagnosticKind::Syntax, 1, 9);
    one_error("\"a\" => fn;", DiagnosticKind::Syntax, 1, 8);
}

#[test]
fn lexical_errors() {
    let d = one_error("\"a\" => A;\n  \"abc => B;\n", DiagnosticKind::Syntax, 2, 3);
    assert!(d.message.starts_with("unterminated string"), "{}", d.message);
    let d = one_error("\"a\\q\" => A;", DiagnosticKind::Syntax, 1, 3);
    assert!(d.message.starts_with("unknown escape '\\q'"), "{}", d.message);
    one_error(r#""\x4" => A;"#, DiagnosticKind::Syntax, 1, 2);
    one_error(r#""\400" => A;"#, DiagnosticKind::Syntax, 1, 2);
    one_error(r#""\uD800" => A;"#, DiagnosticKind::Syntax, 1, 2);
    let d = one_error("\"a\" => A;\n[aé] => B;", DiagnosticKind::Syntax, 2, 3);
    assert!(d.message.starts_with("non-ASCII character 'é' in a class"), "{}", d.message);
    one_error(r#"[\u00e9] => B;"#, DiagnosticKind::Syntax, 1, 2);
    let d = one_error("[z-a] => A;", DiagnosticKind::Syntax, 1, 2);
    assert!(d.message.contains("backwards"), "{}", d.message);
    one_error("[] => A;", DiagnosticKind::Syntax, 1, 1);
    one_error("[abc => A;", DiagnosticKind::Syntax, 1, 1);
    one_error("\"a\" => A;\n/* never closed", DiagnosticKind::Syntax, 2, 1);
}

#[test]
fn bad_repetitions() {
    let d = one_error("\"a\" => A;\n\"b\"{3,2} => B;", DiagnosticKind::Syntax, 2, 4);
    assert!(d.message.contains("minimum 3 is above the maximum 2"), "{}", d.message);
    let d = one_error("\"b\"{1001} => B;", DiagnosticKind::Syntax, 1, 4);
    assert!(d.message.contains("too large"), "{}", d.message);
    one_error("\"b\"{2,x} => B;", DiagnosticKind::Syntax, 1, 4);
    one_error("\"b\" | {2} => B;", DiagnosticKind::Syntax, 1, 7);
}

#[test]
fn undefined_name_suggests() {
    let src = "digit = [0-9];\nint = digit+;\n\"-\"? digt => Int;\n";
    let d = one_error(src, DiagnosticKind::UndefinedName, 3, 6);
    assert_eq!(d.message, "undefined name 'digt': did you mean 'digit'?");
    let d = one_error("a = \"a\"; b = \"b\";\nzzz => Z;", DiagnosticKind::UndefinedName, 2, 1);
    assert_eq!(d.message, "undefined name 'zzz' (definitions: a, b)");
    // Reported in an unused definition too.
    one_error("unused = nope;\n\"a\" => A;", DiagnosticKind::UndefinedName, 1, 10);
}

#[test]
fn cycles_and_duplicates() {
    let d = one_error("a = \"x\" b;\nb = \"y\" | a;\na => A;", DiagnosticKind::BadDefinition, 1, 1);
    assert_eq!(d.message, "definition 'a' refers to itself through a -> b -> a");
    let d = one_error("\"a\" => A;\n  s = \"x\" s?;", DiagnosticKind::BadDefinition, 2, 3);
    assert_eq!(d.message, "definition 's' refers to itself");
    let d = one_error("x = \"a\";\ny = \"b\";\nx = \"c\";\nx => X;", DiagnosticKind::BadDefinition, 3, 1);
    assert_eq!(d.message, "'x' is defined twice (first at line 1, column 1)");
}

#[test]
fn empty_matches() {
    let d = one_error("\"a\" => A;\n  \"b\"* => B;", DiagnosticKind::EmptyMatch, 2, 3);
    assert_eq!(
        d.message,
        "this rule matches the empty string, so the lexer could loop forever without consuming input"
    );
    assert_eq!(d.span.end - d.span.start, 4);
    one_error("e = \"\" | \"a\";\n<X> e => E;", DiagnosticKind::EmptyMatch, 2, 5);
    one_error("\"\" => E;", DiagnosticKind::EmptyMatch, 1, 1);
    one_error("\"a\"{0} => E;", DiagnosticKind::EmptyMatch, 1, 1);
}

#[test]
fn condition_errors() {
    let d = one_error("<A> \"a\" => A -> B;\n<A> \"b\" => C -> A;", DiagnosticKind::UndefinedCondition, 1, 17);
    assert!(d.message.starts_with("undefined condition 'B'"), "{}", d.message);
    let d = one_error("\"a\" => A -> NOWHERE;", DiagnosticKind::UndefinedCondition, 1, 13);
    assert!(d.message.contains("no conditions"), "{}", d.message);
    let d = one_error("\"a\" => A -> initial;", DiagnosticKind::UndefinedCondition, 1, 13);
    assert_eq!(d.message, "undefined condition 'initial': did you mean 'INITIAL'?");
    let d = one_error("<A> \"a\" => A -> AA;", DiagnosticKind::UndefinedCondition, 1, 17);
    assert_eq!(d.message, "undefined condition 'AA': did you mean 'A'?");
    let d = one_error("<> \"a\" => A;", DiagnosticKind::Syntax, 1, 2);
    assert!(d.message.contains("'<>' entry rule"), "{}", d.message);
    let d = one_error("<A> \"a\" => A;\n\n   \"b\" => B;", DiagnosticKind::Syntax, 3, 4);
    assert_eq!(
        d.message,
        "rule outside a condition: grammars that use <COND> need one on every rule (use <*> for all)"
    );
    one_error("<A, > \"a\" => A;", DiagnosticKind::Syntax, 1, 5);
    one_error("<A B> \"a\" => A;", DiagnosticKind::Syntax, 1, 4);
}

#[test]
fn directive_errors() {
    let d = one_error("%name A;\n%name B;\n\"a\" => A;", DiagnosticKind::Directive, 2, 1);
    assert_eq!(d.message, "'%name' is given twice (first at line 1, column 7)");
    let d = one_error("%lexer A;\n\"a\" => A;", DiagnosticKind::Directive, 1, 1);
    assert_eq!(d.message, "unknown directive '%lexer' (known: %name, %token, %encoding, %backend, %limit, %value, %extras, %error, %on_error, %entry, %promise)");
    one_error("%name 3;\n\"a\" => A;", DiagnosticKind::Directive, 1, 7);
    one_error("%token a::;\n\"a\" => A;", DiagnosticKind::Directive, 1, 11);
}

#[test]
fn no_rules() {
    let d = one_error("%name X;\nd = \"a\";\n", DiagnosticKind::Syntax, 3, 1);
    assert_eq!(d.message, "the grammar has no rules");
    one_error("", DiagnosticKind::Syntax, 1, 1);
}

#[test]
fn many_errors_are_collected_in_source_order() {
    let src = "\
x = [0-9];
\"a\" => ;
\"b\" => B
\"c\" => C;
y => Y;
\"d\"* => D;
x => X -> Q;
";
    let diags = errors(src);
    let found: Vec<(DiagnosticKind, u32, u32)> = diags.iter().map(|d| (d.kind, d.span.line, d.span.column)).collect();
    assert_eq!(
        found,
        [
            (DiagnosticKind::Syntax, 2, 8),              // no action
            (DiagnosticKind::Syntax, 4, 1),              // missing ';' (the next rule still parses)
            (DiagnosticKind::UndefinedName, 5, 1),       // y
            (DiagnosticKind::EmptyMatch, 6, 1),          // "d"*
            (DiagnosticKind::UndefinedCondition, 7, 11), // Q
        ]
    );
    assert_eq!(diags[1].message, "expected ';' at the end of the rule, found '\"c\"'");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!("{}\"a\"{} => A;", "(".repeat(5000), ")".repeat(5000));
    let diags = errors(&src);
    assert!(diags[0].message.contains("nested too deeply"), "{:?}", diags[0]);
    let mut chain = String::new();
    for i in 0..1000 {
        chain.push_str(&format!("d{i} = d{};\n", i + 1));
    }
    chain.push_str("d1000 = \"a\";\nd0 => A;\n");
    let diags = errors(&chain);
    assert!(diags.iter().any(|d| d.message.contains("nested too deeply")), "{:?}", diags[0]);
}

// ---- docs/grammar.md ---------------------------------------------------------------

/// Every complete grammar in docs/grammar.md (its ```lex blocks) parses and compiles.
#[test]
fn grammars_in_the_docs_compile() {
    let doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/grammar.md"));
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match &mut current {
            None if line.trim() == "```lex" => current = Some(String::new()),
            Some(block) if line.trim() == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    assert!(blocks.len() >= 2, "no ```lex blocks found");
    for block in &blocks {
        if let Err(e) = Builder::new().build_from_str(block) {
            let text: Vec<String> = e.diagnostics().iter().map(|d| d.render("grammar.md")).collect();
            panic!("a grammar in docs/grammar.md does not compile:\n{}\n{block}", text.join("\n"));
        }
    }
}

// ---- paths -------------------------------------------------------------------------

/// A `%token` path that Rust cannot parse is an error at the path, not a lexer that
/// silently names another type.
#[test]
fn an_unparsable_token_path_is_a_directive_error() {
    let d = one_error("%name L;\n%token my::type::Tok;\n\"a\" => A;", DiagnosticKind::Directive, 2, 8);
    assert!(d.message.contains("'my::type::Tok' is not a Rust type path"), "{}", d.message);
    let code = Builder::new().build_from_str("%token crate::tokens::Tok;\n\"a\" => A;").unwrap().to_file_string();
    assert!(code.contains("crate::tokens::Tok::A"), "{code}");
    assert!(!code.contains("pub enum LexerToken"), "{code}");
}

#[test]
fn a_runtime_path_that_is_no_rust_path_is_an_option_error() {
    let grammar = "\"a\" => A;";
    for bad in ["not a path", "", "::", "json_runtime::", "a::type"] {
        let e = Builder::new().configure(Config::new().runtime_path(bad)).build_from_str(grammar).unwrap_err();
        assert_eq!(e.diagnostics().len(), 1, "{bad:?}: {e}");
        let d = &e.diagnostics()[0];
        assert_eq!(d.kind, DiagnosticKind::Option, "{bad:?}");
        assert_eq!(d.span.line, 0, "an option has no place in the grammar");
        assert!(d.message.contains(&format!("'{bad}'")), "{}", d.message);
    }
    let code =
        Builder::new().configure(Config::new().runtime_path("::jsonlex::runtime")).build_from_str(grammar).unwrap();
    assert!(code.to_file_string().contains("::jsonlex::runtime::Token"));
}

#[test]
fn a_runtime_path_given_as_tokens_is_used_as_given() {
    let grammar = "[a-z]+ => Word;\n[^a-z]+ => skip;";
    let path: proc_macro2::TokenStream = "my_crate::runtime".parse().unwrap();
    let code = Builder::new()
        .configure(Config::new().runtime_path_tokens(path))
        .build_from_str(grammar)
        .unwrap()
        .to_file_string();
    assert!(code.contains("my_crate::runtime::Token"), "{code}");
    // Only the docs name the runtime crate (as users know it); the code uses the path.
    assert!(code.lines().filter(|l| !l.trim_start().starts_with("///")).all(|l| !l.contains("json_runtime")), "{code}");
    let bad: proc_macro2::TokenStream = "a + b".parse().unwrap();
    let e = Builder::new().configure(Config::new().runtime_path_tokens(bad)).build_from_str(grammar).unwrap_err();
    assert_eq!(e.diagnostics()[0].kind, DiagnosticKind::Option);
}

/// Under `%encoding utf8` the uncovered-bytes warning is still about bytes: those that
/// start no well-formed character when the rules cover every character.
#[test]
fn a_utf8_grammar_without_a_default_rule_warns_about_bytes_that_start_no_character() {
    let generated = Builder::new().build_from_str("%encoding utf8;\n[^]+ => Any;\n").unwrap();
    let warnings = generated.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].kind, DiagnosticKind::UncoveredBytes);
    assert!(
        warnings[0].message.contains("input starting with [0x80-0xC1 0xF5-0xFF] (77 bytes)"),
        "{}",
        warnings[0].message
    );
}

#[test]
fn entry_diagnostics() {
    let d = one_error("%entry w: Word Number;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 1, 16);
    assert_eq!(d.message, "'Number' in '%entry w' is not a token of this grammar (its tokens: Word)");
    let d = one_error("%entry w Word;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 1, 10);
    assert_eq!(d.message, "expected ':' after '%entry w', then the token kinds it lexes, found 'Word'");
    let d = one_error("%entry w: ;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 1, 11);
    assert_eq!(d.message, "expected a token kind after '%entry w:', found ';'");
    let d = one_error("%entry w: Word Word;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 1, 16);
    assert_eq!(d.message, "'Word' is named twice in '%entry w' (first at line 1, column 11)");
    let d = one_error("%entry w: Word;\n%entry w: Word;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 2, 8);
    assert_eq!(d.message, "the entry 'w' is declared twice (first at line 1, column 8)");
    // `skip` is no kind: skip rules are in every entry.
    let d = one_error("%entry w: skip;\n[a-z]+ => Word;\n\" \" => skip;\n", DiagnosticKind::Directive, 1, 11);
    assert!(d.message.starts_with("'skip' in '%entry w' is not a token"), "{}", d.message);
    let d = one_error(
        "%entry w: Word;\n%value Word: u32;\n[a-z]+ => Word({ Some(1) });\n",
        DiagnosticKind::Directive,
        1,
        1,
    );
    assert!(d.message.contains("not available for value lexers"), "{}", d.message);
}

#[test]
fn entries_compile_in_every_mode() {
    let src = "%entry key: Key Close;\n%entry colon: Colon;\n\"{\" => Open;\n\"}\" => Close;\n\":\" => Colon;\n\
               [a-z]+ => Key;\n[0-9]+ => Number;\n[ \\n]+ => skip;\n";
    for config in [Config::new(), Config::new().streaming(true), Config::new().unsafe_code(false).simd(false)] {
        let code =
            Builder::new().configure(config).build_from_str(src).unwrap_or_else(|e| panic!("{e}")).to_file_string();
        assert!(code.contains("pub fn next_token_key(") && code.contains("pub fn next_token_colon("), "{code}");
        assert!(code.contains("const ENTRIES: &'static [&'static str] = &[\"key\", \"colon\"];"), "{code}");
    }
    let plain = "[a-z]+ => Key;\n";
    let code = Builder::new().build_from_str(plain).unwrap().to_file_string();
    assert!(!code.contains("next_token_entry") && !code.contains("ENTRIES"), "no entries, no entry code");
}

/// JSON's number rules with a whitespace skip, as `json.lex` writes them; `extra` is
/// spliced in to break the promise one way at a time.
fn numbers_grammar(int: &str, float: &str, extra: &str) -> String {
    format!(
        "%promise json_numbers;\ndigit = [0-9];\nint = {int};\nfrac = \".\" digit+;\nexp = [eE] [+\\-]? digit+;\n\
         {extra}int => Integer;\n{float} => Float;\n\",\" => Comma;\n[ \\t\\n]+ => skip;\n* => error;\n"
    )
}

#[test]
fn promise_json_numbers_is_checked_on_the_automaton() {
    let int = r#""-"? ("0" | [1-9] digit*)"#;
    let float = "int frac? exp?";
    let ok = numbers_grammar(int, float, "");
    let code = Builder::new().build_from_str(&ok).unwrap_or_else(|e| panic!("{e}")).to_file_string();
    assert!(code.contains("const JSON_NUMBERS: bool = true;"), "{code}");
    let plain = "[0-9]+ => Integer;\n";
    assert!(!Builder::new().build_from_str(plain).unwrap().to_file_string().contains("JSON_NUMBERS"));

    // Each way the lexer's numbers can differ from RFC 8259's: an error at the directive.
    let broken = [
        // Leading zeros: "01" is one token.
        (numbers_grammar(r#""-"? digit+"#, float, ""), "\"00\" is Integer where a number would be no token"),
        // No exponent: "1e5" ends at "1".
        (numbers_grammar(int, "int frac?", ""), "the lexer stops after \"0E\" where a number goes on"),
        // A looser float: "1." is a Float.
        (numbers_grammar(int, r#"int ("." digit*)? exp?"#, ""), "\"0.\" is Float where a number would be no token"),
        // Another token that starts with a digit and goes on past a number.
        (
            numbers_grammar(int, float, "[0-9]+ \"px\" => Pixels;\n"),
            "the lexer goes on after \"00\" where a number ends",
        ),
        // A space that is not skipped by itself.
        (numbers_grammar(int, float, "\" \" [0-9]+ => Indented;\n"), "goes on into a number"),
    ];
    for (src, want) in &broken {
        let d = one_error(src, DiagnosticKind::Directive, 1, 10);
        assert!(d.message.starts_with("'%promise json_numbers' does not hold: "), "{}", d.message);
        assert!(d.message.contains(want), "{src}\n{}", d.message);
    }
    let d = one_error("%promise fast;\n[a-z]+ => Word;\n", DiagnosticKind::Directive, 1, 10);
    assert_eq!(d.message, "unknown promise 'fast' (known: json_numbers)");
    let d = one_error(&format!("%promise json_numbers;\n{ok}"), DiagnosticKind::Directive, 2, 1);
    assert_eq!(d.message, "'%promise json_numbers' is given twice (first at line 1, column 10)");
}
