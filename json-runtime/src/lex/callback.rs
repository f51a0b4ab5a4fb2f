//! What a rule's callback may return, and the error of a lexer whose grammar has
//! callbacks, values or `%error` (a *value lexer*).
//!
//! A grammar rule such as `[0-9]+ => Int(parse_int);` makes the generated lexer call
//! `parse_int(&mut lexer)` when the rule matches. Like logos's callbacks, it may return:
//!
//! | returns | the token's value `P` | outcome |
//! | --- | --- | --- |
//! | `P` | the value | the token |
//! | `bool` (kinds without a value) | `()` | `true`: the token; `false`: an error |
//! | `Option<P>` | `Some(v)` | `None`: an error |
//! | `Result<P, E>` (`E: Into<Error>`) | `Ok(v)` | `Err(e)`: that error |
//! | [`Skip`] | | no token: lexing goes on after the match |
//! | [`Filter<P>`] | `Filter::Emit(v)` | `Filter::Skip`: no token |
//! | [`FilterResult<P, E>`] | `Emit(v)` | `Skip`, or `Error(e)` |
//!
//! The generated code turns each return value into an [`Outcome`] through
//! [`CallbackResult`], whose first parameter is the value type the grammar declared
//! (`%value Int: u64;`), so that `Option<u64>` and `u64` are told apart at compile time.
//! A skip rule's callback (`=> skip(count_line)`) returns anything whose value is `()`.

use core::fmt;
use core::ops::Range;

/// A callback's answer: no token for this match; lexing goes on after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skip;

/// A callback's answer: a token with this value, or no token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filter<P> {
    /// The token, with its value.
    Emit(P),
    /// No token: lexing goes on after the match.
    Skip,
}

/// A callback's answer: a token with this value, no token, or an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FilterResult<P, E> {
    /// The token, with its value.
    Emit(P),
    /// No token: lexing goes on after the match.
    Skip,
    /// The match is an error.
    Error(E),
}

/// What a callback's return value means for the lexer (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<P, E> {
    /// The token, with its value.
    Emit(P),
    /// No token: lexing goes on after the match.
    Skip,
    /// The match is this error.
    Error(E),
    /// The match is an error the callback did not describe (`None`, `false`): the
    /// lexer builds it from a [`TokenError`] naming the rule's kind.
    Reject,
}

/// A type a callback may return for a token whose value has type `P`, with lexer error
/// type `E`. Implemented for every return type of the table in the module docs.
pub trait CallbackResult<P, E> {
    /// What the lexer does with the match.
    fn outcome(self) -> Outcome<P, E>;
}

impl<P, E> CallbackResult<P, E> for P {
    #[inline]
    fn outcome(self) -> Outcome<P, E> {
        Outcome::Emit(self)
    }
}

impl<E> CallbackResult<(), E> for bool {
    #[inline]
    fn outcome(self) -> Outcome<(), E> {
        if self {
            Outcome::Emit(())
        } else {
            Outcome::Reject
        }
    }
}

impl<P, E> CallbackResult<P, E> for Option<P> {
    #[inline]
    fn outcome(self) -> Outcome<P, E> {
        match self {
            Some(v) => Outcome::Emit(v),
            None => Outcome::Reject,
        }
    }
}

impl<P, E, F: Into<E>> CallbackResult<P, E> for Result<P, F> {
    #[inline]
    fn outcome(self) -> Outcome<P, E> {
        match self {
            Ok(v) => Outcome::Emit(v),
            Err(e) => Outcome::Error(e.into()),
        }
    }
}

impl<E> CallbackResult<(), E> for Skip {
    #[inline]
    fn outcome(self) -> Outcome<(), E> {
        Outcome::Skip
    }
}

impl<P, E> CallbackResult<P, E> for Filter<P> {
    #[inline]
    fn outcome(self) -> Outcome<P, E> {
        match self {
            Filter::Emit(v) => Outcome::Emit(v),
            Filter::Skip => Outcome::Skip,
        }
    }
}

impl<P, E, F: Into<E>> CallbackResult<P, E> for FilterResult<P, F> {
    #[inline]
    fn outcome(self) -> Outcome<P, E> {
        match self {
            FilterResult::Emit(v) => Outcome::Emit(v),
            FilterResult::Skip => Outcome::Skip,
            FilterResult::Error(e) => Outcome::Error(e.into()),
        }
    }
}

