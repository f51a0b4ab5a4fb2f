//! x86 levels: the [`Vector`](super::vector::Vector) types [`Sse2`] (16 bytes, compares only: SSE2 has no
//! byte shuffle) and [`Avx`] (32 bytes, compares or shuffles), and each level's kernels:
//! `#[target_feature]` entry points that instantiate the generic algorithms of
//! [`super::class`], [`super::utf8`] and [`super::stop`] for the level's vector type.
//!
//! Each entry point is an `unsafe fn` whose only contract beyond its arguments is the
//! CPU feature; [`super`] calls it only through a [`super::Kernels`] or a
//! [`super::Finder`] of its level, which exist only for available levels.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use super::class::{Ranges, Source};
use super::stop::{self, Finder};
use super::utf8::{compare_errors, lookup_errors};
use super::vector::{self, vector_ops, Shuffle, Wide};
use super::{class, scalar, swar, utf8};

/// 16 bytes, SSE2. Exists only where the CPU has SSE2.
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128i);

/// 32 bytes, AVX2. Exists only where the CPU has AVX2.
#[derive(Clone, Copy)]
pub(crate) struct Avx(__m256i);

/// `le`, `mask` and `high_mask`, the same at both widths but for the intrinsics' names.
macro_rules! compare_ops {
    (min: $min:path, eq: $eq:path, movemask: $movemask:path) => {
        #[inline(always)]
        fn le(self, o: Self) -> Self {
            // SAFETY: as in `and`. `min(a, b) == a` is `a <= b` unsigned.
            Self(unsafe { $eq($min(self.0, o.0), self.0) })
        }
        #[inline(always)]
        fn mask(self) -> u64 {
            // SAFETY: as in `and`.
            unsafe { $movemask(self.0) as u32 as u64 }
        }
        #[inline(always)]
        fn high_mask(self) -> u64 {
            // `movemask` takes each byte's top bit.
            self.mask()
        }
    };
}

vector_ops! {
    Sse2, 16, 1, {
        load: |src| _mm_loadu_si128(src as *const __m128i),
        store: |dst, v| _mm_storeu_si128(dst as *mut __m128i, v), splat: |b| _mm_set1_epi8(b as i8), zero: _mm_setzero_si128,
        and: _mm_and_si128, or: _mm_or_si128, xor: _mm_xor_si128, sub: _mm_sub_epi8, subs: _mm_subs_epu8,
        eq: _mm_cmpeq_epi8
    }
    compare_ops!(min: _mm_min_epu8, eq: _mm_cmpeq_epi8, movemask: _mm_movemask_epi8);
    #[inline(always)]
    fn lt_signed(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm_cmplt_epi8(self.0, o.0) })
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

vector_ops! {
    Avx, 32, 1, {
        load: |src| _mm256_loadu_si256(src as *const __m256i),
        store: |dst, v| _mm256_storeu_si256(dst as *mut __m256i, v), splat: |b| _mm256_set1_epi8(b as i8),
        zero: _mm256_setzero_si256, and: _mm256_and_si256, or: _mm256_or_si256, xor: _mm256_xor_si256,
        sub: _mm256_sub_epi8, subs: _mm256_subs_epu8, eq: _mm256_cmpeq_epi8
    }
    compare_ops!(min: _mm256_min_epu8, eq: _mm256_cmpeq_epi8, movemask: _mm256_movemask_epi8);
    #[inline(always)]
    fn lt_signed(self, o: Self) -> Self {
        // SAFETY: as in `and`.
        Self(unsafe { _mm256_cmpgt_epi8(o.0, self.0) })
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
        // SAFETY: `self` exists, so the CPU has AVX2. Per 128-bit lane; both lanes hold
        // the same table.
        Self(unsafe { _mm256_shuffle_epi8(self.0, idx.0) })
    }
    #[inline(always)]
    fn shr4(self) -> Self {
        // SAFETY: as in `lookup`. A 16-bit shift pulls bits of the next byte in: mask.
        Self(unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi8(0x0F)) })
    }
}

impl Wide for Avx {
    type Half = Sse2;
    #[inline(always)]
    fn low(self) -> Sse2 {
        // SAFETY: `self` exists, so the CPU has AVX2, which implies SSE2.
        Sse2(unsafe { _mm256_castsi256_si128(self.0) })
    }
}

// ---------------------------------------------------------------------------------
// Byte classes (`skip_class`, `skip_utf8`)

