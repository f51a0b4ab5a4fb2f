//! String bodies: unescaping (`\uXXXX` through one table step, surrogate pairs), and a
//! byte-by-byte scanner for the strings the lexer rejected, which either repairs them
//! (invalid UTF-8 under `Substitute`/`Ignore`) or says precisely what is wrong.

use std::borrow::Cow;
use std::mem::MaybeUninit;

use super::options::{InvalidUtf8, LoneSurrogate};
use crate::error::{Category, Error};
use crate::skip::{skip_class_long_of, ByteClass, ConstClass, Kernels};

/// Where decoded string bytes go: a buffer when decoding, nowhere when validating.
pub(crate) trait Out {
    fn clear(&mut self);
    fn bytes(&mut self, b: &[u8]);
    fn byte(&mut self, b: u8);
    fn char(&mut self, c: u32);
    /// [`unescape`] into this sink.
    #[inline(always)]
    fn unescape(&mut self, body: &[u8], base: usize, lone: LoneSurrogate) -> Result<(), StrError>
    where
        Self: Sized,
    {
        unescape_generic(body, base, lone, self)
    }
}

impl Out for Vec<u8> {
    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        self.extend_from_slice(b);
    }
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.push(b);
    }
    #[inline(always)]
    fn unescape(&mut self, body: &[u8], base: usize, lone: LoneSurrogate) -> Result<(), StrError> {
        unescape_vec(body, base, lone, self)
    }
    #[inline(always)]
    fn char(&mut self, c: u32) {
        // Callers pass scalar values only (surrogates are paired or replaced first).
        let (bytes, n) = utf8(c);
        self.extend_from_slice(&bytes[..n]);
    }
}

/// Validation: decode nothing, only check.
pub(crate) struct Discard;

impl Out for Discard {
    #[inline(always)]
    fn clear(&mut self) {}
    #[inline(always)]
    fn bytes(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn byte(&mut self, _: u8) {}
    #[inline(always)]
    fn char(&mut self, _: u32) {}
}

/// What is wrong with a string, and at which byte (an offset in the whole input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StrError {
    pub offset: usize,
    pub kind: StrErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StrErrorKind {
    /// The input ended inside the string.
    Unterminated,
    /// A raw byte below 0x20.
    Control(u8),
    /// A byte that starts no well-formed UTF-8 sequence.
    InvalidUtf8,
    /// A backslash followed by this byte.
    InvalidEscape(u8),
    /// `\u` not followed by four hex digits.
    InvalidUnicodeEscape,
    /// A surrogate escape that is not part of a high-low pair.
    LoneSurrogate(u32),
    /// JSON5: a raw LF or CR in a string.
    LineBreak,
    /// JSON5: `\0` followed by a digit (an octal escape).
    NulBeforeDigit,
    /// JSON5: `\x` not followed by two hex digits.
    InvalidHexEscape,
    /// JSON5: a `\uXXXX` escape in an unquoted key that stands for no identifier
    /// character there.
    IdentifierEscape(u32),
}

impl StrError {
    #[inline]
    fn at(offset: usize, kind: StrErrorKind) -> StrError {
        StrError { offset, kind }
    }

    /// The error a person reads.
    #[cold]
    pub(crate) fn into_error(self, input: &[u8]) -> Error {
        let (category, message): (Category, Cow<'static, str>) = match self.kind {
            StrErrorKind::Unterminated => (Category::Eof, "unterminated string".into()),
            StrErrorKind::Control(b) => {
                (Category::Syntax, format!("control character U+{b:04X} in a string (it must be escaped)").into())
            }
            StrErrorKind::InvalidUtf8 => {
                let b = input.get(self.offset).copied().unwrap_or(0);
                (Category::Utf8, format!("invalid UTF-8 in a string (byte 0x{b:02X})").into())
            }
            StrErrorKind::InvalidEscape(c) if c.is_ascii_graphic() => {
                (Category::Escape, format!("invalid escape `\\{}`", c as char).into())
            }
            StrErrorKind::InvalidEscape(c) => {
                (Category::Escape, format!("invalid escape: `\\` followed by byte 0x{c:02X}").into())
            }
            StrErrorKind::InvalidUnicodeEscape => {
                (Category::Escape, "invalid `\\u` escape: expected four hex digits".into())
            }
            StrErrorKind::LoneSurrogate(cp) => {
                (Category::Escape, format!("lone surrogate `\\u{cp:04X}` (not part of a high-low pair)").into())
            }
            StrErrorKind::LineBreak => (
                Category::Syntax,
                "unescaped line break in a string (write `\\n`, or end the line with `\\` to continue the string)"
                    .into(),
            ),
            StrErrorKind::NulBeforeDigit => {
                (Category::Escape, "invalid escape `\\0` before a digit (octal escapes are not allowed)".into())
            }
            StrErrorKind::InvalidHexEscape => {
                (Category::Escape, "invalid `\\x` escape: expected two hex digits".into())
            }
            StrErrorKind::IdentifierEscape(cp) => (
                Category::Escape,
                format!("`\\u{cp:04X}` in an unquoted key is not a letter, digit, `$` or `_` there").into(),
            ),
        };
        super::diagnose::string_error_as_serde_json(
            Error::new(category, input, self.offset, message),
            input,
            self.offset,
            self.kind,
        )
    }
}

/// Hex digit values; -1 for bytes that are not hex digits, so that OR-ing four shifted
/// lookups is negative exactly when one digit is bad.
static HEX: [i32; 256] = {
    let mut t = [-1i32; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            b'0'..=b'9' => (b - b'0') as i32,
            b'a'..=b'f' => (b - b'a' + 10) as i32,
            b'A'..=b'F' => (b - b'A' + 10) as i32,
            _ => -1,
        };
        i += 1;
    }
    t
};

/// The four hex digits at `bytes[j..j + 4]`, in one step.
#[inline(always)]
fn hex4(bytes: &[u8], j: usize) -> Option<u32> {
    let h = bytes.get(j..j + 4)?;
    let v = (HEX[h[0] as usize] << 12) | (HEX[h[1] as usize] << 8) | (HEX[h[2] as usize] << 4) | HEX[h[3] as usize];
    (v >= 0).then_some(v as u32)
}

/// The index of the first byte `needle` in the eight bytes `word`, if there is one.
#[inline(always)]
fn first_in_word(word: [u8; 8], needle: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let w = u64::from_le_bytes(word) ^ LO.wrapping_mul(needle as u64);
    // A zero byte of `w` is a match; the lowest flagged byte is exact (borrows only
    // propagate upwards).
    let t = w.wrapping_sub(LO) & !w & HI;
    (t != 0).then_some((t.trailing_zeros() / 8) as usize)
}

