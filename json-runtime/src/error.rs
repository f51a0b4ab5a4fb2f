//! Why a document was rejected, and where.

use std::borrow::Cow;

use crate::position::Position;

/// What kind of problem an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Category {
    /// The bytes do not form JSON: an unexpected token or character, a bad literal, a
    /// missing comma or colon, a control character in a string.
    Syntax,
    /// Invalid UTF-8 inside a string.
    Utf8,
    /// An invalid escape sequence, or a lone or reversed surrogate (`\ud800`).
    Escape,
    /// Arrays and objects nested deeper than the limit.
    Depth,
    /// A malformed number (leading zero, missing digits) or one too large for `f64`.
    Number,
    /// The input ended before the document did.
    Eof,
    /// Well-formed JSON that does not fit the type asked for (serde: a wrong type, a
    /// missing or unknown field), or a value serde cannot write as JSON.
    Data,
    /// Reading the input or writing the output failed.
    Io,
}

/// A decoding or validation error: a message, a category and a position.
///
/// `Display` writes the message followed by the position, e.g.
/// `expected ',' or '}' after an object member at line 3, column 14`.
///
/// The error is one pointer wide, so that `Result<Value, Error>` stays small.
pub struct Error(Box<Inner>);

struct Inner {
    category: Category,
    position: Position,
    message: Cow<'static, str>,
    /// The kind of the I/O error behind a [`Category::Io`] error.
    io_kind: Option<std::io::ErrorKind>,
    /// Made through the serde API: serde_json's words and position rule, and its
    /// `Display` (`... at line 1 column 4`).
    serde_json: bool,
    /// The decoder's message and position, before [`Error::serde_json_style`] replaced
    /// them.
    decode: Option<(Cow<'static, str>, Position)>,
    /// serde_json's words and place for this error where they do not follow from the
    /// decoder's ([`Error::serde_json_words`], [`Error::serde_json_place`]).
    serde_json_hint: (Option<&'static str>, Option<Position>),
    /// A lazy lookup's path is not in the document ([`Error::is_not_found`]).
    not_found: bool,
}

impl Error {
    /// An error at byte `offset` of `input` (the line and column are computed here).
    #[cold]
    pub fn new(category: Category, input: &[u8], offset: usize, message: impl Into<Cow<'static, str>>) -> Error {
        Error(Box::new(Inner {
            category,
            position: Position::at(input, offset),
            message: message.into(),
            io_kind: None,
            serde_json: false,
            decode: None,
            serde_json_hint: (None, None),
            not_found: false,
        }))
    }

    /// An error at a position computed elsewhere (a reader's: its buffer does not hold
    /// the whole input).
    #[cold]
    pub(crate) fn at(category: Category, position: Position, message: impl Into<Cow<'static, str>>) -> Error {
        Error(Box::new(Inner {
            category,
            position,
            message: message.into(),
            io_kind: None,
            serde_json: false,
            decode: None,
            serde_json_hint: (None, None),
            not_found: false,
        }))
    }

    /// An error not yet tied to a place in an input (serde's `custom` errors, which
    /// the deserializer places where it stands; serialization errors stay unplaced):
    /// line and column 0, and `Display` writes the message alone.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    #[cold]
    pub(crate) fn unplaced(category: Category, message: impl Into<Cow<'static, str>>) -> Error {
        let position = Position { offset: 0, line: 0, column: 0 };
        Error(Box::new(Inner {
            category,
            position,
            message: message.into(),
            io_kind: None,
            serde_json: false,
            decode: None,
            serde_json_hint: (None, None),
            not_found: false,
        }))
    }

    /// True for an error made by [`Error::unplaced`] and not placed since.
    #[inline]
    pub(crate) fn is_unplaced(&self) -> bool {
        self.0.position.line == 0
    }

    /// Places an unplaced error at byte `offset` of `input` (placed errors keep theirs).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    #[cold]
    pub(crate) fn place(mut self, input: &[u8], offset: usize) -> Error {
        if self.is_unplaced() {
            self.0.position = Position::at(input, offset);
        }
        self
    }

    /// The error placed in a larger input of which the one it was found in is the part
    /// starting at `base` (an NDJSON line, a document of a stream): the offset moves by
    /// `base.offset`, the line by `base.line - 1`, and a column on the part's first line
    /// by `base.column - 1`. An unplaced error stays unplaced.
    ///
    /// ```
    /// use json_runtime::{Category, Error, Position};
    /// let e = Error::new(Category::Syntax, b"[1,]", 3, "expected a value");
    /// let e = e.shifted(Position { offset: 100, line: 7, column: 1 });
    /// assert_eq!((e.offset(), e.line(), e.column()), (103, 7, 4));
    /// ```
    #[cold]
    pub fn shifted(mut self, base: Position) -> Error {
        if self.is_unplaced() {
            return self;
        }
        shift(&mut self.0.position, base);
        if let Some((_, p)) = &mut self.0.decode {
            shift(p, base);
        }
        if let Some(p) = &mut self.0.serde_json_hint.1 {
            shift(p, base);
        }
        self
    }

    /// serde_json's words for this error, where the decoder's message alone does not
    /// say which they are (`[` then the end: "EOF while parsing a list"; `[1,]`:
    /// "trailing comma"). Used by [`Error::serde_json_style`].
    #[cold]
    pub(crate) fn serde_json_words(mut self, message: &'static str) -> Error {
        self.0.serde_json_hint.0 = Some(message);
        self
    }

    /// Byte `offset` of `input` is where serde_json places this error: the byte its
    /// parser stands on when it notices (a literal's first byte that does not match, a
    /// leading zero's second digit). Used by [`Error::serde_json_style`], as is, with
    /// no end-of-input rule.
    #[cold]
    pub(crate) fn serde_json_place(mut self, input: &[u8], offset: usize) -> Error {
        self.0.serde_json_hint.1 = Some(Position::at(input, offset));
        self
    }

    /// What kind of problem this is.
    #[inline]
    pub fn classify(&self) -> Category {
        self.0.category
    }

    /// Byte offset of the problem in the input.
    #[inline]
    pub fn offset(&self) -> usize {
        self.0.position.offset
    }

    /// Line of the problem, from 1 (0 for an error tied to no input, e.g. one from
    /// serialization).
    #[inline]
    pub fn line(&self) -> usize {
        self.0.position.line
    }

    /// Column of the problem, from 1, in characters.
    #[inline]
    pub fn column(&self) -> usize {
        self.0.position.column
    }

    /// Offset, line and column together.
    #[inline]
    pub fn position(&self) -> Position {
        self.0.position
    }

    /// The message without the position, e.g. `expected ',' or '}' after an object member`.
    #[inline]
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The decoder's own message, as `decode` words it (`expected ',' or ']' after an
    /// array element`), also for an error that the serde API words as serde_json does
    /// (`expected `,` or `]``, the [`message`](Error::message) then).
    #[inline]
    pub fn decode_message(&self) -> &str {
        self.0.decode.as_ref().map_or(&self.0.message, |(m, _)| m)
    }

    /// A [`Category::Data`] error at byte `offset` of `input` saying that a lazy
    /// lookup's path is not there ([`Error::is_not_found`]).
    #[cold]
    pub fn not_found(input: &[u8], offset: usize, message: impl Into<Cow<'static, str>>) -> Error {
        let mut e = Error::new(Category::Data, input, offset, message);
        e.0.not_found = true;
        e
    }

    /// True when a lazy lookup (`jsonlex::get`) found no value at its path: a missing
    /// key, an index past the end, a key asked of an array or a scalar.
    #[inline]
    pub fn is_not_found(&self) -> bool {
        self.0.not_found
    }

    /// True when the input ended too early (more input could make it valid).
    #[inline]
    pub fn is_eof(&self) -> bool {
        self.0.category == Category::Eof
    }

    /// True when reading the input or writing the output failed (serde_json's
    /// `Category::Io`).
    #[inline]
    pub fn is_io(&self) -> bool {
        self.0.category == Category::Io
    }

    /// True when the input is not JSON (serde_json's `Category::Syntax`: here
    /// [`Category::Syntax`], [`Utf8`](Category::Utf8), [`Escape`](Category::Escape),
    /// [`Depth`](Category::Depth) and [`Number`](Category::Number)).
    #[inline]
    pub fn is_syntax(&self) -> bool {
        matches!(
            self.0.category,
            Category::Syntax | Category::Utf8 | Category::Escape | Category::Depth | Category::Number
        )
    }

    /// True when the JSON is well-formed but does not fit the type asked for, or a
    /// value cannot be written as JSON (serde_json's `Category::Data`).
    #[inline]
    pub fn is_data(&self) -> bool {
        self.0.category == Category::Data
    }

    /// The kind of the I/O error behind an [`is_io`](Error::is_io) error, if known.
    #[inline]
    pub fn io_error_kind(&self) -> Option<std::io::ErrorKind> {
        self.0.io_kind
    }

    /// An I/O error: category [`Category::Io`], `error`'s kind kept for
    /// `From<Error> for io::Error`.
    #[cold]
    pub(crate) fn io(position: Position, error: &std::io::Error, message: String) -> Error {
        Error(Box::new(Inner {
            category: Category::Io,
            position,
            message: message.into(),
            io_kind: Some(error.kind()),
            serde_json: false,
            decode: None,
            serde_json_hint: (None, None),
            not_found: false,
        }))
    }
}

impl Error {
    /// The error in serde_json's terms, as the serde API reports it: its words for
    /// the same kind of problem (`expected `,` or `]``, `EOF while parsing a list`,
    /// `trailing characters`, ...), its position rule (the last byte read: at the end
    /// of input one column before the end, after a line break column 0 of the next
    /// line) and its `Display` (`... at line L column C`). Applied once.
    #[cold]
    pub fn serde_json_style(mut self) -> Error {
        if self.0.serde_json {
            return self;
        }
        self.0.serde_json = true;
        if self.is_unplaced() {
            return self;
        }
        let inner = &mut *self.0;
        inner.decode = Some((inner.message.clone(), inner.position));
        let (words, place) = inner.serde_json_hint;
        if let Some(p) = place {
            inner.position = p;
        } else if inner.category == Category::Eof {
            inner.position.column = inner.position.column.saturating_sub(1);
        }
        if let Some(m) = words.or_else(|| serde_json_message(inner.category, &inner.message)) {
            if m == CONTROL && inner.message.starts_with("control character U+000A") {
                inner.position.line += 1;
                inner.position.column = 0;
            }
            inner.message = Cow::Borrowed(m);
        }
        self
    }
}

impl Error {
    /// The error as the decoder words and places it (`decode`, `decode_stream`), undoing
    /// [`Error::serde_json_style`].
    #[cold]
    pub fn decode_style(mut self) -> Error {
        let inner = &mut *self.0;
        inner.serde_json = false;
        if let Some((message, position)) = inner.decode.take() {
            (inner.message, inner.position) = (message, position);
        }
        self
    }

