//! [`ValueRef`]: a `Copy` view of one value of a [`Document`], and its iterators.

use super::{tag, Document, Node};
use crate::value::pointer;
use crate::value::Number;

/// One value of a [`Document`]: a reference to the document and a place on its tape,
/// `Copy`, two words.
///
/// Look-ups come two ways, as on [`Value`](crate::Value): [`ValueRef::get`] gives
/// `None` for a missing member or element (or a value of another kind), and
/// [`ValueRef::index`] gives a null view instead, as `value["key"]` gives `null` (so
/// `v.index("a").index(0)` chains). `ops::Index` cannot give a view it would have to
/// store, hence the method.
/// (Examples: `jsonlex::Document`.)
#[derive(Clone, Copy)]
pub struct ValueRef<'d> {
    doc: &'d Document<'d>,
    /// The node's index; `MISSING` for the null view of a failed look-up.
    at: usize,
}

const MISSING: usize = usize::MAX;
const NULL_NODE: Node = Node { head: tag::NULL, data: 0 };

/// A value's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

/// What [`ValueRef::get`] and [`ValueRef::index`] accept: `usize` for arrays, `&str`
/// for objects.
pub trait DocIndex: crate::value::IndexSealed {
    #[doc(hidden)]
    fn find_in<'d>(&self, v: ValueRef<'d>) -> Option<ValueRef<'d>>;
}

impl DocIndex for usize {
    #[inline]
    fn find_in<'d>(&self, v: ValueRef<'d>) -> Option<ValueRef<'d>> {
        v.as_array()?.nth(*self)
    }
}

impl DocIndex for str {
    #[inline]
    fn find_in<'d>(&self, v: ValueRef<'d>) -> Option<ValueRef<'d>> {
        // The last member with the key: the one whose value `decode` keeps.
        v.as_object()?.filter(|(k, _)| *k == self).last().map(|(_, v)| v)
    }
}

impl DocIndex for String {
    #[inline]
    fn find_in<'d>(&self, v: ValueRef<'d>) -> Option<ValueRef<'d>> {
        self.as_str().find_in(v)
    }
}

impl<T: ?Sized + DocIndex> DocIndex for &T {
    #[inline]
    fn find_in<'d>(&self, v: ValueRef<'d>) -> Option<ValueRef<'d>> {
        (**self).find_in(v)
    }
}

