//! The protocol of raw JSON text through serde (serde_json's `RawValue`, which the
//! `jsonlex` crate defines as `jsonlex::value::RawValue`).
//!
//! serde has no data type for "this JSON text as it is", so serde_json smuggles it
//! through a struct and a map of one member with a private name, [`TOKEN`]:
//!
//! - serializing, a raw value is `serialize_struct(TOKEN, 1)` with one field, the text
//!   as a string: the JSON serializer writes the text verbatim, the `Value` serializer
//!   parses it;
//! - deserializing, a raw value asks for `deserialize_newtype_struct(TOKEN, ..)`: the
//!   JSON deserializer checks the next value as it skips it and hands the visitor a map
//!   of one member, key `TOKEN`, value the text it skipped ([`RawAccess`]); a `Value`
//!   hands its compact encoding.
//!
//! jsonlex uses serde_json's own name, so that serde_json's `RawValue` goes through
//! jsonlex (and jsonlex's through serde_json) too.

use serde::de::value::{BorrowedStrDeserializer, StrDeserializer, StringDeserializer};
use serde::de::{self, DeserializeSeed, Visitor};
use serde::ser::{self, Impossible};

use crate::error::{Category, Error};

/// The private name of a raw value's struct, field and map key (serde_json's).
#[doc(hidden)]
pub const TOKEN: &str = "$serde_json::private::RawValue";

/// The text of a raw value, as the deserializer can lend it.
pub(crate) enum RawText<'de, 's> {
    /// Part of the input, for `'de` (a slice's).
    Borrowed(&'de str),
    /// Part of a buffer (a reader's), until the deserializer moves on.
    Copied(&'s str),
    /// Made for the occasion (a `Value`'s encoding).
    Owned(String),
}

/// The map of one member (`TOKEN`: the text) that a raw value's visitor is given.
pub(crate) struct RawAccess<'de, 's> {
    text: Option<RawText<'de, 's>>,
}

impl<'de, 's> RawAccess<'de, 's> {
    pub(crate) fn new(text: RawText<'de, 's>) -> Self {
        RawAccess { text: Some(text) }
    }
}

impl<'de> de::MapAccess<'de> for RawAccess<'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        if self.text.is_none() {
            return Ok(None);
        }
        seed.deserialize(BorrowedStrDeserializer::new(TOKEN)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.text.take() {
            Some(RawText::Borrowed(s)) => seed.deserialize(BorrowedStrDeserializer::new(s)),
            Some(RawText::Copied(s)) => seed.deserialize(StrDeserializer::new(s)),
            Some(RawText::Owned(s)) => seed.deserialize(StringDeserializer::new(s)),
            None => Err(de::Error::custom("a raw value's text was taken twice")),
        }
    }
}

/// Hands `visitor` the raw value `text`.
pub(crate) fn visit<'de, V: Visitor<'de>>(text: RawText<'de, '_>, visitor: V) -> Result<V::Value, Error> {
    visitor.visit_map(RawAccess::new(text))
}

/// The field of a raw value's struct: its text, which must be a string.
pub(crate) struct TextSerializer;

#[cold]
fn not_text() -> Error {
    Error::unplaced(Category::Data, "expected RawValue")
}

macro_rules! not_text {
    ($($method:ident($($arg:ty),*))*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<String, Error> {
            Err(not_text())
        }
    )*};
}

impl ser::Serializer for TextSerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_owned())
    }

    not_text! {
        serialize_bool(bool) serialize_i8(i8) serialize_i16(i16) serialize_i32(i32) serialize_i64(i64)
        serialize_u8(u8) serialize_u16(u16) serialize_u32(u32) serialize_u64(u64)
        serialize_f32(f32) serialize_f64(f64) serialize_char(char) serialize_bytes(&[u8])
        serialize_none() serialize_unit() serialize_unit_struct(&'static str)
        serialize_unit_variant(&'static str, u32, &'static str)
    }

    fn serialize_some<T: ?Sized + ser::Serialize>(self, _: &T) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_newtype_struct<T: ?Sized + ser::Serialize>(self, _: &'static str, _: &T) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_newtype_variant<T: ?Sized + ser::Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(not_text())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_text())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_text())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_text())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_text())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_text())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_text())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_text())
    }
}
