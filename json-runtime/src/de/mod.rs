//! The JSON decoder and validator, on any lexer that produces [`JsonToken`]s.
//!
//! The lexer classifies every byte; this module checks the structure with an explicit
//! stack (no recursion: nesting is limited by [`DecodeOptions::max_depth`], never by
//! the call stack), turns tokens into values, and turns lexer errors into messages.
//!
//! Values are built bottom-up on two scratch stacks (pending array elements and pending
//! object members) that are reused across containers; a container is moved into an
//! allocation of exactly its size when it closes. Duplicate keys are found as members
//! arrive (a scan for small objects, a hash index past [`Map::INDEX_THRESHOLD`](crate::Map::INDEX_THRESHOLD)
//! members, which becomes the finished map's index).
//!
//! | function | checks string tokens' UTF-8 | builds |
//! |---|---|---|
//! | [`decode`] | yes | [`Value`] |
//! | [`decode_trusted`] (unsafe) | no: trusts the lexer | [`Value`] |
//! | [`validate`] | yes | nothing, allocates nothing (depth ≤ 512) |
//! | [`validate_trusted`] | no | nothing |
//! | [`decode_reader`], [`validate_reader`] (and `_trusted`, and `_dialect_` for JSONC/JSON5 lexers) | as above | as above, from a [`std::io::Read`] through a buffer that holds the longest token |
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | the parser: the grammar's structure, one loop over the tokens, for slices and readers alike |
//! | `input.rs` | `Input`: tokens and their bytes from a slice's lexer, or from a reader (a streaming lexer's [`ReadLexer`](crate::lex::ReadLexer)) |
//! | `dialect.rs` | the parser's cold path for JSON5's tokens and trailing commas |
//! | `sink.rs` | `Sink`: what the parser drives when it builds |
//! | `value_builder.rs` | the `Sink` that builds a [`Value`] |
//! | `options.rs` | [`DecodeOptions`] and its choices |
//! | `string.rs`, `number.rs`, `pow5.rs` | unescaping strings; integers and correctly rounded floats |
//! | `diagnose.rs` | error messages and positions, invalid UTF-8 repair |
//! | `serde.rs` (feature `serde`) | serde's `Deserializer` over any [`JsonToken`] lexer, on the same parts |

pub(crate) mod diagnose;
mod dialect;
mod input;
pub(crate) mod number;
mod options;
mod pow5;
#[cfg(feature = "serde")]
pub mod serde;
mod sink;
pub(crate) mod string;
mod value_builder;

pub use options::{BigInt, DecodeOptions, Dialect, InvalidUtf8, LoneSurrogate, NonFinite};

use crate::error::{Category, Error};
use crate::lex::{LexError, Lexer, StreamLexer, Token};
use crate::token::JsonToken;
use crate::value::{Number, Value};
use core::marker::PhantomData;
use core::mem::ManuallyDrop;
use dialect::{DialectKey, DialectValue};
use input::{Entry, Input, Reader, Slice, View};
use number::NumError;
pub(crate) use sink::Sink;
use sink::Validator;
use string::Discard;
use value_builder::Builder;

/// Decodes `input` with lexer `L`, checking that string tokens are UTF-8 (for lexers
/// that do not guarantee it, e.g. ones for looser dialects).
pub fn decode<'a, L: Lexer<'a, Kind = JsonToken>>(input: &'a [u8], options: &DecodeOptions) -> Result<Value, Error> {
    Parser::<false, Builder>::new(options, true, Builder::new()).run::<Slice<'a, L>, false>(input)
}

/// Parses JSON text with the JSON lexer ([`crate::lexer::JsonLexer`]) and default
/// [`DecodeOptions`], as serde_json's `FromStr for Value` does: its errors are in
/// serde_json's words and places ([`Error::serde_json_style`]).
///
/// ```
/// use json_runtime::Value;
/// let v: Value = r#"{"a": [1, 2.5, "x"]}"#.parse().unwrap();
/// assert_eq!(v["a"][2], "x");
/// let e = "[1, 2".parse::<Value>().unwrap_err();
/// assert_eq!(e.to_string(), "EOF while parsing a list at line 1 column 5");
/// ```
impl core::str::FromStr for Value {
    type Err = Error;

