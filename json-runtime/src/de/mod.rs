//! The JSON decoder and validator, on any lexer that produces [`JsonToken`]s.
//!
//! The lexer classifies every byte; this module checks the structure with an explicit
//! stack (no recursion: nesting is limited by [`DecodeOptions::max_depth`], never by
//! the call stack), turns tokens into values, and turns lexer errors into messages.
//!
//! Values are built bottom-up on two scratch stacks (pending array elements and pending
//! object members) that are reused across containers; a container is moved into an
//! allocation of exactly its size when it closes. Duplicate keys are found as members
//! arrive (a scan for small objects, a hash index past [`Map::INDEX_THRESHOLD`]
//! members, which becomes the finished map's index).
//!
//! | function | checks string tokens' UTF-8 | builds |
//! |---|---|---|
//! | [`decode`] | yes | [`Value`] |
//! | [`decode_trusted`] (unsafe) | no: trusts the lexer | [`Value`] |
//! | [`validate`] | yes | nothing, allocates nothing (depth ≤ 512) |
//! | [`validate_trusted`] | no | nothing |

pub(crate) mod diagnose;
pub(crate) mod number;
mod options;
mod pow5;
pub(crate) mod string;

pub use options::{BigInt, DecodeOptions, InvalidUtf8, LoneSurrogate};

use crate::error::{Category, Error};
use crate::json::JsonToken;
use crate::lex::{LexError, Lexer, Token};
use crate::value::{KeyIndex, Map, Number, Value};
use number::NumError;
use string::{Discard, Out};

/// Decodes `input` with lexer `L`, checking that string tokens are UTF-8 (for lexers
/// that do not guarantee it, e.g. ones for looser dialects).
pub fn decode<'a, L: Lexer<'a, Kind = JsonToken>>(input: &'a [u8], options: &DecodeOptions) -> Result<Value, Error> {
    Parser::<L, Builder, false>::new(input, options, Builder::new(options)).run()
}

/// Decodes `input` with lexer `L`, trusting its string tokens' UTF-8.
///
/// # Safety
/// `L` must only produce `String` and `EscapedString` tokens whose bytes are
/// well-formed UTF-8, as a lexer generated from `grammar/json.lex` does.
pub unsafe fn decode_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<L, Builder, true>::new(input, options, Builder::new(options)).run()
}

/// Checks `input` as [`decode`] would, without building anything (and without
/// allocating, unless `max_depth` exceeds 512 or there is an error to report).
pub fn validate<'a, L: Lexer<'a, Kind = JsonToken>>(input: &'a [u8], options: &DecodeOptions) -> Result<(), Error> {
    Parser::<L, Checker, false>::new(input, options, Checker::new(options)).run()
}

/// Checks `input` as [`decode_trusted`] would. Safe: a lexer that breaks the
/// json.lex guarantees only makes the answer wrong.
pub fn validate_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<L, Checker, true>::new(input, options, Checker::new(options)).run()
}

/// What the parser drives: a value builder or a checker.
trait Sink {
    /// False for the checker: numbers and strings need only be checked.
    const BUILDS: bool;
    type Out: Out;
    type Output;
    /// Buffer for decoded string bytes.
    fn scratch(&mut self) -> &mut Self::Out;
    fn null(&mut self);
    fn boolean(&mut self, b: bool);
    fn number(&mut self, n: Number);
    /// A string value or key (`key`), already decoded.
    fn str(&mut self, s: &str, key: bool);
    /// A string value or key now held by the scratch buffer (valid UTF-8).
    fn scratch_str(&mut self, key: bool);
    /// The UTF-8 body of an escaped string token, to unescape.
    fn escaped(&mut self, body: &[u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), string::StrError>;
    fn begin_array(&mut self);
    fn end_array(&mut self);
    fn begin_object(&mut self);
    fn end_object(&mut self);
    fn empty_array(&mut self);
    fn empty_object(&mut self);
    /// Whether the innermost open container is an object.
    fn in_object(&self) -> bool;
    fn finish(self) -> Self::Output;
}

struct Parser<'a, L, S, const TRUSTED: bool> {
    input: &'a [u8],
    lexer: L,
    sink: S,
    options: DecodeOptions,
    depth: usize,
    /// The last token is a string the lexer rejected and the scanner repaired into
    /// the scratch buffer.
    repaired: bool,
}