/// Index of the first `needle` in `s[from..]` (or `s.len()`), eight bytes at a time.
#[inline(always)]
pub(crate) fn find_byte(s: &[u8], from: usize, needle: u8) -> usize {
    let mut i = from;
    while i + 8 <= s.len() {
        if let Some(k) = first_in_word(s[i..i + 8].try_into().unwrap(), needle) {
            return i + k;
        }
        i += 8;
    }
    while i < s.len() {
        if s[i] == needle {
            return i;
        }
        i += 1;
    }
    s.len()
}

/// Every byte but `\`: the runs [`next_ud_by_backslash`] skips.
struct NotBackslash;

impl ConstClass for NotBackslash {
    const CLASS: ByteClass = ByteClass::from_bitmap([u64::MAX, !(1 << (b'\\' - 64)), u64::MAX, u64::MAX]);
}

/// [`next_ud`] through the lexers' class kernel, from backslash to backslash: for a
/// level with a class kernel but no kernel of [`next_ud`]'s own (NEON).
pub(super) fn next_ud_by_backslash(kernels: Kernels, s: &[u8], from: usize) -> usize {
    let mut i = from;
    loop {
        i = skip_class_long_of::<NotBackslash>(kernels, &NotBackslash::CLASS, s, i);
        if i + 3 > s.len() {
            return s.len();
        }
        if is_ud(s, i) {
            return i;
        }
        i += 1;
    }
}

/// A `u64` with every byte `b`.
const fn splat(b: u8) -> u64 {
    u64::from_le_bytes([b; 8])
}

/// True when `s[i..]` starts with `\u` and `d` or `D`: where a surrogate escape
/// (U+D800..=U+DFFF) can start. The byte-by-byte reference of the kernels below.
#[inline(always)]
fn is_ud(s: &[u8], i: usize) -> bool {
    s[i] == b'\\' && s[i + 1] == b'u' && s[i + 2] | 0x20 == b'd'
}

/// The high bit of each byte of the window `s[i..i + 8]` where a `\u` and `d`/`D`
/// starts (reads `s[i..i + 10]`).
#[inline(always)]
fn ud_word(s: &[u8], i: usize) -> u64 {
    let w = |k: usize| u64::from_le_bytes(s[i + k..i + k + 8].try_into().unwrap());
    // Zero exactly in the bytes where all three match.
    let x = (w(0) ^ splat(b'\\')) | (w(1) ^ splat(b'u')) | ((w(2) | splat(0x20)) ^ splat(b'd'));
    // The zero bytes of x, without the borrow of the usual `(x - 1) & !x` trick.
    !(((x & splat(0x7F)) + splat(0x7F)) | x) & splat(0x80)
}

/// [`next_ud`] at the scalar level (and on bodies too short for a word).
pub(super) fn next_ud_bytes(s: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + 3 <= s.len() {
        if is_ud(s, i) {
            return i;
        }
        i += 1;
    }
    s.len()
}

/// [`next_ud`] a word at a time; the last window overlaps positions already found
/// clean, so no byte loop is left for the tail.
#[inline]
fn next_ud_swar(s: &[u8], from: usize) -> usize {
    if s.len() < 10 {
        return next_ud_bytes(s, from);
    }
    let mut i = from;
    while i + 10 <= s.len() {
        let m = ud_word(s, i);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    if i + 3 <= s.len() {
        let last = s.len() - 10;
        // Positions before `i` in that window are not this search's to report.
        let m = ud_word(s, last) & (!0u64 << ((i - last) * 8));
        if m != 0 {
            return last + (m.trailing_zeros() / 8) as usize;
        }
    }
    s.len()
}

/// The first `i >= from` where `s[i..]` starts with `\u` and `d` or `D`, or
/// `s.len()`. Only such an escape can be a surrogate, so text and every other escape
/// (`\n`, `\"`, `\u00e9`, ...) are passed in whole blocks. The `\` found can also be
/// the second of a `\\`: the caller checks.
#[inline]
pub(super) fn next_ud(kernels: Kernels, s: &[u8], from: usize) -> usize {
    let resume = match kernels.level() {
        crate::simd::Level::Scalar => return next_ud_bytes(s, from),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: a `Kernels` holds only levels this CPU has: here SSE2.
        crate::simd::Level::Sse2 => unsafe { ud_x86::sse2(s, from) },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: as above, the CPU has AVX2.
        crate::simd::Level::Avx2 => unsafe { ud_x86::avx2(s, from) },
        // No `\ud` kernel of its own yet: the class kernel, backslash to backslash.
        crate::simd::Level::Neon => return next_ud_by_backslash(kernels, s, from),
        // SWAR.
        _ => Err(from),
    };
    match resume {
        Ok(found) => found,
        Err(i) => next_ud_swar(s, i),
    }
}

/// The vector kernels of [`next_ud`]: three unaligned loads a block (at `i`, `i + 1`,
/// `i + 2`), so a match across a block boundary needs no carry.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod ud_x86 {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::*;
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::*;

    /// `Ok(position)` of the first match at or after `from` (`<= s.len()`), or
    /// `Err(i)`: none before `i`, and fewer than 18 bytes left from `i`.
    ///
    /// # Safety
    /// The CPU has SSE2.
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn sse2(s: &[u8], from: usize) -> Result<usize, usize> {
        let (bs, u, d, case) =
            (_mm_set1_epi8(b'\\' as i8), _mm_set1_epi8(b'u' as i8), _mm_set1_epi8(b'd' as i8), _mm_set1_epi8(0x20));
        let mut i = from;
        while i + 18 <= s.len() {
            // SAFETY: `i + 2 + 16 <= s.len()`: all three loads are inside `s`.
            let (a, b, c) = unsafe {
                let p = s.as_ptr().add(i);
                (_mm_loadu_si128(p.cast()), _mm_loadu_si128(p.add(1).cast()), _mm_loadu_si128(p.add(2).cast()))
            };
            let m = _mm_and_si128(
                _mm_and_si128(_mm_cmpeq_epi8(a, bs), _mm_cmpeq_epi8(b, u)),
                _mm_cmpeq_epi8(_mm_or_si128(c, case), d),
            );
            let bits = _mm_movemask_epi8(m) as u32;
            if bits != 0 {
                return Ok(i + bits.trailing_zeros() as usize);
            }
            i += 16;
        }
        Err(i)
    }

    /// As [`sse2`], 32 bytes a block, then 16.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn avx2(s: &[u8], from: usize) -> Result<usize, usize> {
        let (bs, u, d, case) = (
            _mm256_set1_epi8(b'\\' as i8),
            _mm256_set1_epi8(b'u' as i8),
            _mm256_set1_epi8(b'd' as i8),
            _mm256_set1_epi8(0x20),
        );
        let mut i = from;
        while i + 34 <= s.len() {
            // SAFETY: `i + 2 + 32 <= s.len()`: all three loads are inside `s`.
            let (a, b, c) = unsafe {
                let p = s.as_ptr().add(i);
                (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(1).cast()), _mm256_loadu_si256(p.add(2).cast()))
            };
            let m = _mm256_and_si256(
                _mm256_and_si256(_mm256_cmpeq_epi8(a, bs), _mm256_cmpeq_epi8(b, u)),
                _mm256_cmpeq_epi8(_mm256_or_si256(c, case), d),
            );
            let bits = _mm256_movemask_epi8(m) as u32;
            if bits != 0 {
                return Ok(i + bits.trailing_zeros() as usize);
            }
            i += 32;
        }
        // SAFETY: AVX2 implies SSE2.
        unsafe { sse2(s, i) }
    }
}

