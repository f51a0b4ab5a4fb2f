//! serde on the generated lexer and the table-driven encoder (feature `serde`, on by
//! default): decode straight into user types, encode them, convert to and from
//! [`Value`](crate::Value).

use std::io;

use json_runtime::de::serde as serde_de;
use json_runtime::ser::serde as serde_ser;
use serde::de::{Deserialize, DeserializeOwned};
use serde::Serialize;

use json_runtime::ser::EncodeOptions;

use crate::{lexer, DecodeOptions, Error};

pub use json_runtime::ser::serde::Serializer;
pub use json_runtime::value::from_value;

/// `value` as a [`Value`](crate::Value), as `serde_json::to_value` makes it (by value
/// or `&value`); a [`RawValue`](crate::value::RawValue) in it is parsed.
pub use json_runtime::value::to_value;

/// serde's `Deserializer` over the generated JSON lexer: over a slice
/// (`Deserializer<'de>`, from [`Deserializer::new`] or `from_slice`), or over a reader
/// (`Deserializer<'de, IoRead<R>>`, from [`Deserializer::from_reader`], which holds the
/// longest token, not the input). The constructors check string tokens' UTF-8 again;
/// [`from_slice`], [`from_reader`] and friends trust the lexer.
///
/// `Deserializer::from_slice(input).into_iter::<T>()` and
/// `Deserializer::from_reader(reader).into_iter::<T>()` are [`StreamDeserializer`]s: the
/// whitespace-separated documents of the input one after the other (NDJSON, `{}{}`,
/// `1 2`).
pub type Deserializer<'de, S = lexer::JsonLexer<'de>> = serde_de::Deserializer<'de, lexer::JsonLexer<'de>, S>;

/// Where a [`Deserializer`] over a reader takes its tokens from: the generated
/// streaming JSON lexer over the reader's bytes, through a buffer.
pub type IoRead<R> = serde_de::IoRead<R, lexer::JsonLexerStream>;

/// The documents of an input, each decoded as a `T`, from
/// `Deserializer::from_slice(input).into_iter::<T>()`; as serde_json's: the iterator
/// stops after an error, [`byte_offset`](serde_de::StreamDeserializer::byte_offset) is
/// where the last good document ended.
///
/// ```
/// let input = b"{\"id\": 1} {\"id\": 2}\n[3]";
/// let mut docs = jsonlex::Deserializer::from_slice(input).into_iter::<jsonlex::Value>();
/// assert_eq!(docs.next().unwrap().unwrap()["id"], 1);
/// assert_eq!(docs.byte_offset(), 9);
/// assert_eq!(docs.next().unwrap().unwrap()["id"], 2);
/// assert_eq!(docs.next().unwrap().unwrap()[0], 3);
/// assert!(docs.next().is_none());
///
/// let mut docs = jsonlex::Deserializer::from_slice(b"1 2\n[3,").into_iter::<jsonlex::Value>();
/// assert_eq!((docs.next().unwrap().unwrap(), docs.next().unwrap().unwrap()), (1.into(), 2.into()));
/// let e = docs.next().unwrap().unwrap_err();
/// assert_eq!(e.to_string(), "EOF while parsing a value at line 2 column 3"); // serde_json's words and place
/// assert_eq!(docs.byte_offset(), 4); // where "[3," starts
/// assert!(docs.next().is_none());
/// ```
///
/// From a reader, the same documents, offsets and errors, in bounded memory
/// (`StreamDeserializer<'de, T, IoRead<R>>`):
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Event { id: u32 }
/// let file = &b"{\"id\": 1}\n{\"id\": 2}\n{\"id\": x}\n"[..]; // any `std::io::Read`
/// let mut docs = jsonlex::Deserializer::from_reader(file).into_iter::<Event>();
/// assert_eq!(docs.next().unwrap().unwrap().id, 1);
/// assert_eq!(docs.next().unwrap().unwrap().id, 2);
/// assert_eq!(docs.byte_offset(), 19);
/// let e = docs.next().unwrap().unwrap_err();
/// assert_eq!((e.line(), e.column()), (3, 8));
/// assert!(docs.next().is_none());
/// ```
pub type StreamDeserializer<'de, T, S = lexer::JsonLexer<'de>> =
    serde_de::StreamDeserializer<'de, lexer::JsonLexer<'de>, T, S>;

/// Decodes a `T` from one JSON document, with the default [`DecodeOptions`]. Strings
/// without escapes can be borrowed (`&'a str` fields).
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct User<'a> { name: &'a str, age: u8 }
/// let u: User = jsonlex::from_slice(br#"{"name": "Ada", "age": 36}"#).unwrap();
/// assert_eq!(u, User { name: "Ada", age: 36 });
/// let e = jsonlex::from_slice::<User>(br#"{"name": "Ada"}"#).unwrap_err();
/// assert_eq!(e.to_string(), "missing field `age` at line 1 column 15");
/// ```
pub fn from_slice<'a, T: Deserialize<'a>>(input: &'a [u8]) -> Result<T, Error> {
    from_slice_with(input, &DecodeOptions::new())
}

