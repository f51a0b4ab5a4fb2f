//! Lazy access by path, as sonic-rs's `get`: the value at a JSON Pointer (or a list of
//! keys and indices) as its text, found in one pass that builds nothing and checks only
//! what lies before the value's end.
//!
//! ```
//! let json = br#"{"user": {"name": "Ada", "langs": ["en", "fr"]}, "n": 2}"#;
//! let name = jsonlex::get(json, "/user/name").unwrap();
//! assert_eq!(name.as_raw_str(), r#""Ada""#);
//! assert_eq!(name.as_str().as_deref(), Some("Ada"));
//! let lang = jsonlex::get(json, &jsonlex::pointer!["user", "langs", 1]).unwrap();
//! assert_eq!(lang.as_str().as_deref(), Some("fr"));
//! assert!(jsonlex::get(json, "/user/age").unwrap_err().is_not_found());
//!
//! let mut tree = jsonlex::PathTree::new();
//! tree.add_path("/n").add_path(&["user", "langs"]).add_path("/missing");
//! let found = jsonlex::get_many(json, &tree).unwrap();
//! assert_eq!(found[0].as_ref().and_then(|v| v.as_u64()), Some(2));
//! assert_eq!(found[1].as_ref().map(|v| v.as_raw_str()), Some(r#"["en", "fr"]"#));
//! assert!(found[2].is_none());
//! ```
//!
//! What is checked, as `validate` checks it: every byte before the end of the value
//! found (tokens, structure, depth); invalid JSON there is `validate`'s error, never a
//! value. Not checked: what follows the value (`{"a": 1, oops` gives `1` for `/a`). A
//! key that occurs twice: the first is found (`decode` keeps the last).

use std::borrow::Cow;

use json_runtime::lazy::{self, Elements, Members, Span};

use crate::lexer::JsonLexer;
use crate::{Category, Error};

pub use json_runtime::lazy::{JsonPath, PathItem, PathTree};

/// A JSON path as an array of [`PathItem`]s, as sonic-rs's `pointer!`: string
/// expressions are keys, integer ones indices.
///
/// ```
/// let path = jsonlex::pointer!["statuses", 3, "user"];
/// assert_eq!(path[1], jsonlex::PathItem::Index(3));
/// ```
#[macro_export]
macro_rules! pointer {
    ($($item:expr),* $(,)?) => {
        [$($crate::PathItem::from($item)),*]
    };
}

/// The value of a document at a path: its text, and typed views of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LazyValue<'a> {
    /// The whole document (the text is `doc[span]`).
    doc: &'a [u8],
    span: Span,
}

/// The value at `path` of the JSON document `json`: a JSON Pointer (`"/statuses/3/id"`,
/// `""` for the whole document), or a list of keys and indices (`&["a", "b"]`, `&[3]`,
/// [`pointer!`]).
///
/// Errors: invalid JSON before the value's end ([`validate`](crate::validate)'s error),
/// or, when the path is not there (a missing key, an index past the end, a key asked
/// of an array), an error with [`Error::is_not_found`].
pub fn get<'a, P: JsonPath + ?Sized>(json: &'a [u8], path: &P) -> Result<LazyValue<'a>, Error> {
    // SAFETY: `JsonLexer` is generated from json-runtime/grammar/json.lex, whose string rules accept
    // only well-formed UTF-8.
    let span = unsafe { lazy::find::<JsonLexer, P>(json, path)? };
    Ok(LazyValue { doc: json, span })
}

/// The values of every path of `tree`, in the order they were added (`None` for one
/// that is not there), from one pass over `json` that stops when all are decided.
/// Invalid JSON before that point is an error.
pub fn get_many<'a>(json: &'a [u8], tree: &PathTree) -> Result<Vec<Option<LazyValue<'a>>>, Error> {
    // SAFETY: as in `get`.
    let spans = unsafe { lazy::find_many::<JsonLexer>(json, tree)? };
    Ok(spans.into_iter().map(|s| s.map(|span| LazyValue { doc: json, span })).collect())
}

/// What kind of JSON value a [`LazyValue`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JsonType {
    /// `null`
    Null,
    /// `true` or `false`
    Boolean,
    /// A number
    Number,
    /// A string
    String,
    /// An array
    Array,
    /// An object
    Object,
}