    fn from_str(s: &str) -> Result<Value, Error> {
        decode_json(s.as_bytes()).map_err(Error::serde_json_style)
    }
}

/// JSON text decoded with this crate's JSON lexer ([`crate::lexer::JsonLexer`]) and
/// default [`DecodeOptions`]: `Value::from_str`, and raw values in `to_value`.
pub(crate) fn decode_json(input: &[u8]) -> Result<Value, Error> {
    // SAFETY: `JsonLexer` is generated from grammar/json.lex, whose String and
    // EscapedString tokens are well-formed UTF-8 (its rules accept nothing else).
    unsafe { decode_trusted::<crate::lexer::JsonLexer>(input, &DecodeOptions::new()) }
}

/// Decodes `input` with lexer `L`, trusting its string tokens' UTF-8.
///
/// # Safety
/// `L` must only produce `String` and `EscapedString` tokens whose bytes are
/// well-formed UTF-8, as a lexer generated from `json-runtime/grammar/json.lex` does.
pub unsafe fn decode_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<true, Builder>::new(options, true, Builder::new()).run::<Slice<'a, L>, false>(input)
}

/// Checks `input` as [`decode`] would, without building anything (and without
/// allocating, unless `max_depth` exceeds 512 or there is an error to report).
pub fn validate<'a, L: Lexer<'a, Kind = JsonToken>>(input: &'a [u8], options: &DecodeOptions) -> Result<(), Error> {
    Parser::<false, Validator>::new(options, false, Validator::default()).run::<Slice<'a, L>, false>(input).map(drop)
}

/// Checks `input` as [`decode_trusted`] would. Safe: a lexer that breaks the
/// json.lex guarantees only makes the answer wrong.
pub fn validate_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<true, Validator>::new(options, false, Validator::default()).run::<Slice<'a, L>, false>(input).map(drop)
}

/// As [`decode`], for a lexer of a JSON dialect: also JSON5's token kinds (see
/// [`JsonToken`]) and [`DecodeOptions::trailing_commas`], which the strict functions
/// above ignore (their loop has JSON's tokens alone: use one or the other per lexer).
pub fn decode_dialect<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<false, Builder>::new(options, true, Builder::new()).run::<Slice<'a, L>, true>(input)
}

/// As [`decode_trusted`], for a lexer of a JSON dialect (see [`decode_dialect`]).
///
/// # Safety
/// `L` must only produce string tokens (`String`, `EscapedString`, `Json5String`,
/// `Identifier`) whose bytes are well-formed UTF-8.
pub unsafe fn decode_dialect_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<true, Builder>::new(options, true, Builder::new()).run::<Slice<'a, L>, true>(input)
}

/// As [`validate`], for a lexer of a JSON dialect (see [`decode_dialect`]).
pub fn validate_dialect<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<false, Validator>::new(options, false, Validator::default()).run::<Slice<'a, L>, true>(input).map(drop)
}

/// As [`validate_trusted`], for a lexer of a JSON dialect (see [`decode_dialect`]).
pub fn validate_dialect_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<true, Validator>::new(options, false, Validator::default()).run::<Slice<'a, L>, true>(input).map(drop)
}

// The functions below run the reader parser over `&mut dyn Read`, whatever `R`:
// one instance of its loop per lexer, so that the streaming lexer has one caller and
// is inlined into it (with a loop per reader type, it is inlined into none). A
// dynamic call per refill costs nothing beside the reading.

/// Checks the document that `reader` yields as [`validate`] does, with the same
/// errors (message, category, offset, line, column), lexing it with the streaming lexer
/// `L` through a buffer that holds the longest token: memory does not grow with the
/// input. A read that fails is an error of category [`Category::Io`] at the offset where
/// reading stopped (never a truncated document).
///
/// Options that repair strings ([`InvalidUtf8`] other than `Error`) repair a string
/// however long: reading goes on until it ends (the buffer holds the whole string).
pub fn validate_reader<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<false, Validator>::new(options, false, Validator::default())
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
        .map(drop)
}

