//! [`Str`]: the string of [`Value::String`](super::Value::String) and of object keys.
//! Up to [`Str::INLINE_CAPACITY`] bytes are stored in the value itself (most keys and
//! many values are that short), so decoding them calls no allocator; longer ones are a
//! `Box<str>` of exactly their size.

use core::borrow::{Borrow, BorrowMut};
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};
use core::{fmt, ops};
use std::borrow::Cow;

/// A JSON string: what [`Value::String`](super::Value::String) holds and what object keys
/// are. It dereferences to `str`, so `&s[..]`, `s.len()`, `s.starts_with(..)` and `&*s`
/// work as on a `String`; it compares equal to `str`, `&str` and `String`, hashes and
/// orders as its `str` (so a `HashMap<Str, _>` can be looked up with a `&str`), prints
/// as one (`Display`, and `Debug` quoted), and converts from and into `String`.
///
/// Strings up to [`Str::INLINE_CAPACITY`] bytes live inside the 24-byte `Str` itself;
/// longer ones in a heap allocation of exactly their length. Each growing mutation
/// ([`push_str`](Str::push_str), [`push`](Str::push)) of a heap string reallocates: to build a long
/// string piece by piece, build a `String` and convert it once.
///
/// ```
/// use json_runtime::{value::Str, Value};
/// let v = Value::from("short");
/// if let Value::String(s) = &v {
///     assert_eq!(s, "short");
///     assert!(s.starts_with("sh"));
///     let owned: String = s.to_string();
///     assert_eq!(owned, *s);
/// }
/// let mut s = Str::from("abc");
/// s.push_str("def");
/// assert_eq!(s.as_str(), "abcdef");
/// assert_eq!(String::from(s), "abcdef");
/// ```
#[derive(Clone)]
pub struct Str(Repr);

#[derive(Clone)]
enum Repr {
    Inline(Inline),
    Heap(Box<str>),
}

/// The inline form: `bytes[..len]` is UTF-8. Its `len` (a byte whose valid values are
/// 0..=23) leaves the other byte values free for `Repr`'s tag, so `Repr` is 24 bytes.
#[derive(Clone, Copy)]
#[repr(C)]
struct Inline {
    len: Len,
    bytes: [u8; INLINE],
}

const INLINE: usize = 23;

/// The length of an inline string: an enum so that the compiler knows its range (the
/// slice `bytes[..len]` needs no bounds check, and the other values are a niche).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
#[rustfmt::skip]
enum Len {
    L0, L1, L2, L3, L4, L5, L6, L7, L8, L9, L10, L11, L12, L13, L14, L15, L16, L17, L18,
    L19, L20, L21, L22, L23,
}

#[rustfmt::skip]
const LENS: [Len; INLINE + 1] = {
    use Len::*;
    [L0, L1, L2, L3, L4, L5, L6, L7, L8, L9, L10, L11, L12, L13, L14, L15, L16, L17, L18, L19, L20, L21, L22, L23]
};

impl Inline {
    /// `s`, which must be at most `INLINE` bytes long.
    #[inline(always)]
    fn new(s: &str) -> Inline {
        let (src, n) = (s.as_bytes(), s.len());
        let mut bytes = [0u8; INLINE];
        // Two fixed-size copies that overlap (head and tail) instead of a `memcpy` call
        // of a variable length: decoding makes one of these per short string and key.
        if n >= 16 {
            bytes[..16].copy_from_slice(&src[..16]);
            bytes[n - 16..n].copy_from_slice(&src[n - 16..]);
        } else if n >= 8 {
            bytes[..8].copy_from_slice(&src[..8]);
            bytes[n - 8..n].copy_from_slice(&src[n - 8..]);
        } else if n >= 4 {
            bytes[..4].copy_from_slice(&src[..4]);
            bytes[n - 4..n].copy_from_slice(&src[n - 4..]);
        } else {
            bytes[..n].copy_from_slice(src);
        }
        Inline { len: LENS[n], bytes }
    }

    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    #[inline(always)]
    fn as_str(&self) -> &str {
        debug_assert!(core::str::from_utf8(self.as_bytes()).is_ok());
        // SAFETY: `bytes[..len]` is UTF-8: every constructor copies it from a `str`, and
        // every mutation (`push_str`, `truncate`, `as_mut_str`'s `&mut str`) keeps it so.
        unsafe { core::str::from_utf8_unchecked(self.as_bytes()) }
    }

    #[inline(always)]
    fn as_mut_str(&mut self) -> &mut str {
        let n = self.len as usize;
        // SAFETY: as in `as_str`; a `&mut str` can only be changed into other UTF-8.
        unsafe { core::str::from_utf8_unchecked_mut(&mut self.bytes[..n]) }
    }
}