type Tok = Option<Token<JsonToken>>;

impl<'a, L, S, const TRUSTED: bool> Parser<'a, L, S, TRUSTED>
where
    L: Lexer<'a, Kind = JsonToken>,
    S: Sink,
{
    fn new(input: &'a [u8], options: &DecodeOptions, sink: S) -> Self {
        Parser { input, lexer: L::new(input), sink, options: *options, depth: 0, repaired: false }
    }

    #[inline(always)]
    fn next(&mut self) -> Result<Tok, Error> {
        match self.lexer.next_token() {
            Some(Ok(t)) => Ok(Some(t)),
            None => Ok(None),
            Some(Err(e)) => self.lex_error(e),
        }
    }

    fn run(mut self) -> Result<S::Output, Error> {
        let mut tok = self.next()?;
        'value: loop {
            // `tok` starts a value.
            let Some(t) = tok else {
                return Err(self.expected(None, "expected a value"));
            };
            match t.kind {
                JsonToken::ArrayStart => {
                    self.enter(t.start)?;
                    let next = self.next()?;
                    if matches!(next, Some(Token { kind: JsonToken::ArrayEnd, .. })) {
                        self.depth -= 1;
                        self.sink.empty_array();
                    } else {
                        self.sink.begin_array();
                        tok = next;
                        continue 'value;
                    }
                }
                JsonToken::ObjectStart => {
                    self.enter(t.start)?;
                    let next = self.next()?;
                    if matches!(next, Some(Token { kind: JsonToken::ObjectEnd, .. })) {
                        self.depth -= 1;
                        self.sink.empty_object();
                    } else {
                        self.sink.begin_object();
                        self.member_key(next, "expected a string key or '}' after '{'")?;
                        tok = self.next()?;
                        continue 'value;
                    }
                }
                JsonToken::String | JsonToken::EscapedString => self.string(t, false)?,
                JsonToken::Integer => self.integer(t)?,
                JsonToken::Float => self.float(t)?,
                JsonToken::Null => self.sink.null(),
                JsonToken::True => self.sink.boolean(true),
                JsonToken::False => self.sink.boolean(false),
                _ => return Err(self.expected(tok, "expected a value")),
            }
            // A value is complete: close containers until one goes on.
            loop {
                if self.depth == 0 {
                    return match self.next()? {
                        None => Ok(self.sink.finish()),
                        next => Err(self.expected(next, "expected the end of input after the value")),
                    };
                }
                let next = self.next()?;
                let kind = next.map(|t| t.kind);
                if self.sink.in_object() {
                    match kind {
                        Some(JsonToken::Comma) => {
                            let key = self.next()?;
                            self.member_key(key, "expected a string key after ','")?;
                            tok = self.next()?;
                            continue 'value;
                        }
                        Some(JsonToken::ObjectEnd) => {
                            self.depth -= 1;
                            self.sink.end_object();
                        }
                        _ => return Err(self.expected(next, "expected ',' or '}' after an object member")),
                    }
                } else {
                    match kind {
                        Some(JsonToken::Comma) => {
                            tok = self.next()?;
                            continue 'value;
                        }
                        Some(JsonToken::ArrayEnd) => {
                            self.depth -= 1;
                            self.sink.end_array();
                        }
                        _ => return Err(self.expected(next, "expected ',' or ']' after an array element")),
                    }
                }
            }
        }
    }

    /// Opens a container at `offset`, within the depth limit.
    #[inline(always)]
    fn enter(&mut self, offset: usize) -> Result<(), Error> {
        if self.depth >= self.options.max_depth {
            return Err(self.too_deep(offset));
        }
        self.depth += 1;
        Ok(())
    }

    #[cold]
    fn too_deep(&self, offset: usize) -> Error {
        diagnose::too_deep(self.input, offset, self.options.max_depth)
    }

    /// `tok` must be a key, followed by a colon.
    #[inline(always)]
    fn member_key(&mut self, tok: Tok, expected: &'static str) -> Result<(), Error> {
        match tok {
            Some(t) if matches!(t.kind, JsonToken::String | JsonToken::EscapedString) => {
                self.string(t, true)?;
            }
            _ => return Err(self.expected(tok, expected)),
        }
        match self.next()? {
            Some(Token { kind: JsonToken::Colon, .. }) => Ok(()),
            next => Err(self.expected(next, "expected ':' after an object key")),
        }
    }

    #[inline(always)]
    fn string(&mut self, t: Token<JsonToken>, key: bool) -> Result<(), Error> {
        if self.repaired {
            self.repaired = false;
            self.sink.scratch_str(key);
            return Ok(());
        }
        if t.end < t.start + 2 || t.end > self.input.len() {
            return Err(self.malformed(t));
        }
        let body = &self.input[t.start + 1..t.end - 1];
        if t.kind == JsonToken::String {
            if TRUSTED {
                if S::BUILDS {
                    // SAFETY: the caller of `decode_trusted` promised that string
                    // tokens are UTF-8.
                    let s = unsafe { core::str::from_utf8_unchecked(body) };
                    self.sink.str(s, key);
                }
                return Ok(());
            }
            return match core::str::from_utf8(body) {
                Ok(s) => {
                    self.sink.str(s, key);
                    Ok(())
                }
                Err(e) => self.bad_utf8(body, t.start + 1 + e.valid_up_to(), key),
            };
        }
        // EscapedString.
        if !S::BUILDS && TRUSTED && self.options.lone_surrogate == LoneSurrogate::Substitute {
            return Ok(()); // nothing in it can be wrong
        }
        if !TRUSTED {
            if let Err(e) = core::str::from_utf8(body) {
                return self.bad_utf8(body, t.start + 1 + e.valid_up_to(), key);
            }
        }
        let lone = self.options.lone_surrogate;
        match self.sink.escaped(body, t.start + 1, lone, key) {
            Ok(()) => Ok(()),
            Err(e) => Err(e.into_error(self.input)),
        }
    }

    /// A string token that is not UTF-8 (only from a lexer that does not promise it).
    #[cold]
    fn bad_utf8(&mut self, body: &[u8], offset: usize, key: bool) -> Result<(), Error> {
        diagnose::bad_utf8(self.input, body, offset, &self.options, self.sink.scratch())?;
        self.sink.scratch_str(key);
        Ok(())
    }

    #[inline(always)]
    fn integer(&mut self, t: Token<JsonToken>) -> Result<(), Error> {
        let bytes = self.token_bytes(t)?;
        if !S::BUILDS && TRUSTED && bytes.len() <= 300 {
            return Ok(()); // an integer of 300 digits is still a finite f64
        }
        match number::parse_integer(bytes) {
            Ok(Some(n)) => {
                self.sink.number(n);
                Ok(())
            }
            Ok(None) if self.options.big_int == BigInt::String => {
                // Only digits and '-': ASCII.
                self.sink.str(core::str::from_utf8(bytes).unwrap_or_default(), false);
                Ok(())
            }
            Ok(None) => self.float(t),
            Err(e) => Err(self.number_error(t, e)),
        }
    }

    #[inline(always)]
    fn float(&mut self, t: Token<JsonToken>) -> Result<(), Error> {
        let bytes = self.token_bytes(t)?;
        if !S::BUILDS && TRUSTED && number::surely_in_range(bytes) {
            return Ok(());
        }
        match number::parse_float(bytes) {
            Ok(f) => {
                self.sink.number(Number::from_finite_f64(f));
                Ok(())
            }
            Err(e) => Err(self.number_error(t, e)),
        }
    }

    #[inline(always)]
    fn token_bytes(&self, t: Token<JsonToken>) -> Result<&'a [u8], Error> {
        match self.input.get(t.start..t.end) {
            Some(b) => Ok(b),
            None => Err(self.malformed(t)),
        }
    }

    #[cold]
    fn number_error(&self, t: Token<JsonToken>, e: NumError) -> Error {
        diagnose::number_error(self.input, t.start, e)
    }

    #[cold]
    fn malformed(&self, t: Token<JsonToken>) -> Error {
        Error::new(Category::Syntax, self.input, t.start.min(self.input.len()), "malformed token")
    }

    /// `tok` is not what the grammar allows here.
    #[cold]
    fn expected(&self, tok: Tok, message: &'static str) -> Error {
        diagnose::expected(self.input, tok, message)
    }

    /// The lexer matched no token: repair a string with invalid UTF-8 if the options
    /// say so, else report precisely.
    #[cold]
    #[inline(never)]
    fn lex_error(&mut self, e: LexError<JsonToken>) -> Result<Tok, Error> {
        let end = diagnose::repair_or_report(self.input, e, &self.options, self.sink.scratch())?;
        self.lexer.set_offset(end);
        self.repaired = true;
        Ok(Some(Token { kind: JsonToken::EscapedString, start: e.start, end }))
    }
}

