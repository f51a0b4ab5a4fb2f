//! logos #384: a long string literal overflowed logos's stack. The generated lexer is
//! one loop, so a token of any length lexes in constant stack: these run on a thread
//! of 256 KiB.

use jsonlex_logos::Logos;

#[derive(Logos, Debug, PartialEq)]
#[logos(crate = jsonlex_logos)]
#[logos(skip r"[ \t\n]+")]
enum Token<'s> {
    #[regex(r#""([^"\\]|\\.)*""#, |lex| lex.slice().len())]
    Str(usize),
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/")]
    Comment(&'s str),
    #[regex("[a-z]+")]
    Word,
}

fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 * 1024).spawn(f).expect("spawn").join().expect("no overflow");
}

#[test]
fn string_of_20000_characters() {
    on_small_stack(|| {
        let body: String = (0..20_000).map(|i| if i % 100 == 99 { 'é' } else { 'a' }).collect();
        let source = format!("x \"{body}\" y");
        let tokens: Vec<_> = Token::lexer(&source).collect();
        assert_eq!(tokens, [Ok(Token::Word), Ok(Token::Str(body.len() + 2)), Ok(Token::Word)]);
    });
}

#[test]
fn comment_of_one_megabyte() {
    on_small_stack(|| {
        let body = "comment * text ".repeat(1 << 20 >> 4);
        let source = format!("/*{body}*/ end");
        let mut lexer = Token::lexer(&source);
        assert_eq!(lexer.next(), Some(Ok(Token::Comment(&source[..body.len() + 4]))));
        assert_eq!(lexer.span(), 0..body.len() + 4);
        assert_eq!(lexer.next(), Some(Ok(Token::Word)));
        assert_eq!(lexer.next(), None);
    });
}

#[test]
fn unterminated_long_string_is_an_error_not_a_crash() {
    on_small_stack(|| {
        let source = format!("\"{}", "b".repeat(50_000));
        let mut lexer = Token::lexer(&source);
        assert_eq!(lexer.next(), Some(Err(())));
        // The bad span is what was read before no pattern could go on: all of it.
        assert_eq!(lexer.span(), 0..source.len());
        assert_eq!(lexer.next(), None);
    });
}

/// What the generator built for the enum: its automaton's size and SIMD hooks.
#[test]
fn automaton_introspection() {
    use jsonlex_logos::Automaton;
    let states = <Token as Automaton>::DFA_STATES;
    assert!(states > 5, "{states} states");
    assert!(<Token as Automaton>::TRANSITIONS >= states - 1);
    // The string body, the comment body and the identifier loop on a class.
    assert!(!<Token as Automaton>::HOOKS.is_empty());
}
