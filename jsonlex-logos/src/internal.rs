//! What the generated `lex` calls: how a callback's return value becomes a token, a
//! skip or an error (logos's table of return types), not public API.

use crate::{Filter, FilterResult, Logos, Skip};
use json_runtime::lex::Fill;

/// What a callback's return value means for the lexer.
pub enum CallbackResult<'s, L: Logos<'s>> {
    /// This token.
    Emit(L),
    /// This error.
    Error(L::Error),
    /// The error the lexer builds (`Error::default()`, or the error callback's).
    DefaultError,
    /// No token: lexing goes on after the match.
    Skip,
}

/// A return type of a callback on a variant whose field has type `P` (`()` for a unit
/// variant); `construct` gets the variant's constructor.
pub trait CallbackRetVal<'s, P, L: Logos<'s>> {
    /// The outcome.
    fn construct<C: Fn(P) -> L>(self, con: C) -> CallbackResult<'s, L>;
}

impl<'s, L: Logos<'s>, T> CallbackRetVal<'s, T, L> for T {
    #[inline]
    fn construct<C: Fn(T) -> L>(self, con: C) -> CallbackResult<'s, L> {
        CallbackResult::Emit(con(self))
    }
}

impl<'s, L: Logos<'s>, T, E: Into<L::Error>> CallbackRetVal<'s, T, L> for Result<T, E> {
    #[inline]
    fn construct<C: Fn(T) -> L>(self, con: C) -> CallbackResult<'s, L> {
        match self {
            Ok(v) => CallbackResult::Emit(con(v)),
            Err(e) => CallbackResult::Error(e.into()),
        }
    }
}

impl<'s, L: Logos<'s>, T> CallbackRetVal<'s, T, L> for Option<T> {
    #[inline]
    fn construct<C: Fn(T) -> L>(self, con: C) -> CallbackResult<'s, L> {
        match self {
            Some(v) => CallbackResult::Emit(con(v)),
            None => CallbackResult::DefaultError,
        }
    }
}

impl<'s, L: Logos<'s>, T> CallbackRetVal<'s, T, L> for Filter<T> {
    #[inline]
    fn construct<C: Fn(T) -> L>(self, con: C) -> CallbackResult<'s, L> {
        match self {
            Filter::Emit(v) => CallbackResult::Emit(con(v)),
            Filter::Skip => CallbackResult::Skip,
        }
    }
}

impl<'s, L: Logos<'s>, T, E: Into<L::Error>> CallbackRetVal<'s, T, L> for FilterResult<T, E> {
    #[inline]
    fn construct<C: Fn(T) -> L>(self, con: C) -> CallbackResult<'s, L> {
        match self {
            FilterResult::Emit(v) => CallbackResult::Emit(con(v)),
            FilterResult::Skip => CallbackResult::Skip,
            FilterResult::Error(e) => CallbackResult::Error(e.into()),
        }
    }
}

// Unit variants: a `bool`, a `Skip`, or any token of the enum (the callback picks it).

impl<'s, L: Logos<'s>> CallbackRetVal<'s, (), L> for bool {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, con: C) -> CallbackResult<'s, L> {
        if self {
            CallbackResult::Emit(con(()))
        } else {
            CallbackResult::DefaultError
        }
    }
}

impl<'s, L: Logos<'s>> CallbackRetVal<'s, (), L> for Skip {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        CallbackResult::Skip
    }
}

impl<'s, L: Logos<'s>, E: Into<L::Error>> CallbackRetVal<'s, (), L> for Result<Skip, E> {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        match self {
            Ok(Skip) => CallbackResult::Skip,
            Err(e) => CallbackResult::Error(e.into()),
        }
    }
}

impl<'s, L: Logos<'s>> CallbackRetVal<'s, (), L> for L {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        CallbackResult::Emit(self)
    }
}

impl<'s, L: Logos<'s>, E: Into<L::Error>> CallbackRetVal<'s, (), L> for Result<L, E> {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        match self {
            Ok(t) => CallbackResult::Emit(t),
            Err(e) => CallbackResult::Error(e.into()),
        }
    }
}

impl<'s, L: Logos<'s>> CallbackRetVal<'s, (), L> for Filter<L> {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        match self {
            Filter::Emit(t) => CallbackResult::Emit(t),
            Filter::Skip => CallbackResult::Skip,
        }
    }
}

impl<'s, L: Logos<'s>, E: Into<L::Error>> CallbackRetVal<'s, (), L> for FilterResult<L, E> {
    #[inline]
    fn construct<C: Fn(()) -> L>(self, _: C) -> CallbackResult<'s, L> {
        match self {
            FilterResult::Emit(t) => CallbackResult::Emit(t),
            FilterResult::Skip => CallbackResult::Skip,
            FilterResult::Error(e) => CallbackResult::Error(e.into()),
        }
    }
}

/// A return type of a skip pattern's callback: `()`, `Skip`, or a `Result` of them.
pub trait SkipRetVal<'s, L: Logos<'s>> {
    /// `None`: skip the match; `Some(e)`: the match is this error.
    fn construct(self) -> Option<L::Error>;
}

impl<'s, L: Logos<'s>> SkipRetVal<'s, L> for () {
    #[inline]
    fn construct(self) -> Option<L::Error> {
        None
    }
}

impl<'s, L: Logos<'s>> SkipRetVal<'s, L> for Skip {
    #[inline]
    fn construct(self) -> Option<L::Error> {
        None
    }
}

impl<'s, L: Logos<'s>, E: Into<L::Error>> SkipRetVal<'s, L> for Result<(), E> {
    #[inline]
    fn construct(self) -> Option<L::Error> {
        self.err().map(Into::into)
    }
}