/// One open array or object of the value being built.
struct Frame {
    /// Where its pending elements (array) or members (object) start in the scratch
    /// stack.
    start: usize,
    /// Object: the member the next value belongs to.
    slot: usize,
    /// Object with more than `INDEX_THRESHOLD` members: their key index.
    index: Option<Box<KeyIndex>>,
    object: bool,
}

/// Builds a [`Value`].
struct Builder {
    values: Vec<Value>,
    members: Vec<(String, Value)>,
    frames: Vec<Frame>,
    scratch: Vec<u8>,
    root: Value,
}

impl Builder {
    fn new(_: &DecodeOptions) -> Builder {
        Builder { values: Vec::new(), members: Vec::new(), frames: Vec::new(), scratch: Vec::new(), root: Value::Null }
    }

    #[inline(always)]
    fn emit(&mut self, v: Value) {
        match self.frames.last() {
            Some(f) if !f.object => self.values.push(v),
            Some(f) => self.members[f.slot].1 = v,
            None => self.root = v,
        }
    }

    /// A key arrives in the innermost (object) frame: a new member, or the slot of the
    /// earlier member with the same key (whose value the next one replaces).
    #[inline(always)]
    fn key(members: &mut Vec<(String, Value)>, frame: &mut Frame, key: &str) {
        let pending = &members[frame.start..];
        let dup = match &frame.index {
            Some(index) => index.find(pending, key),
            None => pending.iter().position(|(k, _)| k == key),
        };
        if let Some(i) = dup {
            frame.slot = frame.start + i;
            return;
        }
        frame.slot = members.len();
        members.push((key.to_owned(), Value::Null));
        let count = members.len() - frame.start;
        if count > Map::INDEX_THRESHOLD {
            let pending = &members[frame.start..];
            match &mut frame.index {
                Some(index) => index.push(pending, count - 1),
                None => frame.index = Some(KeyIndex::build(pending)),
            }
        }
    }
}

