//! [`Cursor`]: the generated JSON lexer over one slice of input, with what the column
//! decoders need of it: the next token, a string's bytes (unescaped), a validating skip
//! over values no column wants, and errors that say where.
//!
//! The lexer (a copy of `json-runtime/grammar/json.lex`'s, generated into this crate so that its
//! `next_token` is inlined into [`Cursor::next`]) has already checked each string's
//! UTF-8 and escapes and each number's syntax; the structure is checked here and by the
//! decoders, which know what they expect next.

use std::borrow::Cow;

use json_runtime::{JsonToken, Lexer, Token};

mod lexer {
    jsonlex::json_lexer!(file = "../json-runtime/grammar/json.lex");
}
use lexer::JsonLexer;

/// Why a record could not be decoded.
#[derive(Debug)]
pub(crate) enum Fail {
    /// The input ends inside the record: more bytes may complete it (push decoding).
    Incomplete,
    /// The record is malformed, or a value does not fit its column (boxed: the hot
    /// paths return `Result<Token, Fail>`, kept small).
    Bad(Box<Bad>),
}

/// What is wrong, at `offset` in the cursor's input.
#[derive(Debug)]
pub(crate) struct Bad {
    pub(crate) offset: usize,
    pub(crate) message: String,
    /// A well-formed value that does not fit its column (a null with
    /// `ignore_type_conflicts`), not malformed input.
    pub(crate) conflict: bool,
}

pub(crate) type Res<T> = Result<T, Fail>;

impl Fail {
    /// The same error, never a type conflict (see [`Bad::conflict`]).
    #[cold]
    pub(crate) fn fatal(mut self) -> Fail {
        if let Fail::Bad(b) = &mut self {
            b.conflict = false;
        }
        self
    }
}

/// Nesting deeper than this inside skipped values is an error (the skip keeps a stack
/// of its own; this bounds its memory, not the call stack).
const MAX_SKIP_DEPTH: usize = 1 << 16;

/// The longest string [`Cursor::plain_string`] reads without the lexer (longer ones
/// are cheaper through the lexer's SIMD skip).
const PLAIN_STRING_MAX: usize = 32;

/// How much of the input [`Cursor::new`] looks at to guess whether it is `spaced`.
const SNIFF: usize = 256;

/// The fast skip's parser ([`Cursor::skip_container`]): nesting to 512 levels, as many
/// as the parser's inline stack holds (deeper values go the token loop's way, which
/// allows [`MAX_SKIP_DEPTH`]); invalid UTF-8 and lone surrogates rejected, as the token
/// loop rejects them. The parser is the trusting one (`validate_one_trusted`): it does
/// not check string tokens' UTF-8 again, which this crate's lexer (json.lex's rules)
/// has checked already, as it has for the token loop; it does check `\u` escapes for
/// lone surrogates, as [`Cursor::check_string`] does. Nothing here relies on the input
/// having been checked as a whole.
const FAST_SKIP: json_runtime::DecodeOptions =
    json_runtime::DecodeOptions::new().max_depth(json_runtime::DecodeOptions::DEFAULT_MAX_DEPTH);

pub(crate) struct Cursor<'a> {
    input: &'a [u8],
    lexer: JsonLexer<'a>,
    /// The input ends here for good: a token at its end is complete.
    last: bool,
    /// `,` `:` `}` `]` are always tokens of one byte (the lexer says so): the cursor
    /// steps over one right after a token without lexing it.
    punct: bool,
    /// The input writes a space after `:` and `,` (`{"a": 1, "b": 2}`, as Python's
    /// `json.dumps` does): the cursor steps over it with the punctuation, so that the
    /// unlexed fast paths ([`quoted_key`](Cursor::quoted_key), integers) still apply.
    /// Guessed from the input's start; either guess gives the same answers.
    spaced: bool,
    /// Unescaped strings.
    scratch: Vec<u8>,
    /// Open containers of a skipped value (true: an object).
    stack: Vec<bool>,
    /// The record being decoded, counted from 1 over the whole stream (for errors).
    pub(crate) record: usize,
}

