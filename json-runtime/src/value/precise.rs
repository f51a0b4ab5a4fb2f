//! Feature `arbitrary_precision` (serde_json's): a [`Number`] is its JSON text, so that
//! a number of any size or precision goes through a [`Value`](super::Value) unchanged.
//!
//! The text is the input's, with serde_json's one normalization: an exponent is
//! written `e` with its sign (`1E5` is `1e+5`). Numbers made from Rust values are written as
//! the encoder writes them (`1`, `1.5`, `1e+300`). Equality and hashing compare the
//! text (`1.0 != 1`, `0.10 != 0.1`), as serde_json's; the accessors parse it on demand.
//!
//! Through serde, a number is the struct [`TOKEN`] with one field [`TOKEN`], its text
//! (serde_json's private protocol, and its name, so that numbers cross between the two
//! crates): the JSON serializer writes the text as it is, the `Value` serializer
//! checks and keeps it; deserializers hand a visitor a map of one member (key `TOKEN`,
//! value the text) for a number that is not a 64-bit integer, and `Value`'s visitor
//! recognizes it.

use super::{Number, Str};

/// A number's text (the field of [`Number`] with `arbitrary_precision`).
pub(crate) type N = Str;

/// The private name of a number's struct, field and map key (serde_json's).
pub const TOKEN: &str = "$serde_json::private::Number";

impl Number {
    /// The number's JSON text.
    ///
    /// ```
    /// # use json_runtime::Number;
    /// let n: Number = "0.10000000000000000001".parse().unwrap();
    /// assert_eq!(n.as_str(), "0.10000000000000000001");
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A number of the text `n`, not checked (serde_json's `from_string_unchecked`):
    /// text that is not a JSON number is written as it is by the encoder.
    #[doc(hidden)]
    #[inline]
    pub fn from_string_unchecked(n: String) -> Number {
        Number(Str::from(n))
    }

    /// The number of the well-formed JSON number `s`, with serde_json's normalizations.
    pub(crate) fn from_json_text(s: &str) -> Number {
        let b = s.as_bytes();
        match b.iter().position(|&c| c == b'e' || c == b'E') {
            Some(e) if b[e] == b'e' && matches!(b.get(e + 1), Some(b'+' | b'-')) => Number(Str::from(s)),
            Some(e) => {
                let mut t = String::with_capacity(s.len() + 1);
                t.push_str(&s[..e]);
                t.push('e');
                if !matches!(b.get(e + 1), Some(b'+' | b'-')) {
                    t.push('+');
                }
                t.push_str(&s[e + 1..]);
                Number(Str::from(t))
            }
            None => Number(Str::from(s)),
        }
    }

    /// The number as `u64`, if it is a non-negative integer that fits.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }

    /// The number as `i64`, if it is an integer that fits.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }

    /// The number as the nearest `f64`; beyond `f64`'s range, an infinity
    /// ([`Value::as_f64`](super::Value::as_f64) is `None` for those).
    #[inline]
    pub fn as_f64(&self) -> f64 {
        self.0.parse().unwrap_or(f64::NAN)
    }

    /// The number as the nearest `f32` (rounded once, from the text), if it is in
    /// `f32`'s range.
    #[inline]
    pub fn as_f32(&self) -> Option<f32> {
        self.0.parse::<f32>().ok().filter(|f| f.is_finite())
    }

    /// The number as `i128`, if it is an integer that fits.
    #[inline]
    pub fn as_i128(&self) -> Option<i128> {
        self.0.parse().ok()
    }

    /// The number as `u128`, if it is a non-negative integer that fits.
    #[inline]
    pub fn as_u128(&self) -> Option<u128> {
        self.0.parse().ok()
    }

    /// An integer of any size (always `Some` with `arbitrary_precision`).
    #[inline]
    pub fn from_i128(n: i128) -> Option<Number> {
        Some(Number(Str::from(itoa::Buffer::new().format(n))))
    }

    /// An unsigned integer of any size (always `Some` with `arbitrary_precision`).
    #[inline]
    pub fn from_u128(n: u128) -> Option<Number> {
        Some(Number(Str::from(itoa::Buffer::new().format(n))))
    }

    /// True when the number has a fraction or an exponent and is in `f64`'s range.
    pub fn is_f64(&self) -> bool {
        self.0.bytes().any(|c| matches!(c, b'.' | b'e' | b'E')) && self.as_f64().is_finite()
    }

    /// True when the number is an integer that fits `i64`.
    #[inline]
    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    /// True when the number is a non-negative integer that fits `u64`.
    #[inline]
    pub fn is_u64(&self) -> bool {
        self.as_u64().is_some()
    }

    /// A float, written as the encoder writes it (`1.5`, `1.0`, `1e+300`); `None` for
    /// NaN and infinities, which JSON cannot represent.
    #[inline]
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then(|| Number::from_finite_f64(f))
    }

