// Generated files, each in a private module, used as little as a crate may use them:
// nothing they emit may warn (trybuild allows dead_code unless the crate denies it).
#![deny(warnings, dead_code)]

macro_rules! shape {
    ($($name:ident)*) => {
        $(mod $name {
            include!(concat!(env!("JSON_LEXGEN_SHAPES"), "/", stringify!($name), ".rs"));
        })*
    };
}

shape! {
    no_skip no_skip_streaming words words_no_unsafe conditions conditions_streaming backtracking
    default_and_eof json json_streaming json_no_unsafe json_no_simd json_tables keywords_tables
    keywords_tables_streaming keywords_tables_trace json_trace utf8
}

fn main() {
    // The streaming shapes are used through both lexers.
    assert_eq!(no_skip::NoSkip::new(b"aa").count(), 2);
    assert_eq!(no_skip_streaming::NoSkip::new(b"a").count(), 1);
    assert!(matches!(
        no_skip_streaming::NoSkipStream::new().next_token(b"a", 0, true),
        json_runtime::lex::Step::Token(_)
    ));
    assert_eq!(words::Words::new(b"ab cd").count(), 2);
    assert_eq!(words_no_unsafe::Words::new(b"ab cd").count(), 2);
    assert_eq!(conditions::Comments::new(b"a /* b */ c").count(), 3);
    assert_eq!(conditions_streaming::Comments::new(b"a").count(), 2);
    let _ = conditions_streaming::CommentsStream::new().next_token(b"a", 0, true);
    assert_eq!(backtracking::Bt::new(b"abca").count(), 2);
    assert_eq!(default_and_eof::De::new(b"12x").count(), 3);
    assert_eq!(json::JsonLexer::new(b"[1, \"a\"]").count(), 5);
    assert_eq!(json_streaming::JsonLexer::new(b"[]").count(), 2);
    let _ = json_streaming::JsonLexerStream::new().next_token(b"[", 0, true);
    assert_eq!(json_no_unsafe::JsonLexer::new(b"[]").count(), 2);
    let _ = json_no_unsafe::JsonLexerStream::new().next_token(b"[", 0, true);
    assert_eq!(json_no_simd::JsonLexer::new(b"[1]").count(), 3);
    assert_eq!(json_tables::JsonLexer::new(b"[true]").count(), 3);
    assert_eq!(keywords_tables::Kw::new(b"if int x").count(), 3);
    assert_eq!(keywords_tables_streaming::Kw::new(b"in").count(), 1);
    let _ = keywords_tables_streaming::KwStream::new().next_token(b"in", 0, true);
    assert_eq!(keywords_tables_trace::Kw::new(b"in").count(), 1);
    let _ = keywords_tables_trace::KwStream::new().next_token(b"in", 0, true);
    assert_eq!(json_trace::JsonLexer::new(b"[]").count(), 2);
    assert_eq!(utf8::Greek::new("αβ \"x\"".as_bytes()).count(), 2);
}
