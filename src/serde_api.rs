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
pub use json_runtime::value::{from_value, to_value};

/// serde's `Deserializer` over the generated JSON lexer. [`Deserializer::new`] checks
/// string tokens' UTF-8 again; [`from_slice`] and friends trust the lexer.
///
/// `Deserializer::from_slice(input).into_iter::<T>()` is a [`StreamDeserializer`]: the
/// whitespace-separated documents of `input` one after the other (NDJSON, `{}{}`, `1 2`).
pub type Deserializer<'de> = serde_de::Deserializer<'de, lexer::JsonLexer<'de>>;

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
/// assert_eq!((e.line(), e.column()), (2, 4));
/// assert_eq!(docs.byte_offset(), 4); // where "[3," starts
/// assert!(docs.next().is_none());
/// ```
pub type StreamDeserializer<'de, T> = serde_de::StreamDeserializer<'de, lexer::JsonLexer<'de>, T>;

/// Decodes a `T` from one JSON document, with the default [`DecodeOptions`]. Strings
/// without escapes can be borrowed (`&'a str` fields).
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct User<'a> { name: &'a str, age: u8 }
/// let u: User = jsonlex::from_slice(br#"{"name": "Ada", "age": 36}"#).unwrap();
/// assert_eq!(u, User { name: "Ada", age: 36 });
/// let e = jsonlex::from_slice::<User>(br#"{"name": "Ada"}"#).unwrap_err();
/// assert_eq!(e.to_string(), "missing field `age` at line 1, column 15");
/// ```
pub fn from_slice<'a, T: Deserialize<'a>>(input: &'a [u8]) -> Result<T, Error> {
    from_slice_with(input, &DecodeOptions::new())
}

/// Decodes a `T` from one JSON document with `options` (depth limit, invalid UTF-8
/// and lone surrogate handling, big integers).
pub fn from_slice_with<'a, T: Deserialize<'a>>(input: &'a [u8], options: &DecodeOptions) -> Result<T, Error> {
    // SAFETY: `JsonLexer` is generated from grammar/json.lex, whose string rules accept
    // only well-formed UTF-8 (as for `decode_with`).
    unsafe { serde_de::from_slice_trusted::<lexer::JsonLexer, T>(input, options) }
}

/// Decodes a `T` from a `str`.
pub fn from_str<'a, T: Deserialize<'a>>(input: &'a str) -> Result<T, Error> {
    from_slice(input.as_bytes())
}

/// Reads `reader` to its end and decodes a `T` from it (an I/O failure is an error of
/// category `Io`).
pub fn from_reader<R: io::Read, T: DeserializeOwned>(mut reader: R) -> Result<T, Error> {
    let mut input = Vec::new();
    reader.read_to_end(&mut input).map_err(serde_ser::io_error)?;
    from_slice(&input)
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
