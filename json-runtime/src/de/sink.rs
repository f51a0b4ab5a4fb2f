//! [`Sink`]: what the parser drives when it builds, one call per value, key and
//! container boundary, in document order; [`Sinks`], the crate's sinks in one type.

use super::options::LoneSurrogate;
use super::string::StrError;
use super::value_builder::Builder;
use crate::document::{Document, Tape};
use crate::value::{Number, Value};

/// The receiver of a document's values as the parser checks them: the [`Value`](crate::Value)
/// builder, a `Document`'s tape. The parser calls it only for input it has accepted so
/// far, in document order: `begin_*` before a non-empty container's first element or
/// member, `end_*` after its last, `empty_*` for `[]` and `{}`; in an object, a string
/// with `key` set and then the member's value. `finish` gives the one top-level value.
///
/// Strings come three ways: `str` borrows from the input (no escapes in it: a sink can
/// keep the borrow), `escaped` gives the body between the quotes to unescape (with
/// [`unescape`](super::string::unescape) and the lone-surrogate choice), and
/// `scratch_str` says the string is in [`Sink::scratch`] (a string the decoder repaired,
/// e.g. invalid UTF-8 under [`InvalidUtf8::Substitute`](super::InvalidUtf8::Substitute)).
pub(crate) trait Sink<'a> {
    /// What the parse gives.
    type Output;

    fn null(&mut self);
    fn boolean(&mut self, b: bool);
    fn number(&mut self, n: Number);
    /// A string without escapes, borrowed from the input; a key if `key`.
    fn str(&mut self, s: &'a str, key: bool);
    /// A string with escapes: `body` is between the quotes, at `base` in the input (for
    /// error offsets). Errors (lone surrogates, bad escapes) come from the unescaper.
    fn escaped(&mut self, body: &'a [u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError>;
    /// The buffer a repaired string is written into before [`Sink::scratch_str`].
    fn scratch(&mut self) -> &mut Vec<u8>;
    /// The string in [`Sink::scratch`] (UTF-8: the repair writes only whole characters).
    fn scratch_str(&mut self, key: bool);
    fn begin_array(&mut self);
    fn end_array(&mut self);
    fn begin_object(&mut self);
    fn end_object(&mut self);
    fn empty_array(&mut self);
    fn empty_object(&mut self);
    /// The top-level value, once the input has ended after it.
    fn finish(self) -> Self::Output;
}

/// Every sink the crate's parser drives, in one type, so that decode, validate and
/// `Document::parse` share one instance of the parser's loop (see `Parser`): each call
/// goes to the sink held, a predictable branch.
pub(crate) enum Sinks<'a> {
    Value(Builder),
    Document(Tape<'a>),
}

/// What [`Sinks`] built.
pub(crate) enum Built<'a> {
    Value(Value),
    Document(Document<'a>),
}

impl<'a> Sinks<'a> {
    #[inline(always)]
    pub(crate) fn value() -> Sinks<'a> {
        Sinks::Value(Builder::new())
    }
    #[inline(always)]
    pub(crate) fn document(input: &'a [u8]) -> Sinks<'a> {
        Sinks::Document(Tape::new(input))
    }
}

impl<'a> Built<'a> {
    /// The value of a parse begun with [`Sinks::value`].
    #[inline(always)]
    pub(crate) fn into_value(self) -> Value {
        match self {
            Built::Value(v) => v,
            Built::Document(_) => unreachable!("a parse begun with Sinks::value builds a Value"),
        }
    }
    /// The document of a parse begun with [`Sinks::document`].
    #[inline(always)]
    pub(crate) fn into_document(self) -> Document<'a> {
        match self {
            Built::Document(d) => d,
            Built::Value(_) => unreachable!("a parse begun with Sinks::document builds a Document"),
        }
    }
}

/// Forwards each call to the sink held.
macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        #[inline(always)]
        fn $name(&mut self, $($arg: $ty),*) $(-> $ret)? {
            match self {
                Sinks::Value(b) => b.$name($($arg),*),
                Sinks::Document(t) => t.$name($($arg),*),
            }
        }
    )*};
}

impl<'a> Sink<'a> for Sinks<'a> {
    type Output = Built<'a>;

    forward! {
        null();
        boolean(b: bool);
        number(n: Number);
        str(s: &'a str, key: bool);
        escaped(body: &'a [u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError>;
        scratch() -> &mut Vec<u8>;
        scratch_str(key: bool);
        begin_array();
        end_array();
        begin_object();
        end_object();
        empty_array();
        empty_object();
    }

    #[inline(always)]
    fn finish(self) -> Built<'a> {
        match self {
            Sinks::Value(b) => Built::Value(b.finish()),
            Sinks::Document(t) => Built::Document(t.finish()),
        }
    }
}
