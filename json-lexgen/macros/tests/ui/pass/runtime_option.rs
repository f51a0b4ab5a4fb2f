// The `runtime` option: the default path spelled out, an `extern crate` alias, and a
// re-export inside the crate. Each lexer works through its own path.
extern crate json_runtime as rt_alias;

mod support {
    pub use json_runtime as rt;
}

mod explicit {
    json_lexgen_macros::json_lexer!(r#"%name Words; [a-z]+ => Word; " "+ => skip; * => error;"#, runtime = "::json_runtime");
}

mod aliased {
    json_lexgen_macros::json_lexer!(r#"%name Words; [a-z]+ => Word; " "+ => skip; * => error;"#, runtime = "rt_alias");
}

mod reexported {
    json_lexgen_macros::json_lexer!(
        r#"%name Words; [a-z]+ => Word; " "+ => skip; * => error;"#,
        no_unsafe,
        runtime = "crate::support::rt",
    );
}

fn spans<'a, L: rt_alias::Lexer<'a>>(mut lexer: L) -> Vec<Result<(usize, usize), usize>> {
    let mut out = Vec::new();
    while let Some(next) = lexer.next_token() {
        out.push(next.map(|t| (t.start, t.end)).map_err(|e| e.offset));
    }
    out
}

fn main() {
    let expected = vec![Ok((0, 2)), Ok((3, 6)), Err(7)];
    assert_eq!(spans(explicit::Words::new(b"ab cde !")), expected);
    assert_eq!(spans(aliased::Words::new(b"ab cde !")), expected);
    assert_eq!(spans(reexported::Words::new(b"ab cde !")), expected);
    // The generated kinds are the runtime's tokens whichever path named it.
    let token: support::rt::Token<explicit::WordsToken> = explicit::Words::new(b"x").next().unwrap().unwrap();
    assert_eq!((token.kind, token.start, token.end), (explicit::WordsToken::Word, 0, 1));
}
