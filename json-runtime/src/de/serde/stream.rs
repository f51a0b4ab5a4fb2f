//! Document streams: [`Deserializer::into_iter`] yields each whitespace-separated JSON
//! document of the input in turn, as serde_json's `StreamDeserializer` does.

use core::marker::PhantomData;

use serde::de;

use super::{Deserializer, Kind};
use crate::de::diagnose;
use crate::error::Error;
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

    /// The documents of the input, one `T` each, in order: see [`StreamDeserializer`].
    #[allow(clippy::should_implement_trait)]
    pub fn into_iter<T: de::Deserialize<'de>>(self) -> StreamDeserializer<'de, L, T> {
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
/// appended to `input[offset..]` and decoding retried.
pub struct StreamDeserializer<'de, L, T> {
    de: Deserializer<'de, L>,
    offset: usize,
    failed: bool,
    output: PhantomData<T>,
}

impl<'de, L: Lexer<'de, Kind = JsonToken>, T> StreamDeserializer<'de, L, T> {
    /// Bytes of the input read into good documents: the end of the last one, the start
    /// of the one that failed, or the end of the input once it has been reached.
    pub fn byte_offset(&self) -> usize {
        self.offset
    }
}

impl<'de, L: Lexer<'de, Kind = JsonToken>, T: de::Deserialize<'de>> Iterator for StreamDeserializer<'de, L, T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Result<T, Error>> {
        if self.failed {
            return None;
        }
        let first = match self.de.peek() {
            Ok(t) => t,
            Err(e) => {
                // The document that failed starts after the whitespace.
                let input = self.de.input;
                let ws = input[self.offset.min(input.len())..].iter().take_while(|b| b" \t\n\r".contains(b)).count();
                self.offset += ws;
                return self.fail(e);
            }
        };
        if first.kind == Kind::Eof {
            self.offset = self.de.input.len();
            return None;
        }
        self.offset = first.start;
        let value = match T::deserialize(&mut self.de) {
            Ok(v) => v,
            Err(e) => return self.fail(e),
        };
        self.offset = self.de.last;
        let delimited = matches!(first.kind, Kind::ArrayStart | Kind::ObjectStart | Kind::String | Kind::EscapedString);
        let next = self.de.input.get(self.offset).copied();
        match next {
            Some(b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':') | None => {}
            Some(_) if delimited => {}
            // `truex`, `01`, `1.5e`: the lexer took the longest token, and what follows
            // is no delimiter. The error is decode's for the same bytes.
            Some(b) => {
                let e = match self.de.peek() {
                    Err(e) => e,
                    Ok(t) => diagnose::expected(
                        self.de.input,
                        t.token(),
                        "expected whitespace or a delimiter after the value",
                    ),
                };
                // Where serde_json's number parser would have gone on (a digit after
                // `0`, a second fraction or exponent), the document itself failed.
                if matches!(first.kind, Kind::Integer | Kind::Float) {
                    let number = &self.de.input[first.start..self.offset];
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

impl<'de, L, T> StreamDeserializer<'de, L, T> {
    #[cold]
    fn fail(&mut self, e: Error) -> Option<Result<T, Error>> {
        self.failed = true;
        Some(Err(e))
    }
}

impl<'de, L: Lexer<'de, Kind = JsonToken>, T: de::Deserialize<'de>> core::iter::FusedIterator
    for StreamDeserializer<'de, L, T>
{
}
