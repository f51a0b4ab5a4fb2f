//! Encoder stop sets: [`StopSet`] (the bytes a verbatim run of a JSON string ends at,
//! under the escaping options) and [`Finder`] (a stop set bound to a level's kernels:
//! "where is the next stop byte", and "which bytes of this block stop").
//!
//! The vector levels run one test, [`StopBytes`], through the generic block loops of
//! [`super::vector`]; SWAR has its word test ([`super::swar`]), the scalar level the
//! table ([`super::scalar`]). Every kernel is instantiated per stop-set shape (`HIGH`:
//! bytes `>= 0x80` stop; `N`: number of single stop bytes), chosen once per finder.

use super::vector::{self, first, StopTest, Vector, Wide};
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

/// The copy kernel of a [`Finder`] (see [`Finder::copy`]): arguments the finder, the
/// haystack (at least `min_len` bytes long), the index to start at and the destination.
pub(crate) type CopyKernel = unsafe fn(&Finder, &[u8], usize, *mut u8) -> usize;

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
    copy: CopyKernel,
    /// Haystacks shorter than this are copied inline ([`Finder::copy`]).
    copy_min: usize,
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

/// A finder's kernels for its stop set's shape at its level.
struct Kernels {
    find: FindKernel,
    /// The least number of bytes left worth calling `find` for: fewer, it would only
    /// run its scalar tail.
    min_len: usize,
    block: BlockKernel,
    copy: CopyKernel,
    /// The least haystack length `copy` is called for (at least one vector or word);
    /// shorter ones are copied inline.
    copy_min: usize,
    lane_shift: u32,
}

