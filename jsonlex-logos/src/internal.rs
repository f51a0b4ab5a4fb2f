//! What the generated `lex` calls: how a callback's return value becomes a token, a
//! skip or an error (logos's table of return types), not public API.

use crate::{Filter, FilterResult, Logos, Skip};

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
