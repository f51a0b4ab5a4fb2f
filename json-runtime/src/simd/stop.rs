//! Encoder stop sets: [`StopSet`] (the bytes a verbatim run of a JSON string ends at,
//! under the escaping options) and [`Finder`] (a stop set bound to a level's kernels:
//! "where is the next stop byte", and "which bytes of this block stop").
//!
//! The vector levels run one test, [`StopBytes`], through the generic block loops of
//! [`super::vector`]; SWAR has its word test ([`super::swar`]), the scalar level the
//! table ([`super::scalar`]). Every kernel is instantiated per stop-set shape (`HIGH`:
//! bytes `>= 0x80` stop; `N`: number of single stop bytes), chosen once per finder.

use super::vector::{self, StopTest, Vector, Wide};
use super::{level, scalar, swar, Level};

/// The bytes a kernel stops at: the control bytes `0x00..=0x1F` always, every byte
/// `>= 0x80` when [`StopSet::with_high`] was asked, and up to
/// [`StopSet::MAX_BYTES`] further single bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopSet {
    high: bool,
    n: u8,
    /// The first `n` are the single stop bytes.
    pub(super) bytes: [u8; StopSet::MAX_BYTES],
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

/// The search kernel a [`Finder`] calls once the first byte did not stop. Arguments:
/// the finder, the haystack, the index to start at (with at least the finder's
/// `min_len` bytes left); returns the first stop index `>= from`, or `hay.len()`.
///
/// `unsafe` because the kernel may use CPU features: a [`Finder`] only holds kernels
/// its level made available (checked in [`Finder::with_level`]).
pub(crate) type FindKernel = unsafe fn(&Finder, &[u8], usize) -> usize;

/// The block kernel of a [`Finder`] (see [`Finder::block`]): `pos < hay.len()`.
pub(crate) type BlockKernel = unsafe fn(&Finder, &[u8], usize) -> (u64, usize);

/// A [`StopSet`] bound to a kernel level.
#[derive(Clone)]
pub struct Finder {
    table: [u8; 256],
    set: StopSet,
    level: Level,
    /// Below this many remaining bytes the search kernel is not called (it would only
    /// run its scalar tail).
    min_len: usize,
    find: FindKernel,
    block: BlockKernel,
    lane_shift: u32,
}

/// Runs `$body` with the consts `$high: bool` and `$n: usize` set to the shape of the
/// stop set `$set` (at most [`StopSet::MAX_BYTES`] single bytes).
macro_rules! with_stop_shape {
    ($set:expr, |$high:ident, $n:ident| $body:expr) => {
        with_stop_shape!(@arms $set, $high, $n, $body, [0 1 2 3 4 5 6 7])
    };
    (@arms $set:expr, $high:ident, $n:ident, $body:expr, [$($k:literal)*]) => {
        match ($set.high(), $set.bytes().len()) {
            $(
                (false, $k) => {
                    const $high: bool = false;
                    const $n: usize = $k;
                    $body
                }
                (true, $k) => {
                    const $high: bool = true;
                    const $n: usize = $k;
                    $body
                }
            )*
            (false, _) => {
                const $high: bool = false;
                const $n: usize = StopSet::MAX_BYTES;
                $body
            }
            (true, _) => {
                const $high: bool = true;
                const $n: usize = StopSet::MAX_BYTES;
                $body
            }
        }
    };
}

/// The kernels for `set` at `level` (available, checked by the caller): search kernel,
/// the least number of remaining bytes worth calling it for, block kernel, lane shift.
fn select(set: &StopSet, level: Level) -> (FindKernel, usize, BlockKernel, u32) {
    match level {
        Level::Scalar => (scalar_find as FindKernel, usize::MAX, scalar_block as BlockKernel, 0),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Sse2 => with_stop_shape!(set, |HIGH, N| (
            super::x86::sse2_find::<HIGH, N> as FindKernel,
            16,
            super::x86::sse2_block::<HIGH, N> as BlockKernel,
            0
        )),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Avx2 => with_stop_shape!(set, |HIGH, N| (
            super::x86::avx2_find::<HIGH, N> as FindKernel,
            16,
            super::x86::avx2_block::<HIGH, N> as BlockKernel,
            0
        )),
        #[cfg(target_arch = "aarch64")]
        Level::Neon => with_stop_shape!(set, |HIGH, N| (
            super::neon::find::<HIGH, N> as FindKernel,
            16,
            super::neon::block::<HIGH, N> as BlockKernel,
            2
        )),
        // Swar, and levels this target lacks (`Finder::with_level` never passes those).
        _ => with_stop_shape!(set, |HIGH, N| (
            swar::find::<HIGH, N> as FindKernel,
            8,
            swar::block::<HIGH, N> as BlockKernel,
            3
        )),
    }
}

