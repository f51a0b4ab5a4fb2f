//! `skip_utf8`: a class test plus a UTF-8 check per block, and the UTF-8 checks.

use super::class::{Ranges, Shape, Shufti, Source};
use super::vector::{first, Shuffle, StopTest, Vector};
use super::{scalar, swar, Kernels, Level};

/// `skip_utf8` from the character boundary `from <= input.len()`, through the level's
/// kernel (`prelude`: ASCII bytes one by one first, as in [`super::class::skip`]).
#[inline(always)]
pub(crate) fn skip<S: Source>(kernels: Kernels, src: S, input: &[u8], mut from: usize, prelude: bool) -> usize {
    let class = src.class();
    if kernels.level() == Level::Scalar {
        return scalar::utf8(&class.table, input, from);
    }
    // ASCII bytes one by one first (a multibyte character goes straight to the kernel).
    // Behind `if prelude`: the `_long` entries (a constant `false`) then pay no bounds check.
    if prelude {
        if let Some(head) = input.get(from..from + super::class::PRELUDE) {
            for &b in head {
                if b >= 0x80 {
                    break;
                }
                if class.table[b as usize] == 0 {
                    return from;
                }
                from += 1;
            }
        }
    }
    by_level!(kernels, (src, input, from), sse2_utf8, avx2_utf8, utf8, swar::utf8(&class.table, input, from))
}

/// `skip_utf8` from the character boundary `from` with a shuffle-capable vector (the
/// lookup UTF-8 check): compares or nibble tables for the class, whole vectors, then
/// the scalar loop.
///
/// # Safety
/// The CPU has `V`'s features; `from <= input.len()` is a character boundary.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn kernel<V: Shuffle, S: Source>(src: S, input: &[u8], from: usize) -> usize {
    let class = src.class();
    if input.len() - from < V::LANES {
        return tail(&class.table, input, from, from);
    }
    let m = &class.utf8;
    let t = &class.table;
    // SAFETY: the caller guarantees `V`'s features and the boundary.
    unsafe {
        with_ranges!(
            m,
            |N, NEG| blocks(&Ranges::<V, N, NEG>::new(m), t, input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => blocks(&Shufti::<V, 1>::new(m), t, input, from),
                _ => blocks(&Shufti::<V, 2>::new(m), t, input, from),
            }
        )
    }
}

/// Per byte of the last block, the largest value that does not start a character
/// needing bytes past the block's end (0xFF elsewhere): a byte above it leaves the
/// block ending inside a character. Load the last `LANES` bytes. A `const` (each use a
/// constant of its crate), so that a kernel compiled in a lexer's crate loads it directly.
const INCOMPLETE: [u8; 64] = {
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
pub(crate) unsafe fn blocks<V: Vector, S: StopTest<V>>(s: &S, table: &[u8; 256], input: &[u8], start: usize) -> usize {
    let len = input.len();
    let ptr = input.as_ptr();
    let mut i = start;
    let incomplete: &'static [u8; 64] = &INCOMPLETE;
    // SAFETY: features: caller; `incomplete[64 - LANES..]` holds `LANES` bytes.
    let (mut prev, limits) = unsafe { (V::zero(), V::load(incomplete.as_ptr().add(64 - V::LANES))) };
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
                // No error up to the first stop (`stops ^ (stops - 1)`: the bits up to its
                // lowest; all bits when there is no stop, and then there is an error).
                if errors & (stops ^ stops.wrapping_sub(1)) == 0 {
                    return i + first::<V>(stops);
                }
                break;
            }
            pending = v.subs(limits).any();
        }
        prev = v;
        i += V::LANES;
    }
    tail(table, input, start, i)
}

/// The scalar loop from the last character boundary `<= i` (see [`scalar::char_start`]):
/// the end of a run past the last whole vector, or after a block with an error. Out of
/// line, so that the vector loop, which most calls end in, needs no saved registers.
#[inline(never)]
pub(crate) fn tail(table: &[u8; 256], input: &[u8], start: usize, i: usize) -> usize {
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
pub(crate) fn lookup_errors<V: Shuffle>(cur: V, prev: V) -> V {
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
pub(crate) fn compare_errors<V: Vector>(cur: V, prev: V) -> V {
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

/// The generic class and UTF-8 kernels with the emulated NEON-shaped vector, so the
/// paths only aarch64 takes run on every CI machine, against the scalar loops.
#[cfg(test)]
mod tests {
    use super::super::class::{self, ByteClass, ConstClass, Of};
    use super::super::vector::emu::Emu;
    use super::*;

    fn class_emu(bits: &[u64; 4], input: &[u8], from: usize) -> usize {
        // SAFETY: `Emu` needs no CPU feature; `from <= input.len()`.
        unsafe { class::kernel::<Emu, _>(&ByteClass::from_bitmap(*bits), input, from) }
    }

    fn utf8_emu(bits: &[u64; 4], input: &[u8], from: usize) -> usize {
        // SAFETY: `Emu` needs no CPU feature; `from` is a boundary `<= input.len()`.
        unsafe { kernel::<Emu, _>(&ByteClass::from_bitmap(*bits), input, from) }
    }

    /// The JSON string body as a `ConstClass`: the kernels compiled for it.
    struct JsonString;
    impl ConstClass for JsonString {
        const CLASS: ByteClass = ByteClass::from_bitmap([0xFFFF_FFFB_0000_0000, 0xFFFF_FFFF_EFFF_FFFF, 0, 0]);
    }

    fn const_class_emu(input: &[u8], from: usize) -> usize {
        // SAFETY: as in `class_emu`.
        unsafe { class::kernel::<Emu, _>(Of::<JsonString>::new(), input, from) }
    }

    fn const_utf8_emu(input: &[u8], from: usize) -> usize {
        // SAFETY: as in `utf8_emu`.
        unsafe { kernel::<Emu, _>(Of::<JsonString>::new(), input, from) }
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
        assert_eq!(classes[0].0, JsonString::CLASS.bitmap(), "the const class is the first class");
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
                            assert_eq!(utf8_emu(bits, &input, 0), want, "utf8 {input:02x?}");
                            let want = scalar::class(table, &input, 0);
                            assert_eq!(class_emu(bits, &input, 0), want, "class {input:02x?}");
                            if *bits == JsonString::CLASS.bitmap() {
                                let want = scalar::utf8(table, &input, 0);
                                assert_eq!(const_utf8_emu(&input, 0), want, "const utf8 {input:02x?}");
                                let want = scalar::class(table, &input, 0);
                                assert_eq!(const_class_emu(&input, 0), want, "const class {input:02x?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