impl Sink for Builder {
    const BUILDS: bool = true;
    type Out = Vec<u8>;
    type Output = Value;

    #[inline(always)]
    fn scratch(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }
    #[inline(always)]
    fn null(&mut self) {
        self.emit(Value::Null)
    }
    #[inline(always)]
    fn boolean(&mut self, b: bool) {
        self.emit(Value::Bool(b))
    }
    #[inline(always)]
    fn number(&mut self, n: Number) {
        self.emit(Value::Number(n))
    }
    #[inline(always)]
    fn str(&mut self, s: &str, key: bool) {
        if key {
            let frame = self.frames.last_mut().expect("a key inside an object");
            Builder::key(&mut self.members, frame, s);
        } else {
            self.emit(Value::String(s.to_owned()));
        }
    }
    #[inline(always)]
    fn scratch_str(&mut self, key: bool) {
        debug_assert!(core::str::from_utf8(&self.scratch).is_ok());
        // SAFETY: the scratch buffer holds either an unescaped string body that was
        // UTF-8 before unescaping (checked by `from_utf8`, or promised by the caller of
        // `decode_trusted`; unescaping splits it only at ASCII backslashes and appends
        // whole `char`s), or a string rebuilt by `scan_string`, which appends only ASCII,
        // whole well-formed sequences and whole `char`s.
        let s = unsafe { core::str::from_utf8_unchecked(&self.scratch) };
        if key {
            let frame = self.frames.last_mut().expect("a key inside an object");
            Builder::key(&mut self.members, frame, s);
        } else {
            let s = s.to_owned();
            self.emit(Value::String(s));
        }
    }
    #[inline(always)]
    fn escaped(&mut self, body: &[u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), string::StrError> {
        if key {
            self.scratch.clear();
            string::unescape(body, base, lone, &mut self.scratch)?;
            self.scratch_str(true);
            return Ok(());
        }
        // Straight into the value's own buffer: unescaping never lengthens a body, and
        // the buffer is then trimmed to size (in place), so the peak stays one string.
        let mut buf = Vec::with_capacity(body.len());
        string::unescape(body, base, lone, &mut buf)?;
        buf.shrink_to_fit();
        debug_assert!(core::str::from_utf8(&buf).is_ok());
        // SAFETY: as in `scratch_str`: a UTF-8 body, split at ASCII backslashes, plus
        // whole `char`s.
        let s = unsafe { String::from_utf8_unchecked(buf) };
        self.emit(Value::String(s));
        Ok(())
    }
    #[inline(always)]
    fn begin_array(&mut self) {
        self.frames.push(Frame { start: self.values.len(), slot: 0, index: None, object: false });
    }
    #[inline(always)]
    fn end_array(&mut self) {
        let frame = self.frames.pop().expect("an open array");
        // `split_off` allocates exactly the elements' size and moves them in one copy.
        let elements = self.values.split_off(frame.start);
        self.emit(Value::Array(elements));
    }
    #[inline(always)]
    fn begin_object(&mut self) {
        self.frames.push(Frame { start: self.members.len(), slot: 0, index: None, object: true });
    }
    #[inline(always)]
    fn end_object(&mut self) {
        let frame = self.frames.pop().expect("an open object");
        let members = self.members.split_off(frame.start);
        self.emit(Value::Object(Map::from_parts(members, frame.index)));
    }
    #[inline(always)]
    fn empty_array(&mut self) {
        self.emit(Value::Array(Vec::new()))
    }
    #[inline(always)]
    fn empty_object(&mut self) {
        self.emit(Value::Object(Map::new()))
    }
    #[inline(always)]
    fn in_object(&self) -> bool {
        self.frames.last().is_some_and(|f| f.object)
    }
    fn finish(self) -> Value {
        self.root
    }
}

/// Checks without building: remembers only whether each open container is an object,
/// one bit per level.
struct Checker {
    discard: Discard,
    bits: [u64; 8],
    more: Vec<u64>,
    depth: usize,
}

impl Checker {
    fn new(options: &DecodeOptions) -> Checker {
        let words = options.max_depth.div_ceil(64);
        Checker { discard: Discard, bits: [0; 8], more: vec![0; words.saturating_sub(8)], depth: 0 }
    }

