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
}

impl Error {
    /// An error at byte `offset` of `input` (the line and column are computed here).
    #[cold]
    pub fn new(category: Category, input: &[u8], offset: usize, message: impl Into<Cow<'static, str>>) -> Error {
        Error(Box::new(Inner { category, position: Position::at(input, offset), message: message.into() }))
    }

    /// An error at a position computed elsewhere (a reader's: its buffer does not hold
    /// the whole input).
    #[cold]
    pub(crate) fn at(category: Category, position: Position, message: impl Into<Cow<'static, str>>) -> Error {
        Error(Box::new(Inner { category, position, message: message.into() }))
    }

    /// An error not yet tied to a place in an input (serde's `custom` errors, which
    /// the deserializer places where it stands; serialization errors stay unplaced):
    /// line and column 0, and `Display` writes the message alone.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    #[cold]
    pub(crate) fn unplaced(category: Category, message: impl Into<Cow<'static, str>>) -> Error {
        let position = Position { offset: 0, line: 0, column: 0 };
        Error(Box::new(Inner { category, position, message: message.into() }))
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
        let p = &mut self.0.position;
        if p.line == 1 {
            p.column += base.column.saturating_sub(1);
        }
        p.line += base.line.saturating_sub(1);
        p.offset += base.offset;
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

    /// True when the input ended too early (more input could make it valid).
    #[inline]
    pub fn is_eof(&self) -> bool {
        self.0.category == Category::Eof
    }
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0.position.line == 0 {
            return f.write_str(&self.0.message);
        }
        write!(f, "{} at {}", self.0.message, self.0.position)
    }
}

impl core::fmt::Debug for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
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
