//! jsonlex: a JSON decoder, validator and encoder driven by a lexer compiled from
//! `json-runtime/grammar/json.lex`, and [`json_lexer!`], which compiles your own token grammar into a
//! lexer the same way.
//!
//! ```
//! let value = jsonlex::decode(br#"{"name": "jsonlex", "tags": ["json", 1]}"#).unwrap();
//! assert_eq!(value["tags"][1], 1);
//! assert_eq!(jsonlex::encode(&value), r#"{"name":"jsonlex","tags":["json",1]}"#);
//! let e = jsonlex::validate(b"[1, 2").unwrap_err();
//! assert_eq!((e.line(), e.column()), (1, 6));
//! ```
//!
//! The decoder, encoder and SIMD kernels live in [`runtime`] (the `json-runtime` crate);
//! the generator is the `json-lexgen` crate.

pub use json_runtime as runtime;

/// The JSON lexer, generated from `json-runtime/grammar/json.lex`: `JsonLexer` over a
/// slice, and `JsonLexerStream`, the same automaton over a buffer refilled from a reader
/// (a [`runtime::lex::StreamLexer`], driven by [`runtime::lex::ReadLexer`]). It lives in
/// json-runtime (its build script) so that `Value: FromStr` there uses this same lexer.
pub mod lexer {
    pub use json_runtime::lexer::*;
}

/// Build a lexer from a grammar at compile time: `json_lexer!(file = "grammar/x.lex")`
/// (relative to the crate's `CARGO_MANIFEST_DIR`) or `json_lexer!(r#"...grammar..."#)`,
/// options after it (see the `json-lexgen-macros` crate). The generated code reaches the
/// runtime as `jsonlex::runtime`, so a crate that depends on `jsonlex` alone can use it.
///
/// ```
/// jsonlex::json_lexer!(r#"
///     %name Words;
///     [a-z]+ => Word;
///     " "+   => skip;
///     *      => error;
/// "#);
///
/// let tokens: Vec<_> = Words::new(b"hello world").map(|t| t.map(|t| (t.kind, t.start, t.end))).collect();
/// assert_eq!(tokens, [Ok((WordsToken::Word, 0, 5)), Ok((WordsToken::Word, 6, 11))]);
/// assert!(Words::new(b"hello World").any(|t| t.is_err()), "`W` is not a word byte");
/// ```
#[macro_export]
macro_rules! json_lexer {
    ($($input:tt)*) => {
        $crate::__macros::json_lexer! { @runtime = $crate::runtime; $($input)* }
    };
}
#[doc(hidden)]
pub use json_lexgen_macros as __macros;
pub use json_runtime::value::Str;
pub use json_runtime::{Array, JsonToken, LexError, Lexer, Map, Number, Token, Value};

// ---- Decoding (json-runtime's decoder on the generated lexer) ----

pub use json_runtime::de::{BigInt, DecodeOptions, Dialect, InvalidUtf8, LoneSurrogate, NonFinite};

// ---- Dialects: the same decoder on lexers generated from grammar/jsonc.lex and json5.lex ----

pub mod json5;
pub mod jsonc;

// ---- Lazy access by path (sonic-rs's `get`) ----

pub mod lazy;
pub use json_runtime::error::{Category, Error};
pub use lazy::{get, get_many, JsonPath, JsonType, LazyValue, PathItem, PathTree};

/// Checks that `input` is one JSON document (RFC 8259, default [`DecodeOptions`]),
/// without building it and without allocating (unless it is invalid: the error is
/// boxed).
///
/// ```
/// assert!(jsonlex::validate(br#"{"a": [1, 2.5, "x"]}"#).is_ok());
/// let e = jsonlex::validate(b"[1, 2").unwrap_err();
/// assert_eq!(e.classify(), jsonlex::Category::Eof);
/// ```
pub fn validate(input: &[u8]) -> Result<(), Error> {
    json_runtime::de::validate_trusted::<lexer::JsonLexer>(input, &DecodeOptions::new())
}

/// Checks `input` as [`decode_with`] would with `options`, without building it.
pub fn validate_with(input: &[u8], options: &DecodeOptions) -> Result<(), Error> {
    if options.get_trailing_commas() {
        return json_runtime::de::validate_dialect_trusted::<lexer::JsonLexer>(input, options);
    }
    json_runtime::de::validate_trusted::<lexer::JsonLexer>(input, options)
}

