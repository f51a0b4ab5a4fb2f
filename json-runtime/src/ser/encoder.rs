//! The encoder proper: a walk over the [`Value`] writing into one `Vec<u8>`.

use std::sync::OnceLock;

use super::escape::{self, HEX_LOWER, HEX_UPPER, LINE_TERMINATOR, NON_ASCII, VERBATIM};
use super::format::{Compact, Formatter, Pretty};
use super::number::write_number;
use super::options::EncodeOptions;
use crate::simd::{self, Finder, Level};
use crate::value::{Map, Str, Value};

const LEVELS: usize = Level::ALL.len();

/// One finder per (escape flags, level), made on first use: building the stop table
/// costs more than encoding a small value.
static FINDERS: [OnceLock<Finder>; 128 * LEVELS] = [const { OnceLock::new() }; 128 * LEVELS];

fn finder(flags: usize, level: Level) -> &'static Finder {
    let slot = flags * LEVELS + (level as usize - 1);
    FINDERS[slot].get_or_init(|| Finder::with_level(escape::stop_set(flags), level))
}

/// Levels of arrays and objects the encoder's walk recurses into before it goes on
/// with a stack on the heap: a few kilobytes of the thread's stack.
const RECURSION: u32 = 128;

/// An array or object being written by [`Encoder::walk_deep`]: what is left of it, and
/// whether nothing of it was written yet.
enum Open<'v> {
    Array(core::slice::Iter<'v, Value>, bool),
    Object(Members<'v>, bool),
}

enum Members<'v> {
    InOrder(crate::value::Iter<'v>),
    Sorted(std::vec::IntoIter<(&'v Str, &'v Value)>),
}

impl<'v> Iterator for Members<'v> {
    type Item = (&'v Str, &'v Value);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Members::InOrder(it) => it.next(),
            Members::Sorted(it) => it.next(),
        }
    }
}

/// An object's members in key order ([`EncodeOptions::sort_keys`]).
fn sorted_members(m: &Map) -> Vec<(&Str, &Value)> {
    let mut members: Vec<_> = m.iter().collect();
    // Keys of a map are distinct: an unstable sort gives one order.
    members.sort_unstable_by(|a, b| a.0.cmp(b.0));
    members
}

const HEX_LOWER_DIGITS: &[u8; 16] = b"0123456789abcdef";
const HEX_UPPER_DIGITS: &[u8; 16] = b"0123456789ABCDEF";

pub(crate) struct Encoder<'a> {
    pub(crate) out: Vec<u8>,
    opts: &'a EncodeOptions,
    table: &'static [u8; 256],
    finder: &'static Finder,
}

