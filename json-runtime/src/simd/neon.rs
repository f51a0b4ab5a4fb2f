//! The aarch64 NEON level: the [`Vector`](super::vector::Vector) type [`Neon`] (16 bytes, compares or `tbl`
//! nibble tables, the lookup UTF-8 check) and its `#[target_feature]` entry points.
//! The algorithms are the generic ones of [`super::vector`], [`super::class`],
//! [`super::utf8`] and [`super::stop`], also run in NEON's shape (16 lanes, 4 mask bits
//! per byte, `ext`-style shifts, `tbl` lookups) with an emulated vector on every
//! machine; this file only maps the vector operations to NEON intrinsics. CI
//! compile-checks it (`cargo check --target aarch64-unknown-linux-gnu`); it runs only
//! on aarch64 machines.

use core::arch::aarch64::*;

use super::class::Source;
use super::stop::{self, Finder};
use super::utf8::lookup_errors;
use super::vector::{vector_ops, Shuffle};
use super::{class, utf8};

/// 16 bytes, NEON. Exists only where the CPU has NEON (the aarch64 baseline).
#[derive(Clone, Copy)]
pub(crate) struct Neon(uint8x16_t);

vector_ops! {
    Neon, 16, 4, {
        load: |src| vld1q_u8(src), store: |dst, v| vst1q_u8(dst, v), splat: |b| vdupq_n_u8(b), zero: vdupq_n_u8_zero,
        and: vandq_u8, or: vorrq_u8, xor: veorq_u8, sub: vsubq_u8, subs: vqsubq_u8, eq: vceqq_u8
    }
    #[inline(always)]
    fn le(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vcleq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn lt_signed(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { vcltq_s8(vreinterpretq_s8_u8(self.0), vreinterpretq_s8_u8(o.0)) })
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

/// `vdupq_n_u8(0)`, for [`vector_ops!`]'s `zero`.
///
/// # Safety
/// The CPU has NEON.
#[inline(always)]
unsafe fn vdupq_n_u8_zero() -> uint8x16_t {
    // SAFETY: the caller guarantees NEON.
    unsafe { vdupq_n_u8(0) }
}

impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; the caller guarantees NEON.
        Self(unsafe { vld1q_u8(t.as_ptr()) })
    }
    #[inline(always)]
    fn lookup(self, idx: Self) -> Self {
        // SAFETY: `self` exists, so the CPU has NEON.
        Self(unsafe { vqtbl1q_u8(self.0, idx.0) })
    }
    #[inline(always)]
    fn shr4(self) -> Self {
        // SAFETY: as in `lookup`.
        Self(unsafe { vshrq_n_u8::<4>(self.0) })
    }
}

/// `skip_class` from `from` (`<= input.len()`) with NEON.
///
/// # Safety
/// The CPU has NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn class<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees NEON and `from <= input.len()`.
    unsafe { class::kernel::<Neon, S>(src, input, from) }
}

/// `skip_utf8` from the character boundary `from` with NEON.
///
/// # Safety
/// The CPU has NEON; `from <= input.len()` is a character boundary.
#[target_feature(enable = "neon")]
pub(super) unsafe fn utf8<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees NEON and the boundary.
    unsafe { utf8::kernel::<Neon, S>(src, input, from) }
}

/// [`Finder::find`]'s kernel with NEON: 16 bytes at a time, then one last vector
/// ending at the end of the slice.
///
/// # Safety
/// The CPU has NEON; `input.len() - from >= 16`.
#[target_feature(enable = "neon")]
pub(super) unsafe fn find<const HIGH: bool, const N: usize>(f: &Finder, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees NEON and 16 bytes after `from`.
    unsafe { stop::find::<Neon, HIGH, N>(f, input, from) }
}

/// [`Finder::block`]'s kernel with NEON: lanes of 4 bits, one set per stop.
///
/// # Safety
/// The CPU has NEON; `pos < input.len()`.
#[target_feature(enable = "neon")]
pub(super) unsafe fn block<const HIGH: bool, const N: usize>(f: &Finder, input: &[u8], pos: usize) -> (u64, usize) {
    // SAFETY: the caller guarantees NEON and `pos < input.len()`.
    unsafe { stop::block::<Neon, HIGH, N>(f, input, pos) }
}

/// [`Finder::copy`]'s kernel with NEON: 16 bytes at a time, each stored as it is
/// tested, then one last vector ending at the end of the slice.
///
/// # Safety
/// The CPU has NEON; `from <= input.len()`, `input.len() >= 16`; `dst` writable for
/// `input.len() - from` bytes, apart from `input`.
#[target_feature(enable = "neon")]
pub(super) unsafe fn copy<const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller guarantees NEON, the slice length and `dst`.
    unsafe { stop::copy::<Neon, HIGH, N>(f, input, from, dst) }
}
