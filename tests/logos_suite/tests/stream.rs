//! jsonlex-logos's streaming lexer (`#[logos(stream)]`, `Token::stream_lexer(reader)`)
//! against the slice lexer on the whole input: pseudo-random inputs read in
//! pseudo-random pieces (one byte included) through small buffers, at every SIMD
//! level; callbacks of each return kind, extras, a custom error; bad UTF-8 and a failed
//! read. Not one of logos's tests: logos has no streaming lexer.

use logos::{Filter, FilterResult, Kernels, Level, Lexer, Logos, Skip, Span, StreamError};
use std::io::{self, Read};

#[derive(Default, Debug, Clone, PartialEq)]
enum Error {
    #[default]
    Other,
    TooBig(u64),
}

#[derive(Default, Debug, Clone, PartialEq)]
struct Extras {
    lines: usize,
    comments: usize,
}

fn newline<'s>(lex: &mut Lexer<'s, Token<'s>>) -> Skip {
    lex.extras.lines += 1;
    Skip
}

fn big<'s>(lex: &mut Lexer<'s, Token<'s>>) -> FilterResult<u64, Error> {
    match lex.slice()[1..].parse::<u64>() {
        Ok(0) => FilterResult::Skip,
        Ok(n) if n <= 1000 => FilterResult::Emit(n),
        Ok(n) => FilterResult::Error(Error::TooBig(n)),
        Err(_) => FilterResult::Error(Error::TooBig(u64::MAX)),
    }
}

#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(stream, error = Error, extras = Extras)]
#[logos(skip r"[ \t]+")]
#[logos(skip(r"\n", newline))]
enum Token<'s> {
    #[regex(r#""([^"\\]|\\.)*""#)]
    Str(&'s str),
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/", |lex| { lex.extras.comments += 1; Skip })]
    Comment,
    #[regex(r"\p{XID_Start}\p{XID_Continue}*")]
    Ident(&'s str),
    #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
    Int(u64),
    #[regex("#[0-9]+", big)]
    Big(u64),
    #[regex("%[A-Z]+", |lex| if lex.slice() == "%SKIP" { Filter::Skip } else { Filter::Emit(lex.slice().len()) })]
    Caps(usize),
    #[token("!", |lex| lex.extras.lines.is_multiple_of(2))]
    Bang,
    // Two bytes on, when they end on a character's boundary.
    #[token("@", |lex| { if lex.remainder().get(..2).is_some() { lex.bump(2) } })]
    At,
    #[token("==")]
    Eq,
}

/// Bytes: no UTF-8 needed.
#[derive(Logos, Debug, Clone, PartialEq)]
#[logos(stream, utf8 = false)]
#[logos(skip b"[ \n]+")]
enum Bytes<'s> {
    #[regex(b"[a-z]+")]
    Word(&'s [u8]),
    #[regex(b"\xFF+", |lex| lex.slice().len())]
    High(usize),
}

const PIECES: &[&str] = &[
    "\"",
    "\\",
    "\\\"",
    "a",
    "é",
    "日本",
    "*",
    "/",
    "/*",
    "*/",
    " ",
    "\n",
    "0",
    "12",
    "99999999999999999999999",
    "#0",
    "#7",
    "#5000",
    "%AB",
    "%SKIP",
    "%",
    "!",
    "@",
    "==",
    "=",
    "x1",
    "\u{1F600}",
    "?",
];

fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 33
}

fn input(seed: &mut u64, len: usize) -> String {
    let mut s = String::new();
    while s.len() < len {
        let piece = PIECES[next(seed) as usize % PIECES.len()];
        let times = if next(seed).is_multiple_of(12) { 1 + next(seed) as usize % 300 } else { 1 };
        s.push_str(&piece.repeat(times));
    }
    s
}

type Lexed = (Vec<(Result<String, Error>, Span)>, Extras);

fn slice_tokens(source: &str, level: Level) -> Lexed {
    let kernels = Kernels::new(level).expect("an available level");
    let mut lexer = Lexer::<Token>::with_kernels(source, Extras::default(), kernels);
    let mut out = Vec::new();
    while let Some(token) = lexer.next() {
        out.push((token.map(|t| format!("{t:?}")), lexer.span()));
    }
    (out, lexer.extras)
}

/// The input in pieces of the given sizes (cycled), failing after `fail_at` bytes.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
    at: usize,
    fail_at: Option<usize>,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.fail_at.is_some_and(|f| self.at >= f) {
            return Err(io::Error::other("gone"));
        }
        self.turn += 1;
        let mut n = self.sizes[self.turn % self.sizes.len()].min(buf.len()).min(self.data.len() - self.at);
        if let Some(f) = self.fail_at {
            n = n.min(f - self.at);
        }
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn pieces(data: &[u8], sizes: Vec<usize>, fail_at: Option<usize>) -> Pieces<'_> {
    Pieces { data, sizes, turn: 0, at: 0, fail_at }
}

