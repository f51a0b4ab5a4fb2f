//! The vector algorithms, written once over a small [`Vector`] trait that each SIMD
//! level implements (x86 SSE2, x86 AVX2 at 32 and 16 bytes, aarch64 NEON).
//!
//! A vector type is a capability token: its only constructors ([`Vector::load`],
//! [`Vector::splat`], [`Vector::zero`], [`Shuffle::table`]) are `unsafe`, and their
//! callers promise the CPU has the type's features. Every other operation takes a
//! value, which proves that promise was made, and is therefore safe.

use super::class::{Matcher, MAX_RANGES};
use super::scalar;

/// One SIMD register of `LANES` bytes.
pub(super) trait Vector: Copy {
    /// Bytes per vector.
    const LANES: usize;
    /// Bits per byte in [`Vector::mask`] (1 on x86, 4 on NEON).
    const STRIDE: u32;
    /// Every bit [`Vector::mask`] can set.
    const FULL: u64 = u64::MAX >> (64 - Self::LANES as u32 * Self::STRIDE);

    /// Loads `LANES` bytes from `src`.
    ///
    /// # Safety
    /// `src..src + LANES` is readable, and the CPU has the type's features.
    unsafe fn load(src: *const u8) -> Self;
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn splat(b: u8) -> Self;
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn zero() -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Wrapping byte subtraction.
    fn sub(self, o: Self) -> Self;
    /// Saturating unsigned byte subtraction.
    fn subs(self, o: Self) -> Self;
    /// 0xFF where the bytes are equal, else 0.
    fn eq(self, o: Self) -> Self;
    /// 0xFF where `self <= o` (unsigned), else 0.
    fn le(self, o: Self) -> Self;
    /// `STRIDE` bits per byte, set where the byte is 0xFF (bytes must be 0x00 or 0xFF).
    fn mask(self) -> u64;
    /// `STRIDE` bits per byte, set where the byte is `>= 0x80` (any bytes).
    fn high_mask(self) -> u64;
    /// True when some byte is not zero.
    fn any(self) -> bool;
    /// The vector shifted by N bytes toward higher indices, the gap filled with the
    /// last N bytes of `prev`: byte k is the byte N positions before byte k.
    fn prev1(self, prev: Self) -> Self;
    fn prev2(self, prev: Self) -> Self;
    fn prev3(self, prev: Self) -> Self;
    /// Non-zero bytes where the UTF-8 check fails, given the previous block `prev`.
    fn utf8_errors(self, prev: Self) -> Self;
}

/// A vector with a 16-entry byte table lookup (SSSE3 `pshufb`, AVX2, NEON `tbl`).
pub(super) trait Shuffle: Vector {
    /// A 16-byte table (repeated in every 128-bit lane).
    ///
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn table(t: &[u8; 16]) -> Self;
    /// `self[idx[k]]` per byte; every index byte is `< 16`.
    fn lookup(self, idx: Self) -> Self;
    /// Each byte shifted right by 4 (its high nibble).
    fn shr4(self) -> Self;
}

/// Which bytes of a vector stop a skip.
pub(super) trait StopTest<V: Vector> {
    /// [`Vector::mask`]-style bits, set at the bytes that stop.
    fn stops(&self, v: V) -> u64;
}

/// Range compares: `N` ranges; a byte stops when it is in none of them (`NEG` false)
/// or in one of them (`NEG` true). Three operations per range.
pub(super) struct Ranges<V, const N: usize, const NEG: bool> {
    lo: [V; N],
    span: [V; N],
}

