//! Value lexers: tokens that carry values computed by callbacks, the user's extras, a
//! custom error type, `error("message")`, recovery after every kind of error, and the
//! lexer API callbacks see (`slice`, `span`, `text`, `remainder`, `bump`, `position`).
//! By hand on every callback return type, then against the plain lexer of the same
//! rules on random inputs at every kernel level (a value lexer runs the same automaton:
//! its spans, kinds and errors must be the plain lexer's).

use jsonlex::runtime::lex::{Filter, FilterResult, Skip, TokenError, TokenErrorKind};
use jsonlex::runtime::skip::Kernels;
use proptest::prelude::*;

/// Every return type logos allows, one rule each.
mod returns {
    use jsonlex::runtime::lex::{Filter, FilterResult, Skip, TokenError};

    #[derive(Debug, PartialEq)]
    pub enum MyError {
        Lex(TokenError),
        Odd(i32),
        Q,
    }

    impl From<TokenError> for MyError {
        fn from(e: TokenError) -> Self {
            MyError::Lex(e)
        }
    }

    #[derive(Default, Debug)]
    pub struct Counts {
        pub units: usize,
        pub skipped: usize,
    }

    fn digits<'s>(lex: &Returns<'s>) -> &'s str {
        std::str::from_utf8(&lex.slice()[1..]).unwrap_or("")
    }
    fn num(lex: &mut Returns) -> u64 {
        digits(lex).parse().unwrap_or(u64::MAX)
    }
    fn opt(lex: &mut Returns) -> Option<u8> {
        digits(lex).parse().ok()
    }
    fn res(lex: &mut Returns) -> Result<i32, MyError> {
        let n: i32 = digits(lex).parse().unwrap_or(0);
        if n % 2 == 0 {
            Ok(n)
        } else {
            Err(MyError::Odd(n))
        }
    }
    fn fil(lex: &mut Returns) -> Filter<char> {
        match lex.slice()[1] {
            b'x' => Filter::Skip,
            b => Filter::Emit(b as char),
        }
    }
    fn fr(lex: &mut Returns) -> FilterResult<u16, MyError> {
        match digits(lex).parse::<u16>() {
            Ok(0) => FilterResult::Skip,
            Ok(n) => FilterResult::Emit(n),
            Err(_) => FilterResult::Error(MyError::Q),
        }
    }
    fn flag(lex: &mut Returns) -> bool {
        lex.slice() == b"b1"
    }
    fn unit(lex: &mut Returns) {
        lex.extras.units += 1;
    }
    fn skip_cb(lex: &mut Returns) -> Skip {
        lex.extras.skipped += 1;
        Skip
    }
    /// Takes the rest of the line into the token.
    fn to_line_end(lex: &mut Returns) {
        let n = lex.remainder().iter().position(|&b| b == b'\n').unwrap_or(lex.remainder().len());
        lex.bump(n);
    }

    jsonlex::json_lexer!(
        r##"
        %name Returns;
        %extras Counts;
        %error MyError;
        %value Num: u64;
        %value Opt: u8;
        %value Res: i32;
        %value Fil: char;
        %value Fr: u16;
        %value Word: &'s str;
        %value Raw: &'s [u8];
        %value Inline: usize;
        "n" [0-9]+   => Num(num);
        "o" [0-9]+   => Opt(opt);
        "r" [0-9]+   => Res(res);
        "f" [a-z]    => Fil(fil);
        "q" [0-9]+   => Fr(fr);
        "b" [0-9]    => Flag(flag);
        "u"          => Unit(unit);
        "s"          => skip(skip_cb);
        "w" [a-z]+   => Word;
        "x" [a-f]+   => Raw;
        "l" [a-z]+   => Inline({ lex.slice().len() });
        "c" [a-z]+   => Inline(|lex| lex.text().map(|t| t.len() * 10));
        "#"          => Comment(to_line_end);
        "!"          => error("no bangs here");
        "?"          => error({ MyError::Q });
        [ \n]+       => skip;
        *            => error;
        "##
    );
}

