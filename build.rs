//! Regenerates every lexer in `grammar/` (the dialects: JSONC, JSON5) into
//! `OUT_DIR/<name>.rs` with json-lexgen, each with its streaming lexer (`NameStream`)
//! beside it, for input read in pieces. The JSON lexer itself is json-runtime's
//! (`json-runtime/build.rs`), re-exported as `jsonlex::lexer`.
//! One lexer serves every parser loop: the generated `next_token` is
//! `#[inline(always)]`, so each loop that calls it (decode and validate, `Document`,
//! the dialect loop, the reader loops) gets it inlined whatever the number of callers.

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
    if failed {
        std::process::exit(1);
    }
}
