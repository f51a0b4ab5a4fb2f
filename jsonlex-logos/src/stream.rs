//! [`StreamLexer`]: the tokens of a `#[logos(stream)]` enum read from any
//! [`std::io::Read`] (what logos #159, #228 and #324 ask for).

use crate::internal::StreamState;
use crate::{Logos, Span};
use json_runtime::lex::{BufferedStep, Fill, TokenReader, DEFAULT_CAPACITY};
use json_runtime::skip::Kernels;
use std::io::{self, Read};
use std::marker::PhantomData;

/// What [`StreamLexer::next_token`] gives but for the end: a token and its span, or an
/// error.
pub type StreamResult<T, E> = Result<(T, Span), StreamError<E>>;

/// What `#[derive(Logos)]` with `#[logos(stream)]` implements: the enum at every
/// source lifetime (over the buffer of a reader), for [`StreamLexer`].
pub trait StreamLogos: Sized {
    /// The enum whose values borrow a buffer for `'b`.
    type Token<'b>: Logos<'b, Extras = Self::Extras, Error = Self::Error>;
    /// As [`Logos::Extras`].
    type Extras;
    /// As [`Logos::Error`].
    type Error;

    #[doc(hidden)]
    fn __step<'b>(
        state: &mut StreamState<Self::Extras>,
        buf: &'b [u8],
        base: usize,
        eof: bool,
    ) -> Fill<Option<StreamResult<Self::Token<'b>, Self::Error>>>;
}

/// An error of a [`StreamLexer`].
#[derive(Debug)]
pub enum StreamError<E> {
    /// The token's error (no pattern matches, a callback's error) over `span`; lexing
    /// goes on after it.
    Token {
        /// The enum's error.
        error: E,
        /// The bad input.
        span: Span,
    },
    /// The input is not UTF-8 from `offset` on (a `str` enum's reader); the lexer has
    /// ended.
    Utf8 {
        /// The first byte of the bad sequence (or of a sequence cut by the input's end).
        offset: usize,
    },
    /// Reading failed after `offset` bytes; the lexer has ended (the input is never
    /// taken as ending there).
    Io {
        /// Where reading failed.
        offset: usize,
        /// The reader's error.
        error: io::Error,
    },
}

impl<E: PartialEq> PartialEq for StreamError<E> {
    /// Two I/O errors are equal at the same offset with the same kind.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (StreamError::Token { error: a, span: s }, StreamError::Token { error: b, span: t }) => a == b && s == t,
            (StreamError::Utf8 { offset: a }, StreamError::Utf8 { offset: b }) => a == b,
            (StreamError::Io { offset: a, error: e }, StreamError::Io { offset: b, error: f }) => {
                a == b && e.kind() == f.kind()
            }
            _ => false,
        }
    }
}

impl<E: core::fmt::Debug> core::fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StreamError::Token { error, span } => write!(f, "{error:?} at bytes {}..{}", span.start, span.end),
            StreamError::Utf8 { offset } => write!(f, "the input is not UTF-8 at byte {offset}"),
            StreamError::Io { offset, error } => write!(f, "cannot read the input after byte {offset}: {error}"),
        }
    }
}

impl<E: core::fmt::Debug> std::error::Error for StreamError<E> {}

/// The tokens of a `#[logos(stream)]` enum `T` read from `R`, in memory bounded by the
/// longest token: `Token::stream_lexer(reader)`.
///
/// [`StreamLexer::next_token`] gives each token with its span. A token's values borrow
/// the lexer's buffer (`Token<'_>`, until the next call), as the slice lexer's borrow
/// the source: no copy is made, and a caller that keeps one makes it owned. Callbacks
/// are the enum's own and run once per match, with the whole match buffered, so
/// `lex.slice()` is the whole token; `lex.remainder()` is what is buffered after it (see
/// [`StreamLexer::lookahead`]). A `str` enum's input must be UTF-8:
/// [`StreamError::Utf8`] where it is not.
///
/// ```
/// # extern crate jsonlex_logos as logos;
/// use logos::Logos;
///
/// #[derive(Logos, Debug, PartialEq)]
/// #[logos(stream, skip r"[ \n]+")]
/// enum Token<'s> {
///     #[regex("[a-z]+")]
///     Word(&'s str),
///     #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
///     Number(u64),
/// }
///
/// let mut lexer = Token::stream_lexer(&b"hello 42\nworld"[..]);
/// assert_eq!(lexer.next_token().unwrap().unwrap(), (Token::Word("hello"), 0..5));
/// assert_eq!(lexer.next_token().unwrap().unwrap(), (Token::Number(42), 6..8));
/// assert_eq!(lexer.next_token().unwrap().unwrap(), (Token::Word("world"), 9..14));
/// assert!(lexer.next_token().is_none());
/// ```
pub struct StreamLexer<R, T: StreamLogos> {
    step: Step<T>,
    input: TokenReader<R>,
    /// The end, a failed read or bad UTF-8 was returned.
    done: bool,
}

