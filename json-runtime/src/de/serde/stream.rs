//! Document streams: [`Deserializer::into_iter`] yields each whitespace-separated JSON
//! document of the input in turn, as serde_json's `StreamDeserializer` does.

use core::marker::PhantomData;

use serde::de;

use super::{Deserializer, Kind, Source};
use crate::error::{Category, Error};
use crate::lex::Lexer;
use crate::token::JsonToken;

impl<'de, L: Lexer<'de, Kind = JsonToken>> Deserializer<'de, L> {
    /// A deserializer over `input` (serde_json's name for [`Deserializer::new`]).
    pub fn from_slice(input: &'de [u8]) -> Self {
        Self::new(input)
    }

    /// A deserializer over `input` (serde_json's name).
    #[allow(clippy::should_implement_trait)] // serde_json's names, which users look for
    pub fn from_str(input: &'de str) -> Self {
        Self::new(input.as_bytes())
    }
}

impl<'de, L, S: Source<'de>> Deserializer<'de, L, S> {
    /// The documents of the input, one `T` each, in order: see [`StreamDeserializer`].
    #[allow(clippy::should_implement_trait)]
    pub fn into_iter<T: de::Deserialize<'de>>(self) -> StreamDeserializer<'de, L, T, S> {
        StreamDeserializer { de: self, offset: 0, failed: false, output: PhantomData }
    }
}

/// The documents of an input as an iterator of `Result<T, Error>`, from
/// [`Deserializer::into_iter`]: NDJSON, concatenated JSON (`{}{}`), values separated by
/// whitespace (`1 2`).
///
/// As serde_json's `StreamDeserializer`:
/// - whitespace between and around documents is skipped; an input of whitespace only
///   has no documents;
/// - a document that is not an array, object or string (a number, `true`, `false`,
///   `null`) must be followed by whitespace, a bracket, a brace, a quote, `,` or `:`, or
///   the end: `12` is one number, `1[]` is `1` then `[]`, `1x` is an error;
/// - errors are placed in the whole input (line, column and offset), and the iterator
///   stops after the first one (serde_json goes on after a trailing-characters error,
///   to the error the rest of the input gives; this one stops there too).
///
/// [`byte_offset`](Self::byte_offset) is where the last good document ended (or where
/// the one that failed began), so that after an end-of-input error more input can be
/// appended to `input[offset..]` and decoding retried. A read that fails before the
/// next document's first token leaves it where the last good document ended.
///
/// Over a reader (`Deserializer::from_reader(r).into_iter()`), the same documents, the
/// same offsets and errors as over the same bytes in a slice, in the memory of the
/// longest token.
pub struct StreamDeserializer<'de, L, T, S = L> {
    de: Deserializer<'de, L, S>,
    offset: usize,
    failed: bool,
    output: PhantomData<T>,
}

impl<'de, L, T, S: Source<'de>> StreamDeserializer<'de, L, T, S> {
    /// Bytes of the input read into good documents: the end of the last one, the start
    /// of the one that failed, or the end of the input once it has been reached.
    pub fn byte_offset(&self) -> usize {
        self.offset
    }
}

impl<'de, L, T: de::Deserialize<'de>, S: Source<'de>> Iterator for StreamDeserializer<'de, L, T, S> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Result<T, Error>> {
        if self.failed {
            return None;
        }
        let first = match self.de.peek() {
            Ok(t) => t,
            Err(e) => {
                // The document that failed starts where its first token did, after the
                // whitespace (a failed read: nothing is known of it).
                if e.classify() != Category::Io {
                    self.offset = self.de.failed_at;
                }
                return self.fail(e);
            }
        };
        if first.kind == Kind::Eof {
            self.offset = first.start;
            return None;
        }
        self.offset = first.start;
        let value = match T::deserialize(&mut self.de) {
            Ok(v) => v,
            Err(e) => return self.fail(e),
        };
        self.offset = self.de.last;
        let delimited = matches!(first.kind, Kind::ArrayStart | Kind::ObjectStart | Kind::String | Kind::EscapedString);
        if !delimited {
            // A reader's buffer may end where the value does (the lexer decided
            // `true` without the next byte): the byte after it says whether it ends.
            if let Err(e) = self.de.src.fill(self.offset + 1) {
                return self.fail(e);
            }
        }
        let (window, base) = self.de.src.window();
        let next = window.get(self.offset.wrapping_sub(base)).copied();
        match next {
            Some(b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':') | None => {}
            Some(_) if delimited => {}
            // `truex`, `01`, `1.5e`: the lexer took the longest token, and what follows
            // is no delimiter. The error is decode's for the same bytes.
            Some(b) => {
                let e = match self.de.peek() {
                    Err(e) => e,
                    Ok(t) => self.de.expected(t, "expected whitespace or a delimiter after the value"),
                };
                // Where serde_json's number parser would have gone on (a digit after
                // `0`, a second fraction or exponent), the document itself failed.
                if matches!(first.kind, Kind::Integer | Kind::Float) {
                    let (window, base) = self.de.src.window();
                    let number = window.get(first.start.wrapping_sub(base)..self.offset - base).unwrap_or_default();
                    let exponent = number.iter().any(|&c| c == b'e' || c == b'E');
                    let fraction = number.contains(&b'.');
                    if b.is_ascii_digit()
                        || (b == b'.' && !fraction && !exponent)
                        || (matches!(b, b'e' | b'E') && !exponent)
                    {
                        self.offset = first.start;
                    }
                }
                return self.fail(e);
            }
        }
        Some(Ok(value))
    }
}

impl<'de, L, T, S> StreamDeserializer<'de, L, T, S> {
    #[cold]
    fn fail(&mut self, e: Error) -> Option<Result<T, Error>> {
        self.failed = true;
        Some(Err(e))
    }
}

impl<'de, L, T: de::Deserialize<'de>, S: Source<'de>> core::iter::FusedIterator for StreamDeserializer<'de, L, T, S> {}
