//! The parser's cold path for the dialects: JSON5's tokens (strings with JSON5 escapes,
//! loose, hexadecimal and non-finite numbers, unquoted keys) and trailing commas.
//!
//! The strict parser's loop (`mod.rs`) handles the thirteen JSON token kinds; whatever
//! else reaches a place where a value or a key is expected comes here, so strict JSON
//! pays nothing for the dialects but the error path it already had.

use super::input::View;
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
    /// It is the bare name at `start..end` (UTF-8: checked), the object begun first if
    /// it is the first key: the caller gives it to the sink (through the input, which
    /// lends it for as long as the sink may keep it).
    Bare(usize, usize),
    /// It was the `}` after a trailing comma: the caller closes the object.
    CloseObject,
}

impl<'a, const TRUSTED: bool, S: Sink<'a>> Parser<'a, TRUSTED, S> {
    /// A token where a value is expected that the strict loop does not take: a JSON5
    /// value, the `]` of a trailing comma, or an error.
    #[cold]
    #[inline(never)]
    pub(super) fn dialect_value(
        &mut self,
        input: View<'_>,
        t: Token<JsonToken>,
        in_object: bool,
    ) -> Result<DialectValue, Error> {
        match t.kind {
            JsonToken::ArrayEnd if !in_object && self.depth > 0 && self.options.get_trailing_commas() => {
                return Ok(DialectValue::CloseArray);
            }
            JsonToken::Json5String => self.json5_string(input, t, false)?,
            JsonToken::LooseNumber => self.loose_number(input, t)?,
            JsonToken::HexInteger => {
                let n = number::parse_hex(input.bytes(t)?).map_err(|e| input.number_error(t, e))?;
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
                NonFinite::Error => return Err(Self::non_finite(input, t)),
            },
            JsonToken::Identifier => {
                let name = String::from_utf8_lossy(input.bytes(t)?);
                let message = format!("unexpected name `{name}`: strings must be quoted (only keys may be bare names)");
                let (window, base) = (input.window, input.base);
                return Err(input.place(Error::new(Category::Syntax, window, t.start - base, message)));
            }
            _ => return Err(input.expected(found(Some(t)), "expected a value")),
        }
        Ok(DialectValue::Value)
    }

    /// A token where a key is expected (`first`: right after `{`) that is not a JSON
    /// string: a JSON5 key, the `}` of a trailing comma, or an error.
    #[cold]
    #[inline(never)]
    pub(super) fn dialect_key(
        &mut self,
        input: View<'_>,
        tok: Option<Token<JsonToken>>,
        first: bool,
    ) -> Result<DialectKey, Error> {
        let error = || {
            let message =
                if first { "expected a string key or '}' after '{'" } else { "expected a string key after ','" };
            input.expected(found(tok), message)
        };
        let Some(t) = tok else {
            return Err(error());
        };
        let json5 = self.options.dialect == Dialect::Json5;
        let (window, base) = (input.window, input.base);
        let bare_word = match t.kind {
            JsonToken::ObjectEnd if !first && self.options.get_trailing_commas() => {
                return Ok(DialectKey::CloseObject);
            }
            JsonToken::Json5String | JsonToken::Identifier => false,
            // `{true: 1, Infinity: 2}`: keywords are names too, in JSON5 (not `-Infinity`).
            JsonToken::True | JsonToken::False | JsonToken::Null if json5 => true,
            JsonToken::NonFinite if json5 && window.get(t.start - base).is_some_and(u8::is_ascii_alphabetic) => true,
            _ => return Err(error()),
        };
        if first {
            if let Some(b) = self.sink() {
                b.begin_object();
            }
        }
        match t.kind {
            JsonToken::Json5String => self.json5_string(input, t, true)?,
            JsonToken::Identifier
                if window.get(t.start - base..t.end - base).is_some_and(|name| name.contains(&b'\\')) =>
            {
                let (start, end) = (t.start - base, t.end - base);
                let decoded = match self.sink() {
                    Some(b) => {
                        let scratch = b.scratch();
                        scratch.clear();
                        string::decode_identifier(window, start, end, scratch)
                    }
                    None => string::decode_identifier(window, start, end, &mut Discard),
                };
                if let Err(e) = decoded {
                    return Err(input.place(e.into_error(window)));
                }
                if let Some(b) = self.sink() {
                    b.scratch_str(true);
                }
            }
            _ => {
                debug_assert!(bare_word || t.kind == JsonToken::Identifier);
                let bytes = input.bytes(t)?;
                if let Err(e) = core::str::from_utf8(bytes) {
                    let offset = t.start - base + e.valid_up_to();
                    let error = Error::new(Category::Utf8, window, offset, "invalid UTF-8 in an unquoted key");
                    return Err(input.place(error));
                }
                return Ok(DialectKey::Bare(t.start, t.end));
            }
        }
        Ok(DialectKey::Key)
    }

    /// A `Json5String` token: unescaped (and checked) by the JSON5 scanner.
    fn json5_string(&mut self, input: View<'_>, t: Token<JsonToken>, key: bool) -> Result<(), Error> {
        let options = self.options;
        let (window, base) = (input.window, input.base);
        let start = t.start - base;
        if !matches!(window.get(start), Some(b'"' | b'\'')) {
            return Err(input.place(Self::malformed(window, start)));
        }
        let (invalid, lone) = (options.invalid_utf8, options.lone_surrogate);
        let scanned: Result<usize, StrError> = match self.sink() {
            Some(b) => {
                let scratch = b.scratch();
                scratch.clear();
                string::scan_json5_string(window, start, invalid, lone, scratch)
            }
            None => string::scan_json5_string(window, start, invalid, lone, &mut Discard),
        };
        match scanned {
            Ok(end) if end == t.end - base => {}
            Ok(_) => return Err(input.place(Self::malformed(window, start))),
            Err(e) => return Err(input.place(e.into_error(window))),
        }
        if let Some(b) = self.sink() {
            b.scratch_str(key);
        }
        Ok(())
    }

    /// A `LooseNumber` token (`+1`, `.5`, `5.`): the value of the JSON number it
    /// stands for.
    fn loose_number(&mut self, input: View<'_>, t: Token<JsonToken>) -> Result<(), Error> {
        let Some((json, integer)) = number::normalize_loose(input.bytes(t)?) else {
            return Err(input.number_error(t, NumError::Invalid));
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
                Ok(None) => finite(input, t, number::parse_float(&json))?,
                Err(e) => return Err(input.number_error(t, e)),
            }
        } else {
            finite(input, t, number::parse_float(&json))?
        };
        if let Some(b) = self.sink() {
            b.number(n);
        }
        Ok(())
    }

    #[cold]
    fn non_finite(input: View<'_>, t: Token<JsonToken>) -> Error {
        let (window, base) = (input.window, input.base);
        let text = String::from_utf8_lossy(window.get(t.start - base..t.end - base).unwrap_or_default());
        let message = format!(
            "`{text}` has no JSON value (decode Infinity and NaN as null with `NonFinite::Null`, or `--non-finite null`)"
        );
        input.place(Error::new(Category::Number, window, t.start - base, message))
    }
}

fn finite(input: View<'_>, t: Token<JsonToken>, f: Result<f64, NumError>) -> Result<Number, Error> {
    match f {
        Ok(f) => Ok(Number::from_finite_f64(f)),
        Err(e) => Err(input.number_error(t, e)),
    }
}

/// The parser's token helpers (`mod.rs`), on a [`View`].
impl View<'_> {
    fn bytes(&self, t: Token<JsonToken>) -> Result<&[u8], Error> {
        let (window, base) = (self.window, self.base);
        match window.get(t.start.wrapping_sub(base)..t.end.wrapping_sub(base)) {
            Some(b) => Ok(b),
            None => Err(self.place(Error::new(
                Category::Syntax,
                window,
                t.start.wrapping_sub(base).min(window.len()),
                "malformed token",
            ))),
        }
    }

    fn number_error(&self, t: Token<JsonToken>, e: NumError) -> Error {
        self.place(super::diagnose::number_error(self.window, t.start - self.base, e))
    }

    fn expected(&self, found: Option<(JsonToken, usize)>, message: &'static str) -> Error {
        let tok = found.map(|(kind, start)| Token { kind, start: start - self.base, end: start - self.base });
        self.place(super::diagnose::expected(self.window, tok, message))
    }
}
