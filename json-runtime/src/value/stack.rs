//! Room on the stack for what must recurse once per level of a [`Value`](super::Value):
//! `Debug` (`fmt::Formatter` has no other way), serde's `Serialize` into any serializer,
//! and the `Value` deserializers (serde's visitors nest). Each level of them asks
//! [`deep`] first; when less than [`RED_ZONE`] of the thread's stack is left, the
//! level goes on in a new segment on the heap (the `stacker` crate), so any depth the
//! decoder accepts works on any thread, at the cost of a stack-pointer comparison per
//! array or object (on x86-64; other targets still recurse, see Cargo.toml). The
//! encoder, `clone`, `==` and `Drop` do not recurse at all.

/// Stack a level may use before it asks again, with margin (debug builds included).
#[cfg(target_arch = "x86_64")]
const RED_ZONE: usize = 64 * 1024;

/// The size of each segment added.
#[cfg(target_arch = "x86_64")]
const SEGMENT: usize = 2 * 1024 * 1024;

/// Runs `f` where at least [`RED_ZONE`] of stack is free.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// Elsewhere (not yet: see Cargo.toml) these still recurse on the thread's stack.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    f()
}