/// What a short escape's letter decodes to (`\n` -> 0x0A, ...); 0 for every other byte
/// (`u` included), so one load tells a two-byte escape from the rest.
static SHORT: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t[b'/' as usize] = b'/';
    t[b'b' as usize] = 0x08;
    t[b'f' as usize] = 0x0C;
    t[b'n' as usize] = b'\n';
    t[b'r' as usize] = b'\r';
    t[b't' as usize] = b'\t';
    t
};

/// Decodes the body of an escaped string token (between the quotes; `base` is the
/// body's offset in the input, for errors) into `out`: each verbatim run up to the next
/// backslash in one piece, then the run of escapes there, one step each, without
/// searching again between adjacent escapes.
#[inline]
pub(crate) fn unescape<O: Out>(body: &[u8], base: usize, lone: LoneSurrogate, out: &mut O) -> Result<(), StrError> {
    out.unescape(body, base, lone)
}

/// [`unescape`] through the [`Out`] calls, for sinks that keep nothing.
#[inline]
fn unescape_generic<O: Out>(body: &[u8], base: usize, lone: LoneSurrogate, out: &mut O) -> Result<(), StrError> {
    let mut i = 0;
    loop {
        let run_end = find_byte(body, i, b'\\');
        if run_end > i {
            out.bytes(&body[i..run_end]);
        }
        if run_end == body.len() {
            return Ok(());
        }
        i = run_end;
        // `body[i]` is a backslash.
        loop {
            i = escape(body, i, base, lone, out)?;
            if body.get(i) != Some(&b'\\') {
                break;
            }
        }
    }
}

/// [`unescape`] into a `Vec`. Out of line: inlined, it costs the parser loop it would
/// land in more than the call.
#[inline(never)]
fn unescape_vec(body: &[u8], base: usize, lone: LoneSurrogate, out: &mut Vec<u8>) -> Result<(), StrError> {
    // Unescaping never lengthens a body: decode into the spare capacity, as much
    // of it as the body is long, then take in what was written.
    out.reserve(body.len());
    let start = out.len();
    let n = unescape_slice(body, base, lone, &mut out.spare_capacity_mut()[..body.len()])?;
    // SAFETY: `unescape_slice` returned `n`, and wrote every byte of the first `n` of
    // the spare capacity: each of its writes starts at its output index `w`, which
    // then advances over at most the bytes written, and it returns `w`.
    unsafe { out.set_len(start + n) };
    Ok(())
}

/// [`unescape`] into `dst` (at least as long as `body`), returning how many bytes it
/// wrote; the bytes after those may be written too.
/// Output never runs ahead of input (`w <= i`), so a verbatim run is copied eight bytes
/// at a time before it is searched for a backslash: bytes copied past one are
/// overwritten by what the escape decodes to, or cut off at the end.
#[inline(always)]
fn unescape_slice(
    body: &[u8],
    base: usize,
    lone: LoneSurrogate,
    dst: &mut [MaybeUninit<u8>],
) -> Result<usize, StrError> {
    assert!(dst.len() >= body.len());
    let to = dst.as_mut_ptr();
    // Every write below is at `w..w + k` where the input just consumed (or, for the
    // eight-byte copy, just read) is `i..i + k'` with `k <= k'`, and `w <= i` holds
    // throughout: so `w + k <= i + k' <= body.len() <= dst.len()`.
    let (mut i, mut w) = (0, 0);
    loop {
        loop {
            debug_assert!(w <= i);
            if let Some(src) = body.get(i..i + 8) {
                let src: [u8; 8] = src.try_into().unwrap();
                // SAFETY: `w + 8 <= i + 8 <= body.len() <= dst.len()` (see above).
                unsafe { to.add(w).cast::<[u8; 8]>().write_unaligned(src) };
                if let Some(k) = first_in_word(src, b'\\') {
                    i += k;
                    w += k;
                    break;
                }
                i += 8;
                w += 8;
            } else {
                while let Some(&b) = body.get(i) {
                    if b == b'\\' {
                        break;
                    }
                    // SAFETY: `w <= i < body.len() <= dst.len()`.
                    unsafe { to.add(w).write(MaybeUninit::new(b)) };
                    i += 1;
                    w += 1;
                }
                break;
            }
        }
        if i >= body.len() {
            return Ok(w);
        }
        // `body[i]` is a backslash: the run of escapes there.
        loop {
            debug_assert!(w <= i);
            let Some(&c) = body.get(i + 1) else {
                return Err(StrError::at(base + i, StrErrorKind::InvalidEscape(b'"')));
            };
            let d = SHORT[c as usize];
            if d != 0 {
                // SAFETY: `w <= i < i + 1 < body.len() <= dst.len()`.
                unsafe { to.add(w).write(MaybeUninit::new(d)) };
                w += 1;
                i += 2;
            } else if c == b'u' {
                // The common case first: four hex digits that are no surrogate, a
                // character of at most three bytes. Pairs and the rest: `unicode`.
                let (utf8, n, next) = match hex4(body, i + 2) {
                    Some(cp) if !(0xD800..=0xDFFF).contains(&cp) => {
                        let (utf8, n) = utf8_bmp(cp);
                        (utf8, n, i + 6)
                    }
                    _ => {
                        let (cp, next) = unicode(body, i, base, lone)?;
                        let (utf8, n) = utf8(cp);
                        (utf8, n, next)
                    }
                };
                debug_assert!(n <= next - i);
                // SAFETY: `unicode` read four hex digits at `i + 2..i + 6`, so
                // `w + 4 <= i + 6 <= body.len() <= dst.len()`; `n` of the four bytes
                // are kept, and `n <= next - i` (a six-byte escape decodes to at most
                // three, a twelve-byte pair to four), which keeps `w <= i`.
                unsafe { to.add(w).cast::<[u8; 4]>().write_unaligned(utf8) };
                w += n;
                i = next;
            } else {
                return Err(StrError::at(base + i, StrErrorKind::InvalidEscape(c)));
            }
            if body.get(i) != Some(&b'\\') {
                break;
            }
        }
    }
}