/// Tokens that cannot go on past their last byte.
#[inline(always)]
fn self_delimiting(kind: JsonToken) -> bool {
    !matches!(kind, JsonToken::Integer | JsonToken::Float | JsonToken::True | JsonToken::False | JsonToken::Null)
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(input: &'a [u8], last: bool, scratch: Vec<u8>, stack: Vec<bool>) -> Cursor<'a> {
        let lexer = JsonLexer::new(input);
        let punct = [
            (b',', JsonToken::Comma),
            (b':', JsonToken::Colon),
            (b'}', JsonToken::ObjectEnd),
            (b']', JsonToken::ArrayEnd),
        ]
        .iter()
        .all(|&(b, k)| lexer.single_byte_token(b) == Some(k));
        // The first `:` is nearly always a key's (cheap: a cursor per line in inference).
        let start = &input[..input.len().min(SNIFF)];
        let spaced = memchr::memchr(b':', start).is_some_and(|at| start.get(at + 1) == Some(&b' '));
        Cursor { input, lexer, last, punct, spaced, scratch, stack, record: 0 }
    }

    /// The buffers, for the next cursor.
    pub(crate) fn into_buffers(self) -> (Vec<u8>, Vec<bool>) {
        (self.scratch, self.stack)
    }

    pub(crate) fn is_last(&self) -> bool {
        self.last
    }

    #[inline]
    pub(crate) fn input(&self) -> &'a [u8] {
        self.input
    }

    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.lexer.offset()
    }

    #[inline]
    pub(crate) fn set_offset(&mut self, offset: usize) {
        self.lexer.set_offset(offset)
    }

    /// The next token; the end of input is [`Fail::Incomplete`] unless the input is
    /// `last` (then an error: every caller is inside a record).
    #[inline(never)]
    pub(crate) fn next(&mut self) -> Res<Token<JsonToken>> {
        let next = self.lexer.next_token();
        self.checked(next)
    }

    /// As [`next`](Cursor::next), where a key or `}` is expected: through the lexer's
    /// `key` entry point, whose first byte has only those to tell apart (the answer is
    /// `next_token`'s).
    #[inline(never)]
    fn next_key_token(&mut self) -> Res<Token<JsonToken>> {
        if let Some(t) = self.plain_string() {
            return Ok(t);
        }
        let next = self.lexer.next_token_key();
        self.checked(next)
    }

    #[inline(always)]
    fn checked(&mut self, next: json_runtime::lex::Next<JsonToken>) -> Res<Token<JsonToken>> {
        match next {
            Some(Ok(t)) => {
                if t.end >= self.input.len() && !self.last && !self_delimiting(t.kind) {
                    // `12` may be the start of `123`.
                    return Err(Fail::Incomplete);
                }
                Ok(t)
            }
            Some(Err(e)) => {
                // No token spans a line break, so an error on the input's last line may
                // be a token cut short (`1.` of `1.5`, after the lexer fell back to `1`).
                let start = e.start.min(self.input.len());
                if !self.last && (e.is_eof(self.input.len()) || memchr::memchr(b'\n', &self.input[start..]).is_none()) {
                    return Err(Fail::Incomplete);
                }
                Err(self.lex_error(e.start, e.offset))
            }
            None if self.last => Err(self.bad(self.input.len(), "unexpected end of input inside a record".into())),
            None => Err(Fail::Incomplete),
        }
    }

    /// The next token, or `None` at the end of a `last` input.
    pub(crate) fn next_or_end(&mut self) -> Res<Option<Token<JsonToken>>> {
        let at = self.lexer.offset();
        match self.lexer.next_token() {
            None if self.last => Ok(None),
            None => Err(Fail::Incomplete),
            Some(_) => {
                // Again through `next`, for its checks and errors.
                self.lexer.set_offset(at);
                self.next().map(Some)
            }
        }
    }

    /// The lexer matched no token at `start`: jsonlex's own message for it (the same
    /// bytes through `jsonlex::validate`), else a plain one.
    #[cold]
    fn lex_error(&self, start: usize, offset: usize) -> Fail {
        let line_end = memchr::memchr(b'\n', &self.input[start..]).map_or(self.input.len(), |i| start + i);
        // The token alone, as a document: its error is the lexer's.
        if let Err(e) = jsonlex::validate(&self.input[start..line_end]) {
            if e.offset() <= offset - start {
                return self.bad(start + e.offset(), e.message().to_string());
            }
        }
        self.bad(offset, "invalid JSON token".into())
    }

    #[cold]
    pub(crate) fn bad(&self, offset: usize, message: String) -> Fail {
        Fail::Bad(Box::new(Bad { offset, message, conflict: false }))
    }

    /// A value that does not fit its column (see [`Bad::conflict`]).
    #[cold]
    fn conflict(&self, offset: usize, message: String) -> Fail {
        Fail::Bad(Box::new(Bad { offset, message, conflict: true }))
    }

    /// `e` came from the value at `at`: `Ok` (the value stepped over) if it is a type
    /// conflict and the value well-formed, so that the caller puts a null in its place
    /// (`ignore_type_conflicts`); else `e`, or the malformed value's own error (or
    /// `Incomplete`: the value is not all there).
    #[cold]
    pub(crate) fn conflict_skipped(&mut self, at: usize, e: Fail) -> Res<()> {
        if !matches!(&e, Fail::Bad(b) if b.conflict) {
            return Err(e);
        }
        self.set_offset(at);
        // Malformed: the error is the input's, not the column's.
        self.value().and_then(|t| self.skip(t))
    }

    /// A syntax error at token `t`.
    #[cold]
    pub(crate) fn expected(&self, t: Token<JsonToken>, what: &str) -> Fail {
        self.bad(t.start, format!("expected {what}, found {}", self.describe(t)))
    }

    /// A value of the wrong type for the column at `path`.
    #[cold]
    pub(crate) fn wrong_type(&self, t: Token<JsonToken>, path: &str, wanted: &dyn std::fmt::Display) -> Fail {
        self.conflict(
            t.start,
            format!("record {}: field '{path}': expected {wanted}, found {}", self.record, self.describe(t)),
        )
    }

    /// A value that has the right JSON type but does not parse as the column's.
    #[cold]
    pub(crate) fn unparsable(
        &self,
        t: Token<JsonToken>,
        path: &str,
        wanted: &dyn std::fmt::Display,
        why: &str,
    ) -> Fail {
        let sep = if why.is_empty() { "" } else { ": " };
        self.conflict(
            t.start,
            format!("record {}: field '{path}': cannot parse {} as {wanted}{sep}{why}", self.record, self.describe(t)),
        )
    }

    /// The token as the error shows it: its text, cut at 40 bytes, or what it opens.
    pub(crate) fn describe(&self, t: Token<JsonToken>) -> String {
        match t.kind {
            JsonToken::ObjectStart => "an object".into(),
            JsonToken::ArrayStart => "an array".into(),
            _ => {
                let text = &self.input[t.start..t.end.min(self.input.len())];
                let cut = text.len().min(40);
                let mut s = String::from_utf8_lossy(&text[..cut]).into_owned();
                if cut < text.len() {
                    s.push_str("...");
                }
                format!("`{s}`")
            }
        }
    }

    /// The bytes of string token `t`, unescaped (UTF-8: the lexer checked it).
    #[inline]
    pub(crate) fn str_bytes(&mut self, t: Token<JsonToken>) -> Res<&[u8]> {
        let body = &self.input[t.start + 1..t.end - 1];
        if t.kind == JsonToken::String {
            return Ok(body);
        }
        self.scratch.clear();
        if let Err(at) = unescape(body, &mut self.scratch) {
            return Err(self.bad(t.start + 1 + at, "lone UTF-16 surrogate in a \\u escape".into()));
        }
        Ok(&self.scratch)
    }

    /// Checks string token `t` as [`str_bytes`](Cursor::str_bytes) does (its `\\u`
    /// escapes pair up), without unescaping it.
    #[inline]
    pub(crate) fn check_string(&mut self, t: Token<JsonToken>) -> Res<()> {
        if t.kind == JsonToken::String {
            return Ok(());
        }
        let body = &self.input[t.start + 1..t.end - 1];
        match check_surrogates(body) {
            Ok(()) => Ok(()),
            Err(at) => Err(self.bad(t.start + 1 + at, "lone UTF-16 surrogate in a \\u escape".into())),
        }
    }

    /// An object key (string token `t`), borrowed from the input when it has no escapes.
    #[inline]
    pub(crate) fn key(&mut self, t: Token<JsonToken>) -> Res<Cow<'a, [u8]>> {
        match t.kind {
            JsonToken::String => Ok(Cow::Borrowed(&self.input[t.start + 1..t.end - 1])),
            JsonToken::EscapedString => Ok(Cow::Owned(self.str_bytes(t)?.to_vec())),
            _ => Err(self.expected(t, "a string key")),
        }
    }

    /// The key token `"name"` if the input has exactly those bytes next (no white
    /// space first), where `name` is the body of a string token without escapes that
    /// this lexer accepted before: the same bytes are the same token, so they are
    /// stepped over unlexed. `None`: anything else (lex it).
    #[inline]
    pub(crate) fn quoted_key(&mut self, name: &[u8]) -> Option<Token<JsonToken>> {
        let start = self.lexer.offset();
        let end = start + name.len() + 2;
        let text = self.input.get(start..end)?;
        if text[0] != b'"' || text[text.len() - 1] != b'"' || !same_key(&text[1..text.len() - 1], name) {
            return None;
        }
        self.lexer.set_offset(end);
        Some(Token { kind: JsonToken::String, start, end })
    }

    /// An integer token right at the cursor (no white space first), found without the
    /// lexer: `-?(0|[1-9][0-9]*)` (json.lex's `int`) followed by a byte that cannot go
    /// on a number (not a digit, `.`, `e` or `E`) is the token the lexer's longest
    /// match gives there, `Integer`. `None`: anything else, and digits that reach the
    /// end of the input (they may go on): the lexer decides those.
    #[inline(always)]
    fn short_integer(&mut self) -> Option<Token<JsonToken>> {
        let start = self.lexer.offset();
        let bytes = self.input.get(start..)?;
        let sign = usize::from(*bytes.first()? == b'-');
        let first = *bytes.get(sign)?;
        if !first.is_ascii_digit() {
            return None;
        }
        let mut end = sign + 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let after = *bytes.get(end)?;
        if matches!(after, b'.' | b'e' | b'E') || (first == b'0' && end > sign + 1) {
            return None;
        }
        self.lexer.set_offset(start + end);
        Some(Token { kind: JsonToken::Integer, start, end: start + end })
    }

    /// A string token of printable ASCII without escapes right at the cursor (no white
    /// space first), of at most [`PLAIN_STRING_MAX`] bytes, found without the lexer:
    /// json.lex's `"\"" plain* "\""`, `String`, whose `plain` holds every byte
    /// 0x20-0x7F but `"` and `\\`. `None`: anything else (the lexer decides: escapes,
    /// non-ASCII text to check, control bytes, longer strings).
    #[inline(always)]
    fn plain_string(&mut self) -> Option<Token<JsonToken>> {
        let start = self.lexer.offset();
        let bytes = self.input.get(start..)?;
        if *bytes.first()? != b'"' {
            return None;
        }
        // Eight bytes at a time: the lowest byte that is `"`, `\\`, below 0x20 or above
        // 0x7F (the tests' borrows run only upwards from such a byte, so the lowest flag
        // is exact).
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
        let mut at = 1;
        let close = loop {
            let word = u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?);
            let special = zero(word ^ (ONES * u64::from(b'"')))
                | zero(word ^ (ONES * u64::from(b'\\')))
                | (word.wrapping_sub(ONES * 0x20) & !word & HIGH)
                | (word & HIGH);
            if special != 0 {
                break at + (special.trailing_zeros() / 8) as usize;
            }
            at += 8;
            if at > PLAIN_STRING_MAX {
                return None;
            }
        };
        if bytes[close] != b'"' {
            return None;
        }
        let end = start + close + 1;
        self.lexer.set_offset(end);
        Some(Token { kind: JsonToken::String, start, end })
    }

    /// The byte right after the last token, if it is a one-byte token.
    #[inline(always)]
    fn punct_next(&self) -> Option<u8> {
        if !self.punct {
            return None;
        }
        self.input.get(self.lexer.offset()).copied()
    }

    #[inline(always)]
    fn step(&mut self) {
        self.lexer.set_offset(self.lexer.offset() + 1);
    }

    /// [`step`](Cursor::step), and over one space after it in `spaced` input.
    #[inline(always)]
    fn step_spaced(&mut self) {
        let mut at = self.lexer.offset() + 1;
        if self.spaced && self.input.get(at) == Some(&b' ') {
            at += 1;
        }
        self.lexer.set_offset(at);
    }

    /// After a key: the `:` and the value's first token (always inlined, as
    /// [`value`](Cursor::value) is: each column's decode loop is built around them, and
    /// left to itself the compiler stops inlining them at a few more instructions).
    #[inline(always)]
    pub(crate) fn colon_value(&mut self) -> Res<Token<JsonToken>> {
        if self.punct_next() == Some(b':') {
            self.step_spaced();
            return self.value();
        }
        let t = self.next()?;
        if t.kind != JsonToken::Colon {
            return Err(self.expected(t, "':' after an object key"));
        }
        self.value()
    }

    /// The first token of a value.
    #[inline(always)]
    pub(crate) fn value(&mut self) -> Res<Token<JsonToken>> {
        if let Some(t) = self.short_integer() {
            return Ok(t);
        }
        if let Some(t) = self.plain_string() {
            return Ok(t);
        }
        let t = self.next()?;
        match t.kind {
            JsonToken::Comma | JsonToken::Colon | JsonToken::ObjectEnd | JsonToken::ArrayEnd => {
                Err(self.expected(t, "a value"))
            }
            _ => Ok(t),
        }
    }

    /// After an object member: whether another follows (`,`) or the object ends (`}`).
    #[inline]
    pub(crate) fn member_end(&mut self) -> Res<bool> {
        self.list_end(b'}', JsonToken::ObjectEnd, "',' or '}' after an object member")
    }

    /// After an array element: whether another follows.
    #[inline]
    pub(crate) fn element_end(&mut self) -> Res<bool> {
        self.list_end(b']', JsonToken::ArrayEnd, "',' or ']' after an array element")
    }

    /// After a member or element: `true` at `,`, `false` at the closer (`close`, the
    /// token `close_kind`), else an error expecting `what`.
    #[inline(always)]
    fn list_end(&mut self, close: u8, close_kind: JsonToken, what: &str) -> Res<bool> {
        match self.punct_next() {
            Some(b',') => {
                self.step_spaced();
                return Ok(true);
            }
            Some(b) if b == close => {
                self.step();
                return Ok(false);
            }
            _ => {}
        }
        let t = self.next()?;
        match t.kind {
            JsonToken::Comma => Ok(true),
            k if k == close_kind => Ok(false),
            _ => Err(self.expected(t, what)),
        }
    }

    /// After `{`: the first key, or `None` for `{}`.
    #[inline]
    pub(crate) fn first_key(&mut self) -> Res<Option<Token<JsonToken>>> {
        let t = self.next_key_token()?;
        match t.kind {
            JsonToken::ObjectEnd => Ok(None),
            JsonToken::String | JsonToken::EscapedString => Ok(Some(t)),
            _ => Err(self.expected(t, "a string key or '}' after '{'")),
        }
    }

    /// After `,` in an object: the next key.
    #[inline]
    pub(crate) fn next_key(&mut self) -> Res<Token<JsonToken>> {
        let t = self.next_key_token()?;
        match t.kind {
            JsonToken::String | JsonToken::EscapedString => Ok(t),
            _ => Err(self.expected(t, "a string key after ','")),
        }
    }

    /// Whether a later member of the object the cursor is in (just past a member's
    /// value) has `key` (unescaped); the cursor is left anywhere in the object. For
    /// repeated keys, whose last value alone counts (cold paths). An error if the rest
    /// of the object is malformed or not all there yet.
    pub(crate) fn key_follows(&mut self, key: &[u8]) -> Res<bool> {
        loop {
            if !self.member_end()? {
                return Ok(false);
            }
            let k = self.next_key()?;
            if same_key(&self.key(k)?, key) {
                return Ok(true);
            }
            let v = self.colon_value()?;
            self.skip(v)?;
        }
    }

    /// Steps over the value at `at` and finds `key` again in the rest of the object:
    /// `Ok(())` if it is there, so that the member's error `e` does not count (a
    /// repeated key's last value alone is read); else `e`, or `Incomplete` when the
    /// object is not all there yet (a push decoder's next bytes may hold the key).
    #[cold]
    pub(crate) fn overridden(&mut self, at: usize, key: &[u8], e: Fail) -> Res<()> {
        if !matches!(e, Fail::Bad(_)) {
            return Err(e);
        }
        self.set_offset(at);
        let skipped = self.value().and_then(|t| self.skip(t));
        let after = self.offset();
        match skipped.and_then(|()| self.key_follows(key)) {
            Ok(true) => {
                self.set_offset(after);
                Ok(())
            }
            Err(Fail::Incomplete) => Err(Fail::Incomplete),
            Ok(false) | Err(Fail::Bad(_)) => Err(e),
        }
    }

    /// Whether some object in the value that starts with `t` has a key twice (false
    /// if the value is malformed); the cursor is left anywhere. A cold path: after an
    /// error, whether a repeated key's earlier value may have caused it.
    #[cold]
    pub(crate) fn has_repeated_key(&mut self, t: Token<JsonToken>) -> bool {
        self.set_offset(t.end);
        self.repeated_in(t, 0).unwrap_or(false)
    }

    fn repeated_in(&mut self, t: Token<JsonToken>, depth: usize) -> Res<bool> {
        let mut repeated = false;
        if depth > 128 {
            // No deeper than the callers' limits (and the stack's).
            return Ok(false);
        }
        match t.kind {
            JsonToken::ObjectStart => {
                let mut keys = std::collections::HashSet::new();
                let mut k = self.first_key()?;
                while let Some(key) = k {
                    repeated |= !keys.insert(self.key(key)?.into_owned());
                    let v = self.colon_value()?;
                    repeated |= self.repeated_in(v, depth + 1)?;
                    k = if self.member_end()? { Some(self.next_key()?) } else { None };
                }
            }
            JsonToken::ArrayStart => {
                let mut e = self.first_element()?;
                while let Some(v) = e {
                    repeated |= self.repeated_in(v, depth + 1)?;
                    e = if self.element_end()? { Some(self.value()?) } else { None };
                }
            }
            _ => {}
        }
        Ok(repeated)
    }

    /// After `[`: the first element's first token, or `None` for `[]`.
    #[inline]
    pub(crate) fn first_element(&mut self) -> Res<Option<Token<JsonToken>>> {
        let t = self.next()?;
        match t.kind {
            JsonToken::ArrayEnd => Ok(None),
            JsonToken::Comma | JsonToken::Colon | JsonToken::ObjectEnd => Err(self.expected(t, "a value or ']'")),
            _ => Ok(Some(t)),
        }
    }

    /// Steps over the value that starts with `t`, checking it as strictly as a decoded
    /// one (escapes included), building nothing: token by token, the cheaper way for
    /// the small values that fields hold (see [`skip_record`](Cursor::skip_record)).
    pub(crate) fn skip(&mut self, t: Token<JsonToken>) -> Res<()> {
        match t.kind {
            JsonToken::ObjectStart | JsonToken::ArrayStart => self.skip_tokens(t),
            JsonToken::EscapedString => self.check_string(t),
            _ => Ok(()),
        }
    }

    /// As [`skip`](Cursor::skip), the same answers, for a whole record (or another value
    /// of a few hundred bytes or more): containers go through json-runtime's validating
    /// parser loop first ([`skip_container`](Cursor::skip_container)). Measured in
    /// callgrind on the events of jsonlex-datafusion's benchmark: whole records skipped
    /// this way take 15% fewer instructions than token by token, but the fields' small
    /// objects (40-60 bytes) take more (about 170 instructions a call to set the parser
    /// up and end it), so fields still use `skip`.
    pub(crate) fn skip_record(&mut self, t: Token<JsonToken>) -> Res<()> {
        match t.kind {
            JsonToken::ObjectStart | JsonToken::ArrayStart => self.skip_container(t),
            _ => self.skip(t),
        }
    }

    /// The container that `open` starts: first through json-runtime's validating
    /// parser loop (`validate` speed), which accepts only what the token loop below
    /// accepts, and ends where it does; on any error there, again through that token
    /// loop, which gives the verdict and the error (errors are rare). So the answer,
    /// the message and the place are the token loop's, always: input that the parser
    /// rejects and the token loop accepts (numbers beyond `f64`, such as `1e400`, which
    /// a skip does not parse; nesting past the parser's 512 levels, up to
    /// [`MAX_SKIP_DEPTH`]) is accepted as before, and a value cut by the end of a piece
    /// is [`Fail::Incomplete`] as before.
    fn skip_container(&mut self, open: Token<JsonToken>) -> Res<()> {
        // The parser starts at the slice's start: an error it makes (then dropped) has
        // its line and column counted from there, over the value alone, not over the
        // whole input before it.
        let from = &self.input[open.start..];
        if let Ok(len) = json_runtime::de::validate_one_trusted::<JsonLexer<'a>>(from, 0, &FAST_SKIP) {
            self.lexer.set_offset(open.start + len);
            return Ok(());
        }
        self.skip_tokens(open)
    }

    /// The skip, token by token through the cursor (the lexer is just past `open`).
    fn skip_tokens(&mut self, open: Token<JsonToken>) -> Res<()> {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let result = self.skip_loop(open, &mut stack);
        self.stack = stack;
        result
    }

    fn skip_loop(&mut self, open: Token<JsonToken>, stack: &mut Vec<bool>) -> Res<()> {
        // The token that opened the innermost container and whether it has an element yet.
        let mut object = open.kind == JsonToken::ObjectStart;
        stack.push(object);
        let mut first = true;
        loop {
            // At an element's start (or the container's end).
            if object {
                let key = if first {
                    match self.first_key()? {
                        Some(k) => k,
                        None => {
                            stack.pop();
                            match self.close(stack)? {
                                Some(o) => {
                                    object = o;
                                    first = false;
                                    continue;
                                }
                                None => return Ok(()),
                            }
                        }
                    }
                } else {
                    self.next_key()?
                };
                self.check_string(key)?;
                let v = self.colon_value()?;
                if let Some(o) = self.skip_scalar_or_open(v, stack)? {
                    object = o;
                    first = true;
                    continue;
                }
            } else {
                let v = if first {
                    match self.first_element()? {
                        Some(v) => v,
                        None => {
                            stack.pop();
                            match self.close(stack)? {
                                Some(o) => {
                                    object = o;
                                    first = false;
                                    continue;
                                }
                                None => return Ok(()),
                            }
                        }
                    }
                } else {
                    self.value()?
                };
                if let Some(o) = self.skip_scalar_or_open(v, stack)? {
                    object = o;
                    first = true;
                    continue;
                }
            }
            // After an element: ',' or the end of the innermost container (and of the
            // ones it closes with).
            let more = if object { self.member_end()? } else { self.element_end()? };
            if more {
                first = false;
                continue;
            }
            stack.pop();
            match self.close(stack)? {
                Some(o) => {
                    object = o;
                    first = false;
                }
                None => return Ok(()),
            }
        }
    }

    /// A container just closed: the one around it (whether an object), after reading
    /// the `,` or closing brackets that follow; `None` when the skipped value is done.
    fn close(&mut self, stack: &mut Vec<bool>) -> Res<Option<bool>> {
        loop {
            let Some(&object) = stack.last() else { return Ok(None) };
            let more = if object { self.member_end()? } else { self.element_end()? };
            if more {
                return Ok(Some(object));
            }
            stack.pop();
        }
    }

    /// A skipped element: a scalar (checked), or a container opened (pushed; its kind).
    #[inline]
    fn skip_scalar_or_open(&mut self, v: Token<JsonToken>, stack: &mut Vec<bool>) -> Res<Option<bool>> {
        match v.kind {
            JsonToken::ObjectStart | JsonToken::ArrayStart => {
                if stack.len() >= MAX_SKIP_DEPTH {
                    return Err(self.bad(v.start, format!("nesting deeper than {MAX_SKIP_DEPTH}")));
                }
                let object = v.kind == JsonToken::ObjectStart;
                stack.push(object);
                Ok(Some(object))
            }
            JsonToken::EscapedString => self.check_string(v).map(|()| None),
            _ => Ok(None),
        }
    }
}