#[test]
fn every_callback_return_type() {
    use returns::{MyError, Returns, ReturnsToken as T};
    let src = "n42 o7 o300 r4 r5 fa fx q9 q0 q99999 b1 b0 u u s s wabc xbeef lab cabc #rest of line\n! ? ~ n1";
    let mut lexer = Returns::new(src);
    let mut got = Vec::new();
    while let Some(token) = lexer.next_token() {
        got.push((token, &src[lexer.span()]));
    }
    let lex_error = |kind, span: std::ops::Range<usize>, token, message| {
        Err(MyError::Lex(TokenError { kind, offset: span.start, span, token, message }))
    };
    let at = |s: &str| src.find(s).unwrap();
    let expected: Vec<(Result<T, MyError>, &str)> = vec![
        (Ok(T::Num(42)), "n42"),
        (Ok(T::Opt(7)), "o7"),
        (lex_error(TokenErrorKind::Rejected, at("o300")..at("o300") + 4, Some("Opt"), None), "o300"),
        (Ok(T::Res(4)), "r4"),
        (Err(MyError::Odd(5)), "r5"),
        (Ok(T::Fil('a')), "fa"),
        (Ok(T::Fr(9)), "q9"),
        (Err(MyError::Q), "q99999"),
        (Ok(T::Flag), "b1"),
        (lex_error(TokenErrorKind::Rejected, at("b0")..at("b0") + 2, Some("Flag"), None), "b0"),
        (Ok(T::Unit), "u"),
        (Ok(T::Unit), "u"),
        (Ok(T::Word("wabc")), "wabc"),
        (Ok(T::Raw(b"xbeef")), "xbeef"),
        (Ok(T::Inline(3)), "lab"),
        (Ok(T::Inline(40)), "cabc"),
        (Ok(T::Comment), "#rest of line"),
        (lex_error(TokenErrorKind::ErrorRule, at("!")..at("!") + 1, None, Some("no bangs here")), "!"),
        (Err(MyError::Q), "?"),
        (lex_error(TokenErrorKind::NoMatch, at("~")..at("~") + 1, None, None), "~"),
        (Ok(T::Num(1)), "n1"),
    ];
    assert_eq!(got, expected);
    assert_eq!((lexer.extras.units, lexer.extras.skipped), (2, 2));
    // The end stays the end.
    assert!(lexer.next_token().is_none());
}

/// Line and column on demand, and the plain lexer API: `spanned`, `set_offset`.
#[test]
fn positions_spans_and_offsets() {
    use returns::{Returns, ReturnsToken as T};
    let src = "n1\n  wé\n\nn22";
    let mut lexer = Returns::new(src);
    let spans: Vec<_> = lexer.spanned().map(|(t, span)| (t.is_ok(), span)).collect();
    // `wé`: 'é' is not [a-z], so `w` is an error (the bytes read before no rule went
    // on), then each byte of 'é' (the `*` rule's error takes one).
    assert_eq!(spans[..4], [(true, 0..2), (false, 5..6), (false, 6..7), (false, 7..8)]);
    assert_eq!(spans[4], (true, 10..13));
    let mut lexer = Returns::new(src);
    let p = lexer.position(src.find("n22").unwrap());
    assert_eq!((p.line, p.column), (4, 1));
    let p = lexer.position(src.find('é').unwrap() + 2);
    assert_eq!((p.line, p.column), (2, 5));
    lexer.set_offset(src.find("n22").unwrap());
    assert_eq!(lexer.next(), Some(Ok(T::Num(22))));
    assert_eq!(lexer.next(), None);
}

/// `%on_error stop;`: the first error ends the stream.
mod stopping {
    jsonlex::json_lexer!(
        r#"
        %name Stop;
        %on_error stop;
        %value Word: &'s str;
        [a-z]+ => Word;
        " "+ => skip;
        * => error;
        "#
    );
}

#[test]
fn stop_mode_ends_at_the_first_error() {
    let got: Vec<_> = stopping::Stop::new("ab # cd").collect();
    assert_eq!(got.len(), 2);
    assert!(matches!(got[1], Err(TokenError { kind: TokenErrorKind::NoMatch, .. })));
    // The default goes on.
    let go_on: Vec<_> = returns::Returns::new("wab ~ wcd").filter_map(Result::ok).collect();
    assert_eq!(go_on, [returns::ReturnsToken::Word("wab"), returns::ReturnsToken::Word("wcd")]);
}

