//! What the value-producing C lexers share (c_values.lex, the logos derive
//! [`crate::logos_values`] and re2rust's re2c/derived/c_values.re): the user state (an
//! interner and a line count), the error type, and the parsing of C's integers,
//! character constants and floats. Each lexer calls these same functions from its
//! callbacks (actions), so that the three do the same work per token.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a, so that interning costs what a lexer's caller would pay (std's SipHash
/// would dominate a token's cost); the same in all three lexers.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The lexers' user state: identifiers interned to numbers (in order of first
/// appearance), and the number of newlines seen (in Newline tokens, comments and string
/// literals: c.re keeps its line number the same way).
#[derive(Default)]
pub struct CState {
    pub names: HashMap<Box<[u8]>, u32, BuildHasherDefault<Fnv>>,
    pub lines: usize,
}

impl CState {
    /// The number of `name`, a new one for a name not seen before.
    #[inline]
    pub fn intern(&mut self, name: &[u8]) -> u32 {
        if let Some(&id) = self.names.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.insert(name.into(), id);
        id
    }
}

/// The value lexers' error: c.re's messages, a value that does not parse, or (jsonlex's
/// own) a lexing error without a message.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum CError {
    /// An error rule (c.re's `input.error("...")`).
    Message(&'static str),
    /// An integer constant that does not fit in a u64.
    IntOverflow,
    /// A float constant that Rust's parser rejects.
    BadFloat,
    /// Another lexing error (none on c.re's rules, which take every byte).
    #[default]
    Other,
}

impl From<json_runtime::lex::TokenError> for CError {
    fn from(e: json_runtime::lex::TokenError) -> CError {
        match e.message {
            Some(message) => CError::Message(message),
            None => CError::Other,
        }
    }
}

/// The newlines in `text`.
#[inline]
pub fn count_lines(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b == b'\n').count()
}

/// A C integer constant (`0x1F`, `0777`, `42`, with its `u`/`l` suffixes).
#[inline]
pub fn parse_int(text: &[u8]) -> Result<u64, CError> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'u' | b'U' | b'l' | b'L') {
        end -= 1;
    }
    let (digits, radix) = match &text[..end] {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        all => (all, 10),
    };
    let mut value: u64 = 0;
    for &b in digits {
        let digit = (b as char).to_digit(radix).unwrap_or(0) as u64;
        value = value.checked_mul(radix as u64).and_then(|v| v.checked_add(digit)).ok_or(CError::IntOverflow)?;
    }
    Ok(value)
}

/// A character constant's value (`'a'`, `L'\n'`, `'\x41'`, `'\101'`): its first
/// character or escape (as a C compiler does for one character; a multi-character
/// constant takes its first).
#[inline]
pub fn parse_char(text: &[u8]) -> u64 {
    let quote = text.iter().position(|&b| b == b'\'').unwrap_or(0);
    let body = &text[quote + 1..];
    match body {
        [b'\\', b'x', rest @ ..] => rest
            .iter()
            .take_while(|b| b.is_ascii_hexdigit())
            .fold(0u64, |v, &b| v.wrapping_mul(16).wrapping_add((b as char).to_digit(16).unwrap_or(0) as u64)),
        [b'\\', b'0'..=b'7', ..] => body[1..]
            .iter()
            .take(3)
            .take_while(|b| (b'0'..=b'7').contains(b))
            .fold(0u64, |v, &b| v * 8 + (b - b'0') as u64),
        [b'\\', e, ..] => match e {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            other => *other as u64,
        },
        _ => {
            let len = match body.first() {
                Some(0xF0..) => 4,
                Some(0xE0..) => 3,
                Some(0xC0..) => 2,
                _ => 1,
            };
            std::str::from_utf8(&body[..len.min(body.len())])
                .ok()
                .and_then(|s| s.chars().next())
                .map_or(body.first().copied().unwrap_or(0) as u64, |c| c as u64)
        }
    }
}

/// A C floating constant (`1e10`, `.5f`, `5.`, `0x1.8p1`), its `f`/`l` suffix dropped.
#[inline]
pub fn parse_float(text: &[u8]) -> Result<f64, CError> {
    let mut end = text.len();
    if end > 0 && matches!(text[end - 1], b'f' | b'F' | b'l' | b'L') {
        end -= 1;
    }
    let text = &text[..end];
    if let [b'0', b'x' | b'X', rest @ ..] = text {
        return Ok(parse_hex_float(rest));
    }
    // Safe: the lexers' float rules match ASCII only.
    std::str::from_utf8(text).ok().and_then(|s| s.parse().ok()).ok_or(CError::BadFloat)
}

/// `h* . h* p [+-] d+` (the rules guarantee the shape): mantissa times 2^exponent.
fn parse_hex_float(text: &[u8]) -> f64 {
    let (mut mantissa, mut scale, mut i) = (0f64, 0i32, 0);
    let mut after_dot = false;
    while i < text.len() && !matches!(text[i], b'p' | b'P') {
        if text[i] == b'.' {
            after_dot = true;
        } else {
            mantissa = mantissa * 16.0 + (text[i] as char).to_digit(16).unwrap_or(0) as f64;
            if after_dot {
                scale -= 4;
            }
        }
        i += 1;
    }
    let exp: i32 = std::str::from_utf8(&text[(i + 1).min(text.len())..]).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    mantissa * 2f64.powi(exp + scale)
}

/// What the benchmark checks the three value lexers agree on: the number of tokens and
/// errors, a checksum of the values, the names interned and the lines counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub tokens: usize,
    pub errors: usize,
    pub checksum: u64,
    pub names: usize,
    pub lines: usize,
}

impl Summary {
    /// A token whose value is `value` (0 for a kind without one).
    #[inline]
    pub fn token(&mut self, value: u64) {
        self.tokens += 1;
        self.checksum = self.checksum.rotate_left(5) ^ value;
    }

    pub fn finish(mut self, names: usize, lines: usize) -> Summary {
        self.names = names;
        self.lines = lines;
        self
    }
}
