//! [`Input`]: where the parser's tokens and their bytes come from (serde_json's `Read`
//! idea): a slice lexer over the whole input ([`Slice`]), or a streaming lexer over a
//! reader ([`ReadLexer`], in [`Reader`]), whose buffer holds the current token and not
//! much more.
//!
//! The parser sees the bytes through a *window*: the bytes held and the absolute offset
//! of the first (a reader's buffer; a slice's window is the whole input, at 0). Errors
//! are made on the window, at offsets relative to it, and then placed in the whole
//! input by [`Input::place`] (for a slice, as they are).

use core::marker::PhantomData;
use std::io::Read;

use super::sink::Sink;
use super::string::StrError;
use super::LoneSurrogate;
use crate::error::Error;
use crate::lex::{entry_index, Lexer, Next, ReadLexer, Step, StreamLexer};
use crate::token::JsonToken;
use crate::Position;

/// What the parser ([`super::Parser`]) reads tokens and bytes from, for a sink `S`.
/// Strings reach the sink through the input: a slice lends them for `'a` (a sink may
/// keep them); a reader lends them only while the token is in its buffer, so its sinks
/// copy (`for<'x> Sink<'x>`).
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

    /// As [`Input::next_token`] (the same answer, always), through the lexer's entry
    /// point for what the parser expects there: faster when it comes.
    fn next_token_in(&mut self, entry: Entry) -> Next<JsonToken>;

    /// Lex on from offset `offset` (after a token the decoder repaired).
    fn set_offset(&mut self, offset: usize);

    /// The whole input and the offset where the next token starts, when the lexer
    /// promises JSON's numbers there ([`Lexer::JSON_NUMBERS`]): the parser may read a
    /// number itself and go on with [`set_offset`](Input::set_offset). A reader, whose
    /// number may go on past its buffer, gives `None`.
    #[inline(always)]
    fn json_numbers(&self) -> Option<(&'a [u8], usize)> {
        None
    }

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

    /// The window and how to place errors made on it, by value, for a cold path that
    /// is not inlined: given the input itself, such a call would take the address of
    /// the parser's local and keep the lexer's fields in memory.
    fn view<'s>(&'s self) -> View<'s>
    where
        'a: 's;

    /// Before a lexical error at `offset` in a token from `start` is diagnosed: a
    /// reader reads a few bytes past it into the window (what the message looks at),
    /// and with `repair` on to the end of the string the token starts (a repair rescans
    /// it whole, whatever its length); or it gives the I/O error to report instead
    /// (reading failed, which the lexer reported as an error).
    fn before_error(&mut self, start: usize, offset: usize, repair: bool) -> Option<Error>;
}

/// Where the parser knows which tokens come next: the entry points of the JSON
/// grammars (`%entry` in `grammar/json*.lex`), by name. A lexer without one (any
/// lexer: entries only make it faster) lexes there with `next_token`.
#[derive(Clone, Copy)]
pub(crate) enum Entry {
    /// After '{' or ',' in an object: a key, or '}' (`%entry key`).
    Key,
    /// After a key (`%entry colon`).
    Colon,
    /// After a member's value: ',' or '}' (`%entry object_next`).
    ObjectNext,
    /// After an element (or, at the top level, the document): ',' or ']'
    /// (`%entry array_next`).
    ArrayNext,
}

/// The index of each [`Entry`] in a slice lexer's `ENTRIES`, found at compile time.
struct SliceEntries<'a, L>(PhantomData<(&'a (), L)>);

/// As [`SliceEntries`], for a streaming lexer.
struct StreamEntries<L>(PhantomData<L>);

macro_rules! entry_indices {
    ($entries:expr) => {
        const KEY: usize = entry_index($entries, "key");
        const COLON: usize = entry_index($entries, "colon");
        const OBJECT_NEXT: usize = entry_index($entries, "object_next");
        const ARRAY_NEXT: usize = entry_index($entries, "array_next");
    };
}

impl<'a, L: Lexer<'a>> SliceEntries<'a, L> {
    entry_indices!(L::ENTRIES);
}

impl<L: StreamLexer> StreamEntries<L> {
    entry_indices!(L::ENTRIES);
}

/// What the parser's cold paths (`dialect.rs`) get of an [`Input`]: its window, and
/// where the window is in the whole input.
#[derive(Clone, Copy)]
pub(crate) struct View<'w> {
    /// The bytes held ([`Input::window`]).
    pub(crate) window: &'w [u8],
    /// The input offset of `window[0]`.
    pub(crate) base: usize,
    /// Where the window starts in the whole input (`None`: at its start).
    at: Option<Position>,
}

