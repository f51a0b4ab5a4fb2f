//! [`Map`]: a JSON object's members in insertion order, with a hash index of the keys
//! once there are more than [`Map::INDEX_THRESHOLD`] of them.

use core::hash::BuildHasher;

use hashbrown::HashTable;

use super::{teardown, Str, Value};

/// A JSON object: members in insertion order; on a duplicate key the later value
/// replaces the earlier one in its original place (as PHP, JavaScript and serde_json do).
///
/// Objects with more than [`Map::INDEX_THRESHOLD`] members keep a hash index of their
/// keys (seeded per process, so crafted keys cannot force collisions); smaller ones are
/// scanned, which is faster at that size.
#[derive(Clone, Default)]
pub struct Map {
    pub(super) entries: Vec<(Str, Value)>,
    pub(super) index: Option<Box<KeyIndex>>,
}

/// Hash index of a map's keys: positions in its `entries`, hashed by key.
#[derive(Clone)]
pub(crate) struct KeyIndex {
    table: HashTable<u32>,
    state: foldhash::fast::RandomState,
}

impl KeyIndex {
    /// An index of `entries`, whose keys must be distinct.
    pub(crate) fn build(entries: &[(Str, Value)]) -> Box<KeyIndex> {
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
    pub(crate) fn find(&self, entries: &[(Str, Value)], key: &str) -> Option<usize> {
        let hash = self.hash(key);
        self.table.find(hash, |&i| entries[i as usize].0 == key).map(|&i| i as usize)
    }

    /// Record that `entries[i]` (a key not yet in the index) is present.
    #[inline]
    pub(crate) fn push(&mut self, entries: &[(Str, Value)], i: usize) {
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

    /// The map of an object's members as the decoder collected them: up to
    /// `INDEX_THRESHOLD` of them with distinct keys; more may repeat keys. A repeated
    /// key keeps its first place and takes its last value (as `insert` does). The index
    /// is built here, once, at its final size.
    pub(crate) fn from_decoded(mut entries: Vec<(Str, Value)>) -> Map {
        if entries.len() <= Map::INDEX_THRESHOLD {
            return Map { entries, index: None };
        }
        let mut index = Box::new(KeyIndex {
            table: HashTable::with_capacity(entries.len()),
            state: foldhash::fast::RandomState::default(),
        });
        let state = &index.state;
        // `entries[..kept]` are the distinct keys so far, each in the index.
        let mut kept = 0;
        for i in 0..entries.len() {
            let hash = state.hash_one(entries[i].0.as_str());
            let key = entries[i].0.as_str();
            let found = index.table.entry(
                hash,
                |&j| entries[j as usize].0 == key,
                |&j| state.hash_one(entries[j as usize].0.as_str()),
            );
            match found {
                hashbrown::hash_table::Entry::Occupied(e) => {
                    let first = *e.get() as usize;
                    entries[first].1 = core::mem::take(&mut entries[i].1);
                }
                hashbrown::hash_table::Entry::Vacant(e) => {
                    e.insert(u32::try_from(kept).expect("an object has fewer than 2^32 members"));
                    // Only after a repeat are they apart (a swap of the same place is
                    // not free).
                    if kept != i {
                        entries.swap(kept, i);
                    }
                    kept += 1;
                }
            }
        }
        entries.truncate(kept);
        let index = (kept > Map::INDEX_THRESHOLD).then_some(index);
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
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &Str> + DoubleEndedIterator + '_ {
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
    pub fn get_index(&self, i: usize) -> Option<(&Str, &Value)> {
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
    pub fn get_key_value(&self, key: &str) -> Option<(&Str, &Value)> {
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

    /// Insert `key` (a `&str`, `String`, [`Str`], ...); returns the value it replaced
    /// (the member keeps its position).
    pub fn insert(&mut self, key: impl Into<Str>, value: Value) -> Option<Value> {
        let key = key.into();
        if let Some(i) = self.position(&key) {
            return Some(core::mem::replace(&mut self.entries[i].1, value));
        }
        self.push_new(key, value);
        None
    }

    /// Appends a member whose key is not present yet; returns its position.
    fn push_new(&mut self, key: Str, value: Value) -> usize {
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

    pub(super) fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => self.push_new(Str::from(key), Value::Null),
        };
        &mut self.entries[i].1
    }

    /// Removes `key`, keeping the order of the others (this moves the members after
    /// it); returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    /// Removes `key`, keeping the order of the others; returns the stored key and value.
    pub fn remove_entry(&mut self, key: &str) -> Option<(Str, Value)> {
        let i = self.position(key)?;
        let entry = self.entries.remove(i);
        self.reindex();
        Some(entry)
    }

    /// Keeps only the members for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Str, &mut Value) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
        self.reindex();
    }

    /// Inserts `key` at position `index`, moving the members from there on one place
    /// back (serde_json's `shift_insert`, with `preserve_order`). A key already present
    /// is moved to `index` and takes the new value, which returns the old one.
    ///
    /// # Panics
    /// When `index` is past the end (`len()` for a new key, `len() - 1` for one present).
    pub fn shift_insert(&mut self, index: usize, key: impl Into<Str>, value: Value) -> Option<Value> {
        let key = key.into();
        let old = self.position(&key).map(|i| self.entries.remove(i).1);
        assert!(index <= self.entries.len(), "Map::shift_insert: index {index} is out of bounds");
        self.entries.insert(index, (key, value));
        self.reindex();
        old
    }

    /// Moves every member of `other` into this map (a key present in both takes
    /// `other`'s value in its place here), leaving `other` empty.
    pub fn append(&mut self, other: &mut Map) {
        let entries = core::mem::take(&mut other.entries);
        other.index = None;
        self.entries.reserve(entries.len());
        for (k, v) in entries {
            self.insert(k, v);
        }
    }

    /// Sorts the members by key (byte order, as serde_json's `sort_keys`).
    pub fn sort_keys(&mut self) {
        self.entries.sort_unstable_by(|(a, _), (b, _)| a.as_str().cmp(b.as_str()));
        self.reindex();
    }

    /// The member of `key`, to read, change, insert or remove in place.
    pub fn entry(&mut self, key: impl Into<Str>) -> Entry<'_> {
        let key = key.into();
        match self.position(&key) {
            Some(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            None => Entry::Vacant(VacantEntry { map: self, key }),
        }
    }

    /// As [`remove`](Map::remove) (the order of the others is kept).
    pub fn shift_remove(&mut self, key: &str) -> Option<Value> {
        self.remove(key)
    }

    /// Removes `key`, moving the last member into its place; returns its value.
    pub fn swap_remove(&mut self, key: &str) -> Option<Value> {
        let i = self.position(key)?;
        let (_, v) = self.entries.swap_remove(i);
        self.reindex();
        Some(v)
    }

    /// The values, by value, in order.
    pub fn into_values(self) -> impl Iterator<Item = Value> {
        self.into_iter().map(|(_, v)| v)
    }

    /// The keys, by value, in order.
    pub fn into_keys(self) -> impl Iterator<Item = Str> {
        self.into_iter().map(|(k, _)| k)
    }

    fn reindex(&mut self) {
        self.index = (self.entries.len() > Map::INDEX_THRESHOLD).then(|| KeyIndex::build(&self.entries));
    }

    /// The same members in the same order, values compared with
    /// [`Value::strict_eq`] (`==` ignores the order).
    pub fn strict_eq(&self, other: &Map) -> bool {
        self.len() == other.len()
            && self.entries.iter().zip(&other.entries).all(|((k, v), (l, w))| k == l && v.strict_eq(w))
    }
}

/// A member of a [`Map`], present or not, from [`Map::entry`].
pub enum Entry<'a> {
    /// The key is not in the map.
    Vacant(VacantEntry<'a>),
    /// The key is in the map.
    Occupied(OccupiedEntry<'a>),
}

/// An absent member, from [`Map::entry`].
pub struct VacantEntry<'a> {
    map: &'a mut Map,
    key: Str,
}

/// A present member, from [`Map::entry`].
pub struct OccupiedEntry<'a> {
    map: &'a mut Map,
    index: usize,
}

impl<'a> Entry<'a> {
    /// The member's key.
    pub fn key(&self) -> &Str {
        match self {
            Entry::Vacant(e) => e.key(),
            Entry::Occupied(e) => e.key(),
        }
    }

    /// The value, inserting `default` first if the key is absent.
    pub fn or_insert(self, default: Value) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The value, inserting `default()` first if the key is absent.
    pub fn or_insert_with<F: FnOnce() -> Value>(self, default: F) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default()),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// Calls `f` on the value if the key is present.
    pub fn and_modify<F: FnOnce(&mut Value)>(self, f: F) -> Self {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    /// The key that would be inserted.
    pub fn key(&self) -> &Str {
        &self.key
    }

    /// Inserts the member (at the end); returns its value.
    pub fn insert(self, value: Value) -> &'a mut Value {
        let i = self.map.push_new(self.key, value);
        &mut self.map.entries[i].1
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The member's key.
    pub fn key(&self) -> &Str {
        &self.map.entries[self.index].0
    }

    /// The member's value.
    pub fn get(&self) -> &Value {
        &self.map.entries[self.index].1
    }

    /// The member's value, mutably.
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.entries[self.index].1
    }

    /// The member's value, mutably, for as long as the map is borrowed.
    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.entries[self.index].1
    }