/// The scalar level's search kernel: the table loop.
///
/// # Safety
/// None (`unsafe` for the kernel pointer type).
unsafe fn scalar_find(f: &Finder, hay: &[u8], from: usize) -> usize {
    scalar::stop_find(&f.table, hay, from)
}

/// The scalar level's block kernel: up to 64 table lookups.
///
/// # Safety
/// None beyond `pos < hay.len()` (`unsafe` for the kernel pointer type).
unsafe fn scalar_block(f: &Finder, hay: &[u8], pos: usize) -> (u64, usize) {
    scalar::stop_mask(&f.table, hay, pos, 64, 0)
}

/// [`Finder::find`]'s kernel with vector `V`: whole vectors, then [`vector::finish`].
///
/// # Safety
/// The CPU has `V`'s features; `input.len() - from >= V::LANES`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn find<V: Vector, const HIGH: bool, const N: usize>(f: &Finder, input: &[u8], from: usize) -> usize {
    // SAFETY: the caller guarantees `V`'s features and a whole vector after `from`, so
    // every load of `blocks` and `finish` stays inside `input`.
    unsafe {
        let s = StopBytes::<V, HIGH, N>::new(&f.set);
        match vector::blocks(&s, input, from) {
            Ok(p) => p,
            Err(i) => vector::finish(&s, input, i),
        }
    }
}

/// [`find`] with a wide vector: whole wide vectors, then [`vector::finish`] with the
/// half width (so the kernel runs from half a wide vector on).
///
/// # Safety
/// The CPU has `V`'s features; `input.len() - from >= V::Half::LANES`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn find_wide<V: Wide, const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
) -> usize {
    // SAFETY: the caller guarantees `V`'s features (which include its half's) and half
    // a vector after `from`; after the loop less than a whole `V` is left.
    unsafe {
        let s = StopBytes::<V, HIGH, N>::new(&f.set);
        match vector::blocks(&s, input, from) {
            Ok(p) => p,
            Err(i) => vector::finish(&s.half(), input, i),
        }
    }
}

/// [`Finder::block`]'s kernel with vector `V`; table lookups on a slice shorter than
/// one vector.
///
/// # Safety
/// The CPU has `V`'s features; `pos < input.len()`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn block<V: Vector, const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    pos: usize,
) -> (u64, usize) {
    if input.len() < V::LANES {
        return scalar::stop_mask(&f.table, input, pos, V::LANES, V::STRIDE.trailing_zeros());
    }
    // SAFETY: the caller guarantees `V`'s features and `pos < input.len()`;
    // `input.len() >= LANES`.
    unsafe { vector::block(&StopBytes::<V, HIGH, N>::new(&f.set), input, pos) }
}

/// [`block`] with a wide vector; the half width's on a slice shorter than one wide
/// vector.
///
/// # Safety
/// The CPU has `V`'s features; `pos < input.len()`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn block_wide<V: Wide, const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    pos: usize,
) -> (u64, usize) {
    if input.len() < V::LANES {
        // SAFETY: `V`'s features include its half's; `pos < input.len()`: caller.
        return unsafe { block::<V::Half, HIGH, N>(f, input, pos) };
    }
    // SAFETY: as in `block`.
    unsafe { vector::block(&StopBytes::<V, HIGH, N>::new(&f.set), input, pos) }
}

/// The stop test of a [`StopSet`] on a vector: a control byte (`< 0x20`; with `HIGH`,
/// also `>= 0x80`: one signed compare), or one of the `N` single bytes.
pub(crate) struct StopBytes<V, const HIGH: bool, const N: usize> {
    ctrl: V,
    bytes: [V; N],
}