/// Checks that `reader` yields one JSON document, as [`validate`] does on the same
/// bytes (same errors, line, column and offset), without holding the input in memory:
/// the generated streaming lexer reads it through a buffer (64 KiB, grown only for a
/// token longer than half of it). A failed read is an error of category
/// [`Category::Io`] at the offset where reading stopped.
///
/// ```
/// assert!(jsonlex::validate_reader(&br#"{"a": [1, 2.5, "x"]}"#[..]).is_ok());
/// let e = jsonlex::validate_reader(&b"[1,\n 2"[..]).unwrap_err();
/// assert_eq!((e.classify(), e.line(), e.column(), e.offset()), (jsonlex::Category::Eof, 2, 3, 6));
/// ```
pub fn validate_reader<R: std::io::Read>(reader: R) -> Result<(), Error> {
    json_runtime::de::validate_reader_trusted::<lexer::JsonLexerStream, R>(reader, &DecodeOptions::new())
}

/// Checks `reader`'s document as [`validate_with`] would with `options`, trailing
/// commas included.
pub fn validate_reader_with<R: std::io::Read>(reader: R, options: &DecodeOptions) -> Result<(), Error> {
    if options.get_trailing_commas() {
        return json_runtime::de::validate_dialect_reader_trusted::<lexer::JsonLexerStream, R>(reader, options);
    }
    json_runtime::de::validate_reader_trusted::<lexer::JsonLexerStream, R>(reader, options)
}

/// Decodes one JSON document from `reader`, as [`decode`] does on the same bytes,
/// through the buffer of [`validate_reader`] (the input is never held whole; the
/// value is).
///
/// ```
/// let v = jsonlex::decode_reader(&br#"{"name": "jsonlex", "tags": ["json", 1]}"#[..]).unwrap();
/// assert_eq!(v["tags"][1], 1);
/// ```
pub fn decode_reader<R: std::io::Read>(reader: R) -> Result<Value, Error> {
    // SAFETY: `JsonLexerStream` is generated from json-runtime/grammar/json.lex, as `JsonLexer` is
    // (see `decode_with`); tests/integration/lexer_streaming.rs checks that it gives
    // the slice lexer's tokens.
    unsafe { json_runtime::de::decode_reader_trusted::<lexer::JsonLexerStream, R>(reader, &DecodeOptions::new()) }
}

/// Decodes one JSON document with the default [`DecodeOptions`].
///
/// ```
/// let v = jsonlex::decode(br#"{"name": "jsonlex", "tags": ["json", 1]}"#).unwrap();
/// assert_eq!(v["name"], "jsonlex");
/// assert_eq!(v["tags"][1], 1);
/// let e = jsonlex::decode(b"{\"a\": 1 \"b\": 2}").unwrap_err();
/// assert_eq!(e.to_string(), "expected ',' or '}' after an object member at line 1, column 9");
/// ```
pub fn decode(input: &[u8]) -> Result<Value, Error> {
    decode_with(input, &DecodeOptions::new())
}

/// Decodes one JSON document from a `str`.
pub fn decode_str(input: &str) -> Result<Value, Error> {
    decode_with(input.as_bytes(), &DecodeOptions::new())
}

/// Decodes one JSON document with `options`.
///
/// ```
/// use jsonlex::{DecodeOptions, InvalidUtf8};
/// let v = jsonlex::decode_with(b"\"a\xFFb\"", &DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute)).unwrap();
/// assert_eq!(v, "a\u{FFFD}b");
/// ```
pub fn decode_with(input: &[u8], options: &DecodeOptions) -> Result<Value, Error> {
    // SAFETY: `JsonLexer` is generated from json-runtime/grammar/json.lex, whose string rules accept
    // only well-formed UTF-8 (tests/integration/decode_boundary.rs and the JSONTestSuite
    // test check the generated lexer against that), on either parser loop.
    unsafe {
        if options.get_trailing_commas() {
            return json_runtime::de::decode_dialect_trusted::<lexer::JsonLexer>(input, options);
        }
        json_runtime::de::decode_trusted::<lexer::JsonLexer>(input, options)
    }
}

// ---- The borrowed document (json-runtime's `document` module on the generated lexer) ----

pub use json_runtime::document::{DocIndex, Elements, Kind, Members, ValueRef};

