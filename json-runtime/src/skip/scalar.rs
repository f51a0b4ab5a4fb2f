//! The scalar level, every kernel's tail, and the portable 8-byte (SWAR) level.
//!
//! `table[b] == 1` when byte `b` is in the class. For [`utf8`] and [`utf8_swar`] only
//! the ASCII half of the table is read.

/// First index `>= i` whose byte is not in the class, or `input.len()`.
#[inline]
pub(super) fn class(table: &[u8; 256], input: &[u8], i: usize) -> usize {
    match input[i..].iter().position(|&b| table[b as usize] == 0) {
        Some(p) => i + p,
        None => input.len(),
    }
}

/// The length (2..=4) of the strictly well-formed multibyte character (RFC 3629) that
/// starts at `input[i]`, or 0 when none does: invalid lead, bad or missing
/// continuation, overlong, surrogate, above U+10FFFF, or cut off by the end.
#[inline]
pub(super) fn char_len(input: &[u8], i: usize) -> usize {
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
pub(super) fn utf8(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
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

/// All 8 bytes in the class: the AND of their table entries (branch-free).
#[inline(always)]
fn all_in(table: &[u8; 256], w: &[u8; 8]) -> bool {
    let t = |k: usize| table[w[k] as usize];
    (t(0) & t(1) & t(2) & t(3) & t(4) & t(5) & t(6) & t(7)) != 0
}

/// SWAR level for classes: 8 bytes per step. An arbitrary class has no word-parallel
/// form, so this is the table loop unrolled 8x: the AND of the 8 table entries decides
/// the whole word with one branch.
pub(super) fn class_swar(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
    while let Some(w) = input.get(i..i + 8) {
        let w: &[u8; 8] = w.try_into().unwrap();
        if !all_in(table, w) {
            break;
        }
        i += 8;
    }
    class(table, input, i)
}

/// SWAR level for `skip_utf8` from a character boundary `i`: a word with no high bit
/// set is decided by the class test alone; from a word with one, byte by byte (whole
/// characters at a time) until 8 ASCII bytes in a row suggest words pay again.
pub(super) fn utf8_swar(table: &[u8; 256], input: &[u8], mut i: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(w) = input.get(i..i + 8) {
        let w: &[u8; 8] = w.try_into().unwrap();
        if u64::from_le_bytes(*w) & HIGH == 0 {
            if !all_in(table, w) {
                return class(table, input, i);
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
                let n = char_len(input, i);
                if n == 0 {
                    return i;
                }
                i += n;
                ascii = 0;
            }
        }
    }
    utf8(table, input, i)
}

/// The last character boundary `<= i` and `>= start`, given that `[start, i)` is class
/// bytes and whole characters except perhaps one multibyte character that starts in
/// the last 3 bytes and does not end by `i` (as the vector loop leaves it: checked
/// blocks, the last one maybe ending inside a character).
#[inline]
pub(super) fn char_start(input: &[u8], start: usize, i: usize) -> usize {
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
