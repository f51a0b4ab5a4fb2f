//! The JSON document model: [`Value`], [`Number`] and the insertion-ordered [`Map`].
//!
//! `Value` is 32 bytes (checked by a test). Arrays and objects built by the decoder
//! have exactly the capacity they need; an object with more than
//! [`Map::INDEX_THRESHOLD`] members also carries a hash index, so that look-ups in
//! large objects do not scan.

use core::hash::BuildHasher;
use core::ops;

use hashbrown::HashTable;

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
        Value::String(s)
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}

impl From<Vec<Value>> for Value {
    #[inline]
    fn from(v: Vec<Value>) -> Value {
        Value::Array(v)
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

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Map {
        let iter = iter.into_iter();
        let mut map = Map::with_capacity(iter.size_hint().0);
        map.extend(iter);
        map
    }
}

impl<K: Into<String>, V: Into<Value>> Extend<(K, V)> for Map {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k.into(), v.into());
        }
    }
}

static NULL: Value = Value::Null;

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

    /// Any number as `f64` (integers converted, possibly rounding).
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
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
}

/// What indexes a [`Value`]: `usize` for arrays, `str`/`String` for objects.
pub trait ValueIndex: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value>;
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
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
    bool => |v, o| v.as_bool() == Some(*o);
    i64 => |v, o| v.as_i64() == Some(*o);
    i32 => |v, o| v.as_i64() == Some(*o as i64);
    u64 => |v, o| v.as_u64() == Some(*o);
    u32 => |v, o| v.as_u64() == Some(*o as u64);
    usize => |v, o| v.as_u64() == Some(*o as u64);
    f64 => |v, o| v.as_f64() == Some(*o);
}

/// A JSON object: members in insertion order; on a duplicate key the later value
/// replaces the earlier one in its original place (as PHP, JavaScript and serde_json do).
///
/// Objects with more than [`Map::INDEX_THRESHOLD`] members keep a hash index of their
/// keys (seeded per process, so crafted keys cannot force collisions); smaller ones are
/// scanned, which is faster at that size.
#[derive(Clone, Default)]
pub struct Map {
    entries: Vec<(String, Value)>,
    index: Option<Box<KeyIndex>>,
}

/// Hash index of a map's keys: positions in its `entries`, hashed by key.
#[derive(Clone)]
pub(crate) struct KeyIndex {
    table: HashTable<u32>,
    state: foldhash::fast::RandomState,
}

impl KeyIndex {
    /// An index of `entries`, whose keys must be distinct.
    pub(crate) fn build(entries: &[(String, Value)]) -> Box<KeyIndex> {
        let mut index = Box::new(KeyIndex {
            table: HashTable::with_capacity(entries.len()),
            state: foldhash::fast::RandomState::default(),
        });
        for i in 0..entries.len() {
            index.push(entries, i);
        }
        index
    }

    #[inline]
    fn hash(&self, key: &str) -> u64 {
        self.state.hash_one(key)
    }

    /// Position of `key` in `entries` (the slice this index was built for).
    #[inline]
    pub(crate) fn find(&self, entries: &[(String, Value)], key: &str) -> Option<usize> {
        let hash = self.hash(key);
        self.table.find(hash, |&i| entries[i as usize].0 == key).map(|&i| i as usize)
    }

    /// Record that `entries[i]` (a key not yet in the index) is present.
    #[inline]
    pub(crate) fn push(&mut self, entries: &[(String, Value)], i: usize) {
        let pos = u32::try_from(i).expect("an object has fewer than 2^32 members");
        let hash = self.hash(&entries[i].0);
        let state = &self.state;
        self.table.insert_unique(hash, pos, |&j| state.hash_one(entries[j as usize].0.as_str()));
    }
}

impl Map {
    /// Objects with more members than this get a hash index.
    pub const INDEX_THRESHOLD: usize = 8;

    /// An empty map.
    #[inline]
    pub fn new() -> Map {
        Map { entries: Vec::new(), index: None }
    }

    /// An empty map with room for `n` members.
    #[inline]
    pub fn with_capacity(n: usize) -> Map {
        Map { entries: Vec::with_capacity(n), index: None }
    }

    /// A map of members with distinct keys and their index (if there are more than
    /// `INDEX_THRESHOLD` of them): the decoder builds both as it goes.
    #[inline]
    pub(crate) fn from_parts(entries: Vec<(String, Value)>, index: Option<Box<KeyIndex>>) -> Map {
        debug_assert_eq!(index.is_some(), entries.len() > Map::INDEX_THRESHOLD);
        Map { entries, index }
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

    /// Removes every member.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index = None;
    }

