//! The token kinds of the JSON grammar (`json-runtime/grammar/json.lex`) and of its dialects
//! (`grammar/jsonc.lex` uses the same kinds; `grammar/json5.lex` adds the last five).
//!
//! A grammar for a JSON dialect that names this type in its `%token` directive can
//! drive the same decoder: the decoder only looks at these kinds and their spans. The
//! strict parser's loop handles the first thirteen; the dialect kinds take a cold path.

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
    /// JSON5: a string in double or single quotes with at least one backslash, whose
    /// escapes are JSON5's (`\'`, `\v`, `\0`, `\xHH`, line continuations, any other
    /// character standing for itself). The decoder checks them as it unescapes.
    Json5String,
    /// JSON5: a decimal number that is not a JSON number: a leading `+`, or a leading
    /// or trailing decimal point (`+1`, `.5`, `5.`, `-.5e3`).
    LooseNumber,
    /// JSON5: a hexadecimal integer, `[+-]?0[xX][0-9A-Fa-f]+`.
    HexInteger,
    /// JSON5: `Infinity` or `NaN`, with or without a sign.
    NonFinite,
    /// JSON5: an unquoted object key (an ECMAScript IdentifierName): the key is the
    /// span, well-formed UTF-8, verbatim unless it holds `\uXXXX` escapes (the decoder
    /// decodes them and checks that they stand for name characters).
    Identifier,
}

impl JsonToken {
    /// True for the kinds only JSON5 produces (they never come out of a lexer for
    /// strict JSON or JSONC).
    #[inline]
    pub const fn is_json5(self) -> bool {
        matches!(
            self,
            JsonToken::Json5String
                | JsonToken::LooseNumber
                | JsonToken::HexInteger
                | JsonToken::NonFinite
                | JsonToken::Identifier
        )
    }
}
