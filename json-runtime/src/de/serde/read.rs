//! Where the [`Deserializer`](super::Deserializer) takes its tokens and their bytes
//! from (serde_json's `Read` trait): a slice lexer over the whole input, whose strings
//! can be lent for `'de`, or a streaming lexer over a reader's buffer ([`IoRead`]),
//! whose strings live only until the next token.
//!
//! The deserializer sees the bytes through a *window*: the bytes held and the absolute
//! offset of the first (the whole input at 0 for a slice, a reader's buffer). Errors are
//! made on the window, at offsets relative to it, and placed in the whole input by
//! [`Source::place`]. For a slice both steps are the identity, and the slice path
//! compiles to what it was before readers came.

use std::io;

use crate::error::Error;
use crate::lex::{entry_index, LexError, Lexer, Next, ReadError, ReadLexer, Step, StreamLexer};
use crate::token::JsonToken;

/// Bytes of the input: lent for `'de` (a slice's), or only while the source is not
/// moved on (a reader's buffer).
pub enum Ref<'de, 's> {
    /// Part of the input, for as long as the input lives.
    Borrowed(&'de [u8]),
    /// Part of a buffer, until the next token.
    Copied(&'s [u8]),
}

mod private {
    pub trait Sealed {}
}

/// What the [`Deserializer`](super::Deserializer) reads tokens from: a slice lexer `L`
/// (`Lexer<'de, Kind = JsonToken>`), or an [`IoRead`]. Sealed: its methods are the
/// deserializer's business.
pub trait Source<'de>: private::Sealed {
    /// The next token, a lexical error, or `None` at the end. The bytes from absolute
    /// offset `keep` on stay in the window (a reader drops those before the new token
    /// otherwise): what a peek must not lose of the token before it.
    #[doc(hidden)]
    fn next_token(&mut self, keep: usize) -> Next<JsonToken>;

    /// The lexer's entry points where the deserializer knows what comes next
    /// (`%entry` in grammar/json.lex, as indices into its `ENTRIES`; `usize::MAX`, the
    /// default, is no entry): after '{' or ',' in an object, after a key, after a
    /// member and after an element.
    #[doc(hidden)]
    const ENTRY_KEY: usize = usize::MAX;
    #[doc(hidden)]
    const ENTRY_COLON: usize = usize::MAX;
    #[doc(hidden)]
    const ENTRY_OBJECT_NEXT: usize = usize::MAX;
    #[doc(hidden)]
    const ENTRY_ARRAY_NEXT: usize = usize::MAX;

    /// As [`next_token`](Source::next_token), through entry point `entry` (one of the
    /// `ENTRY_*` constants): the same token, found faster when it is one the entry
    /// expects. The default (a reader's) is `next_token`.
    #[doc(hidden)]
    #[inline(always)]
    fn next_token_in(&mut self, keep: usize, entry: usize) -> Next<JsonToken> {
        let _ = entry;
        self.next_token(keep)
    }

    /// Lex on from absolute offset `offset` (after a string that was repaired).
    #[doc(hidden)]
    fn set_offset(&mut self, offset: usize);

    /// The whole input and the offset where the next token starts, when the lexer
    /// promises JSON's numbers there ([`Lexer::JSON_NUMBERS`]): the deserializer may
    /// read a number itself and go on with [`set_offset`](Source::set_offset). A
    /// reader gives `None` (a number may go on past its buffer).
    #[doc(hidden)]
    #[inline(always)]
    fn json_numbers(&self) -> Option<(&'de [u8], usize)> {
        None
    }

    /// Steps over the next byte when it is `byte` and the lexer promises that this byte
    /// alone is the token `kind` ([`Lexer::single_byte_token`]); gives its absolute
    /// offset. Otherwise does nothing (as when a reader's buffer does not hold the byte).
    #[doc(hidden)]
    #[inline]
    fn step_over(&mut self, byte: u8, kind: JsonToken) -> Option<usize> {
        let _ = (byte, kind);
        None
    }

    /// The bytes held, and the absolute offset of the first: they include the last
    /// token returned (and `keep` on).
    #[doc(hidden)]
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'de: 's;

    /// The bytes at absolute `start..end`, if the window holds them.
    #[doc(hidden)]
    fn bytes<'s>(&'s self, start: usize, end: usize) -> Option<Ref<'de, 's>>;

    /// An error made on the window (offsets relative to it), placed in the whole input.
    #[doc(hidden)]
    fn place(&self, error: Error) -> Error;

    /// Before a lexical error at absolute `offset` is diagnosed: a reader reads a few
    /// bytes past it (what the message looks at), or gives the I/O error to report
    /// instead (reading failed, which its lexer reported as a lexical error).
    #[doc(hidden)]
    fn before_error(&mut self, offset: usize) -> Option<Error>;