    /// Members in insertion order.
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    /// Members in insertion order, values mutable.
    #[inline]
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries.iter_mut())
    }

    /// Keys in insertion order.
    #[inline]
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &String> + DoubleEndedIterator + '_ {
        self.entries.iter().map(|(k, _)| k)
    }

    /// Values in insertion order.
    #[inline]
    pub fn values(&self) -> impl ExactSizeIterator<Item = &Value> + DoubleEndedIterator + '_ {
        self.entries.iter().map(|(_, v)| v)
    }

    /// Values in insertion order, mutable.
    #[inline]
    pub fn values_mut(&mut self) -> impl ExactSizeIterator<Item = &mut Value> + DoubleEndedIterator + '_ {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// The position of `key` among the members.
    #[inline]
    pub fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.find(&self.entries, key),
            None => self.entries.iter().position(|(k, _)| k == key),
        }
    }

    /// The member at position `i` (insertion order).
    #[inline]
    pub fn get_index(&self, i: usize) -> Option<(&String, &Value)> {
        self.entries.get(i).map(|(k, v)| (k, v))
    }

    /// The value of `key`.
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutably.
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.entries[i].1)
    }

    /// The stored key and value of `key`.
    #[inline]
    pub fn get_key_value(&self, key: &str) -> Option<(&String, &Value)> {
        self.position(key).map(|i| {
            let (k, v) = &self.entries[i];
            (k, v)
        })
    }

    /// True when `key` is a member.
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Insert `key`; returns the value it replaced (the member keeps its position).
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        if let Some(i) = self.position(&key) {
            return Some(core::mem::replace(&mut self.entries[i].1, value));
        }
        self.push_new(key, value);
        None
    }

    /// Appends a member whose key is not present yet; returns its position.
    fn push_new(&mut self, key: String, value: Value) -> usize {
        let i = self.entries.len();
        self.entries.push((key, value));
        match &mut self.index {
            Some(index) => index.push(&self.entries, i),
            None if self.entries.len() > Map::INDEX_THRESHOLD => {
                self.index = Some(KeyIndex::build(&self.entries));
            }
            None => {}
        }
        i
    }

    fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => self.push_new(key.to_owned(), Value::Null),
        };
        &mut self.entries[i].1
    }

    /// Removes `key`, keeping the order of the others (this moves the members after
    /// it); returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    /// Removes `key`, keeping the order of the others; returns the stored key and value.
    pub fn remove_entry(&mut self, key: &str) -> Option<(String, Value)> {
        let i = self.position(key)?;
        let entry = self.entries.remove(i);
        self.reindex();
        Some(entry)
    }

    /// Keeps only the members for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
        self.reindex();
    }

    fn reindex(&mut self) {
        self.index = (self.entries.len() > Map::INDEX_THRESHOLD).then(|| KeyIndex::build(&self.entries));
    }
}

impl core::fmt::Debug for Map {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Equal when both have the same members, in any order.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
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

/// Iterator over a map's members.
#[derive(Clone, Debug)]
pub struct Iter<'a>(core::slice::Iter<'a, (String, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a String, &'a Value);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}
impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}
impl ExactSizeIterator for Iter<'_> {}

/// Iterator over a map's members, values mutable.
#[derive(Debug)]
pub struct IterMut<'a>(core::slice::IterMut<'a, (String, Value)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a String, &'a mut Value);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}
impl DoubleEndedIterator for IterMut<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (&*k, v))
    }
}
impl ExactSizeIterator for IterMut<'_> {}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;
    #[inline]
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a String, &'a mut Value);
    type IntoIter = IterMut<'a>;
    #[inline]
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = std::vec::IntoIter<(String, Value)>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Value>(), 32);
        assert_eq!(core::mem::size_of::<Number>(), 16);
        assert_eq!(core::mem::size_of::<Map>(), 32);
    }

    #[test]
    fn map_order_duplicates_and_index() {
        let mut m = Map::new();
        for i in 0..40 {
            assert_eq!(m.insert(format!("k{i}"), Value::from(i)), None);
            assert_eq!(m.index.is_some(), m.len() > Map::INDEX_THRESHOLD);
        }
        assert_eq!(m.insert("k3".into(), Value::from("x")), Some(Value::from(3)));
        assert_eq!(m.len(), 40);
        assert_eq!(m.get_index(3), Some((&"k3".to_string(), &Value::from("x"))));
        for i in 0..40 {
            assert_eq!(m.position(&format!("k{i}")), Some(i));
        }
        assert_eq!(m.get("nope"), None);
        assert_eq!(m.remove("k0"), Some(Value::from(0)));
        assert_eq!(m.position("k1"), Some(0));
        m.retain(|k, _| k.len() == 2);
        assert_eq!(
            m.keys().map(String::as_str).collect::<Vec<_>>(),
            ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"]
        );
        assert!(m.index.is_some());
        m.remove("k9");
        assert!(m.index.is_none());
        assert_eq!(m["k5"], 5);
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

    #[test]
    fn map_equality_ignores_order() {
        let a: Map = [("x", 1), ("y", 2)].into_iter().collect();
        let b: Map = [("y", 2), ("x", 1)].into_iter().collect();
        assert_eq!(a, b);
    }
}
