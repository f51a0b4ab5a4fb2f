//! logos 0.16's surface over json-lexgen: `#[derive(Logos)]` on a token enum, with
//! logos's attributes and their meaning, compiled by json-lexgen's generator (a
//! minimized DFA, SIMD skip hooks on long runs, no recursion, so no stack growth on
//! long tokens).
//!
//! A logos user switches with one line of `Cargo.toml`:
//!
//! ```toml
//! logos = { package = "jsonlex-logos", version = "0.1" }
//! ```
//!
//! ```
//! # extern crate jsonlex_logos as logos;
//! use logos::Logos;
//!
//! #[derive(Logos, Debug, PartialEq)]
//! #[logos(skip r"[ \t\n]+")]
//! enum Token<'s> {
//!     #[token("let")]
//!     Let,
//!     #[regex("[a-z]+")]
//!     Name(&'s str),
//!     #[regex("[0-9]+", |lex| lex.slice().parse().ok())]
//!     Int(u64),
//! }
//!
//! let tokens: Vec<_> = Token::lexer("let x 42").collect();
//! assert_eq!(tokens, [Ok(Token::Let), Ok(Token::Name("x")), Ok(Token::Int(42))]);
//! ```
//!
//! The derive names this crate `::logos` (as logos's does); under another name, say
//! so with `#[logos(crate = jsonlex_logos)]`. What differs from logos is listed in the
//! repository's README ("logos-compatible derive").

#![warn(missing_docs)]

mod lexer;
pub mod source;
mod stream;

#[doc(hidden)]
pub mod internal;

pub use crate::lexer::{Lexer, Span, SpannedIter};
pub use crate::source::Source;
pub use crate::stream::{StreamError, StreamLexer, StreamLogos, StreamResult};
pub use json_lexgen_macros::Logos;

/// The trait `#[derive(Logos)]` implements for a token enum.
pub trait Logos<'source>: Sized {
    /// The user state the lexer carries (`#[logos(extras = T)]`, default `()`).
    type Extras;

    /// What is lexed: `str`, or `[u8]` with `#[logos(utf8 = false)]`.
    type Source: Source + ?Sized + 'source;

    /// The error of a token (`#[logos(error = E)]`, default `()`); `Default` gives the
    /// error where no pattern matches, unless an error callback builds it.
    type Error: Default + Clone + PartialEq + core::fmt::Debug + 'source;

    /// The next token of `lexer`, from its position (the generated state machine).
    fn lex(lexer: &mut Lexer<'source, Self>) -> Option<Result<Self, Self::Error>>;

    /// A lexer at the start of `source`, with default extras.
    fn lexer(source: &'source Self::Source) -> Lexer<'source, Self>
    where
        Self::Extras: Default,
    {
        Lexer::new(source)
    }

    /// A lexer at the start of `source`, with these extras.
    fn lexer_with_extras(source: &'source Self::Source, extras: Self::Extras) -> Lexer<'source, Self> {
        Lexer::with_extras(source, extras)
    }

    /// A lexer of the bytes of `reader` (any `std::io::Read`), for an enum derived with
    /// `#[logos(stream)]`: see [`StreamLexer`].
    fn stream_lexer<R: std::io::Read>(reader: R) -> StreamLexer<R, Self>
    where
        Self: StreamLogos,
        <Self as StreamLogos>::Extras: Default,
    {
        StreamLexer::new(reader)
    }
}

/// What json-lexgen built for a token enum: the sizes of its automaton and its SIMD
/// skip hooks (what `json-lexgen --stats` reports for a grammar). Implemented by the
/// derive.
pub trait Automaton {
    /// States of the minimized DFA the lexer runs.
    const DFA_STATES: usize;
    /// Byte-range transitions between them.
    const TRANSITIONS: usize;
    /// The states that loop on themselves over a byte class with a SIMD skip hook
    /// (string bodies, comments, identifiers), each as `(state, bytes in its class)`.
    const HOOKS: &'static [(usize, usize)];
}

/// A callback's answer: a token with this value, or no token.
pub use json_runtime::lex::Filter;
/// A callback's answer: a token with this value, no token, or an error.
pub use json_runtime::lex::FilterResult;
/// A callback's answer: no token for this match; lexing goes on after it.
pub use json_runtime::lex::Skip;

/// A callback that skips its match: `#[regex(r"[ \t]+", logos::skip)]`.
#[inline]
pub fn skip<'source, Token: Logos<'source>>(_: &mut Lexer<'source, Token>) -> Skip {
    Skip
}

/// A SIMD level for [`Kernels::new`].
pub use json_runtime::simd::Level;
/// The skip kernels, the SIMD level and the runtime the generated code calls.
pub use json_runtime::skip::Kernels;

#[doc(hidden)]
pub use json_runtime as __runtime;
