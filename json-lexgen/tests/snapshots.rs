//! The generated code, snapshot-tested after formatting: every change to the generator
//! shows up as a readable diff in `tests/snapshots/`. Review it, then accept with
//! `INSTA_UPDATE=always cargo test -p json-lexgen --test snapshots`.

use json_lexgen::{Builder, Config};

fn generate(path: &str, config: Config) -> String {
    let full = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    Builder::new().configure(config).build_from_file(&full).unwrap_or_else(|e| panic!("{e}")).to_file_string()
}

/// The code before the first entry point's method (`%entry`): `next_token` and all it
/// needs. The entries' code is the same generator's on smaller automata (the key
/// entry has the string bodies again, hooks and cycles included): these tests count
/// what the whole lexer's code holds.
fn before_entries(code: String) -> String {
    code.split("///Entry point").next().unwrap_or_default().to_string()
}

#[test]
fn json_grammar() {
    insta::assert_snapshot!("json", generate("json-runtime/grammar/json.lex", Config::new()));
}

#[test]
fn json_grammar_without_unsafe() {
    let code = generate("json-runtime/grammar/json.lex", Config::new().unsafe_code(false));
    assert!(!code.contains("unsafe"), "--no-unsafe output must not contain unsafe");
    insta::assert_snapshot!("json_no_unsafe", code);
}

#[test]
fn json_grammar_without_simd_hooks() {
    let code = generate("json-runtime/grammar/json.lex", Config::new().simd(false));
    assert!(!code.contains("skip_utf8") && !code.contains("Kernels"), "--no-simd output has no hooks");
    insta::assert_snapshot!("json_no_simd", code);
}

#[test]
fn json_grammar_hooks_its_string_bodies_with_the_utf8_kernel() {
    let code = before_entries(generate("json-runtime/grammar/json.lex", Config::new()));
    // Two string bodies (before and after the first escape) get hooks, both with the
    // UTF-8 kernel; whitespace and digit loops are too narrow for one. Both have the same
    // class: one type names it (the kernels are compiled once), and one loop function
    // runs both bodies' loops.
    assert_eq!(code.matches("::json_runtime::skip::ConstClass for Skip").count(), 1, "{code}");
    assert_eq!(code.matches("const SKIP_").count(), 1, "{code}");
    assert!(code.contains("::json_runtime::skip::skip_utf8_long_of::<"), "{code}");
    assert_eq!(code.matches("p = loop_2(input, p, kernels);").count(), 2, "{code}");
    // That loop probes after its first chunk.
    assert_eq!(code.matches("::json_runtime::skip::probe_utf8_of::<").count(), 1, "{code}");
    assert!(!code.contains("skip_class") && !code.contains("probe_class"));
}

#[test]
fn json_grammar_tests_its_chains_in_one_step() {
    let code = before_entries(generate("json-runtime/grammar/json.lex", Config::new()));
    // `rue`, `ull`, `alse` and the four hex digits of `\uXXXX` (one chain each): one
    // bounds check for the chain's bytes.
    assert_eq!(code.matches(".get(p..p + 3)").count(), 2, "{code}");
    assert_eq!(code.matches(".get(p..p + 4)").count(), 2, "{code}");
    // Not after a lead byte in the hooked string bodies: the UTF-8 kernel takes those
    // characters. Without hooks, the DFA tests a character's continuation bytes at once.
    // (The one two-byte test is the escaped string body's cycle, `\` and a short escape.)
    assert_eq!(code.matches(".get(p..p + 2)").count(), 1, "{code}");
    let plain = before_entries(generate("json-runtime/grammar/json.lex", Config::new().simd(false)));
    assert!(plain.contains(".get(p..p + 2)"), "{plain}");
}

#[test]
fn json_grammar_tests_its_escapes_in_place() {
    let code = before_entries(generate("json-runtime/grammar/json.lex", Config::new()));
    // The escaped string body (the state after the first escape) tests its two cycles
    // where its loop stops: `\` and a short escape, `\u` and four hex digits; a match
    // goes back to its loop. The plain string body leaves for the escaped one: no cycle.
    assert_eq!(code.matches("continue 'cycle_").count(), 2, "{code}");
    assert_eq!(code.matches(".get(p..p + 6)").count(), 1, "{code}");
    assert_eq!(code.matches("static CYCLE_CLASS").count(), 1, "{code}");
    // Without hooks the multibyte characters are cycles too, in both string bodies: four
    // ways out each at most (the escape; a two-byte character; three-byte characters by
    // their three kinds of lead byte), one cycle each but the escape's two: 9 in all.
    let plain = before_entries(generate("json-runtime/grammar/json.lex", Config::new().simd(false)));
    assert_eq!(plain.matches("continue 'cycle_").count(), 9, "{plain}");
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
        // The table backend on small grammars (issue 14): hot states as code and the
        // others as a table, and every state but the start as a table.
        ("keywords_tables", "%name Kw;\n%backend tables;\n\"if\" => If;\n\"in\" => In;\n\"int\" => Int;\n[a-z]+ => Ident;\n\" \"+ => skip;\n"),
        // Entry points (issue 24): a key or '}' after '{', ':' after a key.
        ("entries", "%name Pairs;\n%entry key: Key Close;\n%entry colon: Colon;\n\"{\" => Open;\n\"}\" => Close;\n\":\" => Colon;\n\",\" => Comma;\n[a-z]+ => Key;\n[0-9]+ => Number;\n[ \\t\\n]+ => skip;\n* => error;\n"),
        ("backtracking_tables_only", "%name Bt;\n%backend tables_only;\n\"a\" => A;\n\"abc\" => Abc;\n\"abcde\" => Abcde;\n$ => End;\n"),
    ] {
        let code = Builder::new().build_from_str(grammar).unwrap_or_else(|e| panic!("{e}")).to_file_string();
        insta::assert_snapshot!(name, code);
    }
}

