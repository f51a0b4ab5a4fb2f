//! A logos lexer for the token set of json-runtime/grammar/json.lex, for the lexer benchmarks. logos
//! lexes `&str`, so UTF-8 is validated before it runs, not by its rules.

use logos::Logos;

#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(skip r"[ \t\r\n]+")]
pub enum LogosJson {
    #[token("{")]
    ObjectStart,
    #[token("}")]
    ObjectEnd,
    #[token("[")]
    ArrayStart,
    #[token("]")]
    ArrayEnd,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token("true")]
    True,
    #[token("false")]
    False,
    #[token("null")]
    Null,
    #[regex(r"-?(0|[1-9][0-9]*)", priority = 3)]
    Integer,
    #[regex(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")]
    Float,
    #[regex(r#""[^"\\\x00-\x1F]*""#, priority = 3)]
    String,
    #[regex(r#""([^"\\\x00-\x1F]|\\(["\\/bfnrt]|u[0-9a-fA-F]{4}))*""#)]
    EscapedString,
}
