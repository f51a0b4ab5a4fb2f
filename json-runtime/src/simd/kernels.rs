//! The search kernels, one generic function per level, instantiated per stop-set shape
//! (`HIGH`: bytes >= 0x80 stop; `N`: number of single stop bytes).
//!
//! Every kernel starts at `from` with at least one word/vector of bytes left (the
//! [`Finder`] guarantees it), loads whole words/vectors only while they fit inside the
//! slice, and scans the tail with one last load that ends exactly at the end of the
//! slice, overlapping bytes already found clean and masking them out: no read ever
//! leaves the slice.

use super::{scalar_find, Finder, Kernel, Level, StopSet};

macro_rules! pick {
    ($k:ident, $set:expr) => {
        match ($set.high(), $set.bytes().len()) {
            (false, 0) => $k::<false, 0> as Kernel,
            (true, 0) => $k::<true, 0> as Kernel,
            (false, 1) => $k::<false, 1> as Kernel,
            (true, 1) => $k::<true, 1> as Kernel,
            (false, 2) => $k::<false, 2> as Kernel,
            (true, 2) => $k::<true, 2> as Kernel,
            (false, 3) => $k::<false, 3> as Kernel,
            (true, 3) => $k::<true, 3> as Kernel,
            (false, 4) => $k::<false, 4> as Kernel,
            (true, 4) => $k::<true, 4> as Kernel,
            (false, 5) => $k::<false, 5> as Kernel,
            (true, 5) => $k::<true, 5> as Kernel,
            (false, 6) => $k::<false, 6> as Kernel,
            (true, 6) => $k::<true, 6> as Kernel,
            (false, 7) => $k::<false, 7> as Kernel,
            (true, 7) => $k::<true, 7> as Kernel,
            (false, _) => $k::<false, 8> as Kernel,
            (true, _) => $k::<true, 8> as Kernel,
        }
    };
}

/// The kernel for `set` at `level` (which the caller checked is available), and the
/// least number of remaining bytes worth calling it for.
pub(super) fn select(set: &StopSet, level: Level) -> (Kernel, usize) {
    match level {
        Level::Scalar => (scalar as Kernel, usize::MAX),
        Level::Swar => (pick!(swar, set), 8),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Sse2 => (pick!(sse2, set), 16),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Avx2 => (pick!(avx2, set), 16),
        #[cfg(target_arch = "aarch64")]
        Level::Neon => (pick!(neon, set), 16),
        // Not reachable: `Finder::with_level` only passes available levels.
        #[allow(unreachable_patterns)]
        _ => (pick!(swar, set), 8),
    }
}

/// Scalar: no skip at all.
unsafe fn scalar(f: &Finder, hay: &[u8], from: usize) -> usize {
    scalar_find(&f.table, hay, from)
}

