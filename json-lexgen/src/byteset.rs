//! Sets of bytes: the classes of self-loops and hooks, uncovered bytes, dot labels.
//!
//! [`ByteSet`] is a 256-bit bitmap with the few operations the generator needs: insert
//! ranges, test membership, list the set as maximal ranges (for match patterns and
//! messages), and print it as a person reads it (`[0x00-0x08 'a'-'z']`).

use std::fmt;

/// A set of bytes, as a 256-bit bitmap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// The empty set.
    pub const EMPTY: ByteSet = ByteSet([0; 4]);

    /// Add the bytes `start..=end`.
    pub fn insert_range(&mut self, start: u8, end: u8) {
        for b in start..=end {
            self.insert(b);
        }
    }

    /// The set of the inclusive ranges `ranges`.
    pub fn from_ranges(ranges: &[(u8, u8)]) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        for &(start, end) in ranges {
            set.insert_range(start, end);
        }
        set
    }

    /// Add one byte.
    #[inline]
    pub fn insert(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1 << (b & 63);
    }

    /// True if `b` is in the set.
    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }

    /// Number of bytes in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True for the empty set.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The set as sorted, maximal inclusive ranges.
    pub fn ranges(&self) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = Vec::new();
        for b in 0..=255u8 {
            if !self.contains(b) {
                continue;
            }
            match out.last_mut() {
                Some(last) if last.1 as u16 + 1 == b as u16 => last.1 = b,
                _ => out.push((b, b)),
            }
        }
        out
    }

    /// The bitmap as four words: bit `b % 64` of word `b / 64` is byte `b`.
    pub fn words(&self) -> [u64; 4] {
        self.0
    }

    /// The complement over all 256 bytes.
    pub fn complement(&self) -> ByteSet {
        ByteSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

/// Bytes as a person reads them: `[0x00-0x08 'a'-'z' '"']`.
impl fmt::Display for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, (a, b)) in self.ranges().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", show_byte(a))?;
            if a != b {
                write!(f, "-{}", show_byte(b))?;
            }
        }
        f.write_str("]")
    }
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A byte as a quoted character when printable ASCII, else hex.
fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("0x{b:02X}")
    }
}

#[cfg(test)]
mod tests {
    use super::ByteSet;

    #[test]
    fn ranges_are_maximal_and_display_reads_them() {
        let mut set = ByteSet::EMPTY;
        set.insert_range(b'a', b'c');
        set.insert(b'd');
        set.insert_range(0x00, 0x08);
        set.insert(0xFF);
        assert_eq!(set.ranges(), [(0x00, 0x08), (b'a', b'd'), (0xFF, 0xFF)]);
        assert_eq!(set.len(), 14);
        assert_eq!(set.to_string(), "[0x00-0x08 'a'-'d' 0xFF]");
        assert!(set.contains(b'b') && !set.contains(b'e'));
        assert_eq!(ByteSet::from_ranges(&set.ranges()), set);
        let other = set.complement();
        assert_eq!(other.len(), 256 - 14);
        assert!(!other.contains(0xFF) && other.contains(0xFE));
        assert!(ByteSet::EMPTY.is_empty() && ByteSet::EMPTY.complement().ranges() == [(0, 255)]);
    }
}
