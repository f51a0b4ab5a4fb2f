//! A `serde::Deserializer` driven by a generated lexer: JSON straight into user types.
//!
//! No intermediate [`Value`](crate::Value): each `deserialize_*` call takes the next
//! token and hands it to the visitor. Strings without escapes are borrowed from the
//! input (`visit_borrowed_str`), escaped ones are unescaped into a scratch buffer;
//! numbers go through the decoder's integer and Eisel-Lemire float parsing; errors
//! come from the decoder's diagnosis of lexer errors, with the same messages and
//! positions as [`decode`](crate::de::decode), and the same depth limit.
//!
//! Errors raised by visitors (a wrong type, a missing field) are placed where
//! serde_json places them: at the last byte of the value (or key) being read, or, for
//! an array or object of the wrong type, just before it.
//!
//! serde recurses once per nesting level (about 0.6 KB of stack a level when
//! optimized). The hot helpers are `inline(always)` in optimized builds only: forced
//! inlining in debug builds tripled that (5.3 KB a level, 1.7 KB without), and a
//! document at the default depth limit (512) must fit a 2 MB thread stack there too.

use core::fmt;
use core::marker::PhantomData;
use std::borrow::Cow;
use std::io;

use serde::de::{self, DeserializeSeed, Expected, Unexpected, Visitor};

use crate::de::diagnose;
use crate::de::number::{self, NumError};
use crate::de::string::{self, Discard};
use crate::de::{BigInt, DecodeOptions, InvalidUtf8, LoneSurrogate};
use crate::error::{Category, Error};
use crate::lex::{Lexer, StreamLexer, Token};
use crate::token::JsonToken;
use crate::value::raw;

mod read;
mod stream;
use read::Ref;
pub use read::{IoRead, Source, Streamable};
pub use stream::StreamDeserializer;

/// A token kind, the end of input included, one machine word wide, so that tokens
/// move through the deserializer's `Result`s without padding: a `Token<JsonToken>`
/// in an `Option` in a `Result` was copied with overlapping unaligned moves that
/// stalled store forwarding (40% of canada's time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(usize)]
enum Kind {
    ObjectStart,
    ObjectEnd,
    ArrayStart,
    ArrayEnd,
    Colon,
    Comma,
    True,
    False,
    Null,
    Integer,
    Float,
    String,
    EscapedString,
    /// JSON5's kinds: this deserializer does not take them (the dialect modules
    /// deserialize JSON5 through a `Value`); they are kept for error messages.
    Json5String,
    LooseNumber,
    HexInteger,
    NonFinite,
    Identifier,
    Eof,
}

/// A token: its kind and byte span.
#[derive(Clone, Copy, Debug)]
struct Tok {
    start: usize,
    end: usize,
    kind: Kind,
}

impl Tok {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_token(t: Token<JsonToken>) -> Tok {
        let kind = match t.kind {
            JsonToken::ObjectStart => Kind::ObjectStart,
            JsonToken::ObjectEnd => Kind::ObjectEnd,
            JsonToken::ArrayStart => Kind::ArrayStart,
            JsonToken::ArrayEnd => Kind::ArrayEnd,
            JsonToken::Colon => Kind::Colon,
            JsonToken::Comma => Kind::Comma,
            JsonToken::True => Kind::True,
            JsonToken::False => Kind::False,
            JsonToken::Null => Kind::Null,
            JsonToken::Integer => Kind::Integer,
            JsonToken::Float => Kind::Float,
            JsonToken::String => Kind::String,
            JsonToken::EscapedString => Kind::EscapedString,
            JsonToken::Json5String => Kind::Json5String,
            JsonToken::LooseNumber => Kind::LooseNumber,
            JsonToken::HexInteger => Kind::HexInteger,
            JsonToken::NonFinite => Kind::NonFinite,
            JsonToken::Identifier => Kind::Identifier,
        };
        Tok { start: t.start, end: t.end, kind }
    }

    /// The token as the decoder's diagnosis takes it (`None`: the end of input).
    fn token(self) -> Option<Token<JsonToken>> {
        let kind = match self.kind {
            Kind::ObjectStart => JsonToken::ObjectStart,
            Kind::ObjectEnd => JsonToken::ObjectEnd,
            Kind::ArrayStart => JsonToken::ArrayStart,
            Kind::ArrayEnd => JsonToken::ArrayEnd,
            Kind::Colon => JsonToken::Colon,
            Kind::Comma => JsonToken::Comma,
            Kind::True => JsonToken::True,
            Kind::False => JsonToken::False,
            Kind::Null => JsonToken::Null,
            Kind::Integer => JsonToken::Integer,
            Kind::Float => JsonToken::Float,
            Kind::String => JsonToken::String,
            Kind::EscapedString => JsonToken::EscapedString,
            Kind::Json5String => JsonToken::Json5String,
            Kind::LooseNumber => JsonToken::LooseNumber,
            Kind::HexInteger => JsonToken::HexInteger,
            Kind::NonFinite => JsonToken::NonFinite,
            Kind::Identifier => JsonToken::Identifier,
            Kind::Eof => return None,
        };
        Some(Token { kind, start: self.start, end: self.end })
    }
}
/// Decodes a `T` from `input` with lexer `L`, checking that string tokens are UTF-8
/// (for lexers that do not promise it), and checks that nothing but whitespace follows.
pub fn from_slice<'de, L, T>(input: &'de [u8], options: &DecodeOptions) -> Result<T, Error>
where
    L: Lexer<'de, Kind = JsonToken>,
    T: de::Deserialize<'de>,
{
    let mut de = Deserializer::<L>::with_options(input, options);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// As [`from_slice`], trusting the lexer's string tokens to be UTF-8.
///
/// # Safety
/// `L` must only produce `String` and `EscapedString` tokens whose bytes are
/// well-formed UTF-8, as a lexer generated from `json-runtime/grammar/json.lex` does.
pub unsafe fn from_slice_trusted<'de, L, T>(input: &'de [u8], options: &DecodeOptions) -> Result<T, Error>
where
    L: Lexer<'de, Kind = JsonToken>,
    T: de::Deserialize<'de>,
{
    // SAFETY: forwarded from our caller.
    let mut de = unsafe { Deserializer::<L>::new_trusted(input, options) };
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Decodes a `T` from the document `reader` yields, with the streaming lexer `M`, as
/// [`from_slice`] does on the same bytes (same values, same errors), without holding
/// the input: a buffer holds the longest token and not much more. A failed read is an
/// error of category `Io` at the offset where reading stopped.
pub fn from_reader<M, R, T>(reader: R, options: &DecodeOptions) -> Result<T, Error>
where
    M: StreamLexer<Kind = JsonToken>,
    R: io::Read,
    T: de::DeserializeOwned,
{
    let mut de = Deserializer::<(), IoRead<R, M>>::from_source(IoRead::new(reader), options, false);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// As [`from_reader`], trusting the lexer's string tokens to be UTF-8.
///
/// # Safety
/// `M` must only produce `String` and `EscapedString` tokens whose bytes are
/// well-formed UTF-8, as a lexer generated from `json-runtime/grammar/json.lex` does.
pub unsafe fn from_reader_trusted<M, R, T>(reader: R, options: &DecodeOptions) -> Result<T, Error>
where
    M: StreamLexer<Kind = JsonToken>,
    R: io::Read,
    T: de::DeserializeOwned,
{
    let mut de = Deserializer::<(), IoRead<R, M>>::from_source(IoRead::new(reader), options, true);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// A `serde::Deserializer` over the tokens of a [`Source`]: by default the slice lexer
/// `L` itself (`Deserializer<'de, L>`), or an [`IoRead`] over a reader
/// ([`Deserializer::from_reader`]; `L` then only names the grammar). Use
/// `&mut Deserializer` as the deserializer, then [`Deserializer::end`] to reject
/// trailing input.
pub struct Deserializer<'de, L, S = L> {
    src: S,
    /// A token read ahead (the first element of an array, a non-null `Option`).
    peeked: Option<Tok>,
    scratch: Vec<u8>,
    options: DecodeOptions,
    remaining_depth: usize,
    trusted: bool,
    /// The next string token was rejected by the lexer and repaired into `scratch`.
    repaired: bool,
    /// End of the last token taken: visitor errors are placed at its last byte.
    last: usize,
    /// The array or object just visited has consumed its closing bracket.
    closed: bool,
    /// Where the token of the last lexical error began (a stream's failed document).
    failed_at: usize,
    /// The bytes from this absolute offset on stay in a reader's window (a raw value
    /// being read); `usize::MAX` otherwise.
    pin: usize,
    grammar: Grammar<'de, L>,
}

/// `L` and `'de` in a [`Deserializer`] whose source does not hold them (a reader's).
type Grammar<'de, L> = PhantomData<(fn() -> L, &'de ())>;

impl<'de, L: Lexer<'de, Kind = JsonToken>> Deserializer<'de, L> {
    /// A deserializer over `input` with the default [`DecodeOptions`], checking string
    /// tokens' UTF-8.
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, &DecodeOptions::new())
    }

    /// A deserializer over `input` with `options`, checking string tokens' UTF-8.
    pub fn with_options(input: &'de [u8], options: &DecodeOptions) -> Self {
        Self::from_source(L::new(input), options, false)
    }

    /// A deserializer that trusts the lexer's string tokens to be UTF-8.
    ///
    /// # Safety
    /// `L` must only produce `String` and `EscapedString` tokens whose bytes are
    /// well-formed UTF-8, as a lexer generated from `json-runtime/grammar/json.lex` does.
    pub unsafe fn new_trusted(input: &'de [u8], options: &DecodeOptions) -> Self {
        Self::from_source(L::new(input), options, true)
    }
}

