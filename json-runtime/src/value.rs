//! The JSON document model: [`Value`], [`Number`] and the insertion-ordered [`Map`].

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Value {
    /// `null`
    #[default]
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number: an exact integer (i64 or u64) or a float.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, in insertion order.
    Object(Map),
}

/// A JSON number: an integer that fits `i64` or `u64` stays exact; anything else is
/// the nearest `f64` (correctly rounded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number(N);

#[derive(Clone, Copy, Debug, PartialEq)]
enum N {
    /// Always >= 0.
    PosInt(u64),
    /// Always < 0.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

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

    /// True when the number is stored as a float (it had a fraction or exponent, or
    /// did not fit an integer type).
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.0, N::Float(_))
    }

    /// A float; `None` for NaN and infinities, which JSON cannot represent.
    #[inline]
    pub fn from_f64(f: f64) -> Option<Number> {
        f.is_finite().then_some(Number(N::Float(f)))
    }
}

impl From<u64> for Number {
    #[inline]
    fn from(n: u64) -> Number {
        Number(N::PosInt(n))
    }
}

impl From<i64> for Number {
    #[inline]
    fn from(n: i64) -> Number {
        if n >= 0 {
            Number(N::PosInt(n as u64))
        } else {
            Number(N::NegInt(n))
        }
    }
}

/// A JSON object: members in insertion order; on a duplicate key the later value
/// replaces the earlier one in its original place (as PHP, JavaScript and serde_json do).
#[derive(Clone, Debug, Default)]
pub struct Map {
    entries: Vec<(String, Value)>,
}

impl Map {
    /// An empty map.
    #[inline]
    pub fn new() -> Map {
        Map { entries: Vec::new() }
    }

    /// Number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Members in insertion order.
    #[inline]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&String, &Value)> + '_ {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Insert `key`; returns the value it replaced.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        if let Some(slot) = self.entries.iter_mut().find(|(k, _)| *k == key) {
            return Some(core::mem::replace(&mut slot.1, value));
        }
        self.entries.push((key, value));
        None
    }
}

impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}
