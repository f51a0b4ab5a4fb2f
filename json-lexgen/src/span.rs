//! Places in a grammar's source text.
//!
//! A [`Span`] keeps byte offsets (to slice the source) and the line and column of its
//! start (to print): the parser computes them once per token, so diagnostics made in
//! later passes point at the grammar's own text.

/// A range of a grammar's source: byte offsets plus the 1-based line and column of
/// its start (columns count characters), which is what diagnostics print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
    /// Line of `start`, from 1.
    pub line: u32,
    /// Column of `start`, from 1, in characters.
    pub column: u32,
}

impl Span {
    /// The span of `source[start..end]`, with line and column computed from `source`.
    pub fn new(source: &str, start: usize, end: usize) -> Span {
        let start = start.min(source.len());
        let before = &source.as_bytes()[..start];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u32;
        let column = 1 + before[line_start..].iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u32;
        Span { start, end: end.max(start), line, column }
    }
}
