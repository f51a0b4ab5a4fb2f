//! What a lexer reads: `str` (patterns match whole `char`s) or `[u8]`
//! (`#[logos(utf8 = false)]`).

use core::fmt::Debug;
use core::ops::Range;

/// A source a [`crate::Lexer`] reads: its bytes, and how a span of it is sliced.
#[allow(clippy::len_without_is_empty)]
pub trait Source {
    /// What [`crate::Lexer::slice`] returns: `&str` or `&[u8]`.
    type Slice<'a>: PartialEq + Eq + Debug
    where
        Self: 'a;

    /// Length in bytes.
    fn len(&self) -> usize;

    /// The bytes the state machine reads.
    fn as_bytes(&self) -> &[u8];

    /// The slice of `range`, `None` when it is out of bounds or not on boundaries.
    fn slice(&self, range: Range<usize>) -> Option<Self::Slice<'_>>;

    /// The slice of `range`, empty when [`Source::slice`] is `None` (the lexer keeps
    /// its spans on boundaries, so it never is for the lexer's own spans).
    fn slice_clamped(&self, range: Range<usize>) -> Self::Slice<'_>;

    /// The first boundary at or after `index` (the next `char`'s start, for `str`).
    #[inline]
    fn find_boundary(&self, index: usize) -> usize {
        index
    }

    /// Whether `index` is a boundary (in bounds, and a `char`'s start for `str`).
    fn is_boundary(&self, index: usize) -> bool;
}

impl Source for str {
    type Slice<'a> = &'a str;

    #[inline]
    fn len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        str::as_bytes(self)
    }

    #[inline]
    fn slice(&self, range: Range<usize>) -> Option<&str> {
        self.get(range)
    }

    #[inline]
    fn slice_clamped(&self, range: Range<usize>) -> &str {
        self.get(range).unwrap_or_default()
    }

    #[inline]
    fn find_boundary(&self, mut index: usize) -> usize {
        while index < self.len() && !self.is_char_boundary(index) {
            index += 1;
        }
        index.min(self.len())
    }

    #[inline]
    fn is_boundary(&self, index: usize) -> bool {
        self.is_char_boundary(index)
    }
}

impl Source for [u8] {
    type Slice<'a> = &'a [u8];

    #[inline]
    fn len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self
    }

    #[inline]
    fn slice(&self, range: Range<usize>) -> Option<&[u8]> {
        self.get(range)
    }

    #[inline]
    fn slice_clamped(&self, range: Range<usize>) -> &[u8] {
        self.get(range).unwrap_or_default()
    }

    #[inline]
    fn find_boundary(&self, index: usize) -> usize {
        index.min(self.len())
    }

    #[inline]
    fn is_boundary(&self, index: usize) -> bool {
        index <= self.len()
    }
}