/// A parsed JSON document that borrows from its input: every value one node on a tape
/// the document owns, strings without escapes left in the input. Parsing it makes a
/// few allocator calls per document where [`decode`] makes one per string, array and
/// object. It accepts and rejects exactly what [`decode`] does, with the same errors.
///
/// ```
/// use jsonlex::{Document, Kind};
/// let doc = Document::parse(br#"{"name": "jsonlex", "tags": ["json", 1], "n": -2.5}"#).unwrap();
/// let root = doc.root();
/// assert_eq!(root.get("name").and_then(|v| v.as_str()), Some("jsonlex"));
/// assert_eq!(root.index("tags").index(1).as_u64(), Some(1));
/// assert_eq!(root.pointer("/n").and_then(|v| v.as_f64()), Some(-2.5));
/// // A miss: `get` gives `None`, `index` a null view (as `value["key"]` gives `null`).
/// assert!(root.get("nope").is_none());
/// assert_eq!(root.index("nope").index(3).kind(), Kind::Null);
/// let tags: Vec<String> = root.index("tags").as_array().unwrap().map(|v| v.to_string()).collect();
/// assert_eq!(tags, [r#""json""#, "1"]);
/// for (key, value) in root.as_object().unwrap() {
///     assert!(!key.is_empty() && !value.is_null());
/// }
/// // The same value as `decode`, and the same encoding.
/// let value = jsonlex::decode(doc.input()).unwrap();
/// assert_eq!(root.to_owned(), value);
/// assert_eq!(doc.encode(), jsonlex::encode(&value));
/// // The same errors.
/// let e = Document::parse(b"{\"a\": 1 \"b\": 2}").unwrap_err();
/// assert_eq!(e.to_string(), "expected ',' or '}' after an object member at line 1, column 9");
/// ```
///
/// Repeated keys stay as written: iterating an object yields each member, while `get`
/// and `index` find the last one (the value `decode` keeps), and `to_owned` and the
/// encoders give what `decode` gives:
///
/// ```
/// let doc = jsonlex::Document::parse(br#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
/// assert_eq!(doc.root().len(), 3);
/// assert_eq!(doc.root().index("a").as_i64(), Some(3));
/// assert_eq!(doc.encode(), r#"{"a":3,"b":2}"#);
/// ```
pub struct Document<'a>(json_runtime::Document<'a>);

impl<'a> Document<'a> {
    /// Parses one JSON document with the default [`DecodeOptions`].
    pub fn parse(input: &'a [u8]) -> Result<Document<'a>, Error> {
        Document::parse_with(input, &DecodeOptions::new())
    }

    /// Parses one JSON document from a `str`.
    pub fn parse_str(input: &'a str) -> Result<Document<'a>, Error> {
        Document::parse_with(input.as_bytes(), &DecodeOptions::new())
    }

    /// Parses one JSON document with `options` (as [`decode_with`]).
    ///
    /// ```
    /// use jsonlex::{DecodeOptions, Document};
    /// let e = Document::parse_with(b"[[1]]", &DecodeOptions::new().max_depth(1)).unwrap_err();
    /// assert_eq!(e.classify(), jsonlex::Category::Depth);
    /// ```
    pub fn parse_with(input: &'a [u8], options: &DecodeOptions) -> Result<Document<'a>, Error> {
        // SAFETY: as in `decode_with`: `JsonLexer` (json-runtime/grammar/json.lex) makes only UTF-8
        // string tokens.
        unsafe { json_runtime::Document::parse_trusted_with_lexer::<lexer::JsonLexer>(input, options) }.map(Document)
    }

    /// The document of json-runtime this wraps.
    pub fn into_inner(self) -> json_runtime::Document<'a> {
        self.0
    }
}

/// Everything else ([`root`](json_runtime::Document::root), `encode`, ...) is
/// json-runtime's [`Document`](json_runtime::Document)'s.
impl<'a> core::ops::Deref for Document<'a> {
    type Target = json_runtime::Document<'a>;
    fn deref(&self) -> &json_runtime::Document<'a> {
        &self.0
    }
}

impl core::fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(&self.0, f)
    }
}

impl core::fmt::Display for Document<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Document<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

// ---- Document streams (src/stream.rs) and NDJSON (src/ndjson.rs) ----

mod stream;
#[cfg(feature = "serde")]
pub use stream::{decode_reader_stream, decode_reader_stream_with, ValueReaderStream};
pub use stream::{decode_stream, ValueStream};

pub mod ndjson;

// ---- Encoding (json-runtime's table-driven encoder) ----

// `encode` gives exactly `serde_json::to_string`'s output; `EncodeOptions` (with a PHP
// preset, `EncodeOptions::php()`) changes escaping, indentation and number format.
pub use json_runtime::ser::{
    encode, encode_to_vec, encode_to_vec_with, encode_to_writer, encode_to_writer_with, encode_with, EncodeOptions,
};