    /// A float the caller knows to be finite.
    #[inline]
    pub(crate) fn from_finite_f64(f: f64) -> Number {
        Number(Str::from(zmij::Buffer::new().format_finite(f)))
    }

    /// An `f32` in its own shortest digits (`5.55`, not the `f64` `5.550000190734863`).
    #[inline]
    pub(crate) fn from_f32(f: f32) -> Option<Number> {
        f.is_finite().then(|| Number(Str::from(zmij::Buffer::new().format_finite(f))))
    }

    /// The same text.
    pub fn strict_eq(&self, other: &Number) -> bool {
        self == other
    }
}

/// Equal texts hash equally (`0.0` and `-0.0` are different numbers here).
impl core::hash::Hash for Number {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.0.as_str().hash(h)
    }
}

impl From<i128> for Number {
    #[inline]
    fn from(n: i128) -> Number {
        Number(Str::from(itoa::Buffer::new().format(n)))
    }
}

impl From<u128> for Number {
    #[inline]
    fn from(n: u128) -> Number {
        Number(Str::from(itoa::Buffer::new().format(n)))
    }
}

#[cfg(feature = "serde")]
pub(crate) use protocol::*;

#[cfg(feature = "serde")]
mod protocol {
    use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

    use super::TOKEN;
    use crate::error::{Category, Error};
    use crate::value::{Number, Str, Value};

    /// The map of one member (`TOKEN`: the text) that a number's visitor is given.
    pub(crate) struct NumberAccess {
        text: Option<Str>,
    }

    impl<'de> de::MapAccess<'de> for NumberAccess {
        type Error = Error;

        fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
            if self.text.is_none() {
                return Ok(None);
            }
            seed.deserialize(de::value::BorrowedStrDeserializer::new(TOKEN)).map(Some)
        }

        fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
            match self.text.take() {
                Some(s) => seed.deserialize(IntoDeserializer::<Error>::into_deserializer(s.as_str())),
                None => Err(de::Error::custom("a number's text was taken twice")),
            }
        }
    }

    /// Hands `visitor` the number `n`: a 64-bit (then 128-bit) integer as one, a float
    /// whose text is the encoder's text of its `f64` as that `f64`, anything else as
    /// its text through the protocol (serde_json's order).
    pub(crate) fn visit_any<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value, Error> {
        // `-0` is not the integer 0 (serde_json's parser keeps it as text too; its
        // `Value` deserializer would hand over 0 and lose the sign).
        if n.as_str() == "-0" {
            return visit_text(n, visitor);
        }
        if let Some(u) = n.as_u64() {
            return visitor.visit_u64(u);
        }
        if let Some(i) = n.as_i64() {
            return visitor.visit_i64(i);
        }
        if let Some(u) = n.as_u128() {
            return visitor.visit_u128(u);
        }
        if let Some(i) = n.as_i128() {
            return visitor.visit_i128(i);
        }
        let f = n.as_f64();
        if f.is_finite() && zmij::Buffer::new().format_finite(f) == n.as_str() {
            return visitor.visit_f64(f);
        }
        visit_text(n, visitor)
    }

    /// Hands `visitor` the number `n` as its text, through the protocol.
    pub(crate) fn visit_text<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_map(NumberAccess { text: Some(n.0) })
    }

    /// A number's text for a typed visitor (`u8`, `f64`, ...), parsed.
    pub(crate) fn parse<T: core::str::FromStr>(n: &Number) -> Result<T, Error> {
        n.as_str().parse().map_err(|_| Error::unplaced(Category::Number, "invalid number"))
    }

    /// The value of a number's struct for the `Value` serializer: its field's text,
    /// checked to be a JSON number.
    pub(crate) fn parse_value(text: &str) -> Result<Value, Error> {
        text.parse::<Number>().map(Value::Number)
    }

    /// `Value`'s visitor in a map: the first key says whether the map is a number.
    pub(crate) fn is_token(key: &str) -> bool {
        key == TOKEN
    }
}
