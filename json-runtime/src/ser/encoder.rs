//! The encoder proper: a walk over the [`Value`] writing into one `Vec<u8>`.

use std::sync::OnceLock;

use super::escape::{self, HEX_LOWER, HEX_UPPER, LINE_TERMINATOR, NON_ASCII};
use super::number::write_number;
use super::options::EncodeOptions;
use crate::simd::{self, Finder, Level};
use crate::value::{Map, Value};

const LEVELS: usize = Level::ALL.len();

/// One finder per (escape flags, level), made on first use: building the stop table
/// costs more than encoding a small value.
static FINDERS: [OnceLock<Finder>; 128 * LEVELS] = [const { OnceLock::new() }; 128 * LEVELS];

fn finder(flags: usize, level: Level) -> &'static Finder {
    let slot = flags * LEVELS + (level as usize - 1);
    FINDERS[slot].get_or_init(|| Finder::with_level(escape::stop_set(flags), level))
}

const HEX_LOWER_DIGITS: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER_DIGITS: &[u8; 16] = b"0123456789ABCDEF";

pub(crate) struct Encoder<'a> {
    pub(crate) out: Vec<u8>,
    opts: &'a EncodeOptions,
    table: &'static [u8; 256],
    finder: &'static Finder,
    depth: usize,
}

impl<'a> Encoder<'a> {
    pub(crate) fn new(out: Vec<u8>, opts: &'a EncodeOptions) -> Encoder<'a> {
        Encoder::with_level(out, opts, simd::level())
    }

    pub(crate) fn with_level(out: Vec<u8>, opts: &'a EncodeOptions, level: Level) -> Encoder<'a> {
        let flags = opts.escape_bits();
        Encoder {
            out,
            opts,
            table: &escape::TABLES[flags],
            finder: finder(flags, level),
            depth: 0,
        }
    }

    pub(crate) fn value(&mut self, v: &Value) {
        match self.opts.indent {
            None => self.compact(v),
            Some(indent) => self.pretty(v, indent),
        }
    }

    fn compact(&mut self, v: &Value) {
        match v {
            Value::Null => self.out.extend_from_slice(b"null"),
            Value::Bool(true) => self.out.extend_from_slice(b"true"),
            Value::Bool(false) => self.out.extend_from_slice(b"false"),
            Value::Number(n) => write_number(
                &mut self.out,
                n,
                self.opts.number_format,
                self.opts.preserve_zero_fraction,
            ),
            Value::String(s) => self.string(s),
            Value::Array(a) => {
                self.out.push(b'[');
                let mut it = a.iter();
                if let Some(first) = it.next() {
                    self.compact(first);
                    for x in it {
                        self.out.push(b',');
                        self.compact(x);
                    }
                }
                self.out.push(b']');
            }
            Value::Object(m) => self.compact_object(m),
        }
    }

    fn compact_object(&mut self, m: &Map) {
        self.out.push(b'{');
        let mut first = true;
        for (k, v) in m.iter() {
            if !first {
                self.out.push(b',');
            }
            first = false;
            self.string(k);
            self.out.push(b':');
            self.compact(v);
        }
        self.out.push(b'}');
    }

    fn newline(&mut self, indent: usize) {
        self.out.push(b'\n');
        let n = self.depth * indent;
        self.out.resize(self.out.len() + n, b' ');
    }

    fn pretty(&mut self, v: &Value, indent: usize) {
        match v {
            Value::Array(a) if !a.is_empty() => {
                self.out.push(b'[');
                self.depth += 1;
                for (i, x) in a.iter().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.newline(indent);
                    self.pretty(x, indent);
                }
                self.depth -= 1;
                self.newline(indent);
                self.out.push(b']');
            }
            Value::Object(m) if !m.is_empty() => {
                self.out.push(b'{');
                self.depth += 1;
                for (i, (k, x)) in m.iter().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.newline(indent);
                    self.string(k);
                    self.out.extend_from_slice(b": ");
                    self.pretty(x, indent);
                }
                self.depth -= 1;
                self.newline(indent);
                self.out.push(b'}');
            }
            _ => self.compact(v),
        }
    }

    /// A string in quotes: runs of bytes the table leaves alone are found by the
    /// finder and copied in one piece; every other byte is escaped as its table entry
    /// says.
    #[inline]
    pub(crate) fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let out = &mut self.out;
        out.reserve(bytes.len() + 2);
        out.push(b'"');
        let mut start = 0;
        let mut i = 0;
        loop {
            i = self.finder.find(bytes, i);
            let Some(&b) = bytes.get(i) else { break };
            let code = self.table[b as usize];
            if code == LINE_TERMINATOR {
                // Only E2 80 A8 / E2 80 A9 are escaped; other E2 characters stay in
                // the run.
                if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9))
                {
                    out.extend_from_slice(&bytes[start..i]);
                    out.extend_from_slice(if bytes[i + 2] == 0xA8 {
                        b"\\u2028"
                    } else {
                        b"\\u2029"
                    });
                    i += 3;
                    start = i;
                } else {
                    i += 1;
                }
                continue;
            }
            out.extend_from_slice(&bytes[start..i]);
            match code {
                HEX_LOWER | HEX_UPPER => {
                    let digits = if code == HEX_LOWER {
                        HEX_LOWER_DIGITS
                    } else {
                        HEX_UPPER_DIGITS
                    };
                    out.extend_from_slice(&[
                        b'\\',
                        b'u',
                        b'0',
                        b'0',
                        digits[(b >> 4) as usize],
                        digits[(b & 0xF) as usize],
                    ]);
                    i += 1;
                }
                NON_ASCII => {
                    let (cp, len) = decode_char(&bytes[i..]);
                    if cp >= 0x10000 {
                        let c = cp - 0x10000;
                        write_u16_escape(out, 0xD800 | (c >> 10));
                        write_u16_escape(out, 0xDC00 | (c & 0x3FF));
                    } else {
                        write_u16_escape(out, cp);
                    }
                    i += len;
                }
                short => {
                    out.extend_from_slice(&[b'\\', short]);
                    i += 1;
                }
            }
            start = i;
        }
        out.extend_from_slice(&bytes[start..]);
        out.push(b'"');
    }
}

#[inline]
fn write_u16_escape(out: &mut Vec<u8>, u: u32) {
    let d = HEX_LOWER_DIGITS;
    out.extend_from_slice(&[
        b'\\',
        b'u',
        d[(u >> 12) as usize & 0xF],
        d[(u >> 8) as usize & 0xF],
        d[(u >> 4) as usize & 0xF],
        d[u as usize & 0xF],
    ]);
}

/// The character starting at `s[0]` (a lead byte >= 0x80 of well-formed UTF-8: `s`
/// comes from a `&str`) and its length in bytes.
#[inline]
fn decode_char(s: &[u8]) -> (u32, usize) {
    let b0 = s[0] as u32;
    let cont = |k: usize| (s[k] & 0x3F) as u32;
    if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | cont(1), 2)
    } else if b0 < 0xF0 {
        (((b0 & 0x0F) << 12) | (cont(1) << 6) | cont(2), 3)
    } else {
        (
            ((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
            4,
        )
    }
}

/// A cheap upper-ish bound of the compact output size, to size the buffer once.
pub(crate) fn estimate(v: &Value) -> usize {
    match v {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(_) => 12,
        Value::String(s) => s.len() + 2,
        Value::Array(a) => 2 + a.iter().map(|x| estimate(x) + 1).sum::<usize>(),
        Value::Object(m) => {
            2 + m
                .iter()
                .map(|(k, x)| k.len() + 4 + estimate(x))
                .sum::<usize>()
        }
    }
}
