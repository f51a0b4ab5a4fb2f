//! Number tokens to [`Number`]s: integers exactly, floats correctly rounded.
//!
//! The lexer has already checked the syntax (`-?(0|[1-9][0-9]*)` for an Integer, RFC
//! 8259 for a Float); these functions still reject anything else rather than misread
//! it, so that a lexer for a looser dialect cannot make them panic or lie.

use super::pow5::{LARGEST_POWER_OF_FIVE, POWER_OF_FIVE_128, SMALLEST_POWER_OF_FIVE};
use crate::value::Number;

/// Why a number token gave no number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumError {
    /// Not a JSON number (only possible with a lexer that does not follow json.lex).
    Invalid,
    /// Beyond the range of `f64`.
    OutOfRange,
}

/// An Integer token: `Ok(Some)` when it fits `i64`/`u64`, `Ok(None)` when it does not
/// (the caller chooses between a float and a string of digits).
///
/// `-0` is the float `-0.0`, as in serde_json, so that its sign survives.
#[inline]
pub(crate) fn parse_integer(bytes: &[u8]) -> Result<Option<Number>, NumError> {
    let (neg, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() {
        return Err(NumError::Invalid);
    }
    let mut n: u64 = 0;
    if digits.len() < 8 {
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(NumError::Invalid);
            }
            n = n * 10 + d as u64;
        }
    } else if digits.len() <= 19 {
        // 19 digits never overflow u64.
        n = long_digits(digits).ok_or(NumError::Invalid)?;
    } else {
        let mut overflow = false;
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(NumError::Invalid);
            }
            match n.checked_mul(10).and_then(|n| n.checked_add(d as u64)) {
                Some(m) => n = m,
                None => overflow = true,
            }
        }
        if overflow {
            return Ok(None);
        }
    }
    if !neg {
        Ok(Some(Number::from(n)))
    } else if n == 0 {
        Ok(Some(Number::from_finite_f64(-0.0)))
    } else if n <= 1u64 << 63 {
        Ok(Some(Number::from((n as i64).wrapping_neg())))
    } else {
        Ok(None)
    }
}

/// A number read straight from the input where a value starts (for a lexer that
/// promises JSON's numbers, `Lexer::JSON_NUMBERS`), in one pass: scanned, its digits
/// gathered on the way. [`scan`] gives it, [`direct`] with its value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scanned {
    /// Where the number starts.
    pub(crate) start: usize,
    /// Just past the number.
    pub(crate) end: usize,
    neg: bool,
    /// The significand digits' value (at most 19 of them: exact).
    mantissa: u64,
    /// How many significand digits, leading zeros included.
    digits: usize,
    /// The power of ten the significand is scaled by.
    exp: i64,
    /// A fraction or an exponent: a Float token.
    float: bool,
}

/// Where a value starts at `input[at..]` (after one space, at most), the number there
/// and its value (see [`scan`] and [`Scanned::number`] for the `None`s): what the
/// parser loop and the serde `Deserializer` read themselves when the lexer promises
/// JSON's numbers. A byte that starts no number is turned away at once.
#[inline(always)]
pub(crate) fn direct(input: &[u8], mut at: usize) -> Option<(Scanned, Number)> {
    let mut b = *input.get(at)?;
    if b == b' ' {
        at += 1;
        b = *input.get(at)?;
    }
    if b != b'-' && b.wrapping_sub(b'0') > 9 {
        return None;
    }
    let scanned = scan(input, at)?;
    Some((scanned, scanned.number(input)?))
}

/// The number at `input[start..]`, or `None` where the lexer should read the token:
/// not a whole number there (`-x`, `1.`, `1e`: the lexer's longest match and its
/// error), or more than 19 significand digits (the typed path's big integers and long
/// floats). Stops where the longest match does, as the lexer.
#[inline(always)]
pub(crate) fn scan(input: &[u8], start: usize) -> Option<Scanned> {
    let mut i = start;
    let neg = input.get(i) == Some(&b'-');
    i += neg as usize;
    let int_start = i;
    let mut mantissa: u64 = 0;
    match input.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(input, &mut i, &mut mantissa);
        }
        _ => return None,
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    let mut float = false;
    if input.get(i) == Some(&b'.') {
        i += 1;
        frac_digits = digits(input, &mut i, &mut mantissa);
        if frac_digits == 0 {
            return None;
        }
        float = true;
    }
    let mut exp = -(frac_digits as i64);
    if input.get(i).is_some_and(|&b| b | 0x20 == b'e') {
        i += 1;
        exp += exponent(input, &mut i)?;
        float = true;
    }
    let digits = int_digits + frac_digits;
    if digits > 19 {
        return None;
    }
    Some(Scanned { start, end: i, neg, mantissa, digits, exp, float })
}

impl Scanned {
    /// The number's value, as [`parse_integer`] or [`parse_float`] gives it for the
    /// same token (`input[self.start..self.end]`); `None` for what they treat specially
    /// (an integer beyond 64 bits, a float beyond `f64`'s range).
    #[inline(always)]
    fn number(&self, input: &[u8]) -> Option<Number> {
        if !self.float {
            return if !self.neg {
                Some(Number::from(self.mantissa))
            } else if self.mantissa == 0 {
                Some(Number::from_finite_f64(-0.0))
            } else if self.mantissa <= 1u64 << 63 {
                Some(Number::from((self.mantissa as i64).wrapping_neg()))
            } else {
                None
            };
        }
        let token = input.get(self.start..self.end)?;
        let f = to_f64(token, self.neg, self.mantissa, self.exp, self.digits, self.neg as usize).ok()?;
        Some(Number::from_finite_f64(f))
    }

