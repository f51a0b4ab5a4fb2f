//! `clone`, `==` and `strict_eq` of [`Value`]s nested to any depth, with an explicit
//! stack on the heap instead of one call per level (the decoder builds values 100,000
//! levels deep when `max_depth` allows it, and `Drop` already takes them apart
//! without recursion: see `teardown.rs`). Scalars and flat containers take the same
//! path, without allocating a stack.

use core::slice;

use super::{Array, Map, Str, Value};

impl Clone for Value {
    #[inline]
    fn clone(&self) -> Value {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(*b),
            #[cfg(not(feature = "arbitrary_precision"))]
            Value::Number(n) => Value::Number(*n),
            #[cfg(feature = "arbitrary_precision")]
            Value::Number(n) => Value::Number(n.clone()),
            Value::String(s) => Value::String(s.clone()),
            Value::Array(_) | Value::Object(_) => clone_container(self),
        }
    }
}

/// A container being copied: what is left of the original, and the copy so far.
enum Frame<'a> {
    Array { rest: slice::Iter<'a, Value>, copy: Vec<Value> },
    Object { source: &'a Map, rest: slice::Iter<'a, (Str, Value)>, copy: Vec<(Str, Value)>, key: Option<Str> },
}

impl<'a> Frame<'a> {
    fn new(v: &'a Value) -> Option<Frame<'a>> {
        match v {
            Value::Array(a) => Some(Frame::Array { rest: a.iter(), copy: Vec::with_capacity(a.len()) }),
            Value::Object(m) => {
                Some(Frame::Object { source: m, rest: m.entries.iter(), copy: Vec::with_capacity(m.len()), key: None })
            }
            _ => None,
        }
    }

    /// The next element or member value to copy (its key set aside), if any.
    fn next_child(&mut self) -> Option<&'a Value> {
        match self {
            Frame::Array { rest, .. } => rest.next(),
            Frame::Object { rest, key, .. } => rest.next().map(|(k, v)| {
                *key = Some(k.clone());
                v
            }),
        }
    }

    fn push(&mut self, v: Value) {
        match self {
            Frame::Array { copy, .. } => copy.push(v),
            Frame::Object { copy, key, .. } => copy.push((key.take().unwrap_or_default(), v)),
        }
    }

    fn finish(self) -> Value {
        match self {
            Frame::Array { copy, .. } => Value::Array(Array(copy)),
            // The keys are the source's, in its order: its index fits the copy.
            Frame::Object { source, copy, .. } => Value::Object(Map { entries: copy, index: source.index.clone() }),
        }
    }
}

#[cold]
fn clone_container(v: &Value) -> Value {
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut top = match Frame::new(v) {
        Some(frame) => frame,
        None => return v.clone(),
    };
    loop {
        match top.next_child() {
            Some(child) => match Frame::new(child) {
                Some(frame) => stack.push(core::mem::replace(&mut top, frame)),
                None => top.push(child.clone()),
            },
            None => {
                let done = top.finish();
                match stack.pop() {
                    Some(parent) => {
                        top = parent;
                        top.push(done);
                    }
                    None => return done,
                }
            }
        }
    }
}

impl PartialEq for Value {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        equal(self, other, false)
    }
}

/// `a == b`, or with `strict`, [`Value::strict_eq`]: objects' member order, numbers'
/// kind and the sign of zero count.
pub(super) fn equal(a: &Value, b: &Value, strict: bool) -> bool {
    match (a, b) {
        (Value::Array(_), Value::Array(_)) | (Value::Object(_), Value::Object(_)) => equal_containers(a, b, strict),
        _ => equal_scalars(a, b, strict),
    }
}

#[inline]
fn equal_scalars(a: &Value, b: &Value, strict: bool) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => {
            if strict {
                x.strict_eq(y)
            } else {
                x == y
            }
        }
        (Value::String(x), Value::String(y)) => x == y,
        _ => false,
    }
}

/// The pairs still to compare live on a heap stack.
fn equal_containers(a: &Value, b: &Value, strict: bool) -> bool {
    let mut pending: Vec<(&Value, &Value)> = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        match (a, b) {
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                pending.extend(x.iter().zip(y.iter()));
            }
            (Value::Object(x), Value::Object(y)) => {
                if x.len() != y.len() {
                    return false;
                }
                if strict {
                    for ((k, v), (l, w)) in x.entries.iter().zip(&y.entries) {
                        if k != l {
                            return false;
                        }
                        pending.push((v, w));
                    }
                } else {
                    for (k, v) in x.entries.iter() {
                        match y.get(k) {
                            Some(w) => pending.push((v, w)),
                            None => return false,
                        }
                    }
                }
            }
            _ => {
                if !equal_scalars(a, b, strict) {
                    return false;
                }
            }
        }
    }
    true
}
