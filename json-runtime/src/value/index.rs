//! Indexing: `value["key"]` and `value[0]` (a missing member gives `null`, as in
//! serde_json), `value["key"] = ...` (inserts), `map["key"]`; [`ValueIndex`], what
//! `Value::get` accepts.

use core::ops;

use super::{Map, Str, Value};

static NULL: Value = Value::Null;

/// What indexes a [`Value`]: `usize` for arrays, `str`/`String`/[`Str`] for objects.
pub trait ValueIndex: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value>;
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;
}

/// The key types `value[..]` and `ValueRef::get` take (`document::view` seals `DocIndex`
/// with it too).
pub(crate) mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl Sealed for super::Str {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

impl ValueIndex for usize {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_array()?.get(*self)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_array_mut()?.get_mut(*self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        match v {
            Value::Array(a) => {
                let len = a.len();
                a.get_mut(*self).unwrap_or_else(|| panic!("cannot index an array of length {len} with {}", self))
            }
            other => panic!("cannot index {} with an integer", kind_name(other)),
        }
    }
}

impl ValueIndex for str {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_object()?.get(self)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_object_mut()?.get_mut(self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        if v.is_null() {
            *v = Value::Object(Map::new());
        }
        match v {
            Value::Object(m) => m.get_or_insert_null(self),
            other => panic!("cannot index {} with a string", kind_name(other)),
        }
    }
}

impl ValueIndex for String {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(v)
    }
}

impl ValueIndex for Str {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(v)
    }
}

impl<T: ?Sized + ValueIndex> ValueIndex for &T {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(v)
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `value["key"]`, `value[0]`: a missing member or element, or a value of the wrong
/// kind, gives `null` (as serde_json).
impl<I: ValueIndex> ops::Index<I> for Value {
    type Output = Value;
    #[inline]
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

/// `value["key"] = ...` inserts a missing member (turning `null` into an object);
/// `value[i]` panics when `i` is out of bounds or the value is not an array.
impl<I: ValueIndex> ops::IndexMut<I> for Value {
    #[inline]
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}

/// `map["key"]`: panics when the key is missing.
impl ops::Index<&str> for Map {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or_else(|| panic!("no member {key:?} in the object"))
    }
}

/// `map["key"]`: inserts `null` when the key is missing.
impl ops::IndexMut<&str> for Map {
    fn index_mut(&mut self, key: &str) -> &mut Value {
        self.get_or_insert_null(key)
    }
}
