//! The grammar's tokens. Literals and classes are decoded here (escapes included), so
//! that an error inside one points at the exact escape or character at fault.

use crate::diagnostic::{Diagnostic, DiagnosticKind};

use super::Spans;

/// The largest count `{n}`, `{n,}` or `{n,m}` accepts: larger ones blow up the DFA.
pub(super) const MAX_REPEAT: u32 = 1000;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// `[A-Za-z_][A-Za-z0-9_]*`
    Ident(String),
    /// `%name`: the identifier after `%`.
    Directive(String),
    /// `"..."` or `'...'` (then `fold` is true), decoded to bytes.
    Str {
        bytes: Vec<u8>,
        fold: bool,
    },
    /// `[...]` or `[^...]`, as written: the parser lowers it to bytes or characters
    /// once it knows the grammar's `%encoding`.
    Class(RawClass),
    /// `\p{Name}` or `\P{Name}` outside a class.
    Property(Property),
    /// A bare `\xHH` outside quotes.
    Byte(u8),
    /// `{n}`, `{n,}`, `{n,m}`.
    Repeat {
        min: u32,
        max: Option<u32>,
    },
    Eq,
    Semi,
    FatArrow,
    Arrow,
    Lt,
    Gt,
    Comma,
    Star,
    Plus,
    Question,
    Pipe,
    LParen,
    RParen,
    Dot,
    Dollar,
    /// `\` with no `xHH` right after: class difference.
    Backslash,
    ColonColon,
    /// Rust code: the type of `%value`, `%extras` and `%error` (up to the `;`), or what
    /// the parentheses hold after a rule's action (`=> Int(parse_int)`). The text
    /// is the token's span of the source, trimmed.
    Code,
    /// A character that starts no token; the parser says what it expected instead.
    Other(char),
    /// Something the lexer already reported (an unterminated string, a bad escape).
    Error,
    Eof,
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

/// What an escape stands for.
enum Escaped {
    /// One byte whatever the encoding: `\xHH`, `\ooo`.
    Byte(u8),
    /// A character: `\n`, `\\`, ..., `\uHHHH`, `\u{H..}`, `\UHHHHHHHH`.
    Char(char),
    /// `\p{Name}`, `\P{Name}`: only a class can hold one.
    Property(Property),
}

/// A class as written, before the encoding is known.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RawClass {
    /// `[^...]`.
    pub negated: bool,
    pub items: Vec<ClassItem>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum ClassItem {
    One(Member),
    /// `lo-hi`, not yet checked for order (that depends on the encoding).
    Range(Member, Member),
    Property(Property),
}

/// One member of a class, with where it was written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Member {
    pub value: MemberValue,
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum MemberValue {
    /// `\xHH` or `\ooo`: a byte.
    Byte(u8),
    /// A character written as itself, or a character escape (`\n`, `\u00E9`).
    Char(char),
}

/// `\p{Name}` (or `\P{Name}` when `negated`): a Unicode property, looked up by the
/// parser.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Property {
    pub name: String,
    pub negated: bool,
    pub start: usize,
    pub end: usize,
}