impl<'a> Encoder<'a> {
    pub(crate) fn new(out: Vec<u8>, opts: &'a EncodeOptions) -> Encoder<'a> {
        Encoder::with_level(out, opts, simd::level())
    }

    pub(crate) fn with_level(out: Vec<u8>, opts: &'a EncodeOptions, level: Level) -> Encoder<'a> {
        let flags = opts.escape_bits();
        Encoder { out, opts, table: &escape::TABLES[flags], finder: finder(flags, level) }
    }

    pub(crate) fn value(&mut self, v: &Value) {
        match self.opts.indent {
            None => self.walk(v, &mut Compact, RECURSION),
            Some(width) => self.walk(v, &mut Pretty::new(width, self.opts.tab), RECURSION),
        }
    }

    /// Writes `v`, recursing into `levels` more levels of arrays and objects at most;
    /// deeper ones go to [`Encoder::walk_deep`], which keeps its stack on the heap.
    fn walk<F: Formatter>(&mut self, v: &Value, f: &mut F, levels: u32) {
        match v {
            Value::Null => self.out.extend_from_slice(b"null"),
            Value::Bool(true) => self.out.extend_from_slice(b"true"),
            Value::Bool(false) => self.out.extend_from_slice(b"false"),
            Value::Number(n) => {
                write_number(&mut self.out, n, self.opts.number_format, self.opts.preserve_zero_fraction)
            }
            Value::String(s) => self.string(s),
            Value::Array(_) | Value::Object(_) if levels == 0 => self.walk_deep(v, f),
            Value::Array(a) => {
                f.open(&mut self.out, b'[');
                let mut it = a.iter();
                if let Some(first) = it.next() {
                    f.item(&mut self.out, true);
                    self.walk(first, f, levels - 1);
                    for x in it {
                        f.item(&mut self.out, false);
                        self.walk(x, f, levels - 1);
                    }
                }
                f.close(&mut self.out, b']', a.is_empty());
            }
            Value::Object(m) if self.opts.sort_keys => self.sorted_object(m, f, levels - 1),
            Value::Object(m) => self.object(m.iter(), f, levels - 1),
        }
    }

    /// Writes `v` (an array or object nested more than [`RECURSION`] levels down) with
    /// an explicit stack of open containers: any depth the decoder allows is written
    /// without overflowing the thread's stack.
    #[cold]
    #[inline(never)]
    fn walk_deep<F: Formatter>(&mut self, v: &Value, f: &mut F) {
        let mut open: Vec<Open<'_>> = Vec::new();
        let mut next = Some(v);
        loop {
            if let Some(v) = next.take() {
                match v {
                    Value::Array(a) if a.is_empty() => self.out.extend_from_slice(b"[]"),
                    Value::Object(m) if m.is_empty() => self.out.extend_from_slice(b"{}"),
                    Value::Array(a) => {
                        f.open(&mut self.out, b'[');
                        open.push(Open::Array(a.iter(), true));
                    }
                    Value::Object(m) => {
                        f.open(&mut self.out, b'{');
                        let members = if self.opts.sort_keys {
                            Members::Sorted(sorted_members(m).into_iter())
                        } else {
                            Members::InOrder(m.iter())
                        };
                        open.push(Open::Object(members, true));
                    }
                    scalar => self.walk(scalar, f, 0),
                }
            }
            let Some(top) = open.last_mut() else { return };
            match top {
                Open::Array(rest, first) => match rest.next() {
                    Some(x) => {
                        f.item(&mut self.out, core::mem::take(first));
                        next = Some(x);
                    }
                    None => {
                        open.pop();
                        f.close(&mut self.out, b']', false);
                    }
                },
                Open::Object(rest, first) => match rest.next() {
                    Some((k, x)) => {
                        f.item(&mut self.out, core::mem::take(first));
                        self.string(k);
                        f.colon(&mut self.out);
                        next = Some(x);
                    }
                    None => {
                        open.pop();
                        f.close(&mut self.out, b'}', false);
                    }
                },
            }
        }
    }

    /// An object's members in the order given. Not forced inline: a larger walk
    /// stopped LLVM from inlining the number writer into it.
    fn object<'v, F: Formatter>(
        &mut self,
        members: impl ExactSizeIterator<Item = (&'v Str, &'v Value)>,
        f: &mut F,
        levels: u32,
    ) {
        f.open(&mut self.out, b'{');
        let empty = members.len() == 0;
        let mut first = true;
        for (k, v) in members {
            f.item(&mut self.out, first);
            first = false;
            self.string(k);
            f.colon(&mut self.out);
            self.walk(v, f, levels);
        }
        f.close(&mut self.out, b'}', empty);
    }

    /// An object's members in key order ([`EncodeOptions::sort_keys`]).
    #[cold]
    #[inline(never)]
    fn sorted_object<F: Formatter>(&mut self, m: &Map, f: &mut F, levels: u32) {
        self.object(sorted_members(m).into_iter(), f, levels);
    }

    /// A string in quotes. Runs of bytes the table leaves alone are copied by the
    /// finder's copy kernel, which tests and stores whole vectors in one pass (the
    /// vector holding the stop is stored too: the escape overwrites its tail); every
    /// other byte is escaped as its table entry says, and the copy goes on after it.
    #[inline]
    pub(crate) fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let len = bytes.len();
        let table = self.table;
        let finder = self.finder;
        let out = &mut self.out;
        // Room, kept from escape to escape: the rest of the string verbatim (what a
        // copy may write), the closing quote and one escape (12 bytes).
        const SLACK: usize = 1 + 12;
        // And a quarter more for escapes: growing the buffer now copies what is
        // written before the string, growing it in the middle (when escapes take
        // more) copies the string's output so far too.
        out.reserve(1 + len + len / 4 + SLACK);
        // SAFETY: `room` (from `dst` to the end of the capacity) is at least
        // `len - i + SLACK` before each copy and each escape: `reserve` made it so, a
        // copy of `stop - i` input bytes writes at most `len - i` (`Finder::copy`)
        // and advances `dst` and `i` alike, an escape writes at most 12 bytes for at
        // least one consumed (then room is checked again), the quote takes one.
        // `set_len` covers only bytes written: the quotes, the runs and the escapes.
        unsafe {
            let mut base = out.as_mut_ptr();
            let mut dst = base.add(out.len());
            let mut cap_end = base.add(out.capacity());
            *dst = b'"';
            dst = dst.add(1);
            let mut i = 0;
            loop {
                let stop = finder.copy(bytes, i, dst);
                dst = dst.add(stop - i);
                i = stop;
                let Some(&b) = bytes.get(i) else { break };
                let (n, consumed) = match table[b as usize] {
                    LINE_TERMINATOR => {
                        // Only E2 80 A8 / E2 80 A9 are escaped; other E2 characters are
                        // copied as they are.
                        if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) {
                            let esc = if bytes[i + 2] == 0xA8 { b"\\u2028" } else { b"\\u2029" };
                            core::ptr::copy_nonoverlapping(esc.as_ptr(), dst, 6);
                            (6, 3)
                        } else {
                            *dst = b;
                            (1, 1)
                        }
                    }
                    code @ (HEX_LOWER | HEX_UPPER) => {
                        let digits = if code == HEX_LOWER { HEX_LOWER_DIGITS } else { HEX_UPPER_DIGITS };
                        let esc = [b'\\', b'u', b'0', b'0', digits[(b >> 4) as usize], digits[(b & 0xF) as usize]];
                        core::ptr::copy_nonoverlapping(esc.as_ptr(), dst, 6);
                        (6, 1)
                    }
                    NON_ASCII => {
                        let (cp, char_len) = decode_char(&bytes[i..]);
                        if cp >= 0x10000 {
                            let c = cp - 0x10000;
                            u16_escape(dst, 0xD800 | (c >> 10));
                            u16_escape(dst.add(6), 0xDC00 | (c & 0x3FF));
                            (12, char_len)
                        } else {
                            u16_escape(dst, cp);
                            (6, char_len)
                        }
                    }
                    // Not a stop (the finder stops only at bytes the table escapes,
                    // a unit test checks): copied as it is.
                    VERBATIM => {
                        *dst = b;
                        (1, 1)
                    }
                    short => {
                        *dst = b'\\';
                        *dst.add(1) = short;
                        (2, 1)
                    }
                };
                dst = dst.add(n);
                i += consumed;
                if (cap_end.offset_from(dst) as usize) < len - i + SLACK {
                    // Escapes took the room: grow (rare; amortized by `reserve`).
                    let written = dst.offset_from(base) as usize;
                    out.set_len(written);
                    out.reserve(len - i + SLACK);
                    base = out.as_mut_ptr();
                    dst = base.add(written);
                    cap_end = base.add(out.capacity());
                }
            }
            *dst = b'"';
            out.set_len(dst.add(1).offset_from(base) as usize);
        }
    }
}

