//! Kernel levels and the byte-set search kernels shared by the encoder and the lexers.
//!
//! A [`Level`] names one implementation family of the skip kernels. The active level
//! is chosen once per process: from the `JSONLEX_SIMD` environment variable
//! (`scalar`, `swar`, `sse2`, `avx2`, `neon`) when it names a level this CPU has,
//! otherwise the best level the CPU has. [`set_level`] changes it at run time, so a
//! test can run every path in one process.
//!
//! A [`StopSet`] is the set of bytes a kernel stops at: always the control bytes
//! `0x00..=0x1F`, optionally every byte `>= 0x80`, plus up to [`StopSet::MAX_BYTES`]
//! single bytes. A [`Finder`] binds a stop set to a level and answers "where is the
//! next stop byte at or after `from`" ([`Finder::find`]). Kernels never read past the
//! end of the slice: whole vectors are loaded only while they fit, and the tail is
//! scanned byte by byte. The first byte is checked before any vector is set up, so a
//! search that stops at once costs one table lookup.

use core::sync::atomic::{AtomicU8, Ordering};

mod block;
mod kernels;

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

/// The bytes a kernel stops at: the control bytes `0x00..=0x1F` always, every byte
/// `>= 0x80` when [`StopSet::with_high`] was asked, and up to
/// [`StopSet::MAX_BYTES`] further single bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopSet {
    high: bool,
    n: u8,
    bytes: [u8; StopSet::MAX_BYTES],
}

impl StopSet {
    /// How many single bytes a stop set can hold besides the control and high ranges.
    pub const MAX_BYTES: usize = 8;

    /// Control bytes only.
    pub const fn controls() -> StopSet {
        StopSet { high: false, n: 0, bytes: [0; StopSet::MAX_BYTES] }
    }

    /// What ends a verbatim run in a JSON string: control bytes, `"` and `\`.
    pub const fn json_string() -> StopSet {
        StopSet::controls().with_byte(b'"').with_byte(b'\\')
    }

    /// Also stop at every byte `>= 0x80`.
    pub const fn with_high(self) -> StopSet {
        // Drop single bytes the high range now covers.
        let mut out = StopSet { high: true, n: 0, bytes: [0; StopSet::MAX_BYTES] };
        let mut i = 0;
        while i < self.n as usize {
            out = out.with_byte(self.bytes[i]);
            i += 1;
        }
        out
    }

    /// Also stop at `b`.
    ///
    /// # Panics
    /// When the set already holds [`StopSet::MAX_BYTES`] single bytes.
    pub const fn with_byte(mut self, b: u8) -> StopSet {
        if self.contains(b) {
            return self;
        }
        assert!((self.n as usize) < StopSet::MAX_BYTES, "StopSet holds at most 8 single bytes");
        self.bytes[self.n as usize] = b;
        self.n += 1;
        self
    }

    /// True when the set stops at `b`.
    pub const fn contains(&self, b: u8) -> bool {
        if b < 0x20 || (self.high && b >= 0x80) {
            return true;
        }
        let mut i = 0;
        while i < self.n as usize {
            if self.bytes[i] == b {
                return true;
            }
            i += 1;
        }
        false
    }

    /// True when every byte `>= 0x80` stops.
    pub const fn high(&self) -> bool {
        self.high
    }

    /// The single bytes besides the control and high ranges.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..self.n as usize]
    }

    /// The set as a 256-entry table (1 = stop).
    pub const fn table(&self) -> [u8; 256] {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            t[b] = self.contains(b as u8) as u8;
            b += 1;
        }
        t
    }
}

/// The kernel a [`Finder`] calls once the first byte did not stop. Arguments: the
/// finder, the haystack, the index to start at (`< hay.len()`); returns the first stop
/// index `>= from`, or `hay.len()`.
///
/// `unsafe` because the kernel may use CPU features: a [`Finder`] only holds kernels
/// its level made available (checked in [`Finder::with_level`]).
pub(crate) type Kernel = unsafe fn(&Finder, &[u8], usize) -> usize;

/// A [`StopSet`] bound to a kernel level.
#[derive(Clone)]
pub struct Finder {
    table: [u8; 256],
    set: StopSet,
    level: Level,
    /// Below this many remaining bytes the kernel is not called (it would only run its
    /// scalar tail).
    min_len: usize,
    kernel: Kernel,
    block: block::BlockKernel,
    lane_shift: u32,
}

impl core::fmt::Debug for Finder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Finder").field("set", &self.set).field("level", &self.level).finish()
    }
}

impl Finder {
    /// A finder for `set` at the active [`level`].
    pub fn new(set: StopSet) -> Finder {
        Finder::with_level(set, level())
    }

    /// A finder for `set` at `level`; an unavailable level falls back to the best one
    /// (never a kernel the CPU cannot run).
    pub fn with_level(set: StopSet, level: Level) -> Finder {
        let level = if level.is_available() { level } else { Level::best() };
        let (kernel, min_len) = kernels::select(&set, level);
        let (block, lane_shift) = block::select(&set, level);
        Finder { table: set.table(), set, level, min_len, kernel, block, lane_shift }
    }

    /// The stop set.
    pub fn set(&self) -> &StopSet {
        &self.set
    }

    /// The level the kernel runs at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The stop table (1 = stop) of the set, for callers that classify bytes.
    #[inline]
    pub fn table(&self) -> &[u8; 256] {
        &self.table
    }