/// Why a value lexer's token failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TokenErrorKind {
    /// No rule matches the input at the span's start.
    NoMatch,
    /// An `error` rule matched (`=> error;` or `=> error("message")`).
    ErrorRule,
    /// A callback rejected the match (`None`, `false`).
    Rejected,
    /// `-> pop` with an empty condition stack.
    EmptyStack,
    /// The token's text is not UTF-8 where the value needs a `&str`.
    InvalidUtf8,
}

/// The error of a value lexer when the grammar names no `%error` type, and what a
/// `%error` type is built from (`impl From<TokenError> for MyError`).
///
/// `span` is the bad input: the bytes the automaton read before no rule could go on
/// (at least one), the match of an `error` rule, or the match a callback rejected. The
/// lexer goes on after it (unless the grammar says `%on_error stop;`). Its line and
/// column: the lexer's `position(offset)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TokenError {
    /// What went wrong.
    pub kind: TokenErrorKind,
    /// The bad bytes, as offsets in the input.
    pub span: Range<usize>,
    /// The first byte no transition took (`NoMatch`; the input's length when it ended
    /// inside a token), else the span's start.
    pub offset: usize,
    /// The token kind being lexed (`NoMatch`: the rule still alive where it failed;
    /// `Rejected`: the callback's rule), when there is one.
    pub token: Option<&'static str>,
    /// The message of an `error("...")` rule.
    pub message: Option<&'static str>,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(message) = self.message {
            return write!(f, "{message} (bytes {}..{})", self.span.start, self.span.end);
        }
        match (self.kind, self.token) {
            (TokenErrorKind::NoMatch, Some(token)) => {
                write!(
                    f,
                    "unfinished {token}: no rule matches at byte {} (token from byte {})",
                    self.offset, self.span.start
                )
            }
            (TokenErrorKind::NoMatch, None) => write!(f, "no rule matches at byte {}", self.offset),
            (TokenErrorKind::ErrorRule, _) => {
                write!(f, "invalid input at bytes {}..{}", self.span.start, self.span.end)
            }
            (TokenErrorKind::Rejected, Some(token)) => {
                write!(f, "invalid {token} at bytes {}..{}", self.span.start, self.span.end)
            }
            (TokenErrorKind::Rejected, None) => {
                write!(f, "invalid token at bytes {}..{}", self.span.start, self.span.end)
            }
            (TokenErrorKind::EmptyStack, _) => {
                write!(f, "'-> pop' with an empty condition stack at bytes {}..{}", self.span.start, self.span.end)
            }
            (TokenErrorKind::InvalidUtf8, _) => {
                write!(f, "the token at bytes {}..{} is not valid UTF-8", self.span.start, self.span.end)
            }
        }
    }
}

impl std::error::Error for TokenError {}

/// Line and column of `offset`, counted on from a cached earlier position when
/// `offset` lies after it: value lexers keep one, so that asking for the position of
/// each token in order costs O(n) over the input (on one long line too), and nothing
/// when never asked. A plain lexer keeps none; its caller keeps one beside it:
///
/// ```
/// use json_runtime::lex::LineCache;
/// json_lexgen_macros::json_lexer!(r#"%name Words; [a-z]+ => Word; [ \n]+ => skip;"#);
///
/// let input = "one two\nthree";
/// let mut cache = LineCache::default();
/// let mut lexer = Words::new(input.as_bytes());
/// let mut positions = Vec::new();
/// while let Some(token) = lexer.next_token() {
///     let p = cache.position(input.as_bytes(), token.unwrap().start);
///     positions.push((p.line, p.column));
/// }
/// assert_eq!(positions, [(1, 1), (1, 5), (2, 1)]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LineCache {
    offset: usize,
    /// Lines before `offset`'s (0-based).
    line: usize,
    /// Characters between the start of `offset`'s line and `offset`.
    column: usize,
    /// Where offset 0 is: lines before it and characters before it on its line (not
    /// zero when the input is a buffer whose front was dropped, see
    /// [`LineCache::drop_front`]).
    origin_line: usize,
    origin_column: usize,
}

