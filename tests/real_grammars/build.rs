//! Generates both sides of the comparison into OUT_DIR: re2rust on re2c's grammars
//! (re2c/original/real_world/c.re, with re2c 3.0's spelling of its settings, and
//! re2c/adapted/*.re, the small examples with actions that record tokens), and
//! json-lexgen on our conversions (*.lex). Fails the build, with what to install,
//! when re2rust is missing: the comparison must never pass by not running.

use std::path::{Path, PathBuf};
use std::process::Command;

const LEX_GRAMMARS: &[&str] = &["c", "c_values", "sentinel", "eof_rule", "stags", "parse_u32_conditions", "rust"];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=re2c");
    println!("cargo:rerun-if-changed=rust");

    let c_re = std::fs::read_to_string("re2c/original/real_world/c.re").expect("c.re is vendored");
    let c_re = re2c_3_settings(&c_re);
    std::fs::write(out.join("c.re"), &c_re).unwrap();
    re2rust(&out.join("c.re"), &out.join("c_re2rust.rs"), &["--no-unsafe"]);

    // The benchmark's kinds-only versions: c.re's rules unchanged, its actions return
    // the kind instead of building a Token (a String and line bookkeeping per token),
    // as our kinds-only lexer does. Bounds-checked as c.re is, and unchecked.
    let kinds = kinds_only(&c_re);
    std::fs::write(out.join("c_kinds.re"), &kinds).unwrap();
    re2rust(&out.join("c_kinds.re"), &out.join("c_kinds_re2rust.rs"), &["--no-unsafe"]);
    let unchecked = replace_once(&kinds, "\"input.data[input.cursor]\"", "\"*input.data.get_unchecked(input.cursor)\"");
    std::fs::write(out.join("c_kinds_unchecked.re"), &unchecked).unwrap();
    re2rust(&out.join("c_kinds_unchecked.re"), &out.join("c_kinds_unchecked_re2rust.rs"), &[]);

    // The value-producing C lexer's re2rust side: a derived copy of c.re (same rules,
    // actions that parse, intern and count lines as c_values.lex's callbacks do).
    let c_values = std::fs::read_to_string("re2c/derived/c_values.re").expect("c_values.re is in the crate");
    std::fs::write(out.join("c_values.re"), re2c_3_settings(&c_values)).unwrap();
    re2rust(&out.join("c_values.re"), &out.join("c_values_re2rust.rs"), &["--no-unsafe"]);

    for (name, flags) in
        [("parse_u32_conditions", &["-c"][..]), ("01_sentinel", &[]), ("03_eof_rule", &[]), ("01_stags", &[])]
    {
        re2rust(Path::new(&format!("re2c/adapted/{name}.re")), &out.join(format!("{name}_re2rust.rs")), flags);
    }
    re2rust(Path::new("rust/rust.re"), &out.join("rust_re2rust.rs"), &["-c"]);

    let mut failed = false;
    for name in LEX_GRAMMARS {
        let path = format!("{name}.lex");
        println!("cargo:rerun-if-changed={path}");
        match json_lexgen::Builder::new().build_from_file(&path) {
            Ok(generated) => {
                for w in generated.warnings() {
                    println!("cargo:warning={}", w.render(&path));
                }
                generated.write_to_file(out.join(format!("{name}_lex.rs"))).unwrap();
            }
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
        // The value lexer's streaming form (`CValuesLexerReader`), for its benchmark;
        // the slice lexer above stays the one built without streaming.
        if *name == "c_values" {
            let generated = json_lexgen::Builder::new()
                .configure(json_lexgen::Config::new().streaming(true))
                .build_from_file(&path)
                .unwrap_or_else(|e| panic!("c_values.lex, streaming: {e}"));
            generated.write_to_file(out.join("c_values_stream_lex.rs")).unwrap();
        }
    }
    assert!(!failed, "a converted grammar does not compile (errors above)");

    // The benchmark's kinds-only builds of c.lex: its `error("...")` rules as token kinds
    // (a plain lexer, `Token { kind, start, end }`, as c_kinds.re returns kinds), by
    // default, without `unsafe` (every read checked, as c.re's YYPEEK is), and with
    // every state as code (`%backend code`).
    let c_lex = std::fs::read_to_string("c.lex").expect("c.lex is beside build.rs");
    // c.lex's one-byte rule for c.re's `*` is `*` again here (c.lex says why it is not).
    let mut c_kinds = replace_once(&c_lex, "ANY_BYTE => error(\"bad character\");", "* => BadCharacter;");
    for (message, kind) in C_ERROR_KINDS {
        c_kinds = replace_once(&c_kinds, &format!("=> error(\"{message}\");"), &format!("=> {kind};"));
    }
    assert!(!c_kinds.contains("=> error"), "c.lex has an error rule that C_ERROR_KINDS does not name");
    for (file, config) in [
        ("c_kinds_lex.rs", json_lexgen::Config::new()),
        ("c_safe_lex.rs", json_lexgen::Config::new().unsafe_code(false)),
        ("c_code_lex.rs", json_lexgen::Config::new().backend(json_lexgen::BackendChoice::Code)),
    ] {
        let generated = json_lexgen::Builder::new()
            .configure(config)
            .build_from_str(&c_kinds)
            .unwrap_or_else(|e| panic!("c.lex with kinds for its errors: {e}"));
        generated.write_to_file(out.join(file)).unwrap();
    }
}

