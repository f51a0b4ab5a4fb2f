//! Block kernels: the stop bytes of one word/vector as a bit mask, for callers that
//! handle several stops per block (the encoder on escape-dense text) instead of calling
//! a search per stop.
//!
//! A block kernel takes `pos < hay.len()` and returns `(mask, width)`: the block covers
//! `hay[pos..pos + width]` (`width >= 1`), and lane `k` of the mask (bits
//! `k << shift ..`, see [`Finder::lane_shift`]) is set when `hay[pos + k]` stops. Lanes
//! of the SWAR level may also be set for bytes above a true stop in the same word
//! (borrow propagation); callers re-check each lane against the table. Loads are whole
//! words/vectors inside the slice: at `pos` when they fit, else one ending at the end of
//! the slice (lanes before `pos` shifted out), else, for slices shorter than one vector,
//! a byte-by-byte loop.

use super::{Finder, Level, StopSet};

/// See the module documentation.
pub(crate) type BlockKernel = unsafe fn(&Finder, &[u8], usize) -> (u64, usize);

macro_rules! pick {
    ($k:ident, $set:expr) => {
        match ($set.high(), $set.bytes().len()) {
            (false, 0) => $k::<false, 0> as BlockKernel,
            (true, 0) => $k::<true, 0> as BlockKernel,
            (false, 1) => $k::<false, 1> as BlockKernel,
            (true, 1) => $k::<true, 1> as BlockKernel,
            (false, 2) => $k::<false, 2> as BlockKernel,
            (true, 2) => $k::<true, 2> as BlockKernel,
            (false, 3) => $k::<false, 3> as BlockKernel,
            (true, 3) => $k::<true, 3> as BlockKernel,
            (false, 4) => $k::<false, 4> as BlockKernel,
            (true, 4) => $k::<true, 4> as BlockKernel,
            (false, 5) => $k::<false, 5> as BlockKernel,
            (true, 5) => $k::<true, 5> as BlockKernel,
            (false, 6) => $k::<false, 6> as BlockKernel,
            (true, 6) => $k::<true, 6> as BlockKernel,
            (false, 7) => $k::<false, 7> as BlockKernel,
            (true, 7) => $k::<true, 7> as BlockKernel,
            (false, _) => $k::<false, 8> as BlockKernel,
            (true, _) => $k::<true, 8> as BlockKernel,
        }
    };
}

/// The block kernel for `set` at `level` (available, checked by the caller) and its lane
/// shift (log2 of the mask bits per byte).
pub(super) fn select(set: &StopSet, level: Level) -> (BlockKernel, u32) {
    match level {
        Level::Scalar => (scalar as BlockKernel, 0),
        Level::Swar => (pick!(swar, set), 3),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Sse2 => (pick!(sse2, set), 0),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Avx2 => (pick!(avx2, set), 0),
        #[cfg(target_arch = "aarch64")]
        Level::Neon => (pick!(neon, set), 2),
        #[allow(unreachable_patterns)]
        _ => (pick!(swar, set), 3),
    }
}

/// Up to `max` bytes from `pos`, one table lookup each, lane `k` at bit `k << shift`.
#[inline(always)]
fn scalar_mask(f: &Finder, hay: &[u8], pos: usize, max: usize, shift: u32) -> (u64, usize) {
    let width = (hay.len() - pos).min(max);
    let mut m = 0u64;
    for (k, &b) in hay[pos..pos + width].iter().enumerate() {
        m |= ((f.table[b as usize] != 0) as u64) << ((k as u32) << shift);
    }
    (m, width)
}

unsafe fn scalar(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    scalar_mask(f, hay, pos, 64, 0)
}

