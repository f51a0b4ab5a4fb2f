//! Dropping a [`Value`] of any depth with a bounded stack.
//!
//! `Value` has no `Drop` of its own (a `Drop` would forbid moving out of it in a
//! `match`); [`Array`](super::Array) and [`Map`](super::Map) have. A non-empty one hands
//! its elements to [`elements`] or [`members`], which drop them depth first, as the
//! compiler's drop would, but count the levels: the element buffers of containers
//! [`LEVELS`] below go onto a heap stack of pending buffers instead (their `Vec`
//! headers, not the elements), each taken apart afterwards the same way. So the native
//! stack holds at most `LEVELS` small frames, however deep the value; the heap stack is
//! allocated only for values deeper than that. Nested containers are dropped in place
//! here, field by field, never through their own `Drop` (which would start over at
//! level 0).
//!
//! Why not a heap stack from the top: moving every container onto it and off again
//! cost more than the compiler's drop; recursion through the first levels does not.

use super::{Str, Value};

/// Levels taken apart by recursion before buffers go onto the heap stack. Any depth
/// keeps the stack bounded; this many covers real documents without the heap stack.
const LEVELS: u32 = 32;

/// The elements of an array or the members of an object, still to be dropped.
enum Pending {
    Array(Vec<Value>),
    Object(Vec<(Str, Value)>),
}

/// Drops an array's elements (leaving it empty), however deeply they nest.
#[inline(never)]
pub(super) fn elements(items: &mut Vec<Value>) {
    let mut deeper = Vec::new();
    drop_array(core::mem::take(items), 0, &mut deeper);
    drain(deeper);
}

/// Drops an object's members (leaving it empty), however deeply they nest.
#[inline(never)]
pub(super) fn members(entries: &mut Vec<(Str, Value)>) {
    let mut deeper = Vec::new();
    drop_object(core::mem::take(entries), 0, &mut deeper);
    drain(deeper);
}

/// Takes apart the buffers that were too deep, each from level 0 again.
fn drain(mut deeper: Vec<Pending>) {
    while let Some(p) = deeper.pop() {
        match p {
            Pending::Array(items) => drop_array(items, 0, &mut deeper),
            Pending::Object(entries) => drop_object(entries, 0, &mut deeper),
        }
    }
}

fn drop_array(items: Vec<Value>, level: u32, deeper: &mut Vec<Pending>) {
    let mut items = core::mem::ManuallyDrop::new(items);
    let (at, len, cap) = (items.as_mut_ptr(), items.len(), items.capacity());
    // SAFETY: each of the `len` initialized elements from `at` on is dropped once, in
    // place; then the buffer is handed back as an empty `Vec` (of the allocation's
    // capacity), which frees it and drops nothing. (A panic half way would leak the
    // rest, not drop anything twice.)
    unsafe {
        for i in 0..len {
            drop_value(&mut *at.add(i), level, deeper);
        }
        drop(Vec::from_raw_parts(at, 0, cap));
    }
}

fn drop_object(entries: Vec<(Str, Value)>, level: u32, deeper: &mut Vec<Pending>) {
    let mut entries = core::mem::ManuallyDrop::new(entries);
    let (at, len, cap) = (entries.as_mut_ptr(), entries.len(), entries.capacity());
    // SAFETY: as in `drop_array`.
    unsafe {
        for i in 0..len {
            let (key, v) = &mut *at.add(i);
            core::ptr::drop_in_place(key);
            drop_value(v, level, deeper);
        }
        drop(Vec::from_raw_parts(at, 0, cap));
    }
}

/// Drops `*v` in place, which sits `level` levels below the container being dropped.
/// An array's or object's fields are moved out and dropped here, not through its own
/// `Drop` (which would start over at level 0).
///
/// # Safety
/// `*v` is dropped: the caller must not use or drop it again.
#[inline(always)]
unsafe fn drop_value(v: &mut Value, level: u32, deeper: &mut Vec<Pending>) {
    match v {
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
        // SAFETY: `*v` is not dropped again (the caller's contract).
        Value::String(s) => unsafe { core::ptr::drop_in_place(s) },
        Value::Array(a) => {
            // SAFETY: moved out once; `a` is not dropped (the caller's contract).
            let items = unsafe { core::ptr::read(&a.0) };
            if items.is_empty() {
                // Only its buffer, if it has one, to free as `items` goes.
            } else if level < LEVELS {
                drop_array(items, level + 1, deeper);
            } else {
                deeper.push(Pending::Array(items));
            }
        }
        Value::Object(m) => {
            // SAFETY: as for an array: each field moved out once, `m` not dropped.
            let (entries, index) = unsafe { (core::ptr::read(&m.entries), core::ptr::read(&m.index)) };
            drop(index);
            if entries.is_empty() {
                // As for an array.
            } else if level < LEVELS {
                drop_object(entries, level + 1, deeper);
            } else {
                deeper.push(Pending::Object(entries));
            }
        }
    }
}