/// As [`validate_reader`], trusting `L`'s string tokens to be UTF-8 (as
/// [`validate_trusted`] does: safe; a lexer that breaks the promise only makes the
/// answer wrong).
pub fn validate_reader_trusted<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<true, Validator>::new(options, false, Validator::default())
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
        .map(drop)
}

/// Decodes the document that `reader` yields as [`decode`] does (same values, same
/// errors), through the buffer of [`validate_reader`]: the input is never held whole.
pub fn decode_reader<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<false, Builder>::new(options, true, Builder::new())
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
}

/// As [`decode_reader`], trusting `L`'s string tokens to be UTF-8.
///
/// # Safety
/// As [`decode_trusted`]'s, for `L`.
pub unsafe fn decode_reader_trusted<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<true, Builder>::new(options, true, Builder::new())
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
}

/// As [`validate_reader`], for the streaming lexer of a JSON dialect (JSON5's token
/// kinds, [`DecodeOptions::trailing_commas`]: see [`decode_dialect`]); the same errors
/// as [`validate_dialect`] on the same bytes.
pub fn validate_dialect_reader<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<false, Validator>::new(options, false, Validator::default())
        .run::<Reader<&mut dyn std::io::Read, L>, true>(&mut { reader })
        .map(drop)
}

/// As [`validate_dialect_reader`], trusting `L`'s string tokens to be UTF-8 (safe, as
/// [`validate_trusted`]).
pub fn validate_dialect_reader_trusted<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<(), Error> {
    Parser::<true, Validator>::new(options, false, Validator::default())
        .run::<Reader<&mut dyn std::io::Read, L>, true>(&mut { reader })
        .map(drop)
}

/// As [`decode_reader`], for the streaming lexer of a JSON dialect (see
/// [`validate_dialect_reader`]): the values and errors of [`decode_dialect`].
pub fn decode_dialect_reader<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<false, Builder>::new(options, true, Builder::new())
        .run::<Reader<&mut dyn std::io::Read, L>, true>(&mut { reader })
}

/// As [`decode_dialect_reader`], trusting `L`'s string tokens to be UTF-8.
///
/// # Safety
/// As [`decode_dialect_trusted`]'s, for `L`.
pub unsafe fn decode_dialect_reader_trusted<L: StreamLexer<Kind = JsonToken>, R: std::io::Read>(
    reader: R,
    options: &DecodeOptions,
) -> Result<Value, Error> {
    Parser::<true, Builder>::new(options, true, Builder::new())
        .run::<Reader<&mut dyn std::io::Read, L>, true>(&mut { reader })
}

/// Parses the document that `reader` yields into `sink`, as [`decode_reader`] does
/// (the sink gets each string only for the call: it copies what it keeps).
pub(crate) fn parse_reader_into<L: StreamLexer<Kind = JsonToken>, R: std::io::Read, S: for<'x> Sink<'x>>(
    reader: R,
    options: &DecodeOptions,
    sink: S,
) -> Result<<S as Sink<'static>>::Output, Error> {
    Parser::<'static, false, S>::new(options, true, sink)
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
}

/// As [`parse_reader_into`], trusting `L`'s string tokens to be UTF-8.
///
/// # Safety
/// As [`decode_trusted`]'s, for `L`.
pub(crate) unsafe fn parse_reader_into_trusted<
    L: StreamLexer<Kind = JsonToken>,
    R: std::io::Read,
    S: for<'x> Sink<'x>,
>(
    reader: R,
    options: &DecodeOptions,
    sink: S,
) -> Result<<S as Sink<'static>>::Output, Error> {
    Parser::<'static, true, S>::new(options, true, sink)
        .run::<Reader<&mut dyn std::io::Read, L>, false>(&mut { reader })
}