/// A small `%encoding utf8` grammar: Greek words, strings whose body is any character
/// but '"' and '\\' (a negated class of characters), and Unicode spaces.
const UTF8_GREEK: &str = "%name Greek;\n%encoding utf8;\n[α-ωΑ-Ω]+ => Word;\n\"\\\"\" [^\"\\\\]* \"\\\"\" => Str;\n[ \\t\\n\\u00A0\\u{2028}]+ => skip;\n* => error;\n";

#[test]
fn utf8_grammar() {
    let generated = Builder::new().build_from_str(UTF8_GREEK).unwrap_or_else(|e| panic!("{e}"));
    // The string body, written as a negated class of characters, gets the UTF-8 hook
    // that json.lex's hand-written UTF-8 string body gets: its loop class is the ASCII
    // part, and every well-formed multibyte character leads back to it.
    let stats = generated.stats();
    let hooks: Vec<_> = stats.conditions[0].loops.iter().filter_map(|l| l.hook).collect();
    assert_eq!(hooks, [json_lexgen::HookKernel::Utf8], "{stats}");
    let code = generated.to_file_string();
    assert_eq!(code.matches("::json_runtime::skip::ConstClass for Skip").count(), 1, "{code}");
    assert!(code.contains("::json_runtime::skip::skip_utf8_long_of::<"), "{code}");
    assert_eq!(code.matches("::json_runtime::skip::probe_utf8_of::<").count(), 1, "{code}");
    insta::assert_snapshot!("utf8_greek", code);
}

/// json.lex spells strict UTF-8 out byte by byte (RFC 3629's table); in Unicode mode its
/// string body is one negated class of characters. Both must give the same automaton,
/// so the same code, hooks included: Unicode classes compile to exactly the strict
/// UTF-8 byte sequences.
#[test]
fn json_grammar_in_utf8_mode_generates_the_same_code() {
    let full = format!("{}/../json-runtime/grammar/json.lex", env!("CARGO_MANIFEST_DIR"));
    let bytes_mode = std::fs::read_to_string(&full).unwrap();
    let start = bytes_mode.find("// Strictly well-formed UTF-8").expect("json.lex spells out UTF-8");
    let end = bytes_mode.find("escape = ").expect("json.lex defines escape");
    let utf8_mode =
        format!("%encoding utf8;\n{}plain = [^\"\\\\\\x00-\\x1F];\n{}", &bytes_mode[..start], &bytes_mode[end..]);
    assert!(!utf8_mode.contains("cont") && !utf8_mode.contains("\\xF4"), "{utf8_mode}");
    // The same but for the rules' lines in the notes.
    let build = |src: &str| {
        let code = Builder::new().build_from_str(src).unwrap_or_else(|e| panic!("{e}")).to_file_string();
        code.split("(<grammar>:").map(|part| part.trim_start_matches(|c: char| c.is_ascii_digit())).collect::<String>()
    };
    assert_eq!(build(&utf8_mode), build(&bytes_mode));
}

/// Every `unsafe` block of the formatted file has its own `// SAFETY:` comment on the
/// line right above its statement, emitted with the block (not matched afterwards).
#[test]
fn every_unsafe_block_has_its_safety_comment_right_above() {
    for (path, config) in
        [("json-runtime/grammar/json.lex", Config::new()), ("tests/grammars/c.lex", Config::new().simd(false))]
    {
        let code = generate(path, config);
        let lines: Vec<&str> = code.lines().collect();
        let mut blocks = 0;
        for (i, line) in lines.iter().enumerate() {
            if line.contains("unsafe {") {
                blocks += 1;
                let above = lines[i - 1].trim_start();
                assert!(above.starts_with("// SAFETY: "), "{path}, line {}: {line}\nabove: {above}", i + 1);
                let indent = |l: &str| l.len() - l.trim_start().len();
                assert_eq!(indent(lines[i - 1]), indent(line), "{path}, line {}", i + 1);
            }
        }
        assert!(blocks > 10, "{path}: {blocks} unsafe blocks");
        assert_eq!(code.matches("// SAFETY: ").count(), blocks, "{path}: one comment per block");
        assert!(!code.contains("json_lexgen_safety"), "{path}: no marker left in the file");
    }
}