    /// A fraction or an exponent: what the lexer calls a Float token.
    #[cfg(feature = "serde")]
    #[inline(always)]
    pub(crate) fn is_float(&self) -> bool {
        self.float
    }
}

/// Powers of ten that are exact in `f64`.
static POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A number token (Float, or an Integer out of 64-bit range) to the nearest `f64`.
///
/// Up to 19 significant digits are read here; when the significand and the power of
/// ten are both exact in `f64` (Clinger's fast path) one multiplication or division
/// gives the correctly rounded result; otherwise the Eisel-Lemire algorithm does (one
/// or two 64x64-bit multiplications by a 128-bit power of five). In the rare cases
/// where neither can decide (more than 19 significant digits, or a product too close
/// to a halfway point) the standard library's parser, which is also correctly rounded,
/// reads the token again.
#[inline(never)]
pub(crate) fn parse_float(bytes: &[u8]) -> Result<f64, NumError> {
    let int_start = (bytes.first() == Some(&b'-')) as usize;
    float_from(bytes, int_start)
}

/// [`parse_float`] from the integer part's start `i`. The integer part by a plain loop:
/// it is usually short, and its exit is predicted, so the fraction's loads need not wait
/// for a digit count computed from the bytes.
#[inline(always)]
fn float_from(bytes: &[u8], mut i: usize) -> Result<f64, NumError> {
    let len = bytes.len();
    let neg = bytes.first() == Some(&b'-');
    let int_start = neg as usize;
    let mut mantissa: u64 = 0;
    while i < len {
        let d = bytes[i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        mantissa = mantissa.wrapping_mul(10).wrapping_add(d as u64);
        i += 1;
    }
    let int_digits = i - int_start;
    if int_digits == 0 {
        return Err(NumError::Invalid);
    }
    let mut frac_digits = 0;
    if i < len && bytes[i] == b'.' {
        i += 1;
        match fraction_to_end(bytes, i) {
            Some((value, scale)) => {
                mantissa = mantissa.wrapping_mul(scale).wrapping_add(value);
                frac_digits = len - i;
                i = len;
            }
            None => {
                frac_digits = digits(bytes, &mut i, &mut mantissa);
                if frac_digits == 0 {
                    return Err(NumError::Invalid);
                }
            }
        }
    }
    let mut exp: i64 = -(frac_digits as i64);
    if i < len && (bytes[i] | 0x20) == b'e' {
        i += 1;
        exp += exponent(bytes, &mut i).ok_or(NumError::Invalid)?;
    }
    if i != len {
        return Err(NumError::Invalid);
    }

    to_f64(bytes, neg, mantissa, exp, int_digits + frac_digits, int_start)
}

/// The exponent's value after its `e` or `E` at `*i` (a sign, then digits), `*i` moved
/// past it; `None` without a digit. Saturated: no `f64` needs one anywhere near 2^40.
#[inline(always)]
fn exponent(bytes: &[u8], i: &mut usize) -> Option<i64> {
    let neg = match bytes.get(*i) {
        Some(b'-') => {
            *i += 1;
            true
        }
        Some(b'+') => {
            *i += 1;
            false
        }
        _ => false,
    };
    let start = *i;
    let mut e: i64 = 0;
    while let Some(&b) = bytes.get(*i) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        e = (e * 10 + d as i64).min(1 << 40);
        *i += 1;
    }
    if *i == start {
        return None;
    }
    Some(if neg { -e } else { e })
}

/// The nearest `f64` to `(-1)^neg * mantissa * 10^exp`, where `mantissa` holds the
/// token's `digits` significand digits (wrapped if there are more than 19; they start
/// at `int_start`).
#[inline(always)]
fn to_f64(bytes: &[u8], neg: bool, mantissa: u64, exp: i64, digits: usize, int_start: usize) -> Result<f64, NumError> {
    if digits > 19 {
        // Maybe only leading zeros make it long ("0.000...").
        let significant = bytes[int_start..]
            .iter()
            .take(digits + 1)
            .skip_while(|&&b| b == b'0' || b == b'.')
            .filter(|b| b.is_ascii_digit())
            .count();
        if significant > 19 {
            return slow(bytes);
        }
    }

    if mantissa == 0 {
        return Ok(if neg { -0.0 } else { 0.0 });
    }
    if mantissa <= 1u64 << 53 {
        if (0..=22).contains(&exp) {
            let f = mantissa as f64 * POW10[exp as usize];
            return Ok(if neg { -f } else { f });
        }
        if (-22..0).contains(&exp) {
            let f = mantissa as f64 / POW10[(-exp) as usize];
            return Ok(if neg { -f } else { f });
        }
        // "Disguised" fast path: 123e25 = 123000e22 while the significand stays exact.
        if (23..=22 + 15).contains(&exp) {
            if let Some(m) = 10u64.checked_pow((exp - 22) as u32).and_then(|p| mantissa.checked_mul(p)) {
                if m <= 1u64 << 53 {
                    let f = m as f64 * POW10[22];
                    return Ok(if neg { -f } else { f });
                }
            }
        }
    }
    match eisel_lemire(exp, mantissa) {
        // The sign bit set directly (no branch); infinity is the one result at or
        // above its bit pattern.
        Some(f) if f.to_bits() >= f64::INFINITY.to_bits() => Err(NumError::OutOfRange),
        Some(f) => Ok(f64::from_bits(f.to_bits() | (neg as u64) << 63)),
        None => slow(bytes),
    }
}