impl<V: Vector, const HIGH: bool, const N: usize> StopBytes<V, HIGH, N> {
    /// # Safety
    /// The CPU has `V`'s features.
    #[inline(always)]
    pub(crate) unsafe fn new(set: &StopSet) -> Self {
        // SAFETY: the caller guarantees `V`'s features.
        unsafe {
            let mut bytes = [V::zero(); N];
            for (k, v) in bytes.iter_mut().enumerate() {
                *v = V::splat(set.bytes[k]);
            }
            StopBytes { ctrl: V::splat(if HIGH { 0x20 } else { 0x1F }), bytes }
        }
    }
}

impl<V: Wide, const HIGH: bool, const N: usize> StopBytes<V, HIGH, N> {
    /// The same test on the low half of the vectors (free: register views).
    #[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn half(&self) -> StopBytes<V::Half, HIGH, N> {
        StopBytes { ctrl: self.ctrl.low(), bytes: self.bytes.map(V::low) }
    }
}

impl<V: Vector, const HIGH: bool, const N: usize> StopTest<V> for StopBytes<V, HIGH, N> {
    #[inline(always)]
    fn stops(&self, v: V) -> u64 {
        let mut m = if HIGH { v.lt_signed(self.ctrl) } else { v.le(self.ctrl) };
        for b in self.bytes {
            m = m.or(v.eq(b));
        }
        m.mask()
    }
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
        let (find, min_len, block, lane_shift) = select(&set, level);
        Finder { table: set.table(), set, level, min_len, find, block, lane_shift }
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
            return scalar::stop_find(&self.table, hay, from);
        }
        // SAFETY: `find` was selected by `select` for `self.level`, which `with_level`
        // checked is available on this CPU; at least `min_len` bytes are left after
        // `from`, as the kernels require.
        unsafe { (self.find)(self, hay, from) }
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

#[cfg(test)]
mod tests {
    use super::super::vector::emu::Emu;
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

    /// `Finder::find` and `Finder::block` of the vector levels, with NEON's shape
    /// (4 mask bits per byte, lane shift 2) on the emulated vector.
    fn emu_find(set: &StopSet, hay: &[u8], from: usize) -> usize {
        if hay.len() - from < 16 {
            return scalar::stop_find(&set.table(), hay, from);
        }
        let f = Finder::with_level(*set, Level::Scalar);
        // SAFETY: `Emu` needs no CPU feature; at least 16 bytes are left after `from`.
        with_stop_shape!(set, |HIGH, N| unsafe { find::<Emu, HIGH, N>(&f, hay, from) })
    }

    fn emu_block(set: &StopSet, hay: &[u8], pos: usize) -> (u64, usize) {
        let f = Finder::with_level(*set, Level::Scalar);
        // SAFETY: `Emu` needs no CPU feature; `pos < hay.len()`.
        with_stop_shape!(set, |HIGH, N| unsafe { block::<Emu, HIGH, N>(&f, hay, pos) })
    }

    #[test]
    fn neon_shaped_stop_kernels_match_the_table() {
        for set in sets() {
            let table = set.table();
            for len in 0..80usize {
                let mut hay: Vec<u8> = (0..len).map(|k| b"abc\\xyz\"\x01\xe2\x80\xff/"[k % 13]).collect();
                for from in 0..=len {
                    assert_eq!(
                        emu_find(&set, &hay, from),
                        scalar::stop_find(&table, &hay, from),
                        "{set:?} {hay:02x?} {from}"
                    );
                }
                hay.iter_mut().for_each(|b| *b = b'a');
                for pos in 0..len {
                    hay[pos] = 0x1F;
                    assert_eq!(emu_find(&set, &hay, 0), pos, "{set:?} len {len} pos {pos}");
                    for from in 0..len {
                        let (m, w) = emu_block(&set, &hay, from);
                        let want: u64 = (0..w).filter(|&k| from + k == pos).map(|k| 1 << (4 * k)).sum();
                        assert_eq!((m, w), (want, 16.min(len - from)), "{set:?} len {len} pos {pos} from {from}");
                    }
                    hay[pos] = b'a';
                }
            }
        }
    }
}
