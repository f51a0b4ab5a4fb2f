//! The parser for input read through [`Input`]: a reader's (see `decode_reader`).
//!
//! The same grammar loop as [`super::Parser`]'s, over an [`Input`] instead of a slice:
//! the tokens' bytes come from the input's window and errors are placed by it. It is a
//! second copy because the slice parser made generic over [`Input`] (one loop for both)
//! took 2-4% more instructions on validate (callgrind, corpus): until that is
//! understood, slices keep their own loop. Keep the two in step.

use core::marker::PhantomData;
use core::mem::ManuallyDrop;

use super::diagnose;
use super::input::Input;
use super::number::{self, NumError};
use super::string::{self, Discard};
use super::{found, BigInt, DecodeOptions, Expect, InvalidUtf8, LoneSurrogate, Nest, Sink};
use crate::error::{Category, Error};
use crate::lex::{LexError, Token};
use crate::token::JsonToken;
use crate::value::Number;

/// The parser over an [`Input`]: see [`super::Parser`], whose fields it has.
pub(super) struct ReaderParser<'a, const TRUSTED: bool, S: Sink<'a>> {
    /// The lifetime of the strings `S` receives (a slice input's).
    input: PhantomData<&'a [u8]>,
    options: DecodeOptions,
    /// Build (decode), or only check (validate: `builder` stays empty).
    build: bool,
    builder: S,
    /// Arrays and objects open.
    depth: usize,
    /// Whether each open container is an object.
    nest: Nest,
    /// The last token is a string the lexer rejected and the scanner repaired into
    /// the scratch buffer.
    repaired: bool,
}

