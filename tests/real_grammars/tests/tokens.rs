//! Each converted grammar against re2rust on the same input: the same tokens (kind
//! names, spans), on vendored real source text (corpus/, with its licences) and on
//! inputs that reach every rule. Where a conversion is known to be partial
//! (docs/grammar.md, "Converting re2c grammars"), the inputs that show it are listed
//! and must differ, so that the gap stays visible until the feature lands.

use jsonlex_real_grammars::{
    c_lex_tokens, c_values_tokens, jsonlex, lex_tokens, nul_terminated, re2rust, rust_lex_tokens, Tok,
};
use std::path::{Path, PathBuf};

/// The vendored files under corpus/`dir` with one of `exts`, in a stable order.
fn corpus(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, exts, out);
            } else if path.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(dir), exts, &mut out);
    out.sort();
    assert!(!out.is_empty(), "no corpus files under corpus/{dir}");
    out
}

/// Where two token lists part, with the tokens around it and the text there.
fn first_difference(input: &[u8], ours: &[Tok], theirs: &[Tok]) -> Option<String> {
    let at = ours
        .iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .or_else(|| (ours.len() != theirs.len()).then(|| ours.len().min(theirs.len())))?;
    let from = at.saturating_sub(2);
    let offset = ours.get(at).or(theirs.get(at)).map_or(input.len(), |t| t.1);
    let text =
        String::from_utf8_lossy(&input[offset.saturating_sub(20).min(input.len())..(offset + 20).min(input.len())])
            .into_owned();
    Some(format!(
        "token {at} differs (near {text:?}):\n  jsonlex: {:?}\n  re2rust: {:?}",
        &ours[from.min(ours.len())..(at + 3).min(ours.len())],
        &theirs[from.min(theirs.len())..(at + 3).min(theirs.len())],
    ))
}

/// Both C lexers' tokens, errors included: c.lex's `error("...")` rules report c.re's
/// messages over the same spans, and both go on after an error.
fn c_tokens_both(text: &str) -> (Vec<Tok>, Vec<Tok>) {
    (c_lex_tokens(&nul_terminated(text.as_bytes())), re2rust::c::tokens(text))
}

/// Inputs written to reach the C lexer's rules that musl's sources do not (UTF-8,
/// unterminated tokens at the end, hex floats, every error).
const C_CASES: &[&str] = &[
    "int main() { return 0; }",
    "/* é, ü and ∅ in a comment */ char *s = \"naïve ∅\"; // ß\n",
    "x = 0x1p-3 + 0x1.8p1f + 1e10L + .5 + 5. + 0777u + 0xFFull + 'a' + L'\\n' + u8\"s\" \"t\"\n  \"u\";",
    "a ... b .. c >>= <<= -> ## @ ` $",
    "/* unterminated",
    "/* ends in a star *",
    "'unterminated",
    "\"unterminated\nnext",
    "_Static_assert(sizeof(int) == 4, \"\\x41\\101\\?\");",
    // From a C++ header: c.re has no `\u` escape, so `'` and `\` are bad characters.
    "x = u'\\u2028';",
];

#[test]
fn c_lexer_equals_re2rust_on_musl_sources() {
    let files = corpus("c", &["c", "h"]);
    let (mut tokens, mut errors, mut bytes) = (0, 0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let (ours, theirs) = c_tokens_both(&text);
        if let Some(diff) = first_difference(text.as_bytes(), &ours, &theirs) {
            panic!("{}: {diff}", path.display());
        }
        tokens += ours.len();
        errors += ours.iter().filter(|t| t.0 == "error: bad character").count();
        bytes += text.len();
    }
    eprintln!("C: {} files, {bytes} bytes, {tokens} tokens ({errors} bad characters) equal", files.len());
    assert!(bytes > 500_000 && tokens > 100_000, "the corpus is the real one");
    // musl's headers start with `#`, which c.re has no rule for: recovery is exercised.
    assert!(errors > 1000);
}

#[test]
fn c_lexer_equals_re2rust_on_written_cases() {
    for case in C_CASES {
        let (ours, theirs) = c_tokens_both(case);
        if let Some(diff) = first_difference(case.as_bytes(), &ours, &theirs) {
            panic!("{case:?}: {diff}");
        }
    }
}

/// The benchmark's kinds-only re2rust lexer (build.rs rewrites c.re's actions) still
/// lexes as c.re does.
#[test]
fn c_kinds_only_rewrite_keeps_c_re_tokens() {
    let files = corpus("c", &["c", "h"]);
    for path in files.iter().step_by(7) {
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(re2rust::c_kinds::tokens(&text), re2rust::c::tokens(&text), "{}", path.display());
    }
    for case in C_CASES {
        assert_eq!(re2rust::c_kinds::tokens(case), re2rust::c::tokens(case), "{case:?}");
    }
}