impl Str {
    /// The longest string stored without a heap allocation, in bytes.
    pub const INLINE_CAPACITY: usize = INLINE;

    /// The empty string (no allocation).
    #[inline]
    pub const fn new() -> Str {
        Str(Repr::Inline(Inline { len: Len::L0, bytes: [0; INLINE] }))
    }

    /// The string as a `&str`.
    #[inline(always)]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(i) => i.as_str(),
            Repr::Heap(b) => b,
        }
    }

    /// The string as a `&mut str` (for changes that keep its length, such as
    /// `make_ascii_lowercase`).
    #[inline]
    pub fn as_mut_str(&mut self) -> &mut str {
        match &mut self.0 {
            Repr::Inline(i) => i.as_mut_str(),
            Repr::Heap(b) => b,
        }
    }

    /// True when the string is stored inline (it is at most
    /// [`Str::INLINE_CAPACITY`] bytes long and owns no heap memory).
    #[inline]
    pub fn is_inline(&self) -> bool {
        matches!(self.0, Repr::Inline(_))
    }

    /// The string as a `String` (no copy when it is on the heap).
    #[inline]
    pub fn into_string(self) -> String {
        match self.0 {
            Repr::Inline(i) => i.as_str().to_owned(),
            Repr::Heap(b) => b.into_string(),
        }
    }

    /// The string as a `Box<str>` (no copy when it is on the heap).
    #[inline]
    pub fn into_boxed_str(self) -> Box<str> {
        match self.0 {
            Repr::Inline(i) => i.as_str().into(),
            Repr::Heap(b) => b,
        }
    }

    /// Appends `s`.
    pub fn push_str(&mut self, s: &str) {
        match &mut self.0 {
            Repr::Inline(i) => {
                let n = i.len as usize;
                if n + s.len() <= INLINE {
                    i.bytes[n..n + s.len()].copy_from_slice(s.as_bytes());
                    i.len = LENS[n + s.len()];
                } else {
                    let mut joined = String::with_capacity(n + s.len());
                    joined.push_str(i.as_str());
                    joined.push_str(s);
                    self.0 = Repr::Heap(joined.into_boxed_str());
                }
            }
            Repr::Heap(b) => {
                let mut joined = core::mem::take(b).into_string();
                joined.push_str(s);
                *b = joined.into_boxed_str();
            }
        }
    }

    /// Appends `c`.
    #[inline]
    pub fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }

    /// Shortens the string to `len` bytes (nothing if it is not longer); panics if
    /// `len` is not on a character boundary, as `String::truncate` does. A string that
    /// becomes short enough moves inline.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        assert!(self.is_char_boundary(len), "Str::truncate: {len} is not a character boundary");
        match &mut self.0 {
            Repr::Inline(i) => i.len = LENS[len],
            Repr::Heap(b) => *self = Str::from(&b[..len]),
        }
    }

    /// Empties the string (freeing a heap buffer).
    #[inline]
    pub fn clear(&mut self) {
        *self = Str::new();
    }
}

impl Default for Str {
    #[inline]
    fn default() -> Str {
        Str::new()
    }
}

impl ops::Deref for Str {
    type Target = str;
    #[inline(always)]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl ops::DerefMut for Str {
    #[inline]
    fn deref_mut(&mut self) -> &mut str {
        self.as_mut_str()
    }
}

impl AsRef<str> for Str {
    #[inline]
    fn as_ref(&self) -> &str {
        self
    }
}