/// `a == b` for short keys without a call to `memcmp` (2.5% of reading twitter
/// statuses went to that call): up to 16 bytes as two overlapping words.
#[inline(always)]
pub(crate) fn same_key(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    fn word(s: &[u8], at: usize) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[at..at + 8]);
        u64::from_ne_bytes(w)
    }
    fn half(s: &[u8], at: usize) -> u32 {
        let mut w = [0u8; 4];
        w.copy_from_slice(&s[at..at + 4]);
        u32::from_ne_bytes(w)
    }
    match n {
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        _ => a == b,
    }
}

/// Unescapes a string body the lexer accepted (every escape well-formed) into `out`;
/// `Err(at)`: a lone surrogate at byte `at` of the body.
fn unescape(body: &[u8], out: &mut Vec<u8>) -> Result<(), usize> {
    let mut i = 0;
    while i < body.len() {
        let Some(rel) = memchr::memchr(b'\\', &body[i..]) else {
            out.extend_from_slice(&body[i..]);
            break;
        };
        out.extend_from_slice(&body[i..i + rel]);
        i += rel;
        let esc = body.get(i + 1).copied().unwrap_or(b'\\');
        let simple = match esc {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            i += 2;
            continue;
        }
        // \uXXXX, perhaps a surrogate pair.
        let hi = hex4(body, i + 2).ok_or(i)?;
        let c = if (0xD800..0xDC00).contains(&hi) {
            let lo = if body.get(i + 6) == Some(&b'\\') && body.get(i + 7) == Some(&b'u') {
                hex4(body, i + 8)
            } else {
                None
            };
            match lo {
                Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                    i += 6;
                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                }
                _ => return Err(i),
            }
        } else if (0xDC00..0xE000).contains(&hi) {
            return Err(i);
        } else {
            hi
        };
        i += 6;
        let ch = char::from_u32(c).ok_or(i)?;
        let mut buf = [0u8; 4];
        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
    }
    Ok(())
}

