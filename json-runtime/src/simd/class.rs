//! Lexer byte classes: [`ByteClass`], built at compile time with the 256-entry table
//! and the vector matchers (ranges or nibble tables) the kernels use; the matchers'
//! [`StopTest`]s ([`Ranges`], [`Shufti`]); and `skip_class` per level.

use core::marker::PhantomData;

use super::vector::{self, Shuffle, StopTest, Vector};
use super::{scalar, swar, Kernels, Level};

/// The most `[lo, hi]` ranges a range matcher holds.
pub(crate) const MAX_RANGES: usize = 3;

/// How the vector kernels test a byte against a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
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
pub(crate) struct Matcher {
    pub(crate) shape: Shape,
    /// `[lo, hi - lo]` per range (the first `n` are used).
    pub(crate) ranges: [[u8; 2]; MAX_RANGES],
    /// Shufti low-nibble tables, one per pair.
    pub(crate) lo: [[u8; 16]; 2],
    /// Shufti high-nibble tables, one per pair.
    pub(crate) hi: [[u8; 16]; 2],
}

#[inline]
pub(crate) const fn has(bits: &[u64; 4], b: usize) -> bool {
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
    pub(crate) const fn build(bits: &[u64; 4]) -> Matcher {
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

/// Range compares: `N` ranges; a byte stops when it is in none of them (`NEG` false)
/// or in one of them (`NEG` true). Three operations per range.
pub(crate) struct Ranges<V, const N: usize, const NEG: bool> {
    lo: [V; N],
    span: [V; N],
}

impl<V: Vector, const N: usize, const NEG: bool> Ranges<V, N, NEG> {
    /// # Safety
    /// The CPU has `V`'s features.
    #[inline(always)]
    pub(crate) unsafe fn new(m: &Matcher) -> Self {
        debug_assert!(N <= MAX_RANGES);
        // SAFETY: the caller guarantees `V`'s features.
        unsafe {
            let zero = V::zero();
            let mut lo = [zero; N];
            let mut span = [zero; N];
            for k in 0..N {
                lo[k] = V::splat(m.ranges[k][0]);
                span[k] = V::splat(m.ranges[k][1]);
            }
            Ranges { lo, span }
        }
    }
}

impl<V: Vector, const N: usize, const NEG: bool> StopTest<V> for Ranges<V, N, NEG> {
    #[inline(always)]
    fn stops(&self, v: V) -> u64 {
        let mut hit = if N == 0 { v.xor(v) } else { v.sub(self.lo[0]).le(self.span[0]) };
        for k in 1..N {
            hit = hit.or(v.sub(self.lo[k]).le(self.span[k]));
        }
        let bits = hit.mask();
        if NEG {
            bits
        } else {
            !bits & V::FULL
        }
    }
}

/// Nibble tables (shufti) with `PAIRS` (1 or 2) table pairs: a byte is in the class
/// when `lo[b & 15] & hi[b >> 4]` is non-zero in some pair.
pub(crate) struct Shufti<V, const PAIRS: usize> {
    lo: [V; PAIRS],
    hi: [V; PAIRS],
    nibble: V,
}

impl<V: Shuffle, const PAIRS: usize> Shufti<V, PAIRS> {
    /// # Safety
    /// The CPU has `V`'s features.
    #[inline(always)]
    pub(crate) unsafe fn new(m: &Matcher) -> Self {
        // SAFETY: the caller guarantees `V`'s features.
        unsafe {
            let zero = V::zero();
            let mut lo = [zero; PAIRS];
            let mut hi = [zero; PAIRS];
            for p in 0..PAIRS {
                lo[p] = V::table(&m.lo[p]);
                hi[p] = V::table(&m.hi[p]);
            }
            Shufti { lo, hi, nibble: V::splat(0x0F) }
        }
    }
}

impl<V: Shuffle, const PAIRS: usize> StopTest<V> for Shufti<V, PAIRS> {
    #[inline(always)]
    fn stops(&self, v: V) -> u64 {
        let l = v.and(self.nibble);
        let h = v.shr4();
        let mut acc = self.lo[0].lookup(l).and(self.hi[0].lookup(h));
        for p in 1..PAIRS {
            acc = acc.or(self.lo[p].lookup(l).and(self.hi[p].lookup(h)));
        }
        acc.eq(v.xor(v)).mask()
    }
}

/// How the vector kernels test bytes against a class (see [`ByteClass::strategy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Range compares: `ranges` ranges (0..=3) holding the class, or its complement
    /// when `complement`.
    Ranges { ranges: u8, complement: bool },
    /// Shufti nibble tables, one pair (at most 8 buckets) or two.
    NibbleTables { pairs: u8 },
}

/// A set of bytes, built at compile time from a 256-bit bitmap, with what the kernels
/// need precomputed: a 256-entry table (scalar and SWAR) and, for [`skip_class`](crate::skip::skip_class) and
/// for [`skip_utf8`](crate::skip::skip_utf8) (which lets every byte `>= 0x80` through to its UTF-8 check), a
/// vector matcher: at most 3 `[lo, hi]` ranges (of the set or of its complement) for
/// compares, else shufti nibble tables (one or two table pairs; always exact).
#[derive(Clone)]
pub struct ByteClass {
    /// 1 where the byte is in the class.
    pub(crate) table: [u8; 256],
    bits: [u64; 4],
    /// The class itself.
    pub(crate) skip: Matcher,
    /// The ASCII part of the class plus every byte `>= 0x80`: what `skip_utf8`'s class
    /// test lets through.
    pub(crate) utf8: Matcher,
}

impl ByteClass {
    /// The class whose bytes are the set bits: byte `b` is in it when bit `b % 64` of
    /// `bits[b / 64]` is set.
    pub const fn from_bitmap(bits: [u64; 4]) -> ByteClass {
        let mut table = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = has(&bits, b) as u8;
            b += 1;
        }
        ByteClass {
            table,
            bits,
            skip: Matcher::build(&bits),
            utf8: Matcher::build(&[bits[0], bits[1], u64::MAX, u64::MAX]),
        }
    }

    /// True when `b` is in the class.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        has(&self.bits, b as usize)
    }

    /// The bitmap the class was built from.
    pub const fn bitmap(&self) -> [u64; 4] {
        self.bits
    }

    /// How the vector kernels of [`skip_class`](crate::skip::skip_class) test this class (for `--stats`, and to
    /// see which kernel path a class takes). `skip_utf8` uses the same method on the
    /// class's ASCII part plus the bytes `>= 0x80` ([`ByteClass::utf8_strategy`]).
    pub fn strategy(&self) -> Strategy {
        strategy(&self.skip)
    }

    /// How the vector kernels of [`skip_utf8`](crate::skip::skip_utf8) run this class's test.
    pub fn utf8_strategy(&self) -> Strategy {
        strategy(&self.utf8)
    }
}