    /// The first index `i >= from` with `hay[i]` in the set, or `hay.len()`.
    #[inline]
    pub fn find(&self, hay: &[u8], from: usize) -> usize {
        let Some(&first) = hay.get(from) else {
            return hay.len();
        };
        if self.table[first as usize] != 0 {
            return from;
        }
        let from = from + 1;
        if hay.len() - from < self.min_len {
            return scalar_find(&self.table, hay, from);
        }
        // SAFETY: `kernel` was selected by `kernels::select` for `self.level`, which
        // `with_level` checked is available on this CPU; at least `min_len` bytes are
        // left after `from`, as the kernels require.
        unsafe { (self.kernel)(self, hay, from) }
    }
}

impl Finder {
    /// The stop bytes of one block (a word or vector of the level) starting at `pos`:
    /// `(mask, width)` where the block covers `hay[pos..pos + width]` (`width >= 1`) and
    /// lane `k` of `mask` (bits from `k << lane_shift()`) is set when `hay[pos + k]`
    /// stops. At the SWAR level a lane above a true stop in the same word may be set
    /// too: check lanes against [`Finder::table`]. Reads stay inside `hay`.
    ///
    /// # Panics
    /// When `pos >= hay.len()`.
    #[inline]
    pub fn block(&self, hay: &[u8], pos: usize) -> (u64, usize) {
        assert!(pos < hay.len());
        // SAFETY: `block` was selected for `self.level`, checked available in
        // `with_level`; `pos < hay.len()` as the block kernels require.
        unsafe { (self.block)(self, hay, pos) }
    }

    /// log2 of the mask bits per byte in [`Finder::block`] masks (0, 2 or 3).
    #[inline]
    pub fn lane_shift(&self) -> u32 {
        self.lane_shift
    }
}

/// Byte-by-byte search over a stop table: the scalar level, and every kernel's tail.
#[inline]
pub(crate) fn scalar_find(table: &[u8; 256], hay: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < hay.len() {
        if table[hay[i] as usize] != 0 {
            return i;
        }
        i += 1;
    }
    hay.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets() -> Vec<StopSet> {
        let base = StopSet::json_string();
        vec![
            StopSet::controls(),
            base,
            base.with_high(),
            base.with_byte(b'/'),
            base.with_byte(b'/').with_high(),
            base.with_byte(0xE2),
            base.with_byte(b'/').with_byte(b'<').with_byte(b'>').with_byte(b'&').with_byte(b'\'').with_byte(0xE2),
        ]
    }

    #[test]
    fn every_level_finds_every_stop_byte_at_every_position() {
        for level in Level::available() {
            for set in sets() {
                let f = Finder::with_level(set, level);
                for len in 0..80usize {
                    for pos in 0..=len {
                        let probes = [0x00, 0x0A, 0x1F, 0x80, 0xBF, 0xE2, 0xFF];
                        for &b in probes.iter().chain(set.bytes()) {
                            if !set.contains(b) {
                                continue;
                            }
                            let mut hay = vec![b'a'; len];
                            if pos < len {
                                hay[pos] = b;
                            }
                            for from in [0, pos] {
                                let want = if pos < len && from <= pos { pos } else { len };
                                assert_eq!(
                                    f.find(&hay, from),
                                    want,
                                    "{level:?} {set:?} len {len} pos {pos} byte {b:#x} from {from}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn block_masks_flag_every_stop_at_every_level() {
        for level in Level::available() {
            for set in sets() {
                let f = Finder::with_level(set, level);
                let shift = f.lane_shift();
                for len in 1..80usize {
                    // Stops at a few positions, including neighbours.
                    let mut hay = vec![b'a'; len];
                    for (k, b) in hay.iter_mut().enumerate() {
                        if k % 7 == 3 || k % 11 == 0 {
                            *b = if k % 2 == 0 { 0x1F } else { b'"' };
                        }
                    }
                    for pos in 0..len {
                        let (m, w) = f.block(&hay, pos);
                        assert!(w >= 1 && pos + w <= len, "{level:?} len {len} pos {pos} width {w}");
                        if (w << shift) < 64 {
                            assert_eq!(m >> (w << shift), 0, "{level:?} bits past the block");
                        }
                        let lane_bits = (1u64 << (1 << shift)) - 1;
                        let mut lowest_seen = false;
                        for k in 0..w {
                            let lane = (m >> (k << shift)) & lane_bits != 0;
                            let truth = set.contains(hay[pos + k]);
                            assert!(!truth || lane, "{level:?} {set:?} len {len} pos {pos} lane {k} missed");
                            if level != Level::Swar || !lowest_seen {
                                assert!(!lane || truth, "{level:?} {set:?} len {len} pos {pos} lane {k} false");
                            }
                            lowest_seen |= truth;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn non_stop_bytes_never_stop() {
        for level in Level::available() {
            for set in sets() {
                let f = Finder::with_level(set, level);
                let hay: Vec<u8> = (0u16..256).map(|b| b as u8).filter(|b| !set.contains(*b)).collect();
                let hay: Vec<u8> = hay.iter().chain(hay.iter()).copied().collect();
                assert_eq!(f.find(&hay, 0), hay.len(), "{level:?} {set:?}");
            }
        }
    }

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
