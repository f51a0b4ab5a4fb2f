//! The inline probe: the first vector blocks of a run, tested inside the generated
//! lexer's own loop instead of behind a call.
//!
//! A call into an out-of-line kernel costs its setup (constants, the class's matcher,
//! the UTF-8 state) before the first block: about as much as the scalar loop spends on
//! 30 bytes. The probe costs a few instructions per 16-byte block, because it is inlined
//! where the class is a known `const`: the compiler folds the class's matcher into
//! immediate constants and the shape dispatch away. It only uses the vector width every
//! CPU of the target has (SSE2 on x86_64, NEON on aarch64), so it needs no
//! `#[target_feature]` and inlines into any caller.
//!
//! The probe tests the class itself (for `skip_utf8`, only its ASCII bytes: a byte
//! `>= 0x80` stops it, and the lexer's DFA takes the multibyte character, whose lead-byte
//! transition calls the UTF-8 kernel). After [`PROBE_BLOCKS`] blocks of class bytes the
//! run has proven long and the out-of-line kernel of the level takes over.

use super::class::{ByteClass, Shape};
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
use super::{scalar, vector::Vector};
use super::{Kernels, Level};

/// Blocks the probe tests inline before it hands a run to the out-of-line kernel.
#[cfg_attr(
    not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )),
    allow(dead_code)
)]
pub(crate) const PROBE_BLOCKS: usize = 16;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
type Block = super::x86::Sse2;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
type Block = super::neon::Neon;

/// True when the probe exists for this target and `kernels` is a vector level.
#[inline(always)]
fn enabled(kernels: Kernels) -> bool {
    cfg!(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )) && kernels.level() >= Level::Sse2
}

/// The probe (see [`crate::skip::probe_class`] and [`crate::skip::probe_utf8`]),
/// handing a long run to `long` (the level's out-of-line kernel, from the index given).
#[inline(always)]
pub(crate) fn probe(
    kernels: Kernels,
    class: &ByteClass,
    input: &[u8],
    at: usize,
    long: impl FnOnce(usize) -> usize,
) -> Option<usize> {
    let Shape::Ranges { n, negated } = class.skip.shape else { return None };
    if !enabled(kernels) {
        return None;
    }
    run(class, n, negated, input, at, long)
}

#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(always)]
fn run(
    class: &ByteClass,
    n: u8,
    negated: bool,
    input: &[u8],
    at: usize,
    long: impl FnOnce(usize) -> usize,
) -> Option<usize> {
    let len = input.len();
    if at > len || len - at < Block::LANES {
        return None;
    }
    let ptr = input.as_ptr();
    let mut i = at;
    for _ in 0..PROBE_BLOCKS {
        if len - i < Block::LANES {
            // The run reached the last partial block: the class table, byte by byte
            // (bytes `>= 0x80` are not in a UTF-8 hook's table, so it stops there too).
            return Some(scalar::class(&class.table, input, i));
        }
        // SAFETY: `i + LANES <= len`, just checked, so the load stays inside `input`; the
        // target has the block's features in its baseline (the `cfg` of `Block`).
        let v = unsafe { Block::load(ptr.add(i)) };
        let stops = stops(&class.skip.ranges[..n as usize], negated, v);
        if stops != 0 {
            return Some(i + (stops.trailing_zeros() / Block::STRIDE) as usize);
        }
        i += Block::LANES;
    }
    Some(long(i))
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
)))]
#[inline(always)]
fn run(_: &ByteClass, _: u8, _: bool, _: &[u8], _: usize, _: impl FnOnce(usize) -> usize) -> Option<usize> {
    None
}

/// The bytes of `v` that stop a run: those in none of `ranges` (`[lo, hi - lo]`, maybe
/// wrapping past 0xFF), or in one of them when `negated`. Written for ranges the compiler
/// can see (a generated lexer's `const` class): the loop unrolls and each range becomes
/// the cheapest test for its shape.
#[cfg(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(always)]
fn stops(ranges: &[[u8; 2]], negated: bool, v: Block) -> u64 {
    // SAFETY: as in `run`, the block's features are in the target's baseline.
    let c = |b: u8| unsafe { Block::splat(b) };
    let mut hit = v.xor(v);
    for &[lo, span] in ranges {
        // (The compiler turns a range through 0x80 or 0x7F into a signed compare.)
        let h = if span == 0 {
            v.eq(c(lo))
        } else if lo == 0 {
            v.le(c(span))
        } else {
            v.sub(c(lo)).le(c(span))
        };
        hit = hit.or(h);
    }
    let bits = hit.mask();
    if negated {
        bits
    } else {
        !bits & Block::FULL
    }
}
