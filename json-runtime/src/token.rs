//! The token kinds of the JSON grammar (`grammar/json.lex`).
//!
//! A grammar for a JSON dialect that names this type in its `%token` directive can
//! drive the same decoder: the decoder only looks at these kinds and their spans.

/// A JSON token, as classified by the generated lexer.
///
/// The lexer does more than delimit: a string token has already been checked for
/// well-formed UTF-8 and valid escapes, and strings and numbers come in two kinds each
/// so that the decoder knows without looking whether it can copy a string in one piece
/// or keep a number as an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JsonToken {
    /// `{`
    ObjectStart,
    /// `}`
    ObjectEnd,
    /// `[`
    ArrayStart,
    /// `]`
    ArrayEnd,
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `true`
    True,
    /// `false`
    False,
    /// `null`
    Null,
    /// A number without fraction or exponent: `-?(0|[1-9][0-9]*)`.
    Integer,
    /// A number with a fraction, an exponent or both.
    Float,
    /// A string with no backslash: its body is the span less the quotes, verbatim.
    String,
    /// A string with at least one (valid) escape sequence.
    EscapedString,
}
