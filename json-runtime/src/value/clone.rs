//! Cloning a [`Value`] of any depth with a bounded stack: depth first by recursion
//! through the first [`LEVELS`] levels (as the derived `Clone` would), below that with a
//! heap stack of the containers being copied.

use super::teardown::LEVELS;
use super::{Array, Map, Str, Value};

impl Clone for Value {
    #[inline]
    fn clone(&self) -> Value {
        clone_value(self, 0)
    }
}

/// A copy of `v`, which sits `level` levels below where the copying started.
fn clone_value(v: &Value, level: u32) -> Value {
    match v {
        Value::Null => Value::Null,
        Value::Bool(b) => Value::Bool(*b),
        Value::Number(n) => Value::Number(*n),
        Value::String(s) => Value::String(s.clone()),
        Value::Array(a) if level < LEVELS => {
            let mut items = Vec::with_capacity(a.len());
            items.extend(a.iter().map(|x| clone_value(x, level + 1)));
            Value::Array(Array(items))
        }
        Value::Object(m) if level < LEVELS => {
            let mut entries = Vec::with_capacity(m.len());
            entries.extend(m.entries.iter().map(|(k, x)| (k.clone(), clone_value(x, level + 1))));
            Value::Object(Map { entries, index: m.index.clone() })
        }
        _ => clone_deep(v),
    }
}

/// A container being copied: what is left of the original, and the copy so far (an
/// object's last member is the one being copied, `null` until it is done).
enum Open<'a> {
    Array(core::slice::Iter<'a, Value>, Vec<Value>),
    Object(&'a Map, core::slice::Iter<'a, (Str, Value)>, Vec<(Str, Value)>),
}

/// `clone_value` without recursion.
#[inline(never)]
fn clone_deep(root: &Value) -> Value {
    let mut stack: Vec<Open<'_>> = Vec::new();
    let mut next = root;
    loop {
        // Down: a non-empty container opens; anything else is copied whole.
        let mut done = match next {
            Value::Array(a) if !a.is_empty() => {
                stack.push(Open::Array(a.iter(), Vec::with_capacity(a.len())));
                None
            }
            Value::Object(m) if !m.is_empty() => {
                stack.push(Open::Object(m, m.entries.iter(), Vec::with_capacity(m.len())));
                None
            }
            v => Some(clone_value(v, 0)),
        };
        // Up: hand the finished value to its container, close the containers that are
        // complete, and go on with the next element.
        loop {
            let Some(top) = stack.last_mut() else {
                return done.expect("the root is finished when the stack is empty");
            };
            let child = match top {
                Open::Array(rest, copy) => {
                    copy.extend(done.take());
                    rest.next()
                }
                Open::Object(_, rest, copy) => {
                    if let Some(v) = done.take() {
                        copy.last_mut().expect("a member being copied").1 = v;
                    }
                    rest.next().map(|(k, v)| {
                        copy.push((k.clone(), Value::Null));
                        v
                    })
                }
            };
            if let Some(child) = child {
                next = child;
                break;
            }
            done = Some(match stack.pop() {
                Some(Open::Array(_, copy)) => Value::Array(Array(copy)),
                Some(Open::Object(m, _, entries)) => Value::Object(Map { entries, index: m.index.clone() }),
                None => unreachable!("the stack had a top"),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels of arrays and objects in turn, with siblings, some objects large enough
    /// for a key index: deeper than `LEVELS`, so that both ways of copying run.
    fn nest(depth: usize) -> Value {
        let mut v = Value::from("bottom");
        for i in 0..depth {
            v = if i % 2 == 0 {
                Value::from(vec![Value::from(i), Value::Array(Array::new()), v, Value::from(vec![Value::Null])])
            } else {
                let mut m: Map = (0..i % 12).map(|k| (format!("k{k}"), Value::from(k))).collect();
                m.insert("v", v);
                m.insert("e", Value::Object(Map::new()));
                Value::Object(m)
            };
        }
        v
    }

    #[test]
    fn clones_are_equal_at_every_depth() {
        for depth in [0, 1, 2, 5, LEVELS as usize - 1, LEVELS as usize, LEVELS as usize + 1, 3 * LEVELS as usize + 7] {
            let v = nest(depth);
            let c = v.clone();
            assert!(c.strict_eq(&v), "depth {depth}");
            assert!(clone_deep(&v).strict_eq(&v), "depth {depth}");
            // Indexes came along: every member found where it is.
            let mut at = &c;
            while let Some(next) = at.get("v").or_else(|| at.get(2)) {
                if let Value::Object(m) = at {
                    assert_eq!(m.index.is_some(), m.len() > Map::INDEX_THRESHOLD);
                    for (i, (k, _)) in m.iter().enumerate() {
                        assert_eq!(m.position(k), Some(i));
                    }
                }
                at = next;
            }
            assert_eq!(at, "bottom");
        }
        for leaf in
            [Value::Null, Value::from(true), Value::from(-1.5), Value::from("s".repeat(40)), Value::from(Map::new())]
        {
            assert!(clone_deep(&leaf).strict_eq(&leaf));
        }
    }
}