impl<'de, L: Streamable<'de>, R: io::Read> Deserializer<'de, L, IoRead<R, L::Stream>> {
    /// A deserializer over the bytes `reader` yields, read through a buffer by `L`'s
    /// streaming lexer, with the default [`DecodeOptions`], checking string tokens'
    /// UTF-8 (serde_json's name). Strings reach visitors as `visit_str` (the buffer
    /// moves on), so `T` must own them (`DeserializeOwned`).
    pub fn from_reader(reader: R) -> Self {
        Self::reader_with_options(reader, &DecodeOptions::new())
    }

    /// As [`Deserializer::from_reader`], with `options`.
    pub fn reader_with_options(reader: R, options: &DecodeOptions) -> Self {
        Self::from_source(IoRead::new(reader), options, false)
    }

    /// As [`Deserializer::reader_with_options`], trusting the lexer's string tokens
    /// to be UTF-8.
    ///
    /// # Safety
    /// `L::Stream` must only produce `String` and `EscapedString` tokens whose bytes
    /// are well-formed UTF-8, as a lexer generated from `json-runtime/grammar/json.lex` does.
    pub unsafe fn reader_trusted(reader: R, options: &DecodeOptions) -> Self {
        Self::from_source(IoRead::new(reader), options, true)
    }
}