pub(super) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    spans: &'a Spans<'a>,
    pub diags: Vec<Diagnostic>,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str, spans: &'a Spans<'a>) -> Self {
        Lexer { src, pos: 0, spans, diags: Vec::new() }
    }

    /// All tokens, ending with one `Eof`.
    pub fn tokenize(mut self) -> (Vec<Token>, Vec<Diagnostic>) {
        let mut out = Vec::new();
        loop {
            self.skip_trivia();
            let start = self.pos;
            if let Some(code) = self.host_code(&out) {
                out.push(code);
                continue;
            }
            let tok = self.next_token();
            let done = tok == Tok::Eof;
            out.push(Token { tok, start, end: self.pos });
            if done {
                return (out, self.diags);
            }
        }
    }

    /// Rust code where the grammar holds some (see [`Tok::Code`]), read as one token:
    /// the grammar's own tokens (its `'...'` literals, its comments) mean nothing there.
    fn host_code(&mut self, before: &[Token]) -> Option<Token> {
        let directive = matches!(before.last(), Some(Token { tok: Tok::Directive(d), .. }) if ["value", "extras", "error"].contains(&d.as_str()));
        let after_action = before.len() >= 2
            && matches!(before[before.len() - 2].tok, Tok::FatArrow)
            && matches!(before[before.len() - 1].tok, Tok::Ident(_))
            && self.peek() == Some('(');
        if !directive && !after_action {
            return None;
        }
        let open = self.pos;
        if after_action {
            self.pos += 1;
        }
        let body = self.pos;
        let mut depth = 0usize;
        let end = loop {
            let Some(c) = self.peek() else {
                let what = if after_action { "')' to close the action's '('" } else { "';' after the type" };
                self.error(open, self.pos, format!("unterminated Rust code: expected {what}"));
                return Some(Token { tok: Tok::Error, start: open, end: self.pos });
            };
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' if after_action && depth == 0 => {
                    let end = self.pos;
                    self.pos += 1;
                    break end;
                }
                ';' if !after_action && depth == 0 => break self.pos,
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                '"' => {
                    self.rust_string();
                    continue;
                }
                '\'' => {
                    // A char literal ('x', '\n', '\u{..}'); else a lifetime ('s).
                    let rest = &self.src[self.pos + 1..];
                    let len = if let Some(r) = rest.strip_prefix('\\') {
                        r.char_indices().skip(1).find(|&(_, c)| c == '\'').map(|(i, _)| i + 1)
                    } else {
                        rest.chars().next().filter(|_| rest.chars().nth(1) == Some('\'')).map(|c| c.len_utf8())
                    };
                    self.pos += 1 + len.map_or(0, |l| l + 1);
                    continue;
                }
                _ => {}
            }
            self.pos += c.len_utf8();
        };
        let text = &self.src[body..end];
        let lead = text.len() - text.trim_start().len();
        let (start, end) = (body + lead, body + text.trim_end().len());
        Some(Token { tok: Tok::Code, start, end: end.max(start) })
    }

    /// A Rust string literal from its `"`, escapes included (`\"`).
    fn rust_string(&mut self) {
        self.pos += 1;
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn error(&mut self, start: usize, end: usize, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(DiagnosticKind::Syntax, self.spans.span(start, end), msg));
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Whitespace and comments.
    fn skip_trivia(&mut self) {
        loop {
            let rest = &self.src[self.pos..];
            if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
                self.pos += c.len_utf8();
            } else if rest.starts_with("//") {
                self.pos += rest.find('\n').unwrap_or(rest.len());
            } else if let Some(body) = rest.strip_prefix("/*") {
                match body.find("*/") {
                    Some(i) => self.pos += 2 + i + 2,
                    None => {
                        let start = self.pos;
                        self.pos = self.src.len();
                        self.error(start, start + 2, "unterminated comment: '/*' has no closing '*/'");
                    }
                }
            } else {
                return;
            }
        }
    }

    fn next_token(&mut self) -> Tok {
        let start = self.pos;
        let Some(c) = self.bump() else {
            return Tok::Eof;
        };
        match c {
            'A'..='Z' | 'a'..='z' | '_' => Tok::Ident(self.ident_rest(start)),
            '%' => {
                if matches!(self.peek(), Some('A'..='Z' | 'a'..='z' | '_')) {
                    let name_start = self.pos;
                    Tok::Directive(self.ident_rest(name_start))
                } else {
                    Tok::Other('%')
                }
            }
            '"' => self.string('"', false),
            '\'' => self.string('\'', true),
            '[' => self.class(start),
            '{' => {
                if matches!(self.peek(), Some('0'..='9')) {
                    self.repeat(start)
                } else {
                    Tok::Other('{')
                }
            }
            '\\' => {
                let hex = |c: Option<char>| c.is_some_and(|c| c.is_ascii_hexdigit());
                if self.peek() == Some('x') && hex(self.peek_at(1)) && hex(self.peek_at(2)) {
                    let digits = &self.src[self.pos + 1..self.pos + 3];
                    self.pos += 3;
                    Tok::Byte(u8::from_str_radix(digits, 16).unwrap())
                } else if matches!(self.peek(), Some('p' | 'P'))
                    && self.peek_at(1) == Some('{')
                    && self.peek_at(2).is_some_and(|c| c.is_ascii_alphabetic())
                {
                    // A property name starts with a letter, so `a \ p{2}` (a difference
                    // with a repetition) keeps its meaning.
                    let negated = self.bump() == Some('P');
                    match self.property(start, negated) {
                        Some(p) => Tok::Property(p),
                        None => Tok::Error,
                    }
                } else {
                    Tok::Backslash
                }
            }
            '=' => {
                if self.eat('>') {
                    Tok::FatArrow
                } else {
                    Tok::Eq
                }
            }
            '-' => {
                if self.eat('>') {
                    Tok::Arrow
                } else {
                    Tok::Other('-')
                }
            }
            ':' => {
                if self.eat(':') {
                    Tok::ColonColon
                } else {
                    Tok::Other(':')
                }
            }
            ';' => Tok::Semi,
            '<' => Tok::Lt,
            '>' => Tok::Gt,
            ',' => Tok::Comma,
            '*' => Tok::Star,
            '+' => Tok::Plus,
            '?' => Tok::Question,
            '|' => Tok::Pipe,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            '.' => Tok::Dot,
            '$' => Tok::Dollar,
            other => Tok::Other(other),
        }
    }

    fn ident_rest(&mut self, start: usize) -> String {
        while matches!(self.peek(), Some('A'..='Z' | 'a'..='z' | '0'..='9' | '_')) {
            self.pos += 1;
        }
        self.src[start..self.pos].to_string()
    }

    /// After the opening quote.
    fn string(&mut self, quote: char, fold: bool) -> Tok {
        let open = self.pos - 1;
        let mut bytes = Vec::new();
        let mut ok = true;
        loop {
            let at = self.pos;
            match self.peek() {
                None | Some('\n') => {
                    self.error(
                        open,
                        self.pos,
                        format!(
                            "unterminated string: no closing {quote} on this line \
                             (a literal cannot span lines: write \\n for a newline)"
                        ),
                    );
                    return Tok::Error;
                }
                Some(c) if c == quote => {
                    self.pos += 1;
                    break;
                }
                Some('\\') => match self.escape() {
                    Some(Escaped::Byte(b)) => bytes.push(b),
                    Some(Escaped::Char(c)) => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    Some(Escaped::Property(p)) => {
                        let text = &self.src[p.start..p.end];
                        self.error(
                            p.start,
                            p.end,
                            format!(
                                "a property like '{text}' matches one of many characters, so it cannot be \
                                 part of a literal: write it outside the quotes, or in a class"
                            ),
                        );
                        ok = false;
                    }
                    None => ok = false,
                },
                Some(c) => {
                    self.pos = at + c.len_utf8();
                    bytes.extend_from_slice(&self.src.as_bytes()[at..self.pos]);
                }
            }
        }
        if ok {
            Tok::Str { bytes, fold }
        } else {
            Tok::Error
        }
    }

    /// At a backslash inside a literal or class. Reports bad escapes itself.
    fn escape(&mut self) -> Option<Escaped> {
        let start = self.pos;
        self.pos += 1; // the backslash
        let c = match self.peek() {
            // Leave the end of the line to the caller, which reports the unterminated
            // literal or class.
            None | Some('\n') => return None,
            Some(_) => self.bump().unwrap(),
        };
        // The ASCII character a one-letter escape stands for.
        let ascii = match c {
            'p' | 'P' => {
                if self.peek() != Some('{') {
                    self.error(start, self.pos, format!("\\{c} takes a property name in braces, as in \\{c}{{L}}"));
                    return None;
                }
                return self.property(start, c == 'P').map(Escaped::Property);
            }
            'n' => b'\n',
            't' => b'\t',
            'r' => b'\r',
            'f' => 0x0C,
            'v' => 0x0B,
            'a' => 0x07,
            'b' => 0x08,
            '\\' | '"' | '\'' | ']' | '[' | '-' | '^' | '/' => c as u8,
            'x' => return self.hex_escape(start, 2, "\\x takes two hex digits, as in \\x0A"),
            'u' if self.peek() == Some('{') => return self.braced_escape(start),
            'u' => return self.hex_escape(start, 4, "\\u takes four hex digits, as in \\u00E9 (or write \\u{E9})"),
            'U' => return self.hex_escape(start, 8, "\\U takes eight hex digits, as in \\U0001F600"),
            '0'..='7' => {
                let octal = |c: Option<char>| matches!(c, Some('0'..='7'));
                if octal(self.peek()) && octal(self.peek_at(1)) {
                    self.pos += 2;
                    let value = u32::from_str_radix(&self.src[start + 1..self.pos], 8).unwrap();
                    match u8::try_from(value) {
                        Ok(b) => return Some(Escaped::Byte(b)),
                        Err(_) => {
                            self.error(
                                start,
                                self.pos,
                                format!(
                                    "octal escape '{}' is above \\377 (255), \
                                     which is not a byte",
                                    &self.src[start..self.pos]
                                ),
                            );
                            return None;
                        }
                    }
                } else if c == '0' {
                    0
                } else {
                    self.error(
                        start,
                        self.pos,
                        "an octal escape takes three digits, as in \\012 (or write \\0 for NUL)",
                    );
                    return None;
                }
            }
            other => {
                self.error(
                    start,
                    self.pos,
                    format!(
                        "unknown escape '\\{other}' (known: \\n \\t \\r \\f \\v \\a \\b \\0 \
                         \\\\ \\\" \\' \\[ \\] \\- \\^ \\/ \\xHH \\ooo \\uHHHH \\u{{H..}} \\UHHHHHHHH \\p{{..}} \\P{{..}})"
                    ),
                );
                return None;
            }
        };
        Some(Escaped::Char(ascii as char))
    }

    /// After `\p` or `\P` (`start` is the backslash), at `{`: the property's name up to `}`.
    fn property(&mut self, start: usize, negated: bool) -> Option<Property> {
        self.pos += 1; // {
        let name_start = self.pos;
        while matches!(self.peek(), Some('A'..='Z' | 'a'..='z' | '0'..='9' | '_' | '-' | ' ' | '=' | ':' | '.')) {
            self.pos += 1;
        }
        let name = self.src[name_start..self.pos].trim().to_string();
        if !self.eat('}') || name.is_empty() {
            self.error(
                start,
                self.pos,
                "bad property: write \\p{Name} with a name of letters, digits, '_', '-' or '=', \
                 as in \\p{L}, \\p{Greek} or \\p{Script=Greek}",
            );
            return None;
        }
        Some(Property { name, negated, start, end: self.pos })
    }

    /// After `\u`, at `{`: `\u{H}` to `\u{HHHHHH}`.
    fn braced_escape(&mut self, start: usize) -> Option<Escaped> {
        self.pos += 1; // {
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            self.pos += 1;
        }
        let digits = &self.src[digits_start..self.pos];
        if digits.is_empty() || digits.len() > 6 || !self.eat('}') {
            self.error(start, self.pos, "\\u{...} takes one to six hex digits, as in \\u{E9} or \\u{1F600}");
            return None;
        }
        self.scalar(start, u32::from_str_radix(digits, 16).unwrap())
    }

    /// The character of a `\u` or `\U` escape (`start` is the backslash, which ends at
    /// `self.pos`), or the error that says why there is none.
    fn scalar(&mut self, start: usize, value: u32) -> Option<Escaped> {
        match char::from_u32(value) {
            Some(c) => Some(Escaped::Char(c)),
            None => {
                self.error(
                    start,
                    self.pos,
                    format!(
                        "'{}' is not a Unicode scalar value (surrogates and values above \
                         U+10FFFF have no UTF-8 encoding): write bytes as \\xHH",
                        &self.src[start..self.pos]
                    ),
                );
                None
            }
        }
    }

    /// After `\x`, `\u` or `\U` (`start` is the backslash): exactly `n` hex digits.
    fn hex_escape(&mut self, start: usize, n: usize, usage: &str) -> Option<Escaped> {
        let digits: String = self.src[self.pos..].chars().take_while(|c| c.is_ascii_hexdigit()).take(n).collect();
        if digits.len() < n {
            self.pos += digits.len();
            self.error(start, self.pos, usage);
            return None;
        }
        self.pos += n;
        let value = u32::from_str_radix(&digits, 16).unwrap();
        if n == 2 {
            return Some(Escaped::Byte(value as u8));
        }
        self.scalar(start, value)
    }

    /// After `[`. Members are checked for what can be checked without the encoding.
    fn class(&mut self, open: usize) -> Tok {
        let negated = self.eat('^');
        let mut items = Vec::new();
        let mut ok = true;
        loop {
            match self.peek() {
                None | Some('\n') => {
                    self.error(
                        open,
                        self.pos,
                        "unterminated class: no closing ']' on this line (write \\] for a ']' byte)",
                    );
                    return Tok::Error;
                }
                Some(']') => {
                    self.pos += 1;
                    break;
                }
                Some(_) => {
                    let lo = self.class_member();
                    if self.peek() == Some('-') && !matches!(self.peek_at(1), Some(']') | None) {
                        self.pos += 1;
                        let hi = self.class_member();
                        match (lo, hi) {
                            (Some(ClassItem::One(lo)), Some(ClassItem::One(hi))) => {
                                items.push(ClassItem::Range(lo, hi))
                            }
                            (Some(ClassItem::Property(p)), _) | (_, Some(ClassItem::Property(p))) => {
                                self.error(
                                    p.start,
                                    p.end,
                                    "a property cannot be the end of a range: write it on its own, as in [a-z\\p{L}]",
                                );
                                ok = false;
                            }
                            _ => ok = false,
                        }
                    } else {
                        match lo {
                            Some(item) => items.push(item),
                            None => ok = false,
                        }
                    }
                }
            }
        }
        if !ok {
            return Tok::Error;
        }
        if items.is_empty() && !negated {
            self.error(open, self.pos, "empty class '[]' matches nothing (write \\] for a ']' byte, [^] for any byte)");
            return Tok::Error;
        }
        Tok::Class(RawClass { negated, items })
    }

    /// One member of a class: a character, an escape or a property.
    fn class_member(&mut self) -> Option<ClassItem> {
        let start = self.pos;
        let value = match self.peek() {
            Some('\\') => match self.escape()? {
                Escaped::Byte(b) => MemberValue::Byte(b),
                Escaped::Char(c) => MemberValue::Char(c),
                Escaped::Property(p) => return Some(ClassItem::Property(p)),
            },
            None | Some('\n') => return None,
            Some(c) => {
                self.pos += c.len_utf8();
                MemberValue::Char(c)
            }
        };
        Some(ClassItem::One(Member { value, start, end: self.pos }))
    }

    /// After `{` (a digit follows).
    fn repeat(&mut self, open: usize) -> Tok {
        let number = |lx: &mut Self| -> Option<u64> {
            let s = lx.pos;
            while matches!(lx.peek(), Some('0'..='9')) {
                lx.pos += 1;
            }
            (lx.pos > s).then(|| lx.src[s..lx.pos].parse::<u64>().unwrap_or(u64::MAX))
        };
        let min = number(self).unwrap();
        let max = if self.eat(',') {
            match number(self) {
                Some(m) => Some(Some(m)),
                None => Some(None),
            }
        } else {
            None
        };
        if !self.eat('}') {
            // Swallow up to a plausible end so that one mistake makes one error.
            let rest = &self.src[self.pos..];
            let stop = rest.find(['}', '\n', ';']).unwrap_or(rest.len());
            self.pos += stop;
            self.eat('}');
            self.error(
                open,
                self.pos,
                format!(
                    "bad repetition '{}': write {{n}}, {{n,}} or {{n,m}} with decimal counts",
                    &self.src[open..self.pos]
                ),
            );
            return Tok::Error;
        }
        let text = &self.src[open..self.pos];
        let (min, max) = match max {
            None => (min, Some(min)),
            Some(m) => (min, m),
        };
        let limit = u64::from(MAX_REPEAT);
        if min > limit || max.is_some_and(|m| m > limit) {
            self.error(open, self.pos, format!("repetition count in '{text}' is too large (at most {MAX_REPEAT})"));
            return Tok::Error;
        }
        if let Some(m) = max {
            if min > m {
                self.error(
                    open,
                    self.pos,
                    format!("bad repetition '{text}': the minimum {min} is above the maximum {m}"),
                );
                return Tok::Error;
            }
        }
        Tok::Repeat { min: min as u32, max: max.map(|m| m as u32) }
    }
}
