//! The streaming form of a value lexer (`NameReader` over any `io::Read`) against its
//! slice lexer on the whole input: every callback return kind, extras, a custom error,
//! recovery after each kind of error, trailing context and the condition stack, on
//! pseudo-random inputs read in pseudo-random pieces (one byte included) through small
//! buffers, at every SIMD level; then a read that fails mid-stream.

use json_runtime::lex::{Filter, FilterResult, Skip, StreamError, TokenError, TokenErrorKind};
use json_runtime::simd::Level;
use json_runtime::skip::Kernels;
use std::io::{self, Read};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    newlines: usize,
    tildes: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LexErr {
    Lex(TokenError),
    /// A string with an `x` in it.
    BadString(usize),
    Huge(u64),
}

impl From<TokenError> for LexErr {
    fn from(e: TokenError) -> Self {
        LexErr::Lex(e)
    }
}

/// `P` itself: the digit's value.
fn pct(lex: &mut Calc) -> u8 {
    lex.slice()[1] - b'0'
}

/// `Option`: `None` (an overflow) is an error.
fn int(lex: &mut Calc) -> Option<u64> {
    lex.text().ok()?.parse().ok()
}

/// `Filter`: `Skip` is no token.
fn word(lex: &mut Calc) -> Filter<String> {
    match lex.slice() {
        b"Skip" => Filter::Skip,
        s => Filter::Emit(String::from_utf8_lossy(s).into_owned()),
    }
}

/// `FilterResult`: `#0` is skipped, a number above 1000 an error.
fn big(lex: &mut Calc) -> FilterResult<u64, LexErr> {
    match lex.slice()[1..].iter().try_fold(0u64, |n, &d| n.checked_mul(10)?.checked_add(u64::from(d - b'0'))) {
        Some(0) => FilterResult::Skip,
        Some(n) if n <= 1000 => FilterResult::Emit(n),
        Some(n) => FilterResult::Error(LexErr::Huge(n)),
        None => FilterResult::Error(LexErr::Huge(u64::MAX)),
    }
}

/// `Result`: the string's length, or an error for an `x` in it.
fn strlen(lex: &mut Calc) -> Result<usize, LexErr> {
    match lex.slice().iter().position(|&b| b == b'x') {
        Some(at) => Err(LexErr::BadString(lex.span().start + at)),
        None => Ok(lex.slice().len()),
    }
}

/// `bool`: `!` is a token after an even number of tildes.
fn bang(lex: &mut Calc) -> bool {
    lex.extras.tildes.is_multiple_of(2)
}

/// `Skip`, with a change to the extras.
fn tilde(lex: &mut Calc) -> Skip {
    lex.extras.tildes += 1;
    Skip
}

json_lexgen_macros::json_lexer!(
    r##"
    %name Calc;
    %extras Counts;
    %error LexErr;
    %value Int: u64;
    %value Name: &'s str;
    %value Word: String;
    %value Big: u64;
    %value Str: usize;
    %value Pct: u8;
    <CODE> [0-9]+ / ".."      => Int(int);
    <CODE> [0-9]+             => Int(int);
    <CODE> ".."               => Dot;
    <CODE> [a-z]+             => Name;
    <CODE> [A-Z][a-z]*        => Word(word);
    <CODE> "#" [0-9]+         => Big(big);
    <CODE> "%" [0-9]          => Pct(pct);
    <CODE> "!"                => Bang(bang);
    <CODE> "@"                => At({ if lex.remainder().len() >= 2 { lex.bump(2); } });
    <CODE> "~"                => skip(tilde);
    <CODE> "\"" [^"\n]* "\""  => Str(strlen);
    <CODE> "/*"               => skip -> push(COMMENT);
    <COMMENT> "/*"            => skip -> push(COMMENT);
    <COMMENT> "*/"            => skip -> pop;
    <COMMENT> [^*/\n]+ | [*/] => skip;
    <CODE> "*/"               => skip -> pop;
    <*> "\n"                  => skip({ lex.extras.newlines += 1; });
    <CODE> " "+               => skip;
    <CODE> "?"                => error("a question mark");
    <CODE> *                  => error("unexpected character");
"##,
    streaming
);

const PIECES: &[&str] = &[
    "0",
    "12",
    "99999999999999999999999",
    "..",
    ".",
    "abc",
    "Abc",
    "Skip",
    "#0",
    "#5",
    "#2000",
    "%7",
    "%",
    "!",
    "@",
    "~",
    "\"",
    "x",
    " ",
    "\n",
    "/*",
    "*/",
    "*",
    "/",
    "?",
    "é",
    "日本",
    "\u{1F600}",
    "\"abc",
    "\"ab\"",
];

fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 33
}

fn input(seed: &mut u64, len: usize) -> Vec<u8> {
    let mut s = Vec::new();
    while s.len() < len {
        let piece = PIECES[next(seed) as usize % PIECES.len()];
        // Long runs (a long name, string, comment) reach the SIMD kernels.
        let times = if next(seed).is_multiple_of(12) { 1 + next(seed) as usize % 300 } else { 1 };
        s.extend(piece.repeat(times).bytes());
    }
    s
}