impl<'de, L, S: Source<'de>> Deserializer<'de, L, S> {
    #[inline]
    fn from_source(src: S, options: &DecodeOptions, trusted: bool) -> Self {
        Deserializer {
            src,
            peeked: None,
            scratch: Vec::new(),
            options: *options,
            remaining_depth: options.max_depth,
            trusted,
            repaired: false,
            last: 0,
            closed: false,
            failed_at: 0,
            pin: usize::MAX,
            grammar: PhantomData,
        }
    }

    /// Lets arrays and objects nest without limit (serde_json's `unbounded_depth`): the
    /// depth limit of the [`DecodeOptions`] is no longer checked. serde recurses once
    /// per level into the visitors of the type being read, so a deep enough input can
    /// still overflow the thread's stack; deserializing into a [`Value`](crate::Value)
    /// and dropping it are fine at any depth the stack allows the visitors.
    pub fn disable_recursion_limit(&mut self) {
        self.remaining_depth = usize::MAX;
    }

    /// Checks that only whitespace follows the value read.
    pub fn end(&mut self) -> Result<(), Error> {
        match self.next() {
            Ok(t) if t.kind == Kind::Eof => Ok(()),
            Ok(t) => Err(self.expected(t, "expected the end of input after the value")),
            // Whatever follows the value, even what does not lex: serde_json's
            // "trailing characters".
            Err(e) if !e.is_io() => Err(e.trailing_characters()),
            Err(e) => Err(e),
        }
    }

    // ---- Tokens ----

    /// The next token from the lexer (not the peeked one); the bytes from `keep` on
    /// stay in the source's window.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lex(&mut self, keep: usize) -> Result<Tok, Error> {
        self.lex_in(keep, usize::MAX)
    }

    /// As [`Self::lex`], through the lexer's entry point `entry` (a `Source::ENTRY_*`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lex_in(&mut self, keep: usize, entry: usize) -> Result<Tok, Error> {
        match self.src.next_token_in(keep, entry) {
            Some(Ok(t)) => Ok(Tok::from_token(t)),
            None => {
                let end = self.src.end();
                Ok(Tok { start: end, end, kind: Kind::Eof })
            }
            Some(Err(e)) => self.lex_error(e),
        }
    }

    /// A string the lexer rejected: repaired into `scratch` if the options say so,
    /// else the error.
    #[cold]
    #[inline(never)]
    fn lex_error(&mut self, e: crate::lex::LexError<JsonToken>) -> Result<Tok, Error> {
        self.failed_at = e.start;
        if let Some(failure) = self.src.before_error(e.offset) {
            return Err(failure);
        }
        let end = loop {
            let (window, base) = self.src.window();
            let relative = crate::lex::LexError { start: e.start - base, offset: e.offset - base, partial: e.partial };
            let error = match diagnose::repair_or_report(window, relative, &self.options, &mut self.scratch) {
                Ok(end) => break end + base,
                Err(error) => error,
            };
            // A string being repaired may go on past what a reader has read: read more
            // and scan it again (a slice has no more).
            let held = base + window.len();
            if error.is_eof() && self.options.invalid_utf8 != InvalidUtf8::Error {
                self.src.fill(held + window.len().max(4096))?;
                if self.src.end() > held {
                    continue;
                }
            }
            return Err(self.src.place(error));
        };
        self.src.set_offset(end);
        self.repaired = true;
        Ok(Tok { kind: Kind::EscapedString, start: e.start, end })
    }

    /// Takes the next token.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next(&mut self) -> Result<Tok, Error> {
        self.next_in(usize::MAX)
    }

    /// Takes the next token where the grammar's entry point `entry` (a
    /// `Source::ENTRY_*`) knows what is expected.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_in(&mut self, entry: usize) -> Result<Tok, Error> {
        let t = match self.peeked.take() {
            Some(t) => t,
            None => self.lex_in(self.pin, entry)?,
        };
        self.last = t.end;
        Ok(t)
    }

    /// The key after a ',' in an object.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key_after_comma(&mut self) -> Result<Tok, Error> {
        match self.next_in(S::ENTRY_KEY)? {
            k if is_string(k) => Ok(k),
            k => Err(self.expected(k, "expected a string key after ','")),
        }
    }

    /// Takes `byte` as the token `kind` without lexing it, where the source can (see
    /// `Source::step_over`): a ',' or ':' right after the last token.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn step_over(&mut self, byte: u8, kind: JsonToken) -> bool {
        if self.peeked.is_some() {
            return false;
        }
        match self.src.step_over(byte, kind) {
            Some(at) => {
                self.last = at + 1;
                true
            }
            None => false,
        }
    }

    /// The next token, left for [`Self::next`] to take.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn peek(&mut self) -> Result<Tok, Error> {
        match self.peeked {
            Some(t) => Ok(t),
            None => {
                // The last byte taken stays: a visitor's error is placed there.
                let t = self.lex(self.last.saturating_sub(1).min(self.pin))?;
                self.peeked = Some(t);
                Ok(t)
            }
        }
    }

    /// Takes the token that starts a value (any token but the end of input).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value_token(&mut self) -> Result<Tok, Error> {
        match self.next()? {
            t if t.kind == Kind::Eof => Err(self.eof_value()),
            t => Ok(t),
        }
    }

    #[cold]
    fn eof_value(&self) -> Error {
        let (window, _) = self.src.window();
        self.src.place(diagnose::expected(window, None, "expected a value"))
    }

    /// `t` is not what the grammar allows here: decode's error.
    #[cold]
    fn expected(&self, t: Tok, message: &'static str) -> Error {
        let (window, base) = self.src.window();
        let tok = t.token().map(|t| Token { kind: t.kind, start: t.start - base, end: t.end - base });
        self.src.place(diagnose::expected(window, tok, message))
    }

    /// Places a visitor's error at the last byte taken.
    #[cold]
    fn place(&self, e: Error) -> Error {
        self.place_at(e, self.last.saturating_sub(1))
    }

    /// Places an unplaced error at absolute `offset` (placed errors keep theirs).
    #[cold]
    fn place_at(&self, e: Error, offset: usize) -> Error {
        if !e.is_unplaced() {
            return e;
        }
        let (window, base) = self.src.window();
        self.src.place(e.place(window, offset.saturating_sub(base)))
    }

    /// An error of `category` at absolute `offset`, which the window holds.
    #[cold]
    fn error_at(&self, category: Category, offset: usize, message: impl Into<Cow<'static, str>>) -> Error {
        let (window, base) = self.src.window();
        self.src.place(Error::new(category, window, offset.saturating_sub(base), message))
    }

    /// Places the error of a visitor that was given the scalar token `t`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn placed<T>(&self, r: Result<T, Error>) -> Result<T, Error> {
        match r {
            Ok(v) => Ok(v),
            Err(e) => Err(self.place(e)),
        }
    }

    #[cold]
    fn malformed(&self, t: Tok) -> Error {
        self.error_at(Category::Syntax, t.start.min(self.src.end()), "malformed token")
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn token_bytes(&self, t: Tok) -> Result<&[u8], Error> {
        let (window, base) = self.src.window();
        match window.get(t.start.wrapping_sub(base)..t.end.wrapping_sub(base)) {
            Some(b) => Ok(b),
            None => Err(self.malformed(t)),
        }
    }

    #[cold]
    fn number_error(&self, t: Tok, e: NumError) -> Error {
        let (window, base) = self.src.window();
        self.src.place(diagnose::number_error(window, t.start - base, e))
    }

    // ---- Scalars ----

    /// The string token `t`, decoded: borrowed from the input when it has no escapes
    /// (and the source lends its bytes for `'de`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn str(&mut self, t: Tok) -> Result<Str<'de, '_>, Error> {
        if self.repaired {
            self.repaired = false;
            return Ok(Str::Copied(self.scratch_str()));
        }
        if t.end < t.start + 2 {
            return Err(self.malformed(t));
        }
        let Some(body) = self.src.bytes(t.start + 1, t.end - 1) else {
            return Err(self.malformed(t));
        };
        if t.kind == Kind::String {
            if self.trusted {
                return Ok(match body {
                    // SAFETY: the creator of a trusted deserializer promised that the
                    // lexer's string tokens are UTF-8 (`new_trusted`'s contract).
                    Ref::Borrowed(b) => Str::Borrowed(unsafe { core::str::from_utf8_unchecked(b) }),
                    // SAFETY: as above.
                    Ref::Copied(b) => Str::Copied(unsafe { core::str::from_utf8_unchecked(b) }),
                });
            }
            let bytes = match body {
                Ref::Borrowed(b) => match core::str::from_utf8(b) {
                    Ok(s) => return Ok(Str::Borrowed(s)),
                    Err(_) => b,
                },
                Ref::Copied(b) => match core::str::from_utf8(b) {
                    Ok(s) => return Ok(Str::Copied(s)),
                    Err(_) => b,
                },
            };
            bad_utf8(&self.src, &self.options, &mut self.scratch, bytes, t.start + 1)?;
            return Ok(Str::Copied(self.scratch_str()));
        }
        let bytes = match body {
            Ref::Borrowed(b) => b,
            Ref::Copied(b) => b,
        };
        if !self.trusted && core::str::from_utf8(bytes).is_err() {
            bad_utf8(&self.src, &self.options, &mut self.scratch, bytes, t.start + 1)?;
            return Ok(Str::Copied(self.scratch_str()));
        }
        self.scratch.clear();
        let (window, base) = self.src.window();
        if let Err(e) = string::unescape(bytes, t.start + 1 - base, self.options.lone_surrogate, &mut self.scratch) {
            return Err(self.src.place(e.into_error(window)));
        }
        Ok(Str::Copied(self.scratch_str()))
    }
    /// The scratch buffer, which holds a decoded string.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn scratch_str(&self) -> &str {
        debug_assert!(core::str::from_utf8(&self.scratch).is_ok());
        // SAFETY: the scratch buffer holds an unescaped string body that was UTF-8
        // before unescaping (checked by `from_utf8`, or promised by the creator of a
        // trusted deserializer; unescaping splits it only at ASCII backslashes and
        // appends whole `char`s), or a string rebuilt by `scan_string`/`bad_utf8`, which
        // append only ASCII, whole well-formed sequences and whole `char`s.
        unsafe { core::str::from_utf8_unchecked(&self.scratch) }
    }

    /// The string token `t` as bytes (its decoded UTF-8).
    #[inline]
    fn bytes(&mut self, t: Tok) -> Result<Bytes<'de, '_>, Error> {
        // An escaped string as bytes: lone surrogates (`"\ud83c"`) are not an error
        // here but their WTF-8 bytes, as serde_json gives them (`[237, 160, 188]`).
        if t.kind == Kind::EscapedString && !self.repaired && t.end >= t.start + 2 {
            if let Some(body) = self.src.bytes(t.start + 1, t.end - 1) {
                let body: &[u8] = match body {
                    Ref::Borrowed(b) => b,
                    Ref::Copied(b) => b,
                };
                self.scratch.clear();
                if string::unescape_wtf8(body, &mut self.scratch) {
                    return Ok(Bytes::Copied(&self.scratch));
                }
            }
        }
        Ok(match self.str(t)? {
            Str::Borrowed(s) => Bytes::Borrowed(s.as_bytes()),
            Str::Copied(s) => Bytes::Copied(s.as_bytes()),
        })
    }

    /// The number token `t`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn number(&self, t: Tok) -> Result<Num<'de, '_>, Error> {
        let bytes = self.token_bytes(t)?;
        if t.kind == Kind::Integer {
            match number::parse_integer(bytes) {
                Ok(Some(n)) => {
                    return Ok(if let Some(u) = n.as_u64() {
                        Num::U(u)
                    } else if let Some(i) = n.as_i64() {
                        Num::I(i)
                    } else {
                        Num::F(n.as_f64())
                    });
                }
                // Only digits and '-': ASCII.
                Ok(None) if self.options.big_int == BigInt::String => {
                    return Ok(Num::Big(match self.src.bytes(t.start, t.end) {
                        Some(Ref::Borrowed(b)) => Str::Borrowed(core::str::from_utf8(b).unwrap_or_default()),
                        Some(Ref::Copied(b)) => Str::Copied(core::str::from_utf8(b).unwrap_or_default()),
                        None => Str::Copied(""),
                    }));
                }
                Ok(None) => {}
                Err(e) => return Err(self.number_error(t, e)),
            }
        }
        match number::parse_float(bytes) {
            Ok(f) => Ok(Num::F(f)),
            Err(e) => Err(self.number_error(t, e)),
        }
    }

    /// An integer token as `i128`/`u128` (`None`: out of range).
    fn integer128(&self, t: Tok) -> Result<Option<(bool, u128)>, Error> {
        let bytes = self.token_bytes(t)?;
        let (neg, digits) = match bytes.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, bytes),
        };
        if digits.is_empty() {
            return Err(self.number_error(t, NumError::Invalid));
        }
        let mut n: u128 = 0;
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(self.number_error(t, NumError::Invalid));
            }
            match n.checked_mul(10).and_then(|n| n.checked_add(d as u128)) {
                Some(m) => n = m,
                None => return Ok(None),
            }
        }
        Ok(Some((neg, n)))
    }

    /// Hands a number to `visitor`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn visit_number<V: Visitor<'de>>(&mut self, t: Tok, visitor: V) -> Result<V::Value, Error> {
        let r = match self.number(t)? {
            Num::U(u) => visitor.visit_u64(u),
            Num::I(i) => visitor.visit_i64(i),
            Num::F(f) => visitor.visit_f64(f),
            Num::Big(Str::Borrowed(s)) => visitor.visit_borrowed_str(s),
            Num::Big(Str::Copied(s)) => visitor.visit_str(s),
        };
        match r {
            Ok(v) => Ok(v),
            Err(e) => Err(self.number_visit_error(t, e)),
        }
    }

    /// Where a value starts (after a space, at most), a number read from the input
    /// itself when the lexer promises JSON's numbers (`Source::json_numbers`, as the
    /// parser's `direct_number`), taken and given to the visitor. `Err`: no number
    /// here, or one for the lexer and [`Self::number`] (their errors, big integers):
    /// the visitor back.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn direct_number<V: Visitor<'de>>(&mut self, visitor: V) -> Result<Result<V::Value, Error>, V> {
        if self.peeked.is_some() {
            return Err(visitor);
        }
        let Some((scanned, n)) = self.src.json_numbers().and_then(|(bytes, at)| number::direct(bytes, at)) else {
            return Err(visitor);
        };
        self.src.set_offset(scanned.end);
        self.last = scanned.end;
        let r = if let Some(u) = n.as_u64() {
            visitor.visit_u64(u)
        } else if let Some(i) = n.as_i64() {
            visitor.visit_i64(i)
        } else {
            visitor.visit_f64(n.as_f64())
        };
        let kind = if scanned.is_float() { Kind::Float } else { Kind::Integer };
        Ok(r.map_err(|e| self.number_visit_error(Tok { kind, start: scanned.start, end: scanned.end }, e)))
    }

    /// `deserialize_any` of a number with `arbitrary_precision` (serde_json's rule): an
    /// integer that fits 64 bits goes to the visitor as one (not `-0`), anything else as its text
    /// through the private protocol (`value::precise`), so that `Value` keeps it.
    #[cfg(feature = "arbitrary_precision")]
    fn visit_any_number<V: Visitor<'de>>(&mut self, t: Tok, visitor: V) -> Result<V::Value, Error> {
        let bytes = self.token_bytes(t)?;
        let text = match core::str::from_utf8(bytes) {
            Ok(s) if s.parse::<crate::Number>().is_ok() => s,
            // Not a JSON number by itself: the typed path says what is wrong.
            _ => return self.visit_number(t, visitor),
        };
        let r = if t.kind == Kind::Integer {
            if let Ok(u) = text.parse::<u64>() {
                visitor.visit_u64(u)
            } else if let (Ok(i), false) = (text.parse::<i64>(), text == "-0") {
                visitor.visit_i64(i)
            } else {
                crate::value::precise::visit_text(crate::Number::from_json_text(text), visitor)
            }
        } else {
            crate::value::precise::visit_text(crate::Number::from_json_text(text), visitor)
        };
        match r {
            Ok(v) => Ok(v),
            Err(e) => Err(self.number_visit_error(t, e)),
        }
    }

    /// The number token `t` as the nearest `f32`, rounded once from its digits (not
    /// through `f64`, which rounds twice: `7.038531e-26` would be one ulp off, and
    /// `3.4028235677973366e38` infinite). Integers that fit 64 bits go to the visitor
    /// as integers (its `as f32` rounds once); beyond `f32`'s range is "number out of
    /// range", not infinity.
    #[cold]
    fn visit_f32<V: Visitor<'de>>(&mut self, t: Tok, visitor: V) -> Result<V::Value, Error> {
        let f = match self.number(t)? {
            Num::F(_) => {
                let bytes = self.token_bytes(t)?;
                match core::str::from_utf8(bytes).ok().and_then(|s| s.parse::<f32>().ok()) {
                    Some(f) if f.is_finite() => f,
                    Some(_) => return Err(self.error_at(Category::Number, t.start, "number out of range")),
                    None => return Err(self.malformed(t)),
                }
            }
            _ => return self.visit_number(t, visitor),
        };
        match visitor.visit_f32(f) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.number_visit_error(t, e)),
        }
    }

    /// A visitor rejected the number `t`; but if `t` is only the start of a malformed
    /// number (the lexer gives back `1` of `1.` or `0` of `01`), that is the error, as
    /// `decode` and serde_json report it.
    #[cold]
    fn number_visit_error(&mut self, t: Tok, e: Error) -> Error {
        match self.malformed_number(t) {
            Some(malformed) => malformed,
            None => self.place(e),
        }
    }

    /// The error of a malformed number that token `t` starts, if it does.
    #[cold]
    fn malformed_number(&mut self, t: Tok) -> Option<Error> {
        let (window, base) = self.src.window();
        if !matches!(window.get(t.end.wrapping_sub(base)), Some(b'.' | b'e' | b'E' | b'0'..=b'9')) {
            return None;
        }
        match self.peek() {
            Err(e) => Some(e),
            Ok(n) if n.start == t.end && matches!(n.kind, Kind::Integer | Kind::Float) => {
                Some(self.expected(n, "expected a value"))
            }
            Ok(_) => None,
        }
    }

    /// Hands a string to `visitor`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn visit_str<V: Visitor<'de>>(&mut self, t: Tok, visitor: V) -> Result<V::Value, Error> {
        let r = match self.str(t)? {
            Str::Borrowed(s) => visitor.visit_borrowed_str(s),
            Str::Copied(s) => visitor.visit_str(s),
        };
        self.placed(r)
    }

    /// The error for a value of the wrong type starting with token `t` (which has been
    /// taken; a scalar is read whole, to name it in the message).
    #[cold]
    #[inline(never)]
    fn invalid_type(&mut self, t: Tok, exp: &dyn Expected) -> Error {
        let err = match t.kind {
            Kind::Null => de::Error::invalid_type(Unexpected::Unit, exp),
            Kind::True => de::Error::invalid_type(Unexpected::Bool(true), exp),
            Kind::False => de::Error::invalid_type(Unexpected::Bool(false), exp),
            Kind::Integer | Kind::Float => {
                // The number first: a peek for a malformed one may move a reader's
                // buffer past it.
                let err = self.number(t).map(|n| <Error as de::Error>::invalid_type(n.unexpected(), exp));
                if let Some(malformed) = self.malformed_number(t) {
                    return malformed;
                }
                match err {
                    Ok(err) => err,
                    Err(e) => return e,
                }
            }
            Kind::String | Kind::EscapedString => match self.str(t) {
                Ok(s) => de::Error::invalid_type(Unexpected::Str(s.as_str()), exp),
                Err(e) => return e,
            },
            // serde_json stands just before the bracket.
            Kind::ArrayStart => {
                let e: Error = de::Error::invalid_type(Unexpected::Seq, exp);
                return self.place_at(e, t.start.saturating_sub(1));
            }
            Kind::ObjectStart => {
                let e: Error = de::Error::invalid_type(Unexpected::Map, exp);
                return self.place_at(e, t.start.saturating_sub(1));
            }
            _ => return self.expected(t, "expected a value"),
        };
        self.place(err)
    }

    // ---- Containers ----

    /// Opens an array or object at `offset`, within the depth limit.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn enter(&mut self, offset: usize) -> Result<(), Error> {
        if self.remaining_depth == 0 {
            return Err(self.too_deep(offset));
        }
        self.remaining_depth -= 1;
        self.closed = false;
        Ok(())
    }

    #[cold]
    fn too_deep(&self, offset: usize) -> Error {
        let (window, base) = self.src.window();
        self.src.place(diagnose::too_deep(window, offset - base, self.options.max_depth))
    }

    /// After a visitor of the array or object that `close` ends: check that it ended
    /// (the visitor may have stopped early: `[1, 2, 3]` for a pair), or place the
    /// visitor's error after the closing bracket, as serde_json does.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leave<T>(&mut self, r: Result<T, Error>, close: Kind) -> Result<T, Error> {
        self.remaining_depth += 1;
        let closed = core::mem::take(&mut self.closed);
        match r {
            Ok(v) => {
                if !closed {
                    self.close(close)?;
                }
                Ok(v)
            }
            Err(e) => Err(self.place_container_error(e, closed, close)),
        }
    }

    #[cold]
    fn place_container_error(&mut self, e: Error, closed: bool, close: Kind) -> Error {
        if !e.is_unplaced() {
            return e;
        }
        if !closed && matches!(self.peek(), Ok(t) if t.kind == close) {
            let _ = self.next();
        }
        self.place(e)
    }

    /// The visitor took all it needs (a tuple, or a struct from an array) and the
    /// closing bracket was not read: it must come next.
    #[inline]
    fn close(&mut self, close: Kind) -> Result<(), Error> {
        let (what, name) = match close {
            Kind::ArrayEnd => ("expected ',' or ']' after an array element", "']'"),
            _ => ("expected ',' or '}' after an object member", "'}'"),
        };
        match self.next()? {
            t if t.kind == close => Ok(()),
            t if t.kind == Kind::Comma => {
                let n = self.next()?;
                Err(match n.kind {
                    Kind::Eof => self.expected(n, what),
                    _ => {
                        let (window, base) = self.src.window();
                        let message = format!("expected {name}: the type takes no more elements or members");
                        let e = Error::new(Category::Syntax, window, n.start.saturating_sub(base), message);
                        // `[0, 1,]` for a pair: serde_json's "trailing comma".
                        self.src.place(if n.kind == Kind::ArrayEnd { e.serde_json_words("trailing comma") } else { e })
                    }
                })
            }
            t => Err(self.expected(t, what)),
        }
    }

    /// A raw value (`value::raw`): the next value, checked as it is skipped, handed
    /// to `visitor` as its text. Lone surrogates are not an error here (their escape
    /// is well-formed JSON; serde_json keeps them in raw values too).
    #[inline(never)]
    fn raw_value<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        let (pin, lone_surrogate) = (self.pin, self.options.lone_surrogate);
        self.pin = self.pin.min(t.start);
        self.options.lone_surrogate = LoneSurrogate::Substitute;
        let skipped = self.skip(t);
        self.options.lone_surrogate = lone_surrogate;
        self.pin = pin;
        skipped?;
        self.visit_raw(t.start, self.last, visitor)
    }

    /// Hands `visitor` the bytes at absolute `start..end` (a value just checked) as a
    /// raw value's text.
    fn visit_raw<V: Visitor<'de>>(&mut self, start: usize, end: usize, visitor: V) -> Result<V::Value, Error> {
        let Some(bytes) = self.src.bytes(start, end) else {
            return Err(self.error_at(Category::Syntax, start, "malformed token"));
        };
        let text = match bytes {
            Ref::Borrowed(b) => core::str::from_utf8(b).map(raw::RawText::Borrowed),
            Ref::Copied(b) => core::str::from_utf8(b).map(raw::RawText::Copied),
        };
        let text = match text {
            Ok(text) => text,
            // Strings repaired under a lenient `InvalidUtf8`: the text is not UTF-8.
            Err(e) => return Err(self.error_at(Category::Utf8, start + e.valid_up_to(), "invalid unicode code point")),
        };
        let r = raw::visit(text, visitor);
        self.placed(r)
    }

    /// Skips the value that starts with token `t`, checking it as `validate` would.
    fn skip(&mut self, t: Tok) -> Result<(), Error> {
        // One bit per open container: set for an object.
        let mut stack = BitStack::default();
        let mut t = t;
        'value: loop {
            match t.kind {
                Kind::ArrayStart => {
                    self.enter(t.start)?;
                    let next = self.next()?;
                    if next.kind == Kind::ArrayEnd {
                        self.remaining_depth += 1;
                    } else {
                        stack.push(false);
                        t = next;
                        continue 'value;
                    }
                }
                Kind::ObjectStart => {
                    self.enter(t.start)?;
                    let next = self.next_in(S::ENTRY_KEY)?;
                    if next.kind == Kind::ObjectEnd {
                        self.remaining_depth += 1;
                    } else {
                        stack.push(true);
                        self.skip_key(next, "expected a string key or '}' after '{'")?;
                        t = self.next()?;
                        continue 'value;
                    }
                }
                _ => self.check_scalar(t)?,
            }
            // A value is complete: close containers until one goes on.
            loop {
                let Some(object) = stack.top() else {
                    return Ok(());
                };
                let comma = self.step_over(b',', JsonToken::Comma) || {
                    let next = self.next_in(if object { S::ENTRY_OBJECT_NEXT } else { S::ENTRY_ARRAY_NEXT })?;
                    match (object, next.kind) {
                        (_, Kind::Comma) => true,
                        (true, Kind::ObjectEnd) | (false, Kind::ArrayEnd) => false,
                        (true, _) => return Err(self.expected(next, "expected ',' or '}' after an object member")),
                        (false, _) => return Err(self.expected(next, "expected ',' or ']' after an array element")),
                    }
                };
                if comma {
                    if object {
                        let key = self.next_in(S::ENTRY_KEY)?;
                        self.skip_key(key, "expected a string key after ','")?;
                    }
                    t = self.next()?;
                    continue 'value;
                }
                stack.pop();
                self.remaining_depth += 1;
            }
        }
    }

    /// `t` must be a key, followed by a colon (skipped).
    #[inline]
    fn skip_key(&mut self, t: Tok, expected: &'static str) -> Result<(), Error> {
        if !is_string(t) {
            return Err(self.expected(t, expected));
        }
        self.check_scalar(t)?;
        self.colon()
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn colon(&mut self) -> Result<(), Error> {
        if self.step_over(b':', JsonToken::Colon) {
            return Ok(());
        }
        match self.next_in(S::ENTRY_COLON)? {
            t if t.kind == Kind::Colon => Ok(()),
            t => Err(self.expected(t, "expected ':' after an object key")),
        }
    }

    /// Checks a scalar token as the validator does, without building it.
    #[inline]
    fn check_scalar(&mut self, t: Tok) -> Result<(), Error> {
        // arbitrary_precision: any JSON number is one (`1e400` too), as `Value` keeps it.
        #[cfg(feature = "arbitrary_precision")]
        if matches!(t.kind, Kind::Integer | Kind::Float)
            && core::str::from_utf8(self.token_bytes(t)?).is_ok_and(|s| s.parse::<crate::Number>().is_ok())
        {
            return Ok(());
        }
        match t.kind {
            Kind::Null | Kind::True | Kind::False => Ok(()),
            Kind::Integer => {
                let bytes = self.token_bytes(t)?;
                if self.trusted && bytes.len() <= 300 {
                    return Ok(()); // an integer of 300 digits is still a finite f64
                }
                self.number(t).map(drop)
            }
            Kind::Float => {
                let bytes = self.token_bytes(t)?;
                if self.trusted && number::surely_in_range(bytes) {
                    return Ok(());
                }
                self.number(t).map(drop)
            }
            Kind::String => {
                if self.repaired || !self.trusted {
                    self.str(t)?;
                }
                Ok(())
            }
            Kind::EscapedString => {
                if self.repaired || !self.trusted {
                    self.str(t)?;
                    return Ok(());
                }
                if self.options.lone_surrogate == LoneSurrogate::Substitute {
                    return Ok(()); // nothing in it can be wrong
                }
                let (window, base) = self.src.window();
                let (start, end) = (t.start.wrapping_sub(base), t.end.wrapping_sub(base));
                let body = match window.get(start + 1..end.saturating_sub(1)) {
                    Some(b) if end >= start + 2 => b,
                    _ => return Err(self.malformed(t)),
                };
                string::unescape(body, start + 1, LoneSurrogate::Error, &mut Discard)
                    .map_err(|e| self.src.place(e.into_error(window)))
            }
            _ => Err(self.expected(t, "expected a value")),
        }
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn is_string(t: Tok) -> bool {
    matches!(t.kind, Kind::String | Kind::EscapedString)
}

/// The string token at absolute `start` (its body: `bytes`) is not UTF-8: the error,
/// or under a lenient `InvalidUtf8` mode the repaired string in `scratch`.
#[cold]
fn bad_utf8<'de, S: Source<'de>>(
    src: &S,
    options: &DecodeOptions,
    scratch: &mut Vec<u8>,
    bytes: &[u8],
    start: usize,
) -> Result<(), Error> {
    let (window, base) = src.window();
    let valid = core::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
    diagnose::bad_utf8(window, bytes, start + valid - base, options, scratch).map_err(|e| src.place(e))
}

/// A decoded string: borrowed from the input, or in the scratch buffer.
#[derive(Clone, Copy)]
enum Str<'de, 's> {
    Borrowed(&'de str),
    Copied(&'s str),
}

impl Str<'_, '_> {
    fn as_str(&self) -> &str {
        match self {
            Str::Borrowed(s) => s,
            Str::Copied(s) => s,
        }
    }
}

enum Bytes<'de, 's> {
    Borrowed(&'de [u8]),
    Copied(&'s [u8]),
}

/// A number token's value.
#[derive(Clone, Copy)]
enum Num<'de, 's> {
    U(u64),
    I(i64),
    F(f64),
    /// An integer beyond 64 bits under `BigInt::String`: its digits.
    Big(Str<'de, 's>),
}

impl Num<'_, '_> {
    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Num::U(u) => Unexpected::Unsigned(*u),
            Num::I(i) => Unexpected::Signed(*i),
            Num::F(f) => Unexpected::Float(*f),
            Num::Big(s) => Unexpected::Str(s.as_str()),
        }
    }
}

/// One bit per open container, 64 levels without allocating.
#[derive(Default)]
struct BitStack {
    bits: u64,
    more: Vec<u64>,
    len: usize,
}

impl BitStack {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push(&mut self, bit: bool) {
        let i = self.len % 64;
        if i == 0 && self.len > 0 {
            self.more.push(self.bits);
            self.bits = 0;
        }
        self.bits = (self.bits & !(1 << i)) | (bit as u64) << i;
        self.len += 1;
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn top(&self) -> Option<bool> {
        let i = self.len.checked_sub(1)? % 64;
        Some(self.bits >> i & 1 != 0)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pop(&mut self) {
        if self.len == 0 {
            return;
        }
        self.len -= 1;
        if self.len.is_multiple_of(64) && self.len > 0 {
            self.bits = self.more.pop().unwrap_or(0);
        }
    }
}

// ---- serde's traits ----

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::unplaced(Category::Data, msg.to_string())
    }

    #[cold]
    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Self {
        de::Error::custom(format_args!("invalid type: {}, expected {}", JsonUnexpected(unexp), exp))
    }

    #[cold]
    fn invalid_value(unexp: Unexpected, exp: &dyn Expected) -> Self {
        de::Error::custom(format_args!("invalid value: {}, expected {}", JsonUnexpected(unexp), exp))
    }
}

/// serde's `Unexpected` as serde_json words it: `null` for unit, floats in their
/// shortest round-trip form.
struct JsonUnexpected<'a>(Unexpected<'a>);

impl fmt::Display for JsonUnexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Float(v) => write!(f, "floating point `{}`", zmij::Buffer::new().format(v)),
            u => fmt::Display::fmt(&u, f),
        }
    }
}

