//! Skip kernels for generated lexers: how far a run of bytes of one class goes.
//!
//! A generated lexer that sits in a state looping on a wide byte class (a JSON string
//! body, whitespace, an identifier) calls [`skip_class`] (or [`skip_utf8`], when the
//! loop also accepts well-formed UTF-8 multibyte characters) to jump over the run, then
//! resumes its DFA at the returned index. The class is a [`ByteClass`] built at compile
//! time; the level is a [`Kernels`] value, which only exists for levels this CPU has.
//!
//! Every level returns exactly what the byte-by-byte loop returns. Per level:
//!
//! | level | `skip_class` | `skip_utf8` |
//! |---|---|---|
//! | `Scalar` | table loop | table loop + per-character check |
//! | `Swar` | 8 table entries AND'ed per step (no word-parallel form exists for an arbitrary class) | words with no high bit: the same class test; from a byte `>= 0x80` on, byte by byte (whole characters) until 8 ASCII bytes in a row |
//! | `Sse2` | 16 bytes: range compares; nibble-table classes fall back to the `Swar` loop (SSE2 has no byte shuffle) | 16 bytes: class test + a compare-based UTF-8 check; nibble-table classes use the `Swar` kernel |
//! | `Avx2` | 32 bytes: range compares or shufti | 32 bytes: class test + the lookup UTF-8 check |
//! | `Neon` | 16 bytes: compares or shufti (`tbl`) | 16 bytes: as AVX2 |
//!
//! The class test: a class (or its complement) of at most 3 ranges uses range compares
//! (three operations per range); any other class uses shufti nibble tables, with one
//! pair of tables when it decomposes into at most 8 buckets (high-nibble set x
//! low-nibble set) and two pairs otherwise (16 buckets always suffice: exact, one
//! extra lookup pair). See [`ByteClass::strategy`].
//!
//! The UTF-8 check is Keiser & Lemire's ("Validating UTF-8 in less than one instruction
//! per byte", as in simdjson/simdutf): three nibble lookups on each pair of adjacent
//! bytes plus the 2nd/3rd-continuation check, carried across blocks. A block with no
//! byte `>= 0x80` only runs the class test. When a block has an error, the scalar loop
//! takes over from the last character boundary; when it has a stop byte and no error
//! before it, the stop byte is the answer.
//!
//! Short inputs do not pay: the first byte is checked inline, before any call; the
//! vector levels then check the next 4 bytes one by one before setting up vectors, so
//! a run of a few bytes costs about a table loop; vectors are loaded only while they
//! fit inside the slice (no read past its end); the rest is the scalar loop.
//!
//! Generated lexers mostly enter through [`probe_utf8`] / [`probe_class`]: an inline
//! probe (16-byte blocks at the width the target always has, SSE2 or NEON, the class
//! folded into constant compares) that a hook runs once its own loop has seen 8 class
//! bytes, and that hands a run longer than 256 bytes to [`skip_utf8_long`] /
//! [`skip_class_long`]. It saves a call and a vector setup on the runs of 10 to a few
//! hundred bytes that text is mostly made of.

use crate::simd::Level;

/// Runs `$body` with the consts `$n: usize` and `$neg: bool` set to the range shape of
/// the matcher `$m`, or `$other` when it uses nibble tables.
#[allow(unused_macros)]
macro_rules! with_ranges {
    ($m:expr, |$n:ident, $neg:ident| $body:expr, $other:expr) => {
        match $m.shape {
            Shape::Ranges { n: 0, negated: false } => {
                const $n: usize = 0;
                const $neg: bool = false;
                $body
            }
            Shape::Ranges { n: 1, negated: false } => {
                const $n: usize = 1;
                const $neg: bool = false;
                $body
            }
            Shape::Ranges { n: 2, negated: false } => {
                const $n: usize = 2;
                const $neg: bool = false;
                $body
            }
            Shape::Ranges { n: 3, negated: false } => {
                const $n: usize = 3;
                const $neg: bool = false;
                $body
            }
            Shape::Ranges { n: 0, negated: true } => {
                const $n: usize = 0;
                const $neg: bool = true;
                $body
            }
            Shape::Ranges { n: 1, negated: true } => {
                const $n: usize = 1;
                const $neg: bool = true;
                $body
            }
            Shape::Ranges { n: 2, negated: true } => {
                const $n: usize = 2;
                const $neg: bool = true;
                $body
            }
            Shape::Ranges { n: 3, negated: true } => {
                const $n: usize = 3;
                const $neg: bool = true;
                $body
            }
            _ => $other,
        }
    };
}

