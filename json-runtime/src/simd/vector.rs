//! The one vector abstraction every kernel is written over: a [`Vector`] trait that
//! each vector level implements (`x86`: SSE2, AVX2; `neon`: NEON),
//! the [`StopTest`] a kernel applies to each block, and the block loops built on them.
//!
//! A vector type is a capability token: its only constructors ([`Vector::load`],
//! [`Vector::splat`], [`Vector::zero`], [`Shuffle::table`]) are `unsafe`, and their
//! callers promise the CPU has the type's features. Every other operation takes a
//! value, which proves that promise was made, and is therefore safe.

/// One SIMD register of `LANES` bytes.
pub(crate) trait Vector: Copy {
    /// Bytes per vector.
    const LANES: usize;
    /// Bits per byte in [`Vector::mask`] (1 on x86, 4 on NEON).
    const STRIDE: u32;
    /// Every bit [`Vector::mask`] can set.
    const FULL: u64 = u64::MAX >> (64 - Self::LANES as u32 * Self::STRIDE);

    /// Loads `LANES` bytes from `src`.
    ///
    /// # Safety
    /// `src..src + LANES` is readable, and the CPU has the type's features.
    unsafe fn load(src: *const u8) -> Self;
    /// Stores the `LANES` bytes to `dst`.
    ///
    /// # Safety
    /// `dst..dst + LANES` is writable.
    unsafe fn store(self, dst: *mut u8);
    /// Every byte `b`.
    ///
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn splat(b: u8) -> Self;
    /// Every byte 0.
    ///
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn zero() -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Wrapping byte subtraction.
    fn sub(self, o: Self) -> Self;
    /// Saturating unsigned byte subtraction.
    fn subs(self, o: Self) -> Self;
    /// 0xFF where the bytes are equal, else 0.
    fn eq(self, o: Self) -> Self;
    /// 0xFF where `self <= o` (unsigned), else 0.
    fn le(self, o: Self) -> Self;
    /// 0xFF where `self < o` as signed bytes, else 0 (`< 0x20` signed is `0x00..=0x1F`
    /// and `0x80..=0xFF` in one compare).
    fn lt_signed(self, o: Self) -> Self;
    /// `STRIDE` bits per byte, set where the byte is 0xFF (bytes must be 0x00 or 0xFF).
    fn mask(self) -> u64;
    /// `STRIDE` bits per byte, set where the byte is `>= 0x80` (any bytes).
    fn high_mask(self) -> u64;
    /// True when some byte is not zero.
    fn any(self) -> bool;
    /// The vector shifted by N bytes toward higher indices, the gap filled with the
    /// last N bytes of `prev`: byte k is the byte N positions before byte k.
    fn prev1(self, prev: Self) -> Self;
    fn prev2(self, prev: Self) -> Self;
    fn prev3(self, prev: Self) -> Self;
    /// Non-zero bytes where the UTF-8 check fails, given the previous block `prev`
    /// ([`super::utf8::lookup_errors`] or [`super::utf8::compare_errors`]).
    fn utf8_errors(self, prev: Self) -> Self;
}

/// A vector with a 16-entry byte table lookup (AVX2 `pshufb`, NEON `tbl`).
pub(crate) trait Shuffle: Vector {
    /// A 16-byte table (repeated in every 128-bit lane).
    ///
    /// # Safety
    /// The CPU has the type's features.
    unsafe fn table(t: &[u8; 16]) -> Self;
    /// `self[idx[k]]` per byte; every index byte is `< 16`.
    fn lookup(self, idx: Self) -> Self;
    /// Each byte shifted right by 4 (its high nibble).
    fn shr4(self) -> Self;
}

/// A vector whose low half is a vector of its own (AVX2's 32 bytes over SSE2's 16):
/// a kernel finishes a run with half-width blocks when less than a whole vector is left.
#[cfg_attr(not(any(target_arch = "x86", target_arch = "x86_64")), allow(dead_code))]
pub(crate) trait Wide: Vector {
    type Half: Vector;
    /// The low `LANES / 2` bytes (free: a register view).
    fn low(self) -> Self::Half;
}

/// Which bytes of a vector stop a run: a byte class ([`super::class`]), or an encoder
/// stop set ([`super::stop`]).
pub(crate) trait StopTest<V: Vector> {
    /// [`Vector::mask`]-style bits, set at the bytes that stop.
    fn stops(&self, v: V) -> u64;
}

/// The index of the first byte a mask marks, relative to the vector.
#[inline(always)]
pub(crate) fn first<V: Vector>(bits: u64) -> usize {
    (bits.trailing_zeros() / V::STRIDE) as usize
}

/// One bit per byte of a [`Vector::mask`] (the lowest of its `STRIDE` bits), so that
/// clearing the lowest set bit moves to the next byte.
#[inline(always)]
pub(crate) fn one_bit_per_lane<V: Vector>(bits: u64) -> u64 {
    if V::STRIDE == 1 {
        bits
    } else {
        bits & (V::FULL / ((1 << V::STRIDE) - 1))
    }
}