/// SWAR, 8 bytes per step. For each test the classic `(x - k*0x01..) & !x & 0x80..`
/// flags bytes below `k`; a borrow can only flag a byte above one that truly matched,
/// so the lowest flagged byte (little-endian load) is always exact.
unsafe fn swar<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], from: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut splat = [0u64; N];
    for (k, s) in splat.iter_mut().enumerate() {
        *s = LO * f.set.bytes[k] as u64;
    }
    let mut i = from;
    while hay.len() - i >= 8 {
        let word: [u8; 8] = hay[i..i + 8].try_into().unwrap();
        let x = u64::from_le_bytes(word);
        let mut m = x.wrapping_sub(LO * 0x20) & !x;
        if HIGH {
            m |= x;
        }
        for s in splat {
            let y = x ^ s;
            m |= y.wrapping_sub(LO) & !y;
        }
        m &= HI;
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    if i == hay.len() {
        return i;
    }
    // The tail: one more word, ending at the end of the slice and overlapping bytes
    // already found clean (the kernel runs only with >= 8 bytes left, so the word
    // starts at or after `from`); those bytes flag nothing, and so cause no borrow.
    let last = hay.len() - 8;
    let word: [u8; 8] = hay[last..].try_into().unwrap();
    let x = u64::from_le_bytes(word);
    let mut m = x.wrapping_sub(LO * 0x20) & !x;
    if HIGH {
        m |= x;
    }
    for s in splat {
        let y = x ^ s;
        m |= y.wrapping_sub(LO) & !y;
    }
    m &= HI;
    m >>= 8 * (i - last);
    if m != 0 {
        i + (m.trailing_zeros() / 8) as usize
    } else {
        hay.len()
    }
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "sse2")]
unsafe fn sse2<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    let len = hay.len();
    let ptr = hay.as_ptr();
    let mut i = from;
    // SAFETY: the caller guarantees SSE2 (this kernel is selected only at level Sse2,
    // which is checked available) and `len - from >= 16` (`Finder::find` calls it only
    // then); each load reads `ptr[i..i + 16]` with `i + 16 <= len`, or
    // `ptr[len - 16..len]`: inside the slice.
    unsafe {
        let mut splat = [_mm_setzero_si128(); N];
        for (k, s) in splat.iter_mut().enumerate() {
            *s = _mm_set1_epi8(f.set.bytes[k] as i8);
        }
        // HIGH: a signed `< 0x20` catches both 0x00..=0x1F and 0x80..=0xFF.
        let ctrl = _mm_set1_epi8(if HIGH { 0x20 } else { 0x1F });
        while len - i >= 16 {
            let v = _mm_loadu_si128(ptr.add(i) as *const __m128i);
            let mut m = if HIGH { _mm_cmplt_epi8(v, ctrl) } else { _mm_cmpeq_epi8(_mm_max_epu8(v, ctrl), ctrl) };
            for s in splat {
                m = _mm_or_si128(m, _mm_cmpeq_epi8(v, s));
            }
            let mask = _mm_movemask_epi8(m) as u32;
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i == len {
            return i;
        }
        // The tail: one more vector ending at the end of the slice (the kernel runs
        // only with >= 16 bytes left, so it starts at or after `from`); bits of bytes
        // before `i`, already found clean, are shifted out.
        let last = len - 16;
        let v = _mm_loadu_si128(ptr.add(last) as *const __m128i);
        let mut m = if HIGH { _mm_cmplt_epi8(v, ctrl) } else { _mm_cmpeq_epi8(_mm_max_epu8(v, ctrl), ctrl) };
        for s in splat {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(v, s));
        }
        let mask = (_mm_movemask_epi8(m) as u32) >> (i - last);
        if mask != 0 {
            i + mask.trailing_zeros() as usize
        } else {
            len
        }
    }
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn avx2<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], from: usize) -> usize {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    let len = hay.len();
    let ptr = hay.as_ptr();
    let mut i = from;
    // SAFETY: the caller guarantees AVX2 (this kernel is selected only at level Avx2,
    // which is checked available; AVX2 implies SSE2) and `len - from >= 16`
    // (`Finder::find` calls it only then); each 32-byte load reads `ptr[i..i + 32]`
    // with `i + 32 <= len`, the 16-byte ones `ptr[i..i + 16]` with `i + 16 <= len` or
    // `ptr[len - 16..len]`: inside the slice.
    unsafe {
        let mut splat = [_mm256_setzero_si256(); N];
        for (k, s) in splat.iter_mut().enumerate() {
            *s = _mm256_set1_epi8(f.set.bytes[k] as i8);
        }
        let ctrl = _mm256_set1_epi8(if HIGH { 0x20 } else { 0x1F });
        while len - i >= 32 {
            let v = _mm256_loadu_si256(ptr.add(i) as *const __m256i);
            let mut m =
                if HIGH { _mm256_cmpgt_epi8(ctrl, v) } else { _mm256_cmpeq_epi8(_mm256_max_epu8(v, ctrl), ctrl) };
            for s in splat {
                m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, s));
            }
            let mask = _mm256_movemask_epi8(m) as u32;
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 32;
        }
        if len - i >= 16 {
            let ctrl = _mm256_castsi256_si128(ctrl);
            let v = _mm_loadu_si128(ptr.add(i) as *const __m128i);
            let mut m = if HIGH { _mm_cmplt_epi8(v, ctrl) } else { _mm_cmpeq_epi8(_mm_max_epu8(v, ctrl), ctrl) };
            for s in splat {
                m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm256_castsi256_si128(s)));
            }
            let mask = _mm_movemask_epi8(m) as u32;
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i == len {
            return i;
        }
        // The tail: one more 16-byte vector ending at the end of the slice (the kernel
        // runs only with >= 16 bytes left, so it starts at or after `from`); bits of
        // bytes before `i`, already found clean, are shifted out.
        let ctrl = _mm256_castsi256_si128(ctrl);
        let last = len - 16;
        let v = _mm_loadu_si128(ptr.add(last) as *const __m128i);
        let mut m = if HIGH { _mm_cmplt_epi8(v, ctrl) } else { _mm_cmpeq_epi8(_mm_max_epu8(v, ctrl), ctrl) };
        for s in splat {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm256_castsi256_si128(s)));
        }
        let mask = (_mm_movemask_epi8(m) as u32) >> (i - last);
        if mask != 0 {
            i + mask.trailing_zeros() as usize
        } else {
            len
        }
    }
}

