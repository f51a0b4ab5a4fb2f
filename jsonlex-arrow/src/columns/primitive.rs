//! Fixed-width values: integers, floats, dates, times and durations (`Numeric`),
//! timestamps (`Timestamp`), decimals (`Decimal`), each parsed from numbers and from
//! strings the way arrow-json parses them.

use std::marker::PhantomData;
use std::sync::Arc;

use arrow_array::timezone::Tz;
use arrow_array::types::{ArrowTimestampType, DecimalType};
use arrow_array::{ArrayRef, ArrowPrimitiveType, PrimitiveArray};
use arrow_buffer::NullBufferBuilder;
use arrow_cast::parse::{parse_decimal, string_to_datetime, Parser};
use arrow_schema::{ArrowError, DataType, TimeUnit};
use half::f16;
use json_runtime::{JsonToken, Token};
use num_traits::NumCast;

use super::{number_text, Column};
use crate::cursor::{Cursor, Res};

/// How one family turns a JSON number's text and a JSON string into its native value.
pub(crate) trait Parse<P: ArrowPrimitiveType>: Send {
    /// A short integer's digits straight to the value (`None`: go through `number`).
    #[inline]
    fn integer(&self, _digits: &[u8]) -> Option<P::Native> {
        None
    }
    /// A float token straight to the value (`None`: go through `number`).
    #[inline]
    fn float(&self, _token: &[u8]) -> Option<P::Native> {
        None
    }
    fn number(&self, text: &str) -> Result<P::Native, String>;
    fn string(&self, text: &str) -> Result<P::Native, String>;
}

/// A column of primitive values.
pub(crate) struct Primitive<P: ArrowPrimitiveType, F> {
    values: Vec<P::Native>,
    nulls: NullBufferBuilder,
    data_type: DataType,
    path: String,
    parse: F,
    _type: PhantomData<fn(P) -> P>,
}

impl<P: ArrowPrimitiveType, F: Parse<P>> Primitive<P, F> {
    pub(crate) fn new(data_type: DataType, path: String, parse: F) -> Self {
        Primitive { values: Vec::new(), nulls: NullBufferBuilder::new(0), data_type, path, parse, _type: PhantomData }
    }
}

impl<P: ArrowPrimitiveType, F: Parse<P>> Column for Primitive<P, F> {
    #[inline]
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        let parsed = match t.kind {
            JsonToken::Integer => match self.parse.integer(&cur.input()[t.start..t.end]) {
                Some(v) => Ok(v),
                None => self.parse.number(number_text(cur, t)),
            },
            JsonToken::Float => match self.parse.float(&cur.input()[t.start..t.end]) {
                Some(v) => Ok(v),
                None => self.parse.number(number_text(cur, t)),
            },
            JsonToken::String | JsonToken::EscapedString => {
                let s = std::str::from_utf8(cur.str_bytes(t)?).unwrap_or_default();
                self.parse.string(s)
            }
            JsonToken::Null => {
                self.push_null();
                return Ok(());
            }
            _ => return Err(cur.wrong_type(t, &self.path, &self.data_type)),
        };
        match parsed {
            Ok(v) => {
                self.values.push(v);
                self.nulls.append_non_null();
                Ok(())
            }
            Err(why) => Err(cur.unparsable(t, &self.path, &self.data_type, &why)),
        }
    }

    #[inline]
    fn push_null(&mut self) {
        self.values.push(P::Native::default());
        self.nulls.append_null();
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        self.nulls.truncate(len);
    }

    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        // The next batch is likely as large: its buffer is allocated once, not regrown.
        let values = {
            let n = self.values.len();
            std::mem::replace(&mut self.values, Vec::with_capacity(n))
        };
        let nulls = self.nulls.finish();
        let array = PrimitiveArray::<P>::try_new(values.into(), nulls)?.with_data_type(self.data_type.clone());
        Ok(Arc::new(array))
    }
}

