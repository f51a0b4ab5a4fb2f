//! Regenerates every lexer in `grammar/` into `OUT_DIR/<name>.rs` with json-lexgen,
//! each with its streaming lexer (`NameStream`) beside it, for input read in pieces,
//! and json.lex again as `JsonDocumentLexer` and `JsonTrailingCommasLexer` (one lexer
//! per parser loop, see below).

use std::path::Path;

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    println!("cargo:rerun-if-changed=grammar");
    let mut grammars: Vec<_> = std::fs::read_dir("grammar")
        .expect("the grammar/ directory ships with the crate")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "lex"))
        .collect();
    grammars.sort();
    let mut failed = false;
    for grammar in &grammars {
        println!("cargo:rerun-if-changed={}", grammar.display());
        let stem = grammar.file_stem().and_then(|s| s.to_str()).expect("grammar file names are UTF-8");
        let config = json_lexgen::Config::new().streaming(true);
        match json_lexgen::Builder::new().configure(config).build_from_file(grammar) {
            Ok(generated) => {
                for w in generated.warnings() {
                    println!("cargo:warning={}", w.render(&grammar.display().to_string()));
                }
                let out = Path::new(&out_dir).join(format!("{stem}.rs"));
                generated.write_to_file(&out).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    // Copies of the JSON lexer under other names: for `Document::parse`, and for strict
    // JSON with trailing commas (the parser's dialect loop). Each parser loop must have a
    // lexer of its own: with two callers of `JsonLexer::next_token`, LLVM inlines it in
    // neither (see the `Parser` docs in json-runtime/src/de/mod.rs).
    let json = std::fs::read_to_string("grammar/json.lex").expect("grammar/json.lex ships with the crate");
    for (name, file) in
        [("JsonDocumentLexer", "json_document.rs"), ("JsonTrailingCommasLexer", "json_trailing_commas.rs")]
    {
        let renamed = json.replacen("%name JsonLexer;", &format!("%name {name};"), 1);
        assert_ne!(renamed, json, "grammar/json.lex names its lexer `JsonLexer`");
        match json_lexgen::Builder::new().build_from_str(&renamed) {
            Ok(generated) => {
                let out = Path::new(&out_dir).join(file);
                generated.write_to_file(&out).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