#[cfg(target_arch = "aarch64")]
#[target_feature(enable = "neon")]
unsafe fn neon<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], from: usize) -> usize {
    use core::arch::aarch64::*;

    let len = hay.len();
    let ptr = hay.as_ptr();
    let mut i = from;
    // SAFETY: NEON is in the aarch64 baseline; `len - from >= 16` (`Finder::find` calls
    // the kernel only then); each load reads `ptr[i..i + 16]` with `i + 16 <= len`, or
    // `ptr[len - 16..len]`: inside the slice.
    unsafe {
        let mut splat = [vdupq_n_u8(0); N];
        for (k, s) in splat.iter_mut().enumerate() {
            *s = vdupq_n_u8(f.set.bytes[k]);
        }
        let ctrl = vdupq_n_u8(0x20);
        let high = vdupq_n_u8(0x80);
        while len - i >= 16 {
            let v = vld1q_u8(ptr.add(i));
            let mut m = vcltq_u8(v, ctrl);
            if HIGH {
                m = vorrq_u8(m, vcgeq_u8(v, high));
            }
            for s in splat {
                m = vorrq_u8(m, vceqq_u8(v, s));
            }
            // Narrow each 0x00/0xFF byte to a nibble: 4 mask bits per input byte.
            let nibbles = vshrn_n_u16::<4>(vreinterpretq_u16_u8(m));
            let bits = vget_lane_u64::<0>(vreinterpret_u64_u8(nibbles));
            if bits != 0 {
                return i + (bits.trailing_zeros() / 4) as usize;
            }
            i += 16;
        }
        if i == len {
            return i;
        }
        // The tail: one more vector ending at the end of the slice (the kernel runs
        // only with >= 16 bytes left, so it starts at or after `from`); nibbles of bytes
        // before `i`, already found clean, are shifted out.
        let last = len - 16;
        let v = vld1q_u8(ptr.add(last));
        let mut m = vcltq_u8(v, ctrl);
        if HIGH {
            m = vorrq_u8(m, vcgeq_u8(v, high));
        }
        for s in splat {
            m = vorrq_u8(m, vceqq_u8(v, s));
        }
        let nibbles = vshrn_n_u16::<4>(vreinterpretq_u16_u8(m));
        let bits = vget_lane_u64::<0>(vreinterpret_u64_u8(nibbles)) >> (4 * (i - last));
        if bits != 0 {
            i + (bits.trailing_zeros() / 4) as usize
        } else {
            len
        }
    }
}