/// tests/grammars/nesting.lex with values: the plain lexer of the same rules is the
/// reference for spans, kinds and errors (the plain one is checked against
/// regex-automata in lexer_differential.rs).
mod nest_plain {
    jsonlex::json_lexer!(file = "tests/grammars/nesting.lex");
}
mod nest_values {
    fn int(lex: &mut NestValues) -> Option<u64> {
        lex.text().ok()?.parse().ok()
    }
    jsonlex::json_lexer!(
        r#"%name NestValues; %value Int: u64; %value Float: f64; %value Ident: &'s str; %value Call: &'s str;
        %value Str: &'s [u8];
        <CODE> [0-9]+ / ".." => Int(int); <CODE> [0-9]+ "." [0-9]+ => Float({ lex.text().ok()?.parse().ok() });
        <CODE> [0-9]+ => Int(int);
        <CODE> ".." | "." => Dot; <CODE> [a-z_]+ / "(" => Call; <CODE> [a-z_]+ => Ident;
        <CODE> [()] => Paren; <CODE> "/*" => skip -> push(COMMENT); <CODE> "\"" [^"\n]* "\"" => Str;
        <CODE> "\"" [^"\n]* "\n" => error("unterminated string"); <CODE> "`" => Tick -> push(TEMPLATE);
        <CODE> "{" => Open -> push(CODE); <CODE> "}" => Close -> pop; <CODE> [ \n]+ => skip;
        <CODE> * => error; <COMMENT> "/*" => skip -> push(COMMENT); <COMMENT> "*/" => skip -> pop;
        <COMMENT> [^*/]+ | "*" | "/" => skip; <TEMPLATE> "${" => Interp -> push(CODE);
        <TEMPLATE> "`" => Tick -> pop; <TEMPLATE> [^`$]+ | "$" => Text; <*> $ => Eof;"#
    );
}

type Item = Result<(String, std::ops::Range<usize>), usize>;

fn plain_run(input: &[u8], kernels: Kernels) -> Vec<Item> {
    nest_plain::NestLexer::with_kernels(input, kernels)
        .map(|t| t.map(|t| (format!("{:?}", t.kind), t.start..t.end)).map_err(|e| e.start))
        .collect()
}

fn value_run(input: &[u8], kernels: Kernels) -> Vec<Item> {
    use nest_values::NestValuesToken as V;
    let mut lexer = nest_values::NestValues::with_kernels(input, kernels);
    let mut items = Vec::new();
    while let Some(token) = lexer.next_token() {
        let span = lexer.span();
        items.push(match token {
            Ok(token) => {
                let text = &input[span.clone()];
                // Each value is what its callback computes from the token's text.
                let name = match token {
                    V::Int(n) => {
                        assert_eq!(Some(n), std::str::from_utf8(text).ok().and_then(|t| t.parse().ok()));
                        "Int"
                    }
                    V::Float(f) => {
                        assert_eq!(Some(f), std::str::from_utf8(text).ok().and_then(|t| t.parse().ok()));
                        "Float"
                    }
                    V::Ident(s) | V::Call(s) => {
                        assert_eq!(s.as_bytes(), text);
                        if matches!(token, V::Ident(_)) {
                            "Ident"
                        } else {
                            "Call"
                        }
                    }
                    V::Str(s) => {
                        assert_eq!(s, text);
                        "Str"
                    }
                    V::Dot => "Dot",
                    V::Paren => "Paren",
                    V::Tick => "Tick",
                    V::Open => "Open",
                    V::Close => "Close",
                    V::Interp => "Interp",
                    V::Text => "Text",
                    V::Eof => "Eof",
                };
                Ok((name.to_string(), span))
            }
            Err(e) => {
                assert_eq!(e.span, span);
                if e.kind == TokenErrorKind::ErrorRule {
                    assert_eq!(e.message, Some("unterminated string"));
                }
                Err(span.start)
            }
        });
    }
    items
}

fn nest_inputs() -> impl Strategy<Value = Vec<u8>> {
    const PARTS: &[&str] = &[
        "1",
        "42",
        "99999999999999999999999",
        "..",
        ".",
        "a",
        "f",
        "_x",
        "(",
        ")",
        "/*",
        "*/",
        "*",
        "/",
        "`",
        "${",
        "$",
        "{",
        "}",
        "\"",
        "\n",
        " ",
        "é",
        "#",
        "1.5",
        "1..2",
        "f(x)",
    ];
    prop::collection::vec(prop::sample::select(PARTS), 0..32).prop_map(|p| p.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn value_lexer_spans_equal_the_plain_lexers(input in nest_inputs()) {
        for level in crate::common::levels() {
            let kernels = Kernels::new(level).expect("available");
            let plain = plain_run(&input, kernels);
            let values = value_run(&input, kernels);
            // A number too large for u64 is a token for the plain lexer and a rejected
            // one (an error of the same span) for the value lexer.
            let plain: Vec<Item> = plain
                .into_iter()
                .map(|item| match item {
                    Ok((kind, span)) if kind == "Int" && std::str::from_utf8(&input[span.clone()]).ok().and_then(|t| t.parse::<u64>().ok()).is_none() => Err(span.start),
                    other => other,
                })
                .collect();
            prop_assert_eq!(&values, &plain, "level {}", level.name());
        }
    }
}

/// A callback never sees a span outside the input, even when it bumps past the end.
#[test]
fn bump_past_the_end_is_clamped() {
    fn greedy(lex: &mut Greedy) {
        lex.bump(1_000);
    }
    jsonlex::json_lexer!(r#"%name Greedy; %value Word: &'s str; "a" => A(greedy); [b-z]+ => Word; * => error;"#);
    let mut lexer = Greedy::new("xab");
    assert_eq!(lexer.next(), Some(Ok(GreedyToken::Word("x"))));
    assert_eq!(lexer.next(), Some(Ok(GreedyToken::A)));
    assert_eq!(lexer.span(), 1..3);
    assert_eq!(lexer.next(), None);
    let _ = (Filter::<u8>::Skip, FilterResult::<u8, TokenError>::Skip, Skip);
}

/// `* => error("...")`: each byte no rule takes is an error with the message.
#[test]
fn default_rule_error_message() {
    jsonlex::json_lexer!(r#"%name Msg; %value Word: &'s str; [a-z]+ => Word; * => error("not a letter");"#);
    let got: Vec<_> = Msg::new("ab#c").map(|t| t.map_err(|e| (e.kind, e.span, e.message))).collect();
    assert_eq!(
        got,
        [
            Ok(MsgToken::Word("ab")),
            Err((TokenErrorKind::ErrorRule, 2..3, Some("not a letter"))),
            Ok(MsgToken::Word("c")),
        ]
    );
}

/// A value lexer over the user's own token type (`%token`), built without `unsafe` and
/// without SIMD hooks, with a callback on the `$` rule.
mod own_tokens {
    #[derive(Debug, PartialEq)]
    pub enum Tok {
        Int(u64),
        Plus,
        End(usize),
    }

    jsonlex::json_lexer!(
        r#"%name Own; %token crate::lexer_values::own_tokens::Tok; %value Int: u64; %value End: usize;
        [0-9]+ => Int({ lex.text().ok()?.parse().ok() });
        "+" => Plus;
        " "+ => skip;
        $ => End(|lex| lex.span().start);
        * => error;"#,
        no_unsafe,
        no_simd
    );
}

#[test]
fn own_token_type_and_end_of_input_callback() {
    use own_tokens::{Own, Tok};
    let got: Vec<_> = Own::new("1 + 22 x").collect();
    assert_eq!(got.len(), 5, "{got:?}");
    assert_eq!(got[..3], [Ok(Tok::Int(1)), Ok(Tok::Plus), Ok(Tok::Int(22))]);
    assert!(matches!(got[3], Err(TokenError { kind: TokenErrorKind::NoMatch, ref span, .. }) if *span == (7..8)));
    assert_eq!(got[4], Ok(Tok::End(8)));
}