macro_rules! deserialize_number {
    ($($method:ident)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let visitor = match self.direct_number(visitor) {
                Ok(r) => return r,
                Err(visitor) => visitor,
            };
            let t = self.value_token()?;
            match t.kind {
                Kind::Integer | Kind::Float => self.visit_number(t, visitor),
                _ => Err(self.invalid_type(t, &visitor)),
            }
        }
    )*};
}

impl<'de, L, S: Source<'de>> de::Deserializer<'de> for &mut Deserializer<'de, L, S> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // With `arbitrary_precision`, numbers go to the visitor as their text.
        #[cfg(not(feature = "arbitrary_precision"))]
        let visitor = match self.direct_number(visitor) {
            Ok(r) => return r,
            Err(visitor) => visitor,
        };
        let t = self.value_token()?;
        match t.kind {
            Kind::Null => self.placed(visitor.visit_unit()),
            Kind::True => self.placed(visitor.visit_bool(true)),
            Kind::False => self.placed(visitor.visit_bool(false)),
            #[cfg(feature = "arbitrary_precision")]
            Kind::Integer | Kind::Float => self.visit_any_number(t, visitor),
            #[cfg(not(feature = "arbitrary_precision"))]
            Kind::Integer | Kind::Float => self.visit_number(t, visitor),
            Kind::String | Kind::EscapedString => self.visit_str(t, visitor),
            Kind::ArrayStart => {
                self.enter(t.start)?;
                let r = visitor.visit_seq(SeqAccess { de: self, first: true });
                self.leave(r, Kind::ArrayEnd)
            }
            Kind::ObjectStart => {
                self.enter(t.start)?;
                let r = visitor.visit_map(MapAccess { de: self, first: true });
                self.leave(r, Kind::ObjectEnd)
            }
            _ => Err(self.expected(t, "expected a value")),
        }
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::True => self.placed(visitor.visit_bool(true)),
            Kind::False => self.placed(visitor.visit_bool(false)),
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    deserialize_number! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_f64
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::Float | Kind::Integer => self.visit_f32(t, visitor),
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        if t.kind != Kind::Integer {
            return Err(self.invalid_type(t, &visitor));
        }
        let r = match self.integer128(t)? {
            Some((false, n)) if n <= i128::MAX as u128 => visitor.visit_i128(n as i128),
            Some((true, n)) if n <= i128::MAX as u128 + 1 => visitor.visit_i128((n as i128).wrapping_neg()),
            // On its last digit, as serde_json places it.
            _ => return Err(self.error_at(Category::Number, t.end.saturating_sub(1), "number out of range")),
        };
        self.placed(r)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        if t.kind != Kind::Integer {
            return Err(self.invalid_type(t, &visitor));
        }
        let r = match self.integer128(t)? {
            Some((false, n)) => visitor.visit_u128(n),
            Some((true, 0)) => visitor.visit_u128(0),
            // A negative number is out of a u128's range: at its sign, as serde_json says.
            Some((true, _)) => return Err(self.error_at(Category::Number, t.start, "number out of range")),
            _ => return Err(self.error_at(Category::Number, t.end.saturating_sub(1), "number out of range")),
        };
        self.placed(r)
    }

    #[inline]
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::String | Kind::EscapedString => self.visit_str(t, visitor),
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::String | Kind::EscapedString => {
                let r = match self.bytes(t)? {
                    Bytes::Borrowed(b) => visitor.visit_borrowed_bytes(b),
                    Bytes::Copied(b) => visitor.visit_bytes(b),
                };
                self.placed(r)
            }
            Kind::ArrayStart => {
                self.enter(t.start)?;
                let r = visitor.visit_seq(SeqAccess { de: self, first: true });
                self.leave(r, Kind::ArrayEnd)
            }
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.peek()?.kind {
            Kind::Null => {
                self.next()?;
                self.placed(visitor.visit_none())
            }
            Kind::Eof => Err(self.eof_value()),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::Null => self.placed(visitor.visit_unit()),
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == raw::TOKEN {
            return self.raw_value(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::ArrayStart => {
                self.enter(t.start)?;
                let r = visitor.visit_seq(SeqAccess { de: self, first: true });
                self.leave(r, Kind::ArrayEnd)
            }
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::ObjectStart => {
                self.enter(t.start)?;
                let r = visitor.visit_map(MapAccess { de: self, first: true });
                self.leave(r, Kind::ObjectEnd)
            }
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::ObjectStart => {
                self.enter(t.start)?;
                let r = visitor.visit_map(MapAccess { de: self, first: true });
                self.leave(r, Kind::ObjectEnd)
            }
            Kind::ArrayStart => {
                self.enter(t.start)?;
                let r = visitor.visit_seq(SeqAccess { de: self, first: true });
                self.leave(r, Kind::ArrayEnd)
            }
            _ => Err(self.invalid_type(t, &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        match t.kind {
            Kind::ObjectStart => {
                self.enter(t.start)?;
                let r = visitor.visit_enum(VariantAccess { de: self });
                self.remaining_depth += 1;
                match r {
                    Ok(v) => match self.next()? {
                        t if t.kind == Kind::ObjectEnd => Ok(v),
                        t => Err(self
                            .expected(t, "expected '}' after the variant's value (an enum's object has one member)")),
                    },
                    Err(e) => Err(self.place(e)),
                }
            }
            // Not placed, as serde_json leaves it: "expected tuple variant" for a unit
            // variant's name (an unknown name is placed by the key's deserializer).
            Kind::String | Kind::EscapedString => visitor.visit_enum(UnitVariantAccess { de: self, key: t }),
            _ => Err(self.expected(t, "expected a string or an object (an enum)")),
        }
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let t = self.value_token()?;
        self.skip(t)?;
        visitor.visit_unit()
    }
}

/// The elements of an array.
struct SeqAccess<'a, 'de, L, S> {
    de: &'a mut Deserializer<'de, L, S>,
    first: bool,
}

impl<'de, L, S: Source<'de>> de::SeqAccess<'de> for SeqAccess<'_, 'de, L, S> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let de = &mut *self.de;
        if de.closed {
            return Ok(None);
        }
        if self.first {
            self.first = false;
            // Peeked, not taken: the element's deserializer takes its first token.
            match de.peek()?.kind {
                Kind::ArrayEnd => {
                    de.next()?;
                    de.closed = true;
                    return Ok(None);
                }
                Kind::Eof => return Err(de.eof_value()),
                _ => {}
            }
        } else if !de.step_over(b',', JsonToken::Comma) {
            let t = de.next_in(S::ENTRY_ARRAY_NEXT)?;
            match t.kind {
                Kind::Comma => {}
                Kind::ArrayEnd => {
                    de.closed = true;
                    return Ok(None);
                }
                _ => return Err(de.expected(t, "expected ',' or ']' after an array element")),
            }
        }
        seed.deserialize(&mut *self.de).map(Some)
    }
}

/// The members of an object.
struct MapAccess<'a, 'de, L, S> {
    de: &'a mut Deserializer<'de, L, S>,
    first: bool,
}

impl<'de, L, S: Source<'de>> de::MapAccess<'de> for MapAccess<'_, 'de, L, S> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let de = &mut *self.de;
        if de.closed {
            return Ok(None);
        }
        if !self.first && de.step_over(b',', JsonToken::Comma) {
            let key = de.key_after_comma()?;
            return seed.deserialize(MapKey { de: self.de, key }).map(Some);
        }
        let t = de.next_in(if self.first { S::ENTRY_KEY } else { S::ENTRY_OBJECT_NEXT })?;
        let key = if self.first {
            self.first = false;
            match t.kind {
                Kind::String | Kind::EscapedString => t,
                Kind::ObjectEnd => {
                    de.closed = true;
                    return Ok(None);
                }
                _ => return Err(de.expected(t, "expected a string key or '}' after '{'")),
            }
        } else {
            match t.kind {
                Kind::Comma => de.key_after_comma()?,
                Kind::ObjectEnd => {
                    de.closed = true;
                    return Ok(None);
                }
                _ => return Err(de.expected(t, "expected ',' or '}' after an object member")),
            }
        };
        seed.deserialize(MapKey { de: self.de, key }).map(Some)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.de.colon()?;
        seed.deserialize(&mut *self.de)
    }
}

