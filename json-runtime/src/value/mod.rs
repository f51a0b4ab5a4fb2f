//! The JSON document model: [`Value`], [`Number`] and the insertion-ordered [`Map`].
//!
//! `Value` is 32 bytes (checked by a test). Dropping one takes a bounded stack however
//! deeply it nests (`teardown.rs`), and so do `clone`, `==` and `strict_eq`
//! (`deep.rs`), and encoding it (the encoder's walk keeps deep levels on the heap);
//! `Debug`, serde's `Serialize` and the `Value` deserializers recurse once per level,
//! growing the stack on the heap when it runs short (`stack.rs`). Strings and keys are [`Str`]s, which keep
//! up to [`Str::INLINE_CAPACITY`] bytes inline. Arrays and objects built by the decoder
//! have exactly the capacity they need; an object with more than
//! [`Map::INDEX_THRESHOLD`] members also carries a hash index, so that look-ups in
//! large objects do not scan.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | [`Value`] and [`Number`], their accessors, comparisons with plain Rust values |
//! | `array.rs` | [`Array`], the `Vec<Value>` of `Value::Array` |
//! | `map.rs` | [`Map`] and its iterators |
//! | `deep.rs` | `clone`, `==` and `strict_eq` of [`Value`]s of any depth with a bounded stack |
//! | `stack.rs` | room on the stack for `Debug`, `Serialize` and the deserializers, which recurse |
//! | `teardown.rs` | dropping [`Array`]s and [`Map`]s of any depth with a bounded stack |
//! | `str.rs` | [`Str`], the string of `Value::String` and of keys: short ones inline |
//! | `index.rs` | `value["key"]`, `value[0]`, `map["key"]` ([`ValueIndex`]) |
//! | `from.rs` | conversions into [`Value`] and [`Number`] |
//! | `pointer.rs` | RFC 6901 JSON Pointer look-ups ([`Value::pointer`], [`Value::pointer_mut`]) |
//! | `de.rs` (feature `serde`) | `Deserialize` for the model, a `Value` as a `Deserializer` (`from_value`) |
//! | `ser.rs` (feature `serde`) | `Serialize` for the model, serializing into a `Value` (`to_value`) |
//! | `raw.rs` (feature `serde`) | the private protocol of raw JSON text (`jsonlex::value::RawValue`) |
//! | `precise.rs` (feature `arbitrary_precision`) | [`Number`] as its JSON text, and its private serde protocol |

mod array;
#[cfg(feature = "serde")]
mod de;
mod deep;
mod from;
mod index;
mod map;
pub(crate) mod pointer;
#[cfg(feature = "arbitrary_precision")]
#[doc(hidden)]
pub mod precise;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod raw;
#[cfg(feature = "serde")]
pub(crate) mod ser;
mod stack;
mod str;
mod teardown;

pub use array::Array;
#[cfg(feature = "serde")]
pub use de::from_value;
pub(crate) use index::private::Sealed as IndexSealed;
pub use index::ValueIndex;
pub use map::{Entry, Iter, IterMut, Map, OccupiedEntry, VacantEntry};
#[cfg(feature = "serde")]
pub use ser::to_value;
pub use str::Str;
#[cfg(feature = "serde")]
pub use str::StrDeserializer;

/// A JSON value.
///
/// `Debug` prints as serde_json's does: `Null`, `Bool(true)`, `Number(1.5)`,
/// `String("s")`, `Array [..]`, `Object {..}`.
///
/// `clone`, `==` and [`strict_eq`](Value::strict_eq) take a bounded stack however
/// deeply the value nests (`deep.rs`), as dropping it does.
#[derive(Default)]
pub enum Value {
    /// `null`
    #[default]
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number: an exact integer (i64 or u64) or a float.
    Number(Number),
    /// A string ([`Str`] dereferences to `str`; up to [`Str::INLINE_CAPACITY`] bytes
    /// it is stored inline, without an allocation).
    String(Str),
    /// An array ([`Array`] dereferences to `Vec<Value>`).
    Array(Array),
    /// An object, in insertion order.
    Object(Map),
}