/// The common fraction: `bytes[i..]` is 1 to 16 digits that end the token (no exponent).
/// Gives their value and 10^count, from one or two eight-byte loads, or `None` (then the
/// caller reads the digits one word at a time).
#[inline(always)]
fn fraction_to_end(bytes: &[u8], i: usize) -> Option<(u64, u64)> {
    let len = bytes.len();
    let r = len.wrapping_sub(i);
    if len < 8 || r == 0 || r > 16 {
        return None;
    }
    let load = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    // The bytes of `w` below bit `keep` as '0' (leading zeros of the number it holds).
    let zero_below = |w: u64, keep: u32| (w & (u64::MAX << keep)) | (0x3030_3030_3030_3030 & !(u64::MAX << keep));
    if r <= 8 {
        // The last word, the bytes before the fraction as '0'.
        let last = zero_below(load(len - 8), 8 * (8 - r) as u32);
        if non_digits(last) != 0 {
            return None;
        }
        return Some((eight_digits(last), POW10_U64[r]));
    }
    // The last eight digits, and the first r - 8 moved to the top of a word of '0's.
    let keep = 8 * (16 - r) as u32;
    // Loads at addresses that do not wait for the digit count, where the token allows.
    let high = if len >= 16 { zero_below(load(len - 16), keep) } else { zero_below(load(i) << keep, keep) };
    let low = load(len - 8);
    if non_digits(high) | non_digits(low) != 0 {
        return None;
    }
    Some((sixteen_digits(high, low), POW10_U64[r]))
}

/// The value of sixteen ASCII digits, the first eight in `high`, the last eight in `low`
/// (each with its first digit in the lowest byte).
#[inline(always)]
fn sixteen_digits(high: u64, low: u64) -> u64 {
    eight_digits(high) * 100_000_000 + eight_digits(low)
}

/// Reads the run of ASCII digits at `*i` into `mantissa` (wrapping), moves `*i` past it
/// and gives its length. Tokens of 8 bytes or more are read eight bytes at a time, the
/// last word through an overlapping load that ends at the token's end (the bytes past
/// the end count as non-digits), the run's end found from the word's non-digit mask:
/// no loop per byte.
#[inline(always)]
fn digits(bytes: &[u8], i: &mut usize, mantissa: &mut u64) -> usize {
    let start = *i;
    let len = bytes.len();
    if len < 8 {
        while *i < len {
            let d = bytes[*i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            *mantissa = mantissa.wrapping_mul(10).wrapping_add(d as u64);
            *i += 1;
        }
        return *i - start;
    }
    let load = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    loop {
        let w = if *i + 8 <= len {
            load(*i)
        } else if *i < len {
            load(len - 8) >> (8 * (*i + 8 - len))
        } else {
            0
        };
        let m = non_digits(w);
        if m == 0 {
            *mantissa = mantissa.wrapping_mul(100_000_000).wrapping_add(eight_digits(w));
            *i += 8;
            continue;
        }
        let n = (m.trailing_zeros() / 8) as usize;
        if n > 0 {
            // The n digits into the word's top bytes, '0's below them.
            let w = (w << (64 - 8 * n)) | (0x3030_3030_3030_3030 >> (8 * n));
            *mantissa = mantissa.wrapping_mul(POW10_U64[n]).wrapping_add(eight_digits(w));
            *i += n;
        }
        return *i - start;
    }
}

/// The high bit of every byte of `w` that is no ASCII digit; exact for the lowest
/// such byte (carries and borrows only move upwards, and the bytes below it are digits),
/// which is all that `trailing_zeros` reads.
#[inline(always)]
fn non_digits(w: u64) -> u64 {
    let a = w.wrapping_add(0x4646_4646_4646_4646);
    let b = w.wrapping_sub(0x3030_3030_3030_3030);
    (a | b) & 0x8080_8080_8080_8080
}

/// The value of 8 to 19 ASCII digits (`None` if a byte is no digit): eight at a time,
/// the last 1-7 through one overlapping load. Out of line: the parse loop stays small
/// for the short integers that most documents hold.
#[inline(never)]
fn long_digits(digits: &[u8]) -> Option<u64> {
    debug_assert!((8..=19).contains(&digits.len()));
    let len = digits.len();
    let load = |i: usize| u64::from_le_bytes(digits[i..i + 8].try_into().unwrap());
    let mut n: u64 = 0;
    let mut i = 0;
    while i + 8 <= len {
        let w = load(i);
        if !is_eight_digits(w) {
            return None;
        }
        n = n * 100_000_000 + eight_digits(w);
        i += 8;
    }
    let rest = len - i;
    if rest == 0 {
        return Some(n);
    }
    // The bytes before the last `rest` (digits already read) count as '0'.
    let keep = 8 * (8 - rest) as u32;
    let w = (load(len - 8) & (u64::MAX << keep)) | (0x3030_3030_3030_3030 & !(u64::MAX << keep));
    if !is_eight_digits(w) {
        return None;
    }
    Some(n * POW10_U64[rest] + eight_digits(w))
}

static POW10_U64: [u64; 17] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
    1_000_000_000_000_000,
    10_000_000_000_000_000,
];

/// True when the eight bytes of `w` are all ASCII digits.
#[inline(always)]
fn is_eight_digits(w: u64) -> bool {
    let a = w.wrapping_add(0x4646_4646_4646_4646);
    let b = w.wrapping_sub(0x3030_3030_3030_3030);
    (a | b) & 0x8080_8080_8080_8080 == 0
}

