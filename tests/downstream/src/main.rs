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

// README, "Token values, user state and recovery": with `streaming`, a value grammar also
// gets `NameReader<R>`, its tokens read from any `io::Read`.
fn run_length(lex: &mut Tally) -> usize {
    lex.slice().len()
}

jsonlex::json_lexer!(r#"
    %name Tally;
    %value Run: usize;
    %value Word: &'s str;
    [0-9]+  => Run(run_length);
    [a-z]+  => Word;
    [ \n]+ => skip;
    *       => error("unexpected");
"#, streaming);

/// A reader that gives one byte per call: every token spans refills.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((&b, rest)) = self.0.split_first() else { return Ok(0) };
        buf[0] = b;
        self.0 = rest;
        Ok(1)
    }
}

fn value_reader() {
    use jsonlex::runtime::lex::StreamError;
    let text = "1234 abc\n56 ? de";
    let slice: Vec<_> = Tally::new(text).spanned().map(|(t, span)| (t.map_err(|e| e.message), span)).collect();
    let mut reader = TallyReader::new(OneByte(text.as_bytes())).with_capacity(2);
    let mut streamed = Vec::new();
    // A token's `&str` borrows the reader's buffer until the next call: keep it owned.
    while let Some((token, span)) = reader.next_spanned() {
        let token = match token {
            Ok(t) => Ok(format!("{t:?}")),
            Err(StreamError::Token(e)) => Err(e.message),
            Err(StreamError::Io { error, .. }) => panic!("a slice cannot fail: {error}"),
        };
        streamed.push((token, span));
    }
    let slice_owned: Vec<_> = slice.iter().map(|(t, span)| (t.as_ref().map(|t| format!("{t:?}")).map_err(|e| *e), span.clone())).collect();
    assert_eq!(streamed, slice_owned);
    assert_eq!(slice[0], (Ok(TallyToken::Run(4)), 0..4));
    assert_eq!(slice[3], (Err(Some("unexpected")), 12..13));
    assert_eq!(reader.position(14).line, 2);
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
    // The dialects from any io::Read (the one parser loop, its dialect arms over the streaming lexers).
    let file = &b"{unquoted: 'single', hex: 0x1F, trailing: [1,],}"[..];
    assert_eq!(jsonlex::json5::decode_reader(file)?, v5);
    let opts = jsonlex::json5::options().non_finite(jsonlex::NonFinite::Null);
    assert_eq!(jsonlex::json5::decode_reader_with(&b"[NaN, +1]"[..], &opts)?, jsonlex::decode(b"[null, 1]")?);
    jsonlex::json5::validate_reader(&b"[Infinity]"[..])?;
    assert!(jsonlex::json5::validate_reader_with(&b"[Infinity]"[..], &jsonlex::json5::options()).is_err());
    assert_eq!(jsonlex::jsonc::decode_reader(&b"{\"a\": 1 // a comment\n}"[..])?, vc);
    let trailing = jsonlex::DecodeOptions::new().trailing_commas(true);
    assert_eq!(jsonlex::jsonc::decode_reader_with(&b"[1, /* two */ 2,]"[..], &trailing)?, jsonlex::decode(b"[1, 2]")?);
    assert_eq!(jsonlex::jsonc::validate_reader(&b"[1, /* 2"[..]).unwrap_err().line(), 1);
    jsonlex::jsonc::validate_reader_with(&b"[1,]"[..], &trailing)?;
    jsonlex::validate_reader_with(&b"[1, 2,]"[..], &trailing)?;   // strict JSON's reader takes trailing commas too

    // "With the default `serde` feature, `jsonlex::from_slice::<T>` / `to_string` work on
    // your own types": here types this crate can name without depending on serde.
    let map: BTreeMap<String, Vec<u32>> = jsonlex::from_slice(br#"{"b": [2, 3], "a": [1]}"#)?;
    assert_eq!(map, BTreeMap::from([("a".to_string(), vec![1]), ("b".to_string(), vec![2, 3])]));
    assert_eq!(jsonlex::to_string(&map)?, r#"{"a":[1],"b":[2,3]}"#);
    let e = jsonlex::from_slice::<Vec<u32>>(b"[1, -2]").unwrap_err();
    assert_eq!(e.classify(), jsonlex::Category::Data);
    Ok(())
}

/// README's "serde_json drop-in" example: serde_json's API under jsonlex's name.
fn serde_json_drop_in() -> Result<(), jsonlex::Error> {
    use jsonlex::json;
    let name = "jsonlex";
    let v = json!({"name": name, "tags": ["json", 1, null], (format!("{name}_ok")): true,});
    assert_eq!(jsonlex::to_string_pretty(&v)?, "{\n  \"name\": \"jsonlex\",\n  \"tags\": [\n    \"json\",\n    1,\n    null\n  ],\n  \"jsonlex_ok\": true\n}");
    assert_eq!(jsonlex::to_vec_pretty(&json!([]))?, b"[]");
    let mut out = Vec::new();
    jsonlex::to_writer_pretty(&mut out, &json!({"a": 1}))?;
    assert_eq!(out, b"{\n  \"a\": 1\n}");
    assert_eq!(format!("{v:#}"), jsonlex::to_string_pretty(&v)?);
    assert_eq!(jsonlex::to_value(7u8)?, 7);                 // by value, or `&x`
    let tags: Vec<jsonlex::Value> = jsonlex::from_value(v["tags"].clone())?;
    assert_eq!(tags.len(), 3);
    let n: jsonlex::Number = "1.5e3".parse()?;
    let parsed: jsonlex::Value = r#"{"name": "jsonlex", "tags": ["json", 1, null], "jsonlex_ok": true}"#.parse()?;
    assert_eq!(parsed, v);                                  // Value: FromStr, serde_json's errors
    assert_eq!("[1,".parse::<jsonlex::Value>().unwrap_err().to_string(), "EOF while parsing a value at line 1 column 3");
    assert_eq!(n.to_string(), "1500.0");
    let e = jsonlex::from_str::<Vec<u8>>("[1 2]").unwrap_err();
    assert!(e.is_syntax() && !e.is_data() && !e.is_eof() && !e.is_io());
    assert_eq!(e.to_string(), "expected `,` or `]` at line 1 column 4"); // serde_json's words
    let io: std::io::Error = e.into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);
    let mut map = jsonlex::Map::new();
    map.insert("b", json!(1));
    map.shift_insert(0, "a", json!(0));
    map.entry("c").or_insert(json!(2));
    map.retain(|k, _| k.as_str() != "b");
    let mut more = jsonlex::Map::new();
    more.insert("0", json!(null));
    map.append(&mut more);
    assert!(more.is_empty());
    if let jsonlex::map::Entry::Occupied(e) = map.entry("0") {
        assert_eq!(e.remove(), json!(null));
    }
    map.sort_keys();
    assert_eq!(jsonlex::Value::Object(map), json!({"a": 0, "c": 2}));
    // serde_json's module paths and Number conversions.
    assert_eq!(jsonlex::value::to_value("s")?, "s");
    assert_eq!(jsonlex::Number::from_i128(-5).and_then(|n| n.as_i128()), Some(-5));
    assert_eq!(jsonlex::Number::from_u128(u128::MAX), None);
    assert_eq!(jsonlex::Number::from_f64(1e300).and_then(|n| n.as_f32()), None);
    let e: jsonlex::error::Error = jsonlex::from_str::<u8>("[").unwrap_err();
    assert_eq!(e.classify(), jsonlex::error::Category::Data);
    // The serde API words an error as serde_json does; decode's words stay reachable.
    let e = jsonlex::from_str::<jsonlex::Value>("[1 2]").unwrap_err();
    assert_eq!(e.decode_message(), "expected ',' or ']' after an array element");
    assert_eq!(e.decode_style().to_string(), "expected ',' or ']' after an array element at line 1, column 4");
    let mut de = jsonlex::Deserializer::from_str("[[[]]]");
    de.disable_recursion_limit();
    let deep = de.into_iter::<jsonlex::Value>().next().transpose()?;
    assert_eq!(deep, Some(json!([[[]]])));
    let mut docs = jsonlex::Deserializer::from_str("1 2").into_iter::<u8>();
    assert_eq!((docs.next().transpose()?, docs.byte_offset()), (Some(1), 1));
    // Raw values (serde_json's `raw_value`): text kept as written, borrowed or owned.
    use jsonlex::value::{to_raw_value, RawValue};
    let parts: Vec<&RawValue> = jsonlex::from_str(r#"[{"a": 1}, "x" ]"#)?;
    assert_eq!((parts[0].get(), parts[1].get()), (r#"{"a": 1}"#, r#""x""#));
    assert_eq!(jsonlex::to_string(&parts)?, r#"[{"a": 1},"x"]"#);
    let owned: Box<RawValue> = jsonlex::from_reader(&b" [1,  2] "[..])?;
    assert_eq!(owned.get(), "[1,  2]");
    assert_eq!(jsonlex::to_value(&owned)?, json!([1, 2]));
    let from_value: Box<RawValue> = jsonlex::from_value(json!({"k": [true]}))?;
    assert_eq!(from_value.get(), r#"{"k":[true]}"#);
    assert_eq!(RawValue::from_string(" null ".to_owned())?.get(), "null");
    assert_eq!(to_raw_value(&[1, 2])?.get(), "[1,2]");
    assert_eq!(RawValue::NULL.get(), "null");
    Ok(())
}

// Entry points (docs/grammar.md, "Entry points"): the lexer for a place where the
// caller knows what comes next; its answer is always `next_token`'s.
mod pairs {
    jsonlex::json_lexer!(r#"
        %name Pairs;
        %entry key:   Key Close;
        %entry colon: Colon;
        "{"        => Open;
        "}"        => Close;
        ":"        => Colon;
        ","        => Comma;
        [a-z]+     => Key;
        [0-9]+     => Number;
        [ \t\n]+   => skip;
        *          => error;
    "#);
}

fn entries() {
    use jsonlex::runtime::lex::entry_index;
    use jsonlex::runtime::Lexer;
    use pairs::{Pairs, PairsToken};
    let mut lexer = Pairs::new(b"{ name: 1 }");
    assert_eq!(lexer.next_token().and_then(Result::ok).map(|t| t.kind), Some(PairsToken::Open));
    assert_eq!(lexer.next_token_key().and_then(Result::ok).map(|t| t.kind), Some(PairsToken::Key));
    let colon = entry_index(<Pairs as Lexer>::ENTRIES, "colon");
    assert_eq!(lexer.next_token_entry(colon).and_then(Result::ok).map(|t| t.kind), Some(PairsToken::Colon));
    // Not a key: lexed by next_token, the same answer.
    assert_eq!(lexer.next_token_key().and_then(Result::ok).map(|t| (t.kind, t.start)), Some((PairsToken::Number, 8)));
}

// Promises (docs/grammar.md, "Promises"): a JSON lexer of one's own that promises
// JSON's numbers, checked by the generator; the decoder then reads numbers itself.
mod own_json {
    jsonlex::json_lexer!(r#"
        %name OwnJson;
        %token jsonlex::runtime::JsonToken;
        %promise json_numbers;
        int = "-"? ("0" | [1-9] [0-9]*);
        "[" => ArrayStart;
        "]" => ArrayEnd;
        "{" => ObjectStart;
        "}" => ObjectEnd;
        ":" => Colon;
        "," => Comma;
        "\"" [a-z]* "\"" => String;
        int => Integer;
        int ("." [0-9]+)? ([eE] [+\-]? [0-9]+)? => Float;
        [ \n]+ => skip;
        * => error;
    "#);
}

fn promises() -> Result<(), jsonlex::Error> {
    use jsonlex::runtime::Lexer;
    use own_json::OwnJson;
    assert!(<OwnJson as Lexer>::JSON_NUMBERS);
    let text = br#"[1.5, -2, {"a": 3e2, "b": 18446744073709551616}, 0]"#;
    let options = jsonlex::DecodeOptions::new();
    assert_eq!(jsonlex::runtime::de::decode::<OwnJson>(text, &options)?, jsonlex::decode(text)?);
    let err = jsonlex::runtime::de::decode::<OwnJson>(b"[1, 01]", &options).unwrap_err();
    assert!(err.to_string().starts_with("invalid number: leading zero"), "{err}");
    assert_eq!((err.line(), err.column()), (1, 5), "{err}");
    Ok(())
}

/// README's lazy access example, and every entry point of `jsonlex::lazy`.
fn lazy_access() -> Result<(), jsonlex::Error> {
    let json = br#"{"statuses": [{"id": 7, "text": "a\nb", "ok": true}], "meta": {"count": 1, "x": null}}"#;
    let id = jsonlex::get(json, "/statuses/0/id")?;                      // JSON Pointer
    assert_eq!((id.as_raw_str(), id.as_i64(), id.as_u64(), id.as_f64()), ("7", Some(7), Some(7), Some(7.0)));
    let text = jsonlex::get(json, &jsonlex::pointer!["statuses", 0, "text"])?;
    assert_eq!(text.as_str().as_deref(), Some("a\nb"));
    assert!(jsonlex::get(json, &["meta", "x"])?.is_null());
    assert_eq!(jsonlex::get(json, "/statuses/0/ok")?.as_bool(), Some(true));
    assert!(jsonlex::get(json, "/meta/nope").unwrap_err().is_not_found());
    let meta = jsonlex::get(json, "/meta")?;
    assert_eq!(meta.get_type(), jsonlex::JsonType::Object);
    assert_eq!(meta.get("/count")?.as_u64(), Some(1));
    let keys: Vec<String> = meta.to_object_iter().map(|m| m.map(|(k, _)| k.into_owned())).collect::<Result<_, _>>()?;
    assert_eq!(keys, ["count", "x"]);
    let statuses = jsonlex::get(json, "/statuses")?;
    assert_eq!(statuses.to_array_iter().count(), 1);
    assert_eq!(statuses.to_value()?[0]["id"], 7);
    let counts: BTreeMap<String, u8> = BTreeMap::from([("count".into(), 1)]);
    assert_eq!(jsonlex::get(json, "/meta/count")?.deserialize::<u8>()?, counts["count"]);
    let mut tree = jsonlex::PathTree::new();
    tree.add_path("/meta/count").add_path(&jsonlex::pointer!["statuses", 0, "id"]).add_path("/none");
    let many = jsonlex::get_many(json, &tree)?;
    let raw: Vec<Option<&str>> = many.iter().map(|v| v.map(|v| v.as_raw_str())).collect();
    assert_eq!(raw, [Some("1"), Some("7"), None]);
    assert_eq!(jsonlex::PathItem::from(3usize), jsonlex::PathItem::Index(3));
    assert_eq!(format!("{}", many[0].unwrap()), "1");
    assert_eq!(jsonlex::get(b"[1, 2,]", "/2").unwrap_err().classify(), jsonlex::Category::Syntax);
    Ok(())
}

fn main() {
    if let Err(e) = lazy_access() {
        panic!("lazy access failed: {e}");
    }
    words();
    entries();
    if let Err(e) = promises() {
        panic!("a lexer that promises JSON's numbers failed: {e}");
    }
    values();
    value_reader();
    ini();
    if let Err(e) = json_library() {
        panic!("README's JSON example failed: {e}");
    }
    if let Err(e) = serde_json_drop_in() {
        panic!("README's serde_json drop-in example failed: {e}");
    }
    println!("downstream: README's examples work");
}