/// A JSON number: an integer that fits `i64` or `u64` stays exact; anything else is
/// the nearest `f64` (correctly rounded). `Debug` prints `Number(1)`, as serde_json's.
///
/// With the feature `arbitrary_precision` (serde_json's), a number is its JSON text
/// instead, kept as the input wrote it (`1e400`, 40-digit integers, `0.10` with its
/// zero, `-0`; serde_json's one normalization: an exponent is written `e` with its
/// sign, `1E5` is `1e+5`), and the accessors parse it on demand: see
/// `value/precise.rs`.
#[cfg_attr(not(feature = "arbitrary_precision"), derive(Copy))]
#[derive(Clone, PartialEq)]
pub struct Number(pub(super) N);

impl core::fmt::Debug for Number {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Number({self})")
    }
}

impl core::fmt::Debug for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            // One line even under `{:#?}`, as serde_json prints them.
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Number(n) => core::fmt::Debug::fmt(n, f),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Array(a) => {
                f.write_str("Array ")?;
                stack::deep(|| core::fmt::Debug::fmt(a, f))
            }
            Value::Object(m) => {
                f.write_str("Object ")?;
                stack::deep(|| core::fmt::Debug::fmt(m, f))
            }
        }
    }
}

#[cfg(not(feature = "arbitrary_precision"))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum N {
    /// Always >= 0.
    PosInt(u64),
    /// Always < 0.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

#[cfg(feature = "arbitrary_precision")]
pub(super) use precise::N;

#[cfg(not(feature = "arbitrary_precision"))]
impl Number {
    /// The number as `u64`, if it is a non-negative integer.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            N::PosInt(n) => Some(n),
            _ => None,
        }
    }

    /// The number as `i64`, if it is an integer in range.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            N::PosInt(n) => i64::try_from(n).ok(),
            N::NegInt(n) => Some(n),
            N::Float(_) => None,
        }
    }

    /// The number as `f64` (integers converted, possibly rounding).
    #[inline]
    pub fn as_f64(&self) -> f64 {
        match self.0 {
            N::PosInt(n) => n as f64,
            N::NegInt(n) => n as f64,
            N::Float(f) => f,
        }
    }

    /// The number as the nearest `f32`, if it is in `f32`'s range (a float beyond
    /// `f32::MAX` is `None`, not infinity).
    #[inline]
    pub fn as_f32(&self) -> Option<f32> {
        let f = self.as_f64() as f32;
        f.is_finite().then_some(f)
    }

    /// The number as `i128`, if it is an integer.
    #[inline]
    pub fn as_i128(&self) -> Option<i128> {
        match self.0 {
            N::PosInt(n) => Some(i128::from(n)),
            N::NegInt(n) => Some(i128::from(n)),
            N::Float(_) => None,
        }
    }

    /// The number as `u128`, if it is a non-negative integer.
    #[inline]
    pub fn as_u128(&self) -> Option<u128> {
        self.as_u64().map(u128::from)
    }

    /// An integer, if it fits `i64` or `u64` (serde_json's `Number` holds no more).
    #[inline]
    pub fn from_i128(n: i128) -> Option<Number> {
        match (u64::try_from(n), i64::try_from(n)) {
            (Ok(u), _) => Some(Number::from(u)),
            (_, Ok(i)) => Some(Number::from(i)),
            _ => None,
        }
    }

    /// An integer, if it fits `u64`.
    #[inline]
    pub fn from_u128(n: u128) -> Option<Number> {
        u64::try_from(n).ok().map(Number::from)
    }

    /// True when the number is stored as a float (it had a fraction or exponent, or
    /// did not fit an integer type).
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.0, N::Float(_))
    }

    /// True when the number is an integer that fits `i64`.
    #[inline]
    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    /// True when the number is a non-negative integer (it fits `u64`).
    #[inline]
    pub fn is_u64(&self) -> bool {
        matches!(self.0, N::PosInt(_))
    }

    /// A float; `None` for NaN and infinities, which JSON cannot represent.
    #[inline]
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then_some(Number(N::Float(f)))
    }

    /// A float the caller knows to be finite.
    #[inline]
    pub(crate) fn from_finite_f64(f: f64) -> Number {
        debug_assert!(f.is_finite());
        Number(N::Float(f))
    }

    /// Same kind and same value, floats bit for bit (`-0.0` is not `0.0`): see
    /// [`Value::strict_eq`].
    pub fn strict_eq(&self, other: &Number) -> bool {
        match (self.0, other.0) {
            (N::Float(a), N::Float(b)) => a.to_bits() == b.to_bits(),
            (a, b) => a == b,
        }
    }
}

