//! The portable SWAR level: 8 bytes at a time in a `u64`, no vector instructions.
//!
//! Encoder stop sets have a word-parallel test ([`StopWord`]: the classic borrow tricks
//! of "find a zero byte"); an arbitrary lexer byte class has none, so the class kernels
//! here are the table loop unrolled 8 times, deciding a word with one branch. The
//! [`super::vector::Vector`] levels do not apply: a word's compares are not exact per
//! byte (a borrow can flag a byte above a true match).

use super::scalar;
use super::stop::{Finder, StopSet};

/// All 8 bytes in the class: the AND of their table entries (branch-free).
#[inline(always)]
fn all_in(table: &[u8; 256], w: &[u8; 8]) -> bool {
    let t = |k: usize| table[w[k] as usize];
    (t(0) & t(1) & t(2) & t(3) & t(4) & t(5) & t(6) & t(7)) != 0
}

/// `skip_class` at the SWAR level: 8 bytes per step. An arbitrary class has no word-parallel
/// form, so this is the table loop unrolled 8x: the AND of the 8 table entries decides
/// the whole word with one branch.
pub(crate) fn class(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
    while let Some(w) = input.get(i..i + 8) {
        let w: &[u8; 8] = w.try_into().unwrap();
        if !all_in(table, w) {
            break;
        }
        i += 8;
    }
    scalar::class(table, input, i)
}

/// `skip_utf8` at the SWAR level, from a character boundary `i`: a word with no high bit
/// set is decided by the class test alone; from a word with one, byte by byte (whole
/// characters at a time) until 8 ASCII bytes in a row suggest words pay again.
pub(crate) fn utf8(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(w) = input.get(i..i + 8) {
        let w: &[u8; 8] = w.try_into().unwrap();
        if u64::from_le_bytes(*w) & HIGH == 0 {
            if !all_in(table, w) {
                return scalar::class(table, input, i);
            }
            i += 8;
            continue;
        }
        // Byte by byte from here, through multibyte text and the short ASCII runs
        // inside it (spaces, punctuation), back to words after 8 ASCII bytes in a row.
        let mut ascii = 0;
        while let Some(&b) = input.get(i) {
            if b < 0x80 {
                if table[b as usize] == 0 {
                    return i;
                }
                i += 1;
                ascii += 1;
                if ascii == 8 {
                    break;
                }
            } else {
                let n = scalar::char_len(input, i);
                if n == 0 {
                    return i;
                }
                i += n;
                ascii = 0;
            }
        }
    }
    scalar::utf8(table, input, i)
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The stop test of a [`StopSet`] on a little-endian word, `HIGH` and `N` as in
/// [`super::stop::StopBytes`]. For each test the classic `(x - k*0x01..) & !x & 0x80..`
/// flags bytes below `k`; a borrow can only flag a byte above one that truly matched,
/// so the lowest flagged byte is always exact (higher ones need a table check).
struct StopWord<const HIGH: bool, const N: usize> {
    splat: [u64; N],
}

impl<const HIGH: bool, const N: usize> StopWord<HIGH, N> {
    #[inline(always)]
    fn new(set: &StopSet) -> Self {
        let mut splat = [0u64; N];
        for (k, s) in splat.iter_mut().enumerate() {
            *s = LO * set.bytes[k] as u64;
        }
        StopWord { splat }
    }

    /// Bit 7 of byte `k` set when byte `k` of `hay[at..at + 8]` may stop.
    #[inline(always)]
    fn stops(&self, hay: &[u8], at: usize) -> u64 {
        let word: [u8; 8] = hay[at..at + 8].try_into().unwrap();
        let x = u64::from_le_bytes(word);
        let mut m = x.wrapping_sub(LO * 0x20) & !x;
        if HIGH {
            m |= x;
        }
        for s in self.splat {
            let y = x ^ s;
            m |= y.wrapping_sub(LO) & !y;
        }
        m & HI
    }
}

/// [`Finder::find`]'s kernel: words while they fit, then one word ending at the end of
/// the slice, overlapping bytes already found clean (they flag nothing, and so cause no
/// borrow).
///
/// # Safety
/// None beyond the arguments (`unsafe` for the kernel pointer type): `hay.len() - from
/// >= 8`.
pub(super) unsafe fn find<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], from: usize) -> usize {
    let s = StopWord::<HIGH, N>::new(f.set());
    let mut i = from;
    while hay.len() - i >= 8 {
        let m = s.stops(hay, i);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    if i == hay.len() {
        return i;
    }
    // The kernel runs only with >= 8 bytes left, so the last word starts at or after
    // `from`.
    let last = hay.len() - 8;
    let m = s.stops(hay, last) >> (8 * (i - last));
    if m != 0 {
        i + (m.trailing_zeros() / 8) as usize
    } else {
        hay.len()
    }
}

/// [`Finder::block`]'s kernel: one word, lanes of 8 bits (lanes above a true stop may
/// be set too).
///
/// # Safety
/// None beyond the arguments (`unsafe` for the kernel pointer type): `pos < hay.len()`.
pub(super) unsafe fn block<const HIGH: bool, const N: usize>(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    let len = hay.len();
    if len - pos >= 8 {
        (StopWord::<HIGH, N>::new(f.set()).stops(hay, pos), 8)
    } else if len >= 8 {
        let last = len - 8;
        (StopWord::<HIGH, N>::new(f.set()).stops(hay, last) >> (8 * (pos - last)), len - pos)
    } else {
        scalar::stop_mask(f.table(), hay, pos, 8, 3)
    }
}

/// [`Finder::copy`]'s kernel: words while they fit, each stored as it is tested, then
/// one word ending at the end of the slice (stored whole when it starts at or after
/// `from`: its bytes before the run's end are the ones already written).
///
/// # Safety
/// `from <= hay.len()`, `hay.len() >= 8`; `dst` writable for `hay.len() - from` bytes,
/// apart from `hay`.
pub(super) unsafe fn copy<const HIGH: bool, const N: usize>(
    f: &Finder,
    hay: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    let s = StopWord::<HIGH, N>::new(f.set());
    let len = hay.len();
    let word = |at: usize| u64::from_le_bytes(hay[at..at + 8].try_into().unwrap());
    let mut i = from;
    while len - i >= 8 {
        // SAFETY: `i + 8 <= len`: inside the caller's `len - from` bytes of `dst`.
        unsafe { dst.add(i - from).cast::<u64>().write_unaligned(word(i)) };
        let m = s.stops(hay, i);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    if i == len {
        return i;
    }
    let last = len - 8;
    let m = s.stops(hay, last) >> (8 * (i - last));
    let end = if m != 0 { i + (m.trailing_zeros() / 8) as usize } else { len };
    // SAFETY: `dst + (last - from) + 8 == dst + (len - from)`; the short copy moves
    // `end - i < 8` bytes to `dst + (i - from)`: both inside the caller's room.
    unsafe {
        if last >= from {
            dst.add(last - from).cast::<u64>().write_unaligned(word(last));
        } else {
            super::stop::copy_small(hay.as_ptr().add(i), dst.add(i - from), end - i);
        }
    }
    end
}
