// json_lexer!(r#"..."#) compiles, with conditions and a user-defined token type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident,
    End,
}

json_lexgen_macros::json_lexer!(
    r#"
    %name Idents;
    %token crate::Tok;
    <CODE> [a-z]+       => Ident;
    <CODE> "/*"         => skip -> COMMENT;
    <CODE> " "+         => skip;
    <COMMENT> "*/"      => skip -> CODE;
    <COMMENT> [^*]+ | "*" => skip;
    <*> $               => End;
    "#,
    no_unsafe
);

fn main() {
    let tokens: Vec<_> = Idents::new(b"ab /* x * y */ cd").map(|t| t.unwrap()).collect();
    let kinds: Vec<Tok> = tokens.iter().map(|t| t.kind).collect();
    assert_eq!(kinds, [Tok::Ident, Tok::Ident, Tok::End]);
    assert_eq!((tokens[1].start, tokens[1].end), (15, 17));
    let mut lexer = Idents::new(b"/* open");
    assert_eq!(lexer.next().map(|t| t.unwrap().kind), Some(Tok::End));
    assert_eq!(lexer.condition(), IdentsCondition::COMMENT);
}