fn strategy(m: &Matcher) -> Strategy {
    match m.shape {
        Shape::Ranges { n, negated } => Strategy::Ranges { ranges: n, complement: negated },
        Shape::Shufti { pairs } => Strategy::NibbleTables { pairs },
    }
}

impl core::fmt::Debug for ByteClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The class as ranges, e.g. `ByteClass[0x09-0x0a, 0x0d, 0x20]`.
        write!(f, "ByteClass[")?;
        let mut b = 0usize;
        let mut sep = "";
        while b < 256 {
            if self.contains(b as u8) {
                let lo = b;
                while b + 1 < 256 && self.contains(b as u8 + 1) {
                    b += 1;
                }
                if lo == b {
                    write!(f, "{sep}{lo:#04x}")?;
                } else {
                    write!(f, "{sep}{lo:#04x}-{b:#04x}")?;
                }
                sep = ", ";
            }
            b += 1;
        }
        write!(f, "]")
    }
}

/// A [`ByteClass`] fixed at compile time, named by a type: the kernel entry points
/// that take it as a type parameter ([`skip_utf8_long_of`](crate::skip::skip_utf8_long_of),
/// ...) are compiled for that one class, with its matcher's shape and constants known,
/// so a call does not choose the class's test nor load its description at run time.
/// Generated lexers implement it on a unit struct per hook.
///
/// ```
/// use json_runtime::skip::{skip_class, skip_class_long_of, ByteClass, ConstClass, Kernels};
///
/// struct Lower;
/// impl ConstClass for Lower {
///     // Lowercase ASCII letters: bits 0x61..=0x7A of the second word.
///     const CLASS: ByteClass = ByteClass::from_bitmap([0, 0x07FF_FFFE << 32, 0, 0]);
/// }
/// let k = Kernels::active();
/// let input = b"hello world";
/// assert_eq!(skip_class_long_of::<Lower>(k, &Lower::CLASS, input, 0), 5);
/// assert_eq!(skip_class_long_of::<Lower>(k, &Lower::CLASS, input, 6), skip_class(k, &Lower::CLASS, input, 6));
/// ```
pub trait ConstClass {
    /// The class.
    const CLASS: ByteClass;
}