/// A fixed-seed generator of short inputs over an alphabet: the small examples'
/// grammars are exercised on every short shape their rules care about.
fn random_inputs(alphabet: &[u8], count: usize, max_len: usize) -> Vec<Vec<u8>> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let len = (next() % (max_len as u64 + 1)) as usize;
            (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect()
        })
        .collect()
}

#[test]
fn sentinel_example_equals_re2rust() {
    let mut inputs: Vec<Vec<u8>> = ["", "one two three", "f0ur"].iter().map(|s| s.as_bytes().to_vec()).collect();
    inputs.extend(random_inputs(b"ab z0\0", 3000, 12));
    for input in &inputs {
        let text = nul_terminated(input);
        let ours = lex_tokens::<jsonlex::sentinel::SentinelLexer>(&text, &["Bad", "Nul"]);
        let theirs = re2rust::owned(re2rust::sentinel::tokens(&text));
        assert_eq!(ours, theirs, "{input:?}");
    }
}

#[test]
fn eof_rule_example_equals_re2rust() {
    let mut inputs: Vec<Vec<u8>> =
        ["", "'qu\0tes' 'are' 'fine: \\'' ", "'unterminated\\'"].iter().map(|s| s.as_bytes().to_vec()).collect();
    inputs.extend(random_inputs(b"a' \\\0", 3000, 12));
    for input in &inputs {
        // re2c's lexer wants the NUL past its limit; ours knows where the input ends.
        let ours = lex_tokens::<jsonlex::eof_rule::EofRuleLexer>(input, &["Bad", "End"]);
        let theirs = re2rust::owned(re2rust::eof_rule::tokens(&nul_terminated(input)));
        assert_eq!(ours, theirs, "{input:?}");
    }
}

#[test]
fn stags_example_equals_re2rust_but_for_tags() {
    let mut inputs: Vec<Vec<u8>> = ["23.34", "1.2.99999", "1.a"].iter().map(|s| s.as_bytes().to_vec()).collect();
    inputs.extend(random_inputs(b"12.a\0", 3000, 10));
    for input in &inputs {
        let text = nul_terminated(input);
        let ours = lex_tokens::<jsonlex::stags::StagsLexer>(&text, &["SemVer", "Bad"]);
        let (theirs, _tags) = re2rust::stags::tokens(&text);
        assert_eq!(ours, re2rust::owned(theirs), "{input:?}");
    }
    // What the conversion loses: re2c's tags give the parts' positions.
    let (_, tags) = re2rust::stags::tokens(b"1.2.99999\0");
    assert_eq!(tags, Some([0, 1, 2, 3, 4]));
}

/// re2c's empty `"" / [1-9]` token (DecStart, where a decimal number starts), which
/// parse_u32_conditions.lex cannot have (a rule must consume input): removed from
/// re2c's tokens, so that every other token must equal ours. Returns whether there was one.
fn drop_empty_dec_start(tokens: &mut Vec<Tok>) -> bool {
    let before = tokens.len();
    tokens.retain(|t| !(t.0 == "DecStart" && t.1 == t.2));
    tokens.len() != before
}