/// `c` (a scalar value) as UTF-8: its bytes, first in the lowest, and how many.
#[inline(always)]
fn utf8(c: u32) -> ([u8; 4], usize) {
    debug_assert!(char::from_u32(c).is_some());
    let (v, n) = if c < 0x80 {
        (c, 1)
    } else if c < 0x800 {
        (0x80C0 | (c >> 6) | (c & 0x3F) << 8, 2)
    } else if c < 0x10000 {
        (0x80_80E0 | (c >> 12) | (c >> 6 & 0x3F) << 8 | (c & 0x3F) << 16, 3)
    } else {
        (0x8080_80F0 | (c >> 18) | (c >> 12 & 0x3F) << 8 | (c >> 6 & 0x3F) << 16 | (c & 0x3F) << 24, 4)
    };
    (v.to_le_bytes(), n)
}

/// [`utf8`] for a character of the Basic Multilingual Plane (`c < 0x10000`, no
/// surrogate), widest first: an escaped character is rarely ASCII. The length stays a
/// branch (predicted, it lets the next write start before this one's length is known).
#[inline(always)]
fn utf8_bmp(c: u32) -> ([u8; 4], usize) {
    debug_assert!(c < 0x10000 && char::from_u32(c).is_some());
    let (v, n) = if c >= 0x800 {
        (0x80_80E0 | (c >> 12) | (c >> 6 & 0x3F) << 8 | (c & 0x3F) << 16, 3)
    } else if c >= 0x80 {
        (0x80C0 | (c >> 6) | (c & 0x3F) << 8, 2)
    } else {
        (c, 1)
    };
    (v.to_le_bytes(), n)
}

/// [`unescape`] into nothing, for a body whose escapes the lexer has already checked
/// (json.lex's rules: every escape well-formed): then only a `\u` escape of a surrogate
/// can still be wrong (a lone one), so every other escape is stepped over without
/// decoding. Same result as `unescape(body, base, lone, &mut Discard)` on such a body.
/// Kept out of line: inlined, it grows the parser's loop and slows strings without escapes.
#[inline(never)]
pub(crate) fn check_surrogates(body: &[u8], base: usize, lone: LoneSurrogate) -> Result<(), StrError> {
    check_surrogates_with(Kernels::active(), body, base, lone)
}

/// [`check_surrogates`] with the skip kernels of a given level.
#[inline(always)]
pub(crate) fn check_surrogates_with(
    kernels: Kernels,
    body: &[u8],
    base: usize,
    lone: LoneSurrogate,
) -> Result<(), StrError> {
    let mut i = 0;
    loop {
        i = next_ud(kernels, body, i);
        if i == body.len() {
            return Ok(());
        }
        match body.get(i + 3) {
            // `\u`, `d` and a second hex digit in 8..=F: U+D800..=U+DFFF, unless the
            // backslash follows an odd run of them: then it is the second of a `\\`
            // (the lexer checked the escapes) and the `ud` after it is text.
            Some(&h)
                if matches!(h | 0x20, b'8' | b'9' | b'a'..=b'f') && backslashes_before(body, i).is_multiple_of(2) =>
            {
                i = unicode_escape(body, i, base, lone, &mut Discard)?;
            }
            _ => i += 1,
        }
    }
}

/// How many backslashes come right before `s[i]`.
#[inline]
fn backslashes_before(s: &[u8], i: usize) -> usize {
    s[..i].iter().rev().take_while(|&&b| b == b'\\').count()
}

/// `bytes[i]` is a backslash: decode the escape there into `out`; returns the index
/// after it. `base` is added to indices in errors.
#[inline(always)]
fn escape<O: Out>(bytes: &[u8], i: usize, base: usize, lone: LoneSurrogate, out: &mut O) -> Result<usize, StrError> {
    let Some(&c) = bytes.get(i + 1) else {
        return Err(StrError::at(base + i, StrErrorKind::InvalidEscape(b'"')));
    };
    let d = SHORT[c as usize];
    if d != 0 {
        out.byte(d);
        Ok(i + 2)
    } else if c == b'u' {
        unicode_escape(bytes, i, base, lone, out)
    } else {
        Err(StrError::at(base + i, StrErrorKind::InvalidEscape(c)))
    }
}

/// `bytes[i..]` starts with `\u`: decode it, and the low half after it if it is a high
/// surrogate.
#[inline(always)]
fn unicode_escape<O: Out>(
    bytes: &[u8],
    i: usize,
    base: usize,
    lone: LoneSurrogate,
    out: &mut O,
) -> Result<usize, StrError> {
    let (cp, next) = unicode(bytes, i, base, lone)?;
    out.char(cp);
    Ok(next)
}

/// `bytes[i..]` starts with `\u`: the scalar value it (with the low half after it, for
/// a high surrogate) decodes to, or U+FFFD for a lone surrogate under `Substitute`, and
/// the index after it.
#[inline(always)]
fn unicode(bytes: &[u8], i: usize, base: usize, lone: LoneSurrogate) -> Result<(u32, usize), StrError> {
    let cp = match hex4(bytes, i + 2) {
        Some(cp) => cp,
        None => return Err(StrError::at(base + i, StrErrorKind::InvalidUnicodeEscape)),
    };
    if !(0xD800..=0xDFFF).contains(&cp) {
        return Ok((cp, i + 6));
    }
    if cp <= 0xDBFF && bytes.get(i + 6) == Some(&b'\\') && bytes.get(i + 7) == Some(&b'u') {
        if let Some(low) = hex4(bytes, i + 8) {
            if (0xDC00..=0xDFFF).contains(&low) {
                return Ok((0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00), i + 12));
            }
        }
    }
    match lone {
        LoneSurrogate::Error => Err(StrError::at(base + i, StrErrorKind::LoneSurrogate(cp))),
        LoneSurrogate::Substitute => Ok((0xFFFD, i + 6)),
    }
}

