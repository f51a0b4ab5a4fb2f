//! Regenerates every lexer in `grammar/` into `OUT_DIR/<name>.rs` with json-lexgen,
//! each with its streaming lexer (`NameStream`) beside it, for input read in pieces,
//! and json.lex again as `JsonDocumentLexer` and `JsonTrailingCommasLexer`, jsonc.lex
//! and json5.lex as `JsoncDocumentLexer` and `Json5DocumentLexer` (one lexer per
//! parser loop, see below).

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
    // The dialects' lexers likewise get a copy for their documents, and the transcoder
    // (`transcode_reader`: the reader parser on a sink of its own) a streaming one.
    for (grammar, lexer, name, file, streaming) in [
        ("json", "JsonLexer", "JsonDocumentLexer", "json_document.rs", false),
        ("json", "JsonLexer", "JsonTrailingCommasLexer", "json_trailing_commas.rs", false),
        ("jsonc", "JsoncLexer", "JsoncDocumentLexer", "jsonc_document.rs", false),
        ("json5", "Json5Lexer", "Json5DocumentLexer", "json5_document.rs", false),
        ("json", "JsonLexer", "JsonTranscodeLexer", "json_transcode.rs", true),
    ] {
        let text = std::fs::read_to_string(format!("grammar/{grammar}.lex")).expect("the grammars ship with the crate");
        let renamed = text.replacen(&format!("%name {lexer};"), &format!("%name {name};"), 1);
        assert_ne!(renamed, text, "grammar/{grammar}.lex names its lexer `{lexer}`");
        let config = json_lexgen::Config::new().streaming(streaming);
        match json_lexgen::Builder::new().configure(config).build_from_str(&renamed) {
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
