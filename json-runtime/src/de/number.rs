//! Number tokens to [`Number`]s: integers exactly, floats correctly rounded.
//!
//! The lexer has already checked the syntax (`-?(0|[1-9][0-9]*)` for an Integer, RFC
//! 8259 for a Float); these functions still reject anything else rather than misread
//! it, so that a lexer for a looser dialect cannot make them panic or lie.

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
    if digits.len() <= 19 {
        // 19 digits never overflow u64.
        for &b in digits {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(NumError::Invalid);
            }
            n = n * 10 + d as u64;
        }
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

/// Powers of ten that are exact in `f64`.
static POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A number token (Float, or an Integer out of 64-bit range) to the nearest `f64`.
///
/// Up to 19 significant digits are read here; when the significand and the power of
/// ten are both exact in `f64` (Clinger's fast path) one multiplication or division
/// gives the correctly rounded result. Everything else goes to the standard library's
/// parser (Eisel-Lemire with a big-decimal fallback), which is correctly rounded.
#[inline]
pub(crate) fn parse_float(bytes: &[u8]) -> Result<f64, NumError> {
    let len = bytes.len();
    let mut i = 0;
    let neg = bytes.first() == Some(&b'-');
    if neg {
        i = 1;
    }
    let mut mantissa: u64 = 0;
    let mut digits = 0u32; // significant digits in `mantissa`
    let mut exp: i64 = 0;
    let mut truncated = false;

    let int_start = i;
    while i < len {
        let d = bytes[i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if digits < 19 {
            mantissa = mantissa * 10 + d as u64;
            digits += (mantissa != 0) as u32;
        } else {
            exp += 1;
            truncated |= d != 0;
        }
        i += 1;
    }
    if i == int_start {
        return Err(NumError::Invalid);
    }
    if i < len && bytes[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < len {
            let d = bytes[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            if digits < 19 {
                mantissa = mantissa * 10 + d as u64;
                digits += (mantissa != 0) as u32;
                exp -= 1;
            } else {
                truncated |= d != 0;
            }
            i += 1;
        }
        if i == frac_start {
            return Err(NumError::Invalid);
        }
    }
    if i < len && (bytes[i] | 0x20) == b'e' {
        i += 1;
        let exp_neg = match bytes.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let exp_start = i;
        let mut e: i64 = 0;
        while i < len {
            let d = bytes[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            // Saturate: no f64 needs an exponent anywhere near this.
            e = (e * 10 + d as i64).min(1 << 40);
            i += 1;
        }
        if i == exp_start {
            return Err(NumError::Invalid);
        }
        exp += if exp_neg { -e } else { e };
    }
    if i != len {
        return Err(NumError::Invalid);
    }

    if mantissa == 0 && !truncated {
        return Ok(if neg { -0.0 } else { 0.0 });
    }
    if !truncated && mantissa <= 1u64 << 53 {
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
    slow(bytes)
}

/// True when a Float token certainly converts to a finite `f64` (the validator's
/// shortcut: it need not compute the value). False means "parse it to know".
#[inline]
pub(crate) fn surely_in_range(bytes: &[u8]) -> bool {
    if bytes.len() > 40 {
        return false;
    }
    let Some(e) = bytes.iter().rposition(|&b| b | 0x20 == b'e') else {
        return true; // fewer than 40 digits
    };
    let digits = match &bytes[e + 1..] {
        [b'-', ..] => return true, // tiny numbers round to zero, which is fine
        [b'+', rest @ ..] => rest,
        rest => rest,
    };
    digits.len() < 3 || (digits.len() == 3 && digits <= &b"250"[..])
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn float_errors() {
        assert_eq!(parse_float(b"1e400"), Err(NumError::OutOfRange));
        assert_eq!(parse_float(b"-1e99999999999999999999"), Err(NumError::OutOfRange));
        assert_eq!(parse_float(b"0e99999999999999999999"), Ok(0.0));
        for bad in ["", "-", "1.", ".5", "1e", "1e+", "1.5x", "1..5", "--1", "1e5.5"] {
            assert_eq!(parse_float(bad.as_bytes()), Err(NumError::Invalid), "{bad}");
        }
    }
}