    /// The error of whatever follows a complete document: serde_json's "trailing
    /// characters" (a syntax error, at the same place).
    #[cfg(feature = "serde")]
    #[cold]
    pub(crate) fn trailing_characters(mut self) -> Error {
        // A malformed number right after the value (`1.a`) is said as such, as serde_json does.
        if !matches!(self.0.category, Category::Eof | Category::Number) {
            self.0.category = Category::Syntax;
            self.0.message = Cow::Borrowed("trailing characters");
            self.0.serde_json_hint = (None, None);
        }
        self
    }
}

fn shift(p: &mut Position, base: Position) {
    if p.line == 1 {
        p.column += base.column.saturating_sub(1);
    }
    p.line += base.line.saturating_sub(1);
    p.offset += base.offset;
}

const CONTROL: &str = "control character (\\u0000-\\u001F) found while parsing a string";

/// serde_json's words for one of the decoder's messages (`None`: keep ours; serde's
/// own messages, `invalid type: ...`, pass through).
fn serde_json_message(category: Category, m: &str) -> Option<&'static str> {
    if category == Category::Eof {
        if m.contains("comment") {
            // A dialect's (JSONC, JSON5): serde_json has no words for it.
            return None;
        }
        let m = m.strip_prefix("unexpected end of input: ").unwrap_or(m);
        return Some(if m.contains("string") && !m.contains("key") || m.contains("escape") {
            "EOF while parsing a string"
        } else if m.contains("after an array element") || m.contains("']'") {
            "EOF while parsing a list"
        } else if m.contains("after an object member") || m.contains("after '{'") || m.contains("':'") {
            "EOF while parsing an object"
        } else {
            "EOF while parsing a value"
        });
    }
    Some(match m {
        _ if category == Category::Data || category == Category::Io => return None,
        "expected a value" => "expected value",
        "expected ',' or ']' after an array element" => "expected `,` or `]`",
        "expected ',' or '}' after an object member" => "expected `,` or `}`",
        "expected ':' after an object key" => "expected `:`",
        "expected the end of input after the value" | "expected whitespace or a delimiter after the value" => {
            "trailing characters"
        }
        "number out of range" => "number out of range",
        // serde_json reads the variant's name as a value.
        "expected the variant's name, a string, after '{'" => "expected value",
        "expected a string or an object (an enum)" => "expected value",
        // A tuple or struct read from an array took all it needs and more follows.
        _ if m.ends_with("the type takes no more elements or members") => "trailing characters",
        _ if m.starts_with("expected a string key") => "key must be a string",
        _ if m.starts_with("invalid literal") => "expected ident",
        "invalid number: a leading '+' is not allowed" | "invalid number: expected a digit before '.'" => {
            "expected value"
        }
        _ if m.starts_with("expected `\"` after the number in a key") => "expected `\"`",
        _ if m.starts_with("invalid number") => "invalid number",
        _ if m.starts_with("control character") => CONTROL,
        _ if m.starts_with("invalid UTF-8") => "invalid unicode code point",
        _ if m.starts_with("lone surrogate") => "lone leading surrogate in hex escape",
        _ if m.starts_with("invalid escape") || m.starts_with("invalid `\\u` escape") => "invalid escape",
        _ if m.starts_with("arrays and objects nested deeper") => "recursion limit exceeded",
        _ if m.starts_with("unexpected character") || m.starts_with("unexpected byte") => "expected value",
        _ => return None,
    })
}