    /// Replaces the value; returns the old one.
    pub fn insert(&mut self, value: Value) -> Value {
        core::mem::replace(self.get_mut(), value)
    }

    /// Removes the member (the order of the others is kept); returns its value.
    pub fn remove(self) -> Value {
        let (_, v) = self.map.entries.remove(self.index);
        self.map.reindex();
        v
    }
}

/// Nested arrays and objects are taken apart without recursion (see `teardown.rs`).
impl Drop for Map {
    #[inline]
    fn drop(&mut self) {
        if !self.entries.is_empty() {
            teardown::members(&mut self.entries);
        }
    }
}

impl core::fmt::Debug for Map {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Equal when both have the same members, in any order (see [`Map::strict_eq`]).
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

/// Iterator over a map's members.
#[derive(Clone, Debug)]
pub struct Iter<'a>(core::slice::Iter<'a, (Str, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Str, &'a Value);
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
pub struct IterMut<'a>(core::slice::IterMut<'a, (Str, Value)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a Str, &'a mut Value);
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
    type Item = (&'a Str, &'a Value);
    type IntoIter = Iter<'a>;
    #[inline]
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a Str, &'a mut Value);
    type IntoIter = IterMut<'a>;
    #[inline]
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl IntoIterator for Map {
    type Item = (Str, Value);
    type IntoIter = std::vec::IntoIter<(Str, Value)>;
    #[inline]
    fn into_iter(mut self) -> Self::IntoIter {
        core::mem::take(&mut self.entries).into_iter()
    }
}

impl<K: Into<Str>, V: Into<Value>> FromIterator<(K, V)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Map {
        let iter = iter.into_iter();
        let mut map = Map::with_capacity(iter.size_hint().0);
        map.extend(iter);
        map
    }
}

impl<K: Into<Str>, V: Into<Value>> Extend<(K, V)> for Map {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v.into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_order_duplicates_and_index() {
        let mut m = Map::new();
        for i in 0..40 {
            assert_eq!(m.insert(format!("k{i}"), Value::from(i)), None);
            assert_eq!(m.index.is_some(), m.len() > Map::INDEX_THRESHOLD);
        }
        assert_eq!(m.insert("k3", Value::from("x")), Some(Value::from(3)));
        assert_eq!(m.len(), 40);
        assert_eq!(m.get_index(3), Some((&Str::from("k3"), &Value::from("x"))));
        for i in 0..40 {
            assert_eq!(m.position(&format!("k{i}")), Some(i));
        }
        assert_eq!(m.get("nope"), None);
        assert_eq!(m.remove("k0"), Some(Value::from(0)));
        assert_eq!(m.position("k1"), Some(0));
        m.retain(|k, _| k.len() == 2);
        assert_eq!(
            m.keys().map(Str::as_str).collect::<Vec<_>>(),
            ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"]
        );
        assert!(m.index.is_some());
        m.remove("k9");
        assert!(m.index.is_none());
        assert_eq!(m["k5"], 5);
    }