/// Write `\uXXXX` (lowercase hex) for the UTF-16 unit `u` at `dst`.
///
/// # Safety
/// `dst` writable for 6 bytes.
#[inline]
unsafe fn u16_escape(dst: *mut u8, u: u32) {
    let d = HEX_LOWER_DIGITS;
    let esc = [
        b'\\',
        b'u',
        d[(u >> 12) as usize & 0xF],
        d[(u >> 8) as usize & 0xF],
        d[(u >> 4) as usize & 0xF],
        d[u as usize & 0xF],
    ];
    // SAFETY: the caller guarantees 6 writable bytes.
    unsafe { core::ptr::copy_nonoverlapping(esc.as_ptr(), dst, 6) };
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
        (((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3), 4)
    }
}

/// A first buffer size from a shallow walk: the top two levels exactly (strings by
/// their length), deeper containers guessed from their member counts. Cheap on any
/// tree; the vector grows as usual past it.
pub(crate) fn initial_capacity(v: &Value) -> usize {
    // + the slack `Encoder::string` reserves past the last string.
    estimate(v, 2) + 32
}

fn estimate(v: &Value, depth: u32) -> usize {
    match v {
        Value::Array(a) if depth == 0 => 2 + a.len() * 16,
        Value::Object(m) if depth == 0 => 2 + m.len() * 32,
        Value::Array(a) => 2 + a.iter().map(|x| leaf_estimate(x, depth) + 1).sum::<usize>(),
        Value::Object(m) => 2 + m.iter().map(|(k, x)| k.len() + 4 + leaf_estimate(x, depth)).sum::<usize>(),
        _ => leaf_estimate(v, depth),
    }
}

/// Leaves without a call (arrays of strings or numbers are common and long).
#[inline(always)]
fn leaf_estimate(v: &Value, depth: u32) -> usize {
    match v {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(_) => 8,
        // What `Encoder::string` reserves: a first buffer that holds it does not grow
        // (and copy) at its first long string.
        Value::String(s) => s.len() + s.len() / 4 + 16,
        _ => estimate(v, depth.saturating_sub(1)),
    }
}