impl<'a, const TRUSTED: bool, S: Sink<'a>> ReaderParser<'a, TRUSTED, S> {
    #[inline(always)]
    pub(super) fn new(options: &DecodeOptions, build: bool, builder: S) -> Self {
        ReaderParser {
            input: PhantomData,
            options: *options,
            build,
            builder,
            depth: 0,
            nest: Nest::new(options.max_depth),
            repaired: false,
        }
    }

    /// The builder, when decoding.
    #[inline(always)]
    fn sink(&mut self) -> Option<&mut S> {
        if self.build {
            Some(&mut self.builder)
        } else {
            None
        }
    }

    /// One loop, one call of the lexer: the token fetched at the top is dispatched on
    /// what the grammar expects next. (Never inlined: decode and validate must share
    /// this one instance, see [`Parser`].)
    #[inline(never)]
    pub(super) fn run<I: Input<'a, S>>(mut self, source: I::Source) -> Result<S::Output, Error> {
        // A local whose address never escapes (cold paths get its window, by value): its
        // fields can live in registers. Not even to its drop glue, which the compiler
        // does not inline: a reader's owns a buffer. So it is dropped from a copy (on
        // a panic, not at all: a leak, never a double free).
        let mut lexer = ManuallyDrop::new(I::open(source));
        let parsed = self.parse(&mut *lexer);
        drop(ManuallyDrop::into_inner(lexer));
        parsed?;
        Ok(self.builder.finish())
    }

    /// [`ReaderParser::run`]'s loop, to the end of the input.
    #[inline(always)]
    fn parse<I: Input<'a, S>>(&mut self, lexer: &mut I) -> Result<(), Error> {
        // Whether the innermost open container is an object: `nest`'s top bit, kept at
        // hand for the ',' after every value.
        let mut in_object = false;
        let mut expect = Expect::Value;
        loop {
            let tok = match lexer.next_token() {
                Some(Ok(t)) => Some(t),
                None => None,
                Some(Err(e)) => {
                    let t = self.lexical(lexer, e)?;
                    lexer.set_offset(t.end);
                    Some(t)
                }
            };
            match expect {
                Expect::Value | Expect::ValueOrArrayEnd => {
                    let Some(t) = tok else {
                        return Err(self.expected(&*lexer, None, "expected a value"));
                    };
                    if let Expect::ValueOrArrayEnd = expect {
                        if t.kind == JsonToken::ArrayEnd {
                            in_object = self.leave();
                            if let Some(b) = self.sink() {
                                b.empty_array();
                            }
                            expect = Expect::CommaOrClose;
                            continue;
                        }
                        if let Some(b) = self.sink() {
                            b.begin_array();
                        }
                    }
                    match t.kind {
                        JsonToken::ArrayStart => {
                            self.enter(&*lexer, t.start, false)?;
                            in_object = false;
                            expect = Expect::ValueOrArrayEnd;
                            continue;
                        }
                        JsonToken::ObjectStart => {
                            self.enter(&*lexer, t.start, true)?;
                            in_object = true;
                            expect = Expect::KeyOrObjectEnd;
                            continue;
                        }
                        JsonToken::String | JsonToken::EscapedString => self.string(&*lexer, t, false)?,
                        JsonToken::Integer => self.integer(&*lexer, t)?,
                        JsonToken::Float => self.float(&*lexer, t)?,
                        JsonToken::Null => {
                            if let Some(b) = self.sink() {
                                b.null();
                            }
                        }
                        JsonToken::True => {
                            if let Some(b) = self.sink() {
                                b.boolean(true);
                            }
                        }
                        JsonToken::False => {
                            if let Some(b) = self.sink() {
                                b.boolean(false);
                            }
                        }
                        _ => return Err(self.expected(&*lexer, found(tok), "expected a value")),
                    }
                    if self.depth > 0 && lexer.step_over(t.end, b',', JsonToken::Comma) {
                        expect = if in_object { Expect::Key } else { Expect::Value };
                        continue;
                    }
                    expect = Expect::CommaOrClose;
                }
                Expect::KeyOrObjectEnd | Expect::Key => {
                    let first = matches!(expect, Expect::KeyOrObjectEnd);
                    match tok {
                        Some(t) if matches!(t.kind, JsonToken::String | JsonToken::EscapedString) => {
                            if first {
                                if let Some(b) = self.sink() {
                                    b.begin_object();
                                }
                            }
                            self.string(&*lexer, t, true)?;
                            if lexer.step_over(t.end, b':', JsonToken::Colon) {
                                expect = Expect::Value;
                                continue;
                            }
                            expect = Expect::Colon;
                        }
                        Some(Token { kind: JsonToken::ObjectEnd, .. }) if first => {
                            in_object = self.leave();
                            if let Some(b) = self.sink() {
                                b.empty_object();
                            }
                            expect = Expect::CommaOrClose;
                        }
                        _ if first => {
                            return Err(self.expected(&*lexer, found(tok), "expected a string key or '}' after '{'"))
                        }
                        _ => return Err(self.expected(&*lexer, found(tok), "expected a string key after ','")),
                    }
                }
                Expect::Colon => match tok {
                    Some(Token { kind: JsonToken::Colon, .. }) => expect = Expect::Value,
                    _ => return Err(self.expected(&*lexer, found(tok), "expected ':' after an object key")),
                },
                Expect::CommaOrClose => {
                    // A value is complete.
                    if self.depth == 0 {
                        return match tok {
                            None => Ok(()),
                            _ => Err(self.expected(&*lexer, found(tok), "expected the end of input after the value")),
                        };
                    }
                    let kind = tok.map(|t| t.kind);
                    if in_object {
                        match kind {
                            Some(JsonToken::Comma) => expect = Expect::Key,
                            Some(JsonToken::ObjectEnd) => {
                                in_object = self.leave();
                                if let Some(b) = self.sink() {
                                    b.end_object();
                                }
                                if let Some(t) = tok {
                                    if self.depth > 0 && lexer.step_over(t.end, b',', JsonToken::Comma) {
                                        expect = if in_object { Expect::Key } else { Expect::Value };
                                    }
                                }
                            }
                            _ => {
                                return Err(self.expected(
                                    &*lexer,
                                    found(tok),
                                    "expected ',' or '}' after an object member",
                                ))
                            }
                        }
                    } else {
                        match kind {
                            Some(JsonToken::Comma) => expect = Expect::Value,
                            Some(JsonToken::ArrayEnd) => {
                                in_object = self.leave();
                                if let Some(b) = self.sink() {
                                    b.end_array();
                                }
                                if let Some(t) = tok {
                                    if self.depth > 0 && lexer.step_over(t.end, b',', JsonToken::Comma) {
                                        expect = if in_object { Expect::Key } else { Expect::Value };
                                    }
                                }
                            }
                            _ => {
                                return Err(self.expected(
                                    &*lexer,
                                    found(tok),
                                    "expected ',' or ']' after an array element",
                                ))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Closes the innermost container; returns whether the one around it is an object
    /// (false at the top level).
    #[inline(always)]
    fn leave(&mut self) -> bool {
        self.depth -= 1;
        self.depth > 0 && self.nest.is_object(self.depth - 1)
    }

    /// Opens an array or an `object` at `offset`, within the depth limit.
    #[inline(always)]
    fn enter<I: Input<'a, S>>(&mut self, input: &I, offset: usize, object: bool) -> Result<(), Error> {
        if self.depth >= self.options.max_depth {
            let (window, base) = input.window();
            return Err(input.place(self.too_deep(window, offset - base)));
        }
        self.nest.set(self.depth, object);
        self.depth += 1;
        Ok(())
    }

    #[cold]
    fn too_deep(&self, window: &[u8], offset: usize) -> Error {
        diagnose::too_deep(window, offset, self.options.max_depth)
    }

    #[inline(always)]
    fn string<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>, key: bool) -> Result<(), Error> {
        if self.repaired {
            self.repaired = false;
            if let Some(b) = self.sink() {
                b.scratch_str(key);
            }
            return Ok(());
        }
        if !self.build && TRUSTED && t.kind == JsonToken::String {
            return Ok(()); // json.lex's promise: nothing in it can be wrong
        }
        let (window, base) = input.window();
        let (start, end) = (t.start.wrapping_sub(base), t.end.wrapping_sub(base));
        if end < start + 2 || end > window.len() {
            return Err(input.place(self.malformed(window, start)));
        }
        let body = &window[start + 1..end - 1];
        if t.kind == JsonToken::String {
            if TRUSTED {
                if let Some(b) = self.sink() {
                    // SAFETY: in the window (checked above), and the caller of
                    // `decode_trusted` promised that string tokens are UTF-8.
                    unsafe { input.str(b, t.start + 1, t.end - 1, key) };
                }
                return Ok(());
            }
            return match core::str::from_utf8(body) {
                Ok(_) => {
                    if let Some(b) = self.sink() {
                        // SAFETY: in the window, and UTF-8: both checked above.
                        unsafe { input.str(b, t.start + 1, t.end - 1, key) };
                    }
                    Ok(())
                }
                Err(e) => match self.bad_utf8(window, body, start + 1 + e.valid_up_to(), key) {
                    Ok(()) => Ok(()),
                    Err(e) => Err(input.place(e)),
                },
            };
        }
        // EscapedString.
        if !self.build && TRUSTED && self.options.lone_surrogate == LoneSurrogate::Substitute {
            return Ok(()); // nothing in it can be wrong
        }
        if !TRUSTED {
            if let Err(e) = core::str::from_utf8(body) {
                return match self.bad_utf8(window, body, start + 1 + e.valid_up_to(), key) {
                    Ok(()) => Ok(()),
                    Err(e) => Err(input.place(e)),
                };
            }
        }
        let lone = self.options.lone_surrogate;
        let checked = match self.sink() {
            Some(b) => input.escaped(b, t.start + 1, t.end - 1, lone, key),
            // The lexer checked every escape: only lone surrogates are left to find.
            None if TRUSTED => string::check_surrogates(body, start + 1, lone),
            None => string::unescape(body, start + 1, lone, &mut Discard),
        };
        // No closure that captures `input` (here the lexer): one the compiler did not
        // inline would take the lexer's address, and its fields out of registers.
        match checked {
            Ok(()) => Ok(()),
            Err(e) => Err(input.place(e.into_error(window))),
        }
    }

    /// A string token that is not UTF-8 (only from a lexer that does not promise it);
    /// `offset` is relative to `window`.
    #[cold]
    fn bad_utf8(&mut self, window: &[u8], body: &[u8], offset: usize, key: bool) -> Result<(), Error> {
        let options = &self.options;
        if !self.build {
            return diagnose::bad_utf8(window, body, offset, options, &mut Discard);
        }
        diagnose::bad_utf8(window, body, offset, options, self.builder.scratch())?;
        self.builder.scratch_str(key);
        Ok(())
    }

    #[inline(always)]
    fn integer<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>) -> Result<(), Error> {
        if !self.build && TRUSTED && t.end.wrapping_sub(t.start) <= 300 {
            return Ok(()); // an integer of 300 digits is still a finite f64
        }
        let bytes = Self::token_bytes(input, t)?;
        match number::parse_integer(bytes) {
            Ok(Some(n)) => {
                if let Some(b) = self.sink() {
                    b.number(n);
                }
                Ok(())
            }
            Ok(None) if self.options.big_int == BigInt::String => {
                let ascii = bytes.is_ascii();
                if let Some(b) = self.sink() {
                    if ascii {
                        // SAFETY: the token's bytes, in the window, and ASCII: checked above.
                        unsafe { input.str(b, t.start, t.end, false) };
                    } else {
                        b.str("", false); // only digits and '-' come here
                    }
                }
                Ok(())
            }
            Ok(None) => self.float(input, t),
            Err(e) => Err(self.number_error(input, t, e)),
        }
    }

    #[inline(always)]
    fn float<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>) -> Result<(), Error> {
        let bytes = Self::token_bytes(input, t)?;
        if !self.build && TRUSTED && number::surely_in_range(bytes) {
            return Ok(());
        }
        match number::parse_float(bytes) {
            Ok(f) => {
                if let Some(b) = self.sink() {
                    b.number(Number::from_finite_f64(f));
                }
                Ok(())
            }
            Err(e) => Err(self.number_error(input, t, e)),
        }
    }

    #[inline(always)]
    fn token_bytes<'s, I: Input<'a, S>>(input: &'s I, t: Token<JsonToken>) -> Result<&'s [u8], Error>
    where
        'a: 's,
    {
        let (window, base) = input.window();
        match window.get(t.start.wrapping_sub(base)..t.end.wrapping_sub(base)) {
            Some(b) => Ok(b),
            None => Err(input.place(Self::malformed_at(window, t.start.wrapping_sub(base)))),
        }
    }

    #[inline(always)]
    fn number_error<I: Input<'a, S>>(&self, input: &I, t: Token<JsonToken>, e: NumError) -> Error {
        let (window, base) = input.window();
        input.place(Self::number_error_at(window, t.start - base, e))
    }

    #[cold]
    fn number_error_at(window: &[u8], start: usize, e: NumError) -> Error {
        diagnose::number_error(window, start, e)
    }

    #[cold]
    fn malformed(&self, window: &[u8], start: usize) -> Error {
        Self::malformed_at(window, start)
    }

    #[cold]
    fn malformed_at(window: &[u8], start: usize) -> Error {
        Error::new(Category::Syntax, window, start.min(window.len()), "malformed token")
    }

    /// The token `found` (its kind and start; `None`: the end of input) is not what the
    /// grammar allows here. Takes the two fields, not the token, so that the hot loop
    /// never has to keep a copy of each token in memory for the cold call.
    #[inline(always)]
    fn expected<I: Input<'a, S>>(&self, input: &I, found: Option<(JsonToken, usize)>, message: &'static str) -> Error {
        let (window, base) = input.window();
        input.place(Self::expected_at(window, found.map(|(kind, start)| (kind, start - base)), message))
    }

    #[cold]
    fn expected_at(window: &[u8], found: Option<(JsonToken, usize)>, message: &'static str) -> Error {
        let tok = found.map(|(kind, start)| Token { kind, start, end: start });
        diagnose::expected(window, tok, message)
    }

    /// The lexer matched no token: the input's failure (a reader's I/O error), or
    /// [`ReaderParser::lex_error`] on the window.
    #[inline(always)]
    fn lexical<I: Input<'a, S>>(&mut self, input: &mut I, e: LexError<JsonToken>) -> Result<Token<JsonToken>, Error> {
        // A string to repair may go on past what has been read.
        let repair = self.options.invalid_utf8 != InvalidUtf8::Error;
        if let Some(failure) = input.before_error(e.start, e.offset, repair) {
            return Err(failure);
        }
        let (window, base) = input.window();
        let relative = LexError { start: e.start - base, offset: e.offset - base, partial: e.partial };
        match self.lex_error(window, relative) {
            Ok(t) => Ok(Token { kind: t.kind, start: t.start + base, end: t.end + base }),
            Err(error) => Err(input.place(error)),
        }
    }

    /// The lexer matched no token (`e`, relative to `window`): repair a string with
    /// invalid UTF-8 if the options say so (the lexer is to go on after the repaired
    /// token), else report precisely.
    #[cold]
    #[inline(never)]
    fn lex_error(&mut self, window: &[u8], e: LexError<JsonToken>) -> Result<Token<JsonToken>, Error> {
        let options = &self.options;
        let end = if self.build {
            diagnose::repair_or_report(window, e, options, self.builder.scratch())?
        } else {
            diagnose::repair_or_report(window, e, options, &mut Discard)?
        };
        self.repaired = true;
        Ok(Token { kind: JsonToken::EscapedString, start: e.start, end })
    }
}
