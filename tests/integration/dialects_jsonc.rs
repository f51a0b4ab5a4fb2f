//! JSONC (`jsonlex::jsonc`) is JSON after stripping comments: the JSON corpus
//! (JSONTestSuite's valid files, every boundary between two tokens; the benchmark corpus,
//! a seeded sample of boundaries) with comments inserted decodes to exactly the value
//! of the document without them. Also: strict JSON's message for comments, JSONC's
//! errors, and trailing commas as an option.

use jsonlex::lexer::JsonLexer;
use jsonlex::{jsonc, Category, DecodeOptions};

use crate::common::assert_same;

const COMMENTS: [&str; 6] = ["/**/", "// line\n", "/* block */", "/* a * b ** / */", "//\r", "/* é ☃ \n */"];

/// `input` (strict JSON) with a comment (and sometimes white space) after the token
/// boundaries `take` picks: before the first token, after each token.
fn with_comments(input: &[u8], mut take: impl FnMut(usize) -> bool) -> Vec<u8> {
    let mut lexer = JsonLexer::new(input);
    let mut out = Vec::with_capacity(input.len() * 2);
    let mut at = 0;
    let mut n = 0;
    let mut boundary = |out: &mut Vec<u8>, n: &mut usize| {
        if take(*n) {
            out.extend_from_slice(COMMENTS[*n % COMMENTS.len()].as_bytes());
            if n.is_multiple_of(3) {
                out.push(b' ');
            }
        }
        *n += 1;
    };
    while let Some(t) = lexer.next_token() {
        let t = t.expect("the corpus is valid JSON");
        out.extend_from_slice(&input[at..t.start]);
        boundary(&mut out, &mut n);
        out.extend_from_slice(&input[t.start..t.end]);
        at = t.end;
    }
    out.extend_from_slice(&input[at..]);
    boundary(&mut out, &mut n);
    out
}

fn check(name: &str, input: &[u8], commented: &[u8]) {
    let strict = jsonlex::decode(input).unwrap();
    let ours = jsonc::decode(commented).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_same(&ours, &strict);
    jsonc::validate(commented).unwrap();
    let document = jsonc::parse_document(commented).unwrap_or_else(|e| panic!("{name}: document: {e}"));
    assert_same(&document.root().to_owned(), &strict);
    // The streaming serde deserializer on the JSONC lexer: the same value.
    let via_serde: jsonlex::Value = jsonc::from_slice(commented).unwrap();
    assert_same(&via_serde, &strict);
    // Strict JSON says where the first comment is, and that JSONC would take it.
    if commented != input {
        let e = jsonlex::decode(commented).unwrap_err();
        assert!(e.message().starts_with("comments are not allowed in strict JSON"), "{name}: {e}");
        assert!(commented[e.offset()..].starts_with(b"/"), "{name}: {e}");
    }
}

#[test]
fn json_test_suite_with_a_comment_at_every_boundary() {
    let mut n = 0;
    for (name, input) in crate::common::json_test_suite("y_") {
        check(&name, &input, &with_comments(&input, |_| true));
        check(&name, &input, &input);
        n += 1;
    }
    assert!(n > 90);
}

#[test]
fn benchmark_corpus_with_comments_at_sampled_boundaries() {
    for (file, every) in [("twitter", 1), ("citm_catalog", 7), ("canada", 29), ("utf-8-escaped", 1)] {
        let input = crate::common::corpus_file(file);
        // A seeded sample: xorshift, one boundary in `every` on average.
        let mut seed = 0x9E37_79B9u32;
        let commented = with_comments(&input, |_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed.is_multiple_of(every)
        });
        assert!(commented.len() > input.len());
        check(file, &input, &commented);
    }
}