/// Where a kernel finds its class: a reference (one compiled kernel serves every class)
/// or [`Of`] a [`ConstClass`] (a kernel compiled for that class).
pub(crate) trait Source: Copy {
    fn class(&self) -> &ByteClass;
}

impl Source for &ByteClass {
    #[inline(always)]
    fn class(&self) -> &ByteClass {
        self
    }
}

/// The class of `C`, as a [`Source`].
pub(crate) struct Of<C>(PhantomData<fn() -> C>);

impl<C> Of<C> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Of(PhantomData)
    }
}

impl<C> Clone for Of<C> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Of<C> {}

impl<C: ConstClass> Source for Of<C> {
    #[inline(always)]
    fn class(&self) -> &ByteClass {
        &C::CLASS
    }
}

/// Bytes the vector levels check one by one before setting up vectors: a run this
/// short costs about what the caller's own loop would.
pub(crate) const PRELUDE: usize = 4;

/// `skip_class` from `from <= input.len()`, through the level's kernel (`prelude`: test
/// [`PRELUDE`] bytes one by one first). Inlined into the `_long` entry points, where
/// `prelude` is a constant `false`.
#[inline(always)]
pub(crate) fn skip<S: Source>(kernels: Kernels, src: S, input: &[u8], mut from: usize, prelude: bool) -> usize {
    let class = src.class();
    if kernels.level() == Level::Scalar {
        return scalar::class(&class.table, input, from);
    }
    // Behind `if prelude`: the `_long` entries (a constant `false`) then pay no bounds check.
    if prelude {
        if let Some(head) = input.get(from..from + PRELUDE) {
            for &b in head {
                if class.table[b as usize] == 0 {
                    return from;
                }
                from += 1;
            }
        }
    }
    by_level!(kernels, (src, input, from), sse2_class, avx2_class, class, swar::class(&class.table, input, from))
}

/// `skip_class` from `from` with a shuffle-capable vector: compares or nibble tables,
/// whole vectors, then the scalar tail.
///
/// # Safety
/// The CPU has `V`'s features; `from <= input.len()`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn kernel<V: Shuffle, S: Source>(src: S, input: &[u8], from: usize) -> usize {
    let class = src.class();
    if input.len() - from < V::LANES {
        return scalar::class(&class.table, input, from);
    }
    let m = &class.skip;
    // SAFETY: the caller guarantees `V`'s features and `from <= input.len()`.
    let r = unsafe {
        with_ranges!(
            m,
            |N, NEG| vector::blocks(&Ranges::<V, N, NEG>::new(m), input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => vector::blocks(&Shufti::<V, 1>::new(m), input, from),
                _ => vector::blocks(&Shufti::<V, 2>::new(m), input, from),
            }
        )
    };
    match r {
        Ok(p) => p,
        Err(i) => scalar::class(&class.table, input, i),
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