/// Length of the well-formed UTF-8 sequence at the start of `s` (`s[0] >= 0x80`), or
/// `Err(n)`: the first `n` bytes are a maximal invalid subpart (one U+FFFD's worth, as
/// `String::from_utf8_lossy` counts).
#[inline]
pub(crate) fn utf8_sequence(s: &[u8]) -> Result<usize, usize> {
    let (n, lo, hi) = match s[0] {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return Err(1),
    };
    match s.get(1) {
        Some(&b) if (lo..=hi).contains(&b) => {}
        _ => return Err(1),
    }
    for k in 2..n {
        match s.get(k) {
            Some(&b) if (0x80..=0xBF).contains(&b) => {}
            _ => return Err(k),
        }
    }
    Ok(n)
}

/// Copies `bytes` to `out`, applying `mode` to invalid UTF-8; with
/// `InvalidUtf8::Error`, stops at the first invalid byte and returns its index.
pub(crate) fn repair_utf8<O: Out>(bytes: &[u8], mode: InvalidUtf8, out: &mut O) -> Result<(), usize> {
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i] < 0x80 {
            i += 1;
        }
        out.bytes(&bytes[start..i]);
        if i == bytes.len() {
            break;
        }
        match utf8_sequence(&bytes[i..]) {
            Ok(n) => {
                out.bytes(&bytes[i..i + n]);
                i += n;
            }
            Err(n) => {
                match mode {
                    InvalidUtf8::Error => return Err(i),
                    InvalidUtf8::Substitute => out.char(0xFFFD),
                    InvalidUtf8::Ignore => {}
                }
                i += n;
            }
        }
    }
    Ok(())
}

/// Scans the string whose opening quote is `input[start]`, byte by byte, as the
/// grammar's string rules would but applying `invalid` to bad UTF-8; decodes it into
/// `out` and returns the offset after the closing quote. Used only where the lexer
/// rejected a string: to repair it, or to say exactly what is wrong with it.
pub(crate) fn scan_string<O: Out>(
    input: &[u8],
    start: usize,
    invalid: InvalidUtf8,
    lone: LoneSurrogate,
    out: &mut O,
) -> Result<usize, StrError> {
    let mut i = start + 1;
    loop {
        let Some(&b) = input.get(i) else {
            return Err(StrError::at(input.len(), StrErrorKind::Unterminated));
        };
        match b {
            b'"' => return Ok(i + 1),
            b'\\' => match escape(input, i, 0, lone, out) {
                Ok(next) => i = next,
                Err(e) => return Err(truncated_escape(input, i, e)),
            },
            0x00..=0x1F => return Err(StrError::at(i, StrErrorKind::Control(b))),
            0x20..=0x7F => {
                out.byte(b);
                i += 1;
            }
            _ => match utf8_sequence(&input[i..]) {
                Ok(n) => {
                    out.bytes(&input[i..i + n]);
                    i += n;
                }
                Err(n) => {
                    match invalid {
                        InvalidUtf8::Error => return Err(StrError::at(i, StrErrorKind::InvalidUtf8)),
                        InvalidUtf8::Substitute => out.char(0xFFFD),
                        InvalidUtf8::Ignore => {}
                    }
                    i += n;
                }
            },
        }
    }
}

/// An escape error where the input simply ended (`"\`, `"\u12`, `"\ud800`) is an
/// unterminated string: more input could have made it valid.
fn truncated_escape(input: &[u8], i: usize, e: StrError) -> StrError {
    let rest = &input[i + 1..];
    let truncated = match e.kind {
        StrErrorKind::InvalidEscape(_) => rest.is_empty(),
        StrErrorKind::InvalidUnicodeEscape => rest.len() < 5 && rest[1..].iter().all(|b| b.is_ascii_hexdigit()),
        StrErrorKind::LoneSurrogate(cp) => {
            let after = &input[i + 6..];
            cp <= 0xDBFF
                && after.len() < 6
                && (after.is_empty() || after[0] == b'\\')
                && after.get(1).is_none_or(|&b| b == b'u')
                && after.iter().skip(2).all(|b| b.is_ascii_hexdigit())
        }
        _ => false,
    };
    if truncated {
        StrError::at(input.len(), StrErrorKind::Unterminated)
    } else {
        e
    }
}

// ---- JSON5 (cold paths: only `Json5String` and `Identifier` tokens with escapes come here) ----

/// Scans the JSON5 string whose opening quote (`"` or `'`) is `input[start]`, byte by
/// byte, decoding it into `out` and applying `invalid` to bad UTF-8; returns the offset
/// after the closing quote. It decodes `Json5String` tokens (whose escapes the lexer
/// has checked, all but `\0` before a digit) and says exactly what is wrong with a
/// string the JSON5 lexer rejected.
pub(crate) fn scan_json5_string<O: Out>(
    input: &[u8],
    start: usize,
    invalid: InvalidUtf8,
    lone: LoneSurrogate,
    out: &mut O,
) -> Result<usize, StrError> {
    let quote = input[start];
    let mut i = start + 1;
    loop {
        let Some(&b) = input.get(i) else {
            return Err(StrError::at(input.len(), StrErrorKind::Unterminated));
        };
        match b {
            _ if b == quote => return Ok(i + 1),
            b'\\' => i = json5_escape(input, i, invalid, lone, out)?,
            b'\n' | b'\r' => return Err(StrError::at(i, StrErrorKind::LineBreak)),
            0x00..=0x7F => {
                out.byte(b);
                i += 1;
            }
            _ => i = utf8_char(input, i, invalid, out)?,
        }
    }
}

/// The well-formed UTF-8 character at `input[i]` (>= 0x80) into `out`, or `invalid`
/// applied to a maximal invalid subpart; the index after it.
fn utf8_char<O: Out>(input: &[u8], i: usize, invalid: InvalidUtf8, out: &mut O) -> Result<usize, StrError> {
    match utf8_sequence(&input[i..]) {
        Ok(n) => {
            out.bytes(&input[i..i + n]);
            Ok(i + n)
        }
        Err(n) => {
            match invalid {
                InvalidUtf8::Error => return Err(StrError::at(i, StrErrorKind::InvalidUtf8)),
                InvalidUtf8::Substitute => out.char(0xFFFD),
                InvalidUtf8::Ignore => {}
            }
            Ok(i + n)
        }
    }
}