impl<'a> LazyValue<'a> {
    /// The value's own text, as it is in the document (sonic-rs's `as_raw_str`).
    pub fn as_raw_str(&self) -> &'a str {
        // SAFETY: `get` checked the span: well-formed JSON, whose strings the lexer
        // checked for UTF-8, and whose other bytes are ASCII.
        unsafe { core::str::from_utf8_unchecked(self.as_raw_bytes()) }
    }

    /// The value's text as bytes.
    pub fn as_raw_bytes(&self) -> &'a [u8] {
        &self.doc[self.span.start..self.span.end]
    }

    /// Byte offset of the value in the document.
    pub fn offset(&self) -> usize {
        self.span.start
    }

    /// What kind of value this is.
    pub fn get_type(&self) -> JsonType {
        match self.as_raw_bytes().first() {
            Some(b'n') => JsonType::Null,
            Some(b't' | b'f') => JsonType::Boolean,
            Some(b'"') => JsonType::String,
            Some(b'[') => JsonType::Array,
            Some(b'{') => JsonType::Object,
            _ => JsonType::Number,
        }
    }

    /// `null`?
    pub fn is_null(&self) -> bool {
        self.get_type() == JsonType::Null
    }

    /// A boolean's value.
    pub fn as_bool(&self) -> Option<bool> {
        match self.as_raw_bytes() {
            b"true" => Some(true),
            b"false" => Some(false),
            _ => None,
        }
    }

    /// A string's value, unescaped (borrowed when it has no escapes).
    pub fn as_str(&self) -> Option<Cow<'a, str>> {
        let raw = self.as_raw_str();
        let body = raw.strip_prefix('"')?.strip_suffix('"')?;
        if !body.contains('\\') {
            return Some(Cow::Borrowed(body));
        }
        match crate::decode(raw.as_bytes()).ok()? {
            crate::Value::String(s) => Some(Cow::Owned(s.to_string())),
            _ => None,
        }
    }

    /// An integer in `i64`'s range (not a number with a fraction or exponent), as
    /// `Value::as_i64`.
    pub fn as_i64(&self) -> Option<i64> {
        self.integer_text()?.parse().ok()
    }

    /// An integer in `u64`'s range, as `Value::as_u64`.
    pub fn as_u64(&self) -> Option<u64> {
        self.integer_text()?.parse().ok()
    }

    /// Any number as the nearest `f64` (correctly rounded), as `Value::as_f64`.
    pub fn as_f64(&self) -> Option<f64> {
        if self.get_type() != JsonType::Number {
            return None;
        }
        self.as_raw_str().parse().ok()
    }

    fn integer_text(&self) -> Option<&'a str> {
        let raw = self.as_raw_str();
        // `-0` is the float -0.0, as `decode` makes it.
        (self.get_type() == JsonType::Number && !raw.contains(['.', 'e', 'E']) && raw != "-0").then_some(raw)
    }

    /// The value at `path` inside this one (a pointer relative to it).
    pub fn get<P: JsonPath + ?Sized>(&self, path: &P) -> Result<LazyValue<'a>, Error> {
        let inner = get(self.as_raw_bytes(), path)?;
        Ok(LazyValue { doc: self.doc, span: shift(inner.span, self.span.start) })
    }

    /// An object's members, each key (unescaped) with its value, in document order
    /// (sonic-rs's `to_object_iter`); an error item for a value that is not an object.
    pub fn to_object_iter(&self) -> ObjectIter<'a> {
        // SAFETY: as in `get`.
        let members = unsafe { Members::<JsonLexer>::new(self.doc, self.span) };
        ObjectIter { members, doc: self.doc, at: self.span.start, failed: false }
    }

    /// An array's elements in order (sonic-rs's `to_array_iter`); an error item for a
    /// value that is not an array.
    pub fn to_array_iter(&self) -> ArrayIter<'a> {
        // SAFETY: as in `get`.
        let elements = unsafe { Elements::<JsonLexer>::new(self.doc, self.span) };
        ArrayIter { elements, doc: self.doc, at: self.span.start, failed: false }
    }

    /// The value decoded as a [`Value`](crate::Value).
    pub fn to_value(&self) -> Result<crate::Value, Error> {
        crate::decode(self.as_raw_bytes())
    }

    /// The value deserialized as a `T` (strings without escapes may be borrowed).
    #[cfg(feature = "serde")]
    pub fn deserialize<T: serde::Deserialize<'a>>(&self) -> Result<T, Error> {
        crate::from_slice(self.as_raw_bytes())
    }
}

impl core::fmt::Display for LazyValue<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_raw_str())
    }
}

fn shift(s: Span, by: usize) -> Span {
    Span { start: s.start + by, end: s.end + by }
}

#[cold]
fn wrong_type(doc: &[u8], at: usize, what: &str) -> Error {
    Error::new(Category::Data, doc, at, format!("invalid type: expected {what}"))
}

/// The members of an object (from [`LazyValue::to_object_iter`]).
pub struct ObjectIter<'a> {
    members: Option<Members<'a, JsonLexer<'a>>>,
    doc: &'a [u8],
    at: usize,
    failed: bool,
}

impl<'a> Iterator for ObjectIter<'a> {
    type Item = Result<(Cow<'a, str>, LazyValue<'a>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let Some(members) = &mut self.members else {
            return (!core::mem::replace(&mut self.failed, true))
                .then(|| Err(wrong_type(self.doc, self.at, "an object")));
        };
        let doc = self.doc;
        members.next().map(|r| r.map(|(k, span)| (k, LazyValue { doc, span })))
    }
}

/// The elements of an array (from [`LazyValue::to_array_iter`]).
pub struct ArrayIter<'a> {
    elements: Option<Elements<'a, JsonLexer<'a>>>,
    doc: &'a [u8],
    at: usize,
    failed: bool,
}

impl<'a> Iterator for ArrayIter<'a> {
    type Item = Result<LazyValue<'a>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let Some(elements) = &mut self.elements else {
            return (!core::mem::replace(&mut self.failed, true))
                .then(|| Err(wrong_type(self.doc, self.at, "an array")));
        };
        let doc = self.doc;
        elements.next().map(|r| r.map(|span| LazyValue { doc, span }))
    }
}