impl View<'_> {
    /// An error made on the window, placed in the whole input ([`Input::place`]).
    pub(crate) fn place(&self, error: Error) -> Error {
        match self.at {
            Some(at) => error.shifted(at),
            None => error,
        }
    }
}

/// A slice's tokens: the slice lexer `L` over the whole input. Every method is a
/// field access or the lexer's own, so the parser's loop over it is the loop it would
/// be over the lexer: the window is the input at offset 0, `place` the identity, and
/// `step_over`'s question to the lexer a constant. The input is the lexer's own field
/// (`Lexer::input`), not a second copy: one pointer and length fewer to keep in registers.
pub(crate) struct Slice<'a, L> {
    lexer: L,
    input: PhantomData<&'a [u8]>,
}

impl<'a, L: Lexer<'a, Kind = JsonToken>, S: Sink<'a>> Input<'a, S> for Slice<'a, L> {
    type Source = &'a [u8];

    #[inline(always)]
    fn open(input: &'a [u8]) -> Self {
        Slice { lexer: L::new(input), input: PhantomData }
    }

    #[inline(always)]
    fn next_token(&mut self) -> Next<JsonToken> {
        self.lexer.next_token()
    }

    #[inline(always)]
    fn next_token_in(&mut self, entry: Entry) -> Next<JsonToken> {
        type E<'a, L> = SliceEntries<'a, L>;
        let index = match entry {
            Entry::Key => E::<'a, L>::KEY,
            Entry::Colon => E::<'a, L>::COLON,
            Entry::ObjectNext => E::<'a, L>::OBJECT_NEXT,
            Entry::ArrayNext => E::<'a, L>::ARRAY_NEXT,
        };
        self.lexer.next_token_entry(index)
    }

    #[inline(always)]
    fn set_offset(&mut self, offset: usize) {
        self.lexer.set_offset(offset);
    }

    #[inline(always)]
    fn json_numbers(&self) -> Option<(&'a [u8], usize)> {
        if L::JSON_NUMBERS {
            Some((self.lexer.input(), self.lexer.offset()))
        } else {
            None
        }
    }

    #[inline(always)]
    fn step_over(&mut self, at: usize, byte: u8, kind: JsonToken) -> bool {
        if self.lexer.single_byte_token(byte) != Some(kind) || self.lexer.input().get(at) != Some(&byte) {
            return false;
        }
        self.lexer.set_offset(at + 1);
        true
    }

    #[inline(always)]
    fn window<'s>(&'s self) -> (&'s [u8], usize)
    where
        'a: 's,
    {
        (self.lexer.input(), 0)
    }

    #[inline(always)]
    unsafe fn str(&self, sink: &mut S, start: usize, end: usize, key: bool) {
        let input: &'a [u8] = self.lexer.input();
        let bytes = input.get(start..end).unwrap_or_default();
        // SAFETY: the caller's promise: these bytes are UTF-8.
        sink.str(unsafe { core::str::from_utf8_unchecked(bytes) }, key);
    }

    #[inline(always)]
    fn escaped(&self, sink: &mut S, start: usize, end: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError> {
        let input: &'a [u8] = self.lexer.input();
        sink.escaped(input.get(start..end).unwrap_or_default(), start, lone, key)
    }

    #[inline(always)]
    fn place(&self, error: Error) -> Error {
        error
    }

    #[inline(always)]
    fn view<'s>(&'s self) -> View<'s>
    where
        'a: 's,
    {
        View { window: self.lexer.input(), base: 0, at: None }
    }

    #[inline(always)]
    fn before_error(&mut self, _start: usize, _offset: usize, _repair: bool) -> Option<Error> {
        None
    }
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
    fn next_token_in(&mut self, entry: Entry) -> Next<JsonToken> {
        let index = match entry {
            Entry::Key => StreamEntries::<L>::KEY,
            Entry::Colon => StreamEntries::<L>::COLON,
            Entry::ObjectNext => StreamEntries::<L>::OBJECT_NEXT,
            Entry::ArrayNext => StreamEntries::<L>::ARRAY_NEXT,
        };
        match self.lexer.step_relative_in(index) {
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
    fn view<'s>(&'s self) -> View<'s>
    where
        'a: 's,
    {
        let (window, base) = self.lexer.buffered();
        View { window, base: 0, at: Some(self.lexer.position(base)) }
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