/// Decodes the document at the start of `input` (after whitespace) and stops after it,
/// whatever follows: the value and the offset just past it (a document stream's step).
/// Only for lexers that skip nothing but JSON whitespace between tokens (the end is
/// found by stepping back over it from the next token).
///
/// # Safety
/// As [`decode_trusted`]'s.
pub unsafe fn decode_one_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    options: &DecodeOptions,
) -> Result<(Value, usize), Error> {
    let mut parser = Parser::<true, Builder>::new(options, true, Builder::new());
    parser.one = true;
    parser.parse::<Slice<'a, L>, false>(input)
}

/// Checks the one value that starts at byte `start` of `input` (after whitespace) as
/// [`validate_trusted`] would, and stops after it, whatever follows: the offset just
/// past the value (before the whitespace after it). Builds nothing; allocates nothing
/// unless `options`' `max_depth` exceeds 512 or there is an error to report. Errors
/// are at their offset, line and column in the whole of `input` (computing them scans
/// `input` from its start: a caller that only wants to know whether the value is good
/// can pass the slice from `start` instead, and add `start` to the answer).
///
/// For jsonlex-arrow's skip over values no column wants. Only for lexers that skip
/// nothing but JSON whitespace between tokens, as [`decode_one_trusted`]. Safe, as
/// [`validate_trusted`]: it trusts `L`'s string tokens to be UTF-8, and a lexer that
/// breaks that promise only makes the answer wrong.
#[doc(hidden)]
pub fn validate_one_trusted<'a, L: Lexer<'a, Kind = JsonToken>>(
    input: &'a [u8],
    start: usize,
    options: &DecodeOptions,
) -> Result<usize, Error> {
    let mut parser = Parser::<true, Validator>::new(options, false, Validator::default());
    parser.one = true;
    parser.start = start.min(input.len());
    parser.parse::<Slice<'a, L>, false>(input).map(|(_, end)| end)
}

/// Parses `input` with lexer `L` into `sink` (any [`Sink`]), checking that string
/// tokens are UTF-8, as [`decode`] does.
pub(crate) fn parse_into<'a, L: Lexer<'a, Kind = JsonToken>, S: Sink<'a>>(
    input: &'a [u8],
    options: &DecodeOptions,
    sink: S,
) -> Result<S::Output, Error> {
    Parser::<false, S>::new(options, true, sink).run::<Slice<'a, L>, false>(input)
}

/// Parses `input` with lexer `L` into `sink`, trusting its string tokens' UTF-8, as
/// [`decode_trusted`] does.
///
/// # Safety
/// As [`decode_trusted`]'s.
pub(crate) unsafe fn parse_into_trusted<'a, L: Lexer<'a, Kind = JsonToken>, S: Sink<'a>>(
    input: &'a [u8],
    options: &DecodeOptions,
    sink: S,
) -> Result<S::Output, Error> {
    Parser::<true, S>::new(options, true, sink).run::<Slice<'a, L>, false>(input)
}

/// As [`parse_into`], on the dialect loop (JSON5's tokens, trailing commas: see
/// [`decode_dialect`]).
pub(crate) fn parse_dialect_into<'a, L: Lexer<'a, Kind = JsonToken>, S: Sink<'a>>(
    input: &'a [u8],
    options: &DecodeOptions,
    sink: S,
) -> Result<S::Output, Error> {
    Parser::<false, S>::new(options, true, sink).run::<Slice<'a, L>, true>(input)
}

/// As [`parse_into_trusted`], on the dialect loop.
///
/// # Safety
/// As [`decode_dialect_trusted`]'s.
pub(crate) unsafe fn parse_dialect_into_trusted<'a, L: Lexer<'a, Kind = JsonToken>, S: Sink<'a>>(
    input: &'a [u8],
    options: &DecodeOptions,
    sink: S,
) -> Result<S::Output, Error> {
    Parser::<true, S>::new(options, true, sink).run::<Slice<'a, L>, true>(input)
}