    #[inline(always)]
    fn word(&mut self, level: usize) -> &mut u64 {
        let w = level / 64;
        if w < 8 {
            &mut self.bits[w]
        } else {
            &mut self.more[w - 8]
        }
    }

    #[inline(always)]
    fn push(&mut self, object: bool) {
        let level = self.depth;
        let bit = 1u64 << (level % 64);
        let word = self.word(level);
        if object {
            *word |= bit;
        } else {
            *word &= !bit;
        }
        self.depth += 1;
    }
}

impl Sink for Checker {
    const BUILDS: bool = false;
    type Out = Discard;
    type Output = ();

    #[inline(always)]
    fn scratch(&mut self) -> &mut Discard {
        &mut self.discard
    }
    #[inline(always)]
    fn null(&mut self) {}
    #[inline(always)]
    fn boolean(&mut self, _: bool) {}
    #[inline(always)]
    fn number(&mut self, _: Number) {}
    #[inline(always)]
    fn str(&mut self, _: &str, _: bool) {}
    #[inline(always)]
    fn scratch_str(&mut self, _: bool) {}
    #[inline(always)]
    fn escaped(&mut self, body: &[u8], base: usize, lone: LoneSurrogate, _: bool) -> Result<(), string::StrError> {
        string::unescape(body, base, lone, &mut self.discard)
    }
    #[inline(always)]
    fn begin_array(&mut self) {
        self.push(false)
    }
    #[inline(always)]
    fn end_array(&mut self) {
        self.depth -= 1;
    }
    #[inline(always)]
    fn begin_object(&mut self) {
        self.push(true)
    }
    #[inline(always)]
    fn end_object(&mut self) {
        self.depth -= 1;
    }
    #[inline(always)]
    fn empty_array(&mut self) {}
    #[inline(always)]
    fn empty_object(&mut self) {}
    #[inline(always)]
    fn in_object(&self) -> bool {
        let level = self.depth - 1;
        let w = level / 64;
        let word = if w < 8 { self.bits[w] } else { self.more[w - 8] };
        word >> (level % 64) & 1 != 0
    }
    fn finish(self) {}
}

#[cfg(test)]
mod tests;
