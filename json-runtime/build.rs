//! Generates the JSON lexer (`json_runtime::lexer`) from `grammar/json.lex` with
//! json-lexgen, with its streaming form (`JsonLexerStream`) beside it. It is generated
//! here, not in `jsonlex`, so that this crate's own API can parse JSON text
//! (`Value: FromStr`, `RawValue`) with the one copy of the lexer that `jsonlex` uses too.

use std::path::Path;

fn main() {
    let grammar = "grammar/json.lex";
    println!("cargo:rerun-if-changed={grammar}");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let config = json_lexgen::Config::new().streaming(true).runtime_path("crate");
    match json_lexgen::Builder::new().configure(config).build_from_file(grammar) {
        Ok(generated) => {
            for w in generated.warnings() {
                println!("cargo:warning={}", w.render(grammar));
            }
            let out = Path::new(&out_dir).join("json.rs");
            generated.write_to_file(&out).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
