//! x86 kernels: SSE2 (16 bytes, compares only) and AVX2 (32 bytes, compares or
//! shuffles), each followed by the scalar tail.
//!
//! The entry points are `unsafe fn`s with `#[target_feature]`; [`super`] calls each only
//! when the `Kernels` value names its level, which `Kernels` checked is available.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use super::class::Shape;
use super::scalar;
use super::vector::{class_blocks, compare_errors, lookup_errors, utf8_blocks, Ranges, Shuffle, Shufti, Vector};
use super::ByteClass;

/// 16 bytes, SSE2 only (no byte shuffle). Exists only where the CPU has SSE2.
#[derive(Clone, Copy)]
pub(super) struct Sse2(__m128i);

/// 32 bytes, AVX2. Exists only where the CPU has AVX2.
#[derive(Clone, Copy)]
pub(super) struct Avx(__m256i);

impl Vector for Sse2 {
    const LANES: usize = 16;
    const STRIDE: u32 = 1;
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `src` and SSE2.
        Self(unsafe { _mm_loadu_si128(src as *const __m128i) })
    }
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees SSE2.
        Self(unsafe { _mm_set1_epi8(b as i8) })
    }
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees SSE2.
        Self(unsafe { _mm_setzero_si128() })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: `self` exists, so the CPU has SSE2 (type invariant).
        Self(unsafe { _mm_and_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_or_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_xor_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_sub_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn subs(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_subs_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_cmpeq_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn le(self, o: Self) -> Self {
        // SAFETY: as in `and`. `min(a, b) == a` is `a <= b` unsigned.
        Self(unsafe { _mm_cmpeq_epi8(_mm_min_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn mask(self) -> u64 {
        // SAFETY: as in `and`.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    fn high_mask(self) -> u64 {
        // SAFETY: as in `and`. `movemask` takes each byte's top bit.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    fn any(self) -> bool {
        // SAFETY: as in `and`.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) != 0xFFFF }
    }
    #[inline(always)]
    fn prev1(self, prev: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_or_si128(_mm_slli_si128::<1>(self.0), _mm_srli_si128::<15>(prev.0)) })
    }
    #[inline(always)]
    fn prev2(self, prev: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_or_si128(_mm_slli_si128::<2>(self.0), _mm_srli_si128::<14>(prev.0)) })
    }
    #[inline(always)]
    fn prev3(self, prev: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_or_si128(_mm_slli_si128::<3>(self.0), _mm_srli_si128::<13>(prev.0)) })
    }
    #[inline(always)]
    fn utf8_errors(self, prev: Self) -> Self {
        compare_errors(self, prev)
    }
}

