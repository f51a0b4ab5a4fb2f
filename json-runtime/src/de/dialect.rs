//! The parser's cold path for the dialects: JSON5's tokens (strings with JSON5 escapes,
//! loose, hexadecimal and non-finite numbers, unquoted keys) and trailing commas.
//!
//! The strict parser's loop (`mod.rs`) handles the thirteen JSON token kinds; whatever
//! else reaches a place where a value or a key is expected comes here, so strict JSON
//! pays nothing for the dialects but the error path it already had.

use super::number::{self, NumError};
use super::options::{BigInt, Dialect, NonFinite};
use super::string::{self, Discard, StrError};
use super::{found, Parser, Sink};
use crate::error::{Category, Error};
use crate::lex::Token;
use crate::token::JsonToken;
use crate::value::Number;

/// What a dialect token in value position did.
pub(super) enum DialectValue {
    /// It was a value (built, or checked).
    Value,
    /// It was the `]` after a trailing comma: the caller closes the array.
    CloseArray,
}

/// What a dialect token in key position did.
pub(super) enum DialectKey {
    /// It was a key (the object begun first if it is the first key).
    Key,
    /// It was the `}` after a trailing comma: the caller closes the object.
    CloseObject,
}

impl<'a, const TRUSTED: bool, S: Sink<'a>> Parser<'a, TRUSTED, S> {
    /// A token where a value is expected that the strict loop does not take: a JSON5
    /// value, the `]` of a trailing comma, or an error.
    #[cold]
    #[inline(never)]
    pub(super) fn dialect_value(&mut self, t: Token<JsonToken>, in_object: bool) -> Result<DialectValue, Error> {
        match t.kind {
            JsonToken::ArrayEnd if !in_object && self.depth > 0 && self.options.get_trailing_commas() => {
                return Ok(DialectValue::CloseArray);
            }
            JsonToken::Json5String => self.json5_string(t, false)?,
            JsonToken::LooseNumber => self.loose_number(t)?,
            JsonToken::HexInteger => {
                let n = number::parse_hex(self.token_bytes(t)?).map_err(|e| self.number_error(t, e))?;
                if let Some(b) = self.sink() {
                    b.number(n);
                }
            }
            JsonToken::NonFinite => match self.options.non_finite {
                NonFinite::Null => {
                    if let Some(b) = self.sink() {
                        b.null();
                    }
                }
                NonFinite::Error => return Err(self.non_finite(t)),
            },
            JsonToken::Identifier => {
                let name = String::from_utf8_lossy(self.token_bytes(t)?);
                let message = format!("unexpected name `{name}`: strings must be quoted (only keys may be bare names)");
                return Err(Error::new(Category::Syntax, self.input, t.start, message));
            }
            _ => return Err(self.expected(found(Some(t)), "expected a value")),
        }
        Ok(DialectValue::Value)
    }

    /// A token where a key is expected (`first`: right after `{`) that is not a JSON
    /// string: a JSON5 key, the `}` of a trailing comma, or an error.
    #[cold]
    #[inline(never)]
    pub(super) fn dialect_key(&mut self, tok: Option<Token<JsonToken>>, first: bool) -> Result<DialectKey, Error> {
        let error = |p: &Self| {
            let message =
                if first { "expected a string key or '}' after '{'" } else { "expected a string key after ','" };
            p.expected(found(tok), message)
        };
        let Some(t) = tok else {
            return Err(error(self));
        };
        let json5 = self.options.dialect == Dialect::Json5;
        let bare_word = match t.kind {
            JsonToken::ObjectEnd if !first && self.options.get_trailing_commas() => {
                return Ok(DialectKey::CloseObject);
            }
            JsonToken::Json5String | JsonToken::Identifier => false,
            // `{true: 1, Infinity: 2}`: keywords are names too, in JSON5 (not `-Infinity`).
            JsonToken::True | JsonToken::False | JsonToken::Null if json5 => true,
            JsonToken::NonFinite if json5 && self.input.get(t.start).is_some_and(u8::is_ascii_alphabetic) => true,
            _ => return Err(error(self)),
        };
        if first {
            if let Some(b) = self.sink() {
                b.begin_object();
            }
        }
        match t.kind {
            JsonToken::Json5String => self.json5_string(t, true)?,
            JsonToken::Identifier if self.input.get(t.start..t.end).is_some_and(|name| name.contains(&b'\\')) => {
                let input = self.input;
                let decoded = match self.sink() {
                    Some(b) => {
                        let scratch = b.scratch();
                        scratch.clear();
                        string::decode_identifier(input, t.start, t.end, scratch)
                    }
                    None => string::decode_identifier(input, t.start, t.end, &mut Discard),
                };
                decoded.map_err(|e| e.into_error(input))?;
                if let Some(b) = self.sink() {
                    b.scratch_str(true);
                }
            }
            _ => {
                debug_assert!(bare_word || t.kind == JsonToken::Identifier);
                let bytes = self.token_bytes(t)?;
                let name = match core::str::from_utf8(bytes) {
                    Ok(name) => name,
                    Err(e) => {
                        let offset = t.start + e.valid_up_to();
                        return Err(Error::new(Category::Utf8, self.input, offset, "invalid UTF-8 in an unquoted key"));
                    }
                };
                if let Some(b) = self.sink() {
                    b.str(name, true);
                }
            }
        }
        Ok(DialectKey::Key)
    }

    /// A `Json5String` token: unescaped (and checked) by the JSON5 scanner.
    fn json5_string(&mut self, t: Token<JsonToken>, key: bool) -> Result<(), Error> {
        let (input, options) = (self.input, self.options);
        if !matches!(input.get(t.start), Some(b'"' | b'\'')) {
            return Err(self.malformed(t.start));
        }
        let (invalid, lone) = (options.invalid_utf8, options.lone_surrogate);
        let scanned: Result<usize, StrError> = match self.sink() {
            Some(b) => {
                let scratch = b.scratch();
                scratch.clear();
                string::scan_json5_string(input, t.start, invalid, lone, scratch)
            }
            None => string::scan_json5_string(input, t.start, invalid, lone, &mut Discard),
        };
        match scanned {
            Ok(end) if end == t.end => {}
            Ok(_) => return Err(self.malformed(t.start)),
            Err(e) => return Err(e.into_error(input)),
        }
        if let Some(b) = self.sink() {
            b.scratch_str(key);
        }
        Ok(())
    }

    /// A `LooseNumber` token (`+1`, `.5`, `5.`): the value of the JSON number it
    /// stands for.
    fn loose_number(&mut self, t: Token<JsonToken>) -> Result<(), Error> {
        let Some((json, integer)) = number::normalize_loose(self.token_bytes(t)?) else {
            return Err(self.number_error(t, NumError::Invalid));
        };
        let n = if integer {
            match number::parse_integer(&json) {
                Ok(Some(n)) => n,
                Ok(None) if self.options.big_int == BigInt::String => {
                    if let Some(b) = self.sink() {
                        // Only digits and '-' (the '+' dropped): ASCII.
                        let scratch = b.scratch();
                        scratch.clear();
                        scratch.extend_from_slice(&json);
                        b.scratch_str(false);
                    }
                    return Ok(());
                }
                Ok(None) => self.finite(t, number::parse_float(&json))?,
                Err(e) => return Err(self.number_error(t, e)),
            }
        } else {
            self.finite(t, number::parse_float(&json))?
        };
        if let Some(b) = self.sink() {
            b.number(n);
        }
        Ok(())
    }

    fn finite(&self, t: Token<JsonToken>, f: Result<f64, NumError>) -> Result<Number, Error> {
        match f {
            Ok(f) => Ok(Number::from_finite_f64(f)),
            Err(e) => Err(self.number_error(t, e)),
        }
    }

    #[cold]
    fn non_finite(&self, t: Token<JsonToken>) -> Error {
        let text = String::from_utf8_lossy(self.input.get(t.start..t.end).unwrap_or_default());
        let message = format!(
            "`{text}` has no JSON value (decode Infinity and NaN as null with `NonFinite::Null`, or `--non-finite null`)"
        );
        Error::new(Category::Number, self.input, t.start, message)
    }
}
