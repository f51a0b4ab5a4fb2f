//! The SIMD layer: kernel levels, and every kernel built on them, for the lexers'
//! byte classes ([`crate::skip`]) and the encoder's stop sets ([`Finder`]).
//!
//! A [`Level`] names one implementation family of the kernels. The active level is
//! chosen once per process: from the `JSONLEX_SIMD` environment variable (`scalar`,
//! `swar`, `sse2`, `avx2`, `neon`) when it names a level this CPU has, otherwise the
//! best level the CPU has. [`set_level`] changes it at run time, so a test can run
//! every path in one process; [`Kernels`] (for lexers) and [`Finder::with_level`] (for
//! the encoder) take a level per value instead, for callers that compare levels.
//!
//! The kernels answer one question, "how far until a byte that stops the run", for two
//! kinds of byte sets, written once over one `Vector` trait (as
//! regex-automata's prefilters are over theirs, one file per strategy):
//!
//! | file | what it holds |
//! |---|---|
//! | `vector` | the `Vector` trait each vector level implements, the `StopTest` a kernel applies per block, the block loops |
//! | `scalar` | byte-by-byte table loops: the scalar level, the lexer kernels' tails, slices shorter than a vector |
//! | `swar` | the portable 8-byte level (word tricks for stop sets, an unrolled table loop for classes) |
//! | `x86` | SSE2 and AVX2: the vector types and each level's `#[target_feature]` entry points |
//! | `neon` | aarch64 NEON: the same |
//! | `class` | lexer byte classes ([`crate::skip::ByteClass`]): range or nibble-table matchers, `skip_class` |
//! | `utf8` | `skip_utf8`: the class test plus a vector UTF-8 check |
//! | `probe` | the inline probe generated lexers run before calling a kernel |
//! | `stop` | encoder stop sets: [`StopSet`], [`Finder`] |
//!
//! No kernel reads past the end of its slice. The lexer kernels load whole vectors
//! while they fit and run the byte-by-byte table loop on the rest; the encoder's search
//! kernels (called only when a whole vector or word is left) end with one vector or
//! word that ends exactly at the end of the slice, overlapping bytes already found
//! clean (their mask bits are shifted out), and its block kernels fall back to table
//! lookups on slices shorter than a vector. Its copy kernels store each vector as they
//! test it (writes stay within the run's room: `Finder::copy`), and finish with the
//! vector ending at the end of the slice too. The first byte is
//! checked inline before any vector is set up, so a run that stops at once costs one
//! table lookup.

use core::sync::atomic::{AtomicU8, Ordering};

/// Runs `$body` with the consts `$n: usize` and `$neg: bool` set to the range shape of
/// the matcher `$m` (see `class::Shape`), or `$other` when it uses nibble tables.
macro_rules! with_ranges {
    ($m:expr, |$n:ident, $neg:ident| $body:expr, $other:expr) => {
        with_ranges!(@arms $m, $n, $neg, $body, $other, [0 1 2 3])
    };
    (@arms $m:expr, $n:ident, $neg:ident, $body:expr, $other:expr, [$($k:literal)*]) => {
        match $m.shape {
            $(
                $crate::simd::class::Shape::Ranges { n: $k, negated: false } => {
                    const $n: usize = $k;
                    const $neg: bool = false;
                    $body
                }
                $crate::simd::class::Shape::Ranges { n: $k, negated: true } => {
                    const $n: usize = $k;
                    const $neg: bool = true;
                    $body
                }
            )*
            _ => $other,
        }
    };
}

/// Calls the lexer kernel of `$kernels`' level with `$args`: `x86::$sse2`,
/// `x86::$avx2` or `neon::$neon` (each an `unsafe` `#[target_feature]` fn whose only
/// contract beyond its arguments is its CPU feature), else `$other` (SWAR, and levels
/// this target lacks, which no `Kernels` holds).
macro_rules! by_level {
    ($kernels:expr, ($($arg:expr),*), $sse2:ident, $avx2:ident, $neon:ident, $other:expr) => {
        match $kernels.level() {
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: a `Kernels` holds only available levels (`new` checks, `active`
            // takes the verified process level), so the CPU has SSE2.
            $crate::simd::Level::Sse2 => unsafe { $crate::simd::x86::$sse2($($arg),*) },
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: as above, the CPU has AVX2.
            $crate::simd::Level::Avx2 => unsafe { $crate::simd::x86::$avx2($($arg),*) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: as above, the CPU has NEON.
            $crate::simd::Level::Neon => unsafe { $crate::simd::neon::$neon($($arg),*) },
            _ => $other,
        }
    };
}

pub(crate) mod class;
pub(crate) mod probe;
mod scalar;
mod stop;
mod swar;
pub(crate) mod utf8;
pub(crate) mod vector;

#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod x86;

pub use stop::{Finder, StopSet};

/// An implementation family of the skip kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Level {
    /// No skip kernel: every byte goes through the caller's own byte-by-byte loop.
    Scalar = 1,
    /// Portable SWAR: 8 bytes at a time in a `u64`.
    Swar = 2,
    /// x86 SSE2: 16 bytes at a time.
    Sse2 = 3,
    /// x86 AVX2: 32 bytes at a time (16 for the last full half-vector).
    Avx2 = 4,
    /// aarch64 NEON: 16 bytes at a time.
    Neon = 5,
}

/// [`set_level`] was asked for a level this CPU (or this build's target) lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable(pub Level);

impl core::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "kernel level {} is not available on this CPU", self.0.name())
    }
}