/// The macro's expansion keeps the markers, as attributes that expand to nothing.
#[test]
fn the_tokens_carry_each_reason_as_an_inert_attribute() {
    let full = format!("{}/../json-runtime/grammar/json.lex", env!("CARGO_MANIFEST_DIR"));
    let generated = Builder::new().build_from_file(&full).unwrap();
    let tokens = generated.tokens().to_string();
    assert_eq!(tokens.matches("cfg_attr (any () , json_lexgen_safety =").count(), tokens.matches("unsafe {").count());
}

#[test]
fn stats_count_states_loops_and_hooks() {
    let full = format!("{}/../json-runtime/grammar/json.lex", env!("CARGO_MANIFEST_DIR"));
    let generated = Builder::new().build_from_file(&full).unwrap();
    let stats = generated.stats();
    assert_eq!(stats.conditions.len(), 1);
    let c = &stats.conditions[0];
    assert_eq!(c.name, "INITIAL");
    // regex-automata's DFA before minimization, computed on demand, is no smaller
    // than after; folding the delayed match and minimizing again only removes states.
    let dfa_states = c.dfa_states.expect("the unminimized DFA builds");
    assert!(dfa_states >= c.minimized_dfa_states && c.minimized_dfa_states >= c.states, "{c:?}");
    assert!(c.transitions >= c.states - 1, "{c:?}");
    let hooks: Vec<_> = c.loops.iter().filter_map(|l| l.hook).collect();
    assert_eq!(hooks, [json_lexgen::HookKernel::Utf8; 2], "{c:?}");
    assert_eq!(stats.code_lines, generated.to_file_string().lines().count());
    let text = stats.to_string();
    assert!(text.starts_with("condition INITIAL:\n  DFA states: "), "{text}");
    assert!(text.contains("SIMD skip hooks: 2"), "{text}");
    // No hooks without SIMD.
    let plain = Builder::new().configure(Config::new().simd(false)).build_from_file(&full).unwrap().stats();
    assert!(plain.conditions[0].loops.iter().all(|l| l.hook.is_none()));
}

#[test]
fn dot_has_a_cluster_per_condition() {
    let generated = Builder::new().build_from_str("<A> \"a\"+ => X -> B;\n<B> \"b\" => Y -> A;").unwrap();
    let dot = generated.dot();
    assert!(dot.starts_with("digraph lexer {"), "{dot}");
    assert!(dot.contains("subgraph \"cluster_A\"") && dot.contains("subgraph \"cluster_B\""), "{dot}");
    assert!(dot.contains("\"A1\" -> \"A1\" [label=\"['a']\"]"), "{dot}");
    assert!(dot.contains("shape=doublecircle, label=\"1\\nY\""), "{dot}");
}

/// The streaming lexer of a small grammar with a `*` and a `$` rule: beside the slice
/// lexer (unchanged), `DeStream`, whose buffer end asks for more unless it is the end.
#[test]
fn streaming_lexer() {
    let grammar = "%name De;\n[0-9]+ => Number;\n* => Other;\n$ => End;\n";
    let code = Builder::new()
        .configure(Config::new().streaming(true))
        .build_from_str(grammar)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_file_string();
    insta::assert_snapshot!("default_and_eof_streaming", code);
}

/// Streaming on adds the streaming lexer after the slice lexer, whose code stays the
/// same byte for byte (so its speed cannot change), with and without `unsafe` and hooks.
#[test]
fn streaming_leaves_the_slice_lexer_as_it_is() {
    // (Two hooked string bodies, one loop function.)
    for (path, config, hooks) in [
        ("json-runtime/grammar/json.lex", Config::new(), 1),
        ("json-runtime/grammar/json.lex", Config::new().unsafe_code(false), 1),
        ("json-runtime/grammar/json.lex", Config::new().simd(false), 0),
        ("tests/grammars/c.lex", Config::new(), 0),
    ] {
        let slice = generate(path, config.clone());
        let both = generate(path, config.clone().streaming(true));
        assert!(both.starts_with(&slice), "{path}: the slice lexer changed with streaming on");
        let whole_stream = &both[slice.len()..];
        assert!(whole_stream.contains("Stream {") && whole_stream.contains("::lex::StreamLexer for "), "{path}");
        let stream = &before_entries(whole_stream.to_string());
        assert!(stream.contains("::lex::Step::NeedMore"), "{path}");
        // The SIMD hooks stay on in the streaming lexer.
        assert_eq!(stream.matches("skip::probe_utf8_of::<").count(), hooks, "{path}");
        assert_eq!(!stream.contains("unsafe"), !slice.contains("unsafe"), "{path}");
    }
}
