//! Conversions into [`Value`] and [`Number`]: Rust numbers, strings, booleans, vectors,
//! maps, options, and iterators of them.

use std::borrow::Cow;

use super::{Array, Map, Number, Str, Value, N};

impl From<u64> for Number {
    #[inline]
    fn from(n: u64) -> Number {
        #[cfg(feature = "arbitrary_precision")]
        return Number(N::from(itoa::Buffer::new().format(n)));
        #[cfg(not(feature = "arbitrary_precision"))]
        Number(N::PosInt(n))
    }
}

impl From<i64> for Number {
    #[inline]
    fn from(n: i64) -> Number {
        #[cfg(feature = "arbitrary_precision")]
        return Number(N::from(itoa::Buffer::new().format(n)));
        #[cfg(not(feature = "arbitrary_precision"))]
        if n >= 0 {
            Number(N::PosInt(n as u64))
        } else {
            Number(N::NegInt(n))
        }
    }
}

macro_rules! number_from_small_int {
    ($via:ty: $($t:ty)*) => {$(
        impl From<$t> for Number {
            #[inline]
            fn from(n: $t) -> Number {
                Number::from(n as $via)
            }
        }
        impl From<$t> for Value {
            #[inline]
            fn from(n: $t) -> Value {
                Value::Number(Number::from(n as $via))
            }
        }
    )*};
}
number_from_small_int!(u64: u8 u16 u32 usize);
number_from_small_int!(i64: i8 i16 i32 isize);

impl From<u64> for Value {
    #[inline]
    fn from(n: u64) -> Value {
        Value::Number(n.into())
    }
}

impl From<i64> for Value {
    #[inline]
    fn from(n: i64) -> Value {
        Value::Number(n.into())
    }
}

/// A float; NaN and infinities (which JSON cannot represent) become `Null`, as in
/// serde_json.
impl From<f64> for Value {
    #[inline]
    fn from(f: f64) -> Value {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

impl From<f32> for Value {
    #[inline]
    fn from(f: f32) -> Value {
        // The f32's own shortest digits: its f64 would write `5.550000190734863`.
        #[cfg(feature = "arbitrary_precision")]
        return Number::from_f32(f).map_or(Value::Null, Value::Number);
        #[cfg(not(feature = "arbitrary_precision"))]
        Value::from(f as f64)
    }
}

impl From<Number> for Value {
    #[inline]
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<&String> for Value {
    #[inline]
    fn from(s: &String) -> Value {
        Value::String(s.into())
    }
}

impl From<Str> for Value {
    #[inline]
    fn from(s: Str) -> Value {
        Value::String(s)
    }
}

impl From<Box<str>> for Value {
    #[inline]
    fn from(s: Box<str>) -> Value {
        Value::String(s.into())
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(s: Cow<'_, str>) -> Value {
        Value::String(s.into())
    }
}

impl From<char> for Value {
    #[inline]
    fn from(c: char) -> Value {
        Value::String(c.into())
    }
}

impl From<Vec<Value>> for Value {
    #[inline]
    fn from(v: Vec<Value>) -> Value {
        Value::Array(Array(v))
    }
}

impl From<Array> for Value {
    #[inline]
    fn from(a: Array) -> Value {
        Value::Array(a)
    }
}

impl From<Map> for Value {
    #[inline]
    fn from(m: Map) -> Value {
        Value::Object(m)
    }
}

impl From<()> for Value {
    #[inline]
    fn from(_: ()) -> Value {
        Value::Null
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    #[inline]
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl Value {
    /// An integer of any size, if it fits `i64` or `u64` (serde_json's `Value` holds
    /// no more: beyond that it is the error "number out of range", never a rounded
    /// float; with `arbitrary_precision`, any).
    #[cfg(feature = "serde")]
    pub(crate) fn from_i128<E: serde::de::Error>(v: i128) -> Result<Value, E> {
        Number::from_i128(v).map(Value::Number).ok_or_else(|| E::custom("number out of range"))
    }

    /// An unsigned integer of any size, as [`Value::from_i128`].
    #[cfg(feature = "serde")]
    pub(crate) fn from_u128<E: serde::de::Error>(v: u128) -> Result<Value, E> {
        Number::from_u128(v).map(Value::Number).ok_or_else(|| E::custom("number out of range"))
    }
}
