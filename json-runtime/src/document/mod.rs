//! [`Document`]: a parsed JSON document that borrows from its input, its nodes on one
//! tape the document owns.
//!
//! Every value is one fixed-size node in one `Vec`, in document order (an array's
//! elements, an object's keys and values follow its node, and the container's node
//! says where its last descendant ends, so a walk skips a subtree in one step).
//! Strings without escapes are spans of the input; unescaped ones live in one owned
//! buffer. Parsing a document makes a handful of allocator calls (the tape and the
//! buffers grow by doubling), not one per string, array or object as [`Value`] does.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | [`Document`], the node layout, the entry points |
//! | `build.rs` | the parser's `Sink` that writes the tape |
//! | `view.rs` | [`ValueRef`], the `Copy` view of one node: accessors, look-ups, iterators, JSON Pointer |
//! | `convert.rs` | `to_owned` into a [`Value`], comparison with `Value`, `Debug`, encoding, serde `Serialize` |

mod build;
mod convert;
mod view;

use build::Tape;
pub use view::{DocIndex, Elements, Kind, Members, ValueRef};

use crate::de::{self, DecodeOptions};
use crate::error::Error;
use crate::lex::Lexer;
use crate::token::JsonToken;
#[cfg(doc)]
use crate::value::Value;

/// A JSON document parsed into one tape of nodes, borrowing strings from the input.
///
/// It accepts and rejects exactly what [`decode`](crate::de::decode) does (the same
/// parser, the same [`DecodeOptions`], the same errors). [`Document::root`] is the way
/// in; [`ValueRef::to_owned`] gives the [`Value`] that `decode` gives.
///
/// Duplicate keys stay on the tape as written: iterating an object yields every member,
/// [`ValueRef::get`] finds the last one with the key (the value `decode` keeps), and
/// [`ValueRef::to_owned`] and the encoders give what `decode` and its encoding give
/// (the first member's place, the last member's value).
#[derive(Clone)]
pub struct Document<'a> {
    input: &'a [u8],
    nodes: Vec<Node>,
    /// Unescaped and repaired strings, one after the other.
    owned: Vec<u8>,
}

/// One value on the tape, 16 bytes: `head` holds the kind in its low 4 bits and a
/// length above them (a string's bytes, a container's elements or members); `data`
/// a string's offset (in the input or the owned buffer), a number's bits, or a
/// container's end (the index past its last descendant).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    head: u64,
    data: u64,
}

/// The tag in a node's head.
mod tag {
    pub const NULL: u64 = 0;
    pub const FALSE: u64 = 1;
    pub const TRUE: u64 = 2;
    /// A non-negative integer: `data` is the `u64`.
    pub const UINT: u64 = 3;
    /// A negative integer: `data` is the `i64`'s bits.
    pub const INT: u64 = 4;
    /// A float: `data` is the `f64`'s bits.
    pub const FLOAT: u64 = 5;
    /// A string in the input at `data`.
    pub const STR: u64 = 6;
    /// A string in the owned buffer at `data`.
    pub const OWNED: u64 = 7;
    pub const ARRAY: u64 = 8;
    pub const OBJECT: u64 = 9;
}

const TAG_BITS: u32 = 4;

impl Node {
    #[inline(always)]
    fn new(tag: u64, len: usize, data: u64) -> Node {
        Node { head: tag | (len as u64) << TAG_BITS, data }
    }
    #[inline(always)]
    fn tag(self) -> u64 {
        self.head & ((1 << TAG_BITS) - 1)
    }
    #[inline(always)]
    fn len(self) -> usize {
        (self.head >> TAG_BITS) as usize
    }
    /// The index past this node's last descendant, the node at `at`.
    #[inline(always)]
    fn end(self, at: usize) -> usize {
        if self.tag() >= tag::ARRAY {
            self.data as usize
        } else {
            at + 1
        }
    }
}

impl<'a> Document<'a> {
    /// Parses `input` with lexer `L`, checking that its string tokens are UTF-8 (as
    /// [`decode`](crate::de::decode)). `jsonlex::Document::parse` is this on the
    /// generated JSON lexer.
    pub fn parse_with_lexer<L: Lexer<'a, Kind = JsonToken>>(
        input: &'a [u8],
        options: &DecodeOptions,
    ) -> Result<Document<'a>, Error> {
        de::parse_into::<L, _>(input, options, Tape::new(input))
    }

    /// Parses `input` with lexer `L`, trusting its string tokens' UTF-8.
    ///
    /// # Safety
    /// As [`decode_trusted`](crate::de::decode_trusted)'s: `L` must only produce
    /// `String` and `EscapedString` tokens whose bytes are well-formed UTF-8.
    pub unsafe fn parse_trusted_with_lexer<L: Lexer<'a, Kind = JsonToken>>(
        input: &'a [u8],
        options: &DecodeOptions,
    ) -> Result<Document<'a>, Error> {
        // SAFETY: the caller's promise, passed on.
        unsafe { de::parse_into_trusted::<L, _>(input, options, Tape::new(input)) }
    }

    /// Parses `input` with the lexer `L` of a JSON dialect (JSON5's token kinds,
    /// [`DecodeOptions::trailing_commas`]: see [`decode_dialect`](crate::de::decode_dialect)),
    /// checking that its string tokens are UTF-8.
    pub fn parse_dialect_with_lexer<L: Lexer<'a, Kind = JsonToken>>(
        input: &'a [u8],
        options: &DecodeOptions,
    ) -> Result<Document<'a>, Error> {
        de::parse_dialect_into::<L, _>(input, options, Tape::new(input))
    }

    /// As [`Document::parse_dialect_with_lexer`], trusting `L`'s string tokens' UTF-8.
    ///
    /// # Safety
    /// As [`decode_dialect_trusted`](crate::de::decode_dialect_trusted)'s.
    pub unsafe fn parse_dialect_trusted_with_lexer<L: Lexer<'a, Kind = JsonToken>>(
        input: &'a [u8],
        options: &DecodeOptions,
    ) -> Result<Document<'a>, Error> {
        // SAFETY: the caller's promise, passed on.
        unsafe { de::parse_dialect_into_trusted::<L, _>(input, options, Tape::new(input)) }
    }

    /// The top-level value.
    #[inline]
    pub fn root(&self) -> ValueRef<'_> {
        ValueRef::new(self, 0)
    }

    /// The input the document was parsed from.
    #[inline]
    pub fn input(&self) -> &'a [u8] {
        self.input
    }

    /// How many nodes the tape holds (every value and every key is one).
    #[inline]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }
}