/// `input[i]` is a backslash in a JSON5 string: decode the escape into `out`; the
/// index after it.
fn json5_escape<O: Out>(
    input: &[u8],
    i: usize,
    invalid: InvalidUtf8,
    lone: LoneSurrogate,
    out: &mut O,
) -> Result<usize, StrError> {
    let Some(&c) = input.get(i + 1) else {
        return Err(StrError::at(input.len(), StrErrorKind::Unterminated));
    };
    let decoded = match c {
        // Line continuations: the backslash and the line break stand for nothing.
        b'\n' => return Ok(i + 2),
        b'\r' => return Ok(if input.get(i + 2) == Some(&b'\n') { i + 3 } else { i + 2 }),
        0xE2 if matches!(input.get(i + 2..i + 4), Some([0x80, 0xA8 | 0xA9])) => return Ok(i + 4),
        b'b' => 0x08,
        b'f' => 0x0C,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 0x0B,
        b'0' if input.get(i + 2).is_some_and(u8::is_ascii_digit) => {
            return Err(StrError::at(i, StrErrorKind::NulBeforeDigit));
        }
        b'0' => 0,
        b'1'..=b'9' => return Err(StrError::at(i, StrErrorKind::InvalidEscape(c))),
        b'x' => {
            let hi = input.get(i + 2).map_or(-1, |&d| HEX[d as usize]);
            let lo = input.get(i + 3).map_or(-1, |&d| HEX[d as usize]);
            if hi < 0 || lo < 0 {
                let short = input.len() < i + 4 && input[i + 2..].iter().all(u8::is_ascii_hexdigit);
                let kind = if short { StrErrorKind::Unterminated } else { StrErrorKind::InvalidHexEscape };
                return Err(StrError::at(if short { input.len() } else { i }, kind));
            }
            out.char((hi << 4 | lo) as u32);
            return Ok(i + 4);
        }
        b'u' => {
            let (cp, next) = unicode(input, i, 0, lone).map_err(|e| truncated_escape(input, i, e))?;
            out.char(cp);
            return Ok(next);
        }
        // Any other character stands for itself.
        0x80.. => return utf8_char(input, i + 1, invalid, out),
        _ => c,
    };
    out.byte(decoded);
    Ok(i + 2)
}

/// Decodes the unquoted key `input[start..end]` (an `Identifier` token with a backslash: name
/// characters and `\uXXXX` escapes) into `out`, checking that each escape stands for a
/// character a name may have there: `$`, `_`, an ASCII letter (or digit, after the
/// first), or beyond ASCII a letter (`char::is_alphabetic`; after the first, also
/// `char::is_alphanumeric`, U+200C and U+200D). Beyond ASCII that approximates
/// ECMAScript's ID_Start and ID_Continue, which json-runtime has no tables for.
pub(crate) fn decode_identifier<O: Out>(input: &[u8], start: usize, end: usize, out: &mut O) -> Result<(), StrError> {
    let mut i = start;
    while i < end {
        if input[i] != b'\\' {
            let run = find_byte(&input[..end], i, b'\\');
            out.bytes(&input[i..run]);
            i = run;
            continue;
        }
        let cp = match (input.get(i + 1), hex4(input, i + 2)) {
            (Some(b'u'), Some(cp)) if i + 6 <= end => cp,
            _ => return Err(StrError::at(i, StrErrorKind::InvalidUnicodeEscape)),
        };
        let ok = match char::from_u32(cp) {
            Some('$' | '_' | 'A'..='Z' | 'a'..='z') => true,
            Some(c) if c.is_ascii_digit() => i > start,
            Some(c) if c.is_ascii() => false,
            Some(c) => {
                c.is_alphabetic() || (i > start && (c.is_alphanumeric() || matches!(c, '\u{200C}' | '\u{200D}')))
            }
            None => false,
        };
        if !ok {
            return Err(StrError::at(i, StrErrorKind::IdentifierEscape(cp)));
        }
        out.char(cp);
        i += 6;
    }
    Ok(())
}

/// Unescapes a string token's body (the lexer accepted it: its escapes are well
/// formed, the rest is UTF-8) into `out` as WTF-8: a lone surrogate `\\uD83C` becomes
/// its three generalized-UTF-8 bytes (`ED A0 BC`) instead of an error, as serde_json
/// hands strings to `deserialize_bytes`. False for a body the lexer could not have
/// accepted (a truncated escape).
#[cfg(feature = "serde")]
#[cold]
pub(crate) fn unescape_wtf8(body: &[u8], out: &mut Vec<u8>) -> bool {
    let hex4 = |at: usize| -> Option<u32> {
        let digits = body.get(at..at + 4)?;
        let mut n = 0;
        for &d in digits {
            n = n * 16 + char::from(d).to_digit(16)?;
        }
        Some(n)
    };
    let mut i = 0;
    while i < body.len() {
        let run = body[i..].iter().position(|&b| b == b'\\').map_or(body.len(), |p| i + p);
        out.extend_from_slice(&body[i..run]);
        if run == body.len() {
            break;
        }
        let Some(&e) = body.get(run + 1) else { return false };
        i = run + 2;
        let unit = match e {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let Some(mut cp) = hex4(i) else { return false };
                i += 4;
                if (0xD800..0xDC00).contains(&cp) && body.get(i..i + 2) == Some(b"\\u") {
                    if let Some(low) = hex4(i + 2).filter(|low| (0xDC00..0xE000).contains(low)) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                        i += 6;
                    }
                }
                push_wtf8(cp, out);
                continue;
            }
            _ => return false,
        };
        out.push(unit);
    }
    true
}

