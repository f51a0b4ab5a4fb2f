//! Byte-by-byte loops over 256-entry tables: the scalar level, the tail of the lexer
//! kernels (the bytes after the last whole vector), and slices shorter than a vector.
//!
//! For the class loops `table[b] == 1` when byte `b` is in the class (for [`utf8`] only
//! the ASCII half is read); for the stop-set loops `table[b] != 0` when `b` stops.

/// First index `>= i` whose byte is not in the class, or `input.len()`.
#[inline]
pub(crate) fn class(table: &[u8; 256], input: &[u8], i: usize) -> usize {
    match input[i..].iter().position(|&b| table[b as usize] == 0) {
        Some(p) => i + p,
        None => input.len(),
    }
}

/// The length (2..=4) of the strictly well-formed multibyte character (RFC 3629) that
/// starts at `input[i]`, or 0 when none does: invalid lead, bad or missing
/// continuation, overlong, surrogate, above U+10FFFF, or cut off by the end.
#[inline]
pub(crate) fn char_len(input: &[u8], i: usize) -> usize {
    // A continuation byte is 0x80..=0xBF: as i8, below -0x40.
    let cont = |b: u8| (b as i8) < -0x40;
    let b0 = input[i];
    if b0 < 0xE0 {
        // 0xC2..=0xDF: one continuation.
        match input.get(i + 1) {
            Some(&b1) if b0 >= 0xC2 && cont(b1) => 2,
            _ => 0,
        }
    } else if b0 < 0xF0 {
        // The second byte's range depends on the lead: no overlongs, no surrogates.
        let lo = if b0 == 0xE0 { 0xA0 } else { 0x80 };
        let hi = if b0 == 0xED { 0x9F } else { 0xBF };
        match input.get(i + 1..i + 3) {
            Some(&[b1, b2]) if b1.wrapping_sub(lo) <= hi - lo && cont(b2) => 3,
            _ => 0,
        }
    } else {
        // 0xF0..=0xF4: no overlongs, nothing above U+10FFFF.
        let lo = if b0 == 0xF0 { 0x90 } else { 0x80 };
        let hi = if b0 == 0xF4 { 0x8F } else { 0xBF };
        match input.get(i + 1..i + 4) {
            Some(&[b1, b2, b3]) if b0 <= 0xF4 && b1.wrapping_sub(lo) <= hi - lo && cont(b2) && cont(b3) => 4,
            _ => 0,
        }
    }
}

/// `skip_utf8` byte by byte from `i`, which must be a character boundary.
#[inline]
pub(crate) fn utf8(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
    while let Some(&b) = input.get(i) {
        if b < 0x80 {
            if table[b as usize] == 0 {
                return i;
            }
            i += 1;
        } else {
            let n = char_len(input, i);
            if n == 0 {
                return i;
            }
            i += n;
        }
    }
    input.len()
}

/// The last character boundary `<= i` and `>= start`, given that `[start, i)` is class
/// bytes and whole characters except perhaps one multibyte character that starts in
/// the last 3 bytes and does not end by `i` (as the vector loop leaves it: checked
/// blocks, the last one maybe ending inside a character).
#[inline]
pub(crate) fn char_start(input: &[u8], start: usize, i: usize) -> usize {
    let lo = start.max(i.saturating_sub(3));
    let mut j = i;
    while j > lo {
        j -= 1;
        let b = input[j];
        if b < 0x80 {
            return i;
        }
        if b >= 0xC0 {
            let n = if b >= 0xF0 {
                4
            } else if b >= 0xE0 {
                3
            } else {
                2
            };
            return if j + n > i { j } else { i };
        }
    }
    i
}

/// The first index `>= from` whose byte stops (`table[b] != 0`), or `hay.len()`: the
/// scalar level of [`super::Finder::find`], and its short slices.
#[inline]
pub(crate) fn stop_find(table: &[u8; 256], hay: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < hay.len() {
        if table[hay[i] as usize] != 0 {
            return i;
        }
        i += 1;
    }
    hay.len()
}

/// Up to `max` bytes from `pos`, one table lookup each, lane `k` at bit `k << shift`:
/// [`super::Finder::block`] on slices shorter than the level's vector.
#[inline(always)]
pub(crate) fn stop_mask(table: &[u8; 256], hay: &[u8], pos: usize, max: usize, shift: u32) -> (u64, usize) {
    let width = (hay.len() - pos).min(max);
    let mut m = 0u64;
    for (k, &b) in hay[pos..pos + width].iter().enumerate() {
        m |= ((table[b as usize] != 0) as u64) << ((k as u32) << shift);
    }
    (m, width)
}
