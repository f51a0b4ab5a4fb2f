//! serde's `Deserialize` for the document model, and a [`Value`] as a serde
//! `Deserializer` ([`from_value`]): any serde type out of a `Value` without going
//! through text.

use core::fmt;

use serde::de::value::SeqDeserializer;
use serde::de::{self, DeserializeOwned, IntoDeserializer, Unexpected, Visitor};

#[cfg(feature = "arbitrary_precision")]
use super::precise;
#[cfg(not(feature = "arbitrary_precision"))]
use super::N;
use super::{raw, stack, Map, Number, Str, Value};
use crate::error::Error;

/// A `T` from a [`Value`].
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(value)
}

// ---- Deserialize ----

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    #[inline]
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    #[inline]
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    #[inline]
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Value::from_i128(v)
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Value::from_u128(v)
    }
    #[inline]
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    #[inline]
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.into()))
    }
    #[inline]
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v.into()))
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        de::Deserialize::deserialize(d)
    }
    #[inline]
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    // The elements and members are `Value`s again: room for the next level first
    // (`stack.rs`), so that a deserializer without a depth limit cannot overflow here.
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        stack::deep(|| {
            let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(x) = seq.next_element()? {
                v.push(x);
            }
            Ok(Value::Array(v.into()))
        })
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        #[cfg(feature = "arbitrary_precision")]
        return stack::deep(|| {
            // A number's text comes as a map of one member with the private key.
            let mut map = Map::new();
            match access.next_key::<Str>()? {
                None => return Ok(Value::Object(map)),
                Some(k) if precise::is_token(&k) => {
                    let text = access.next_value::<Str>()?;
                    return precise::parse_value(&text).map_err(de::Error::custom);
                }
                Some(k) => {
                    let v = access.next_value::<Value>()?;
                    map.insert(k, v);
                }
            }
            while let Some((k, v)) = access.next_entry::<Str, Value>()? {
                map.insert(k, v);
            }
            Ok(Value::Object(map))
        });
        #[cfg(not(feature = "arbitrary_precision"))]
        stack::deep(|| {
            let mut map = Map::new();
            // A later duplicate replaces the earlier value in its place, as `decode` does.
            while let Some((k, v)) = access.next_entry::<Str, Value>()? {
                map.insert(k, v);
            }
            Ok(Value::Object(map))
        })
    }
}

impl<'de> de::Deserialize<'de> for Value {
    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> de::Deserialize<'de> for Map {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        match d.deserialize_map(ValueVisitor)? {
            Value::Object(m) => Ok(m),
            _ => Err(de::Error::custom("expected a JSON object")),
        }
    }
}

impl<'de> de::Deserialize<'de> for Number {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        match d.deserialize_any(ValueVisitor)? {
            Value::Number(n) => Ok(n),
            other => Err(de::Error::invalid_type(unexpected(&other), &"a JSON number")),
        }
    }
}

fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        // serde_json's words for a number kept as text.
        #[cfg(feature = "arbitrary_precision")]
        Value::Number(_) => Unexpected::Other("number"),
        #[cfg(not(feature = "arbitrary_precision"))]
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64()),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

// ---- Value, &Value and Number as Deserializers (from_value, T::deserialize(&value)) ----

impl IntoDeserializer<'_, Error> for Value {
    type Deserializer = Value;
    fn into_deserializer(self) -> Value {
        self
    }
}

impl<'de> IntoDeserializer<'de, Error> for &'de Value {
    type Deserializer = &'de Value;
    fn into_deserializer(self) -> &'de Value {
        self
    }
}

#[cfg(not(feature = "arbitrary_precision"))]
impl<'de> de::Deserializer<'de> for Number {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            N::PosInt(u) => visitor.visit_u64(u),
            N::NegInt(i) => visitor.visit_i64(i),
            N::Float(f) => visitor.visit_f64(f),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(not(feature = "arbitrary_precision"))]
impl<'de> de::Deserializer<'de> for &Number {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(*self, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// A typed number (`u8`, `f64`, ...) out of a number's text, parsed (serde_json's
/// `arbitrary_precision` rule: `from_value::<f64>` of `3.00` is 3).
#[cfg(feature = "arbitrary_precision")]
macro_rules! deserialize_number_text {
    ($($method:ident => $visit:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(precise::parse(&self)?)
        }
    )*};
}

#[cfg(feature = "arbitrary_precision")]
macro_rules! number_text_deserializer {
    ($t:ty, $owned:expr) => {
        impl<'de> de::Deserializer<'de> for $t {
            type Error = Error;

            fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                #[allow(clippy::redundant_closure_call)]
                precise::visit_any(($owned)(self), visitor)
            }

            deserialize_number_text! {
                deserialize_i8 => visit_i8, deserialize_i16 => visit_i16, deserialize_i32 => visit_i32,
                deserialize_i64 => visit_i64, deserialize_i128 => visit_i128, deserialize_u8 => visit_u8,
                deserialize_u16 => visit_u16, deserialize_u32 => visit_u32, deserialize_u64 => visit_u64,
                deserialize_u128 => visit_u128, deserialize_f32 => visit_f32, deserialize_f64 => visit_f64,
            }

            serde::forward_to_deserialize_any! {
                bool char str string bytes byte_buf option unit unit_struct newtype_struct seq tuple
                tuple_struct map struct enum identifier ignored_any
            }
        }
    };
}