/// The parser, for decoding and validating alike, over any [`Input`]: a slice's lexer
/// ([`Slice`]) or a reader's ([`Reader`]), one loop for both (serde_json's `Read`
/// idea): the tokens' bytes come from the input's window, and errors made on the
/// window are placed in the whole input by it (for a slice, both are the identity).
///
/// Whether it builds is a field, not a type parameter, so that decode and validate
/// share one instance of [`Parser::run`] per lexer and `TRUSTED`, with a predictable
/// branch before each builder call (an instance per mode made validate's loop no
/// faster and doubled the code). The generated `next_token` is `#[inline(always)]`, so
/// every instance (per sink, per dialect loop, per input) has the lexer inlined into
/// it: one generated lexer serves every caller.
struct Parser<'a, const TRUSTED: bool, S: Sink<'a>> {
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
    /// Parse one document and stop after it, whatever follows (a stream's step): a field,
    /// read only at the top level and on lexer errors, so that no register holds it.
    one: bool,
    /// Where in the input to start lexing (0 but for [`validate_one_trusted`]).
    start: usize,
}

type Tok = Option<Token<JsonToken>>;

/// What [`Parser::expected`] needs of a token.
#[inline(always)]
fn found(tok: Tok) -> Option<(JsonToken, usize)> {
    tok.map(|t| (t.kind, t.start))
}

/// What the parser expects of the next token. Which container is innermost (for
/// `CommaOrClose`) is in `nest`; how deep, in `depth`.
#[derive(Clone, Copy)]
enum Expect {
    /// A value: at the start, after ':', after ',' in an array.
    Value,
    /// A value or ']': after '['.
    ValueOrArrayEnd,
    /// A key or '}': after '{'.
    KeyOrObjectEnd,
    /// A key: after ',' in an object.
    Key,
    /// ':' after a key.
    Colon,
    /// After a value: ',' or the innermost container's end; at depth 0, the end of input.
    CommaOrClose,
}