mod class;
mod probe;
mod scalar;
mod vector;

#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod x86;

use class::{has, Matcher, Shape};

/// A verified kernel level: only constructible for a level this CPU has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels {
    level: Level,
}

impl Kernels {
    /// The active level ([`crate::simd::level`]: `JSONLEX_SIMD` or the best available).
    #[inline]
    pub fn active() -> Kernels {
        // `level()` only ever holds available levels.
        Kernels { level: crate::simd::level() }
    }

    /// The kernels of `level`, or `None` when this CPU (or build target) lacks it.
    pub fn new(level: Level) -> Option<Kernels> {
        level.is_available().then_some(Kernels { level })
    }

    /// The level.
    #[inline]
    pub fn level(self) -> Level {
        self.level
    }

    /// True at [`Level::Scalar`]: the caller should not call kernels at all (they
    /// would only run the byte loop the caller already has).
    #[inline]
    pub fn is_scalar(self) -> bool {
        self.level == Level::Scalar
    }
}

/// How the vector kernels test bytes against a class (see [`ByteClass::strategy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Range compares: `ranges` ranges (0..=3) holding the class, or its complement
    /// when `complement`.
    Ranges { ranges: u8, complement: bool },
    /// Shufti nibble tables, one pair (at most 8 buckets) or two.
    NibbleTables { pairs: u8 },
}

/// A set of bytes, built at compile time from a 256-bit bitmap, with what the kernels
/// need precomputed: a 256-entry table (scalar and SWAR) and, for [`skip_class`] and
/// for [`skip_utf8`] (which lets every byte `>= 0x80` through to its UTF-8 check), a
/// vector matcher: at most 3 `[lo, hi]` ranges (of the set or of its complement) for
/// compares, else shufti nibble tables (one or two table pairs; always exact).
#[derive(Clone)]
pub struct ByteClass {
    /// 1 where the byte is in the class.
    table: [u8; 256],
    bits: [u64; 4],
    /// The class itself.
    skip: Matcher,
    /// The ASCII part of the class plus every byte `>= 0x80`: what `skip_utf8`'s class
    /// test lets through.
    utf8: Matcher,
}

impl ByteClass {
    /// The class whose bytes are the set bits: byte `b` is in it when bit `b % 64` of
    /// `bits[b / 64]` is set.
    pub const fn from_bitmap(bits: [u64; 4]) -> ByteClass {
        let mut table = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = has(&bits, b) as u8;
            b += 1;
        }
        ByteClass {
            table,
            bits,
            skip: Matcher::build(&bits),
            utf8: Matcher::build(&[bits[0], bits[1], u64::MAX, u64::MAX]),
        }
    }

    /// True when `b` is in the class.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        has(&self.bits, b as usize)
    }

    /// The bitmap the class was built from.
    pub const fn bitmap(&self) -> [u64; 4] {
        self.bits
    }

    /// How the vector kernels of [`skip_class`] test this class (for `--stats`, and to
    /// see which kernel path a class takes). `skip_utf8` uses the same method on the
    /// class's ASCII part plus the bytes `>= 0x80` ([`ByteClass::utf8_strategy`]).
    pub fn strategy(&self) -> Strategy {
        strategy(&self.skip)
    }

    /// How the vector kernels of [`skip_utf8`] run this class's test.
    pub fn utf8_strategy(&self) -> Strategy {
        strategy(&self.utf8)
    }
}

