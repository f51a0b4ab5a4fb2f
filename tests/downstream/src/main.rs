//! README.md's examples as a user of jsonlex writes them (jsonlex is this crate's only
//! dependency), each followed by checks of what README says it gives. A mismatch panics,
//! so `cargo run` exits non-zero.

use std::collections::BTreeMap;

// README, "From the macro", verbatim.
jsonlex::json_lexer!(file = "grammar/ini.lex");     // relative to CARGO_MANIFEST_DIR; edits rebuild
jsonlex::json_lexer!(r#"
    %name Words;
    [a-z]+ => Word;
    " "+   => skip;
    *      => error;
"#);

/// README's token loop, verbatim inside a function whose error type `?` can return.
fn readme_loop() -> Result<Vec<(WordsToken, usize, usize)>, jsonlex::LexError<WordsToken>> {
    let mut seen = Vec::new();
    for token in Words::new(b"hello world") {
        let token = token?;                              // json_runtime::Token { kind, start, end }
        println!("{:?} {}..{}", token.kind, token.start, token.end);
        seen.push((token.kind, token.start, token.end));
    }
    Ok(seen)
}

fn words() {
    assert_eq!(readme_loop(), Ok(vec![(WordsToken::Word, 0, 5), (WordsToken::Word, 6, 11)]));
    // `* => error`: a byte no other rule takes is a LexError where it starts.
    let tokens: Vec<_> = Words::new(b"ab C").collect();
    assert_eq!(tokens.len(), 2, "{tokens:?}");
    assert_eq!(tokens[0].map(|t| (t.kind, t.start, t.end)), Ok((WordsToken::Word, 0, 2)));
    let error = tokens[1].unwrap_err();
    assert_eq!((error.start, error.offset), (3, 3));
}

// README, "Token values, user state and recovery", verbatim.
#[derive(Default)]
pub struct Lines { pub newlines: usize }

fn int(lex: &mut Calc) -> Option<u64> {
    lex.text().ok()?.parse().ok()            // None (an overflow): an error, and lexing goes on
}

jsonlex::json_lexer!(r#"
    %name Calc;
    %extras Lines;
    %value Int: u64;
    %value Name: &'s str;                    // no callback needed: the token's text
    <CODE> [0-9]+ / ".."   => Int(int);      // `1..2` is Int Dot Int, not a float
    <CODE> [0-9]+          => Int(int);
    <CODE> ".."            => Dot;
    <CODE> [a-z]+          => Name;
    <CODE> "/*"            => skip -> push(COMMENT);
    <COMMENT> "/*"         => skip -> push(COMMENT);
    <COMMENT> "*/"         => skip -> pop;   // comments nest
    <COMMENT> [^*/]+ | [*/] => skip;
    <*> "\n"               => skip({ lex.extras.newlines += 1; });
    <CODE> " "+            => skip;
    <CODE> *               => error("unexpected character");
"#);

fn values() {
    let mut lexer = Calc::new("1..20 /* a /* b */ c */ x\n#y");
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next_token() {
        let at = lexer.position(lexer.span().start);      // line and column, on demand
        tokens.push((token.map_err(|e| e.message), at.line));
    }
    assert_eq!(tokens, [
        (Ok(CalcToken::Int(1)), 1), (Ok(CalcToken::Dot), 1), (Ok(CalcToken::Int(20)), 1),
        (Ok(CalcToken::Name("x")), 1), (Err(Some("unexpected character")), 2), (Ok(CalcToken::Name("y")), 2),
    ]);
    assert_eq!(lexer.extras.newlines, 1);
    // An overflow is an error of its span; the lexer goes on after it.
    let big: Vec<_> = Calc::new("99999999999999999999 7").map(|t| t.map_err(|e| e.span)).collect();
    assert_eq!(big, [Err(0..20), Ok(CalcToken::Int(7))]);
}

fn ini() {
    let input = b"[core]\nname = jsonlex ; not a comment\n; a comment\n";
    let tokens: Vec<(IniLexerToken, &[u8])> = IniLexer::new(input)
        .map(|t| {
            let t = t.expect("the INI grammar has a default rule: no lexing error");
            (t.kind, &input[t.start..t.end])
        })
        .collect();
    use IniLexerToken::*;
    let expected: Vec<(IniLexerToken, &[u8])> = vec![
        (Section, b"[core]"),
        (Newline, b"\n"),
        (Key, b"name"),
        (Equals, b" = "),
        (Value, b"jsonlex ; not a comment"),
        (Newline, b"\n"),
        (Comment, b"; a comment"),
        (Newline, b"\n"),
    ];
    assert_eq!(tokens, expected);
}

/// README, "Using the JSON library": the lines verbatim, in a function `?` can leave.
fn json_library() -> Result<(), jsonlex::Error> {
    let value = jsonlex::decode(br#"{"name": "jsonlex", "tags": ["json", 1]}"#)?;
    assert_eq!(value["tags"][1], 1);
    assert_eq!(value["name"], "jsonlex");
    // README: `jsonlex::validate(b"[1, 2")?;  // Err: line, column, offset, category`
    let e = jsonlex::validate(b"[1, 2").unwrap_err();
    assert_eq!((e.line(), e.column(), e.offset(), e.classify()), (1, 6, 5, jsonlex::Category::Eof));
    jsonlex::validate(br#"{"a": [1, 2.5, "x"]}"#)?;
    let text = jsonlex::encode(&value);                    // serde_json-identical output
    assert_eq!(text, r#"{"name":"jsonlex","tags":["json",1]}"#);
    assert_eq!(value.pointer("/tags/0"), Some(&jsonlex::Value::from("json")));   // RFC 6901
    assert_eq!(value.pointer("/tags/2"), None);

    let doc = jsonlex::Document::parse(br#"{"a": [1, "x"]}"#)?;    // borrowed: one tape, strings left in the input
    assert_eq!(doc.root().pointer("/a/1").and_then(|v| v.as_str()), Some("x"));
    assert_eq!(doc.root().to_owned(), jsonlex::decode(br#"{"a": [1, "x"]}"#)?);
    jsonlex::validate_reader(&b"[1, 2, 3]"[..])?;                   // any io::Read, in constant memory
    assert_eq!(jsonlex::validate_reader(&b"[1, 2,"[..]).unwrap_err().classify(), jsonlex::Category::Eof);
    let docs = jsonlex::decode_stream(b"1 [2] {\"a\": 3}").collect::<Result<Vec<_>, _>>()?;
    assert_eq!(jsonlex::encode(&jsonlex::Value::Array(docs.into())), r#"[1,[2],{"a":3}]"#);
    let pairs = jsonlex::Deserializer::from_reader(&b"[1, 2] [3, 4]"[..]).into_iter::<[u8; 2]>().collect::<Result<Vec<_>, _>>()?;
    assert_eq!(pairs, [[1, 2], [3, 4]]);
    let mut out = Vec::new();                                       // re-encode while reading, in constant memory
    jsonlex::transcode_reader(&b"{\"a\": [1, 2]}"[..], &mut out, &jsonlex::DecodeOptions::new(), &jsonlex::EncodeOptions::new())?;
    assert_eq!(out, br#"{"a":[1,2]}"#);
    let bad_lines = jsonlex::ndjson::validate(b"{}\n[1,\n2\n");     // NDJSON on every core: each bad line, in order
    assert_eq!(bad_lines.iter().map(|e| (e.line(), e.column())).collect::<Vec<_>>(), [(2, 4)]);
    let v5 = jsonlex::json5::decode(b"{unquoted: 'single', hex: 0x1F, trailing: [1,],}")?;
    assert_eq!(jsonlex::encode(&v5), r#"{"unquoted":"single","hex":31,"trailing":[1]}"#);
    let vc = jsonlex::jsonc::decode(b"{\"a\": 1 // a comment\n}")?;
    assert_eq!(vc["a"], 1);

    // "With the default `serde` feature, `jsonlex::from_slice::<T>` / `to_string` work on
    // your own types": here types this crate can name without depending on serde.
    let map: BTreeMap<String, Vec<u32>> = jsonlex::from_slice(br#"{"b": [2, 3], "a": [1]}"#)?;
    assert_eq!(map, BTreeMap::from([("a".to_string(), vec![1]), ("b".to_string(), vec![2, 3])]));
    assert_eq!(jsonlex::to_string(&map)?, r#"{"a":[1],"b":[2,3]}"#);
    let e = jsonlex::from_slice::<Vec<u32>>(b"[1, -2]").unwrap_err();
    assert_eq!(e.classify(), jsonlex::Category::Data);
    Ok(())
}

fn main() {
    words();
    values();
    ini();
    if let Err(e) = json_library() {
        panic!("README's JSON example failed: {e}");
    }
    println!("downstream: README's examples work");
}