/// The kernels for `set` at `level` (available, checked by the caller).
fn select(set: &StopSet, level: Level) -> Kernels {
    match level {
        Level::Scalar => Kernels {
            find: scalar_find,
            min_len: usize::MAX,
            block: scalar_block,
            copy: scalar_copy,
            copy_min: 33,
            lane_shift: 0,
        },
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Sse2 => with_stop_shape!(set, |HIGH, N| Kernels {
            find: super::x86::sse2_find::<HIGH, N>,
            min_len: 16,
            block: super::x86::sse2_block::<HIGH, N>,
            copy: super::x86::sse2_copy::<HIGH, N>,
            copy_min: 16,
            lane_shift: 0,
        }),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        Level::Avx2 => with_stop_shape!(set, |HIGH, N| Kernels {
            find: super::x86::avx2_find::<HIGH, N>,
            min_len: 16,
            block: super::x86::avx2_block::<HIGH, N>,
            copy: super::x86::avx2_copy::<HIGH, N>,
            copy_min: 16,
            lane_shift: 0,
        }),
        #[cfg(target_arch = "aarch64")]
        Level::Neon => with_stop_shape!(set, |HIGH, N| Kernels {
            find: super::neon::find::<HIGH, N>,
            min_len: 16,
            block: super::neon::block::<HIGH, N>,
            copy: super::neon::copy::<HIGH, N>,
            copy_min: 16,
            lane_shift: 2,
        }),
        // Swar, and levels this target lacks (`Finder::with_level` never passes those).
        _ => with_stop_shape!(set, |HIGH, N| Kernels {
            find: swar::find::<HIGH, N>,
            min_len: 8,
            block: swar::block::<HIGH, N>,
            copy: swar::copy::<HIGH, N>,
            copy_min: 8,
            lane_shift: 3,
        }),
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

/// The scalar level's copy kernel: the table loop, then one copy of the run.
///
/// # Safety
/// As [`Finder::copy`].
unsafe fn scalar_copy(f: &Finder, hay: &[u8], from: usize, dst: *mut u8) -> usize {
    let end = scalar::stop_find(&f.table, hay, from);
    // SAFETY: `from <= end <= hay.len()`; the caller guarantees `dst` writable for
    // `hay.len() - from` bytes, apart from `hay`.
    unsafe { copy_small_or_long(hay.as_ptr().add(from), dst, end - from) };
    end
}

/// [`Finder::copy`]'s kernel with vector `V`: each whole vector is stored as it is
/// tested (the one holding the stop too: the bytes past the stop are in spare room the
/// caller overwrites), then one vector ending at the end of the slice.
///
/// # Safety
/// The CPU has `V`'s features; `from <= input.len()`, `input.len() >= V::LANES`; `dst`
/// is writable for `input.len() - from` bytes and does not overlap `input`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn copy<V: Vector, const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    // SAFETY: the caller guarantees `V`'s features, and `dst` for `len - from` bytes.
    unsafe {
        let s = StopBytes::<V, HIGH, N>::new(&f.set);
        let i = match copy_blocks(&s, input, from, dst) {
            Ok(stop) => return stop,
            Err(i) => i,
        };
        copy_last(&s, input, from, i, dst)
    }
}

/// [`copy`] with a wide vector: whole wide vectors, then half-width ones (so the
/// kernel runs from half a wide vector on).
///
/// # Safety
/// As [`copy`], with `input.len() >= V::Half::LANES`.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn copy_wide<V: Wide, const HIGH: bool, const N: usize>(
    f: &Finder,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> usize {
    // SAFETY: as in `copy`; `V`'s features include its half's.
    unsafe {
        let s = StopBytes::<V, HIGH, N>::new(&f.set);
        let i = match copy_blocks(&s, input, from, dst) {
            Ok(stop) => return stop,
            Err(i) => i,
        };
        let h = s.half();
        let i = match copy_blocks(&h, input, i, dst.add(i - from)) {
            Ok(stop) => return stop,
            Err(j) => j,
        };
        copy_last(&h, input, from, i, dst)
    }
}

/// Whole vectors from `i`, each stored to `dst` (which stands for `input[i]`):
/// `Ok(stop index)`, or `Err(index)` of the first byte no whole vector covers.
///
/// # Safety
/// The CPU has `V`'s features; `i <= input.len()`; `dst` writable for
/// `input.len() - i` bytes, apart from `input`.
#[inline(always)]
unsafe fn copy_blocks<V: Vector, S: StopTest<V>>(
    s: &S,
    input: &[u8],
    from: usize,
    dst: *mut u8,
) -> Result<usize, usize> {
    let len = input.len();
    let src = input.as_ptr();
    let mut i = from;
    while len - i >= V::LANES {
        // SAFETY: `i + LANES <= len`: the load stays in `input`, the store in the
        // caller's `len - from` bytes of `dst`.
        let v = unsafe {
            let v = V::load(src.add(i));
            v.store(dst.add(i - from));
            v
        };
        let bits = s.stops(v);
        if bits != 0 {
            return Ok(i + first::<V>(bits));
        }
        i += V::LANES;
    }
    Err(i)
}

/// The end of a copy from `from` (to `dst`) whose bytes `from..i` are copied and clean,
/// with less than a vector left: one vector ending at the end of the slice finds the
/// stop; it is stored whole when it starts at or after `from` (its bytes before `i` are
/// the same as those already written), else the rest is copied in at most two moves.
///
/// # Safety
/// The CPU has `V`'s features; `from <= i <= input.len()`, `input.len() - i <
/// V::LANES <= input.len()`, `V::LANES <= 32`; `dst` writable for `input.len() - from`
/// bytes, apart from `input`.
#[inline(always)]
unsafe fn copy_last<V: Vector, S: StopTest<V>>(s: &S, input: &[u8], from: usize, i: usize, dst: *mut u8) -> usize {
    let len = input.len();
    if i == len {
        return i;
    }
    let last = len - V::LANES;
    // SAFETY: `last + LANES == len`; features: caller.
    let v = unsafe { V::load(input.as_ptr().add(last)) };
    let bits = s.stops(v) >> ((i - last) as u32 * V::STRIDE);
    let end = if bits != 0 { i + first::<V>(bits) } else { len };
    // SAFETY: `dst + (last - from) + LANES == dst + (len - from)`, inside the caller's
    // room; the short copy moves `end - i < LANES <= 32` bytes of `input[i..]` to
    // `dst + (i - from)`, also inside it.
    unsafe {
        if last >= from {
            v.store(dst.add(last - from));
        } else {
            copy_small(input.as_ptr().add(i), dst.add(i - from), end - i);
        }
    }
    end
}

/// Copy `n <= 32` bytes with at most two overlapping loads and stores, instead of a
/// `memcpy` call.
///
/// # Safety
/// `src` readable and `dst` writable for `n` bytes; the ranges do not overlap.
#[inline(always)]
pub(crate) unsafe fn copy_small(src: *const u8, dst: *mut u8, n: usize) {
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

/// [`copy_small`] for `n <= 32`, `memcpy` beyond.
///
/// # Safety
/// As [`copy_small`].
#[inline(always)]
pub(crate) unsafe fn copy_small_or_long(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: the caller's contract, the same for both.
    unsafe {
        if n <= 32 {
            copy_small(src, dst, n)
        } else {
            core::ptr::copy_nonoverlapping(src, dst, n)
        }
    }
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
        let Kernels { find, min_len, block, copy, copy_min, lane_shift } = select(&set, level);
        Finder { table: set.table(), set, level, min_len, find, block, copy, copy_min, lane_shift }
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

    /// Copy the run of bytes from `from` that do not stop to `dst`, and return where it
    /// ends: the first index `i >= from` with `hay[i]` in the set, or `hay.len()`. Past
    /// the run's `i - from` bytes the kernel may write more of `hay` into `dst` (a whole
    /// vector is stored as it is tested): room the caller writes over next. One pass
    /// over the bytes, where [`Finder::find`] and a copy make two.
    ///
    /// # Safety
    /// `from <= hay.len()`; `dst` is writable for `hay.len() - from` bytes and does not
    /// overlap `hay`.
    #[inline]
    pub(crate) unsafe fn copy(&self, hay: &[u8], from: usize, dst: *mut u8) -> usize {
        // The run that stops at once (an escape after an escape, the string's end)
        // costs one table lookup.
        match hay.get(from) {
            None => return from,
            Some(&b) if self.table[b as usize] != 0 => return from,
            _ => {}
        }
        if hay.len() < self.copy_min {
            // Shorter than a vector (a word; 33 bytes for the scalar level): the table
            // loop and at most two moves.
            let end = scalar::stop_find(&self.table, hay, from + 1);
            // SAFETY: `end - from <= hay.len() < copy_min <= 33` bytes of `hay[from..]`
            // to `dst`, writable for `hay.len() - from` (caller).
            unsafe { copy_small(hay.as_ptr().add(from), dst, end - from) };
            return end;
        }
        // SAFETY: `copy` was selected by `select` for `self.level`, checked available in
        // `with_level`; `hay` holds at least `min_len` bytes, as the kernels require;
        // `from` and `dst` as the caller guarantees.
        unsafe { (self.copy)(self, hay, from, dst) }
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

    /// `Finder::copy` into a buffer with guard bytes past the room it may write: the
    /// run `hay[from..stop]` copied, nothing written past `hay.len() - from` bytes.
    fn check_copy(copy: &dyn Fn(&[u8], usize, *mut u8) -> usize, hay: &[u8], from: usize, what: &str) -> usize {
        const GUARD: u8 = 0xEE;
        let room = hay.len() - from;
        let mut buf = [GUARD; 160];
        let stop = copy(hay, from, buf.as_mut_ptr());
        assert!(stop >= from && stop <= hay.len(), "{what}: stop {stop} outside {from}..={}", hay.len());
        assert_eq!(&buf[..stop - from], &hay[from..stop], "{what}: run not copied");
        assert!(buf[room..].iter().all(|&b| b == GUARD), "{what}: wrote past its room");
        stop
    }

    /// Inputs for the copy tests: each kind of stop byte of `set` (a control byte, a
    /// high one, a single byte; which of each kind turns with the position) at every
    /// position of filler strings of 0 to 80 bytes (an AVX2 vector, a half, and the
    /// tails), and the starts to copy from: block edges, the stop and the bytes
    /// around it.
    fn copy_cases(set: &StopSet, mut each: impl FnMut(&[u8], usize, String)) {
        for len in 0..=80usize {
            for pos in 0..=len {
                let mut probes = vec![[0x00, 0x1F][pos % 2]];
                if set.high() {
                    probes.push([0x80, 0xFF][pos % 2]);
                }
                if !set.bytes().is_empty() {
                    probes.push(set.bytes()[pos % set.bytes().len()]);
                }
                for &b in &probes {
                    let mut hay: Vec<u8> = (0..len).map(|k| b"abcdefghijklmnopqrstuvwxyz012345"[k % 32]).collect();
                    if pos < len {
                        hay[pos] = b;
                    }
                    let mut froms = vec![0, 1, 17, pos.saturating_sub(1), pos, pos + 1];
                    froms.retain(|&from| from <= len);
                    froms.dedup();
                    for from in froms {
                        each(&hay, from, format!("{set:?} len {len} pos {pos} byte {b:#x} from {from}"));
                    }
                }
            }
        }
    }

    #[test]
    fn copy_finds_what_find_finds_and_copies_the_run_at_every_level() {
        let mut ran = Vec::new();
        for level in Level::available() {
            for set in sets() {
                let f = Finder::with_level(set, level);
                copy_cases(&set, |hay, from, what| {
                    // SAFETY: `check_copy` passes room for `hay.len() - from` bytes.
                    let stop = check_copy(&|h, fr, d| unsafe { f.copy(h, fr, d) }, hay, from, &what);
                    assert_eq!(stop, f.find(hay, from), "{level:?} {what}");
                });
            }
            ran.push(level);
        }
        assert_eq!(ran, Level::available());
    }

    #[test]
    fn neon_shaped_copy_kernel_matches_the_table() {
        for set in sets() {
            let table = set.table();
            let f = Finder::with_level(set, Level::Scalar);
            copy_cases(&set, |hay, from, what| {
                let copy = |h: &[u8], fr: usize, d: *mut u8| {
                    if h.len() < 16 {
                        // SAFETY: as `Finder::copy` (the caller's room).
                        return unsafe { f.copy(h, fr, d) };
                    }
                    // SAFETY: `Emu` needs no CPU feature; `h.len() >= 16`; the room as above.
                    with_stop_shape!(set, |HIGH, N| unsafe { copy::<Emu, HIGH, N>(&f, h, fr, d) })
                };
                let stop = check_copy(&copy, hay, from, &what);
                assert_eq!(stop, scalar::stop_find(&table, hay, from), "{what}");
            });
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
