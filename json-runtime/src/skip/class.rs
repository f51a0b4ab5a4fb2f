//! Building a [`ByteClass`](super::ByteClass) at compile time: the 256-entry table and
//! the vector matchers (ranges or nibble tables) the kernels use.

/// The most `[lo, hi]` ranges a range matcher holds.
pub(super) const MAX_RANGES: usize = 3;

/// How the vector kernels test a byte against a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// `n <= 3` ranges. Not `negated`: a byte stops when it is in none of the ranges
    /// (the ranges are the class). `negated`: a byte stops when it is in one of them
    /// (the ranges are the complement).
    Ranges { n: u8, negated: bool },
    /// Shufti: byte `b` is in the class when `lo[p][b & 15] & hi[p][b >> 4] != 0` for one
    /// of the `pairs` (1 or 2) table pairs.
    Shufti { pairs: u8 },
}

/// A vector matcher for one byte set.
#[derive(Clone, Copy, Debug)]
pub(super) struct Matcher {
    pub(super) shape: Shape,
    /// `[lo, hi - lo]` per range (the first `n` are used).
    pub(super) ranges: [[u8; 2]; MAX_RANGES],
    /// Shufti low-nibble tables, one per pair.
    pub(super) lo: [[u8; 16]; 2],
    /// Shufti high-nibble tables, one per pair.
    pub(super) hi: [[u8; 16]; 2],
}

#[inline]
pub(super) const fn has(bits: &[u64; 4], b: usize) -> bool {
    (bits[b / 64] >> (b % 64)) & 1 != 0
}

/// The maximal runs of bytes with `has(b) == want`, on the byte circle (a run through
/// 0xFF and 0x00 is one run, `lo > hi`: the kernels' `(b - lo) <= hi - lo` test wraps
/// the same way): how many there are, and the first [`MAX_RANGES`] as `[lo, hi - lo]`.
const fn runs(bits: &[u64; 4], want: bool) -> (usize, [[u8; 2]; MAX_RANGES]) {
    let mut out = [[0u8; 2]; MAX_RANGES];
    let mut n = 0;
    let mut b = 0;
    // A run that starts at 0x00 and another that ends at 0xFF are one.
    let wraps = has(bits, 0) == want && has(bits, 255) == want;
    let mut first_hi = 0;
    while b < 256 {
        if has(bits, b) == want {
            let lo = b;
            while b + 1 < 256 && has(bits, b + 1) == want {
                b += 1;
            }
            if wraps && lo == 0 && b < 255 {
                // Joined to the last run, below.
                first_hi = b;
            } else {
                let span = if wraps && b == 255 && lo > 0 { (first_hi + 256 - lo) as u8 } else { (b - lo) as u8 };
                if n < MAX_RANGES {
                    out[n] = [lo as u8, span];
                }
                n += 1;
            }
        }
        b += 1;
    }
    (n, out)
}

/// What testing `ranges` costs a vector kernel that sees them as constants: a single
/// byte is one compare, a range from 0x00 two operations, any other three.
const fn cost(n: usize, ranges: &[[u8; 2]; MAX_RANGES]) -> usize {
    let mut total = 0;
    let mut k = 0;
    while k < n {
        total += if ranges[k][1] == 0 {
            1
        } else if ranges[k][0] == 0 {
            2
        } else {
            3
        };
        k += 1;
    }
    total
}