/// `Number`s are never NaN.
impl Eq for Number {}

/// Equal numbers hash equally: `0.0` and `-0.0` too (they are `==`).
#[cfg(not(feature = "arbitrary_precision"))]
impl core::hash::Hash for Number {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        match self.0 {
            N::PosInt(n) => {
                h.write_u8(0);
                n.hash(h)
            }
            N::NegInt(n) => {
                h.write_u8(1);
                n.hash(h)
            }
            N::Float(f) => {
                h.write_u8(2);
                // -0.0 == 0.0: one hash for both.
                if f == 0.0 { 0u64 } else { f.to_bits() }.hash(h)
            }
        }
    }
}

/// As the encoder writes it (`1`, `-1`, `1.0`, `1.2e+41`).
impl core::fmt::Display for Number {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut out = Vec::new();
        crate::ser::number::write_number(&mut out, self, crate::ser::NumberFormat::default(), true);
        f.write_str(core::str::from_utf8(&out).map_err(|_| core::fmt::Error)?)
    }
}

impl core::str::FromStr for Number {
    type Err = crate::error::Error;

    /// One JSON number, nothing around it (serde_json's `Number::from_str`): an
    /// integer that fits `i64` or `u64` stays exact; anything else is the nearest
    /// `f64`; beyond `f64`'s range is an error. With `arbitrary_precision`, any JSON
    /// number, kept as its text.
    fn from_str(s: &str) -> Result<Number, crate::error::Error> {
        number_from_str(s)
    }
}

fn number_from_str(s: &str) -> Result<Number, crate::error::Error> {
    use crate::error::{Category, Error};
    let b = s.as_bytes();
    let bad = |at: usize| Error::new(Category::Syntax, b, at, "invalid number").serde_json_style();
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = usize::from(b.first() == Some(&b'-'));
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => i = digits(i),
        _ => return Err(bad(i)),
    }
    let mut float = false;
    if b.get(i) == Some(&b'.') {
        let j = digits(i + 1);
        if j == i + 1 {
            return Err(bad(j));
        }
        (i, float) = (j, true);
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let j = digits(i);
        if j == i {
            return Err(bad(j));
        }
        (i, float) = (j, true);
    }
    if i != b.len() {
        return Err(bad(i));
    }
    #[cfg(feature = "arbitrary_precision")]
    {
        let _ = float;
        Ok(Number::from_json_text(s))
    }
    #[cfg(not(feature = "arbitrary_precision"))]
    number_in_range(s, float)
}

/// A well-formed number `s` as an integer if it is one that fits, or as the nearest
/// `f64`; beyond `f64`'s range is an error.
#[cfg(not(feature = "arbitrary_precision"))]
fn number_in_range(s: &str, float: bool) -> Result<Number, crate::error::Error> {
    use crate::error::{Category, Error};
    let b = s.as_bytes();
    if !float {
        if let Ok(u) = s.parse::<u64>() {
            return Ok(Number::from(u));
        }
        if let Ok(n) = s.parse::<i64>() {
            return Ok(Number::from(n));
        }
    }
    match s.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(Number(N::Float(f))),
        _ => Err(Error::new(Category::Number, b, b.len() - 1, "number out of range").serde_json_style()),
    }
}