#[cfg(feature = "arbitrary_precision")]
number_text_deserializer!(Number, |n| n);
#[cfg(feature = "arbitrary_precision")]
number_text_deserializer!(&Number, |n: &Number| n.clone());

/// The methods the owned and the borrowed `Value` deserializers leave to
/// `deserialize_any` (with `arbitrary_precision`, the typed number methods parse the
/// number's text instead: `value_number_methods`).
macro_rules! value_forwarded_methods {
    () => {
        #[cfg(not(feature = "arbitrary_precision"))]
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
        }
        #[cfg(feature = "arbitrary_precision")]
        serde::forward_to_deserialize_any! {
            bool char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
        }
        #[cfg(feature = "arbitrary_precision")]
        value_number_methods! {
            deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
            deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
            deserialize_f32 deserialize_f64
        }
    };
}

/// A `Value`'s typed number methods: a number's text parsed, anything else as
/// `deserialize_any` takes it (serde_json's `arbitrary_precision` rule).
#[cfg(feature = "arbitrary_precision")]
macro_rules! value_number_methods {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self {
                Value::Number(n) => de::Deserializer::$method(n, visitor),
                other => de::Deserializer::deserialize_any(other, visitor),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Value {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => de::Deserializer::deserialize_any(n, visitor),
            Value::String(s) => de::Deserializer::deserialize_any(s.into_deserializer(), visitor),
            Value::Array(a) => stack::deep(|| {
                let mut seq = SeqDeserializer::new(a.into_iter());
                let v = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(v)
            }),
            Value::Object(m) => stack::deep(|| {
                let len = m.len();
                let mut map = ObjectAccess { iter: m.into_iter(), value: None };
                let v = visitor.visit_map(&mut map)?;
                match map.iter.len() {
                    0 => Ok(v),
                    rest => Err(de::Error::invalid_length(len - rest, &"fewer elements in map")),
                }
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_none(),
            v => visitor.visit_some(v),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == raw::TOKEN {
            // A raw value from a `Value`: its compact encoding, as serde_json gives it.
            return raw::visit(raw::RawText::Owned(crate::ser::encode(&self)), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let (variant, value) = match self {
            Value::String(s) => (s, None),
            Value::Object(m) if m.len() == 1 => match m.into_iter().next() {
                Some((k, v)) => (k, Some(v)),
                None => return Err(de::Error::custom("expected an object of one member (an enum)")),
            },
            Value::Object(_) => {
                return Err(de::Error::invalid_value(Unexpected::Map, &"map with a single key"));
            }
            other => return Err(de::Error::invalid_type(unexpected(&other), &"string or map")),
        };
        visitor.visit_enum(EnumDeserializer { variant, value })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    value_forwarded_methods!();
}

/// An object's members for a visitor: keys through [`KeyDeserializer`] (so that maps
/// with integer, boolean or float keys read them as `from_str` does).
struct ObjectAccess<I> {
    iter: I,
    value: Option<Value>,
}

impl<'de, I: Iterator<Item = (Str, Value)>> de::MapAccess<'de> for ObjectAccess<I> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(KeyDeserializer { key: Key::Owned(k) }).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(v) => seed.deserialize(v),
            None => Err(de::Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.iter.size_hint().1
    }
}

/// An object's members, borrowed, for a visitor.
struct ObjectRefAccess<'de, I> {
    iter: I,
    value: Option<&'de Value>,
}

impl<'de, I: Iterator<Item = (&'de Str, &'de Value)>> de::MapAccess<'de> for ObjectRefAccess<'de, I> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(KeyDeserializer { key: Key::Borrowed(k) }).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(v) => seed.deserialize(v),
            None => Err(de::Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.iter.size_hint().1
    }
}

enum Key<'de> {
    Owned(Str),
    Borrowed(&'de str),
}

impl Key<'_> {
    fn as_str(&self) -> &str {
        match self {
            Key::Owned(s) => s,
            Key::Borrowed(s) => s,
        }
    }
}

/// An object key out of a `Value`: a string, or, for a map whose keys are numbers or
/// booleans, the number or boolean it holds (serde_json's rule: the whole key must be
/// the number, `" 1"` is not).
struct KeyDeserializer<'de> {
    key: Key<'de>,
}

const NOT_A_NUMBER_KEY: &str = "invalid value: expected key to be a number in quotes";

macro_rules! deserialize_number_key {
    ($($method:ident => $visit:ident: $t:ty,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let s = self.key.as_str();
            let number = s.starts_with(|c: char| c == '-' || c.is_ascii_digit())
                .then(|| s.parse::<$t>().ok())
                .flatten();
            match number {
                Some(n) => visitor.$visit(n),
                None => Err(de::Error::custom(NOT_A_NUMBER_KEY)),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.key {
            Key::Borrowed(s) => visitor.visit_borrowed_str(s),
            Key::Owned(s) => de::Deserializer::deserialize_any(s.into_deserializer(), visitor),
        }
    }

    deserialize_number_key! {
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
        deserialize_u128 => visit_u128: u128,
        deserialize_f32 => visit_f32: f32,
        deserialize_f64 => visit_f64: f64,
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.key.as_str() {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::invalid_type(Unexpected::Str(other), &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // A key is never null.
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == raw::TOKEN {
            // A raw value as a key: the key as a JSON string.
            let text = crate::ser::encode(&Value::String(self.key.as_str().into()));
            return raw::visit(raw::RawText::Owned(text), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.key {
            Key::Borrowed(s) => {
                let d: de::value::BorrowedStrDeserializer<'de, Error> = de::value::BorrowedStrDeserializer::new(s);
                de::Deserializer::deserialize_enum(d, name, variants, visitor)
            }
            Key::Owned(s) => de::Deserializer::deserialize_enum(
                IntoDeserializer::<Error>::into_deserializer(s),
                name,
                variants,
                visitor,
            ),
        }
    }

    serde::forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

impl<'de> de::Deserializer<'de> for &'de Value {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => de::Deserializer::deserialize_any(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(a) => stack::deep(|| {
                let mut seq = SeqDeserializer::new(a.iter());
                let v = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(v)
            }),
            Value::Object(m) => stack::deep(|| {
                let len = m.len();
                let mut map = ObjectRefAccess { iter: m.iter(), value: None };
                let v = visitor.visit_map(&mut map)?;
                match map.iter.len() {
                    0 => Ok(v),
                    rest => Err(de::Error::invalid_length(len - rest, &"fewer elements in map")),
                }
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Value::Null => visitor.visit_none(),
            v => visitor.visit_some(v),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == raw::TOKEN {
            // A raw value from a `Value`: its compact encoding, as serde_json gives it.
            return raw::visit(raw::RawText::Owned(crate::ser::encode(self)), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let (variant, value) = match self {
            Value::String(s) => (&**s, None),
            Value::Object(m) if m.len() == 1 => match m.iter().next() {
                Some((k, v)) => (&**k, Some(v)),
                None => return Err(de::Error::custom("expected an object of one member (an enum)")),
            },
            Value::Object(_) => {
                return Err(de::Error::invalid_value(Unexpected::Map, &"map with a single key"));
            }
            other => return Err(de::Error::invalid_type(unexpected(other), &"string or map")),
        };
        visitor.visit_enum(EnumRefDeserializer { variant, value })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    value_forwarded_methods!();
}

struct EnumRefDeserializer<'de> {
    variant: &'de str,
    value: Option<&'de Value>,
}

impl<'de> de::EnumAccess<'de> for EnumRefDeserializer<'de> {
    type Error = Error;
    type Variant = VariantRefDeserializer<'de>;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, VariantRefDeserializer<'de>), Error> {
        let d: de::value::BorrowedStrDeserializer<'de, Error> = de::value::BorrowedStrDeserializer::new(self.variant);
        let variant = seed.deserialize(d)?;
        Ok((variant, VariantRefDeserializer { value: self.value }))
    }
}

struct VariantRefDeserializer<'de> {
    value: Option<&'de Value>,
}

impl<'de> de::VariantAccess<'de> for VariantRefDeserializer<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            None | Some(Value::Null) => Ok(()),
            Some(v) => Err(de::Error::invalid_type(unexpected(v), &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.value {
            Some(v) => seed.deserialize(v),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant")),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v @ Value::Array(_)) => de::Deserializer::deserialize_any(v, visitor),
            Some(v) => Err(de::Error::invalid_type(unexpected(v), &"tuple variant")),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant")),
        }
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v @ Value::Object(_)) => de::Deserializer::deserialize_any(v, visitor),
            Some(v) => Err(de::Error::invalid_type(unexpected(v), &"struct variant")),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant")),
        }
    }
}
struct EnumDeserializer {
    variant: Str,
    value: Option<Value>,
}

impl<'de> de::EnumAccess<'de> for EnumDeserializer {
    type Error = Error;
    type Variant = VariantDeserializer;

    fn variant_seed<V: de::DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, VariantDeserializer), Error> {
        let variant = seed.deserialize(IntoDeserializer::<Error>::into_deserializer(self.variant))?;
        Ok((variant, VariantDeserializer { value: self.value }))
    }
}

struct VariantDeserializer {
    value: Option<Value>,
}

impl<'de> de::VariantAccess<'de> for VariantDeserializer {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            None | Some(Value::Null) => Ok(()),
            Some(v) => Err(de::Error::invalid_type(unexpected(&v), &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.value {
            Some(v) => seed.deserialize(v),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant")),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v @ Value::Array(_)) => de::Deserializer::deserialize_any(v, visitor),
            Some(v) => Err(de::Error::invalid_type(unexpected(&v), &"tuple variant")),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant")),
        }
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Some(v @ Value::Object(_)) => de::Deserializer::deserialize_any(v, visitor),
            Some(v) => Err(de::Error::invalid_type(unexpected(&v), &"struct variant")),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant")),
        }
    }
}
