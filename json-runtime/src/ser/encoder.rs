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
    /// Strings go through [`Encoder::string_blocks`] (any level but scalar).
    blocks: bool,
}

impl<'a> Encoder<'a> {
    pub(crate) fn new(out: Vec<u8>, opts: &'a EncodeOptions) -> Encoder<'a> {
        Encoder::with_level(out, opts, simd::level())
    }

    pub(crate) fn with_level(out: Vec<u8>, opts: &'a EncodeOptions, level: Level) -> Encoder<'a> {
        let flags = opts.escape_bits();
        let finder = finder(flags, level);
        let blocks = finder.level() != Level::Scalar;
        Encoder { out, opts, table: &escape::TABLES[flags], finder, blocks }
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

    #[inline]
    pub(crate) fn string(&mut self, s: &str) {
        if self.blocks {
            self.string_blocks(s)
        } else {
            self.string_scan(s)
        }
    }

    /// A string in quotes, block by block: the finder's block kernel flags the stop
    /// bytes of a word/vector at once and every stop in it is handled from the mask,
    /// without another search; a block without stops hands over to the search kernel,
    /// which skips the rest of a long clean run. Escape-dense text pays one kernel
    /// call per block instead of one per escape.
    fn string_blocks(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let len = bytes.len();
        let table = self.table;
        let finder = self.finder;
        let shift = finder.lane_shift();
        let out = &mut self.out;
        out.reserve(len + 2);
        out.push(b'"');
        // `start`: first byte not yet written; `next`: first byte not yet consumed (an
        // escaped multibyte character consumes past its lead byte); `pos`: first byte
        // not yet classified.
        let mut start = 0;
        let mut next = 0;
        // Most strings need no escape at all: one search finds that (or the first stop)
        // without building block masks.
        let mut pos = finder.find(bytes, 0);
        while pos < len {
            let (mut m, width) = finder.block(bytes, pos);
            if m == 0 {
                pos = finder.find(bytes, pos + width);
                continue;
            }
            // Room for the pending run, every escape of the block (at most 6 output
            // bytes per input byte, 12 for a character starting in its last byte) and
            // the slack of `copy_run`.
            out.reserve(pos - start + 7 * width + 32);
            let base = out.len();
            // SAFETY: the reservation above covers everything written below: runs
            // total at most `pos + width - start` bytes (+16 slack from `copy_run`),
            // escapes at most `6 * width + 12`. `set_len` covers only written bytes.
            unsafe {
                let mut dst = out.as_mut_ptr().add(base);
                while m != 0 {
                    let p = pos + (m.trailing_zeros() >> shift) as usize;
                    m &= m - 1;
                    if p < next {
                        continue;
                    }
                    let b = *bytes.get_unchecked(p);
                    let code = table[b as usize];
                    if code == VERBATIM {
                        // A SWAR lane above a true stop.
                        continue;
                    }
                    let run = p - start;
                    let (n, consumed) = match code {
                        LINE_TERMINATOR => {
                            if bytes.get(p + 1) == Some(&0x80) && matches!(bytes.get(p + 2), Some(0xA8 | 0xA9)) {
                                copy_run(bytes, start, p, dst);
                                let esc = if bytes[p + 2] == 0xA8 { b"\\u2028" } else { b"\\u2029" };
                                core::ptr::copy_nonoverlapping(esc.as_ptr(), dst.add(run), 6);
                                (6, 3)
                            } else {
                                next = p + 1;
                                continue;
                            }
                        }
                        HEX_LOWER | HEX_UPPER => {
                            copy_run(bytes, start, p, dst);
                            let digits = if code == HEX_LOWER { HEX_LOWER_DIGITS } else { HEX_UPPER_DIGITS };
                            let esc = [b'\\', b'u', b'0', b'0', digits[(b >> 4) as usize], digits[(b & 0xF) as usize]];
                            core::ptr::copy_nonoverlapping(esc.as_ptr(), dst.add(run), 6);
                            (6, 1)
                        }
                        NON_ASCII => {
                            copy_run(bytes, start, p, dst);
                            let (cp, char_len) = decode_char(&bytes[p..]);
                            if cp >= 0x10000 {
                                let c = cp - 0x10000;
                                u16_escape(dst.add(run), 0xD800 | (c >> 10));
                                u16_escape(dst.add(run + 6), 0xDC00 | (c & 0x3FF));
                                (12, char_len)
                            } else {
                                u16_escape(dst.add(run), cp);
                                (6, char_len)
                            }
                        }
                        short => {
                            copy_run(bytes, start, p, dst);
                            *dst.add(run) = b'\\';
                            *dst.add(run + 1) = short;
                            (2, 1)
                        }
                    };
                    dst = dst.add(run + n);
                    next = p + consumed;
                    start = next;
                }
                let written = dst.offset_from(out.as_ptr()) as usize;
                out.set_len(written);
            }
            pos = (pos + width).max(next);
        }
        let run = len - start;
        out.reserve(run + 17);
        let base = out.len();
        // SAFETY: room for `run + 17` bytes after `base`; `copy_run` writes at most
        // `max(run, 16)`, the quote goes to `base + run`; `set_len` covers the run and
        // the quote, both written.
        unsafe {
            let dst = out.as_mut_ptr().add(base);
            copy_run(bytes, start, len, dst);
            *dst.add(run) = b'"';
            out.set_len(base + run + 1);
        }
    }

    /// A string in quotes, one search per stop: runs of bytes the table leaves alone
    /// are found by the finder and copied in one piece; every other byte is escaped as
    /// its table entry says. The scalar level's path (its finder is a byte loop).
    fn string_scan(&mut self, s: &str) {
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
            let run = i - start;
            // One capacity check for the pending run and the escape (at most 12 bytes)
            // plus the slack `copy_run` may write.
            out.reserve(run + 32);
            let len = out.len();
            // SAFETY: `reserve` made room for `run + 32` bytes after `len`. `copy_run`
            // writes at most `max(run, 16)` bytes at `dst` (its contract); the escape
            // goes to `dst + run` and is at most 12 bytes. Only written bytes are then
            // covered by `set_len`.
            let n = unsafe {
                let dst = out.as_mut_ptr().add(len);
                copy_run(bytes, start, i, dst);
                let e = dst.add(run);
                match code {
                    LINE_TERMINATOR => {
                        // Only E2 80 A8 / E2 80 A9 are escaped; other E2 characters stay
                        // in the run (nothing committed: the copy is left in spare
                        // capacity).
                        if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) {
                            let esc = if bytes[i + 2] == 0xA8 { b"\\u2028" } else { b"\\u2029" };
                            core::ptr::copy_nonoverlapping(esc.as_ptr(), e, 6);
                            i += 3;
                            6
                        } else {
                            i += 1;
                            continue;
                        }
                    }
                    HEX_LOWER | HEX_UPPER => {
                        let digits = if code == HEX_LOWER { HEX_LOWER_DIGITS } else { HEX_UPPER_DIGITS };
                        let esc = [b'\\', b'u', b'0', b'0', digits[(b >> 4) as usize], digits[(b & 0xF) as usize]];
                        core::ptr::copy_nonoverlapping(esc.as_ptr(), e, 6);
                        i += 1;
                        6
                    }
                    NON_ASCII => {
                        let (cp, char_len) = decode_char(&bytes[i..]);
                        i += char_len;
                        if cp >= 0x10000 {
                            let c = cp - 0x10000;
                            u16_escape(e, 0xD800 | (c >> 10));
                            u16_escape(e.add(6), 0xDC00 | (c & 0x3FF));
                            12
                        } else {
                            u16_escape(e, cp);
                            6
                        }
                    }
                    short => {
                        *e = b'\\';
                        *e.add(1) = short;
                        i += 1;
                        2
                    }
                }
            };
            // SAFETY: the run and `n` escape bytes after `len` were written above.
            unsafe { out.set_len(len + run + n) };
            start = i;
        }
        let run = bytes.len() - start;
        out.reserve(run + 17);
        let len = out.len();
        // SAFETY: room for `run + 17` bytes after `len`; `copy_run` writes at most
        // `max(run, 16)`, the quote goes to `len + run`; `set_len` covers the run and
        // the quote, both written.
        unsafe {
            let dst = out.as_mut_ptr().add(len);
            copy_run(bytes, start, bytes.len(), dst);
            *dst.add(run) = b'"';
            out.set_len(len + run + 1);
        }
    }
}

/// Copy `bytes[start..end]` to `dst` without a `memcpy` call for runs of up to 64
/// bytes (escape-heavy text and short keys have many): one 16-byte block when 16 bytes
/// are readable from `start` and the run is no longer (the block may write past the run),
/// else at most two overlapping loads and stores; longer runs use `memcpy`.
///
/// # Safety
/// `start <= end <= bytes.len()`; `dst` is writable for `max(end - start, 16)` bytes
/// and does not overlap `bytes`.
#[inline(always)]
unsafe fn copy_run(bytes: &[u8], start: usize, end: usize, dst: *mut u8) {
    let run = end - start;
    // SAFETY: reads stay in `bytes[start..start + 16]` (checked) or `bytes[start..end]`;
    // writes stay in `dst[..max(run, 16)]`, as the caller guarantees writable.
    unsafe {
        let src = bytes.as_ptr().add(start);
        if run <= 16 && bytes.len() - start >= 16 {
            core::ptr::copy_nonoverlapping(src, dst, 16);
        } else if run <= 32 {
            copy_small(src, dst, run);
        } else if run <= 64 {
            // Two overlapping 32-byte copies.
            copy_small(src, dst, 32);
            copy_small(src.add(run - 32), dst.add(run - 32), 32);
        } else {
            core::ptr::copy_nonoverlapping(src, dst, run);
        }
    }
}

/// Copy `n <= 32` bytes with at most two overlapping loads and stores, instead of a
/// `memcpy` call.
///
/// # Safety
/// `src` readable and `dst` writable for `n` bytes; the ranges do not overlap.
#[inline(always)]
unsafe fn copy_small(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: in every branch, every read is inside `src[..n]` and every write inside
    // `dst[..n]` (`n - 16 >= 0` when `n >= 16`, and so on); unaligned accesses are
    // used throughout.
    unsafe {
        if n >= 16 {
            let a = src.cast::<u128>().read_unaligned();
            let b = src.add(n - 16).cast::<u128>().read_unaligned();
            dst.cast::<u128>().write_unaligned(a);
            dst.add(n - 16).cast::<u128>().write_unaligned(b);
        } else if n >= 8 {
            let a = src.cast::<u64>().read_unaligned();
            let b = src.add(n - 8).cast::<u64>().read_unaligned();
            dst.cast::<u64>().write_unaligned(a);
            dst.add(n - 8).cast::<u64>().write_unaligned(b);
        } else if n >= 4 {
            let a = src.cast::<u32>().read_unaligned();
            let b = src.add(n - 4).cast::<u32>().read_unaligned();
            dst.cast::<u32>().write_unaligned(a);
            dst.add(n - 4).cast::<u32>().write_unaligned(b);
        } else {
            for k in 0..n {
                *dst.add(k) = *src.add(k);
            }
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
    // + the slack `put_run_and_escape` reserves past the last string.
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
        Value::String(s) => s.len() + 2,
        _ => estimate(v, depth.saturating_sub(1)),
    }
}
