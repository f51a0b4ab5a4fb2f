//! Number formatting: integers through `itoa`, floats through `zmij` (the shortest
//! round-trip digits; serde_json 1.0.15x uses the same crate, so the default output is
//! byte-identical), re-laid out in PHP's format on request.

use super::options::NumberFormat;
use crate::value::Number;

/// Always inlined: the encoder's walk has an instance per layout, and with two
/// callers LLVM kept this a call for every number.
#[inline(always)]
pub(crate) fn write_number(out: &mut Vec<u8>, n: &Number, format: NumberFormat, zero_fraction: bool) {
    // arbitrary_precision: the number's text, as it came (PHP's layout needs its value;
    // `preserve_zero_fraction(false)` still writes `1.0` as `1`).
    #[cfg(feature = "arbitrary_precision")]
    if format == NumberFormat::Serde {
        let text = n.as_str().as_bytes();
        return match text.strip_suffix(b".0") {
            Some(int) if !zero_fraction => out.extend_from_slice(int),
            _ => out.extend_from_slice(text),
        };
    }
    if let Some(u) = n.as_u64() {
        if format == NumberFormat::Php && u > i64::MAX as u64 {
            return write_php_float(out, u as f64, zero_fraction);
        }
        out.extend_from_slice(itoa::Buffer::new().format(u).as_bytes());
    } else if let Some(i) = n.as_i64() {
        out.extend_from_slice(itoa::Buffer::new().format(i).as_bytes());
    } else {
        let f = n.as_f64();
        match format {
            NumberFormat::Serde => write_serde_float(out, f, zero_fraction),
            NumberFormat::Php => write_php_float(out, f, zero_fraction),
        }
    }
}

#[inline]
pub(crate) fn write_serde_float(out: &mut Vec<u8>, f: f64, zero_fraction: bool) {
    let mut buf = zmij::Buffer::new();
    let s = buf.format_finite(f).as_bytes();
    match s.strip_suffix(b".0") {
        Some(int) if !zero_fraction => out.extend_from_slice(int),
        _ => out.extend_from_slice(s),
    }
}

/// PHP's `smart_str_append_double(.., serialize_precision = -1, zero_frac)`: the
/// shortest digits, laid out by `php_gcvt` with 17 significant digits as the limit.
#[cold]
pub(crate) fn write_php_float(out: &mut Vec<u8>, f: f64, zero_fraction: bool) {
    let start = out.len();
    if f.is_sign_negative() {
        out.push(b'-');
    }
    if f == 0.0 {
        out.push(b'0');
    } else {
        let mut buf = zmij::Buffer::new();
        let s = buf.format_finite(f.abs()).as_bytes();
        let (mantissa, exp) = match s.iter().position(|&c| c == b'e') {
            Some(e) => (&s[..e], parse_exp(&s[e + 1..])),
            None => (s, 0),
        };
        // Digits without the point or leading zeros; value = 0.DIGITS * 10^decpt.
        let point = mantissa.iter().position(|&c| c == b'.').unwrap_or(mantissa.len());
        let mut digits = [0u8; 40];
        let mut n = 0;
        let mut lead = 0i32;
        for &c in mantissa.iter().filter(|&&c| c != b'.') {
            if n == 0 && c == b'0' {
                lead += 1;
            } else {
                digits[n] = c;
                n += 1;
            }
        }
        while n > 1 && digits[n - 1] == b'0' {
            n -= 1;
        }
        let digits = &digits[..n];
        let decpt = point as i32 - lead + exp;
        if !(-3..=17).contains(&decpt) {
            out.push(digits[0]);
            out.push(b'.');
            if n == 1 {
                out.push(b'0');
            } else {
                out.extend_from_slice(&digits[1..]);
            }
            out.push(b'e');
            let e = decpt - 1;
            out.push(if e < 0 { b'-' } else { b'+' });
            out.extend_from_slice(itoa::Buffer::new().format(e.unsigned_abs()).as_bytes());
        } else if decpt <= 0 {
            out.extend_from_slice(b"0.");
            for _ in decpt..0 {
                out.push(b'0');
            }
            out.extend_from_slice(digits);
        } else {
            let d = decpt as usize;
            if n <= d {
                out.extend_from_slice(digits);
                out.resize(out.len() + (d - n), b'0');
            } else {
                out.extend_from_slice(&digits[..d]);
                out.push(b'.');
                out.extend_from_slice(&digits[d..]);
            }
        }
    }
    if zero_fraction && !out[start..].iter().any(|&c| c == b'.' || c == b'e') {
        out.extend_from_slice(b".0");
    }
}

fn parse_exp(s: &[u8]) -> i32 {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let v = digits.iter().fold(0i32, |a, &c| a * 10 + (c - b'0') as i32);
    if neg {
        -v
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn php(f: f64, zf: bool) -> String {
        let mut v = Vec::new();
        write_php_float(&mut v, f, zf);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn php_layout() {
        let cases: &[(f64, &str, &str)] = &[
            (1e25, "1.0e+25", "1.0e+25"),
            (1e17, "1.0e+17", "1.0e+17"),
            (1e16, "10000000000000000", "10000000000000000.0"),
            (0.1, "0.1", "0.1"),
            (1.0, "1", "1.0"),
            (-0.0, "-0", "-0.0"),
            (0.0, "0", "0.0"),
            (0.0001, "0.0001", "0.0001"),
            (0.00001, "1.0e-5", "1.0e-5"),
            (1.5e-7, "1.5e-7", "1.5e-7"),
            (123456789012345680000.0, "1.2345678901234568e+20", "1.2345678901234568e+20"),
            (5e-324, "5.0e-324", "5.0e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308", "1.7976931348623157e+308"),
            (100.0, "100", "100.0"),
            (1.2345e16, "12345000000000000", "12345000000000000.0"),
            (1.2345e17, "1.2345e+17", "1.2345e+17"),
            (12345678901234567.0, "12345678901234568", "12345678901234568.0"),
            (-1.5, "-1.5", "-1.5"),
            (0.012, "0.012", "0.012"),
            (123.456, "123.456", "123.456"),
        ];
        for &(f, plain, zf) in cases {
            assert_eq!(php(f, false), plain, "{f:e}");
            assert_eq!(php(f, true), zf, "{f:e}");
        }
    }
}