/// A JSON number as a native value, as arrow-json reads it: the integer if the text is
/// one that fits, else the number as an `f64` cast (truncated) to the type.
pub(crate) trait JsonNumber: Sized {
    /// Whether an integer token may go to the value through an i64 (not for floats:
    /// `-0` is `-0.0`, and f16 rounds through f32 in arrow-json).
    const THROUGH_I64: bool = true;
    fn from_json(text: &str) -> Option<Self>;
    /// A short decimal float token (`-12.345`) exactly as `from_json` reads it,
    /// without the text round (`None`: not one such, use `from_json`).
    #[inline]
    fn from_short_decimal(_token: &[u8]) -> Option<Self> {
        None
    }
}

macro_rules! json_integer {
    ($($t:ty),*) => {$(
        impl JsonNumber for $t {
            #[inline]
            fn from_json(text: &str) -> Option<Self> {
                match text.parse::<$t>() {
                    Ok(v) => Some(v),
                    Err(_) => text.parse::<f64>().ok().and_then(NumCast::from),
                }
            }
        }
    )*};
}
json_integer!(i8, i16, i32, i64, u8, u16, u32, u64);

impl JsonNumber for f16 {
    const THROUGH_I64: bool = false;
    fn from_json(text: &str) -> Option<Self> {
        // Through f32, as arrow-json does (so the same rounding).
        text.parse::<f32>().ok().map(f16::from_f32)
    }
}