#[test]
fn conditions_example_equals_re2rust() {
    let mut inputs: Vec<Vec<u8>> =
        ["", "1234567890", "0b1101", "0x7Fe", "0644", "9999999999", "0b", "0x", "0bx", "0xg"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
    inputs.extend(random_inputs(b"0123456789abfxABFX\0", 3000, 8));
    let (mut trailing, mut dec_starts) = (0, 0);
    for input in &inputs {
        let text = nul_terminated(input);
        let ours = lex_tokens::<jsonlex::parse_u32_conditions::ParseU32Lexer>(&text, &["Invalid", "End"]);
        let mut theirs = re2rust::owned(re2rust::parse_u32_conditions::tokens(&text));
        // The one gap: inputs that start with [1-9], and only those, have re2c's empty token.
        let dec_start = drop_empty_dec_start(&mut theirs);
        assert_eq!(dec_start, matches!(input.first(), Some(b'1'..=b'9')), "{input:?}: {theirs:?}");
        assert_eq!(ours, theirs, "{input:?} (re2c's empty DecStart dropped: {dec_start})");
        dec_starts += dec_start as usize;
        // Where the trailing context decides: `0b`/`0x` not followed by a digit of the base.
        trailing += matches!(input.as_slice(), [b'0', b'b' | b'B' | b'x' | b'X', ..]) as usize;
    }
    assert!(trailing > 10 && dec_starts > 100, "{trailing} {dec_starts}");
}

/// What parse_u32_conditions.lex still cannot do: re2c's `"" / [1-9]` makes an empty
/// token (and switches condition) before the first digit.
#[test]
fn conditions_example_known_gap_still_differs() {
    let text = nul_terminated(b"42");
    let ours = lex_tokens::<jsonlex::parse_u32_conditions::ParseU32Lexer>(&text, &["Invalid", "End"]);
    let theirs = re2rust::owned(re2rust::parse_u32_conditions::tokens(&text));
    assert_ne!(ours, theirs, "re2c's empty DecStart now has a counterpart: compare it");
    assert_eq!(theirs[0], ("DecStart".to_string(), 0, 0));
}

fn rust_tokens_both(text: &[u8]) -> (Vec<Tok>, Vec<Tok>) {
    let ours = rust_lex_tokens(text);
    let theirs = re2rust::owned(re2rust::rust::tokens(&nul_terminated(text)));
    (ours, theirs)
}

#[test]
fn rust_lexer_equals_re2rust_on_real_rust() {
    let files = corpus("rust", &["rs"]);
    let (mut tokens, mut bytes, mut dot_floats) = (0, 0, 0);
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let (ours, theirs) = rust_tokens_both(&text);
        if let Some(diff) = first_difference(&text, &ours, &theirs) {
            panic!("{}: {diff}", path.display());
        }
        dot_floats += ours.iter().filter(|t| t.0 == "Float" && text[t.2 - 1] == b'.').count();
        tokens += ours.len();
        bytes += text.len();
    }
    eprintln!("Rust: {} files, {bytes} bytes, {tokens} tokens equal ({dot_floats} `1.` floats)", files.len());
    assert!(bytes > 200_000 && tokens > 30_000);
}

#[test]
fn rust_lexer_equals_re2rust_on_nesting_and_raw_strings() {
    for case in [
        "a /* one /* two /* three /* four */ */ */ */ b",
        "/** doc /* inner */ still doc */ fn f() {}",
        "x /*/ not closed by this */ y",
        "a /* /* unterminated */",
        r####"let s = r"a\b"; let t = r#"say "hi""#; let u = r##"a"#b"##; let v = br#"x"#;"####,
        "let c = 'a'; let n = '\\n'; let u = '\\u{1F600}'; let e = 'é'; fn f<'a>(x: &'a str) -> &'static str { x }",
        "let x = 1..2; let y = 1.0e-5f64; let z = 0x_FF_u8 + 0o17 + 0b1010 + 1_000i64; t.0.1; x.max(1.5)",
        "let s = \"multi\nline \\\" escaped\"; let b = b\"bytes\"; let c = c\"cstr\"; r#type",
        "#![allow(x)] fn main() { let v: Vec<Vec<u8>> = vec![]; a <<= 2; b ..= c; d::e }",
        // Outside strings and comments, a non-ASCII character is Unknown in both: re2c's
        // `*` takes one byte in UTF-8 mode too, as ours does.
        "let é = ∅;",
        // Nesting deeper than any fixed set of conditions (the condition stack).
        "/* 1 /* 2 /* 3 /* 4 /* 5 /* 6 */ */ */ */ */ */ x /* 1 /* 2 */",
        // `1.` is a float where no '.', identifier or digit follows (trailing context),
        // also before a multibyte character and at the end of the input.
        "let x = 1. ; f(2.); 3.max(4.); 5..6; 7.e; 8._; 9.0; [1.,2.]; 1.\u{e9}; 1.é; 1.∅ 2.",
        "1.",
        "1.\n",
        // Raw strings with any number of hashes (a callback that scans), and unterminated.
        r#####"r###"a"## still "###; br####"x"###"####; r"plain" r#"one"#"#####,
        r####"x r##"never closed"# "####,
        r#"r"unterminated"#,
    ] {
        let (ours, theirs) = rust_tokens_both(case.as_bytes());
        if let Some(diff) = first_difference(case.as_bytes(), &ours, &theirs) {
            panic!("{case:?}: {diff}");
        }
    }
}

