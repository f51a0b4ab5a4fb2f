//! The generated code, snapshot-tested after formatting: every change to the generator
//! shows up as a readable diff in `tests/snapshots/`. Review it, then accept with
//! `INSTA_UPDATE=always cargo test -p json-lexgen --test snapshots`.

use json_lexgen::{Builder, Config};

fn generate(path: &str, config: Config) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    Builder::new().configure(config).build_from_file(&full).unwrap_or_else(|e| panic!("{e}")).to_file_string()
}

#[test]
fn json_grammar() {
    insta::assert_snapshot!("json", generate("grammar/json.lex", Config::new()));
}

#[test]
fn json_grammar_without_unsafe() {
    let code = generate("grammar/json.lex", Config::new().unsafe_code(false));
    assert!(!code.contains("unsafe"), "--no-unsafe output must not contain unsafe");
    insta::assert_snapshot!("json_no_unsafe", code);
}

#[test]
fn json_grammar_without_simd_hooks() {
    let code = generate("grammar/json.lex", Config::new().simd(false));
    assert!(!code.contains("skip_utf8") && !code.contains("Kernels"), "--no-simd output has no hooks");
    insta::assert_snapshot!("json_no_simd", code);
}

#[test]
fn json_grammar_hooks_its_string_bodies_with_the_utf8_kernel() {
    let code = generate("grammar/json.lex", Config::new());
    // Two string bodies (before and after the first escape) get hooks, both with the
    // UTF-8 kernel; whitespace and digit loops are too narrow for one.
    assert_eq!(code.matches("const SKIP_").count(), 2, "{code}");
    assert!(code.contains("::json_runtime::skip::skip_utf8_long("), "{code}");
    // Each body's loop probes after its first chunk.
    assert_eq!(code.matches("::json_runtime::skip::probe_utf8(").count(), 2, "{code}");
    assert!(!code.contains("skip_class") && !code.contains("probe_class"));
}

#[test]
fn c_like_grammar_with_conditions() {
    insta::assert_snapshot!("c", generate("tests/grammars/c.lex", Config::new()));
}

#[test]
fn small_grammars() {
    for (name, grammar) in [
        ("keywords", "%name Kw;\n\"if\" => If;\n\"in\" => In;\n[a-z]+ => Ident;\n\" \"+ => skip;\n"),
        ("default_and_eof", "%name De;\n[0-9]+ => Number;\n* => Other;\n$ => End;\n"),
        ("backtracking", "%name Bt;\n\"a\" => A;\n\"abc\" => Abc;\n"),
    ] {
        let code = Builder::new().build_from_str(grammar).unwrap_or_else(|e| panic!("{e}")).to_file_string();
        insta::assert_snapshot!(name, code);
    }
}