impl LineCache {
    /// The position of byte `offset` of `input` (clamped to its length).
    pub fn position(&mut self, input: &[u8], offset: usize) -> crate::Position {
        let offset = offset.min(input.len());
        if offset < self.offset {
            self.offset = 0;
            self.line = self.origin_line;
            self.column = self.origin_column;
        }
        let (mut line, mut column) = (self.line, self.column);
        for &b in &input[self.offset..offset] {
            if b == b'\n' {
                line += 1;
                column = 0;
            } else if (b & 0xC0) != 0x80 {
                // A character starts here (not a UTF-8 continuation byte).
                column += 1;
            }
        }
        (self.offset, self.line, self.column) = (offset, line, column);
        crate::Position { offset, line: line + 1, column: column + 1 }
    }

    /// The input's first `dropped.len()` bytes, `dropped`, leave it (a streaming
    /// lexer's buffer drops them): offsets now count from after them, and positions
    /// go on counting their lines.
    pub fn drop_front(&mut self, dropped: &[u8]) {
        let (lines, column) = super::read::lines_and_column(dropped);
        if lines > 0 {
            self.origin_line += lines;
            self.origin_column = column;
        } else {
            self.origin_column += column;
        }
        if self.offset >= dropped.len() {
            self.offset -= dropped.len();
        } else {
            (self.offset, self.line, self.column) = (0, self.origin_line, self.origin_column);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome<P, R: CallbackResult<P, TokenError>>(r: R) -> Outcome<P, TokenError> {
        r.outcome()
    }

    #[test]
    fn every_return_type() {
        assert_eq!(outcome::<u64, _>(7u64), Outcome::Emit(7));
        assert_eq!(outcome::<(), _>(true), Outcome::Emit(()));
        assert_eq!(outcome::<(), _>(false), Outcome::Reject);
        assert_eq!(outcome::<u8, _>(Some(3u8)), Outcome::Emit(3));
        assert_eq!(outcome::<u8, _>(None::<u8>), Outcome::Reject);
        let e = TokenError { kind: TokenErrorKind::Rejected, span: 1..2, offset: 1, token: None, message: None };
        assert_eq!(outcome::<u8, _>(Err::<u8, _>(e.clone())), Outcome::Error(e.clone()));
        assert_eq!(outcome::<(), _>(Skip), Outcome::Skip);
        assert_eq!(outcome::<u8, _>(Filter::Emit(4u8)), Outcome::Emit(4));
        assert_eq!(outcome::<u8, _>(Filter::<u8>::Skip), Outcome::Skip);
        assert_eq!(outcome::<u8, _>(FilterResult::<u8, TokenError>::Skip), Outcome::Skip);
        assert_eq!(outcome::<u8, _>(FilterResult::<u8, TokenError>::Error(e.clone())), Outcome::Error(e));
        // An `Option` value is a value when the token's value is an `Option`.
        assert_eq!(outcome::<Option<u8>, _>(None::<u8>), Outcome::Emit(None));
    }

    #[test]
    fn line_cache_matches_position_at() {
        let text = "ab\ncä d\n\nxyz";
        let mut cache = LineCache::default();
        for offset in (0..=text.len()).chain((0..=text.len()).rev()).chain((0..=text.len()).step_by(3)) {
            assert_eq!(cache.position(text.as_bytes(), offset), crate::Position::at(text.as_bytes(), offset));
        }
    }

    #[test]
    fn line_cache_counts_dropped_bytes() {
        let text = "ab\ncä d\n\nxyz\nlast line";
        for cut in 0..=text.len() {
            for asked in [0, cut / 2, cut] {
                let mut cache = LineCache::default();
                cache.position(text.as_bytes(), asked);
                cache.drop_front(&text.as_bytes()[..cut]);
                let rest = &text.as_bytes()[cut..];
                for offset in (0..=rest.len()).chain((0..=rest.len()).rev()) {
                    let p = cache.position(rest, offset);
                    let whole = crate::Position::at(text.as_bytes(), cut + offset);
                    assert_eq!((p.line, p.column), (whole.line, whole.column), "cut {cut}, offset {offset}");
                }
            }
        }
    }
}