/// Reformats the JSON document that `reader` yields into `writer` as it reads it: the
/// bytes `encode_with(&decode_with(input, decode)?, encode)` gives, written in blocks,
/// in memory that does not grow with the input (the lexer's buffer of
/// [`validate_reader`], a 64 KiB output block, the keys of the open objects, and an
/// object's output until it closes, up to 4 MiB, so that a duplicate key's value can
/// take the first one's place as `decode` does; a duplicate met later in an object
/// already written out is an error). With [`EncodeOptions::sort_keys`] the document is
/// decoded whole first (sorting needs whole objects). The writer is flushed at the end.
///
/// Strict JSON ([`DecodeOptions::trailing_commas`] is not read). A bad document gives
/// `decode`'s error (message, line, column, offset); a failed read or write an error of
/// category [`Category::Io`] at the input position where reading stopped. Either way,
/// the output written before the error stays written.
///
/// ```
/// use jsonlex::{DecodeOptions, EncodeOptions};
/// let mut out = Vec::new();
/// let input = br#"{"a": [1, 2.50, "\u00e9"], "a": null, "b": {}}"#;
/// jsonlex::transcode_reader(&input[..], &mut out, &DecodeOptions::new(), &EncodeOptions::new()).unwrap();
/// assert_eq!(out, br#"{"a":null,"b":{}}"#);
/// let mut out = Vec::new();
/// jsonlex::transcode_reader(&b"[1, 2"[..], &mut out, &DecodeOptions::new(), &EncodeOptions::php()).unwrap_err();
/// ```
pub fn transcode_reader<R: std::io::Read, W: std::io::Write>(
    reader: R,
    writer: W,
    decode: &DecodeOptions,
    encode: &EncodeOptions,
) -> Result<(), Error> {
    // SAFETY: `JsonLexerStream` is generated from json-runtime/grammar/json.lex (see `decode_reader`).
    unsafe {
        json_runtime::ser::transcode_reader_trusted::<lexer::JsonLexerStream, R, W>(reader, writer, decode, encode)
    }
}

/// As [`transcode_reader`], from a slice.
///
/// ```
/// let out = jsonlex::transcode(b"[1.0, {\"x\": true}]", &jsonlex::EncodeOptions::new().pretty(1)).unwrap();
/// assert_eq!(out, b"[\n 1.0,\n {\n  \"x\": true\n }\n]");
/// ```
pub fn transcode(input: &[u8], encode: &EncodeOptions) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    transcode_reader(input, &mut out, &DecodeOptions::new(), encode)?;
    Ok(out)
}

// ---- serde (feature `serde`, on by default; src/serde_api.rs) ----

#[cfg(feature = "serde")]
mod serde_api;
#[cfg(feature = "serde")]
pub use serde_api::{
    from_reader, from_reader_with, from_slice, from_slice_with, from_str, from_value, to_string, to_string_pretty,
    to_string_with, to_value, to_vec, to_vec_pretty, to_vec_with, to_writer, to_writer_pretty, to_writer_with,
    Deserializer, IoRead, Serializer, StreamDeserializer,
};

#[cfg(feature = "serde")]
mod json_macro;

#[cfg(feature = "serde")]
mod raw;

/// serde_json's module paths: `jsonlex::value::{Value, Number, Map, RawValue, to_value,
/// from_value, to_raw_value}`.
pub mod value {
    #[cfg(feature = "serde")]
    pub use crate::raw::{to_raw_value, RawValue};
    #[cfg(feature = "serde")]
    pub use crate::serde_api::to_value;
    pub use json_runtime::value::*;
}

/// serde_json's `serde_json::map`: [`Map`] and its entry API.
pub mod map {
    pub use json_runtime::value::{Entry, Iter, IterMut, Map, OccupiedEntry, VacantEntry};
}

/// serde_json's `serde_json::error`: [`Error`] and [`Category`].
pub mod error {
    pub use json_runtime::error::{Category, Error};
}

#[cfg(test)]
mod tests {
    #[test]
    fn encode_is_reexported_with_serde_json_and_php_output() {
        let v = crate::decode(br#"{"a": "b/c", "n": 1.0, "u": "\u00e9"}"#).unwrap();
        assert_eq!(crate::encode(&v), "{\"a\":\"b/c\",\"n\":1.0,\"u\":\"\u{e9}\"}");
        assert_eq!(crate::encode_with(&v, &crate::EncodeOptions::php()), r#"{"a":"b\/c","n":1,"u":"\u00e9"}"#);
    }
}