/// `cp` (any code point, surrogates included) in generalized UTF-8.
#[cfg(feature = "serde")]
fn push_wtf8(cp: u32, out: &mut Vec<u8>) {
    match cp {
        0..0x80 => out.push(cp as u8),
        0x80..0x800 => out.extend_from_slice(&[0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8]),
        0x800..0x10000 => {
            out.extend_from_slice(&[0xE0 | (cp >> 12) as u8, 0x80 | ((cp >> 6) & 0x3F) as u8, 0x80 | (cp & 0x3F) as u8])
        }
        _ => out.extend_from_slice(&[
            0xF0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3F) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn un(body: &str, lone: LoneSurrogate) -> Result<String, StrError> {
        let mut out = Vec::new();
        unescape(body.as_bytes(), 100, lone, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    /// The generic unescaper the fast path must agree with: one character at a time,
    /// written out plainly (no tables, no search), with the documented errors.
    fn reference(body: &[u8], base: usize, lone: LoneSurrogate) -> Result<Vec<u8>, StrError> {
        fn hex(b: &[u8]) -> Option<u32> {
            if b.len() < 4 || !b[..4].iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            u32::from_str_radix(std::str::from_utf8(&b[..4]).unwrap(), 16).ok()
        }
        let push = |out: &mut Vec<u8>, c: u32| {
            let mut buf = [0; 4];
            out.extend_from_slice(char::from_u32(c).unwrap().encode_utf8(&mut buf).as_bytes());
        };
        let mut out = Vec::new();
        let mut i = 0;
        while i < body.len() {
            if body[i] != b'\\' {
                out.push(body[i]);
                i += 1;
                continue;
            }
            let err = |kind| Err(StrError { offset: base + i, kind });
            let c = match body.get(i + 1) {
                None => return err(StrErrorKind::InvalidEscape(b'"')),
                Some(&c) => c,
            };
            let short = match c {
                b'"' => Some(b'"'),
                b'\\' => Some(b'\\'),
                b'/' => Some(b'/'),
                b'b' => Some(8),
                b'f' => Some(12),
                b'n' => Some(10),
                b'r' => Some(13),
                b't' => Some(9),
                b'u' => None,
                _ => return err(StrErrorKind::InvalidEscape(c)),
            };
            if let Some(d) = short {
                out.push(d);
                i += 2;
                continue;
            }
            let Some(cp) = hex(&body[i + 2..]) else { return err(StrErrorKind::InvalidUnicodeEscape) };
            if !(0xD800..0xE000).contains(&cp) {
                push(&mut out, cp);
                i += 6;
                continue;
            }
            let low = match &body[i + 6..] {
                [b'\\', b'u', rest @ ..] if cp < 0xDC00 => hex(rest).filter(|l| (0xDC00..0xE000).contains(l)),
                _ => None,
            };
            match (low, lone) {
                (Some(low), _) => {
                    push(&mut out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
                    i += 12;
                }
                (None, LoneSurrogate::Error) => return err(StrErrorKind::LoneSurrogate(cp)),
                (None, LoneSurrogate::Substitute) => {
                    push(&mut out, 0xFFFD);
                    i += 6;
                }
            }
        }
        Ok(out)
    }

    const LONES: [LoneSurrogate; 2] = [LoneSurrogate::Error, LoneSurrogate::Substitute];

    /// `unescape` (into a buffer, into nothing) against [`reference`]: the same bytes or
    /// the same error (kind, offset, and so message) under every `LoneSurrogate`.
    fn agree(body: &[u8]) {
        for lone in LONES {
            let want = reference(body, 7, lone);
            let mut out = vec![b'#'];
            let got = unescape(body, 7, lone, &mut out).map(|()| out[1..].to_vec());
            assert_eq!(got, want, "{lone:?} {:?}", String::from_utf8_lossy(body));
            assert_eq!(unescape(body, 7, lone, &mut Discard), want.map(|_| ()), "{:?}", String::from_utf8_lossy(body));
        }
    }

    /// Every escape kind (short, `\u` of each UTF-8 length, pairs, lone halves, bad
    /// ones), and filler text with one- to four-byte characters.
    const KINDS: &[&str] = &[
        r#"\""#,
        r"\\",
        r"\/",
        r"\b",
        r"\f",
        r"\n",
        r"\r",
        r"\t",
        r"\u0000",
        r"\u0041",
        r"\u007F",
        r"\u0080",
        r"\u00e9",
        r"\u07FF",
        r"\u0800",
        r"\u20AC",
        r"\uD7FF",
        r"\uE000",
        r"\uFFFF",
        r"\ud83d\ude00",
        r"\uDBFF\uDFFF",
        r"\uD800\uDC00",
        r"\ud800",
        r"\uDBFF",
        r"\udc00",
        r"\uDFFF",
        r"\ud800\n",
        r"\ud800\ud800",
        r"\udc00\ud800",
        r"\ud800\u0041",
        r"\ud800\uDBFF\uDC00",
        r"\ud800\u12G4",
        r"\ud800\",
        r"\ud800\u",
        r"\x",
        r"\U0041",
        r"\u12G4",
        r"\uG000",
        r"\u00",
        r"\",
        r"\u",
    ];
    const FILLERS: [&str; 2] = [
        "the quick brown fox jumps over the lazy dog and then some more text to reach seventy",
        "é日😀aß€𝄞b日本語のテキストですé😀xyzπ∑Ω😀日本",
    ];

    #[test]
    fn every_escape_at_every_offset() {
        for filler in FILLERS {
            let filler = filler.as_bytes();
            for len in 0..=70.min(filler.len()) {
                let text = &filler[..len];
                for kind in KINDS {
                    for at in 0..=len {
                        let mut body = text[..at].to_vec();
                        body.extend_from_slice(kind.as_bytes());
                        body.extend_from_slice(&text[at..]);
                        agree(&body);
                    }
                }
            }
        }
    }

    /// Every non-surrogate `\uXXXX` (the one-step path: one, two and three bytes out),
    /// in both cases of hex digit, alone and between text and other escapes, against
    /// `char`'s own encoding.
    #[test]
    fn every_bmp_escape() {
        for cp in (0..0x10000u32).filter(|cp| !(0xD800..=0xDFFF).contains(cp)) {
            let c = char::from_u32(cp).unwrap();
            for body in [format!("\\u{cp:04x}"), format!("ab\\u{cp:04X}\\n\\u{cp:04x}xyz")] {
                let want = if body.len() == 6 { c.to_string() } else { format!("ab{c}\n{c}xyz") };
                for lone in LONES {
                    assert_eq!(un(&body, lone).as_deref(), Ok(want.as_str()), "{body}");
                }
            }
        }
    }

    #[test]
    fn surrogate_pairs_split_everywhere() {
        let pairs = [r"\ud83d\ude00", r"\uDBFF\uDFFF", r"\uD800\uDC00"];
        for filler in FILLERS {
            let filler = &filler.as_bytes()[..16];
            for pair in pairs {
                let (high, low) = pair.split_at(6);
                for k in 0..=filler.len() {
                    // Text between the halves; a high at the end, a low at the start.
                    agree(&[high.as_bytes(), &filler[..k], low.as_bytes()].concat());
                    agree(&[&filler[..k], high.as_bytes()].concat());
                    agree(&[low.as_bytes(), &filler[..k]].concat());
                    // Pairs next to each other, and after lone halves.
                    agree(&[&filler[..k], pair.as_bytes(), pair.as_bytes(), &filler[k..]].concat());
                    agree(&[high.as_bytes(), pair.as_bytes(), &filler[..k], low.as_bytes(), high.as_bytes()].concat());
                    // A high followed by every other kind of escape.
                    for kind in KINDS {
                        agree(&[&filler[..k], high.as_bytes(), kind.as_bytes(), &filler[k..]].concat());
                    }
                }
                // Cut at every byte, and every escape kind at every point of a pair.
                let doubled = [pair, pair].concat();
                for cut in 0..=doubled.len() {
                    agree(&doubled.as_bytes()[..cut]);
                    agree(&doubled.as_bytes()[cut..]);
                    for kind in KINDS {
                        agree(&[&doubled.as_bytes()[..cut], kind.as_bytes(), &doubled.as_bytes()[cut..]].concat());
                    }
                }
            }
        }
    }

    #[test]
    fn random_escape_runs_agree() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let mut body = Vec::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut r = seed;
            for _ in 0..(r % 9) {
                r = r.rotate_right(7).wrapping_mul(0x2545_F491_4F6C_DD1D);
                match r % 3 {
                    0 => body.extend_from_slice(&FILLERS[(r >> 8) as usize % 2].as_bytes()[..(r >> 16) as usize % 12]),
                    _ => body.extend_from_slice(KINDS[(r >> 8) as usize % (KINDS.len() - 2)].as_bytes()),
                }
            }
            agree(&body);
        }
    }

    #[test]
    fn escapes() {
        let e = LoneSurrogate::Error;
        assert_eq!(un(r#"a\"b\\c\/d\b\f\n\r\t"#, e).unwrap(), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(un(r"\u0041\u00e9\u20AC\uFFFF", e).unwrap(), "Aé€\u{FFFF}");
        assert_eq!(un(r"x\ud83d\ude00y", e).unwrap(), "x😀y");
        assert_eq!(un(r"\uDBFF\uDFFF", e).unwrap(), "\u{10FFFF}");
        assert_eq!(un("plain text that is long enough", e).unwrap(), "plain text that is long enough");
    }

    #[test]
    fn surrogates() {
        let e = LoneSurrogate::Error;
        let s = LoneSurrogate::Substitute;
        let lone = |offset, cp| Err(StrError { offset, kind: StrErrorKind::LoneSurrogate(cp) });
        assert_eq!(un(r"\ud800", e), lone(100, 0xD800));
        assert_eq!(un(r"ab\udc00", e), lone(102, 0xDC00));
        assert_eq!(un(r"\udc00\ud800", e), lone(100, 0xDC00));
        assert_eq!(un(r"\ud800\ud800\udc00", e), lone(100, 0xD800));
        assert_eq!(un(r"\ud800x", s).unwrap(), "\u{FFFD}x");
        assert_eq!(un(r"\udc00\ud800", s).unwrap(), "\u{FFFD}\u{FFFD}");
        assert_eq!(un(r"\ud800\ud800\udc00", s).unwrap(), "\u{FFFD}\u{10000}");
        assert_eq!(un(r"\ud800\u0041", s).unwrap(), "\u{FFFD}A");
    }

    #[test]
    fn bad_escapes() {
        let e = LoneSurrogate::Error;
        assert_eq!(un(r"ab\x", e).unwrap_err(), StrError { offset: 102, kind: StrErrorKind::InvalidEscape(b'x') });
        assert_eq!(un(r"\u12G4", e).unwrap_err().kind, StrErrorKind::InvalidUnicodeEscape);
        assert_eq!(un(r"\u12", e).unwrap_err().kind, StrErrorKind::InvalidUnicodeEscape);
    }

    #[test]
    fn hex_table_agrees() {
        for a in 0..=255u8 {
            let s = [a, b'0', b'F', b'a'];
            let want = u32::from_str_radix(std::str::from_utf8(&s).unwrap_or("zz"), 16).ok();
            let want = want.filter(|_| a.is_ascii_hexdigit());
            assert_eq!(hex4(&s, 0), want, "{a}");
        }
    }

    #[test]
    fn find_byte_matches_naive() {
        let hay: Vec<u8> = (0..40u8).map(|i| if i % 7 == 3 { b'\\' } else { b'a' + i % 5 }).collect();
        for from in 0..hay.len() {
            let want = hay[from..].iter().position(|&b| b == b'\\').map_or(hay.len(), |p| p + from);
            assert_eq!(find_byte(&hay, from, b'\\'), want);
        }
        assert_eq!(find_byte(&[0x80, 0xFF, 0xDC], 0, b'\\'), 3);
    }

    #[test]
    fn utf8_maximal_subparts_match_std() {
        let cases: &[&[u8]] = &[
            b"\xE1\x80A",
            b"\xE0\x80\x80",
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\xFF",
            b"\xF0\x9F\x98\x80",
            b"\xC3\xA9",
            b"\xEF\xBF\xBF",
            b"\x80\x80",
        ];
        for &c in cases {
            let mut out = Vec::new();
            repair_utf8(c, InvalidUtf8::Substitute, &mut out).unwrap();
            assert_eq!(out, String::from_utf8_lossy(c).as_bytes(), "{c:x?}");
        }
    }

    #[test]
    fn scanner() {
        let scan = |s: &[u8], inv| {
            let mut out = Vec::new();
            scan_string(s, 0, inv, LoneSurrogate::Error, &mut out).map(|end| (end, out))
        };
        assert_eq!(scan(b"\"a\xFFb\" ", InvalidUtf8::Substitute), Ok((5, "a\u{FFFD}b".as_bytes().to_vec())));
        assert_eq!(scan(b"\"a\xFFb\" ", InvalidUtf8::Ignore), Ok((5, b"ab".to_vec())));
        let err = |s: &[u8]| scan(s, InvalidUtf8::Error).unwrap_err();
        assert_eq!(err(b"\"a\xFFb\""), StrError { offset: 2, kind: StrErrorKind::InvalidUtf8 });
        assert_eq!(err(b"\"ab"), StrError { offset: 3, kind: StrErrorKind::Unterminated });
        assert_eq!(err(b"\"ab\\"), StrError { offset: 4, kind: StrErrorKind::Unterminated });
        assert_eq!(err(b"\"ab\\u00"), StrError { offset: 7, kind: StrErrorKind::Unterminated });
        assert_eq!(err(b"\"ab\\ud800"), StrError { offset: 9, kind: StrErrorKind::Unterminated });
        assert_eq!(err(b"\"ab\\ud800\\u"), StrError { offset: 11, kind: StrErrorKind::Unterminated });
        assert_eq!(err(b"\"ab\\ud800\""), StrError { offset: 3, kind: StrErrorKind::LoneSurrogate(0xD800) });
        assert_eq!(err(b"\"a\tb\""), StrError { offset: 2, kind: StrErrorKind::Control(9) });
        assert_eq!(err(b"\"a\\qb\""), StrError { offset: 2, kind: StrErrorKind::InvalidEscape(b'q') });
    }
}