impl<V: Vector, const N: usize, const NEG: bool> Ranges<V, N, NEG> {
    /// # Safety
    /// The CPU has `V`'s features.
    #[inline(always)]
    pub(super) unsafe fn new(m: &Matcher) -> Self {
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
pub(super) struct Shufti<V, const PAIRS: usize> {
    lo: [V; PAIRS],
    hi: [V; PAIRS],
    nibble: V,
}

impl<V: Shuffle, const PAIRS: usize> Shufti<V, PAIRS> {
    /// # Safety
    /// The CPU has `V`'s features.
    #[inline(always)]
    pub(super) unsafe fn new(m: &Matcher) -> Self {
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

/// The index of the first byte a mask marks, relative to the vector.
#[inline(always)]
fn first<V: Vector>(bits: u64) -> usize {
    (bits.trailing_zeros() / V::STRIDE) as usize
}

/// Whole vectors from `i` while they fit: `Ok(stop index)`, or `Err(index)` of the
/// first byte no whole vector covers.
///
/// # Safety
/// The CPU has `V`'s features; `i <= input.len()`.
#[inline(always)]
pub(super) unsafe fn class_blocks<V: Vector, S: StopTest<V>>(
    s: &S,
    input: &[u8],
    mut i: usize,
) -> Result<usize, usize> {
    let len = input.len();
    let ptr = input.as_ptr();
    while len - i >= V::LANES {
        // SAFETY: `i + LANES <= len`, so the load stays inside `input`; features: caller.
        let v = unsafe { V::load(ptr.add(i)) };
        let bits = s.stops(v);
        if bits != 0 {
            return Ok(i + first::<V>(bits));
        }
        i += V::LANES;
    }
    Err(i)
}

/// Per byte of the last block, the largest value that does not start a character
/// needing bytes past the block's end (0xFF elsewhere): a byte above it leaves the
/// block ending inside a character. Load the last `LANES` bytes.
static INCOMPLETE: [u8; 64] = {
    let mut t = [0xFFu8; 64];
    t[61] = 0xF0 - 1;
    t[62] = 0xE0 - 1;
    t[63] = 0xC0 - 1;
    t
};

/// `skip_utf8` over whole vectors from the character boundary `start`, then the scalar
/// loop. `s` stops at ASCII bytes outside the class only (bytes `>= 0x80` are in its
/// set). Per block:
/// - no byte `>= 0x80`: the class test alone (plus: the block before must not have
///   ended inside a character);
/// - otherwise the UTF-8 check ([`Vector::utf8_errors`], carrying the previous block);
///   when it finds nothing before the first stop byte, the stop byte is the answer
///   (every character before an ASCII byte ends before it, and is checked by then);
/// - on any other error, the scalar loop from the last character boundary.
///
/// # Safety
/// The CPU has `V`'s features; `start <= input.len()` is a character boundary.
#[inline(always)]
pub(super) unsafe fn utf8_blocks<V: Vector, S: StopTest<V>>(
    s: &S,
    table: &[u8; 256],
    input: &[u8],
    start: usize,
) -> usize {
    let len = input.len();
    let ptr = input.as_ptr();
    let mut i = start;
    // SAFETY: features: caller; `INCOMPLETE[64 - LANES..]` holds `LANES` bytes.
    let (mut prev, limits) = unsafe { (V::zero(), V::load(INCOMPLETE.as_ptr().add(64 - V::LANES))) };
    // The previous block ended inside a character.
    let mut pending = false;
    while len - i >= V::LANES {
        // SAFETY: `i + LANES <= len`, so the load stays inside `input`; features: caller.
        let v = unsafe { V::load(ptr.add(i)) };
        let stops = s.stops(v);
        if v.high_mask() == 0 {
            if pending {
                break;
            }
            if stops != 0 {
                return i + first::<V>(stops);
            }
        } else {
            let errors = !v.utf8_errors(prev).eq(v.xor(v)).mask() & V::FULL;
            if errors | stops != 0 {
                // `trailing_zeros` of 0 is 64: no error at all.
                if stops != 0 && errors.trailing_zeros() > stops.trailing_zeros() {
                    return i + first::<V>(stops);
                }
                break;
            }
            pending = v.subs(limits).any();
        }
        prev = v;
        i += V::LANES;
    }
    scalar::utf8(table, input, scalar::char_start(input, start, i))
}

// The UTF-8 check of Keiser & Lemire, "Validating UTF-8 in less than one instruction
// per byte" (as in simdjson and simdutf). Each error class is one bit; a pair of
// adjacent bytes (prev1, cur) is wrong when the three nibble lookups share a bit.
const TOO_SHORT: u8 = 1 << 0; // 11______ 0_______ / 11______ 11______
const TOO_LONG: u8 = 1 << 1; // 0_______ 10______
const OVERLONG_3: u8 = 1 << 2; // 11100000 100_____
const TOO_LARGE: u8 = 1 << 3; // 11110100 1001____ ... (above U+10FFFF)
const SURROGATE: u8 = 1 << 4; // 11101101 101_____
const OVERLONG_2: u8 = 1 << 5; // 1100000_ 10______
const TOO_LARGE_1000: u8 = 1 << 6; // 11110101.. 1000____
const OVERLONG_4: u8 = 1 << 6; // 11110000 1000____
const TWO_CONTS: u8 = 1 << 7; // 10______ 10______
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// Indexed by the high nibble of the first byte of a pair.
const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// Indexed by the low nibble of the first byte of a pair.
const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// Indexed by the high nibble of the second byte of a pair.
const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The lookup UTF-8 check: three nibble lookups on (prev1, cur) flag every bad pair;
/// then a byte must be a continuation exactly when the byte 2 before starts a 3- or
/// 4-byte character or the byte 3 before starts a 4-byte one (`TWO_CONTS` marks
/// continuation-after-continuation; the XOR flags both a missing and a stray one).
/// Errors are flagged at the second byte of a bad pair or at the bad continuation,
/// never before the character's first byte nor after its last (or the byte after it).
#[inline(always)]
pub(super) fn lookup_errors<V: Shuffle>(cur: V, prev: V) -> V {
    // SAFETY: `cur` exists, so the CPU has `V`'s features (type invariant).
    let (b1h, b1l, b2h, nibble, third, fourth, top) = unsafe {
        (
            V::table(&BYTE_1_HIGH),
            V::table(&BYTE_1_LOW),
            V::table(&BYTE_2_HIGH),
            V::splat(0x0F),
            V::splat(0xE0 - 0x80),
            V::splat(0xF0 - 0x80),
            V::splat(0x80),
        )
    };
    let prev1 = cur.prev1(prev);
    let special = b1h.lookup(prev1.shr4()).and(b1l.lookup(prev1.and(nibble))).and(b2h.lookup(cur.shr4()));
    // Only 111_____ minus 0x60 (resp. 1111____ minus 0x70) stays >= 0x80.
    let must_continue = cur.prev2(prev).subs(third).or(cur.prev3(prev).subs(fourth)).and(top);
    must_continue.xor(special)
}

/// The UTF-8 check with byte compares only (SSE2 has no byte shuffle). A byte must be a
/// continuation (0x80..=0xBF) exactly when prev1 >= 0xC0, prev2 >= 0xE0 or
/// prev3 >= 0xF0; C0, C1 and F5..FF never occur; and after E0, ED, F0, F4 the next byte
/// is in A0..BF, 80..9F, 90..BF, 80..8F. Errors are flagged at the bad byte itself,
/// or at the byte a lead wrongly constrains.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
#[inline(always)]
pub(super) fn compare_errors<V: Vector>(cur: V, prev: V) -> V {
    // SAFETY: `cur` exists, so the CPU has `V`'s features (type invariant).
    let c = |b: u8| unsafe { V::splat(b) };
    let at_least = |v: V, b: u8| v.sub(c(b)).le(c(0xFF - b));
    let at_most = |v: V, b: u8| v.le(c(b));
    let prev1 = cur.prev1(prev);
    let is_cont = cur.sub(c(0x80)).le(c(0x3F));
    let need = at_least(prev1, 0xC0).or(at_least(cur.prev2(prev), 0xE0)).or(at_least(cur.prev3(prev), 0xF0));
    let structure = is_cont.xor(need);
    let bad = cur.sub(c(0xC0)).le(c(1)).or(at_least(cur, 0xF5));
    let e0 = prev1.eq(c(0xE0)).and(at_most(cur, 0x9F));
    let ed = prev1.eq(c(0xED)).and(at_least(cur, 0xA0));
    let f0 = prev1.eq(c(0xF0)).and(at_most(cur, 0x8F));
    let f4 = prev1.eq(c(0xF4)).and(at_least(cur, 0x90));
    structure.or(bad).or(e0).or(ed).or(f0).or(f4)
}

/// The generic algorithms with an emulated NEON-shaped vector (16 lanes, 4 mask bits
/// per byte, `ext`-style `prev`), so the paths only aarch64 takes run on every CI
/// machine, against the scalar loops.
#[cfg(test)]
mod tests {
    use super::super::class::{Matcher, Shape};
    use super::super::scalar;
    use super::*;

    #[derive(Clone, Copy)]
    struct Emu([u8; 16]);

    impl Emu {
        fn map(self, o: Emu, f: impl Fn(u8, u8) -> u8) -> Emu {
            Emu(core::array::from_fn(|k| f(self.0[k], o.0[k])))
        }
        fn ext(prev: Emu, cur: Emu, n: usize) -> Emu {
            Emu(core::array::from_fn(|k| if k < n { prev.0[16 - n + k] } else { cur.0[k - n] }))
        }
    }

    impl Vector for Emu {
        const LANES: usize = 16;
        const STRIDE: u32 = 4;
        unsafe fn load(src: *const u8) -> Self {
            // SAFETY: the caller guarantees 16 readable bytes.
            Emu(unsafe { core::ptr::read_unaligned(src as *const [u8; 16]) })
        }
        unsafe fn splat(b: u8) -> Self {
            Emu([b; 16])
        }
        unsafe fn zero() -> Self {
            Emu([0; 16])
        }
        fn and(self, o: Self) -> Self {
            self.map(o, |a, b| a & b)
        }
        fn or(self, o: Self) -> Self {
            self.map(o, |a, b| a | b)
        }
        fn xor(self, o: Self) -> Self {
            self.map(o, |a, b| a ^ b)
        }
        fn sub(self, o: Self) -> Self {
            self.map(o, u8::wrapping_sub)
        }
        fn subs(self, o: Self) -> Self {
            self.map(o, u8::saturating_sub)
        }
        fn eq(self, o: Self) -> Self {
            self.map(o, |a, b| if a == b { 0xFF } else { 0 })
        }
        fn le(self, o: Self) -> Self {
            self.map(o, |a, b| if a <= b { 0xFF } else { 0 })
        }
        fn mask(self) -> u64 {
            // NEON's `shrn` narrowing: 4 bits per byte.
            (0..16).fold(0, |m, k| m | (((self.0[k] >> 4) as u64 & 0xF) << (4 * k)))
        }
        fn high_mask(self) -> u64 {
            self.map(self, |a, _| if a >= 0x80 { 0xFF } else { 0 }).mask()
        }
        fn any(self) -> bool {
            self.0.iter().any(|&b| b != 0)
        }
        fn prev1(self, prev: Self) -> Self {
            Emu::ext(prev, self, 1)
        }
        fn prev2(self, prev: Self) -> Self {
            Emu::ext(prev, self, 2)
        }
        fn prev3(self, prev: Self) -> Self {
            Emu::ext(prev, self, 3)
        }
        fn utf8_errors(self, prev: Self) -> Self {
            lookup_errors(self, prev)
        }
    }

    impl Shuffle for Emu {
        unsafe fn table(t: &[u8; 16]) -> Self {
            Emu(*t)
        }
        fn lookup(self, idx: Self) -> Self {
            // `tbl`: an index >= 16 gives 0.
            Emu(core::array::from_fn(|k| self.0.get(idx.0[k] as usize).copied().unwrap_or(0)))
        }
        fn shr4(self) -> Self {
            self.map(self, |a, _| a >> 4)
        }
    }

    /// The emulated kernels for the class with bitmap `bits`.
    fn class_emu(bits: &[u64; 4], table: &[u8; 256], input: &[u8], from: usize) -> usize {
        let m = Matcher::build(bits);
        // SAFETY: `Emu` needs no CPU feature; `from <= input.len()`.
        let r = unsafe {
            with_ranges!(
                m,
                |N, NEG| class_blocks(&Ranges::<Emu, N, NEG>::new(&m), input, from),
                match m.shape {
                    Shape::Shufti { pairs: 1 } => class_blocks(&Shufti::<Emu, 1>::new(&m), input, from),
                    _ => class_blocks(&Shufti::<Emu, 2>::new(&m), input, from),
                }
            )
        };
        r.unwrap_or_else(|i| scalar::class(table, input, i))
    }

    fn utf8_emu(bits: &[u64; 4], table: &[u8; 256], input: &[u8], from: usize) -> usize {
        let m = Matcher::build(&[bits[0], bits[1], u64::MAX, u64::MAX]);
        // SAFETY: `Emu` needs no CPU feature; `from` is a boundary `<= input.len()`.
        unsafe {
            with_ranges!(
                m,
                |N, NEG| utf8_blocks(&Ranges::<Emu, N, NEG>::new(&m), table, input, from),
                match m.shape {
                    Shape::Shufti { pairs: 1 } => utf8_blocks(&Shufti::<Emu, 1>::new(&m), table, input, from),
                    _ => utf8_blocks(&Shufti::<Emu, 2>::new(&m), table, input, from),
                }
            )
        }
    }

    fn class_of(f: impl Fn(u8) -> bool) -> ([u64; 4], [u8; 256]) {
        let mut bits = [0u64; 4];
        let mut table = [0u8; 256];
        for b in 0..=255u8 {
            if f(b) {
                bits[b as usize / 64] |= 1 << (b % 64);
                table[b as usize] = 1;
            }
        }
        (bits, table)
    }

    #[test]
    fn neon_shaped_vectors_match_the_scalar_loops() {
        let classes = [
            class_of(|b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\'),
            class_of(|b| b.is_ascii_alphanumeric() || b == b'_'),
            class_of(|b| b < 0x80 && !b"*/\n".contains(&b)),
            class_of(|b| (b as u32).wrapping_mul(0x9E37_79B9).rotate_left(7).is_multiple_of(3)),
        ];
        let specials: [&[u8]; 14] = [
            b"\"",
            b"\x00",
            b"\x1f",
            &[0xC2],
            &[0xE0, 0x80, 0x80],
            &[0xED, 0xA0, 0x80],
            &[0xF4, 0x90, 0x80, 0x80],
            &[0xF0, 0x90, 0x80],
            &[0x80],
            &[0xC0, 0x80],
            &[0xFF],
            &[0xE1, 0x80, 0x41],
            "é".as_bytes(),
            "😀".as_bytes(),
        ];
        for (bits, table) in &classes {
            let members: Vec<u8> = (0..0x80u8).filter(|&b| table[b as usize] != 0).collect();
            let mut run = Vec::new();
            for (k, ch) in ["日本", "é", "😀", "я"].iter().cycle().take(40).enumerate() {
                run.push(members[k % members.len()]);
                run.extend_from_slice(ch.as_bytes());
            }
            let ascii: Vec<u8> = members.iter().copied().cycle().take(80).collect();
            for base in [&ascii, &run] {
                for special in specials {
                    for len in (0..=34).chain([47, 63, 79]) {
                        for pos in 0..=len {
                            let mut input = base[..pos].to_vec();
                            input.extend_from_slice(special);
                            input.extend_from_slice(&base[pos..len]);
                            let want = scalar::utf8(table, &input, 0);
                            assert_eq!(utf8_emu(bits, table, &input, 0), want, "utf8 {input:02x?}");
                            let want = scalar::class(table, &input, 0);
                            assert_eq!(class_emu(bits, table, &input, 0), want, "class {input:02x?}");
                        }
                    }
                }
            }
        }
    }
}
