//! Lexer errors to messages a person understands.
//!
//! A [`LexError`] says where the automaton stopped and which rule was still alive;
//! the bytes around that place say what went wrong. (String errors never come here:
//! the decoder re-scans the string byte by byte, which names the exact problem.)

use crate::error::{Category, Error};
use crate::lex::{LexError, Token};
use crate::token::JsonToken;

use super::number::NumError;
use super::options::{DecodeOptions, Dialect, InvalidUtf8};
use super::string::{self, utf8_sequence, Out, StrErrorKind};

/// `tok` is not what the grammar allows here (`None`: the input ended).
#[cold]
pub(crate) fn expected(input: &[u8], tok: Option<Token<JsonToken>>, message: &'static str) -> Error {
    let Some(t) = tok else {
        let e = Error::new(Category::Eof, input, input.len(), format!("unexpected end of input: {message}"));
        // Right after `[` serde_json names the list (after `,` it names the value).
        return match last_structural(input, input.len()) {
            Some(b'[') => e.serde_json_words("EOF while parsing a list"),
            _ => e,
        };
    };
    // `01` lexes as `0` then `1`: a number that starts with a digit right after a
    // number has a leading zero (`1-2` is two numbers, no leading zero).
    if matches!(t.kind, JsonToken::Integer | JsonToken::Float)
        && t.start > 0
        && input.get(t.start).is_some_and(u8::is_ascii_digit)
        && input.get(t.start - 1).is_some_and(u8::is_ascii_digit)
    {
        let e = Error::new(Category::Number, input, t.start - 1, "invalid number: leading zero");
        // serde_json notices at the second digit.
        return e.serde_json_place(input, t.start);
    }
    // JSON5: `0x` without a hex digit lexes as `0` and the name `x`, `1a` as `1` and `a`.
    if matches!(t.kind, JsonToken::Identifier | JsonToken::NonFinite)
        && t.start > 0
        && input.get(t.start - 1).is_some_and(|&b| b.is_ascii_digit() || b == b'.')
    {
        if input[t.start - 1] == b'0' && input.get(t.start).is_some_and(|&b| b | 0x20 == b'x') {
            let category = if t.start + 1 >= input.len() { Category::Eof } else { Category::Number };
            return Error::new(category, input, t.start + 1, "invalid number: expected a hex digit after `0x`");
        }
        if input.get(t.start).is_some_and(|&b| b | 0x20 == b'e') {
            let mut at = t.start + 1;
            if matches!(input.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let category = if at >= input.len() { Category::Eof } else { Category::Number };
            return Error::new(category, input, at, "invalid number: expected a digit in the exponent");
        }
        return Error::new(Category::Number, input, t.start, "invalid number: a letter right after its digits");
    }
    let e = Error::new(Category::Syntax, input, t.start, message);
    // `[1,]`, `{"a": 1,}`: a closer right after a comma.
    if matches!(t.kind, JsonToken::ArrayEnd | JsonToken::ObjectEnd) && last_structural(input, t.start) == Some(b',') {
        return e.serde_json_words("trailing comma");
    }
    e
}

/// The last byte before `end` that is not white space (a structural character when the
/// token before `end` is one: strings, numbers and literals end otherwise).
fn last_structural(input: &[u8], end: usize) -> Option<u8> {
    input[..end.min(input.len())].iter().rev().find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')).copied()
}

/// A number token at `start` that gave no number.
#[cold]
pub(crate) fn number_error(input: &[u8], start: usize, e: NumError) -> Error {
    match e {
        NumError::OutOfRange => Error::new(Category::Number, input, start, "number out of range")
            .serde_json_place(input, start + out_of_range_at(&input[start.min(input.len())..])),
        NumError::Invalid => Error::new(Category::Number, input, start, "invalid number"),
    }
}

/// In the number at the start of `n`: the byte where serde_json finds it out of range,
/// the exponent digit that overflows its `i32` (a nonzero significand, a positive
/// exponent), else the number's last byte (it parses the whole number first).
fn out_of_range_at(n: &[u8]) -> usize {
    let len = n.iter().position(|b| !matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')).unwrap_or(n.len());
    let n = &n[..len];
    let last = len.saturating_sub(1);
    let Some(e) = n.iter().position(|&b| b | 0x20 == b'e') else {
        return last;
    };
    let zero = n[..e].iter().all(|&b| !matches!(b, b'1'..=b'9'));
    let mut i = e + 1;
    let negative = n.get(i) == Some(&b'-');
    if matches!(n.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    if zero || negative {
        return last;
    }
    let mut exp: i32 = 0;
    for (k, &b) in n.iter().enumerate().skip(i) {
        // The exponent's digits end at the first other byte (`1e400-` is the token and
        // a stray `-`, both taken by the scan above): the number ends before it.
        if !b.is_ascii_digit() {
            return k - 1;
        }
        let d = i32::from(b - b'0');
        if exp > (i32::MAX - d) / 10 {
            return k;
        }
        exp = exp * 10 + d;
    }
    last
}

/// A string error of `kind` that the decoder places at `offset` (a backslash, for an
/// escape), with serde_json's words and place where they differ: it reads an escape
/// whole before it judges it, and after a leading surrogate, the escape that follows.
#[cold]
pub(crate) fn string_error_as_serde_json(e: Error, input: &[u8], offset: usize, kind: StrErrorKind) -> Error {
    let at = |k: usize| input.get(offset + k).copied();
    let end = input.len().saturating_sub(1);
    match kind {
        StrErrorKind::InvalidEscape(_) => e.serde_json_place(input, offset + 1),
        StrErrorKind::InvalidUnicodeEscape if offset + 6 <= input.len() => e.serde_json_place(input, offset + 5),
        StrErrorKind::InvalidUnicodeEscape => {
            e.serde_json_words("EOF while parsing a string").serde_json_place(input, end)
        }
        // A trailing surrogate alone: serde_json calls it "leading" too.
        StrErrorKind::LoneSurrogate(0xDC00..=0xDFFF) => e.serde_json_place(input, offset + 5),
        StrErrorKind::LoneSurrogate(_) if at(6) != Some(b'\\') => {
            e.serde_json_words("unexpected end of hex escape").serde_json_place(input, (offset + 6).min(end))
        }
        StrErrorKind::LoneSurrogate(_) if at(7) != Some(b'u') => {
            e.serde_json_words("unexpected end of hex escape").serde_json_place(input, (offset + 7).min(end))
        }
        StrErrorKind::LoneSurrogate(_) => e.serde_json_place(input, (offset + 11).min(end)),
        _ => e,
    }
}

/// Arrays and objects open at `offset` beyond the limit `max`.
#[cold]
pub(crate) fn too_deep(input: &[u8], offset: usize, max: usize) -> Error {
    Error::new(Category::Depth, input, offset, format!("arrays and objects nested deeper than {max} levels"))
}

/// A string token whose `body` is not UTF-8 from byte `offset` on (only from a lexer
/// that does not promise it): the error, or under a lenient [`InvalidUtf8`] mode the
/// repaired and unescaped string in `scratch`.
#[cold]
pub(crate) fn bad_utf8<O: Out>(
    input: &[u8],
    body: &[u8],
    offset: usize,
    options: &DecodeOptions,
    scratch: &mut O,
) -> Result<(), Error> {
    let mode = options.invalid_utf8;
    if mode == InvalidUtf8::Error {
        return Err(Error::new(Category::Utf8, input, offset, "invalid UTF-8 in a string"));
    }
    let mut fixed = Vec::new();
    let _ = string::repair_utf8(body, mode, &mut fixed);
    scratch.clear();
    string::unescape(&fixed, offset, options.lone_surrogate, scratch).map_err(|e| e.into_error(input))
}

/// The lexer matched no token at `e`: `Ok(end)` when it is a string that `options`
/// let the scanner repair (invalid UTF-8 substituted or ignored) into `scratch`, which
/// then holds the decoded string and the caller lexes on from `end`; else the error.
#[cold]
pub(crate) fn repair_or_report<O: Out>(
    input: &[u8],
    e: LexError<JsonToken>,
    options: &DecodeOptions,
    scratch: &mut O,
) -> Result<usize, Error> {
    let dialect = options.dialect;
    let first = input.get(e.start).copied();
    let json5_string = dialect == Dialect::Json5 && matches!(first, Some(b'"' | b'\''));
    if first == Some(b'"') || json5_string {
        let (invalid, lone) = (options.invalid_utf8, options.lone_surrogate);
        scratch.clear();
        let scanned = if json5_string {
            string::scan_json5_string(input, e.start, invalid, lone, scratch)
        } else {
            string::scan_string(input, e.start, invalid, lone, scratch)
        };
        match scanned {
            Ok(end) if invalid != InvalidUtf8::Error => return Ok(end),
            // The scanner accepts what the lexer did not: report the lexer's view.
            Ok(_) => {}
            Err(se) => return Err(se.into_error(input)),
        }
    }
    Err(dialect_lex_error(input, e, dialect))
}

/// [`lex_error`], knowing the dialect: comments, and JSON5's tokens.
#[cold]
pub(crate) fn dialect_lex_error(input: &[u8], e: LexError<JsonToken>, dialect: Dialect) -> Error {
    if let Some(error) = comment_error(input, e.start, dialect) {
        return error;
    }
    match dialect {
        Dialect::Json5 => json5_lex_error(input, e),
        Dialect::Json | Dialect::Jsonc => lex_error(input, e),
    }
}

/// A lexer error at `start` where a comment starts: in strict JSON, that comments need
/// a dialect; else what is wrong with the comment (the lexer skips well-formed ones).
fn comment_error(input: &[u8], start: usize, dialect: Dialect) -> Option<Error> {
    let rest = input.get(start..)?;
    let block = rest.starts_with(b"/*");
    if !block && !rest.starts_with(b"//") {
        if dialect != Dialect::Json && rest.starts_with(b"/") {
            let message = "unexpected character `/` (a comment starts with `//` or `/*`)";
            return Some(Error::new(Category::Syntax, input, start, message));
        }
        return None;
    }
    if dialect == Dialect::Json {
        let message =
            "comments are not allowed in strict JSON: use the JSONC dialect (`--dialect jsonc`, `jsonlex::jsonc`)";
        return Some(Error::new(Category::Syntax, input, start, message));
    }
    // The comment's text: to its end, or (unterminated) to the end of the input.
    let (text_end, terminated) = if block {
        match rest[2..].windows(2).position(|w| w == b"*/") {
            Some(p) => (start + 2 + p, true),
            None => (input.len(), false),
        }
    } else {
        (start + rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len()), true)
    };
    let mut i = start + 2;
    while i < text_end {
        if input[i] < 0x80 {
            i += 1;
            continue;
        }
        match utf8_sequence(&input[i..text_end]) {
            Ok(n) => i += n,
            Err(_) => {
                let message = format!("invalid UTF-8 in a comment (byte 0x{:02X})", input[i]);
                return Some(Error::new(Category::Utf8, input, i, message));
            }
        }
    }
    if !terminated {
        return Some(Error::new(Category::Eof, input, start, "unterminated block comment (no `*/` after it)"));
    }
    None
}

/// A JSON5 token the lexer could not match (outside strings and comments).
fn json5_lex_error(input: &[u8], e: LexError<JsonToken>) -> Error {
    let offset = e.offset.min(input.len());
    let at_end = offset >= input.len();
    let eof_or = |category: Category| if at_end { Category::Eof } else { category };
    let Some(&first) = input.get(e.start) else {
        return unexpected(input, offset);
    };
    match first {
        b'+' | b'-' | b'.' | b'0'..=b'9' if offset > e.start => {
            let token = &input[e.start..offset];
            let prev = input[offset - 1];
            let message = if matches!(token, [b'+' | b'-', b'I' | b'N', ..]) {
                if token[1] == b'I' {
                    "invalid literal: expected `Infinity`"
                } else {
                    "invalid literal: expected `NaN`"
                }
            } else if token.len() >= 2 && token[token.len() - 1] | 0x20 == b'x' && token[token.len() - 2] == b'0' {
                "invalid number: expected a hex digit after `0x`"
            } else if matches!(prev, b'e' | b'E') || (matches!(prev, b'+' | b'-') && token.len() > 1) {
                "invalid number: expected a digit in the exponent"
            } else if prev == b'.' {
                "invalid number: expected a digit after '.'"
            } else if matches!(prev, b'+' | b'-') {
                "invalid number: expected a digit, `Infinity` or `NaN` after the sign"
            } else {
                "invalid number"
            };
            if message.starts_with("invalid literal") {
                return Error::new(eof_or(Category::Syntax), input, e.start, message);
            }
            Error::new(eof_or(Category::Number), input, offset, message)
        }
        b'.' => Error::new(eof_or(Category::Number), input, offset, "invalid number: expected a digit after '.'"),
        b'I' | b'N' if offset > e.start => {
            let word = if first == b'I' { "Infinity" } else { "NaN" };
            Error::new(eof_or(Category::Syntax), input, e.start, format!("invalid literal: expected `{word}`"))
        }
        b'\\' => Error::new(
            eof_or(Category::Escape),
            input,
            e.start,
            "invalid `\\u` escape in an unquoted key: expected four hex digits",
        ),
        _ if offset > e.start && input[e.start..offset].contains(&b'\\') => Error::new(
            eof_or(Category::Escape),
            input,
            offset,
            "invalid `\\u` escape in an unquoted key: expected four hex digits",
        ),
        // A character no name may have there: the lexer stopped inside it.
        _ => unexpected(input, char_start(input, e.start, offset)),
    }
}

/// The start of the well-formed UTF-8 character around `offset` (not before `start`),
/// or `offset` if it is inside none.
fn char_start(input: &[u8], start: usize, offset: usize) -> usize {
    (offset.saturating_sub(3).max(start)..offset)
        .find(|&i| input[i] >= 0xC0 && utf8_sequence(&input[i..]).is_ok_and(|n| i + n > offset))
        .unwrap_or(offset)
}

/// The error for a token the lexer could not match (outside strings).
#[cold]
pub(crate) fn lex_error(input: &[u8], e: LexError<JsonToken>) -> Error {
    let offset = e.offset.min(input.len());
    match input.get(e.start) {
        Some(b'-' | b'0'..=b'9') if offset > e.start => number(input, offset),
        Some(&first @ (b't' | b'f' | b'n')) if offset > e.start => {
            let word = match first {
                b't' => "true",
                b'f' => "false",
                _ => "null",
            };
            if offset >= input.len() {
                Error::new(Category::Eof, input, offset, format!("unexpected end of input in `{word}`"))
            } else {
                // serde_json notices at the first byte that does not match.
                let differs = word.bytes().zip(&input[e.start..]).position(|(a, &b)| a != b);
                Error::new(Category::Syntax, input, e.start, format!("invalid literal: expected `{word}`"))
                    .serde_json_place(input, e.start + differs.unwrap_or(offset - e.start))
            }
        }
        _ => unexpected(input, offset),
    }
}

/// A number the lexer gave up on at `offset` (the first byte it could not take).
fn number(input: &[u8], offset: usize) -> Error {
    if offset >= input.len() {
        return Error::new(Category::Eof, input, offset, "unexpected end of input in a number");
    }
    let prev = input[offset - 1];
    let before = offset.checked_sub(2).map(|i| input[i]);
    let message = match prev {
        b'+' | b'-' if matches!(before, Some(b'e' | b'E')) => "invalid number: expected a digit in the exponent",
        b'e' | b'E' => "invalid number: expected a digit in the exponent",
        b'-' => "invalid number: expected a digit after '-'",
        b'.' => "invalid number: expected a digit after '.'",
        _ => "invalid number",
    };
    Error::new(Category::Number, input, offset, message)
}

/// A byte no token can start with (or continue, for a lexer that gives back the
/// longest match before failing: `1.` lexes as `1` and then an unexpected `.`).
fn unexpected(input: &[u8], offset: usize) -> Error {
    let Some(&b) = input.get(offset) else {
        return Error::new(Category::Eof, input, offset, "unexpected end of input");
    };
    let prev_digit = offset > 0 && input[offset - 1].is_ascii_digit();
    let next_digit = input.get(offset + 1).is_some_and(u8::is_ascii_digit);
    // A lexer that gives back the longest match stops at the '.' or 'e' of `1.` or
    // `1e+`; point where the digit is missing, as a lexer that does not would.
    if prev_digit && ((b == b'.' && !next_digit) || b | 0x20 == b'e') {
        let mut at = offset + 1;
        let message = if b == b'.' {
            "invalid number: expected a digit after '.'"
        } else {
            if matches!(input.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            "invalid number: expected a digit in the exponent"
        };
        let category = if at >= input.len() { Category::Eof } else { Category::Number };
        return Error::new(category, input, at, message);
    }
    let (category, message) = match b {
        b'.' if next_digit => (Category::Number, "invalid number: expected a digit before '.'".to_string()),
        b'+' => (Category::Number, "invalid number: a leading '+' is not allowed".to_string()),
        0xEF if offset == 0 && input.starts_with(b"\xEF\xBB\xBF") => {
            (Category::Syntax, "unexpected byte order mark (U+FEFF)".to_string())
        }
        b'\'' => (Category::Syntax, "unexpected character `'` (strings take double quotes)".to_string()),
        0x00..=0x1F | 0x7F => (Category::Syntax, format!("unexpected control character U+{b:04X}")),
        0x20..=0x7E => (Category::Syntax, format!("unexpected character `{}`", b as char)),
        _ => match utf8_sequence(&input[offset..]) {
            Ok(n) => {
                let c = core::str::from_utf8(&input[offset..offset + n]).unwrap_or("\u{FFFD}");
                (Category::Syntax, format!("unexpected character `{c}`"))
            }
            Err(_) => (Category::Utf8, format!("unexpected byte 0x{b:02X} (not UTF-8)")),
        },
    };
    Error::new(category, input, offset, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str, start: usize, offset: usize, partial: Option<JsonToken>) -> (Category, String) {
        let e = lex_error(input.as_bytes(), LexError { start, offset, partial });
        (e.classify(), e.to_string())
    }

    #[test]
    fn messages() {
        use JsonToken::*;
        assert_eq!(
            err("[-x]", 1, 2, Some(Integer)),
            (Category::Number, "invalid number: expected a digit after '-' at line 1, column 3".into())
        );
        assert_eq!(err("1.x", 0, 2, Some(Float)).1, "invalid number: expected a digit after '.' at line 1, column 3");
        assert_eq!(err("1.x", 1, 1, None).1, "invalid number: expected a digit after '.' at line 1, column 3");
        assert_eq!(
            err("1e+]", 0, 3, Some(Float)).1,
            "invalid number: expected a digit in the exponent at line 1, column 4"
        );
        assert_eq!(err("1e", 1, 1, None).0, Category::Eof);
        assert_eq!(err("1ex", 1, 1, None).0, Category::Number);
        assert_eq!(err("[1.", 1, 3, Some(Float)).0, Category::Eof);
        assert_eq!(err("tru", 0, 3, Some(True)).0, Category::Eof);
        assert_eq!(err("[nul1]", 1, 4, Some(Null)).1, "invalid literal: expected `null` at line 1, column 2");
        assert_eq!(err("[x]", 1, 1, None).1, "unexpected character `x` at line 1, column 2");
        assert_eq!(err("\u{FEFF}{}", 0, 0, None).1, "unexpected byte order mark (U+FEFF) at line 1, column 1");
        assert_eq!(err("[é]", 1, 1, None).1, "unexpected character `é` at line 1, column 2");
        assert_eq!(err("+1", 0, 0, None).0, Category::Number);
        assert_eq!(err("\u{1}", 0, 0, None).1, "unexpected control character U+0001 at line 1, column 1");
    }

    #[test]
    fn out_of_range_stops_at_the_exponents_last_digit() {
        // The scan takes number-like bytes after the token too; none of them is a digit
        // of the exponent (this subtracted with overflow on `-` and `.`).
        assert_eq!(out_of_range_at(b"1e400-"), 4);
        assert_eq!(out_of_range_at(b"1e9999999999.5"), 11);
        assert_eq!(out_of_range_at(b"1e+e"), 2);
        assert_eq!(out_of_range_at(b"1e400"), 4);
    }
}