fn strategy(m: &Matcher) -> Strategy {
    match m.shape {
        Shape::Ranges { n, negated } => Strategy::Ranges { ranges: n, complement: negated },
        Shape::Shufti { pairs } => Strategy::NibbleTables { pairs },
    }
}

impl core::fmt::Debug for ByteClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The class as ranges, e.g. `ByteClass[0x09-0x0a, 0x0d, 0x20]`.
        write!(f, "ByteClass[")?;
        let mut b = 0usize;
        let mut sep = "";
        while b < 256 {
            if self.contains(b as u8) {
                let lo = b;
                while b + 1 < 256 && self.contains(b as u8 + 1) {
                    b += 1;
                }
                if lo == b {
                    write!(f, "{sep}{lo:#04x}")?;
                } else {
                    write!(f, "{sep}{lo:#04x}-{b:#04x}")?;
                }
                sep = ", ";
            }
            b += 1;
        }
        write!(f, "]")
    }
}

/// `at == input.len()`, or a caller bug.
#[cold]
#[inline(never)]
#[track_caller]
fn check_end(input: &[u8], at: usize) {
    assert!(at == input.len(), "skip start {at} past the end of the input ({} bytes)", input.len());
}

/// The first index `>= at` whose byte is not in `class`, or `input.len()` if none.
///
/// # Panics
/// When `at > input.len()`.
#[inline]
#[track_caller]
pub fn skip_class(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    skip_class_from(kernels, class, input, at, true)
}

/// [`skip_class`] for a caller that has just seen a long run of the class (a generated
/// lexer's hook calls it after a long run, or after its inline probe): the vector loop
/// starts at once, without the byte-by-byte prelude that keeps short runs cheap.
#[inline(never)]
pub fn skip_class_long(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    skip_class_from(kernels, class, input, at, false)
}