/// The value of eight ASCII digits (first digit in the lowest byte), in three
/// multiplications.
#[inline(always)]
fn eight_digits(w: u64) -> u64 {
    const MASK: u64 = 0x0000_00FF_0000_00FF;
    const MUL1: u64 = 0x000F_4240_0000_0064; // 100 + (1000000 << 32)
    const MUL2: u64 = 0x0000_2710_0000_0001; // 1 + (10000 << 32)
    let w = w - 0x3030_3030_3030_3030;
    let w = (w * 10) + (w >> 8);
    let v1 = (w & MASK).wrapping_mul(MUL1);
    let v2 = ((w >> 16) & MASK).wrapping_mul(MUL2);
    ((v1.wrapping_add(v2) >> 32) as u32) as u64
}

/// `w * 10^q` correctly rounded, or `None` when 128 bits of 5^q are not enough to
/// decide (the caller falls back to an exact method). After Lemire, "Number Parsing
/// at a Gigabyte per Second" (2021), as in fast_float and Rust's `core::num::dec2flt`.
#[inline(always)]
fn eisel_lemire(q: i64, w: u64) -> Option<f64> {
    const MANTISSA_BITS: i32 = 52;
    const MINIMUM_EXPONENT: i32 = -1023;
    const INFINITE_POWER: i32 = 0x7FF;
    if w == 0 || q < SMALLEST_POWER_OF_FIVE {
        return Some(0.0);
    }
    if q > LARGEST_POWER_OF_FIVE {
        return Some(f64::INFINITY);
    }
    let lz = w.leading_zeros();
    let w = w << lz;
    // The product's top 64 bits, with enough below them to round (the mask keeps the
    // bits under the 52 + 3 that matter).
    let (hi5, lo5) = POWER_OF_FIVE_128[(q - SMALLEST_POWER_OF_FIVE) as usize];
    let mask = u64::MAX >> (MANTISSA_BITS + 3);
    let first = (w as u128) * (hi5 as u128);
    let (mut lo, mut hi) = (first as u64, (first >> 64) as u64);
    if hi & mask == mask {
        let second_hi = (((w as u128) * (lo5 as u128)) >> 64) as u64;
        lo = lo.wrapping_add(second_hi);
        if second_hi > lo {
            hi += 1;
        }
    }
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        return None;
    }
    let upperbit = (hi >> 63) as i32;
    let shift = upperbit + 64 - MANTISSA_BITS - 3;
    let mut mantissa = hi >> shift;
    // floor(log2(10^q)) + 63, without floating point.
    let power = (((q as i32).wrapping_mul(152_170 + 65_536)) >> 16) + 63;
    let mut power2 = power + upperbit - lz as i32 - MINIMUM_EXPONENT;
    if power2 <= 0 {
        if -power2 + 1 >= 64 {
            return Some(0.0);
        }
        // Subnormal.
        mantissa >>= -power2 + 1;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        power2 = (mantissa >= (1u64 << MANTISSA_BITS)) as i32;
        return Some(f64::from_bits(mantissa | (power2 as u64) << MANTISSA_BITS));
    }
    // Exactly halfway between two floats: round to even, not up.
    if lo <= 1 && (-4..=23).contains(&q) && mantissa & 3 == 1 && (mantissa << shift) == hi {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= (2u64 << MANTISSA_BITS) {
        mantissa = 1u64 << MANTISSA_BITS;
        power2 += 1;
    }
    mantissa &= !(1u64 << MANTISSA_BITS);
    if power2 >= INFINITE_POWER {
        return Some(f64::INFINITY);
    }
    Some(f64::from_bits(mantissa | (power2 as u64) << MANTISSA_BITS))
}

/// True when a Float token certainly converts to a finite `f64` (the validator's
/// shortcut: it need not compute the value). False means "parse it to know".
#[inline]
pub(crate) fn surely_in_range(bytes: &[u8]) -> bool {
    if bytes.len() > 40 {
        return false;
    }
    if !any_letter(bytes) {
        return true; // no exponent, fewer than 40 digits
    }
    let Some(e) = find_exponent(bytes) else {
        return true; // fewer than 40 digits
    };
    let digits = match &bytes[e + 1..] {
        [b'-', ..] => return true, // tiny numbers round to zero, which is fine
        [b'+', rest @ ..] => rest,
        rest => rest,
    };
    digits.len() < 3 || (digits.len() == 3 && digits <= &b"250"[..])
}

/// True when some byte has bit 0x40 set: every letter (so `e` and `E`), no digit and none
/// of `.+-`. Whole words OR'ed together (the last one overlapping), no loop per byte:
/// most floats have no exponent, and this is what the validator asks of each one.
#[inline(always)]
fn any_letter(bytes: &[u8]) -> bool {
    const BIT: u64 = 0x4040_4040_4040_4040;
    let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
    let half = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap()) as u64;
    let n = bytes.len();
    let acc = if (8..=24).contains(&n) {
        // The common lengths without a loop: three words cover up to 24 bytes.
        word(0) | word((n - 8).min(8)) | word(n - 8)
    } else if n >= 8 {
        let mut acc = word(n - 8);
        let mut i = 0;
        while i + 8 < n {
            acc |= word(i);
            i += 8;
        }
        acc
    } else if n >= 4 {
        half(0) | half(n - 4)
    } else {
        bytes.iter().fold(0u64, |a, &b| a | b as u64)
    };
    acc & BIT != 0
}