impl AsRef<[u8]> for Str {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsMut<str> for Str {
    #[inline]
    fn as_mut(&mut self) -> &mut str {
        self
    }
}

impl Borrow<str> for Str {
    #[inline]
    fn borrow(&self) -> &str {
        self
    }
}

impl BorrowMut<str> for Str {
    #[inline]
    fn borrow_mut(&mut self) -> &mut str {
        self
    }
}

impl From<&str> for Str {
    #[inline(always)]
    fn from(s: &str) -> Str {
        if s.len() <= INLINE {
            Str(Repr::Inline(Inline::new(s)))
        } else {
            Str(Repr::Heap(boxed(s)))
        }
    }
}

/// `s` in an allocation of its own, `s` longer than `INLINE` (so not empty). By hand:
/// `Box::<str>::from` and `to_owned().into_boxed_str()` leave the decoder a call into
/// the generic `RawVec` allocation and a capacity check, once per long string.
#[inline(always)]
fn boxed(s: &str) -> Box<str> {
    use std::alloc::{alloc, handle_alloc_error, Layout};
    debug_assert!(s.len() > INLINE);
    let Ok(layout) = Layout::array::<u8>(s.len()) else { unreachable!("a `str` is at most isize::MAX bytes") };
    // SAFETY: `layout` has a non-zero size (`s` is not empty).
    let p = unsafe { alloc(layout) };
    if p.is_null() {
        handle_alloc_error(layout);
    }
    // SAFETY: `p` is a fresh allocation of `s.len()` bytes, which cannot overlap `s`;
    // once written it holds `s`'s bytes, UTF-8. A `Box<[u8]>` of that length frees it
    // with the same layout (`[u8; len]`, align 1) that allocated it.
    unsafe {
        core::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        let bytes: *mut [u8] = core::ptr::slice_from_raw_parts_mut(p, s.len());
        Box::from_raw(bytes as *mut str)
    }
}

impl From<&mut str> for Str {
    #[inline]
    fn from(s: &mut str) -> Str {
        Str::from(&*s)
    }
}

impl From<&String> for Str {
    #[inline]
    fn from(s: &String) -> Str {
        Str::from(s.as_str())
    }
}

impl From<&Str> for Str {
    #[inline]
    fn from(s: &Str) -> Str {
        s.clone()
    }
}

/// A short string moves inline (its buffer is freed); a long one keeps its buffer,
/// trimmed to its length.
impl From<String> for Str {
    #[inline]
    fn from(s: String) -> Str {
        if s.len() <= INLINE {
            Str::from(s.as_str())
        } else {
            Str(Repr::Heap(s.into_boxed_str()))
        }
    }
}

impl From<Box<str>> for Str {
    #[inline]
    fn from(s: Box<str>) -> Str {
        if s.len() <= INLINE {
            Str::from(&*s)
        } else {
            Str(Repr::Heap(s))
        }
    }
}

impl From<Cow<'_, str>> for Str {
    #[inline]
    fn from(s: Cow<'_, str>) -> Str {
        match s {
            Cow::Borrowed(s) => Str::from(s),
            Cow::Owned(s) => Str::from(s),
        }
    }
}

impl From<char> for Str {
    #[inline]
    fn from(c: char) -> Str {
        Str::from(&*c.encode_utf8(&mut [0; 4]))
    }
}

impl From<Str> for String {
    #[inline]
    fn from(s: Str) -> String {
        s.into_string()
    }
}

impl From<Str> for Box<str> {
    #[inline]
    fn from(s: Str) -> Box<str> {
        s.into_boxed_str()
    }
}

impl From<&Str> for String {
    #[inline]
    fn from(s: &Str) -> String {
        s.as_str().to_owned()
    }
}

impl<'a> From<&'a Str> for Cow<'a, str> {
    #[inline]
    fn from(s: &'a Str) -> Cow<'a, str> {
        Cow::Borrowed(s)
    }
}

impl core::str::FromStr for Str {
    type Err = core::convert::Infallible;
    #[inline]
    fn from_str(s: &str) -> Result<Str, Self::Err> {
        Ok(Str::from(s))
    }
}

impl<'a> FromIterator<&'a str> for Str {
    fn from_iter<I: IntoIterator<Item = &'a str>>(iter: I) -> Str {
        Str::from(iter.into_iter().collect::<String>())
    }
}

impl FromIterator<char> for Str {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Str {
        Str::from(iter.into_iter().collect::<String>())
    }
}

impl fmt::Write for Str {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl fmt::Display for Str {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Str {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Hash for Str {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    #[inline]
    fn partial_cmp(&self, other: &Str) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    #[inline]
    fn cmp(&self, other: &Str) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

macro_rules! eq_str {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Str {
            #[inline]
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Str> for $t {
            #[inline]
            fn eq(&self, other: &Str) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
        impl PartialOrd<$t> for Str {
            #[inline]
            fn partial_cmp(&self, other: &$t) -> Option<Ordering> {
                Some(self.as_str().cmp(AsRef::<str>::as_ref(other)))
            }
        }
        impl PartialOrd<Str> for $t {
            #[inline]
            fn partial_cmp(&self, other: &Str) -> Option<Ordering> {
                Some(AsRef::<str>::as_ref(self).cmp(other.as_str()))
            }
        }
    )*};
}
eq_str!(str, &str, String, Box<str>, Cow<'_, str>);

impl PartialEq<Str> for &Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<&Str> for Str {
    #[inline]
    fn eq(&self, other: &&Str) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use core::fmt;
    use core::marker::PhantomData;

    use serde::de::{self, IntoDeserializer, Visitor};

    use super::{Repr, Str};

    impl serde::Serialize for Str {
        #[inline]
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self)
        }
    }

    struct StrVisitor;