impl std::error::Error for Unavailable {}

impl Level {
    /// Every level, from the simplest to the widest.
    pub const ALL: [Level; 5] = [Level::Scalar, Level::Swar, Level::Sse2, Level::Avx2, Level::Neon];

    /// The name used by `JSONLEX_SIMD`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Scalar => "scalar",
            Level::Swar => "swar",
            Level::Sse2 => "sse2",
            Level::Avx2 => "avx2",
            Level::Neon => "neon",
        }
    }

    /// The level named `name` (case-insensitive), available or not.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }

    fn from_u8(v: u8) -> Option<Level> {
        Level::ALL.into_iter().find(|l| *l as u8 == v)
    }

    /// True when this CPU can run the level.
    pub fn is_available(self) -> bool {
        match self {
            Level::Scalar | Level::Swar => true,
            Level::Sse2 => {
                #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
                {
                    std::is_x86_feature_detected!("sse2")
                }
                #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
                {
                    false
                }
            }
            Level::Avx2 => {
                #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
                {
                    std::is_x86_feature_detected!("avx2")
                }
                #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
                {
                    false
                }
            }
            // NEON is part of the aarch64 baseline.
            Level::Neon => cfg!(target_arch = "aarch64"),
        }
    }

    /// The levels this CPU can run, simplest first.
    pub fn available() -> Vec<Level> {
        Level::ALL.into_iter().filter(|l| l.is_available()).collect()
    }

    /// The widest level this CPU can run.
    pub fn best() -> Level {
        [Level::Avx2, Level::Neon, Level::Sse2].into_iter().find(|l| l.is_available()).unwrap_or(Level::Swar)
    }
}

/// 0 until the level is chosen.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The active kernel level.
#[inline]
pub fn level() -> Level {
    match Level::from_u8(LEVEL.load(Ordering::Relaxed)) {
        Some(l) => l,
        None => init_level(),
    }
}

#[cold]
fn init_level() -> Level {
    let chosen = std::env::var("JSONLEX_SIMD")
        .ok()
        .and_then(|v| Level::from_name(&v))
        .filter(|l| l.is_available())
        .unwrap_or_else(Level::best);
    // A concurrent set_level wins over the environment.
    let _ = LEVEL.compare_exchange(0, chosen as u8, Ordering::Relaxed, Ordering::Relaxed);
    Level::from_u8(LEVEL.load(Ordering::Relaxed)).unwrap_or(chosen)
}

/// Force the active level for the whole process (finders made before keep theirs).
pub fn set_level(level: Level) -> Result<(), Unavailable> {
    if !level.is_available() {
        return Err(Unavailable(level));
    }
    LEVEL.store(level as u8, Ordering::Relaxed);
    Ok(())
}

/// A verified kernel level: only constructible for a level this CPU has. Generated
/// lexers take one (`with_kernels`) to run the [`crate::skip`] kernels of that level.
///
/// ```
/// use json_runtime::simd::{Kernels, Level};
///
/// // `new` is `None` for a level this CPU lacks: SSE2 off x86, say.
/// let scalar = Kernels::new(Level::Scalar).expect("every CPU has the scalar level");
/// assert!(scalar.is_scalar());
/// assert_eq!(Kernels::new(Level::Sse2).is_some(), Level::Sse2.is_available());
/// let best = Kernels::new(Level::best()).expect("the best level is available");
/// assert_eq!(best.level(), Level::best());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels {
    level: Level,
}

impl Kernels {
    /// The active level ([`level`]: `JSONLEX_SIMD` or the best available).
    #[inline]
    pub fn active() -> Kernels {
        // `level()` only ever holds available levels.
        Kernels { level: level() }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_level_rejects_unavailable_and_round_trips() {
        let before = level();
        for l in Level::ALL {
            match set_level(l) {
                Ok(()) => assert_eq!(level(), l),
                Err(Unavailable(x)) => assert!(!x.is_available()),
            }
        }
        set_level(before).unwrap();
        assert!(Level::available().contains(&Level::Scalar));
        assert!(Level::best().is_available());
    }
}
