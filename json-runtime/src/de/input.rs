//! [`Input`]: where the parser's tokens and their bytes come from (serde_json's `Read`
//! idea), when not from a slice: a streaming lexer over a reader ([`ReadLexer`]),
//! whose buffer holds the current token and not much more.
//!
//! The parser sees the bytes through a *window*: the bytes held and the absolute offset
//! of the first (a reader's buffer). Errors are made on the window, at
//! offsets relative to it, and then placed in the whole input by [`Input::place`].

use std::io::Read;

use super::sink::Sink;
use super::string::StrError;
use super::LoneSurrogate;
use crate::error::Error;
use crate::lex::{Next, ReadLexer, Step, StreamLexer};
use crate::token::JsonToken;

/// What the reader parser ([`super::reader`]) reads tokens and bytes from, for a sink
/// `S`. Strings reach the sink through the input: an input could lend them for `'a` (a
/// slice's, for a sink that keeps them); a reader lends them only while the token is in
/// its buffer, so its sinks copy (`for<'x> Sink<'x>`). Slices do not go through it
/// today: see `reader.rs` for why.
///
/// Offsets (of tokens, errors, `set_offset`, `str`, `escaped`, `before_error`) are the
/// input's own: the window's first byte is at the offset `window` gives, which a
/// reader keeps at 0 (its offsets are in its buffer, and move as it drops bytes; a
/// token's hold until the next token). Only `place` knows where they are in the
/// whole input.
pub(crate) trait Input<'a, S>: Sized {
    /// What the input is made from (a reader).
    type Source;

    /// The input over `source`. The parser makes it in its own frame: a lexer passed by
    /// value would stay in the caller's memory, and its fields out of registers.
    fn open(source: Self::Source) -> Self;

    /// The next token, a lexical error, or `None` at the end of the input.
    fn next_token(&mut self) -> Next<JsonToken>;

    /// Lex on from offset `offset` (after a token the decoder repaired).
    fn set_offset(&mut self, offset: usize);

    /// Steps over the byte at `at` (where the last token ended) when the window holds
    /// it, it is `byte`, and the lexer promises that this byte alone is the token `kind`
    /// (`StreamLexer::single_byte_token`); whether it did.
    fn step_over(&mut self, at: usize, byte: u8, kind: JsonToken) -> bool;

    /// The bytes held, and the offset of the first: they include the last token
    /// returned.
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'a: 's;

    /// Gives `sink` the string at `start..end`, `key` or not.
    ///
    /// # Safety
    /// `start..end` is within the window and its bytes are UTF-8.
    unsafe fn str(&self, sink: &mut S, start: usize, end: usize, key: bool);

    /// Gives `sink` the escaped string body at `start..end` (within the
    /// window) to unescape; its errors are at offsets relative to the window.
    fn escaped(&self, sink: &mut S, start: usize, end: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError>;

    /// An error made on the window, placed in the whole input.
    fn place(&self, error: Error) -> Error;

    /// Before a lexical error at `offset` in a token from `start` is diagnosed: a
    /// reader reads a few bytes past it into the window (what the message looks at),
    /// and with `repair` on to the end of the string the token starts (a repair rescans
    /// it whole, whatever its length); or it gives the I/O error to report instead
    /// (reading failed, which the lexer reported as an error).
    fn before_error(&mut self, start: usize, offset: usize, repair: bool) -> Option<Error>;
}

/// Bytes read past a lexical error before it is diagnosed: a message looks at most at
/// the next UTF-8 character or byte order mark.
const LOOKAHEAD: usize = 8;

/// A reader's tokens. Its methods are all inlined, the work of the cold ones in
/// functions that get the buffer and `ReadLexer`'s heap part, never `&self`: a call
/// that took the address of the parser's local would keep the lexer's fields (offset,
/// buffer length...) in memory, loaded and stored at every token.
///
/// An I/O error ends the tokens with a lexical error at the offset where reading
/// stopped, which [`Input::before_error`] then turns into the I/O error.
pub(crate) struct Reader<R, L> {
    lexer: ReadLexer<R, L>,
}

impl<'a, R: Read, L: StreamLexer<Kind = JsonToken>, S: for<'x> Sink<'x>> Input<'a, S> for Reader<R, L> {
    type Source = R;

    #[inline(always)]
    fn open(reader: R) -> Self {
        Reader { lexer: ReadLexer::new(reader) }
    }

    #[inline(always)]
    fn next_token(&mut self) -> Next<JsonToken> {
        match self.lexer.step_relative() {
            Step::Token(t) => Some(Ok(t)),
            Step::Error(e) => Some(Err(e)),
            Step::End | Step::NeedMore => None,
        }
    }

    #[inline(always)]
    fn set_offset(&mut self, offset: usize) {
        self.lexer.lexer_mut().set_offset(offset);
    }

    #[inline(always)]
    fn step_over(&mut self, at: usize, byte: u8, kind: JsonToken) -> bool {
        if self.lexer.lexer().single_byte_token(byte) != Some(kind) || self.lexer.buffered().0.get(at) != Some(&byte) {
            return false;
        }
        self.lexer.lexer_mut().set_offset(at + 1);
        true
    }

    #[inline(always)]
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'a: 's,
    {
        (self.lexer.buffered().0, 0)
    }

    #[inline(always)]
    unsafe fn str(&self, sink: &mut S, start: usize, end: usize, key: bool) {
        let bytes = self.lexer.buffered().0.get(start..end).unwrap_or_default();
        // SAFETY: the caller's promise: these bytes are UTF-8.
        sink.str(unsafe { core::str::from_utf8_unchecked(bytes) }, key);
    }

    #[inline(always)]
    fn escaped(&self, sink: &mut S, start: usize, end: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError> {
        sink.escaped(self.lexer.buffered().0.get(start..end).unwrap_or_default(), start, lone, key)
    }

    #[inline(always)]
    fn place(&self, error: Error) -> Error {
        error.shifted(self.lexer.position(self.lexer.buffered().1))
    }

    #[inline(always)]
    fn before_error(&mut self, start: usize, offset: usize, repair: bool) -> Option<Error> {
        let base = self.lexer.buffered().1;
        if let Some(error) = self.lexer.take_io_error() {
            let at = self.lexer.position(base + offset);
            return Some(Error::io(at, &error, format!("cannot read the input: {error}")));
        }
        let read = match self.lexer.read_to(base + offset + LOOKAHEAD) {
            Ok(()) if repair => self.lexer.read_string(base + start),
            read => read,
        };
        match read {
            Ok(()) => None,
            Err(error) => {
                let (window, _) = self.lexer.buffered();
                let at = self.lexer.position(base + window.len());
                Some(Error::io(at, &error, format!("cannot read the input: {error}")))
            }
        }
    }
}
