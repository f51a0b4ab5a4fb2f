//! [`Array`]: a JSON array's elements, a `Vec<Value>` whose drop uses a bounded stack
//! however deeply the elements nest (see `teardown.rs`).

use core::ops::{Deref, DerefMut};

use super::{teardown, Value};

/// A JSON array: a `Vec<Value>` (it dereferences to one, so `push`, `len`, `iter`,
/// indexing and the rest work as on a `Vec`) that can be dropped however deeply it is
/// nested: its `Drop` takes nested arrays and objects apart with a bounded stack instead
/// of recursing once per level. (`Value` itself has no `Drop`, so that a `match` can
/// move out of it; a plain `Vec<Value>` would give no place for one.)
///
/// ```
/// use json_runtime::{Array, Value};
/// let mut a = Array::from(vec![Value::from(1)]);
/// a.push(Value::from("two"));
/// assert_eq!(a.len(), 2);
/// let v = Value::Array(a);
/// let Value::Array(a) = v else { unreachable!() };
/// let elements: Vec<Value> = a.into_vec();
/// assert_eq!(elements, [Value::from(1), Value::from("two")]);
/// ```
#[derive(Clone, Default, PartialEq)]
pub struct Array(pub(super) Vec<Value>);

impl Array {
    /// An empty array.
    #[inline]
    pub const fn new() -> Array {
        Array(Vec::new())
    }

    /// An empty array with room for `n` elements.
    #[inline]
    pub fn with_capacity(n: usize) -> Array {
        Array(Vec::with_capacity(n))
    }

    /// The elements as a `Vec` (no copy).
    #[inline]
    pub fn into_vec(mut self) -> Vec<Value> {
        core::mem::take(&mut self.0)
    }

    /// The elements as a `Vec`, mutably (as `&mut *array`).
    #[inline]
    pub fn as_vec_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl Drop for Array {
    #[inline]
    fn drop(&mut self) {
        if !self.0.is_empty() {
            teardown::elements(&mut self.0);
        }
    }
}

impl Deref for Array {
    type Target = Vec<Value>;
    #[inline]
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl DerefMut for Array {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl AsRef<[Value]> for Array {
    #[inline]
    fn as_ref(&self) -> &[Value] {
        &self.0
    }
}

impl AsMut<[Value]> for Array {
    #[inline]
    fn as_mut(&mut self) -> &mut [Value] {
        &mut self.0
    }
}

impl core::borrow::Borrow<[Value]> for Array {
    #[inline]
    fn borrow(&self) -> &[Value] {
        &self.0
    }
}

/// As a list, like the `Vec` it holds.
impl core::fmt::Debug for Array {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Vec<Value>> for Array {
    #[inline]
    fn from(v: Vec<Value>) -> Array {
        Array(v)
    }
}

impl From<Array> for Vec<Value> {
    #[inline]
    fn from(a: Array) -> Vec<Value> {
        a.into_vec()
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Array {
    fn from(a: [T; N]) -> Array {
        a.into_iter().collect()
    }
}

impl<T: Into<Value>> FromIterator<T> for Array {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Array {
        Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>> Extend<T> for Array {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().map(Into::into))
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = std::vec::IntoIter<Value>;
    /// The elements; those not yet taken when the iterator is dropped are dropped with
    /// it, each with a bounded stack.
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = core::slice::Iter<'a, Value>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut Value;
    type IntoIter = core::slice::IterMut<'a, Value>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

macro_rules! eq_sequence {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Array {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                self.0[..] == other[..]
            }
        }
        impl PartialEq<Array> for $t {
            #[inline]
            fn eq(&self, other: &Array) -> bool {
                self[..] == other.0[..]
            }
        }
    )*};
}

eq_sequence!(Vec<Value>, [Value], &[Value]);

impl<const N: usize> PartialEq<[Value; N]> for Array {
    #[inline]
    fn eq(&self, other: &[Value; N]) -> bool {
        self.0[..] == other[..]
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Array {
    #[inline]
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Array {
    #[inline]
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Array, D::Error> {
        Vec::<Value>::deserialize(d).map(Array)
    }
}