impl<'s, L: Logos<'s>, E: Into<L::Error>> SkipRetVal<'s, L> for Result<Skip, E> {
    #[inline]
    fn construct(self) -> Option<L::Error> {
        self.err().map(Into::into)
    }
}

/// Calls a callback with the lexer: the closure's parameter type comes from here.
#[inline(always)]
pub fn call<'s, L: Logos<'s>, R>(lex: &mut crate::Lexer<'s, L>, f: impl FnOnce(&mut crate::Lexer<'s, L>) -> R) -> R {
    f(lex)
}

/// A [`crate::StreamLexer`]'s state between tokens: absolute offsets, the extras.
pub struct StreamState<X> {
    pub(crate) pos: usize,
    pub(crate) token_start: usize,
    pub(crate) kernels: json_runtime::skip::Kernels,
    /// `None` only after a callback panicked in a step.
    pub(crate) extras: Option<X>,
    pub(crate) lookahead: usize,
    /// Absolute offset up to which the input is known to be UTF-8 (a `str` source's).
    pub valid_to: usize,
}

impl<X> StreamState<X> {
    pub(crate) fn new(extras: X, kernels: json_runtime::skip::Kernels) -> Self {
        StreamState { pos: 0, token_start: 0, kernels, extras: Some(extras), lookahead: 0, valid_to: 0 }
    }
}

/// The buffered bytes as a source: all of them for `[u8]`; for `str`, up to the last
/// whole character known to be UTF-8.
pub struct BufferWindow<'b, S: ?Sized> {
    source: &'b S,
    /// Absolute offset of the source's first byte.
    base: usize,
    /// The lexer may take the window's end as the input's.
    eof: bool,
    /// Bad UTF-8 starts at the window's end (absolute offset).
    bad: Option<usize>,
}

/// A source a [`crate::StreamLexer`] reads from a buffer.
pub trait Window {
    /// `buf` (input from absolute `base` on; `eof`: nothing follows) as this source;
    /// `valid_to` is kept across calls so that each byte is checked once.
    fn window<'b>(buf: &'b [u8], base: usize, eof: bool, valid_to: &mut usize) -> BufferWindow<'b, Self>;
}

impl Window for [u8] {
    #[inline]
    fn window<'b>(buf: &'b [u8], base: usize, eof: bool, _: &mut usize) -> BufferWindow<'b, [u8]> {
        BufferWindow { source: buf, base, eof, bad: None }
    }
}

impl Window for str {
    #[inline]
    fn window<'b>(buf: &'b [u8], base: usize, eof: bool, valid_to: &mut usize) -> BufferWindow<'b, str> {
        // The buffer starts at a token's start, a character's: what is before
        // `valid_to` is UTF-8, and only the bytes after it are checked.
        let from = valid_to.saturating_sub(base).min(buf.len());
        let (end, bad) = match core::str::from_utf8(&buf[from..]) {
            Ok(_) => (buf.len(), None),
            Err(e) => {
                let end = from + e.valid_up_to();
                // A character cut by the buffer's end is whole after the refill.
                let bad = (e.error_len().is_some() || eof).then_some(base + end);
                (end, bad)
            }
        };
        *valid_to = base + end;
        let valid = buf.get(..end).unwrap_or_default();
        // SAFETY: `valid` is UTF-8: its bytes before `from` were checked by an earlier
        // call (the buffer keeps them, at the same offsets: `valid_to` is absolute, and
        // the buffer drops bytes only before the token's start, a character's start),
        // and those from `from` to `end` just now. Checking the whole buffer again at
        // every token would cost its length per token.
        let source = unsafe { core::str::from_utf8_unchecked(valid) };
        // The lexer's view ends where the input is not UTF-8: as if the input ended
        // there (no pattern of a `str` enum matches bad UTF-8).
        BufferWindow { source, base, eof: eof || bad.is_some(), bad }
    }
}

/// One step of a [`crate::StreamLexer`]: the state moves into a lexer over `window`,
/// `next` runs the enum's streaming code, the state moves back.
#[inline(always)]
pub fn run_step<'b, T: Logos<'b>>(
    state: &mut StreamState<T::Extras>,
    window: BufferWindow<'b, T::Source>,
    next: impl FnOnce(&mut crate::Lexer<'b, T>, bool, usize) -> Fill<Option<Result<T, T::Error>>>,
) -> Fill<Option<crate::StreamResult<T, T::Error>>>
where
    T::Source: Window,
{
    let Some(extras) = state.extras.take() else {
        return Fill::Ready(None);
    };
    let mut lexer = crate::Lexer::<'b, T>::with_kernels(window.source, extras, state.kernels);
    let start = window.base;
    lexer.base = start;
    lexer.pos = state.pos.wrapping_sub(start);
    lexer.token_start = lexer.pos;
    let out = next(&mut lexer, window.eof, state.lookahead);
    state.pos = start.saturating_add(lexer.pos);
    state.token_start = start.wrapping_add(lexer.token_start);
    state.extras = Some(lexer.extras);
    match out {
        Fill::NeedMore => Fill::NeedMore,
        Fill::Ready(Some(Ok(token))) => Fill::Ready(Some(Ok((token, state.token_start..state.pos)))),
        Fill::Ready(Some(Err(error))) => {
            Fill::Ready(Some(Err(crate::StreamError::Token { error, span: state.token_start..state.pos })))
        }
        Fill::Ready(None) => match window.bad {
            Some(offset) => Fill::Ready(Some(Err(crate::StreamError::Utf8 { offset }))),
            None => Fill::Ready(None),
        },
    }
}