/// `skip_class` from `from` (`<= input.len()`) with SSE2. Nibble-table classes use the
/// SWAR table loop: SSE2 has no byte shuffle.
///
/// # Safety
/// The CPU has SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_class<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    let class = src.class();
    if input.len() - from < 16 {
        return scalar::class(&class.table, input, from);
    }
    let m = &class.skip;
    // SAFETY: the caller guarantees SSE2; `from <= input.len()`.
    unsafe {
        with_ranges!(
            m,
            |N, NEG| match vector::blocks(&Ranges::<Sse2, N, NEG>::new(m), input, from) {
                Ok(p) => p,
                Err(i) => scalar::class(&class.table, input, i),
            },
            swar::class(&class.table, input, from)
        )
    }
}

/// `skip_utf8` from the character boundary `from` with SSE2 (compare-based UTF-8
/// check). Nibble-table classes use the SWAR kernel.
///
/// # Safety
/// The CPU has SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_utf8<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    let class = src.class();
    if input.len() - from < 16 {
        return utf8::tail(&class.table, input, from, from);
    }
    let m = &class.utf8;
    // SAFETY: the caller guarantees SSE2; `from <= input.len()` is a character boundary.
    unsafe {
        with_ranges!(
            m,
            |N, NEG| utf8::blocks(&Ranges::<Sse2, N, NEG>::new(m), &class.table, input, from),
            swar::utf8(&class.table, input, from)
        )
    }
}

/// `skip_class` from `from` with AVX2: compares or nibble tables, 32 bytes at a
/// time, then the scalar tail.
///
/// # Safety
/// The CPU has AVX2; `from <= input.len()`.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_class<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees AVX2 and `from <= input.len()`.
    unsafe { class::kernel::<Avx, S>(src, input, from) }
}

/// `skip_utf8` from the character boundary `from` with AVX2 (lookup UTF-8 check).
///
/// # Safety
/// The CPU has AVX2; `from <= input.len()` is a character boundary.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_utf8<S: Source>(src: S, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees AVX2 and the boundary.
    unsafe { utf8::kernel::<Avx, S>(src, input, from) }
}

// ---------------------------------------------------------------------------------
// Encoder stop sets (`Finder`)

/// [`Finder::find`]'s kernel with SSE2: 16 bytes at a time, then one last vector
/// ending at the end of the slice.
///
/// # Safety
/// The CPU has SSE2; `input.len() - from >= 16`.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_find<const HIGH: bool, const N: usize>(f: &Finder, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees SSE2 and 16 bytes after `from`.
    unsafe { stop::find::<Sse2, HIGH, N>(f, input, from) }
}

/// [`Finder::find`]'s kernel with AVX2: 32 bytes at a time, then at most one 16-byte
/// vector and one last 16-byte vector ending at the end of the slice.
///
/// # Safety
/// The CPU has AVX2; `input.len() - from >= 16`.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_find<const HIGH: bool, const N: usize>(f: &Finder, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees AVX2 and 16 bytes after `from`.
    unsafe { stop::find_wide::<Avx, HIGH, N>(f, input, from) }
}

/// [`Finder::block`]'s kernel with SSE2.
///
/// # Safety
/// The CPU has SSE2; `pos < input.len()`.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_block<const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    pos: usize,
) -> (u64, usize) {
    // SAFETY: the caller guarantees SSE2 and `pos < input.len()`.
    unsafe { stop::block::<Sse2, HIGH, N>(f, input, pos) }
}

/// [`Finder::block`]'s kernel with AVX2 (SSE2's on slices shorter than 32 bytes).
///
/// # Safety
/// The CPU has AVX2; `pos < input.len()`.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_block<const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    pos: usize,
) -> (u64, usize) {
    // SAFETY: the caller guarantees AVX2 and `pos < input.len()`.
    unsafe { stop::block_wide::<Avx, HIGH, N>(f, input, pos) }
}

/// [`Finder::copy`]'s kernel with SSE2: 16 bytes at a time, each stored as it is
/// tested, then one last vector ending at the end of the slice.
///
/// # Safety
/// The CPU has SSE2; `from <= input.len()`, `input.len() >= 16`; `dst` writable for
/// `input.len() - from` bytes, apart from `input`.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2_copy<const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller guarantees SSE2, the slice length and `dst`.
    unsafe { stop::copy::<Sse2, HIGH, N>(f, input, from, dst) }
}

/// [`Finder::copy`]'s kernel with AVX2: 32 bytes at a time, then 16-byte vectors and
/// one last 16-byte vector ending at the end of the slice.
///
/// # Safety
/// The CPU has AVX2; `from <= input.len()`, `input.len() >= 16`; `dst` writable for
/// `input.len() - from` bytes, apart from `input`.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2_copy<const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller guarantees AVX2, the slice length and `dst`.
    unsafe { stop::copy_wide::<Avx, HIGH, N>(f, input, from, dst) }
}