unsafe fn swar<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let len = hay.len();
    let word_mask = |at: usize| {
        let word: [u8; 8] = hay[at..at + 8].try_into().unwrap();
        let x = u64::from_le_bytes(word);
        let mut m = x.wrapping_sub(LO * 0x20) & !x;
        if HIGH {
            m |= x;
        }
        for k in 0..N {
            let y = x ^ (LO * f.set.bytes[k] as u64);
            m |= y.wrapping_sub(LO) & !y;
        }
        m & HI
    };
    if len - pos >= 8 {
        (word_mask(pos), 8)
    } else if len >= 8 {
        let last = len - 8;
        (word_mask(last) >> (8 * (pos - last)), len - pos)
    } else {
        scalar_mask(f, hay, pos, 8, 3)
    }
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "sse2")]
unsafe fn sse2<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    let len = hay.len();
    if len < 16 {
        return scalar_mask(f, hay, pos, 16, 0);
    }
    let (at, width) = if len - pos >= 16 { (pos, 16) } else { (len - 16, len - pos) };
    // SAFETY: SSE2 is available (the caller selected this kernel for an available
    // level); the load reads `hay[at..at + 16]` with `at + 16 <= len`.
    let mask = unsafe {
        let v = _mm_loadu_si128(hay.as_ptr().add(at) as *const __m128i);
        let ctrl = _mm_set1_epi8(if HIGH { 0x20 } else { 0x1F });
        let mut m = if HIGH { _mm_cmplt_epi8(v, ctrl) } else { _mm_cmpeq_epi8(_mm_max_epu8(v, ctrl), ctrl) };
        for k in 0..N {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(f.set.bytes[k] as i8)));
        }
        _mm_movemask_epi8(m) as u32 as u64
    };
    (mask >> (pos - at), width)
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn avx2<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    let len = hay.len();
    if len < 32 {
        // SAFETY: AVX2 implies SSE2.
        return unsafe { sse2::<HIGH, N>(f, hay, pos) };
    }
    let (at, width) = if len - pos >= 32 { (pos, 32) } else { (len - 32, len - pos) };
    // SAFETY: AVX2 is available (the caller selected this kernel for an available
    // level); the load reads `hay[at..at + 32]` with `at + 32 <= len`.
    let mask = unsafe {
        let v = _mm256_loadu_si256(hay.as_ptr().add(at) as *const __m256i);
        let ctrl = _mm256_set1_epi8(if HIGH { 0x20 } else { 0x1F });
        let mut m = if HIGH { _mm256_cmpgt_epi8(ctrl, v) } else { _mm256_cmpeq_epi8(_mm256_max_epu8(v, ctrl), ctrl) };
        for k in 0..N {
            m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(f.set.bytes[k] as i8)));
        }
        _mm256_movemask_epi8(m) as u32 as u64
    };
    (mask >> (pos - at), width)
}

#[cfg(target_arch = "aarch64")]
#[target_feature(enable = "neon")]
unsafe fn neon<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    use core::arch::aarch64::*;

    let len = hay.len();
    if len < 16 {
        return scalar_mask(f, hay, pos, 16, 2);
    }
    let (at, width) = if len - pos >= 16 { (pos, 16) } else { (len - 16, len - pos) };
    // SAFETY: NEON is in the aarch64 baseline; the load reads `hay[at..at + 16]` with
    // `at + 16 <= len`.
    let mask = unsafe {
        let v = vld1q_u8(hay.as_ptr().add(at));
        let mut m = vcltq_u8(v, vdupq_n_u8(0x20));
        if HIGH {
            m = vorrq_u8(m, vcgeq_u8(v, vdupq_n_u8(0x80)));
        }
        for k in 0..N {
            m = vorrq_u8(m, vceqq_u8(v, vdupq_n_u8(f.set.bytes[k])));
        }
        let nibbles = vshrn_n_u16::<4>(vreinterpretq_u16_u8(m));
        // One bit per 4-bit lane.
        vget_lane_u64::<0>(vreinterpret_u64_u8(nibbles)) & 0x8888_8888_8888_8888
    };
    (mask >> (4 * (pos - at)), width)
}
