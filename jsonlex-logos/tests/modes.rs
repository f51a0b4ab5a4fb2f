//! The derive without `unsafe` (`#[logos(unsafe = false)]`) and `Automaton` for an
//! enum with type parameters.

use jsonlex_logos::{Automaton, Logos};

/// The same tokens as `safe::Token`, with the default (unchecked) reads.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(crate = jsonlex_logos)]
#[logos(skip r"[ \t\n]+")]
enum Fast<'s> {
    #[regex(r#""([^"\\]|\\.)*""#)]
    Str(&'s str),
    #[regex(r"\p{XID_Start}\p{XID_Continue}*")]
    Ident(&'s str),
    #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
    Int(u64),
    #[token("==")]
    Eq,
}

// That its code has no `unsafe` block is checked on the code itself (json-lexgen's
// `logos::tests`): rustc does not report `forbid(unsafe_code)` inside a derive's output.
mod safe {
    use jsonlex_logos::Logos;

    #[derive(Logos, Debug, Clone, PartialEq)]
    #[logos(crate = jsonlex_logos, unsafe = false)]
    #[logos(skip r"[ \t\n]+")]
    pub enum Token<'s> {
        #[regex(r#""([^"\\]|\\.)*""#)]
        Str(&'s str),
        #[regex(r"\p{XID_Start}\p{XID_Continue}*")]
        Ident(&'s str),
        #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
        Int(u64),
        #[token("==")]
        Eq,
    }
}

const PIECES: &[&str] = &["\"", "\\", "\\\"", "a", "é", "日本", " ", "\n", "0", "9", "==", "=", "x1", "#"];

fn input(seed: &mut u64, len: usize) -> String {
    let mut s = String::new();
    while s.len() < len {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let piece = PIECES[(*seed >> 33) as usize % PIECES.len()];
        let times = if (*seed >> 20).is_multiple_of(16) { 40 } else { 1 };
        s.push_str(&piece.repeat(times));
    }
    s
}

/// A token of either enum as text, so that the two can be compared.
fn fast(source: &str) -> Vec<(String, std::ops::Range<usize>)> {
    Fast::lexer(source).spanned().map(|(t, span)| (format!("{t:?}"), span)).collect()
}

fn safe(source: &str) -> Vec<(String, std::ops::Range<usize>)> {
    safe::Token::lexer(source).spanned().map(|(t, span)| (format!("{t:?}").replace("Token", "Fast"), span)).collect()
}

#[test]
fn without_unsafe_lexes_as_with_it() {
    let mut seed = 11;
    for round in 0..300 {
        let source = input(&mut seed, round * 3);
        assert_eq!(safe(&source), fast(&source), "{source:?}");
    }
    assert_eq!(
        safe::Token::lexer("x == 12").collect::<Vec<_>>(),
        [Ok(safe::Token::Ident("x")), Ok(safe::Token::Eq), Ok(safe::Token::Int(12))]
    );
    // The same automaton either way.
    assert_eq!(<safe::Token as Automaton>::DFA_STATES, <Fast as Automaton>::DFA_STATES);
}

/// logos's generic enums: the type parameters are given by `type T = ...`.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(crate = jsonlex_logos, type S = &str, type N = u64)]
#[logos(skip " +")]
enum Generic<S, N> {
    #[regex("[a-z]+", |lex| lex.slice())]
    Word(S),
    #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
    Number(N),
}

/// No parameter borrows the source: the impl has no lifetime.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(crate = jsonlex_logos, type N = u8)]
enum Owned<N> {
    #[regex("[0-9]", |lex| lex.slice().parse().ok())]
    Digit(N),
}

#[test]
fn automaton_of_generic_enums() {
    assert_eq!(Generic::lexer("ab 12").collect::<Vec<_>>(), [Ok(Generic::Word("ab")), Ok(Generic::Number(12))]);
    // The start, a word's loop, a number's loop, the spaces' loop.
    assert_eq!(<Generic<&str, u64> as Automaton>::DFA_STATES, 4);
    const { assert!(<Generic<&str, u64> as Automaton>::TRANSITIONS >= 4) };
    // start and the digit: two states, one transition.
    assert_eq!(<Owned<u8> as Automaton>::DFA_STATES, 2);
    assert_eq!(<Owned<u8> as Automaton>::TRANSITIONS, 1);
    assert_eq!(Owned::lexer("7").collect::<Vec<_>>(), [Ok(Owned::Digit(7))]);
}