    impl Visitor<'_> for StrVisitor {
        type Value = Str;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        #[inline]
        fn visit_str<E>(self, v: &str) -> Result<Str, E> {
            Ok(Str::from(v))
        }
        #[inline]
        fn visit_string<E>(self, v: String) -> Result<Str, E> {
            Ok(Str::from(v))
        }
        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Str, E> {
            core::str::from_utf8(v).map(Str::from).map_err(|_| E::invalid_value(de::Unexpected::Bytes(v), &self))
        }
        fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Str, E> {
            String::from_utf8(v)
                .map(Str::from)
                .map_err(|e| E::invalid_value(de::Unexpected::Bytes(e.as_bytes()), &self))
        }
    }

    impl<'de> serde::Deserialize<'de> for Str {
        #[inline]
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Str, D::Error> {
            d.deserialize_string(StrVisitor)
        }
    }

    /// A [`Str`] as a serde `Deserializer` (a map key or an enum variant out of a
    /// `Value`): a heap string is handed over as a `String`, an inline one as a `&str`.
    pub struct StrDeserializer<E> {
        s: Str,
        error: PhantomData<E>,
    }

    impl<E: de::Error> IntoDeserializer<'_, E> for Str {
        type Deserializer = StrDeserializer<E>;
        #[inline]
        fn into_deserializer(self) -> StrDeserializer<E> {
            StrDeserializer { s: self, error: PhantomData }
        }
    }

    impl<'de, E: de::Error> de::Deserializer<'de> for StrDeserializer<E> {
        type Error = E;

        #[inline]
        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
            match self.s.0 {
                Repr::Inline(i) => visitor.visit_str(i.as_str()),
                Repr::Heap(b) => visitor.visit_string(b.into_string()),
            }
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, E> {
            let s: de::value::StrDeserializer<'_, E> = self.s.as_str().into_deserializer();
            de::Deserializer::deserialize_enum(s, name, variants, visitor)
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map struct identifier ignored_any
        }
    }
}

#[cfg(feature = "serde")]
pub use serde_impls::StrDeserializer;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_and_forms() {
        assert_eq!(core::mem::size_of::<Str>(), 24);
        assert_eq!(core::mem::size_of::<Option<Str>>(), 24);
        for n in 0..60 {
            let text: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            let s = Str::from(text.as_str());
            assert_eq!(s, text);
            assert_eq!(s.is_inline(), n <= Str::INLINE_CAPACITY, "{n}");
            assert_eq!(Str::from(text.clone()), s);
            assert_eq!(Str::from(text.clone().into_boxed_str()).is_inline(), n <= Str::INLINE_CAPACITY);
            assert_eq!(s.clone().into_string(), text);
            assert_eq!(&*s.clone().into_boxed_str(), text.as_str());
        }
    }

    #[test]
    fn mutation_crosses_the_inline_limit_both_ways() {
        let mut s = Str::new();
        let mut t = String::new();
        for (i, piece) in ["é", "ab", "日本語", "x", "0123456789", "🙂", "tail"].iter().cycle().take(40).enumerate()
        {
            s.push_str(piece);
            t.push_str(piece);
            assert_eq!(s, t);
            assert_eq!(s.is_inline(), t.len() <= Str::INLINE_CAPACITY);
            if i % 7 == 6 {
                s.push('ß');
                t.push('ß');
            }
        }
        let mut cut = t.len();
        while cut > 0 {
            cut -= 1;
            while !t.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
            t.truncate(cut);
            assert_eq!(s, t);
            assert_eq!(s.is_inline(), t.len() <= Str::INLINE_CAPACITY);
        }
        s.push_str("Mixed");
        s.make_ascii_uppercase();
        assert_eq!(s, "MIXED");
        s.clear();
        assert!(s.is_empty() && s.is_inline());
    }

    #[test]
    #[should_panic(expected = "character boundary")]
    fn truncate_inside_a_character_panics() {
        Str::from("é").truncate(1);
    }

    #[test]
    fn compares_hashes_and_prints_as_str() {
        use std::collections::HashMap;
        let a = Str::from("apple");
        let long = Str::from("banana, a string longer than twenty-three bytes");
        assert_eq!(a, "apple");
        assert_eq!("apple", a);
        assert_eq!(a, String::from("apple"));
        assert_eq!(String::from("apple"), a);
        assert_eq!(a, *"apple");
        assert!(a < long);
        assert!(long > a);
        assert!(a < *"b");
        assert!(long > *"b");
        assert_eq!(format!("{a} {a:?} {long:>45}"), format!("{} {:?} {:>45}", "apple", "apple", long.as_str()));
        let mut m: HashMap<Str, u32> = HashMap::new();
        m.insert(a.clone(), 1);
        m.insert(long.clone(), 2);
        assert_eq!(m.get("apple"), Some(&1));
        assert_eq!(m.get(long.as_str()), Some(&2));
        let mut w = Str::new();
        fmt::Write::write_fmt(&mut w, format_args!("{}-{}", 1, "two")).unwrap();
        assert_eq!(w, "1-two");
    }
}