    /// Absolute offset of the end of the input, once `next_token` has returned `None`.
    #[doc(hidden)]
    fn end(&self) -> usize;

    /// Reads until the window holds the input up to absolute offset `end` (or all of
    /// it): the byte after a value, which the lexer may not have needed, or the rest
    /// of a string being repaired.
    #[doc(hidden)]
    fn fill(&mut self, end: usize) -> Result<(), Error>;

    /// The first two tokens from absolute offset `start`, by a new lexer over the
    /// window (an object key's body, read as a number).
    #[doc(hidden)]
    fn lex_at(&self, start: usize) -> [Next<JsonToken>; 2];
}

impl<'de, L: Lexer<'de, Kind = JsonToken>> private::Sealed for L {}

/// A slice lexer is its own source: the window is the whole input.
impl<'de, L: Lexer<'de, Kind = JsonToken>> Source<'de> for L {
    const ENTRY_KEY: usize = entry_index(L::ENTRIES, "key");
    const ENTRY_COLON: usize = entry_index(L::ENTRIES, "colon");
    const ENTRY_OBJECT_NEXT: usize = entry_index(L::ENTRIES, "object_next");
    const ENTRY_ARRAY_NEXT: usize = entry_index(L::ENTRIES, "array_next");

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_token(&mut self, _keep: usize) -> Next<JsonToken> {
        Lexer::next_token(self)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_token_in(&mut self, _keep: usize, entry: usize) -> Next<JsonToken> {
        Lexer::next_token_entry(self, entry)
    }

    fn set_offset(&mut self, offset: usize) {
        Lexer::set_offset(self, offset)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn json_numbers(&self) -> Option<(&'de [u8], usize)> {
        if L::JSON_NUMBERS {
            Some((self.input(), Lexer::offset(self)))
        } else {
            None
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step_over(&mut self, byte: u8, kind: JsonToken) -> Option<usize> {
        let at = Lexer::offset(self);
        if self.single_byte_token(byte) == Some(kind) && self.input().get(at) == Some(&byte) {
            Lexer::set_offset(self, at + 1);
            return Some(at);
        }
        None
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'de: 's,
    {
        (self.input(), 0)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bytes<'s>(&'s self, start: usize, end: usize) -> Option<Ref<'de, 's>> {
        self.input().get(start..end).map(Ref::Borrowed)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn place(&self, error: Error) -> Error {
        error.serde_json_style()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn before_error(&mut self, _offset: usize) -> Option<Error> {
        None
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end(&self) -> usize {
        self.input().len()
    }

    #[inline(always)]
    fn fill(&mut self, _end: usize) -> Result<(), Error> {
        Ok(())
    }

    fn lex_at(&self, start: usize) -> [Next<JsonToken>; 2] {
        let mut lexer = L::new(self.input());
        Lexer::set_offset(&mut lexer, start);
        let first = Lexer::next_token(&mut lexer);
        [first, Lexer::next_token(&mut lexer)]
    }
}

/// A slice lexer whose grammar was also generated in streaming form
/// (`json_lexgen::Config::streaming`): names that streaming lexer, so that
/// [`Deserializer::from_reader`](super::Deserializer::from_reader) finds it from the
/// slice lexer the deserializer type is named by.
pub trait Streamable<'a>: Lexer<'a, Kind = JsonToken> {
    /// The same automaton over a refilled buffer.
    type Stream: StreamLexer<Kind = JsonToken>;
}

impl<'a> Streamable<'a> for crate::lexer::JsonLexer<'a> {
    type Stream = crate::lexer::JsonLexerStream;
}

/// Bytes read past a lexical error before it is diagnosed: a message looks at most at
/// the next UTF-8 character or byte order mark (as the reader decoder does).
const LOOKAHEAD: usize = 8;

/// The tokens of a reader, by the streaming lexer `M` through a
/// [`ReadLexer`]'s buffer: the longest token (and what a peek keeps of the token before
/// it) plus a fixed buffer, never the whole input.
pub struct IoRead<R, M> {
    lexer: ReadLexer<R, Pinned<M>>,
    /// The reader failed: the error to report (the lexer gave a lexical error where
    /// reading stopped).
    failed: Option<Error>,
    /// The lexer returned its end or an error (`lexer_mut` would wake it up).
    ended: bool,
}

impl<R: io::Read, M: StreamLexer<Kind = JsonToken>> IoRead<R, M> {
    /// The tokens of `reader`, through a 64 KiB buffer.
    pub fn new(reader: R) -> Self {
        IoRead { lexer: ReadLexer::new(reader), failed: None, ended: false }
    }
}

impl<R, M> private::Sealed for IoRead<R, M> {}

impl<'de, R: io::Read, M: StreamLexer<Kind = JsonToken>> Source<'de> for IoRead<R, M> {
    #[inline]
    fn next_token(&mut self, keep: usize) -> Next<JsonToken> {
        if self.ended {
            return None;
        }
        self.lexer.lexer_mut().keep = keep;
        match self.lexer.next_token() {
            Some(Ok(t)) => Some(Ok(t)),
            other => self.stop(other),
        }
    }

    fn set_offset(&mut self, offset: usize) {
        self.ended = false;
        self.lexer.lexer_mut().lexer.set_offset(offset);
    }

    #[inline]
    fn step_over(&mut self, byte: u8, kind: JsonToken) -> Option<usize> {
        let lexer = &self.lexer.lexer().lexer;
        if self.ended || lexer.single_byte_token(byte) != Some(kind) {
            return None;
        }
        let at = lexer.offset();
        let (window, base) = self.lexer.buffered();
        if window.get(at.wrapping_sub(base)) != Some(&byte) {
            return None;
        }
        self.lexer.lexer_mut().lexer.set_offset(at + 1);
        Some(at)
    }

    #[inline]
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'de: 's,
    {
        self.lexer.buffered()
    }

    #[inline]
    fn bytes<'s>(&'s self, start: usize, end: usize) -> Option<Ref<'de, 's>> {
        let (window, base) = self.lexer.buffered();
        window.get(start.wrapping_sub(base)..end.wrapping_sub(base)).map(Ref::Copied)
    }

    #[cold]
    fn place(&self, error: Error) -> Error {
        error.shifted(self.lexer.position(self.lexer.buffered().1)).serde_json_style()
    }

    #[cold]
    fn before_error(&mut self, offset: usize) -> Option<Error> {
        if let Some(failed) = self.failed.take() {
            return Some(failed);
        }
        match self.lexer.read_to(offset + LOOKAHEAD) {
            Ok(()) => None,
            Err(error) => {
                let (window, base) = self.lexer.buffered();
                Some(io_error(self.lexer.position(base + window.len()), &error))
            }
        }
    }

    fn end(&self) -> usize {
        let (window, base) = self.lexer.buffered();
        base + window.len()
    }

    fn fill(&mut self, end: usize) -> Result<(), Error> {
        if self.end() >= end {
            return Ok(());
        }
        self.lexer.read_to(end).map_err(|error| {
            let (window, base) = self.lexer.buffered();
            io_error(self.lexer.position(base + window.len()), &error)
        })
    }

    fn lex_at(&self, start: usize) -> [Next<JsonToken>; 2] {
        let (window, base) = self.lexer.buffered();
        let mut lexer = M::new();
        lexer.set_offset(start);
        // Not at the end of the input: a token cut off by the window's end is no token
        // (a key's body ends at its closing quote, which the window holds).
        let mut next = || match lexer.next_token(window, base, false) {
            Step::Token(t) => Some(Ok(t)),
            Step::Error(e) => Some(Err(e)),
            Step::NeedMore | Step::End => None,
        };
        let first = next();
        [first, next()]
    }
}

impl<R: io::Read, M: StreamLexer<Kind = JsonToken>> IoRead<R, M> {
    /// The lexer's end, error, or the reader's failure (which becomes a lexical error at
    /// its offset, and the I/O error in [`Source::before_error`]).
    #[cold]
    fn stop(&mut self, next: Option<Result<crate::lex::Token<JsonToken>, ReadError<JsonToken>>>) -> Next<JsonToken> {
        self.ended = true;
        match next? {
            Ok(t) => Some(Ok(t)),
            Err(ReadError::Lex(e)) => Some(Err(e)),
            Err(ReadError::Io { offset, error }) => {
                self.failed = Some(io_error(self.lexer.position(offset), &error));
                Some(Err(LexError { start: offset, offset, partial: None }))
            }
        }
    }
}

#[cold]
fn io_error(at: crate::position::Position, error: &io::Error) -> Error {
    Error::io(at, error, format!("cannot read the input: {error}"))
}

/// A streaming lexer whose [`StreamLexer::offset`] goes no further than `keep`, so that
/// the [`ReadLexer`] keeps the bytes from there on when it refills: the token before a
/// peeked one (a visitor's error is placed on its last byte).
struct Pinned<M> {
    lexer: M,
    keep: usize,
}

impl<M: StreamLexer> StreamLexer for Pinned<M> {
    type Kind = M::Kind;

    fn new() -> Self {
        Pinned { lexer: M::new(), keep: usize::MAX }
    }

    #[inline(always)]
    fn next_token(&mut self, buf: &[u8], base: usize, eof: bool) -> Step<M::Kind> {
        // What the buffer no longer holds cannot be kept.
        self.keep = self.keep.max(base);
        self.lexer.next_token(buf, base, eof)
    }

    #[inline]
    fn offset(&self) -> usize {
        self.lexer.offset().min(self.keep)
    }

    fn set_offset(&mut self, offset: usize) {
        self.lexer.set_offset(offset)
    }
}