type Lexed = (Vec<(String, std::ops::Range<usize>)>, Counts);

fn slice_tokens(input: &[u8], level: Level) -> Lexed {
    let kernels = Kernels::new(level).expect("an available level");
    let mut lexer = Calc::with_kernels(input, kernels, Counts::default());
    let mut out = Vec::new();
    while let Some(token) = lexer.next_token() {
        out.push((format!("{token:?}"), lexer.span()));
    }
    (out, lexer.extras)
}

/// A reader that gives the input in pieces of the given sizes (cycled), then fails
/// after `fail_at` bytes if asked.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
    fail_at: Option<usize>,
    at: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.fail_at.is_some_and(|f| self.at >= f) {
            return Err(io::Error::other("the disk is on fire"));
        }
        self.turn += 1;
        if self.turn.is_multiple_of(5) {
            // Interrupted reads are retried, not errors.
            return Err(io::ErrorKind::Interrupted.into());
        }
        let mut n = self.sizes[self.turn % self.sizes.len()].min(buf.len()).min(self.data.len() - self.at);
        if let Some(f) = self.fail_at {
            n = n.min(f - self.at);
        }
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn reader_tokens(reader: Pieces, level: Level, capacity: usize, lookahead: usize) -> (Lexed, Option<String>) {
    let kernels = Kernels::new(level).expect("an available level");
    let mut lexer =
        CalcReader::with_kernels(reader, kernels, Counts::default()).with_capacity(capacity).lookahead(lookahead);
    let mut out = Vec::new();
    let mut io_error = None;
    while let Some(token) = lexer.next_token() {
        match token {
            Ok(t) => out.push((format!("{:?}", Ok::<_, LexErr>(t)), lexer.span())),
            Err(StreamError::Token(e)) => out.push((format!("{:?}", Err::<CalcToken, _>(e)), lexer.span())),
            Err(StreamError::Io { offset, error }) => {
                assert!(io_error.is_none(), "one I/O error, then the end");
                io_error = Some(format!("{offset}: {error}"));
            }
        }
    }
    ((out, lexer.extras().clone()), io_error)
}

#[test]
fn reader_lexes_as_the_slice_lexer() {
    let levels = Level::available();
    assert!(levels.contains(&Level::Scalar) && levels.contains(&Level::Swar), "{levels:?}");
    let mut seed = 3;
    let mut kinds = std::collections::BTreeSet::new();
    for round in 0..400 {
        let data = input(&mut seed, round % 97 * 3);
        let expected = slice_tokens(&data, Level::Scalar);
        for (token, _) in &expected.0 {
            kinds.insert(token.split(['(', ')', ' ']).nth(1).unwrap_or_default().to_string());
        }
        for &level in &levels {
            assert_eq!(
                slice_tokens(&data, level),
                expected,
                "{level:?} slice lexer on {:?}",
                String::from_utf8_lossy(&data)
            );
            let sizes: Vec<usize> = (0..1 + next(&mut seed) % 4).map(|_| 1 + next(&mut seed) as usize % 9).collect();
            let sizes = if round.is_multiple_of(3) { vec![1] } else { sizes };
            let capacity = 1 + next(&mut seed) as usize % 16;
            let lookahead = 2 + next(&mut seed) as usize % 6;
            let reader = Pieces { data: &data, sizes: sizes.clone(), turn: 0, fail_at: None, at: 0 };
            let (got, io) = reader_tokens(reader, level, capacity, lookahead);
            assert_eq!(io, None);
            assert_eq!(
                got,
                expected,
                "{level:?} reader (pieces {sizes:?}, buffer {capacity}, lookahead {lookahead}) on {:?}",
                String::from_utf8_lossy(&data)
            );
        }
    }
    // Every kind of outcome was met: each return kind's tokens and errors.
    for kind in ["Int", "Dot", "Name", "Word", "Big", "Pct", "Bang", "At", "Str", "Lex", "BadString", "Huge"] {
        assert!(kinds.contains(kind), "no {kind} in {kinds:?}");
    }
}

#[test]
fn a_failed_read_is_an_error_not_the_end() {
    let mut seed = 5;
    for round in 0..200 {
        let data = input(&mut seed, 20 + round);
        let expected = slice_tokens(&data, Level::Scalar);
        let fail_at = next(&mut seed) as usize % data.len();
        let reader = Pieces { data: &data, sizes: vec![1, 3, 7], turn: 0, fail_at: Some(fail_at), at: 0 };
        // Lookahead 2: `@`'s callback sees what the slice lexer's does.
        let ((got, _), io) = reader_tokens(reader, Level::Scalar, 4, 2);
        assert_eq!(io.as_deref(), Some(format!("{fail_at}: the disk is on fire").as_str()));
        // What came before the failure is what the slice lexer gives: no token was cut.
        assert!(got.len() <= expected.0.len() && got[..] == expected.0[..got.len()], "{got:?} vs {expected:?}");
        assert!(got.last().is_none_or(|(_, span)| span.end <= fail_at + 2));
    }
}