/// Where a run of `class` bytes from `at` ends, tested inline by the caller (a generated
/// lexer's hook, once its scalar loop has seen a few class bytes): the first blocks go
/// through the vector width the target always has (SSE2, NEON) without a call, and only a
/// run longer than those blocks reaches [`skip_class_long`]. `None` when the probe does
/// not apply: a level without vectors (`Scalar`, `Swar`), fewer than 16 bytes left, a
/// class that needs nibble tables, or a target without baseline vectors; the caller then
/// goes on with its own loop.
#[inline(always)]
pub fn probe_class(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> Option<usize> {
    probe::class(kernels, class, input, at)
}

/// [`probe_class`] for a [`skip_utf8`] hook: the blocks test the class's ASCII bytes, so
/// a byte `>= 0x80` ends the probed run (the caller's DFA takes the multibyte character,
/// and its lead-byte transition calls [`skip_utf8_long`]); a run longer than the probed
/// blocks goes on in [`skip_utf8_long`]. The result is always a character boundary.
#[inline(always)]
pub fn probe_utf8(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> Option<usize> {
    probe::utf8(kernels, class, input, at)
}

/// The first byte inline, then the level's kernel (`prelude`: test a few bytes one by
/// one before any vector setup).
#[inline]
fn skip_class_from(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize, prelude: bool) -> usize {
    let Some(&b) = input.get(at) else {
        check_end(input, at);
        return at;
    };
    if class.table[b as usize] == 0 {
        return at;
    }
    class_from(kernels, class, input, at + 1, prelude)
}

/// Bytes the vector levels check one by one before setting up vectors: a run this
/// short costs about what the caller's own loop would.
const PRELUDE: usize = 4;

/// `skip_class` from `from <= input.len()`, through the level's kernel. Inlined into
/// the `_long` entry points, where `prelude` is a constant `false`.
#[inline(always)]
fn class_from(kernels: Kernels, class: &ByteClass, input: &[u8], mut from: usize, prelude: bool) -> usize {
    if kernels.level == Level::Scalar {
        return scalar::class(&class.table, input, from);
    }
    if let Some(head) = input.get(from..from + if prelude { PRELUDE } else { 0 }) {
        for &b in head {
            if class.table[b as usize] == 0 {
                return from;
            }
            from += 1;
        }
    }
    match kernels.level {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: a `Kernels` holds only available levels (`new` checks, `active` takes
        // the verified process level), so the CPU has SSE2.
        Level::Sse2 => unsafe { x86::sse2_class(class, input, from) },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: as above, the CPU has AVX2.
        Level::Avx2 => unsafe { x86::avx2_class(class, input, from) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: as above, the CPU has NEON.
        Level::Neon => unsafe { neon::class(class, input, from) },
        // Swar, and levels this target does not have (no `Kernels` holds those).
        _ => scalar::class_swar(&class.table, input, from),
    }
}

/// Like [`skip_class`], but also skips whole, strictly well-formed UTF-8 multibyte
/// characters (RFC 3629: no overlongs, no surrogates U+D800..DFFF, nothing above
/// U+10FFFF). `[at, result)` is class bytes and complete valid multibyte characters;
/// at `result` the input ends, or the byte is an ASCII byte not in `class`, or it does
/// not start a complete valid multibyte character (invalid lead, truncated or invalid
/// continuation, overlong, surrogate, above U+10FFFF, cut off by the end). Never stops
/// inside a valid character. `at` is taken as a character boundary.
///
/// `class` should hold only ASCII bytes; its bytes `>= 0x80` are ignored here.
///
/// # Panics
/// When `at > input.len()`.
#[inline]
#[track_caller]
pub fn skip_utf8(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    skip_utf8_from(kernels, class, input, at, true)
}

/// [`skip_utf8`] for a caller that has just seen a long run of the class (a generated
/// lexer's hook calls it after a long run, at a run's first multibyte character, or
/// after its inline probe): the vector loop starts at once, without the byte-by-byte
/// prelude that keeps short runs cheap.
#[inline(never)]
pub fn skip_utf8_long(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    skip_utf8_from(kernels, class, input, at, false)
}

/// The first byte inline (an ASCII class byte, or a possible lead byte), then the
/// level's kernel (`prelude` as in [`skip_class_from`]).
#[inline]
fn skip_utf8_from(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize, prelude: bool) -> usize {
    let Some(&b) = input.get(at) else {
        check_end(input, at);
        return at;
    };
    let from = if b < 0x80 {
        if class.table[b as usize] == 0 {
            return at;
        }
        at + 1
    } else {
        // Not a lead byte of any valid character.
        if !(0xC2..=0xF4).contains(&b) {
            return at;
        }
        at
    };
    utf8_from(kernels, class, input, from, prelude)
}

/// `skip_utf8` from the character boundary `from <= input.len()`, through the level's
/// kernel. Inlined as `class_from`.
#[inline(always)]
fn utf8_from(kernels: Kernels, class: &ByteClass, input: &[u8], mut from: usize, prelude: bool) -> usize {
    if kernels.level == Level::Scalar {
        return scalar::utf8(&class.table, input, from);
    }
    // ASCII bytes one by one first (a multibyte character goes straight to the kernel).
    if let Some(head) = input.get(from..from + if prelude { PRELUDE } else { 0 }) {
        for &b in head {
            if b >= 0x80 {
                break;
            }
            if class.table[b as usize] == 0 {
                return from;
            }
            from += 1;
        }
    }
    match kernels.level {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: a `Kernels` holds only available levels, so the CPU has SSE2.
        Level::Sse2 => unsafe { x86::sse2_utf8(class, input, from) },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        // SAFETY: as above, the CPU has AVX2.
        Level::Avx2 => unsafe { x86::avx2_utf8(class, input, from) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: as above, the CPU has NEON.
        Level::Neon => unsafe { neon::utf8(class, input, from) },
        // Swar, and levels this target does not have (no `Kernels` holds those).
        _ => scalar::utf8_swar(&class.table, input, from),
    }
}