impl Value {
    /// True for `null`.
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// True for `true` and `false`.
    #[inline]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// True for a number.
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// True for a string.
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// True for an array.
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// True for an object.
    #[inline]
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// The boolean, if this is one.
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number, if this is one.
    #[inline]
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number as `i64`, if this is an integer that fits.
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// The number as `u64`, if this is a non-negative integer.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// Any number as `f64` (integers converted, possibly rounding; with
    /// `arbitrary_precision`, `None` for a number beyond `f64`'s range).
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        #[cfg(feature = "arbitrary_precision")]
        return self.as_number().map(Number::as_f64).filter(|f| f.is_finite());
        #[cfg(not(feature = "arbitrary_precision"))]
        self.as_number().map(Number::as_f64)
    }

    /// The string, if this is one.
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The string, mutably, if this is one ([`Str::push_str`], `make_ascii_lowercase`, ...).
    #[inline]
    pub fn as_str_mut(&mut self) -> Option<&mut Str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    #[inline]
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The members, if this is an object.
    #[inline]
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The members, mutably, if this is an object.
    #[inline]
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// An array element (`usize`) or an object member (`&str`), if there is one.
    #[inline]
    pub fn get<I: ValueIndex>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// An array element or an object member, mutably, if there is one.
    #[inline]
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// Moves the value out, leaving `null`.
    #[inline]
    pub fn take(&mut self) -> Value {
        core::mem::take(self)
    }

    /// Equal in everything the encoder writes: objects' member order, numbers' kind
    /// (an integer is not the float of the same value) and the sign of zero (`-0.0` is
    /// not `0.0`). `==` is looser: objects are equal with their members in any order
    /// (as serde_json's with `preserve_order` off), and `-0.0 == 0.0`. For tests that
    /// must see an order or number-kind bug.
    ///
    /// ```
    /// use json_runtime::{Map, Value};
    /// let ab: Map = [("a", 1), ("b", 2)].into_iter().collect();
    /// let ba: Map = [("b", 2), ("a", 1)].into_iter().collect();
    /// assert!(Value::from(ab.clone()) == Value::from(ba.clone()));
    /// assert!(!Value::from(ab).strict_eq(&Value::from(ba)));
    /// # #[cfg(not(feature = "arbitrary_precision"))] // there, numbers are their text
    /// assert!(Value::from(-0.0) == Value::from(0.0));
    /// assert!(!Value::from(-0.0).strict_eq(&Value::from(0.0)));
    /// ```
    pub fn strict_eq(&self, other: &Value) -> bool {
        deep::equal(self, other, true)
    }
}

macro_rules! partial_eq {
    ($($t:ty => |$v:ident, $o:ident| $e:expr;)*) => {$(
        impl PartialEq<$t> for Value {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                let ($v, $o) = (self, other);
                $e
            }
        }
        impl PartialEq<Value> for $t {
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*};
}

partial_eq! {
    str => |v, o| v.as_str() == Some(o);
    &str => |v, o| v.as_str() == Some(*o);
    String => |v, o| v.as_str() == Some(o.as_str());
    Str => |v, o| v.as_str() == Some(o.as_str());
    bool => |v, o| v.as_bool() == Some(*o);
    i8 => |v, o| v.as_i64() == Some(i64::from(*o));
    i16 => |v, o| v.as_i64() == Some(i64::from(*o));
    i32 => |v, o| v.as_i64() == Some(i64::from(*o));
    i64 => |v, o| v.as_i64() == Some(*o);
    isize => |v, o| v.as_i64() == Some(*o as i64);
    u8 => |v, o| v.as_u64() == Some(u64::from(*o));
    u16 => |v, o| v.as_u64() == Some(u64::from(*o));
    u32 => |v, o| v.as_u64() == Some(u64::from(*o));
    u64 => |v, o| v.as_u64() == Some(*o);
    usize => |v, o| v.as_u64() == Some(*o as u64);
    f32 => |v, o| v.as_number().and_then(Number::as_f32) == Some(*o);
    f64 => |v, o| v.as_f64() == Some(*o);
}

/// `&Value` and `&mut Value` (what `get`, `pointer_mut` and friends return) compare
/// with numbers and booleans too, as serde_json's do.
macro_rules! partial_eq_ref {
    ($($t:ty)*) => {$(
        impl PartialEq<$t> for &Value {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                **self == *other
            }
        }
        impl PartialEq<$t> for &mut Value {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                **self == *other
            }
        }
    )*};
}

