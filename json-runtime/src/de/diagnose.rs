//! Lexer errors to messages a person understands.
//!
//! A [`LexError`] says where the automaton stopped and which rule was still alive;
//! the bytes around that place say what went wrong. (String errors never come here:
//! the decoder re-scans the string byte by byte, which names the exact problem.)

use crate::error::{Category, Error};
use crate::json::JsonToken;
use crate::lex::LexError;

use super::string::utf8_sequence;

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
                Error::new(Category::Syntax, input, e.start, format!("invalid literal: expected `{word}`"))
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
}
