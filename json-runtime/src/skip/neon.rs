//! aarch64 NEON kernels: 16 bytes, compares or `tbl` nibble tables, the lookup UTF-8
//! check. The algorithms are the generic ones of [`super::vector`], tested on x86 with
//! AVX2 and SSE2 and, in NEON's shape (16 lanes, 4 mask bits per byte, `ext`-style
//! shifts, `tbl` lookups), with an emulated vector; this file only maps the vector
//! operations to NEON intrinsics. It is compile-checked
//! (`cargo check --target aarch64-unknown-linux-gnu`), not run, on the x86 machines.

use core::arch::aarch64::*;

use super::class::Shape;
use super::scalar;
use super::vector::{class_blocks, lookup_errors, utf8_blocks, Ranges, Shuffle, Shufti, Vector};
use super::ByteClass;

/// 16 bytes, NEON. Exists only where the CPU has NEON (the aarch64 baseline).
#[derive(Clone, Copy)]
pub(super) struct Neon(uint8x16_t);

impl Vector for Neon {
    const LANES: usize = 16;
    /// A 0x00/0xFF byte vector narrows to 4 bits per byte (`shrn`): one `u64`.
    const STRIDE: u32 = 4;
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src` and NEON.
        Self(unsafe { vld1q_u8(src) })
    }
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees NEON.
        Self(unsafe { vdupq_n_u8(b) })
    }
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees NEON.
        Self(unsafe { vdupq_n_u8(0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: `self` exists, so the CPU has NEON (type invariant).
        Self(unsafe { vandq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vorrq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { veorq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vsubq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn subs(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vqsubq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vceqq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn le(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vcleq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn mask(self) -> u64 {
        // SAFETY: as in `and`. Shifting each 16-bit pair right by 4 and narrowing keeps
        // the high nibble of the low byte and the low nibble of the high byte.
        unsafe { vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(self.0)))) }
    }
    #[inline(always)]
    fn high_mask(self) -> u64 {
        // SAFETY: as in `and`.
        Self(unsafe { vcgeq_u8(self.0, vdupq_n_u8(0x80)) }).mask()
    }
    #[inline(always)]
    fn any(self) -> bool {
        // SAFETY: as in `and`.
        unsafe { vmaxvq_u8(self.0) != 0 }
    }
    #[inline(always)]
    fn prev1(self, prev: Self) -> Self {
        // SAFETY: as in `and`. `ext(a, b, n)` is `a[n..16] ++ b[0..n]`.
        Self(unsafe { vextq_u8::<15>(prev.0, self.0) })
    }
    #[inline(always)]
    fn prev2(self, prev: Self) -> Self {
        // SAFETY: as in `prev1`.
        Self(unsafe { vextq_u8::<14>(prev.0, self.0) })
    }
    #[inline(always)]
    fn prev3(self, prev: Self) -> Self {
        // SAFETY: as in `prev1`.
        Self(unsafe { vextq_u8::<13>(prev.0, self.0) })
    }
    #[inline(always)]
    fn utf8_errors(self, prev: Self) -> Self {
        lookup_errors(self, prev)
    }
}

impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; the caller guarantees NEON.
        Self(unsafe { vld1q_u8(t.as_ptr()) })
    }
    #[inline(always)]
    fn lookup(self, idx: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vqtbl1q_u8(self.0, idx.0) })
    }
    #[inline(always)]
    fn shr4(self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vshrq_n_u8::<4>(self.0) })
    }
}

/// `skip_class` from `from` (`< input.len()`) with NEON.
///
/// # Safety
/// The CPU has NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn class(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 16 {
        return scalar::class(&class.table, input, from);
    }
    let m = &class.skip;
    // SAFETY: the caller guarantees NEON; `from <= input.len()`.
    let r = unsafe {
        with_ranges!(
            m,
            |N, NEG| class_blocks(&Ranges::<Neon, N, NEG>::new(m), input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => class_blocks(&Shufti::<Neon, 1>::new(m), input, from),
                _ => class_blocks(&Shufti::<Neon, 2>::new(m), input, from),
            }
        )
    };
    match r {
        Ok(p) => p,
        Err(i) => scalar::class(&class.table, input, i),
    }
}

/// `skip_utf8` from the character boundary `from` with NEON.
///
/// # Safety
/// The CPU has NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn utf8(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 16 {
        return scalar::utf8(&class.table, input, from);
    }
    let m = &class.utf8;
    let t = &class.table;
    // SAFETY: the caller guarantees NEON; `from <= input.len()` is a character boundary.
    unsafe {
        with_ranges!(
            m,
            |N, NEG| utf8_blocks(&Ranges::<Neon, N, NEG>::new(m), t, input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => utf8_blocks(&Shufti::<Neon, 1>::new(m), t, input, from),
                _ => utf8_blocks(&Shufti::<Neon, 2>::new(m), t, input, from),
            }
        )
    }
}