/// An object key (or an enum's variant name): a string token, read as what the
/// visitor asks for; numbers and booleans in quotes for maps with such keys, as
/// serde_json reads them.
struct MapKey<'a, 'de, L, S> {
    de: &'a mut Deserializer<'de, L, S>,
    key: Tok,
}

impl<'de, L, S: Source<'de>> MapKey<'_, 'de, L, S> {
    /// The key's body as one number token (`"12"`, `"-1.5"`), or the error (as
    /// serde_json: the body must start with the number and end with it).
    fn number_token(&self) -> Result<Tok, Error> {
        let t = self.key;
        let src = &self.de.src;
        let (input, base) = src.window();
        let not_a_number = || src.place(Error::new(Category::Syntax, input, t.start - base, NOT_A_NUMBER));
        if self.de.repaired || t.end < t.start + 2 || t.end - base > input.len() {
            return Err(not_a_number());
        }
        let (start, end) = (t.start + 1, t.end - 1);
        if !matches!(input[start - base], b'0'..=b'9' | b'-') {
            return Err(not_a_number());
        }
        let relative = |e: crate::lex::LexError<JsonToken>| crate::lex::LexError {
            start: e.start - base,
            offset: e.offset - base,
            partial: e.partial,
        };
        // The body, lexed with the same lexer: a number, then the closing quote.
        let [first, second] = src.lex_at(start);
        match first {
            Some(Ok(n)) if n.start == start && matches!(n.kind, JsonToken::Integer | JsonToken::Float) => {
                if n.end == end {
                    return Ok(Tok::from_token(n));
                }
                const MESSAGE: &str = "expected `\"` after the number in a key";
                match second {
                    // `"1.x"`: the lexer gave back `1`; say what is wrong with the number.
                    Some(Err(e)) if e.start == n.end => Err(src.place(diagnose::lex_error(input, relative(e)))),
                    // `"01"`: a leading zero, as decode says it.
                    Some(Ok(m)) if m.start == n.end => {
                        let m = Token { kind: m.kind, start: m.start - base, end: m.end - base };
                        Err(src.place(diagnose::expected(input, Some(m), MESSAGE)))
                    }
                    _ => Err(src.place(Error::new(Category::Syntax, input, n.end - base, MESSAGE))),
                }
            }
            Some(Err(e)) => Err(src.place(diagnose::lex_error(input, relative(e)))),
            _ => Err(not_a_number()),
        }
    }
}