impl JsonNumber for f32 {
    const THROUGH_I64: bool = false;
    fn from_json(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl JsonNumber for f64 {
    const THROUGH_I64: bool = false;
    fn from_json(text: &str) -> Option<Self> {
        text.parse().ok()
    }
    #[inline]
    fn from_short_decimal(token: &[u8]) -> Option<Self> {
        short_decimal(token)
    }
}

/// Powers of ten that an f64 holds exactly.
const EXACT_POW10: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/// `-?digits.digits` (no exponent, as the lexer matched it) of at most 15 digits in
/// all: the digits as an integer `m < 2^53` and `m / 10^k` in one division, both
/// exact before it, so the quotient is the correctly rounded value, the one the text
/// parser gives (Clinger's fast path). `None` for anything else.
#[inline]
fn short_decimal(token: &[u8]) -> Option<f64> {
    let (neg, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.len() > 16 {
        return None;
    }
    let (mut m, mut frac, mut dot) = (0u64, 0usize, false);
    for &d in digits {
        match d {
            b'0'..=b'9' => {
                m = m * 10 + (d - b'0') as u64;
                frac += dot as usize;
            }
            b'.' if !dot => dot = true,
            _ => return None,
        }
    }
    if !dot || digits.len() - 1 > 15 {
        return None;
    }
    let v = m as f64 / EXACT_POW10[frac];
    Some(if neg { -v } else { v })
}

/// Integers, floats, dates, times, durations: numbers as [`JsonNumber`], strings with
/// arrow-cast's parser for the type ("2024-05-01" for a date, "5" for an integer).
pub(crate) struct Numeric;

impl<P> Parse<P> for Numeric
where
    P: ArrowPrimitiveType + Parser,
    P::Native: JsonNumber + NumCast,
{
    #[inline]
    fn integer(&self, digits: &[u8]) -> Option<P::Native> {
        if !P::Native::THROUGH_I64 {
            return None;
        }
        short_integer(digits).and_then(NumCast::from)
    }
    #[inline]
    fn float(&self, token: &[u8]) -> Option<P::Native> {
        P::Native::from_short_decimal(token)
    }
    #[inline]
    fn number(&self, text: &str) -> Result<P::Native, String> {
        P::Native::from_json(text).ok_or_default()
    }
    #[inline]
    fn string(&self, text: &str) -> Result<P::Native, String> {
        P::parse(text).ok_or_default()
    }
}

/// An integer token of at most 18 digits (it fits an i64), as the lexer matched it:
/// `-?(0|[1-9][0-9]*)`.
#[inline]
fn short_integer(token: &[u8]) -> Option<i64> {
    let (neg, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut v: i64 = 0;
    for &d in digits {
        v = v * 10 + (d.wrapping_sub(b'0') as i64);
    }
    Some(if neg { -v } else { v })
}

trait OkOrDefault<T> {
    fn ok_or_default(self) -> Result<T, String>;
}

impl<T> OkOrDefault<T> for Option<T> {
    #[inline]
    fn ok_or_default(self) -> Result<T, String> {
        self.ok_or_else(String::new)
    }
}

/// Timestamps: strings as RFC 3339 (or the forms arrow-cast accepts, local times in the
/// column's zone), numbers as a count of the column's unit.
pub(crate) struct Timestamp {
    tz: Tz,
}

impl Timestamp {
    pub(crate) fn new(tz: Option<String>) -> Result<Timestamp, ArrowError> {
        let tz = match tz {
            Some(z) => z.parse()?,
            None => "+00:00".parse()?,
        };
        Ok(Timestamp { tz })
    }
}

impl<P: ArrowTimestampType> Parse<P> for Timestamp {
    fn number(&self, text: &str) -> Result<i64, String> {
        match text.parse::<i64>() {
            Ok(v) => Ok(v),
            Err(_) => text.parse::<f64>().map(|f| f as i64).map_err(|_| String::new()),
        }
    }
    fn string(&self, text: &str) -> Result<i64, String> {
        let date = string_to_datetime(&self.tz, text).map_err(|e| e.to_string())?;
        match P::UNIT {
            TimeUnit::Second => Ok(date.timestamp()),
            TimeUnit::Millisecond => Ok(date.timestamp_millis()),
            TimeUnit::Microsecond => Ok(date.timestamp_micros()),
            TimeUnit::Nanosecond => {
                date.timestamp_nanos_opt().ok_or_else(|| "overflows 64-bit signed nanoseconds".to_owned())
            }
        }
    }
}

/// Decimals: numbers and strings alike from their text (exactly: no float in between).
pub(crate) struct Decimal {
    pub(crate) precision: u8,
    pub(crate) scale: i8,
}

impl<D: DecimalType> Parse<D> for Decimal {
    fn number(&self, text: &str) -> Result<D::Native, String> {
        parse_decimal::<D>(text, self.precision, self.scale).map_err(|e| e.to_string())
    }
    fn string(&self, text: &str) -> Result<D::Native, String> {
        parse_decimal::<D>(text, self.precision, self.scale).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::short_decimal;

    #[test]
    fn short_decimals_are_what_the_text_parser_gives() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checked = 0;
        for _ in 0..200_000 {
            let (int_len, frac_len) = ((next() % 12) as usize, 1 + (next() % 15) as usize);
            let mut s = String::new();
            if next() % 2 == 0 {
                s.push('-');
            }
            s.push_str(&(next() % 10u64.pow(int_len as u32 + 1)).to_string());
            s.push('.');
            for _ in 0..frac_len {
                s.push(char::from(b'0' + (next() % 10) as u8));
            }
            if let Some(v) = short_decimal(s.as_bytes()) {
                let want: f64 = s.parse().unwrap();
                assert_eq!(v.to_bits(), want.to_bits(), "{s}");
                checked += 1;
            }
        }
        assert!(checked > 100_000, "the fast path took {checked}");
        for (s, fast) in [("-0.0", true), ("0.5", true), ("1e5", false), ("1.5e3", false), ("123456789012.3456", false)]
        {
            assert_eq!(short_decimal(s.as_bytes()).is_some(), fast, "{s}");
            if let Some(v) = short_decimal(s.as_bytes()) {
                assert_eq!(v.to_bits(), s.parse::<f64>().unwrap().to_bits(), "{s}");
            }
        }
    }
}