#[test]
fn callbacks_see_the_whole_token_and_the_lookahead() {
    // A 3000-byte string read a byte at a time through a 2-byte buffer: the callback's
    // slice is the whole string.
    let text = format!("\"{}\" @abc", "a".repeat(3000));
    let reader = Pieces { data: text.as_bytes(), sizes: vec![1], turn: 0, fail_at: None, at: 0 };
    let mut lexer = CalcReader::new(reader).with_capacity(2).lookahead(2);
    let (token, span) = lexer.next_spanned().expect("a token");
    assert_eq!((token.ok(), span), (Some(CalcToken::Str(3002)), 0..3002));
    assert_eq!(lexer.span(), 0..3002);
    // `@` sees two bytes after it and bumps over them: `ab` is in its span.
    assert_eq!(lexer.next_token().map(|t| t.ok()), Some(Some(CalcToken::At)));
    assert_eq!(lexer.span(), 3003..3006);
    assert_eq!(lexer.next_token().map(|t| t.ok()), Some(Some(CalcToken::Name("c"))));
    assert!(lexer.next_token().is_none());
    // Without lookahead the reader reads no further than the automaton needs, and the
    // callback sees what is buffered: here nothing after `@`, so no bump.
    let reader = Pieces { data: b"@abc", sizes: vec![1], turn: 0, fail_at: None, at: 0 };
    let mut lexer = CalcReader::new(reader).with_capacity(1);
    assert_eq!(lexer.next_token().map(|t| t.ok()), Some(Some(CalcToken::At)));
    assert_eq!(lexer.span(), 0..1);
}

#[test]
fn positions_count_the_dropped_lines() {
    let text = "ab\ncd /* x\n */ ef\n  \"s\" ?";
    let reader = Pieces { data: text.as_bytes(), sizes: vec![1, 2], turn: 0, fail_at: None, at: 0 };
    let mut lexer = CalcReader::new(reader).with_capacity(3);
    let mut seen = Vec::new();
    while let Some(token) = lexer.next_token() {
        let error = token.is_err();
        let start = lexer.span().start;
        let at = lexer.position(start);
        seen.push((error, at.line, at.column, at.offset));
    }
    assert_eq!(seen, [(false, 1, 1, 0), (false, 2, 1, 3), (false, 3, 5, 15), (false, 4, 3, 20), (true, 4, 7, 24)]);
    assert_eq!(lexer.extras().newlines, 3);
    let mut lexer = CalcReader::new(&b"?"[..]);
    let e = lexer.next_token();
    let Some(Err(StreamError::Token(LexErr::Lex(e)))) = e else { panic!("{e:?}") };
    assert_eq!((e.kind, e.span, e.message), (TokenErrorKind::ErrorRule, 0..1, Some("a question mark")));
}

/// The reader of a lexer generated without `unsafe` (its state moves into the step's
/// lexer and back, rather than staying in place).
mod safe {
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct Lines(pub usize);

    json_lexgen_macros::json_lexer!(
        r##"
        %name Safe;
        %extras Lines;
        %value Int: u64;
        %value Name: &'s str;
        <CODE> [0-9]+             => Int({ lex.text().ok()?.parse().ok() });
        <CODE> [a-z]+             => Name;
        <CODE> "\"" [^"\n]* "\""  => Str;
        <CODE> "/*"               => skip -> push(COMMENT);
        <COMMENT> "*/"     => skip -> pop;
        <COMMENT> [^*\n]+ | "*" => skip;
        <*> "\n"           => skip({ lex.extras.0 += 1; });
        <CODE> " "+               => skip;
        <CODE> *                  => error("unexpected");
    "##,
        streaming,
        no_unsafe
    );
}

#[test]
fn reader_without_unsafe_lexes_as_the_slice_lexer() {
    use safe::{Safe, SafeReader};
    let mut seed = 41;
    for round in 0..300 {
        let data = input(&mut seed, round % 61 * 3);
        let mut slice = Safe::new(&data);
        let mut expected = Vec::new();
        while let Some(t) = slice.next_token() {
            expected.push((format!("{t:?}"), slice.span()));
        }
        let sizes = vec![1 + next(&mut seed) as usize % 5];
        let reader = Pieces { data: &data, sizes, turn: 0, fail_at: None, at: 0 };
        let mut lexer = SafeReader::new(reader).with_capacity(1 + round % 7);
        let mut got = Vec::new();
        while let Some((t, span)) = lexer.next_spanned() {
            got.push((format!("{:?}", t.map_err(|e| e.token().expect("no read fails"))), span));
        }
        assert_eq!(got, expected, "{:?}", String::from_utf8_lossy(&data));
        assert_eq!(*lexer.extras(), slice.extras);
    }
}