impl<'a, const TRUSTED: bool, S: Sink<'a>> Parser<'a, TRUSTED, S> {
    #[inline(always)]
    fn new(options: &DecodeOptions, build: bool, builder: S) -> Self {
        Parser {
            input: PhantomData,
            options: *options,
            build,
            builder,
            depth: 0,
            nest: Nest::new(options.max_depth),
            repaired: false,
            one: false,
            start: 0,
        }
    }

    /// Whether values reach the sink: a constant `false` for the validator's sink,
    /// whose loop is then compiled without the building code.
    #[inline(always)]
    fn builds(&self) -> bool {
        S::BUILDS && self.build
    }

    /// The builder, when decoding.
    #[inline(always)]
    fn sink(&mut self) -> Option<&mut S> {
        if self.builds() {
            Some(&mut self.builder)
        } else {
            None
        }
    }

    /// The whole input is one document.
    #[inline(always)]
    fn run<I: Input<'a, S>, const DIALECTS: bool>(self, source: I::Source) -> Result<S::Output, Error> {
        self.parse::<I, DIALECTS>(source).map(|(out, _)| out)
    }

    /// Opens the input over `source` and runs [`Parser::tokens`] on it. (Never inlined:
    /// decode and validate must share this one instance.) With `one` set, parses the
    /// first document and stops after it, else the whole input; gives the offset where
    /// the document ended (with `one`; else 0). `one` is a field, not a type parameter,
    /// for the same reason. `DIALECTS` adds the cold path for JSON5's tokens and
    /// trailing commas (`dialect.rs`); without it the loop is strict JSON's alone (the
    /// extra arms cost strict JSON's validate measurably, so a lexer is used with one or
    /// the other).
    #[inline(never)]
    fn parse<I: Input<'a, S>, const DIALECTS: bool>(mut self, source: I::Source) -> Result<(S::Output, usize), Error> {
        // A local whose address never escapes (cold paths get its window, by value): its
        // fields can live in registers. Not even to its drop glue, which the compiler
        // does not inline: a reader's owns a buffer. So it is dropped from a copy (on
        // a panic, not at all: a leak, never a double free).
        let mut lexer = ManuallyDrop::new(I::open(source));
        if self.start != 0 {
            lexer.set_offset(self.start);
        }
        let parsed = self.tokens::<I, DIALECTS>(&mut lexer);
        drop(ManuallyDrop::into_inner(lexer));
        let end = parsed?;
        Ok((self.builder.finish(), end))
    }

    /// The loop: one call of the lexer, the token fetched at the top dispatched on
    /// what the grammar expects next, to the end of the document.
    #[inline(always)]
    fn tokens<I: Input<'a, S>, const DIALECTS: bool>(&mut self, lexer: &mut I) -> Result<usize, Error> {
        // Whether the innermost open container is an object: `nest`'s top bit, kept at
        // hand for the ',' after every value.
        let mut in_object = false;
        let mut expect = Expect::Value;
        // Steps over a ',' right after the token that ends at `$end`, inside a container,
        // without a round through the lexer and this loop, where the lexer promises that
        // the byte is that token (a constant for a generated lexer); whether it did.
        macro_rules! step_over_comma {
            ($end:expr) => {
                self.depth > 0 && lexer.step_over($end, b',', JsonToken::Comma)
            };
        }
        // The next token, from `$next` (the lexer, or one of its entry points: the
        // same answer, faster for the tokens expected there); `$complete`: a value is
        // complete (a stream's document may end before a lexical error).
        macro_rules! fetch {
            ($next:expr, $complete:expr) => {
                match $next {
                    Some(Ok(t)) => Some(t),
                    None => None,
                    Some(Err(e)) => {
                        if $complete && self.one && self.depth == 0 {
                            // The document is complete; what follows is the next one's.
                            return Ok(Self::finish_one(lexer.view(), e.start));
                        }
                        let t = self.lexical(lexer, e)?;
                        lexer.set_offset(t.end);
                        Some(t)
                    }
                }
            };
        }
        // Each arm lexes its own token: where the parser knows what comes next, through
        // the entry point for it, whose first byte has only those tokens to tell apart.
        loop {
            match expect {
                Expect::Value | Expect::ValueOrArrayEnd => {
                    // A number straight from the input, where the lexer promises that
                    // its tokens would be the same (no dispatch on the first byte, no
                    // second pass over the digits to convert them).
                    if !DIALECTS && !Self::NUMBER_TEXT {
                        let first = matches!(expect, Expect::ValueOrArrayEnd);
                        if let Some(end) = self.direct_number(&*lexer, first) {
                            lexer.set_offset(end);
                            if step_over_comma!(end) {
                                expect = if in_object { Expect::Key } else { Expect::Value };
                                continue;
                            }
                            expect = Expect::CommaOrClose;
                            continue;
                        }
                    }
                    let tok = fetch!(lexer.next_token(), false);
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
                        // JSON5's values, a trailing comma's ']', or an error.
                        _ if DIALECTS => {
                            if let DialectValue::CloseArray = self.dialect_value(lexer.view(), t, in_object)? {
                                in_object = self.leave();
                                if let Some(b) = self.sink() {
                                    b.end_array();
                                }
                            }
                        }
                        _ => return Err(self.expected(&*lexer, found(tok), "expected a value")),
                    }
                    if step_over_comma!(t.end) {
                        expect = if in_object { Expect::Key } else { Expect::Value };
                        continue;
                    }
                    expect = Expect::CommaOrClose;
                }
                Expect::KeyOrObjectEnd | Expect::Key => {
                    let first = matches!(expect, Expect::KeyOrObjectEnd);
                    let tok = fetch!(lexer.next_token_in(Entry::Key), false);
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
                        // JSON5's keys, a trailing comma's '}', or an error.
                        _ if DIALECTS => match self.dialect_key(lexer.view(), tok, first)? {
                            DialectKey::Key => expect = Expect::Colon,
                            DialectKey::Bare(start, end) => {
                                if let Some(b) = self.sink() {
                                    // SAFETY: a token's bytes, in the window, that
                                    // `dialect_key` checked are UTF-8.
                                    unsafe { lexer.str(b, start, end, true) };
                                }
                                expect = Expect::Colon;
                            }
                            DialectKey::CloseObject => {
                                in_object = self.leave();
                                if let Some(b) = self.sink() {
                                    b.end_object();
                                }
                                expect = Expect::CommaOrClose;
                            }
                        },
                        _ if first => {
                            return Err(self.expected(&*lexer, found(tok), "expected a string key or '}' after '{'"))
                        }
                        _ => return Err(self.expected(&*lexer, found(tok), "expected a string key after ','")),
                    }
                }
                Expect::Colon => match fetch!(lexer.next_token_in(Entry::Colon), false) {
                    Some(Token { kind: JsonToken::Colon, .. }) => expect = Expect::Value,
                    tok => return Err(self.expected(&*lexer, found(tok), "expected ':' after an object key")),
                },
                Expect::CommaOrClose => {
                    // A value is complete. (At the top level, too, an entry: its answer is
                    // the lexer's, and the whole lexer is inlined once, for values.)
                    let tok = if in_object {
                        fetch!(lexer.next_token_in(Entry::ObjectNext), true)
                    } else {
                        fetch!(lexer.next_token_in(Entry::ArrayNext), true)
                    };
                    if self.depth == 0 {
                        if self.one {
                            let next = tok.map_or(usize::MAX, |t| t.start);
                            return Ok(Self::finish_one(lexer.view(), next));
                        }
                        return match tok {
                            None => Ok(0),
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
                                    if step_over_comma!(t.end) {
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
                                    if step_over_comma!(t.end) {
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

    /// The document is complete and the token at `next` follows it (`one` mode): where
    /// the document ended (before the whitespace). Out of line, so that the loop stays
    /// small.
    #[cold]
    #[inline(never)]
    fn finish_one(input: View<'_>, next: usize) -> usize {
        let (window, base) = (input.window, input.base);
        let mut end = next.saturating_sub(base).min(window.len());
        while end > 0 && matches!(window[end - 1], b' ' | b'\t' | b'\n' | b'\r') {
            end -= 1;
        }
        base + end
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
        if !self.builds() && TRUSTED && t.kind == JsonToken::String {
            return Ok(()); // json.lex's promise: nothing in it can be wrong
        }
        let (window, base) = input.window();
        let (start, end) = (t.start.wrapping_sub(base), t.end.wrapping_sub(base));
        if end < start + 2 || end > window.len() {
            return Err(input.place(Self::malformed(window, start)));
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
        if !self.builds() && TRUSTED && self.options.lone_surrogate == LoneSurrogate::Substitute {
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
        // No closure that captures `input` (the lexer): one the compiler did not inline
        // would take the lexer's address, and its fields out of registers.
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
        if !self.builds() {
            return diagnose::bad_utf8(window, body, offset, options, &mut Discard);
        }
        diagnose::bad_utf8(window, body, offset, options, self.builder.scratch())?;
        self.builder.scratch_str(key);
        Ok(())
    }

    /// A number token for a sink that keeps the text (`arbitrary_precision`); a token
    /// that is not a JSON number by itself goes the typed way, which says what is wrong.
    #[cfg(feature = "arbitrary_precision")]
    #[inline(always)]
    fn number_text<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>) -> Result<bool, Error> {
        let bytes = Self::token_bytes(input, t)?;
        let n = match core::str::from_utf8(bytes).ok().and_then(|s| s.parse::<Number>().ok()) {
            Some(n) => n,
            None => return Ok(false),
        };
        if let Some(b) = self.sink() {
            b.number(n);
        }
        Ok(true)
    }

    /// Whether numbers reach the sink as their text (`arbitrary_precision`): then the
    /// typed number paths, and not [`Parser::direct_number`], read them.
    #[cfg(feature = "arbitrary_precision")]
    const NUMBER_TEXT: bool = S::NUMBER_TEXT;
    #[cfg(not(feature = "arbitrary_precision"))]
    const NUMBER_TEXT: bool = false;

    /// Where a value starts (after a space, at most), a number read from the input
    /// itself when the lexer promises JSON's numbers ([`Input::json_numbers`]) and
    /// something is built: given to the sink (after `begin_array` for an array's
    /// `first` element); where it ends. `None`: no number here, or one for the lexer
    /// and the typed paths (their errors and special cases). The validator keeps the
    /// lexer's number rules: they cost it less than a conversion would.
    #[inline(always)]
    fn direct_number<I: Input<'a, S>>(&mut self, input: &I, first: bool) -> Option<usize> {
        if !self.builds() {
            return None;
        }
        let (bytes, at) = input.json_numbers()?;
        let (scanned, n) = number::direct(bytes, at)?;
        if first {
            self.builder.begin_array();
        }
        self.builder.number(n);
        Some(scanned.end)
    }

    #[inline(always)]
    fn integer<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>) -> Result<(), Error> {
        #[cfg(feature = "arbitrary_precision")]
        if S::NUMBER_TEXT && self.number_text(input, t)? {
            return Ok(());
        }
        if !self.builds() && TRUSTED && t.end.wrapping_sub(t.start) <= 300 {
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
            Err(e) => Err(Self::number_error(input, t, e)),
        }
    }

    #[inline(always)]
    fn float<I: Input<'a, S>>(&mut self, input: &I, t: Token<JsonToken>) -> Result<(), Error> {
        #[cfg(feature = "arbitrary_precision")]
        if S::NUMBER_TEXT && self.number_text(input, t)? {
            return Ok(());
        }
        let bytes = Self::token_bytes(input, t)?;
        if !self.builds() && TRUSTED && number::surely_in_range(bytes) {
            return Ok(());
        }
        match number::parse_float(bytes) {
            Ok(f) => {
                if let Some(b) = self.sink() {
                    b.number(Number::from_finite_f64(f));
                }
                Ok(())
            }
            Err(e) => Err(Self::number_error(input, t, e)),
        }
    }

    /// The bytes of token `t`, from the window.
    #[inline(always)]
    fn token_bytes<'s, I: Input<'a, S>>(input: &'s I, t: Token<JsonToken>) -> Result<&'s [u8], Error>
    where
        'a: 's,
    {
        let (window, base) = input.window();
        match window.get(t.start.wrapping_sub(base)..t.end.wrapping_sub(base)) {
            Some(b) => Ok(b),
            None => Err(input.place(Self::malformed(window, t.start.wrapping_sub(base)))),
        }
    }

    #[inline(always)]
    fn number_error<I: Input<'a, S>>(input: &I, t: Token<JsonToken>, e: NumError) -> Error {
        let (window, base) = input.window();
        input.place(Self::number_error_at(window, t.start - base, e))
    }

    #[cold]
    fn number_error_at(window: &[u8], start: usize, e: NumError) -> Error {
        diagnose::number_error(window, start, e)
    }

    #[cold]
    fn malformed(window: &[u8], start: usize) -> Error {
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
    /// [`Parser::lex_error`] on the window.
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
        let end = if self.builds() {
            diagnose::repair_or_report(window, e, options, self.builder.scratch())?
        } else {
            diagnose::repair_or_report(window, e, options, &mut Discard)?
        };
        self.repaired = true;
        Ok(Token { kind: JsonToken::EscapedString, start: e.start, end })
    }
}

/// Whether each open container is an object, one bit per level: 512 levels inline,
/// more only if `max_depth` asks for them.
struct Nest {
    bits: [u64; 8],
    more: Vec<u64>,
}

impl Nest {
    fn new(max_depth: usize) -> Nest {
        Nest { bits: [0; 8], more: vec![0; max_depth.div_ceil(64).saturating_sub(8)] }
    }

    #[inline(always)]
    fn set(&mut self, level: usize, object: bool) {
        let (w, bit) = (level / 64, 1u64 << (level % 64));
        let word = if w < 8 { &mut self.bits[w] } else { &mut self.more[w - 8] };
        if object {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    #[inline(always)]
    fn is_object(&self, level: usize) -> bool {
        let w = level / 64;
        let word = if w < 8 { self.bits[w] } else { self.more[w - 8] };
        word >> (level % 64) & 1 != 0
    }
}

#[cfg(test)]
mod tests;