/// As serde_json's: an I/O error keeps its kind; the end of input is
/// `UnexpectedEof`; any other error is `InvalidData`. The message is the error's.
impl From<Error> for std::io::Error {
    fn from(e: Error) -> std::io::Error {
        let kind = match e.0.category {
            Category::Io => e.0.io_kind.unwrap_or(std::io::ErrorKind::Other),
            Category::Eof => std::io::ErrorKind::UnexpectedEof,
            _ => std::io::ErrorKind::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0.position.line == 0 {
            return f.write_str(&self.0.message);
        }
        if self.0.serde_json {
            let p = &self.0.position;
            return write!(f, "{} at line {} column {}", self.0.message, p.line, p.column);
        }
        write!(f, "{} at {}", self.0.message, self.0.position)
    }
}

impl core::fmt::Debug for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0.serde_json {
            // serde_json's form: `Error("key must be a string", line: 1, column: 2)`.
            let p = &self.0.position;
            return write!(f, "Error({:?}, line: {}, column: {})", self.0.message, p.line, p.column);
        }
        f.debug_struct("Error")
            .field("category", &self.0.category)
            .field("message", &self.0.message)
            .field("offset", &self.0.position.offset)
            .field("line", &self.0.position.line)
            .field("column", &self.0.position.column)
            .finish()
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_accessors() {
        let input = b"{\n  \"a\": 1,\n  \"b\": 2 3}";
        let e = Error::new(Category::Syntax, input, 21, "expected ',' or '}' after an object member");
        assert_eq!(e.to_string(), "expected ',' or '}' after an object member at line 3, column 10");
        assert_eq!((e.offset(), e.line(), e.column()), (21, 3, 10));
        assert_eq!(e.classify(), Category::Syntax);
        assert_eq!(core::mem::size_of::<Result<crate::Value, Error>>(), 32);
    }
}