/// Whole vectors from `i` while they fit: `Ok(stop index)`, or `Err(index)` of the
/// first byte no whole vector covers.
///
/// # Safety
/// The CPU has `V`'s features; `i <= input.len()`.
#[inline(always)]
pub(crate) unsafe fn blocks<V: Vector, S: StopTest<V>>(s: &S, input: &[u8], mut i: usize) -> Result<usize, usize> {
    let len = input.len();
    let ptr = input.as_ptr();
    while len - i >= V::LANES {
        // SAFETY: `i + LANES <= len`, so the load stays inside `input`; features: caller.
        let v = unsafe { V::load(ptr.add(i)) };
        let bits = s.stops(v);
        if bits != 0 {
            return Ok(i + first::<V>(bits));
        }
        i += V::LANES;
    }
    Err(i)
}

/// The rest of a search from `i` after a loop of whole vectors of `V` (or of a vector
/// twice as wide): at most one more whole vector, then one vector ending at the end of
/// the slice, overlapping bytes already found clean (their bits are shifted out). The
/// first stop index `>= i`, or `input.len()`.
///
/// # Safety
/// The CPU has `V`'s features; `i <= input.len()`, `input.len() >= LANES`, and
/// `input.len() - i < 2 * LANES`.
#[inline(always)]
pub(crate) unsafe fn finish<V: Vector, S: StopTest<V>>(s: &S, input: &[u8], mut i: usize) -> usize {
    let len = input.len();
    let ptr = input.as_ptr();
    if len - i >= V::LANES {
        // SAFETY: `i + LANES <= len`; features: caller.
        let bits = s.stops(unsafe { V::load(ptr.add(i)) });
        if bits != 0 {
            return i + first::<V>(bits);
        }
        i += V::LANES;
    }
    if i == len {
        return i;
    }
    // `len - LANES < i`: the last vector starts before `i`, and at or after 0.
    let last = len - V::LANES;
    // SAFETY: `last + LANES == len`; features: caller.
    let bits = s.stops(unsafe { V::load(ptr.add(last)) }) >> ((i - last) as u32 * V::STRIDE);
    if bits != 0 {
        i + first::<V>(bits)
    } else {
        len
    }
}

/// The stops of one block from `pos`: `(mask, width)` where the block covers
/// `input[pos..pos + width]` and [`one_bit_per_lane`] bits mark the stops. The load is
/// at `pos` when a whole vector fits, else it ends at the end of the slice (lanes
/// before `pos` shifted out).
///
/// # Safety
/// The CPU has `V`'s features; `pos < input.len()` and `input.len() >= LANES`.
#[inline(always)]
pub(crate) unsafe fn block<V: Vector, S: StopTest<V>>(s: &S, input: &[u8], pos: usize) -> (u64, usize) {
    let len = input.len();
    let (at, width) = if len - pos >= V::LANES { (pos, V::LANES) } else { (len - V::LANES, len - pos) };
    // SAFETY: `at + LANES <= len`; features: caller.
    let bits = s.stops(unsafe { V::load(input.as_ptr().add(at)) });
    (one_bit_per_lane::<V>(bits) >> ((pos - at) as u32 * V::STRIDE), width)
}

/// Implements the [`Vector`] operations that are one intrinsic each, from their names.
/// `$v` is a one-field tuple struct; the methods outside this list are written in the
/// block after it.
macro_rules! vector_ops {
    (
        $v:ident, $lanes:literal, $stride:literal, {
        load: |$src:ident| $load:expr, store: |$dst:ident, $val:ident| $store:expr, splat: |$b:ident| $splat:expr, zero: $zero:expr,
        and: $and:path, or: $or:path, xor: $xor:path, sub: $sub:path, subs: $subs:path, eq: $eq:path }
        $($rest:tt)*
    ) => {
        impl $crate::simd::vector::Vector for $v {
            const LANES: usize = $lanes;
            const STRIDE: u32 = $stride;
            #[inline(always)]
            unsafe fn load($src: *const u8) -> Self {
                // SAFETY: the caller guarantees `LANES` readable bytes at `src` and the
                // type's CPU features.
                Self(unsafe { $load })
            }
            #[inline(always)]
            unsafe fn store(self, $dst: *mut u8) {
                let $val = self.0;
                // SAFETY: the caller guarantees `LANES` writable bytes at `dst`; `self`
                // exists, so the CPU has the type's features.
                unsafe { $store }
            }
            #[inline(always)]
            unsafe fn splat($b: u8) -> Self {
                // SAFETY: the caller guarantees the type's CPU features.
                Self(unsafe { $splat })
            }
            #[inline(always)]
            unsafe fn zero() -> Self {
                // SAFETY: the caller guarantees the type's CPU features.
                Self(unsafe { $zero() })
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                // SAFETY: `self` exists, so the CPU has the type's features (type invariant).
                Self(unsafe { $and(self.0, o.0) })
            }
            #[inline(always)]
            fn or(self, o: Self) -> Self {
                // SAFETY: as in `and`.
                Self(unsafe { $or(self.0, o.0) })
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                // SAFETY: as in `and`.
                Self(unsafe { $xor(self.0, o.0) })
            }
            #[inline(always)]
            fn sub(self, o: Self) -> Self {
                // SAFETY: as in `and`.
                Self(unsafe { $sub(self.0, o.0) })
            }
            #[inline(always)]
            fn subs(self, o: Self) -> Self {
                // SAFETY: as in `and`.
                Self(unsafe { $subs(self.0, o.0) })
            }
            #[inline(always)]
            fn eq(self, o: Self) -> Self {
                // SAFETY: as in `and`.
                Self(unsafe { $eq(self.0, o.0) })
            }
            $($rest)*
        }
    };
}
pub(crate) use vector_ops;