#[test]
fn errors() {
    let err = |s: &[u8]| {
        let e = jsonc::decode(s).unwrap_err();
        // The borrowed document fails the same way.
        let d = jsonc::parse_document(s).unwrap_err();
        assert_eq!((d.classify(), d.to_string()), (e.classify(), e.to_string()));
        (e.classify(), e.to_string())
    };
    assert_eq!(
        err(b"[1, /* 2"),
        (Category::Eof, "unterminated block comment (no `*/` after it) at line 1, column 5".into())
    );
    assert_eq!(
        err(b"[1, /* 2 *"),
        (Category::Eof, "unterminated block comment (no `*/` after it) at line 1, column 5".into())
    );
    assert_eq!(
        err(b"[1, / 2]"),
        (Category::Syntax, "unexpected character `/` (a comment starts with `//` or `/*`) at line 1, column 5".into())
    );
    assert_eq!(
        err(b"[1, // \xFF\n2]"),
        (Category::Utf8, "invalid UTF-8 in a comment (byte 0xFF) at line 1, column 8".into())
    );
    assert_eq!(
        err(b"[1, /* \xC3 */ 2]"),
        (Category::Utf8, "invalid UTF-8 in a comment (byte 0xC3) at line 1, column 8".into())
    );
    // Everything else is strict JSON's, with its messages.
    assert_eq!(
        err(b"{'a': 1}"),
        (Category::Syntax, "unexpected character `'` (strings take double quotes) at line 1, column 2".into())
    );
    assert_eq!(err(b"[1,]"), (Category::Syntax, "expected a value at line 1, column 4".into()));
    let e = jsonlex::decode(b"{\n  // the size\n  \"a\": 1}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "comments are not allowed in strict JSON: use the JSONC dialect (`--dialect jsonc`, `jsonlex::jsonc`) at line 2, column 3"
    );
    assert_eq!(jsonlex::decode(b"[1 /* x */]").unwrap_err().column(), 4);
    // Comments end at LF or CR; a comment at the very end needs no line end.
    assert_eq!(jsonc::decode(b"[1, //x\r2] // end").unwrap(), jsonlex::decode(b"[1, 2]").unwrap());
    assert_eq!(jsonc::decode(b"/***/ 1 /*/ x */").unwrap(), 1);
}

#[test]
fn trailing_commas_are_an_option() {
    let allow = DecodeOptions::new().trailing_commas(true);
    for (doc, json) in [
        (&b"[1, 2,]"[..], &b"[1, 2]"[..]),
        (b"{\"a\": [1,], \"b\": {},}", b"{\"a\": [1], \"b\": {}}"),
        (b"[[],[{},],]", b"[[],[{}]]"),
    ] {
        let want = jsonlex::decode(json).unwrap();
        assert_same(&jsonlex::decode_with(doc, &allow).unwrap(), &want);
        assert_same(&jsonc::decode_with(doc, &allow).unwrap(), &want);
        jsonlex::validate_with(doc, &allow).unwrap();
        let via_serde: jsonlex::Value = jsonc::from_slice_with(doc, &allow).unwrap();
        assert_same(&via_serde, &want);
        assert!(jsonlex::decode(doc).is_err());
        assert!(jsonc::decode(doc).is_err());
    }
    for bad in [&b"[,]"[..], b"{,}", b"[1,,]", b"{\"a\":1,,}", b"[1,", b",", b"{\"a\",}"] {
        assert!(jsonlex::decode_with(bad, &allow).is_err(), "{}", String::from_utf8_lossy(bad));
        assert!(jsonlex::validate_with(bad, &allow).is_err(), "{}", String::from_utf8_lossy(bad));
    }
}

#[test]
fn jsonc_lexer_keeps_its_promises_on_json_test_suite() {
    // Every file (invalid UTF-8 and lone surrogates included): the trusted decoder on
    // the JSONC lexer gives what the checking one gives, and what strict JSON gives
    // wherever the file has no `/`.
    for (name, input) in crate::common::json_test_suite("") {
        let options = jsonc::options();
        let trusted = jsonc::decode(&input);
        let checking = jsonlex::runtime::de::decode_dialect::<jsonc::lexer::JsoncLexer>(&input, &options);
        match (&trusted, &checking) {
            (Ok(a), Ok(b)) => assert_same(a, b),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            _ => panic!("{name}: trusted and checking disagree"),
        }
        if !input.contains(&b'/') {
            match (&trusted, jsonlex::decode(&input)) {
                (Ok(a), Ok(b)) => assert_same(a, &b),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{name}"),
                _ => panic!("{name}: JSONC and JSON disagree"),
            }
        }
    }
}