/// Decodes a `T` from one JSON document with `options` (depth limit, invalid UTF-8
/// and lone surrogate handling, big integers).
pub fn from_slice_with<'a, T: Deserialize<'a>>(input: &'a [u8], options: &DecodeOptions) -> Result<T, Error> {
    // SAFETY: `JsonLexer` is generated from json-runtime/grammar/json.lex, whose string rules accept
    // only well-formed UTF-8 (as for `decode_with`).
    unsafe { serde_de::from_slice_trusted::<lexer::JsonLexer, T>(input, options) }
}

/// Decodes a `T` from a `str`.
pub fn from_str<'a, T: Deserialize<'a>>(input: &'a str) -> Result<T, Error> {
    from_slice(input.as_bytes())
}

/// Decodes a `T` from the one JSON document `reader` yields, as [`from_slice`] does on
/// the same bytes (same values; same errors, line, column and offset), without holding
/// the input: the generated streaming lexer reads it through a buffer (64 KiB, grown
/// only for a token longer than half of it). A failed read is an error of category
/// `Io` naming the offset where reading stopped, never a truncated document.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct User { name: String, age: u8 }
/// let u: User = jsonlex::from_reader(&br#"{"name": "Ada", "age": 36}"#[..]).unwrap();
/// assert_eq!(u, User { name: "Ada".into(), age: 36 });
/// let e = jsonlex::from_reader::<_, User>(&b"{\"name\": \"Ada\",\n \"age\": -1}"[..]).unwrap_err();
/// assert_eq!(e.to_string(), "invalid value: integer `-1`, expected u8 at line 2 column 10");
/// ```
pub fn from_reader<R: io::Read, T: DeserializeOwned>(reader: R) -> Result<T, Error> {
    from_reader_with(reader, &DecodeOptions::new())
}

/// Decodes a `T` from `reader`'s document with `options`, as [`from_slice_with`] does.
pub fn from_reader_with<R: io::Read, T: DeserializeOwned>(reader: R, options: &DecodeOptions) -> Result<T, Error> {
    // SAFETY: `JsonLexerStream` is generated from json-runtime/grammar/json.lex, as `JsonLexer` is,
    // whose string rules accept only well-formed UTF-8 (as for `decode_with`).
    unsafe { serde_de::from_reader_trusted::<lexer::JsonLexerStream, R, T>(reader, options) }
}

/// `value` as compact JSON, as `serde_json::to_string` writes it.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    serde_ser::to_string_with(value, &EncodeOptions::new())
}

/// `value` as compact JSON bytes, as `serde_json::to_vec` writes them.
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    serde_ser::to_vec_with(value, &EncodeOptions::new())
}

/// Writes `value` as compact JSON to `writer`.
pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<(), Error> {
    serde_ser::to_writer_with(writer, value, &EncodeOptions::new())
}

/// `value` as JSON under `options` (escaping, pretty printing, number format).
///
/// ```
/// let text = jsonlex::to_string_with(&["a/b", "é"], &jsonlex::runtime::EncodeOptions::php()).unwrap();
/// assert_eq!(text, r#"["a\/b","\u00e9"]"#);
/// ```
pub fn to_string_with<T: ?Sized + Serialize>(value: &T, options: &EncodeOptions) -> Result<String, Error> {
    serde_ser::to_string_with(value, options)
}

/// `value` as JSON bytes under `options`.
pub fn to_vec_with<T: ?Sized + Serialize>(value: &T, options: &EncodeOptions) -> Result<Vec<u8>, Error> {
    serde_ser::to_vec_with(value, options)
}

/// Writes `value` as JSON under `options` to `writer`.
pub fn to_writer_with<W: io::Write, T: ?Sized + Serialize>(
    writer: W,
    value: &T,
    options: &EncodeOptions,
) -> Result<(), Error> {
    serde_ser::to_writer_with(writer, value, options)
}

/// `value` as pretty-printed JSON (two spaces per level), as
/// `serde_json::to_string_pretty` writes it; [`to_string_with`] and
/// [`EncodeOptions::pretty`] choose another indent.
///
/// ```
/// let text = jsonlex::to_string_pretty(&jsonlex::json!({"a": [1, 2], "b": {}})).unwrap();
/// assert_eq!(text, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
/// ```
pub fn to_string_pretty<T: ?Sized + Serialize>(value: &T) -> Result<String, Error> {
    serde_ser::to_string_with(value, &EncodeOptions::new().pretty(2))
}

/// `value` as pretty-printed JSON bytes, as `serde_json::to_vec_pretty` writes them.
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>, Error> {
    serde_ser::to_vec_with(value, &EncodeOptions::new().pretty(2))
}

/// Writes `value` as pretty-printed JSON to `writer`, as `serde_json::to_writer_pretty`.
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<(), Error> {
    serde_ser::to_writer_with(writer, value, &EncodeOptions::new().pretty(2))
}
