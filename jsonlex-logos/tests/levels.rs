//! Every SIMD level of the skip hooks against the plain DFA (`Level::Scalar`), on
//! pseudo-random inputs made of the tokens' pieces, long runs included.

use jsonlex_logos::{Kernels, Level, Lexer, Logos};

#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(crate = jsonlex_logos)]
#[logos(skip r"[ \t\n]+")]
enum Token<'s> {
    #[regex(r#""([^"\\]|\\.)*""#)]
    Str(&'s str),
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/")]
    Comment,
    #[regex(r"\p{XID_Start}\p{XID_Continue}*")]
    Ident(&'s str),
    #[regex("[0-9]+", |lex| lex.slice().len())]
    Int(usize),
    #[token("==")]
    Eq,
}

const PIECES: &[&str] =
    &["\"", "\\", "\\\"", "a", "é", "日本", "*", "/", "/*", "*/", " ", "\n", "0", "==", "=", "x1", "\u{1F600}", "#"];

fn input(seed: &mut u64, len: usize) -> String {
    let mut s = String::new();
    while s.len() < len {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let piece = PIECES[(*seed >> 33) as usize % PIECES.len()];
        // Long runs of one piece reach the kernels past the inline probe.
        let times = if (*seed >> 20).is_multiple_of(16) { 300 } else { 1 };
        s.push_str(&piece.repeat(times));
    }
    s
}

fn tokens(source: &str, level: Level) -> Vec<(Result<Token<'_>, ()>, std::ops::Range<usize>)> {
    let kernels = Kernels::new(level).expect("an available level");
    Lexer::<Token>::with_kernels(source, (), kernels).spanned().collect()
}

#[test]
fn every_level_lexes_as_the_plain_dfa() {
    let levels = Level::available();
    assert!(levels.contains(&Level::Scalar) && levels.contains(&Level::Swar), "{levels:?}");
    assert!(!<Token as jsonlex_logos::Automaton>::HOOKS.is_empty(), "the enum has hooks");
    let mut seed = 7;
    for round in 0..300 {
        let source = input(&mut seed, 1 + round * 7);
        let expected = tokens(&source, Level::Scalar);
        for &level in &levels {
            assert_eq!(tokens(&source, level), expected, "{level:?} on {source:?}");
        }
    }
}