impl Matcher {
    /// Ranges when the set or its complement is at most [`MAX_RANGES`] ranges (the
    /// cheaper of the two to test; the set itself on a tie), nibble tables otherwise.
    pub(super) const fn build(bits: &[u64; 4]) -> Matcher {
        let (n_in, in_ranges) = runs(bits, true);
        let (n_out, out_ranges) = runs(bits, false);
        let empty = Matcher {
            shape: Shape::Ranges { n: 0, negated: false },
            ranges: [[0; 2]; MAX_RANGES],
            lo: [[0; 16]; 2],
            hi: [[0; 16]; 2],
        };
        let fits_in = n_in <= MAX_RANGES;
        let fits_out = n_out <= MAX_RANGES;
        if fits_in && (!fits_out || cost(n_in, &in_ranges) <= cost(n_out, &out_ranges)) {
            return Matcher { shape: Shape::Ranges { n: n_in as u8, negated: false }, ranges: in_ranges, ..empty };
        }
        if fits_out {
            return Matcher { shape: Shape::Ranges { n: n_out as u8, negated: true }, ranges: out_ranges, ..empty };
        }
        // Shufti. Row `h` is the set of low nibbles `l` with byte `h << 4 | l` in the set.
        // High nibbles with the same row share a bucket: bucket k = {h : row h = P_k} x P_k.
        // The buckets partition the set, so the test is exact. 16 rows give at most 16
        // distinct patterns: buckets 0..8 go in the first table pair, 8..16 in the second.
        let mut rows = [0u16; 16];
        let mut b = 0;
        while b < 256 {
            if has(bits, b) {
                rows[b >> 4] |= 1 << (b & 15);
            }
            b += 1;
        }
        let mut patterns = [0u16; 16];
        let mut np = 0;
        let mut lo = [[0u8; 16]; 2];
        let mut hi = [[0u8; 16]; 2];
        let mut h = 0;
        while h < 16 {
            let row = rows[h];
            if row != 0 {
                let mut k = 0;
                while k < np && patterns[k] != row {
                    k += 1;
                }
                if k == np {
                    patterns[np] = row;
                    np += 1;
                }
                hi[k / 8][h] |= 1 << (k % 8);
            }
            h += 1;
        }
        let mut k = 0;
        while k < np {
            let mut l = 0;
            while l < 16 {
                if (patterns[k] >> l) & 1 != 0 {
                    lo[k / 8][l] |= 1 << (k % 8);
                }
                l += 1;
            }
            k += 1;
        }
        Matcher { shape: Shape::Shufti { pairs: if np <= 8 { 1 } else { 2 } }, lo, hi, ..empty }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits_of(f: impl Fn(u8) -> bool) -> [u64; 4] {
        let mut bits = [0u64; 4];
        for b in 0..=255u8 {
            if f(b) {
                bits[b as usize / 64] |= 1 << (b % 64);
            }
        }
        bits
    }

    /// What a matcher says about `b`, evaluated the way the kernels do.
    fn matches(m: &Matcher, b: u8) -> bool {
        match m.shape {
            Shape::Ranges { n, negated } => {
                let hit = m.ranges[..n as usize].iter().any(|r| b.wrapping_sub(r[0]) <= r[1]);
                hit != negated
            }
            Shape::Shufti { pairs } => {
                (0..pairs as usize).any(|p| m.lo[p][(b & 15) as usize] & m.hi[p][(b >> 4) as usize] != 0)
            }
        }
    }

    #[test]
    fn matchers_are_exact_and_pick_the_expected_shape() {
        let json = |b: u8| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\';
        let ws = |b: u8| b" \t\r\n".contains(&b);
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let not3 = |b: u8| !b"*/\n".contains(&b);
        // A pseudo-random set: 16 distinct rows, two table pairs.
        let scattered = |b: u8| (b as u32).wrapping_mul(0x9E37_79B9).rotate_left(7).is_multiple_of(3);
        let cases: [(&dyn Fn(u8) -> bool, Shape); 9] = [
            // The complement: '"', '\\' and 0x80..=0x1F (one range through 0xFF).
            (&json, Shape::Ranges { n: 3, negated: true }),
            (&|b| b >= 0x20 || b == b'\t', Shape::Ranges { n: 2, negated: false }),
            (&|b| !(0x10..0x80).contains(&b) || b == b'a', Shape::Ranges { n: 2, negated: false }),
            (&ws, Shape::Ranges { n: 3, negated: false }),
            (&ident, Shape::Shufti { pairs: 1 }),
            (&not3, Shape::Ranges { n: 3, negated: true }),
            (&scattered, Shape::Shufti { pairs: 2 }),
            (&|_| false, Shape::Ranges { n: 0, negated: false }),
            (&|_| true, Shape::Ranges { n: 0, negated: true }),
        ];
        for (i, (f, shape)) in cases.iter().enumerate() {
            let m = Matcher::build(&bits_of(f));
            assert_eq!(m.shape, *shape, "case {i}");
            for b in 0..=255u8 {
                assert_eq!(matches(&m, b), f(b), "case {i} byte {b:#04x}");
            }
        }
    }
}