/// c.lex's (and c.re's) error messages, and the token kind each is in the benchmark's
/// kinds-only lexers (and in the logos derive).
const C_ERROR_KINDS: &[(&str, &str)] = &[
    ("unterminated comment", "UnterminatedComment"),
    ("unterminated character constant", "UnterminatedCharacterConstant"),
    ("unterminated string", "UnterminatedString"),
];

/// re2c 4 spells `re2c:YYPEEK` where 3.0 (Debian's, CI's) knows only `re2c:define:YYPEEK`.
fn re2c_3_settings(text: &str) -> String {
    text.replace("re2c:YY", "re2c:define:YY")
}

fn kinds_only(c_re: &str) -> String {
    let mut text = c_re.to_string();
    for (from, to) in [
        (
            "fn next_token(input: &mut Input) -> Result<Option<Token>, LexError> {",
            "fn next_kind(input: &mut Input) -> Result<Option<TName>, &'static str> {",
        ),
        // Once per input in the caller instead of once per token.
        ("    assert_eq!(input.data.last(), Some(&0));\n\n    if input.eof", "    if input.eof"),
        ("return input.check_type()", "return Ok(Some(TName::Id))"),
        ("match next_token(&mut input) {", "match next_kind(&mut input) {"),
    ] {
        text = replace_once(&text, from, to);
    }
    let tokens = text.matches("return input.token(TName::").count();
    assert!(tokens > 100, "c.re's actions changed shape: {tokens} `input.token` actions");
    // `return input.token(TName::X)` becomes `return Ok(Some(TName::X))`, and
    // `return input.error("why")` `return Err("why")`: each is on one line.
    let mut fixed = String::with_capacity(text.len());
    for line in text.lines() {
        if let Some(at) = line.find("return input.token(") {
            let close = line[at..].find(')').map(|i| at + i).expect("the action's kind is closed on its line");
            fixed.push_str(&line[..at]);
            fixed.push_str("return Ok(Some(");
            fixed.push_str(&line[at + "return input.token(".len()..close]);
            fixed.push_str("))");
            fixed.push_str(&line[close + 1..]);
        } else if let Some(at) = line.find("return input.error(") {
            fixed.push_str(&line[..at]);
            fixed.push_str("return Err(");
            fixed.push_str(&line[at + "return input.error(".len()..]);
        } else {
            fixed.push_str(line);
        }
        fixed.push('\n');
    }
    fixed
}

fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "expected one {from:?} in the grammar");
    text.replacen(from, to, 1)
}

fn re2rust(input: &Path, output: &Path, flags: &[&str]) {
    println!("cargo:rerun-if-changed={}", input.display());
    let status = Command::new("re2rust")
        .args(["-W", "-Werror"])
        .args(flags)
        .arg(input)
        .arg("-o")
        .arg(output)
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run re2rust ({e}): the token comparison needs it. Install re2c 3.0 or later \
                 (Debian/Ubuntu: `apt-get install re2c`, which ships re2rust); .ci/run does"
            )
        });
    assert!(status.success(), "re2rust failed on {}", input.display());
}