impl Vector for Avx {
    const LANES: usize = 32;
    const STRIDE: u32 = 1;
    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller guarantees 32 readable bytes at `src` and AVX2.
        Self(unsafe { _mm256_loadu_si256(src as *const __m256i) })
    }
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees AVX2.
        Self(unsafe { _mm256_set1_epi8(b as i8) })
    }
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the caller guarantees AVX2.
        Self(unsafe { _mm256_setzero_si256() })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: `self` exists, so the CPU has AVX2 (type invariant).
        Self(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_or_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_sub_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn subs(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_subs_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_cmpeq_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn le(self, o: Self) -> Self {
        // SAFETY: as in `and`. `min(a, b) == a` is `a <= b` unsigned.
        Self(unsafe { _mm256_cmpeq_epi8(_mm256_min_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn mask(self) -> u64 {
        // SAFETY: as in `and`.
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    fn high_mask(self) -> u64 {
        // SAFETY: as in `and`. `movemask` takes each byte's top bit.
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    fn any(self) -> bool {
        // SAFETY: as in `and`.
        unsafe { _mm256_testz_si256(self.0, self.0) == 0 }
    }
    #[inline(always)]
    fn prev1(self, prev: Self) -> Self {
        // SAFETY: as in `and`. The permute makes [prev.high, self.low]; `alignr` works
        // per 128-bit lane, so each lane takes its byte from the lane before it.
        Self(unsafe { _mm256_alignr_epi8::<15>(self.0, _mm256_permute2x128_si256::<0x21>(prev.0, self.0)) })
    }
    #[inline(always)]
    fn prev2(self, prev: Self) -> Self {
        // SAFETY: as in `prev1`.
        Self(unsafe { _mm256_alignr_epi8::<14>(self.0, _mm256_permute2x128_si256::<0x21>(prev.0, self.0)) })
    }
    #[inline(always)]
    fn prev3(self, prev: Self) -> Self {
        // SAFETY: as in `prev1`.
        Self(unsafe { _mm256_alignr_epi8::<13>(self.0, _mm256_permute2x128_si256::<0x21>(prev.0, self.0)) })
    }
    #[inline(always)]
    fn utf8_errors(self, prev: Self) -> Self {
        lookup_errors(self, prev)
    }
}

impl Shuffle for Avx {
    #[inline(always)]
    unsafe fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; the caller guarantees AVX2.
        Self(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr() as *const __m128i)) })
    }
    #[inline(always)]
    fn lookup(self, idx: Self) -> Self {
        // SAFETY: as in `and`. Per 128-bit lane; both lanes hold the same table.
        Self(unsafe { _mm256_shuffle_epi8(self.0, idx.0) })
    }
    #[inline(always)]
    fn shr4(self) -> Self {
        // SAFETY: as in `and`. A 16-bit shift pulls bits of the next byte in: mask.
        Self(unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi8(0x0F)) })
    }
}

/// `skip_class` from `from` (`< input.len()`) with SSE2. Nibble-table classes use the
/// SWAR table loop: SSE2 has no byte shuffle.
///
/// # Safety
/// The CPU has SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_class(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 16 {
        return scalar::class(&class.table, input, from);
    }
    // SAFETY: the caller guarantees SSE2; `from <= input.len()`.
    unsafe {
        with_ranges!(
            class.skip,
            |N, NEG| match class_blocks(&Ranges::<Sse2, N, NEG>::new(&class.skip), input, from) {
                Ok(p) => p,
                Err(i) => scalar::class(&class.table, input, i),
            },
            scalar::class_swar(&class.table, input, from)
        )
    }
}

/// `skip_utf8` from the character boundary `from` with SSE2 (compare-based UTF-8
/// check). Nibble-table classes use the SWAR kernel.
///
/// # Safety
/// The CPU has SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_utf8(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 16 {
        return scalar::utf8(&class.table, input, from);
    }
    // SAFETY: the caller guarantees SSE2; `from <= input.len()` is a character boundary.
    unsafe {
        with_ranges!(
            class.utf8,
            |N, NEG| utf8_blocks(&Ranges::<Sse2, N, NEG>::new(&class.utf8), &class.table, input, from),
            scalar::utf8_swar(&class.table, input, from)
        )
    }
}

/// `skip_class` from `from` with AVX2: compares or nibble tables, 32 bytes at a
/// time, then the scalar tail.
///
/// # Safety
/// The CPU has AVX2; `from <= input.len()`.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_class(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 32 {
        return scalar::class(&class.table, input, from);
    }
    let m = &class.skip;
    // SAFETY: the caller guarantees AVX2; `from <= input.len()`.
    let r = unsafe {
        with_ranges!(
            m,
            |N, NEG| class_blocks(&Ranges::<Avx, N, NEG>::new(m), input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => class_blocks(&Shufti::<Avx, 1>::new(m), input, from),
                _ => class_blocks(&Shufti::<Avx, 2>::new(m), input, from),
            }
        )
    };
    match r {
        Ok(p) => p,
        Err(i) => scalar::class(&class.table, input, i),
    }
}

/// `skip_utf8` from the character boundary `from` with AVX2 (lookup UTF-8 check).
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_utf8(class: &ByteClass, input: &[u8], from: usize) -> usize {
    if input.len() - from < 32 {
        return scalar::utf8(&class.table, input, from);
    }
    let m = &class.utf8;
    let t = &class.table;
    // SAFETY: the caller guarantees AVX2; `from <= input.len()` is a character boundary.
    unsafe {
        with_ranges!(
            m,
            |N, NEG| utf8_blocks(&Ranges::<Avx, N, NEG>::new(m), t, input, from),
            match m.shape {
                Shape::Shufti { pairs: 1 } => utf8_blocks(&Shufti::<Avx, 1>::new(m), t, input, from),
                _ => utf8_blocks(&Shufti::<Avx, 2>::new(m), t, input, from),
            }
        )
    }
}