/// The benchmark's logos derive lexes as c.lex does, with its errors as kinds (the
/// benchmark's kinds-only c.lex, build.rs) (`--features logos`). On its own
/// thread with a large stack: logos's byte-mode code recurses in unoptimized builds
/// (a file of /usr/include overflowed 2 MiB; logos issue #384 is the same).
#[cfg(feature = "logos")]
#[test]
fn logos_c_derive_equals_c_lex() {
    let compare = || {
        let files = corpus("c", &["c", "h"]);
        for path in &files {
            let text = std::fs::read_to_string(path).unwrap();
            let ours = lex_tokens::<jsonlex::c_kinds::CLexer>(&nul_terminated(text.as_bytes()), &["Eof"]);
            let theirs = jsonlex_real_grammars::logos_c::tokens(&format!("{text}\0"));
            if let Some(diff) = first_difference(text.as_bytes(), &ours, &theirs) {
                panic!("{}: {diff}", path.display());
            }
        }
        for case in C_CASES {
            let ours = lex_tokens::<jsonlex::c_kinds::CLexer>(&nul_terminated(case.as_bytes()), &["Eof"]);
            let theirs = jsonlex_real_grammars::logos_c::tokens(&format!("{case}\0"));
            if let Some(diff) = first_difference(case.as_bytes(), &ours, &theirs) {
                panic!("{case:?}: {diff}");
            }
        }
    };
    std::thread::Builder::new().stack_size(256 << 20).spawn(compare).unwrap().join().unwrap();
}

/// The value-producing C lexer (c_values.lex) against re2rust's derived c_values.re and
/// the logos derive with the same callbacks: the same tokens with the same values
/// (integers, floats, interned identifiers), the same errors over the same spans, and
/// the same line count, on musl and the written cases. And its tokens are c.lex's.
#[test]
fn c_value_lexers_agree() {
    let compare = || {
        let mut texts: Vec<(String, String)> = corpus("c", &["c", "h"])
            .iter()
            .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
            .collect();
        texts.extend(C_CASES.iter().map(|c| (format!("{c:?}"), c.to_string())));
        texts.push((
            "values".into(),
            "0x10 010 10 10ull 'a' '\\n' '\\x41' '\\101' L'é' 1.5 .5f 5. 1e3 0x1p-2 0x1.8p1 x y x 99999999999999999999"
                .into(),
        ));
        let (mut values, mut lines) = (0, 0);
        for (name, text) in &texts {
            let nul = nul_terminated(text.as_bytes());
            let (ours, our_lines) = c_values_tokens(&nul);
            let (theirs, their_lines) = re2rust::c_values::tokens(text);
            if let Some(diff) = first_difference(text.as_bytes(), &ours, &theirs) {
                panic!("{name}: re2rust: {diff}");
            }
            assert_eq!(our_lines, their_lines, "{name}: lines");
            // The streaming form, through a 16-byte buffer (grown for longer tokens):
            // the same values, errors, names and lines.
            let summary = jsonlex_real_grammars::c_values_count(&nul);
            assert_eq!(jsonlex_real_grammars::c_values_count_buffered(&nul, 16), summary, "{name}: the reader");
            #[cfg(feature = "logos")]
            {
                let (logos, logos_lines) = jsonlex_real_grammars::logos_values::tokens(&format!("{text}\0"));
                if let Some(diff) = first_difference(text.as_bytes(), &ours, &logos) {
                    panic!("{name}: logos (as re2rust): {diff}");
                }
                assert_eq!(our_lines, logos_lines, "{name}: lines");
            }
            // The same tokens as c.lex: the values aside, nothing moved.
            let kinds: Vec<Tok> = ours
                .iter()
                .map(|(k, s, e)| {
                    // A value that does not parse is an error of the token's rule.
                    let kind = match (k.strip_prefix("error: Message(\""), k.as_str()) {
                        (Some(message), _) => format!("error: {}", message.trim_end_matches("\")")),
                        (None, "error: IntOverflow") => "IntConst".to_string(),
                        (None, "error: BadFloat") => "FloatConst".to_string(),
                        (None, _) => k.split('(').next().unwrap().to_string(),
                    };
                    (kind, *s, *e)
                })
                .collect();
            assert_eq!(kinds, c_lex_tokens(&nul), "{name}: c_values.lex's tokens are not c.lex's");
            values += ours.iter().filter(|t| t.0.contains('(') && !t.0.starts_with("error")).count();
            lines += our_lines;
        }
        eprintln!("C values: {} texts, {values} values, {lines} lines equal in the three lexers", texts.len());
        assert!(values > 50_000 && lines > 10_000);
    };
    std::thread::Builder::new().stack_size(256 << 20).spawn(compare).unwrap().join().unwrap();
}