struct Step<T: StreamLogos> {
    state: StreamState<T::Extras>,
    kind: PhantomData<fn() -> T>,
}

impl<T: StreamLogos> BufferedStep for Step<T> {
    type Output<'b> = Option<StreamResult<T::Token<'b>, T::Error>>;

    #[inline(always)]
    fn step<'b>(&mut self, buf: &'b [u8], base: usize, eof: bool) -> Fill<Self::Output<'b>> {
        T::__step(&mut self.state, buf, base, eof)
    }

    #[inline]
    fn offset(&self) -> usize {
        self.state.pos
    }

    #[inline]
    fn dropped(&mut self, _: &[u8]) {}
}

impl<R: Read, T: StreamLogos> StreamLexer<R, T> {
    /// Tokens of `reader`'s bytes, with default extras, through a 64 KiB buffer (grown
    /// only for a longer token).
    pub fn new(reader: R) -> Self
    where
        T::Extras: Default,
    {
        Self::with_extras(reader, Default::default())
    }

    /// Tokens of `reader`'s bytes, with these extras.
    pub fn with_extras(reader: R, extras: T::Extras) -> Self {
        StreamLexer {
            step: Step { state: StreamState::new(extras, Kernels::active()), kind: PhantomData },
            input: TokenReader::new(reader, DEFAULT_CAPACITY),
            done: false,
        }
    }

    /// The same lexer calling these skip kernels (for comparing SIMD levels).
    pub fn with_kernels(mut self, kernels: Kernels) -> Self {
        self.step.state.kernels = kernels;
        self
    }

    /// Start with a buffer of `bytes` (at least 1) rather than 64 KiB.
    pub fn with_capacity(mut self, bytes: usize) -> Self {
        self.input.set_capacity(bytes);
        self
    }

    /// Let each callback see at least `bytes` bytes after its match (every byte up to
    /// the input's end, when it ends sooner): `remainder()`, and `bump(n)` for `n` up to
    /// `bytes`, are then exactly the slice lexer's. Default 0: the lexer reads no
    /// further than the automaton needs (an interactive input is lexed as it arrives),
    /// and a `bump` past what is buffered panics, as one past the end of a slice does.
    pub fn lookahead(mut self, bytes: usize) -> Self {
        self.step.state.lookahead = bytes;
        self
    }

    /// The next token and its span, an error, or `None` at the end. After a token's
    /// error the lexer goes on, as logos's does; after bad UTF-8 or a failed read
    /// (`Interrupted` is retried) it has ended.
    pub fn next_token(&mut self) -> Option<StreamResult<T::Token<'_>, T::Error>> {
        if self.done {
            return None;
        }
        match self.input.next(&mut self.step) {
            Ok(Some(Ok(token))) => Some(Ok(token)),
            Ok(Some(Err(error))) => {
                self.done = !matches!(error, StreamError::Token { .. });
                Some(Err(error))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                let error = e.error.unwrap_or_else(|| io::Error::other("the lexer asked for input after its end"));
                Some(Err(StreamError::Io { offset: e.offset, error }))
            }
        }
    }

    /// The extras (the callbacks' and the caller's state).
    pub fn extras(&self) -> &T::Extras {
        self.step.state.extras.as_ref().expect("a callback of this lexer panicked")
    }

    /// The extras, to change.
    pub fn extras_mut(&mut self) -> &mut T::Extras {
        self.step.state.extras.as_mut().expect("a callback of this lexer panicked")
    }

    /// Offset of the next byte the lexer will read.
    pub fn offset(&self) -> usize {
        self.step.state.pos
    }

    /// The reader, and the bytes read from it that the lexer has not consumed.
    pub fn into_parts(self) -> (R, Vec<u8>) {
        self.input.into_parts(self.step.state.pos)
    }
}