/// What [`unescape`] finds wrong in a body the lexer accepted, without writing it:
/// `Err(at)`, a lone surrogate at byte `at`.
fn check_surrogates(body: &[u8]) -> Result<(), usize> {
    let mut i = 0;
    while let Some(rel) = memchr::memchr(b'\\', &body[i..]) {
        i += rel;
        if body.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let hi = hex4(body, i + 2).ok_or(i)?;
        if (0xD800..0xDC00).contains(&hi) {
            let paired = body.get(i + 6) == Some(&b'\\')
                && body.get(i + 7) == Some(&b'u')
                && hex4(body, i + 8).is_some_and(|lo| (0xDC00..0xE000).contains(&lo));
            if !paired {
                return Err(i);
            }
            i += 6;
        } else if (0xDC00..0xE000).contains(&hi) {
            return Err(i);
        }
        i += 6;
    }
    Ok(())
}

fn hex4(s: &[u8], at: usize) -> Option<u32> {
    let digits = s.get(at..at + 4)?;
    let mut v = 0u32;
    for &d in digits {
        v = v << 4 | (d as char).to_digit(16)?;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::{same_key, unescape, Cursor, Fail, JsonLexer, JsonToken, Res, Token, FAST_SKIP};

    /// What a skip of the value at the start of `input` gives: the offset after it,
    /// `None` for incomplete, or the error's offset and message. `fast`: through
    /// [`Cursor::skip_record`] (the parser first), else [`Cursor::skip`] (the token loop).
    fn skip_with(input: &[u8], last: bool, fast: bool) -> Result<usize, Option<(usize, String)>> {
        let mut cur = Cursor::new(input, last, Vec::new(), Vec::new());
        let t = match cur.next() {
            Ok(t) => t,
            Err(_) => return Err(Some((usize::MAX, String::new()))),
        };
        let result = if fast { cur.skip_record(t) } else { cur.skip(t) };
        verdict(result.map(|()| cur.offset()))
    }

    /// `r` with its error as the tests compare it: `None` for incomplete, else the
    /// offset and the message.
    fn verdict<T>(r: Res<T>) -> Result<T, Option<(usize, String)>> {
        r.map_err(|e| match e {
            Fail::Incomplete => None,
            Fail::Bad(b) => Some((b.offset, b.message)),
        })
    }

    const SEEDS: &[&[u8]] = &[
        br#"{"a":[1,2.5e3,{"b":"x\n\u00e9\ud83d\ude00"}],"c":{"d":[true,false,null,[]]},"e":{}},"#,
        b"[ {\"k\" : [ -0.5 , \"caf\xc3\xa9\" ] } , [ [ ] ] , \"\\\"\" ]  ]",
        b"{\"x\":\r\n[1e400,\n-12,\t\"\\ud800\\udc00\"]}\n{",
    ];

    #[test]
    fn fast_skip_agrees_with_the_token_loop() {
        // Every seed, and bytes changed in it at random (deterministic), whole and cut
        // at every byte, as the last piece and not: the same answer either way.
        let alphabet: &[u8] = b"[]{}:,\"\\u0a-1.eE+ tfn\xFF\xC3\xA9\x01\nd8";
        let mut seed = 0x2545F4914F6CDD1Du64;
        let mut fast_taken = 0;
        for round in 0..3000 {
            let mut input = SEEDS[round % SEEDS.len()].to_vec();
            if round >= SEEDS.len() {
                for _ in 0..1 + round % 3 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let at = (seed % input.len() as u64) as usize;
                    input[at] = alphabet[((seed >> 32) % alphabet.len() as u64) as usize];
                }
            }
            let cuts: Vec<usize> = if round < 200 { (0..=input.len()).collect() } else { vec![input.len()] };
            for cut in cuts {
                let piece = &input[..cut];
                for last in [true, false] {
                    let fast = skip_with(piece, last, true);
                    assert_eq!(fast, skip_with(piece, last, false), "{:?} last {last}", String::from_utf8_lossy(piece));
                    if fast.is_ok() && matches!(piece.first(), Some(b'[' | b'{')) {
                        // The parser took it (not the token loop after an error there),
                        // unless the value has what the parser rejects and the loop not.
                        let parsed = json_runtime::de::validate_one_trusted::<JsonLexer>(piece, 0, &FAST_SKIP);
                        if let Ok(end) = parsed {
                            assert_eq!(Ok(end), fast);
                            fast_taken += 1;
                        } else {
                            assert!(piece.windows(5).any(|w| w == b"1e400"), "{:?}", String::from_utf8_lossy(piece));
                        }
                    }
                }
            }
        }
        assert!(fast_taken > 100, "{fast_taken}");
    }

    /// What `read` gives at the start of `input`: the token, or its [`verdict`].
    fn token_with(
        input: &[u8],
        last: bool,
        read: impl Fn(&mut Cursor) -> Res<Token<JsonToken>>,
    ) -> Result<(JsonToken, usize, usize), Option<(usize, String)>> {
        let mut cur = Cursor::new(input, last, Vec::new(), Vec::new());
        verdict(read(&mut cur).map(|t| (t.kind, t.start, t.end)))
    }

    #[test]
    fn plain_strings_read_without_the_lexer_are_its_tokens() {
        // Strings of 0-44 bytes with each byte the fast path must stop at (or not) at
        // every place, before the 8-byte words' edges and after, and the input cut at
        // every byte: `value` and `next_key_token` (fast path first) and `next` (the
        // lexer) agree.
        let specials: &[&[u8]] =
            &[b"\"", b"\\", b"\\n", b"\x00", b"\x1f", b"\x7f", b"\x80", b"\xc3\xa9", b"\xff", b" ", b"~"];
        let mut fast = 0;
        for len in 0..45 {
            for at in 0..=len {
                for special in specials {
                    let mut body = vec![b'a'; len];
                    body.splice(at.min(len)..(at + 1).min(len), special.iter().copied());
                    let mut input = b"\"".to_vec();
                    input.extend_from_slice(&body);
                    input.extend_from_slice(b"\",\"k\":1}\n");
                    for cut in
                        [input.len(), len + 2, len + 3, len + 9, len + 10].into_iter().filter(|&c| c <= input.len())
                    {
                        let piece = &input[..cut];
                        for last in [true, false] {
                            let by_value = token_with(piece, last, |c| c.value());
                            let lexed = token_with(piece, last, |c| c.next());
                            assert_eq!(by_value, lexed, "{:?} last {last}", String::from_utf8_lossy(piece));
                            let as_key = token_with(piece, last, |c| c.next_key_token());
                            assert_eq!(as_key, lexed, "{:?} as a key, last {last}", String::from_utf8_lossy(piece));
                            let mut cur = Cursor::new(piece, last, Vec::new(), Vec::new());
                            fast += usize::from(cur.plain_string().is_some());
                        }
                    }
                }
            }
        }
        assert!(fast > 10_000, "{fast}");
    }

    #[test]
    fn same_key_is_slice_equality() {
        let keys: Vec<Vec<u8>> = (0..40).map(|n| (0..n).map(|i| b'a' + (i % 26) as u8).collect()).collect();
        for a in &keys {
            for b in &keys {
                assert_eq!(same_key(a, b), a == b);
                // One byte different, at every place.
                for i in 0..a.len() {
                    let mut c = a.clone();
                    c[i] ^= 1;
                    assert!(!same_key(a, &c));
                }
            }
        }
    }

    #[test]
    fn checks_as_unescape_does() {
        let cases: [&[u8]; 14] = [
            br#"plain"#,
            br#"a\nb\"c\\"#,
            br#"\u00e9"#,
            br#"\ud83d\ude00"#,
            br#"\ud83d"#,
            br#"\ud83dx"#,
            br#"\ud83d\n"#,
            br#"\ud83d\u0041"#,
            br#"\ude00"#,
            br#"x\ud800\ud800"#,
            br#"\\ud800"#,
            br#"\\\ud800"#,
            br#"\ud83d\ude00\udc00"#,
            br#"\u12"#,
        ];
        for body in cases {
            assert_eq!(
                super::check_surrogates(body),
                unescape(body, &mut Vec::new()),
                "{:?}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn unescapes() {
        let mut out = Vec::new();
        unescape(br#"a\n\u00e9\ud83d\ude00\/"#, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a\né😀/");
        assert_eq!(unescape(br#"x\ud800"#, &mut Vec::new()), Err(1));
        assert_eq!(unescape(br#"\udc00"#, &mut Vec::new()), Err(0));
    }
}
