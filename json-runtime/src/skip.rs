//! What generated lexers call: how far a run of bytes of one class goes. A small
//! front over [`crate::simd`], which holds the levels and the kernels.
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
//!
//! Called by hand, at a level of your choice (`Kernels::new` is `None` for a level
//! this CPU lacks):
//!
//! ```
//! use json_runtime::simd::Level;
//! use json_runtime::skip::{skip_class, skip_utf8, ByteClass, Kernels};
//!
//! // Lowercase ASCII letters: bits 0x61..=0x7A of the second word.
//! const LOWER: ByteClass = ByteClass::from_bitmap([0, 0x07FF_FFFE << 32, 0, 0]);
//! let input = "hello wörld".as_bytes();
//! for level in Level::available() {
//!     let kernels = Kernels::new(level).expect("an available level");
//!     assert_eq!(skip_class(kernels, &LOWER, input, 0), 5);
//!     assert_eq!(skip_utf8(kernels, &LOWER, input, 6), input.len());
//! }
//! // The process's level: `JSONLEX_SIMD`, or the best this CPU has.
//! assert_eq!(skip_class(Kernels::active(), &LOWER, input, 6), 7);
//! ```

use crate::simd;

use crate::simd::class::{Of, Source};

pub use crate::simd::class::{ByteClass, ConstClass, Strategy};
pub use crate::simd::Kernels;

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
    simd::probe::probe(kernels, class, input, at, |i| skip_class_long(kernels, class, input, i))
}

/// [`probe_class`] for a [`skip_utf8`] hook: the blocks test the class's ASCII bytes, so
/// a byte `>= 0x80` ends the probed run (the caller's DFA takes the multibyte character,
/// and its lead-byte transition calls [`skip_utf8_long`]); a run longer than the probed
/// blocks goes on in [`skip_utf8_long`]. The result is always a character boundary.
#[inline(always)]
pub fn probe_utf8(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> Option<usize> {
    simd::probe::probe(kernels, class, input, at, |i| skip_utf8_long(kernels, class, input, i))
}

/// The first byte inline, then the level's kernel (`prelude`: test a few bytes one by
/// one before any vector setup).
#[inline]
fn skip_class_from<S: Source>(kernels: Kernels, src: S, input: &[u8], at: usize, prelude: bool) -> usize {
    let class = src.class();
    let Some(&b) = input.get(at) else {
        check_end(input, at);
        return at;
    };
    if class.table[b as usize] == 0 {
        return at;
    }
    simd::class::skip(kernels, src, input, at + 1, prelude)
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
fn skip_utf8_from<S: Source>(kernels: Kernels, src: S, input: &[u8], at: usize, prelude: bool) -> usize {
    let class = src.class();
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
    simd::utf8::skip(kernels, src, input, from, prelude)
}

/// [`skip_class_long`] compiled for the class `C` (see [`ConstClass`]): what a generated
/// lexer's hook calls, so that the kernel does not choose the class's test or load its
/// constants from a description at every call. `class` is `&C::CLASS` (checked in debug
/// builds; the kernel reads `C`'s): the call is made as a call of [`skip_class_long`],
/// which keeps the generated lexer's own code as it was with that call.
///
/// # Panics
/// When `at > input.len()`.
#[inline(never)]
pub fn skip_class_long_of<C: ConstClass>(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    debug_assert!(class.bitmap() == C::CLASS.bitmap(), "skip_class_long_of: class is not C::CLASS");
    if at >= input.len() {
        check_end(input, at);
        return at;
    }
    // The first byte goes to the kernel with the rest: it tests that byte as any other.
    simd::class::skip(kernels, Of::<C>::new(), input, at, false)
}

/// [`skip_utf8_long`] compiled for the class `C`; `class` is `&C::CLASS` (see
/// [`skip_class_long_of`]).
///
/// # Panics
/// When `at > input.len()`.
#[inline(never)]
pub fn skip_utf8_long_of<C: ConstClass>(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> usize {
    debug_assert!(class.bitmap() == C::CLASS.bitmap(), "skip_utf8_long_of: class is not C::CLASS");
    if at >= input.len() {
        check_end(input, at);
        return at;
    }
    // The first byte goes to the kernel with the rest: an ASCII byte outside the class
    // stops it there, and a byte that starts no valid character is an error it hands to
    // the scalar loop, which stops there.
    simd::utf8::skip(kernels, Of::<C>::new(), input, at, false)
}

/// [`probe_class`] for the class `C` (`class` is `&C::CLASS`), handing a long run to
/// [`skip_class_long_of`].
#[inline(always)]
pub fn probe_class_of<C: ConstClass>(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> Option<usize> {
    simd::probe::probe(kernels, &C::CLASS, input, at, |i| skip_class_long_of::<C>(kernels, class, input, i))
}

/// [`probe_utf8`] for the class `C` (`class` is `&C::CLASS`), handing a long run to
/// [`skip_utf8_long_of`].
#[inline(always)]
pub fn probe_utf8_of<C: ConstClass>(kernels: Kernels, class: &ByteClass, input: &[u8], at: usize) -> Option<usize> {
    simd::probe::probe(kernels, &C::CLASS, input, at, |i| skip_utf8_long_of::<C>(kernels, class, input, i))
}
