//! The parser's [`Sink`] for a [`Document`]: values appended to the tape in document
//! order, each container's node written when it closes.

use super::{tag, Document, Node};
use crate::de::string::{self, StrError};
use crate::de::LoneSurrogate;
use crate::de::Sink;
use crate::value::Number;

/// A guess at the tape's length from the input's, so that typical documents grow the
/// tape once or twice (JSON text spends well over 16 bytes per value on average).
const INPUT_BYTES_PER_NODE: usize = 16;

/// Writes a [`Document`]'s tape.
pub(super) struct Tape<'a> {
    input: &'a [u8],
    nodes: Vec<Node>,
    owned: Vec<u8>,
    /// Where strings repaired by the parser are written first.
    scratch: Vec<u8>,
    /// The innermost open container's node (`usize::MAX` at the top level) and how
    /// many nodes (keys included) it holds directly so far.
    parent: usize,
    count: usize,
    /// The same pair for each container around the innermost one.
    open: Vec<(usize, usize)>,
}

impl<'a> Tape<'a> {
    pub(super) fn new(input: &'a [u8]) -> Tape<'a> {
        Tape {
            input,
            nodes: Vec::with_capacity(input.len() / INPUT_BYTES_PER_NODE + 1),
            owned: Vec::new(),
            scratch: Vec::new(),
            parent: usize::MAX,
            count: 0,
            open: Vec::new(),
        }
    }

    #[inline(always)]
    fn push(&mut self, node: Node) {
        self.nodes.push(node);
        self.count += 1;
    }

    /// A string appended to the owned buffer since `start`.
    #[inline(always)]
    fn owned_from(&mut self, start: usize) {
        let len = self.owned.len() - start;
        self.push(Node::new(tag::OWNED, len, start as u64));
    }

    #[inline(always)]
    fn begin(&mut self) {
        self.count += 1;
        self.open.push((self.parent, self.count));
        self.parent = self.nodes.len();
        self.count = 0;
        // Written when the container closes.
        self.nodes.push(Node { head: 0, data: 0 });
    }

    #[inline(always)]
    fn end(&mut self, tag: u64, len: usize) {
        let end = self.nodes.len() as u64;
        self.nodes[self.parent] = Node::new(tag, len, end);
        (self.parent, self.count) = self.open.pop().expect("an open container");
    }
}

impl<'a> Sink<'a> for Tape<'a> {
    type Output = Document<'a>;

    #[inline(always)]
    fn null(&mut self) {
        self.push(Node::new(tag::NULL, 0, 0))
    }
    #[inline(always)]
    fn boolean(&mut self, b: bool) {
        self.push(Node::new(if b { tag::TRUE } else { tag::FALSE }, 0, 0))
    }
    #[inline(always)]
    fn number(&mut self, n: Number) {
        let node = if let Some(u) = n.as_u64() {
            Node::new(tag::UINT, 0, u)
        } else if let Some(i) = n.as_i64() {
            Node::new(tag::INT, 0, i as u64)
        } else {
            Node::new(tag::FLOAT, 0, n.as_f64().to_bits())
        };
        self.push(node)
    }
    #[inline(always)]
    fn str(&mut self, s: &'a str, _key: bool) {
        let offset = (s.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize);
        if offset <= self.input.len() && s.len() <= self.input.len() - offset {
            self.push(Node::new(tag::STR, s.len(), offset as u64));
        } else {
            // Not a span of the input (the parser gives one always; this keeps the
            // tape right if that changes).
            let start = self.owned.len();
            self.owned.extend_from_slice(s.as_bytes());
            self.owned_from(start);
        }
    }
    #[inline(always)]
    fn escaped(&mut self, body: &'a [u8], base: usize, lone: LoneSurrogate, _key: bool) -> Result<(), StrError> {
        let start = self.owned.len();
        string::unescape(body, base, lone, &mut self.owned)?;
        self.owned_from(start);
        Ok(())
    }
    #[inline(always)]
    fn scratch(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }
    #[inline(always)]
    fn scratch_str(&mut self, _key: bool) {
        let start = self.owned.len();
        self.owned.extend_from_slice(&self.scratch);
        self.owned_from(start);
    }
    #[inline(always)]
    fn begin_array(&mut self) {
        self.begin()
    }
    #[inline(always)]
    fn end_array(&mut self) {
        self.end(tag::ARRAY, self.count)
    }
    #[inline(always)]
    fn begin_object(&mut self) {
        self.begin()
    }
    #[inline(always)]
    fn end_object(&mut self) {
        // Keys and values: two nodes per member.
        self.end(tag::OBJECT, self.count / 2)
    }
    #[inline(always)]
    fn empty_array(&mut self) {
        let end = self.nodes.len() as u64 + 1;
        self.push(Node::new(tag::ARRAY, 0, end))
    }
    #[inline(always)]
    fn empty_object(&mut self) {
        let end = self.nodes.len() as u64 + 1;
        self.push(Node::new(tag::OBJECT, 0, end))
    }
    fn finish(self) -> Document<'a> {
        debug_assert!(self.open.is_empty());
        Document { input: self.input, nodes: self.nodes, owned: self.owned }
    }
}