/// The generic algorithms with an emulated NEON-shaped vector (16 lanes, 4 mask bits
/// per byte, `ext`-style `prev`, `tbl` lookups), so the paths only aarch64 takes run on
/// every CI machine, against the scalar loops.
#[cfg(test)]
pub(crate) mod emu {
    use super::{Shuffle, Vector};

    #[derive(Clone, Copy)]
    pub(crate) struct Emu([u8; 16]);

    impl Emu {
        fn map(self, o: Emu, f: impl Fn(u8, u8) -> u8) -> Emu {
            Emu(core::array::from_fn(|k| f(self.0[k], o.0[k])))
        }
        fn ext(prev: Emu, cur: Emu, n: usize) -> Emu {
            Emu(core::array::from_fn(|k| if k < n { prev.0[16 - n + k] } else { cur.0[k - n] }))
        }
    }

    impl Vector for Emu {
        const LANES: usize = 16;
        const STRIDE: u32 = 4;
        unsafe fn load(src: *const u8) -> Self {
            // SAFETY: the caller guarantees 16 readable bytes.
            Emu(unsafe { core::ptr::read_unaligned(src as *const [u8; 16]) })
        }
        unsafe fn store(self, dst: *mut u8) {
            // SAFETY: the caller guarantees 16 writable bytes.
            unsafe { core::ptr::write_unaligned(dst as *mut [u8; 16], self.0) }
        }
        unsafe fn splat(b: u8) -> Self {
            Emu([b; 16])
        }
        unsafe fn zero() -> Self {
            Emu([0; 16])
        }
        fn and(self, o: Self) -> Self {
            self.map(o, |a, b| a & b)
        }
        fn or(self, o: Self) -> Self {
            self.map(o, |a, b| a | b)
        }
        fn xor(self, o: Self) -> Self {
            self.map(o, |a, b| a ^ b)
        }
        fn sub(self, o: Self) -> Self {
            self.map(o, u8::wrapping_sub)
        }
        fn subs(self, o: Self) -> Self {
            self.map(o, u8::saturating_sub)
        }
        fn eq(self, o: Self) -> Self {
            self.map(o, |a, b| if a == b { 0xFF } else { 0 })
        }
        fn le(self, o: Self) -> Self {
            self.map(o, |a, b| if a <= b { 0xFF } else { 0 })
        }
        fn lt_signed(self, o: Self) -> Self {
            self.map(o, |a, b| if (a as i8) < (b as i8) { 0xFF } else { 0 })
        }
        fn mask(self) -> u64 {
            // NEON's `shrn` narrowing: 4 bits per byte.
            (0..16).fold(0, |m, k| m | (((self.0[k] >> 4) as u64 & 0xF) << (4 * k)))
        }
        fn high_mask(self) -> u64 {
            self.map(self, |a, _| if a >= 0x80 { 0xFF } else { 0 }).mask()
        }
        fn any(self) -> bool {
            self.0.iter().any(|&b| b != 0)
        }
        fn prev1(self, prev: Self) -> Self {
            Emu::ext(prev, self, 1)
        }
        fn prev2(self, prev: Self) -> Self {
            Emu::ext(prev, self, 2)
        }
        fn prev3(self, prev: Self) -> Self {
            Emu::ext(prev, self, 3)
        }
        fn utf8_errors(self, prev: Self) -> Self {
            super::super::utf8::lookup_errors(self, prev)
        }
    }

    impl Shuffle for Emu {
        unsafe fn table(t: &[u8; 16]) -> Self {
            Emu(*t)
        }
        fn lookup(self, idx: Self) -> Self {
            // `tbl`: an index >= 16 gives 0.
            Emu(core::array::from_fn(|k| self.0.get(idx.0[k] as usize).copied().unwrap_or(0)))
        }
        fn shr4(self) -> Self {
            self.map(self, |a, _| a >> 4)
        }
    }
}