/// The stream's tokens; its last error if it is not a token's.
fn stream_tokens(reader: Pieces, level: Level, capacity: usize, lookahead: usize) -> (Lexed, Option<String>) {
    let kernels = Kernels::new(level).expect("an available level");
    let mut lexer = Token::stream_lexer(reader).with_kernels(kernels).with_capacity(capacity).lookahead(lookahead);
    let mut out = Vec::new();
    let mut end = None;
    while let Some(token) = lexer.next_token() {
        match token {
            Ok((t, span)) => out.push((Ok(format!("{t:?}")), span)),
            Err(StreamError::Token { error, span }) => out.push((Err(error), span)),
            Err(other) => {
                assert!(end.is_none(), "one such error, then the end");
                end = Some(other.to_string());
            }
        }
    }
    ((out, lexer.extras().clone()), end)
}

#[test]
fn stream_lexes_as_the_slice_lexer() {
    let levels = Level::available();
    assert!(levels.contains(&Level::Scalar) && levels.contains(&Level::Swar), "{levels:?}");
    let mut seed = 17;
    for round in 0..300 {
        let source = input(&mut seed, round % 89 * 3);
        let expected = slice_tokens(&source, Level::Scalar);
        for &level in &levels {
            assert_eq!(slice_tokens(&source, level), expected, "{level:?} slice lexer on {source:?}");
            let sizes: Vec<usize> = (0..1 + next(&mut seed) % 4).map(|_| 1 + next(&mut seed) as usize % 9).collect();
            let sizes = if round.is_multiple_of(3) { vec![1] } else { sizes };
            let (capacity, lookahead) = (1 + next(&mut seed) as usize % 16, 2 + next(&mut seed) as usize % 6);
            let (got, end) = stream_tokens(pieces(source.as_bytes(), sizes.clone(), None), level, capacity, lookahead);
            assert_eq!(end, None);
            assert_eq!(
                got, expected,
                "{level:?} (pieces {sizes:?}, buffer {capacity}, lookahead {lookahead}) on {source:?}"
            );
        }
    }
}

#[test]
fn bad_utf8_ends_the_stream_where_it_starts() {
    let mut seed = 23;
    for round in 0..200 {
        let source = input(&mut seed, 10 + round);
        let mut bytes = source.clone().into_bytes();
        let at = next(&mut seed) as usize % bytes.len();
        // A lone continuation byte, or a character cut by the input's end.
        let bad_at = if round.is_multiple_of(2) {
            bytes.insert(at, 0x80);
            at
        } else {
            bytes.truncate(at);
            bytes.extend_from_slice(&"日".as_bytes()[..2]);
            at
        };
        let _ = bad_at;
        // Where the bytes stop being UTF-8 (an inserted continuation byte may complete
        // a character and leave the next one's bytes bad).
        let valid_to = std::str::from_utf8(&bytes).expect_err("not UTF-8").valid_up_to();
        let valid = std::str::from_utf8(&bytes[..valid_to]).expect("valid").to_string();
        let (got, end) = stream_tokens(pieces(&bytes, vec![1, 2, 5], None), Level::Scalar, 3, 2);
        assert_eq!(got, slice_tokens(&valid, Level::Scalar), "{bytes:?}");
        assert_eq!(end, Some(format!("the input is not UTF-8 at byte {}", valid.len())));
    }
}

#[test]
fn a_failed_read_ends_the_stream_with_an_error() {
    let mut seed = 29;
    for round in 0..200 {
        let source = input(&mut seed, 20 + round);
        let expected = slice_tokens(&source, Level::Scalar);
        let fail_at = next(&mut seed) as usize % source.len();
        let ((got, _), end) = stream_tokens(pieces(source.as_bytes(), vec![1, 4], Some(fail_at)), Level::Scalar, 4, 2);
        assert_eq!(end, Some(format!("cannot read the input after byte {fail_at}: gone")));
        assert!(got[..] == expected.0[..got.len()], "{got:?} is not a prefix of {expected:?}");
    }
}

#[test]
fn bytes_and_long_tokens() {
    let mut text = b"abc \xFF\xFF zz ".to_vec();
    text.extend(std::iter::repeat_n(b'q', 100_000));
    let mut lexer = Bytes::stream_lexer(pieces(&text, vec![7], None)).with_capacity(4);
    assert_eq!(lexer.next_token().unwrap().unwrap(), (Bytes::Word(b"abc"), 0..3));
    assert_eq!(lexer.next_token().unwrap().unwrap(), (Bytes::High(2), 4..6));
    assert_eq!(lexer.next_token().unwrap().unwrap(), (Bytes::Word(b"zz"), 7..9));
    let (token, span) = lexer.next_token().unwrap().unwrap();
    assert_eq!((token, span), (Bytes::Word(&text[10..]), 10..text.len()));
    assert!(lexer.next_token().is_none());
}
