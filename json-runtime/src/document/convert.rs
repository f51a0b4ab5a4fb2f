//! From a [`Document`] to the rest of the library: [`ValueRef::to_owned`] (the
//! [`Value`] `decode` gives), comparison with a `Value`, `Debug` and `Display`, the
//! encoder (`encode`-style methods, the same output as encoding that `Value`) and serde's
//! `Serialize`.

use std::collections::HashMap;
use std::fmt;

use super::{Document, Kind, Members, ValueRef};
use crate::ser::encoder::Encoder;
use crate::ser::format::{Compact, Formatter, Pretty};
use crate::ser::number::write_number;
use crate::ser::EncodeOptions;
use crate::value::{Map, Str, Value};

/// Objects up to this many members are checked for repeated keys pairwise.
const PAIRWISE_MAX: usize = 16;

/// An object's members as `decode` keeps them (each key once, in its first place, with
/// its last value) if the input repeats a key; `None` if it does not (then they are
/// the members as written).
fn deduplicated<'d>(members: Members<'d>) -> Option<Vec<(&'d str, ValueRef<'d>)>> {
    let n = members.len();
    if n < 2 {
        return None;
    }
    let repeated = if n <= PAIRWISE_MAX {
        // On the stack: most objects are small, and encoding them allocates nothing.
        let mut keys = [""; PAIRWISE_MAX];
        for (slot, (k, _)) in keys.iter_mut().zip(members.clone()) {
            *slot = k;
        }
        (1..n).any(|i| keys[..i].contains(&keys[i]))
    } else {
        let mut seen = std::collections::HashSet::with_capacity(n);
        !members.clone().all(|(k, _)| seen.insert(k))
    };
    if !repeated {
        return None;
    }
    let mut place: HashMap<&str, usize> = HashMap::with_capacity(n);
    let mut unique: Vec<(&str, ValueRef<'d>)> = Vec::with_capacity(n);
    for (k, v) in members {
        match place.get(k) {
            Some(&i) => unique[i].1 = v,
            None => {
                place.insert(k, unique.len());
                unique.push((k, v));
            }
        }
    }
    Some(unique)
}

/// A container being rebuilt by [`ValueRef::to_owned`]: what it holds so far and how
/// many elements or members are still to come.
enum Open {
    Array(Vec<Value>, usize),
    Object(Map, Option<Str>, usize),
}

impl<'d> ValueRef<'d> {
    /// The [`Value`] that `decode` gives for this part of the input (duplicate keys: the
    /// first member's place, the last member's value). Iterative: any depth the parse
    /// allowed is fine. (On a `&ValueRef`, write `(*v).to_owned()` or `Value::from(*v)`:
    /// there `to_owned` is `ToOwned`'s, which copies the view.)
    pub fn to_owned(self) -> Value {
        let doc = self.document();
        let mut stack: Vec<Open> = Vec::new();
        let mut at = self.at_index();
        loop {
            let v = ValueRef::new(doc, at);
            // An object's key comes before each of its values.
            if let Some(Open::Object(_, key @ None, _)) = stack.last_mut() {
                *key = Some(Str::from(v.as_str().unwrap_or_default()));
                at += 1;
                continue;
            }
            let mut value = match v.kind() {
                Kind::Null => Value::Null,
                Kind::Bool => Value::Bool(v.as_bool() == Some(true)),
                Kind::Number => v.as_number().map_or(Value::Null, Value::Number),
                Kind::String => Value::String(Str::from(v.as_str().unwrap_or_default())),
                Kind::Array if v.is_empty() => Value::Array(Vec::new().into()),
                Kind::Object if v.is_empty() => Value::Object(Map::new()),
                Kind::Array => {
                    stack.push(Open::Array(Vec::with_capacity(v.len()), v.len()));
                    at += 1;
                    continue;
                }
                Kind::Object => {
                    stack.push(Open::Object(Map::with_capacity(v.len()), None, v.len()));
                    at += 1;
                    continue;
                }
            };
            at = v.end_index();
            // Into the innermost container; each container that this completes goes
            // into the one around it.
            loop {
                let left = match stack.last_mut() {
                    None => return value,
                    Some(Open::Array(items, left)) => {
                        items.push(value);
                        left
                    }
                    Some(Open::Object(map, key, left)) => {
                        map.insert(key.take().unwrap_or_default(), value);
                        left
                    }
                };
                *left -= 1;
                if *left > 0 {
                    break;
                }
                value = match stack.pop() {
                    Some(Open::Array(items, _)) => Value::Array(items.into()),
                    Some(Open::Object(map, _, _)) => Value::Object(map),
                    None => unreachable!("the container was on the stack"),
                };
            }
        }
    }

    /// As compact JSON: exactly what [`crate::encode`] writes for [`ValueRef::to_owned`].
    pub fn encode(self) -> String {
        self.encode_with(&EncodeOptions::new())
    }

    /// As JSON under `opts`: exactly what [`crate::encode_with`] writes for
    /// [`ValueRef::to_owned`].
    pub fn encode_with(self, opts: &EncodeOptions) -> String {
        let bytes = self.encode_to_vec_with(opts);
        debug_assert!(std::str::from_utf8(&bytes).is_ok());
        // SAFETY: the encoder writes only ASCII and whole UTF-8 sequences copied from
        // `&str`s, as in `crate::ser::encode_with`.
        unsafe { String::from_utf8_unchecked(bytes) }
    }

    /// As JSON bytes under `opts`.
    pub fn encode_to_vec_with(self, opts: &EncodeOptions) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode_into(opts, &mut out);
        out
    }

    /// Appends this value as JSON under `opts` to `out`.
    pub fn encode_into(self, opts: &EncodeOptions, out: &mut Vec<u8>) {
        // The input's length is a fair first guess for the whole document.
        if self.at_index() == 0 {
            out.reserve(self.document().input().len() + 32);
        }
        let mut enc = Encoder::new(std::mem::take(out), opts);
        match opts.indent {
            None => walk(&mut enc, self, opts, &mut Compact),
            Some(width) => walk(&mut enc, self, opts, &mut Pretty::new(width, opts.tab)),
        }
        *out = enc.out;
    }
}