const NOT_A_NUMBER: &str = "invalid value: expected key to be a number in quotes";

macro_rules! deserialize_numeric_key {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let n = self.number_token()?;
            // A rejected number is placed on its last digit, before the closing quote.
            self.de.last = n.end;
            let r = self.de.visit_number(n, visitor);
            self.de.last = self.key.end;
            r
        }
    )*};
}

impl<'de, L, S: Source<'de>> de::Deserializer<'de> for MapKey<'_, 'de, L, S> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.de.visit_str(self.key, visitor)
    }

    deserialize_numeric_key! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_f32 deserialize_f64
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.number_token()?;
        self.de.peeked = Some(n);
        self.de.deserialize_i128(visitor)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.number_token()?;
        self.de.peeked = Some(n);
        self.de.deserialize_u128(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self.de.str(self.key)? {
            Str::Borrowed("true") | Str::Copied("true") => visitor.visit_bool(true),
            Str::Borrowed("false") | Str::Copied("false") => visitor.visit_bool(false),
            s => Err(de::Error::invalid_type(Unexpected::Str(s.as_str()), &visitor)),
        };
        self.de.placed(r)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // Keys are never null.
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == raw::TOKEN {
            // A raw key: the key's text, quotes and escapes as written.
            let key = self.key;
            let lone_surrogate = core::mem::replace(&mut self.de.options.lone_surrogate, LoneSurrogate::Substitute);
            let checked = self.de.check_scalar(key);
            self.de.options.lone_surrogate = lone_surrogate;
            checked?;
            return self.de.visit_raw(key.start, key.end, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let r = visitor.visit_enum(UnitVariantAccess { de: &mut *self.de, key: self.key });
        self.de.placed(r)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let r = match self.de.bytes(self.key)? {
            Bytes::Borrowed(b) => visitor.visit_borrowed_bytes(b),
            Bytes::Copied(b) => visitor.visit_bytes(b),
        };
        self.de.placed(r)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    serde::forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// An enum written as an object of one member: `{"Variant": value}`.
struct VariantAccess<'a, 'de, L, S> {
    de: &'a mut Deserializer<'de, L, S>,
}

impl<'de, 'a, L, S: Source<'de>> de::EnumAccess<'de> for VariantAccess<'a, 'de, L, S> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let t = self.de.next()?;
        if t.kind == Kind::ObjectEnd {
            // `{}`: serde_json looks for the name as a value ("expected value").
            return Err(self.de.expected(t, "expected the variant's name, a string, after '{'"));
        }
        if !is_string(t) {
            return Err(self.de.expected(t, "expected a string key (the variant's name) after '{'"));
        }
        let key = t;
        let v = seed.deserialize(MapKey { de: &mut *self.de, key })?;
        self.de.colon()?;
        Ok((v, self))
    }
}

impl<'de, L, S: Source<'de>> de::VariantAccess<'de> for VariantAccess<'_, 'de, L, S> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self.de)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_struct(self.de, "", fields, visitor)
    }
}

/// An enum written as a string: a unit variant.
struct UnitVariantAccess<'a, 'de, L, S> {
    de: &'a mut Deserializer<'de, L, S>,
    key: Tok,
}

impl<'de, 'a, L, S: Source<'de>> de::EnumAccess<'de> for UnitVariantAccess<'a, 'de, L, S> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let v = seed.deserialize(MapKey { de: &mut *self.de, key: self.key })?;
        Ok((v, self))
    }
}

impl<'de, L, S: Source<'de>> de::VariantAccess<'de> for UnitVariantAccess<'_, 'de, L, S> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant"))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant"))
    }
}