/// Index of the `e` or `E` in a number token, eight bytes at a time.
#[inline(always)]
fn find_exponent(bytes: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while i + 8 <= bytes.len() {
        // Lower-case ASCII letters (no digit, '.', '+' or '-' changes into 'e'), then
        // look for a zero byte of `w ^ "eeeeeeee"`.
        let w = (u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap()) | (LO * 0x20)) ^ (LO * b'e' as u64);
        let t = w.wrapping_sub(LO) & !w & HI;
        if t != 0 {
            return Some(i + (t.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| b | 0x20 == b'e').map(|p| p + i)
}

#[inline(never)]
fn slow(bytes: &[u8]) -> Result<f64, NumError> {
    // The syntax was checked above, so the bytes are ASCII.
    let text = core::str::from_utf8(bytes).map_err(|_| NumError::Invalid)?;
    let f: f64 = text.parse().map_err(|_| NumError::Invalid)?;
    if f.is_finite() {
        Ok(f)
    } else {
        Err(NumError::OutOfRange)
    }
}

/// A JSON5 `LooseNumber` token (`+1`, `.5`, `5.`, `-.5e3`) rewritten as the JSON
/// number with the same value (`1`, `0.5`, `5.0`, `-0.5e3`), and whether it is an
/// integer (no point, no exponent). `None` if it is no JSON5 decimal number.
/// (Cold: JSON5 documents mostly hold numbers that are JSON numbers too.)
pub(crate) fn normalize_loose(bytes: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::with_capacity(bytes.len() + 2);
    let rest = match bytes.split_first() {
        Some((b'+', rest)) => rest,
        Some((b'-', rest)) => {
            out.push(b'-');
            rest
        }
        _ => bytes,
    };
    let (mantissa, exponent) = match rest.iter().position(|&b| b | 0x20 == b'e') {
        Some(e) => (&rest[..e], Some(&rest[e + 1..])),
        None => (rest, None),
    };
    let (int, frac) = match mantissa.iter().position(|&b| b == b'.') {
        Some(p) => (&mantissa[..p], Some(&mantissa[p + 1..])),
        None => (mantissa, None),
    };
    let digits = |d: &[u8]| d.iter().all(u8::is_ascii_digit);
    if !digits(int) || (int.len() > 1 && int[0] == b'0') || (int.is_empty() && frac.is_none_or(<[u8]>::is_empty)) {
        return None;
    }
    out.extend_from_slice(if int.is_empty() { b"0" } else { int });
    if let Some(frac) = frac {
        if !digits(frac) {
            return None;
        }
        out.push(b'.');
        out.extend_from_slice(if frac.is_empty() { b"0" } else { frac });
    }
    if let Some(exp) = exponent {
        let e = exp.strip_prefix(b"+").or_else(|| exp.strip_prefix(b"-")).unwrap_or(exp);
        if e.is_empty() || !digits(e) {
            return None;
        }
        out.push(b'e');
        out.extend_from_slice(exp);
    }
    let integer = frac.is_none() && exponent.is_none();
    Some((out, integer))
}

/// A JSON5 `HexInteger` token (`0x1F`, `-0XFF`): an integer when it fits `u64` (or
/// `i64`, negative), else the nearest `f64`, as JavaScript reads it; `-0x0` is `-0.0`.
pub(crate) fn parse_hex(bytes: &[u8]) -> Result<Number, NumError> {
    let (neg, rest) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    let digits = match rest {
        [b'0', b'x' | b'X', digits @ ..] if !digits.is_empty() => digits,
        _ => return Err(NumError::Invalid),
    };
    let value = |b: u8| (b as char).to_digit(16).ok_or(NumError::Invalid);
    let mut significant = digits;
    while let [b'0', tail @ ..] = significant {
        significant = tail;
    }
    let mut m: u64 = 0;
    for &b in significant.iter().take(16) {
        m = m << 4 | value(b)? as u64;
    }
    if significant.len() <= 16 {
        return Ok(if !neg {
            Number::from(m)
        } else if m == 0 {
            Number::from_finite_f64(-0.0)
        } else if m <= 1u64 << 63 {
            Number::from((m as i64).wrapping_neg())
        } else {
            Number::from_finite_f64(-(m as f64))
        });
    }
    // More than 64 bits: `m` holds the top 61 to 64 of them; a sticky bit for the rest
    // makes the one rounding (u64 to f64, to nearest even) correct, and scaling by a
    // power of two is exact.
    let mut sticky = false;
    for &b in &significant[16..] {
        sticky |= value(b)? != 0;
    }
    let shift = 4 * (significant.len() - 16);
    if shift > 1100 {
        return Err(NumError::OutOfRange);
    }
    let f = (m | sticky as u64) as f64 * 2f64.powi(shift as i32);
    if !f.is_finite() {
        return Err(NumError::OutOfRange);
    }
    Ok(Number::from_finite_f64(if neg { -f } else { f }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// Any JSON float, as `str::parse` reads it: integer parts of 1-25 digits, fractions
        /// of 0-30, exponents up to four digits, leading zeros in the fraction.
        #[test]
        fn any_float_matches_std(
            neg in any::<bool>(),
            int in "0|[1-9][0-9]{0,24}",
            frac in proptest::option::of("[0-9]{1,30}"),
            exp in proptest::option::of(("[eE]", "[+-]?", "[0-9]{1,4}")),
        ) {
            let mut text = String::new();
            if neg {
                text.push('-');
            }
            text.push_str(&int);
            if let Some(f) = &frac {
                text.push('.');
                text.push_str(f);
            }
            if let Some((e, sign, digits)) = &exp {
                text.push_str(e);
                text.push_str(sign);
                text.push_str(digits);
            }
            let want: f64 = text.parse().unwrap();
            let got = parse_float(text.as_bytes());
            if want.is_finite() {
                prop_assert_eq!(got.map(f64::to_bits), Ok(want.to_bits()), "{}", text);
            } else {
                prop_assert_eq!(got, Err(NumError::OutOfRange), "{}", text);
            }
        }
    }

    #[test]
    fn integers() {
        let p = |s: &str| parse_integer(s.as_bytes());
        assert_eq!(p("0"), Ok(Some(Number::from(0u64))));
        assert_eq!(p("-1"), Ok(Some(Number::from(-1i64))));
        assert_eq!(p("9223372036854775807"), Ok(Some(Number::from(i64::MAX))));
        assert_eq!(p("-9223372036854775808"), Ok(Some(Number::from(i64::MIN))));
        assert_eq!(p("-9223372036854775809"), Ok(None));
        assert_eq!(p("18446744073709551615"), Ok(Some(Number::from(u64::MAX))));
        assert_eq!(p("18446744073709551616"), Ok(None));
        assert_eq!(p("123456789012345678901234567890"), Ok(None));
        assert!(p("-0").unwrap().unwrap().is_f64());
        assert_eq!(p("-0").unwrap().unwrap().as_f64().to_bits(), (-0.0f64).to_bits());
        assert_eq!(p("1a"), Err(NumError::Invalid));
        assert_eq!(p("-"), Err(NumError::Invalid));
        assert_eq!(p(""), Err(NumError::Invalid));
    }

    /// Integers of every length 1-20 (the eight-at-a-time and overlapping loads of
    /// `short_digits`, and the checked path past 19), a non-digit at every position.
    #[test]
    fn integers_of_every_length() {
        let mut seed = 0x2545F4914F6CDD1Du64;
        for len in 1..=20usize {
            for round in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut text: Vec<u8> = (0..len).map(|k| b'0' + ((seed >> (k % 60)) % 10) as u8).collect();
                if len > 1 && text[0] == b'0' {
                    text[0] = b'1' + (round % 9) as u8;
                }
                if round == 0 {
                    text.fill(b'9');
                }
                let s = core::str::from_utf8(&text).unwrap();
                let want = s.parse::<u64>().ok().map(Number::from);
                assert_eq!(parse_integer(&text), Ok(want), "{s}");
                let neg = format!("-{s}");
                match (s.parse::<u64>(), neg.parse::<i64>()) {
                    (Ok(0), _) => assert!(parse_integer(neg.as_bytes()).unwrap().unwrap().is_f64()),
                    (_, Ok(v)) => assert_eq!(parse_integer(neg.as_bytes()), Ok(Some(Number::from(v))), "{neg}"),
                    (_, Err(_)) => assert_eq!(parse_integer(neg.as_bytes()), Ok(None), "{neg}"),
                }
                for pos in 0..len {
                    for bad in [b'/', b':', b'.', b'e', b'-'] {
                        if pos == 0 && bad == b'-' {
                            continue; // a valid negative
                        }
                        let mut t = text.clone();
                        t[pos] = bad;
                        assert_eq!(parse_integer(&t), Err(NumError::Invalid), "{}", String::from_utf8_lossy(&t));
                    }
                }
            }
        }
        assert_eq!(parse_integer(b"9999999999999999999"), Ok(Some(Number::from(9_999_999_999_999_999_999u64))));
        assert_eq!(parse_integer(b"10000000000000000000"), Ok(Some(Number::from(10_000_000_000_000_000_000u64))));
        assert_eq!(parse_integer(b"99999999999999999999"), Ok(None));
        assert_eq!(parse_integer(b"9007199254740993"), Ok(Some(Number::from(9_007_199_254_740_993u64))));
    }

    #[test]
    fn floats_match_std() {
        let cases = [
            "0.0",
            "-0.0",
            "1.5",
            "1e10",
            "1E+10",
            "1e-10",
            "-65.613616999999977",
            "0.1",
            "0.3",
            "123456789.123456789",
            "1.7976931348623157e308",
            "2.2250738585072014e-308",
            "4.9e-324",
            "1e-400",
            "-1e-400",
            "9007199254740993.0",
            "9007199254740992e1",
            "123e25",
            "1e23",
            "0.000000000000000000000000000001234",
            "12345678901234567890123.0",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "2.0000000000000000000000000000000000000000000000000000001e0",
            "100000000000000000000",
        ];
        for c in cases {
            let want: f64 = c.parse().unwrap();
            assert_eq!(parse_float(c.as_bytes()).map(f64::to_bits), Ok(want.to_bits()), "{c}");
        }
    }

    #[test]
    fn hard_floats_match_std() {
        let cases = [
            "9007199254740993.0",
            "9007199254740995.0",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1.7976931348623158e308",
            "1.7976931348623157e308",
            "8.98846567431158e307",
            "7.2057594037927933e16",
            "1.0000000000000002",
            "0.30000000000000004",
            "5e-324",
            "1e-323",
            "3.4028234663852886e38",
            "9.999999999999999e22",
            "1.2345678901234567e-300",
            "6.631236846766476e-316",
            "1448997445238699",
            "123456789012345678e-10",
            "0.1e1",
            "184467440737095516.15",
        ];
        for c in cases {
            let want: f64 = c.parse().unwrap();
            assert_eq!(parse_float(c.as_bytes()).map(f64::to_bits), Ok(want.to_bits()), "{c}");
        }
        assert_eq!(parse_float(b"1.7976931348623159e308"), Err(NumError::OutOfRange));
    }

    /// Random significands and exponents across the whole range, in several layouts.
    #[test]
    fn random_floats_match_std() {
        let mut seed = 0x9E3779B97F4A7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for i in 0..60_000 {
            let digits = 1 + next() % 19;
            let m = next() % 10u64.pow(digits as u32);
            let e = (next() % 700) as i64 - 360;
            let text = match i % 4 {
                3 => {
                    let s = format!("{m}{}", next() % 1000);
                    let cut = 1 + (next() as usize) % (s.len() - 1).max(1);
                    let cut = cut.min(s.len() - 1).max(1);
                    format!("{}.{}", &s[..cut], &s[cut..])
                }
                0 => format!("{m}e{e}"),
                1 => {
                    let s = m.to_string();
                    let cut = (next() as usize) % s.len();
                    format!("-{}.{}0E{e:+}", &s[..cut.max(1)], &s[cut.max(1)..])
                }
                _ => format!("0.{m:019}e{e}"),
            };
            let want: f64 = text.parse().unwrap();
            let got = parse_float(text.as_bytes());
            if want.is_finite() {
                assert_eq!(got.map(f64::to_bits), Ok(want.to_bits()), "{text}");
            } else {
                assert_eq!(got, Err(NumError::OutOfRange), "{text}");
            }
        }
    }

    /// Every integer-part length 1-9 with every fraction length 1-22 (the three-load shape
    /// and each way out of it), signs, exponents, random digits, against `str::parse`;
    /// a non-digit put at every position is an error.
    #[test]
    fn float_shapes_match_std() {
        let mut seed = 0xD1B54A32D192ED03u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for int_len in 1..=9usize {
            for frac_len in 1..=22usize {
                for round in 0..24 {
                    let mut digit = |first: bool| {
                        let d = (next() % 10) as u8;
                        b'0' + if first && d == 0 { 1 } else { d }
                    };
                    let mut text = Vec::new();
                    if round % 2 == 1 {
                        text.push(b'-');
                    }
                    if int_len == 1 && round % 3 == 0 {
                        text.push(b'0');
                    } else {
                        for k in 0..int_len {
                            text.push(digit(k == 0));
                        }
                    }
                    text.push(b'.');
                    for _ in 0..frac_len {
                        text.push(digit(false));
                    }
                    if round % 4 == 2 {
                        text.extend_from_slice(format!("e{}", (next() % 640) as i64 - 330).as_bytes());
                    }
                    if round == 4 {
                        let l = text.len();
                        text[l - frac_len..].fill(b'9');
                    }
                    let s = core::str::from_utf8(&text).unwrap();
                    let want: f64 = s.parse().unwrap();
                    if want.is_finite() {
                        assert_eq!(parse_float(&text).map(f64::to_bits), Ok(want.to_bits()), "{s}");
                    } else {
                        assert_eq!(parse_float(&text), Err(NumError::OutOfRange), "{s}");
                    }
                    if round < 2 {
                        for pos in 0..text.len() {
                            for bad in [b'/', b':', b'x', b' ', 0x80] {
                                let mut t = text.clone();
                                t[pos] = bad;
                                assert_eq!(parse_float(&t), Err(NumError::Invalid), "{}", String::from_utf8_lossy(&t));
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn any_letter_sees_every_position() {
        for len in 0..=40usize {
            let digits: Vec<u8> = (0..len).map(|k| b"0123456789.+-"[k % 13]).collect();
            assert!(!any_letter(&digits), "{len}");
            for pos in 0..len {
                for letter in [b'e', b'E'] {
                    let mut v = digits.clone();
                    v[pos] = letter;
                    assert!(any_letter(&v), "{len} {pos}");
                }
            }
        }
    }

    #[test]
    fn range_shortcut() {
        for (text, ok) in [
            ("1.5", true),
            ("-65.613616999999977", true),
            ("1e250", true),
            ("1E+250", true),
            ("1e251", false),
            ("1.0000000000000000000000e-99999", true),
            ("123456789.123456789e+99", true),
            ("1e0250", false),
            ("1234567890.1234567890e250", true),
        ] {
            assert_eq!(surely_in_range(text.as_bytes()), ok, "{text}");
            assert_eq!(any_letter(text.as_bytes()), text.bytes().any(|b| b & 0x40 != 0), "{text}");
            if ok {
                assert!(parse_float(text.as_bytes()).is_ok());
            }
        }
        assert_eq!(eight_digits(u64::from_le_bytes(*b"12345678")), 12_345_678);
        for text in [b"1234567890123456", b"0000000000000000", b"9999999999999999", b"0000000100000009"] {
            let word = |at: usize| u64::from_le_bytes(text[at..at + 8].try_into().unwrap());
            let want: u64 = core::str::from_utf8(text).unwrap().parse().unwrap();
            assert_eq!(sixteen_digits(word(0), word(8)), want);
        }
        assert_eq!(eight_digits(u64::from_le_bytes(*b"00000009")), 9);
        assert!(is_eight_digits(u64::from_le_bytes(*b"09876543")));
        assert!(!is_eight_digits(u64::from_le_bytes(*b"0987654e")));
        assert!(!is_eight_digits(u64::from_le_bytes(*b"/9876543")));
        assert!(!is_eight_digits(u64::from_le_bytes(*b"9876543:")));
        assert_eq!(find_exponent(b"0.12345678e5"), Some(10));
        assert_eq!(find_exponent(b"0.1234567E5"), Some(9));
        assert_eq!(find_exponent(b"0.12345678"), None);
    }

    /// The edges of each path against `str::parse`: 19/20 significant digits, significands
    /// around 2^53, exponents at the ends of the exact (Clinger) range, zeros, subnormals,
    /// huge exponents.
    #[test]
    fn float_path_boundaries_match_std() {
        let mut cases: Vec<String> = Vec::new();
        for m in ["9007199254740991", "9007199254740992", "9007199254740993", "1", "123456789012345678", "-0"] {
            for e in [-343, -325, -324, -309, -308, -24, -23, -22, -21, -1, 0, 1, 15, 21, 22, 23, 37, 38, 308, 309] {
                cases.push(format!("{m}e{e}"));
                cases.push(format!("{m}.5e{e}"));
            }
        }
        for digits in 17..=21 {
            for lead in ["1", "9", "4"] {
                let m = format!("{lead}{}", "7".repeat(digits - 1));
                cases.push(m.clone());
                cases.push(format!("-{}.{}", &m[..1], &m[1..]));
                cases.push(format!("0.{m}e-300"));
                cases.push(format!("0.000{m}"));
            }
        }
        cases.extend(
            ["-0.0", "0e-400", "-0e400", "0.0e0", "2.4703282292062327e-324", "2.4703282292062328e-324"]
                .map(String::from),
        );
        for c in &cases {
            let want: f64 = c.parse().unwrap();
            let got = parse_float(c.as_bytes());
            if want.is_finite() {
                assert_eq!(got.map(f64::to_bits), Ok(want.to_bits()), "{c}");
            } else {
                assert_eq!(got, Err(NumError::OutOfRange), "{c}");
            }
        }
    }

    #[test]
    fn float_errors() {
        assert_eq!(parse_float(b"1e400"), Err(NumError::OutOfRange));
        assert_eq!(parse_float(b"-1e99999999999999999999"), Err(NumError::OutOfRange));
        assert_eq!(parse_float(b"0e99999999999999999999"), Ok(0.0));
        for bad in ["", "-", "1.", ".5", "1e", "1e+", "1.5x", "1..5", "--1", "1e5.5"] {
            assert_eq!(parse_float(bad.as_bytes()), Err(NumError::Invalid), "{bad}");
        }
    }

    #[test]
    fn loose_numbers_become_json_numbers() {
        let n = |s: &str| normalize_loose(s.as_bytes()).map(|(v, int)| (String::from_utf8(v).unwrap(), int));
        assert_eq!(n("+1"), Some(("1".into(), true)));
        assert_eq!(n("-1"), Some(("-1".into(), true)));
        assert_eq!(n(".5"), Some(("0.5".into(), false)));
        assert_eq!(n("-.5e3"), Some(("-0.5e3".into(), false)));
        assert_eq!(n("5."), Some(("5.0".into(), false)));
        assert_eq!(n("+5.E-2"), Some(("5.0e-2".into(), false)));
        assert_eq!(n("+0"), Some(("0".into(), true)));
        assert_eq!(n("+1e5"), Some(("1e5".into(), false)));
        for bad in [".", "+.", "01", "+01.5", "1e", "1e+", "x", "+", "1.2.3", "1.x", ".e5"] {
            assert_eq!(n(bad), None, "{bad}");
        }
    }

    #[test]
    fn hex_integers() {
        let h = |s: &str| parse_hex(s.as_bytes());
        assert_eq!(h("0x1F"), Ok(Number::from(31u64)));
        assert_eq!(h("-0XfF"), Ok(Number::from(-255i64)));
        assert_eq!(h("+0x0"), Ok(Number::from(0u64)));
        assert!(h("-0x0").unwrap().strict_eq(&Number::from_finite_f64(-0.0)));
        assert_eq!(h("0xFFFFFFFFFFFFFFFF"), Ok(Number::from(u64::MAX)));
        assert_eq!(h("-0x8000000000000000"), Ok(Number::from(i64::MIN)));
        assert!(h("-0x8000000000000001").unwrap().strict_eq(&Number::from_finite_f64(-9223372036854775809.0)));
        assert_eq!(h("0x0000000000000000000001"), Ok(Number::from(1u64)));
        // Beyond 64 bits: rounded once, to nearest even, as JavaScript's Number("0x...").
        assert!(h("0x10000000000000000").unwrap().strict_eq(&Number::from_finite_f64(18446744073709551616.0)));
        // 2^64 + 2^11 + 1: above the halfway point between 2^64 and 2^64 + 2^12.
        assert!(h("0x10000000000000801").unwrap().strict_eq(&Number::from_finite_f64(18446744073709555712.0)));
        // 2^64 + 2^11: exactly halfway, to even (2^64).
        assert!(h("0x10000000000000800").unwrap().strict_eq(&Number::from_finite_f64(18446744073709551616.0)));
        assert_eq!(h(&format!("0x1{}", "0".repeat(300))), Err(NumError::OutOfRange));
        for bad in ["0x", "x1", "0xg", "1", "-0x"] {
            assert_eq!(h(bad), Err(NumError::Invalid), "{bad}");
        }
    }
}