partial_eq_ref!(bool i8 i16 i32 i64 isize u8 u16 u32 u64 usize f32 f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(
        feature = "arbitrary_precision",
        ignore = "the f64 number model; arbitrary_precision (numbers as text) is tested by tests/serde_json_suite/tests/jsonlex_precise.rs"
    )]
    fn strict_eq_sees_order_kind_and_sign_of_zero() {
        let ab: Map = [("a", 1), ("b", 2)].into_iter().collect();
        let ba: Map = [("b", 2), ("a", 1)].into_iter().collect();
        let (ab, ba) = (Value::from(ab), Value::from(ba));
        assert_eq!(ab, ba);
        assert!(!ab.strict_eq(&ba));
        assert!(ab.strict_eq(&ab.clone()));
        // Inside arrays and nested objects too.
        let nest = |v: &Value| Value::from(vec![Value::Null, [("x", v.clone())].into_iter().collect::<Map>().into()]);
        assert_eq!(nest(&ab), nest(&ba));
        assert!(!nest(&ab).strict_eq(&nest(&ba)));
        assert!(nest(&ab).strict_eq(&nest(&ab)));

        let (zero, neg_zero) = (Value::from(0.0), Value::from(-0.0));
        assert_eq!(zero, neg_zero);
        assert!(!zero.strict_eq(&neg_zero));
        assert!(neg_zero.strict_eq(&Value::from(-0.0)));

        // An integer and the float of the same value; `v == 1.0` compares values.
        let (int, float) = (Value::from(1), Value::from(1.0));
        assert_eq!(int, 1.0);
        assert!(!int.strict_eq(&float));
        assert!(!Value::from(-1).strict_eq(&Value::from(-1.0)));
        assert!(!Value::from(u64::MAX).strict_eq(&Value::from(u64::MAX as f64)));
        assert!(Value::from(-1).strict_eq(&Value::from(-1i64)));
        assert!(Value::from("s").strict_eq(&Value::from("s")));
        assert!(!Value::from("s").strict_eq(&Value::from("t")));
        assert!(!Value::from(vec![Value::from(1)]).strict_eq(&Value::from(vec![Value::from(1), Value::Null])));
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Value>(), 32);
        #[cfg(not(feature = "arbitrary_precision"))]
        assert_eq!(core::mem::size_of::<Number>(), 16);
        #[cfg(feature = "arbitrary_precision")]
        assert_eq!(core::mem::size_of::<Number>(), 24);
        assert_eq!(core::mem::size_of::<Map>(), 32);
        assert_eq!(core::mem::size_of::<Array>(), 24);
        assert_eq!(core::mem::size_of::<Str>(), 24);
    }

    #[test]
    fn value_access() {
        let mut v = Value::Null;
        v["a"]["b"] = Value::from(true);
        v["n"] = Value::from(-3);
        v["arr"] = vec![Value::from(1u8), Value::from(2.5)].into();
        assert_eq!(v["a"]["b"], true);
        assert_eq!(v["n"], -3i64);
        assert_eq!(v["n"].as_u64(), None);
        assert_eq!(v["arr"][1], 2.5);
        assert_eq!(v["arr"][7], Value::Null);
        assert_eq!(v["missing"]["deeper"], Value::Null);
        assert_eq!(v.get("arr").and_then(|a| a.get(0)), Some(&Value::from(1)));
        assert_eq!(Value::from(f64::NAN), Value::Null);
        assert_eq!(Value::from("s"), "s");
        assert!(v.get(0).is_none());
        *v.get_mut("n").unwrap() = Value::from(u64::MAX);
        assert_eq!(v["n"].as_u64(), Some(u64::MAX));
        assert_eq!(v["n"].as_i64(), None);
    }
}