impl<'d> ValueRef<'d> {
    #[inline]
    pub(super) fn new(doc: &'d Document<'d>, at: usize) -> ValueRef<'d> {
        ValueRef { doc, at }
    }

    #[inline(always)]
    fn node(self) -> Node {
        self.doc.nodes.get(self.at).copied().unwrap_or(NULL_NODE)
    }

    /// The node's place on the tape.
    #[inline(always)]
    pub(super) fn at_index(self) -> usize {
        self.at
    }

    /// The place past this value's last descendant.
    #[inline(always)]
    pub(super) fn end_index(self) -> usize {
        if self.at == MISSING {
            MISSING
        } else {
            self.node().end(self.at)
        }
    }

    /// The document this value is part of.
    #[inline]
    pub fn document(self) -> &'d Document<'d> {
        self.doc
    }

    /// What kind of value this is.
    #[inline]
    pub fn kind(self) -> Kind {
        match self.node().tag() {
            tag::NULL => Kind::Null,
            tag::FALSE | tag::TRUE => Kind::Bool,
            tag::UINT | tag::INT | tag::FLOAT => Kind::Number,
            tag::STR | tag::OWNED => Kind::String,
            tag::ARRAY => Kind::Array,
            _ => Kind::Object,
        }
    }

    /// True for `null`, and for the view of a failed [`ValueRef::index`].
    #[inline]
    pub fn is_null(self) -> bool {
        self.kind() == Kind::Null
    }
    #[inline]
    pub fn is_boolean(self) -> bool {
        self.kind() == Kind::Bool
    }
    #[inline]
    pub fn is_number(self) -> bool {
        self.kind() == Kind::Number
    }
    #[inline]
    pub fn is_string(self) -> bool {
        self.kind() == Kind::String
    }
    #[inline]
    pub fn is_array(self) -> bool {
        self.kind() == Kind::Array
    }
    #[inline]
    pub fn is_object(self) -> bool {
        self.kind() == Kind::Object
    }

    #[inline]
    pub fn as_bool(self) -> Option<bool> {
        match self.node().tag() {
            tag::TRUE => Some(true),
            tag::FALSE => Some(false),
            _ => None,
        }
    }

    /// The number, as [`Value::as_number`](crate::Value::as_number) (an integer that
    /// fits `i64` or `u64` stays exact).
    #[inline]
    pub fn as_number(self) -> Option<Number> {
        let node = self.node();
        match node.tag() {
            tag::UINT => Some(Number::from(node.data)),
            tag::INT => Some(Number::from(node.data as i64)),
            tag::FLOAT => Number::from_f64(f64::from_bits(node.data)),
            _ => None,
        }
    }
    #[inline]
    pub fn as_i64(self) -> Option<i64> {
        self.as_number()?.as_i64()
    }
    #[inline]
    pub fn as_u64(self) -> Option<u64> {
        self.as_number()?.as_u64()
    }
    /// Any number as `f64` (integers rounded).
    #[inline]
    pub fn as_f64(self) -> Option<f64> {
        Some(self.as_number()?.as_f64())
    }

    #[inline]
    pub fn as_str(self) -> Option<&'d str> {
        let node = self.node();
        let buf: &'d [u8] = match node.tag() {
            tag::STR => self.doc.input,
            tag::OWNED => &self.doc.owned,
            _ => return None,
        };
        let bytes = &buf[node.data as usize..][..node.len()];
        debug_assert!(core::str::from_utf8(bytes).is_ok());
        // SAFETY: `Tape` (build.rs) writes string nodes only for a `&str` that lies
        // within the input (its offset and length, checked) or for UTF-8 it appended
        // to the owned buffer (unescaped bodies of UTF-8 strings, repaired strings,
        // copies of `&str`s); the nodes and buffers never change after the parse.
        Some(unsafe { core::str::from_utf8_unchecked(bytes) })
    }

    /// The elements, if this is an array.
    #[inline]
    pub fn as_array(self) -> Option<Elements<'d>> {
        let node = self.node();
        (node.tag() == tag::ARRAY).then(|| Elements { doc: self.doc, at: self.at + 1, left: node.len() })
    }

    /// The members as written (keys repeated if the input repeats them), if this is an
    /// object.
    #[inline]
    pub fn as_object(self) -> Option<Members<'d>> {
        let node = self.node();
        (node.tag() == tag::OBJECT).then(|| Members { doc: self.doc, at: self.at + 1, left: node.len() })
    }

    /// An array's elements or an object's members (as written); 0 for anything else.
    #[inline]
    pub fn len(self) -> usize {
        let node = self.node();
        if node.tag() >= tag::ARRAY {
            node.len()
        } else {
            0
        }
    }

    /// True unless this is an array or object with elements or members.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// An array element (`usize`) or an object member (`&str`: the last member with
    /// that key, whose value `decode` keeps), if there is one.
    #[inline]
    pub fn get<I: DocIndex>(self, index: I) -> Option<ValueRef<'d>> {
        index.find_in(self)
    }

    /// As [`ValueRef::get`], but a miss gives a null view (as `value["key"]` does).
    #[inline]
    pub fn index<I: DocIndex>(self, index: I) -> ValueRef<'d> {
        index.find_in(self).unwrap_or(ValueRef { doc: self.doc, at: MISSING })
    }

    /// The value the [RFC 6901](https://www.rfc-editor.org/rfc/rfc6901) JSON Pointer
    /// `pointer` names, as [`Value::pointer`](crate::Value::pointer) (`""` is this
    /// value; `~1` is `/`, `~0` is `~`; array indices without leading zeros).
    #[inline]
    pub fn pointer(self, pointer: &str) -> Option<ValueRef<'d>> {
        pointer::tokens(pointer)?.try_fold(self, |target, token| match target.kind() {
            Kind::Object => target.get(&*token),
            Kind::Array => pointer::index(&token).and_then(|i| target.get(i)),
            _ => None,
        })
    }
}

/// An array's elements, in order.
#[derive(Clone)]
pub struct Elements<'d> {
    doc: &'d Document<'d>,
    at: usize,
    left: usize,
}

impl<'d> Iterator for Elements<'d> {
    type Item = ValueRef<'d>;
    #[inline]
    fn next(&mut self) -> Option<ValueRef<'d>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let v = ValueRef { doc: self.doc, at: self.at };
        self.at = v.node().end(self.at);
        Some(v)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Elements<'_> {}

/// An object's members as written: key and value.
#[derive(Clone)]
pub struct Members<'d> {
    doc: &'d Document<'d>,
    at: usize,
    left: usize,
}

impl<'d> Iterator for Members<'d> {
    type Item = (&'d str, ValueRef<'d>);
    #[inline]
    fn next(&mut self) -> Option<(&'d str, ValueRef<'d>)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let key = ValueRef { doc: self.doc, at: self.at }.as_str().unwrap_or_default();
        let v = ValueRef { doc: self.doc, at: self.at + 1 };
        self.at = v.node().end(self.at + 1);
        Some((key, v))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Members<'_> {}