    /// The decoder's large objects: repeats resolved once at the end, as `insert` one
    /// by one would (first place, last value), with the index only past the threshold.
    #[test]
    fn from_decoded_resolves_repeats_like_insert() {
        let patterns: [&[usize]; 6] = [
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
            &[0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 0, 8, 9, 8],
            &[0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 3, 3, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 17],
            &[0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        ];
        for keys in patterns {
            let entries: Vec<(Str, Value)> =
                keys.iter().enumerate().map(|(i, k)| (Str::from(format!("k{k}")), Value::from(i))).collect();
            let mut want = Map::new();
            for (k, v) in entries.clone() {
                want.insert(k, v);
            }
            let got = Map::from_decoded(entries);
            assert!(got.strict_eq(&want), "{keys:?}: {got:?} vs {want:?}");
            assert_eq!(got.index.is_some(), got.len() > Map::INDEX_THRESHOLD, "{keys:?}");
            for (i, (k, _)) in want.iter().enumerate() {
                assert_eq!(got.position(k), Some(i), "{keys:?}");
            }
            assert_eq!(got.position("k99"), None);
        }
    }

    #[test]
    fn map_equality_ignores_order() {
        let a: Map = [("x", 1), ("y", 2)].into_iter().collect();
        let b: Map = [("y", 2), ("x", 1)].into_iter().collect();
        assert_eq!(a, b);
    }
}