/// The encoder's walk (`Encoder::walk`) over a document's values.
fn walk<F: Formatter>(enc: &mut Encoder<'_>, v: ValueRef<'_>, opts: &EncodeOptions, f: &mut F) {
    match v.kind() {
        Kind::Null => enc.out.extend_from_slice(b"null"),
        Kind::Bool if v.as_bool() == Some(true) => enc.out.extend_from_slice(b"true"),
        Kind::Bool => enc.out.extend_from_slice(b"false"),
        Kind::Number => match v.as_number() {
            Some(n) => write_number(&mut enc.out, &n, opts.number_format, opts.preserve_zero_fraction),
            None => enc.out.extend_from_slice(b"null"),
        },
        Kind::String => enc.string(v.as_str().unwrap_or_default()),
        Kind::Array => {
            f.open(&mut enc.out, b'[');
            let mut first = true;
            for x in v.as_array().into_iter().flatten() {
                f.item(&mut enc.out, first);
                first = false;
                walk(enc, x, opts, f);
            }
            f.close(&mut enc.out, b']', first);
        }
        Kind::Object => {
            let members = v.as_object().expect("an object");
            match deduplicated(members.clone()) {
                None if !opts.sort_keys => object(enc, members, opts, f),
                None => {
                    let mut sorted: Vec<_> = members.collect();
                    sorted.sort_unstable_by(|a, b| a.0.cmp(b.0));
                    object(enc, sorted.into_iter(), opts, f)
                }
                Some(mut unique) => {
                    if opts.sort_keys {
                        unique.sort_unstable_by(|a, b| a.0.cmp(b.0));
                    }
                    object(enc, unique.into_iter(), opts, f)
                }
            }
        }
    }
}

fn object<'d, F: Formatter>(
    enc: &mut Encoder<'_>,
    members: impl Iterator<Item = (&'d str, ValueRef<'d>)>,
    opts: &EncodeOptions,
    f: &mut F,
) {
    f.open(&mut enc.out, b'{');
    let mut first = true;
    for (k, v) in members {
        f.item(&mut enc.out, first);
        first = false;
        enc.string(k);
        f.colon(&mut enc.out);
        walk(enc, v, opts, f);
    }
    f.close(&mut enc.out, b'}', first);
}

impl Document<'_> {
    /// The document as compact JSON: exactly what [`crate::encode`] writes for the
    /// [`Value`] `decode` gives.
    pub fn encode(&self) -> String {
        self.root().encode()
    }

    /// The document as JSON under `opts`.
    pub fn encode_with(&self, opts: &EncodeOptions) -> String {
        self.root().encode_with(opts)
    }

    /// The [`Value`] `decode` gives for the same input.
    pub fn to_value(&self) -> Value {
        self.root().to_owned()
    }
}

impl From<ValueRef<'_>> for Value {
    fn from(v: ValueRef<'_>) -> Value {
        v.to_owned()
    }
}

/// As `Value`'s `==` on [`ValueRef::to_owned`] (objects in any order, `-0.0 == 0.0`).
impl PartialEq<Value> for ValueRef<'_> {
    fn eq(&self, other: &Value) -> bool {
        (*self).to_owned() == *other
    }
}

impl PartialEq<ValueRef<'_>> for Value {
    fn eq(&self, other: &ValueRef<'_>) -> bool {
        *other == *self
    }
}

/// As the [`Value`]'s `Debug`.
impl fmt::Debug for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&(*self).to_owned(), f)
    }
}

/// Compact JSON; `{:#}` pretty prints with 2 spaces, as `Value`'s `Display`.
impl fmt::Display for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opts = if f.alternate() { EncodeOptions::new().pretty(2) } else { EncodeOptions::new() };
        f.write_str(&self.encode_with(&opts))
    }
}

impl fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Document").field("root", &self.root()).finish()
    }
}

impl fmt::Display for Document<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.root(), f)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::ser::{Serialize, SerializeMap, Serializer};

    use super::{deduplicated, Document, Kind, ValueRef};

    /// As the [`Value`](crate::Value) `decode` gives (repeated keys once).
    impl Serialize for ValueRef<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let v = *self;
            match v.kind() {
                Kind::Null => s.serialize_unit(),
                Kind::Bool => s.serialize_bool(v.as_bool() == Some(true)),
                Kind::Number => match v.as_number() {
                    Some(n) => n.serialize(s),
                    None => s.serialize_unit(),
                },
                Kind::String => s.serialize_str(v.as_str().unwrap_or_default()),
                Kind::Array => s.collect_seq(v.as_array().into_iter().flatten()),
                Kind::Object => {
                    let members = v.as_object().expect("an object");
                    let unique = deduplicated(members.clone());
                    let mut map = s.serialize_map(Some(unique.as_ref().map_or(members.len(), Vec::len)))?;
                    match unique {
                        Some(unique) => unique.into_iter().try_for_each(|(k, v)| map.serialize_entry(k, &v))?,
                        None => members.into_iter().try_for_each(|(k, v)| map.serialize_entry(k, &v))?,
                    }
                    map.end()
                }
            }
        }
    }

    impl Serialize for Document<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.root().serialize(s)
        }
    }
}
