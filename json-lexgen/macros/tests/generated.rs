//! The code the generator writes (the command line's and build scripts' formatted file)
//! builds without a warning under `#![deny(warnings)]` for every shape of grammar: each
//! shape is written into a directory that `generated/shapes.rs` includes from, one
//! private module each, as a crate that `include!`s a generated lexer does.

use json_lexgen::{BackendChoice, Builder, Config};

/// Grammar shapes, each with the options it is generated with: the module name in
/// `generated/shapes.rs` is the file name.
fn shapes() -> Vec<(&'static str, String, Config)> {
    let json = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../json-runtime/grammar/json.lex"))
        .expect("json-runtime/grammar/json.lex ships with the workspace");
    let words = "%name Words;\n[a-z]+ => Word;\n\" \"+ => skip;\n* => error;\n";
    let conditions =
        "%name Comments;\n<CODE> [a-z]+ => Ident;\n<CODE> \"/*\" => skip -> COMMENT;\n<CODE> \" \"+ => skip;\n\
                      <COMMENT> \"*/\" => skip -> CODE;\n<COMMENT> [^*]+ | \"*\" => skip;\n\
                      <RAW> [^\\n]+ => Raw;\n<*> $ => End;\n<*> * => error;\n";
    let keywords =
        "%name Kw;\n\"if\" => If;\n\"in\" => In;\n\"int\" => Int;\n[a-z]+ => Ident;\n\" \"+ => skip;\n* => error;\n";
    let rt = || Config::new().runtime_path("::json_runtime");
    vec![
        // The grammar: no `skip` rule, no conditions.
        ("no_skip", "%name NoSkip;\n\"a\" => A;\n* => error;\n".to_string(), rt()),
        ("no_skip_streaming", "%name NoSkip;\n\"a\" => A;\n* => error;\n".to_string(), rt().streaming(true)),
        ("words", words.to_string(), rt()),
        ("words_no_unsafe", words.to_string(), rt().unsafe_code(false)),
        ("conditions", conditions.to_string(), rt()),
        ("conditions_streaming", conditions.to_string(), rt().streaming(true).unsafe_code(false)),
        ("backtracking", "%name Bt;\n\"a\" => A;\n\"abc\" => Abc;\n* => error;\n".to_string(), rt()),
        ("default_and_eof", "%name De;\n[0-9]+ => Number;\n* => Other;\n$ => End;\n".to_string(), rt()),
        // Hooks, chains, cycles, fallbacks kept at run time.
        ("json", json.clone(), rt()),
        ("json_streaming", json.clone(), rt().streaming(true)),
        ("json_no_unsafe", json.clone(), rt().unsafe_code(false).streaming(true)),
        ("json_no_simd", json.clone(), rt().simd(false)),
        ("json_tables", json.clone(), rt().backend(BackendChoice::TablesOnly)),
        ("keywords_tables", keywords.to_string(), rt().backend(BackendChoice::Tables)),
        ("keywords_tables_streaming", keywords.to_string(), rt().backend(BackendChoice::Tables).streaming(true)),
        // Trace mode, through code states, table states and the streaming lexer.
        ("keywords_tables_trace", keywords.to_string(), rt().backend(BackendChoice::Tables).streaming(true).trace(true)),
        ("json_trace", json.clone(), rt().trace(true)),
        (
            "utf8",
            "%name Greek;\n%encoding utf8;\n[α-ωΑ-Ω]+ => Word;\n\"\\\"\" [^\"\\\\]* \"\\\"\" => Str;\n[ \\n]+ => skip;\n* => error;\n"
                .to_string(),
            rt(),
        ),
    ]
}

#[test]
fn generated_files_build_without_warnings() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated-shapes");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, grammar, config) in shapes() {
        let generated =
            Builder::new().configure(config).build_from_str(&grammar).unwrap_or_else(|e| panic!("{name}: {e}"));
        generated.write_to_file(dir.join(format!("{name}.rs"))).unwrap();
    }
    // Read by `env!` in the pass case (trybuild's cargo inherits the environment).
    std::env::set_var("JSON_LEXGEN_SHAPES", &dir);
    trybuild::TestCases::new().pass("tests/generated/shapes.rs");
}
