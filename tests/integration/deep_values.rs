//! Documents nested 100,000 levels deep: validating them, decoding them (closed, or
//! unclosed with their open containers still empty) and dropping the decoded `Value`s
//! (arrays, objects and any mix, from the decoder or built by hand) must not overflow
//! the stack. Each test runs on a thread with a small stack, so that anything recursing
//! once per level fails here.

use jsonlex::{Array, DecodeOptions, Map, Value};

const DEPTH: usize = 100_000;

/// A stack far smaller than what a recursion 100,000 levels deep needs.
const SMALL_STACK: usize = 256 * 1024;

fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(SMALL_STACK).spawn(f).unwrap().join().unwrap();
}

fn nested(open: &str, inner: &str, close: &str) -> Vec<u8> {
    let mut text = open.repeat(DEPTH).into_bytes();
    text.extend_from_slice(inner.as_bytes());
    text.extend_from_slice(close.repeat(DEPTH).as_bytes());
    text
}

#[test]
fn deep_documents_validate() {
    on_small_stack(|| {
        let arrays = nested("[", "1", "]");
        jsonlex::validate_with(&arrays, &DecodeOptions::new().max_depth(DEPTH)).unwrap();
        // One level more than allowed is refused.
        assert!(jsonlex::validate_with(&arrays, &DecodeOptions::new().max_depth(DEPTH - 1)).is_err());
        let objects = nested(r#"{"a":[0,"#, "{}", "]}");
        jsonlex::validate_with(&objects, &DecodeOptions::new().max_depth(2 * DEPTH + 1)).unwrap();
    });
}

#[test]
fn deep_unclosed_input_is_an_error_not_an_overflow() {
    on_small_stack(|| {
        let text = "[".repeat(DEPTH).into_bytes();
        let options = DecodeOptions::new().max_depth(DEPTH);
        assert!(jsonlex::validate_with(&text, &options).is_err());
        // The error is found after 100,000 open arrays: they are dropped on the way out.
        assert!(jsonlex::decode_with(&text, &options).is_err());
    });
}

/// Follows the last element or member down while it is an array or object; the number
/// of levels passed (iteratively: a recursive walk would overflow here too).
fn depth_of(v: &Value) -> usize {
    let (mut v, mut depth) = (v, 0);
    loop {
        v = match v {
            Value::Array(a) if !a.is_empty() => &a[a.len() - 1],
            Value::Object(m) if !m.is_empty() => m.get_index(m.len() - 1).unwrap().1,
            _ => return depth,
        };
        depth += 1;
    }
}

fn decode_deep(text: &[u8]) -> Value {
    jsonlex::decode_with(text, &DecodeOptions::new().max_depth(3 * DEPTH)).unwrap()
}

#[test]
fn deep_arrays_decode_and_drop() {
    on_small_stack(|| {
        let v = decode_deep(&nested("[", "1", "]"));
        assert_eq!(depth_of(&v), DEPTH);
        drop(v);
        // Siblings at every level: an empty array and a non-empty one before the deep
        // element, so that 100,000 arrays wait their turn to be dropped.
        let v = decode_deep(&nested("[[],[1,[2]],", "[]", "]"));
        assert_eq!(depth_of(&v), DEPTH);
        drop(v);
    });
}

#[test]
fn deep_objects_decode_and_drop() {
    on_small_stack(|| {
        let v = decode_deep(&nested(r#"{"a":"#, r#""x""#, "}"));
        assert_eq!(depth_of(&v), DEPTH);
        drop(v);
        // Enough members for the key index at every level, nested objects among them.
        let members = r#""k1":{"x":{}},"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":[9],"#;
        let v = decode_deep(&nested(&format!("{{{members}\"deep\":"), "{}", "}"));
        assert_eq!(depth_of(&v), DEPTH);
        drop(v);
    });
}

#[test]
fn deep_mixed_nesting_decodes_and_drops() {
    on_small_stack(|| {
        let v = decode_deep(&nested(r#"{"a":[0,"#, "{}", "]}"));
        assert_eq!(depth_of(&v), 2 * DEPTH);
        drop(v);
        let v = decode_deep(&nested(r#"[{"a":[1],"b":"#, "[]", "}]"));
        assert_eq!(depth_of(&v), 2 * DEPTH);
        drop(v);
    });
}

/// The error comes after a complete 100,000-deep value: the decoder drops it on the way
/// out.
#[test]
fn deep_value_before_an_error_is_dropped() {
    on_small_stack(|| {
        let mut text = b"[".to_vec();
        text.extend(nested("[", "1", "]"));
        text.push(b',');
        assert!(jsonlex::decode_with(&text, &DecodeOptions::new().max_depth(DEPTH + 1)).is_err());
        let mut text = br#"{"a":"#.to_vec();
        text.extend(nested(r#"{"a":"#, "1", "}"));
        text.extend(br#","a":2"#);
        assert!(jsonlex::decode_with(&text, &DecodeOptions::new().max_depth(DEPTH + 1)).is_err());
    });
}

/// Built with the public API, not by the decoder: arrays and objects with capacity to
/// spare, and both in turn.
#[test]
fn deep_values_built_by_hand_drop() {
    on_small_stack(|| {
        let mut v = Value::Null;
        for i in 0..DEPTH {
            v = match i % 3 {
                0 => Value::from(vec![v]),
                1 => {
                    let mut a = Array::with_capacity(4);
                    a.push(Value::from(i));
                    a.push(v);
                    Value::Array(a)
                }
                _ => {
                    let mut m = Map::new();
                    m.insert("n", Value::from(i));
                    m.insert("v", v);
                    Value::Object(m)
                }
            };
        }
        assert_eq!(depth_of(&v), DEPTH);
        drop(v);

        // Replacing and removing deep parts drops them too.
        let mut root = Value::Null;
        root["a"] = deep_array(DEPTH);
        root["b"] = deep_array(DEPTH);
        root["a"] = Value::Null;
        let mut m = Map::new();
        m.insert("x", deep_array(DEPTH));
        assert!(m.remove("x").is_some());
        root.as_object_mut().unwrap().clear();
        let mut a = vec![deep_array(DEPTH), deep_array(DEPTH)];
        a.truncate(1);
        root["c"] = Value::from(a);
        root.as_object_mut().unwrap().retain(|_, _| false);
    });
}

fn deep_array(depth: usize) -> Value {
    let mut v = Value::Null;
    for _ in 0..depth {
        v = Value::from(vec![v]);
    }
    v
}

/// A `Value` can still be taken apart in a `match` (it has no `Drop` of its own), and
/// what comes out drops without recursion too.
#[test]
fn values_move_out_of_a_match() {
    on_small_stack(|| {
        let s = match Value::from("moved") {
            Value::String(s) => s,
            _ => unreachable!(),
        };
        assert_eq!(s, "moved");
        let v = decode_deep(&nested(r#"{"a":["#, "1", "]}"));
        let Value::Object(m) = v else { panic!("an object") };
        let (key, inner) = m.into_iter().next().unwrap();
        assert_eq!(key, "a");
        let Value::Array(a) = inner else { panic!("an array") };
        let elements: Vec<Value> = a.into_vec();
        assert_eq!(elements.len(), 1);
        assert_eq!(depth_of(&elements[0]), 2 * DEPTH - 2);
        drop(elements);
        // An owning iterator dropped half way drops the rest.
        let v = decode_deep(&nested("[[1],", "1", "]"));
        let Value::Array(a) = v else { panic!("an array") };
        let mut it = a.into_iter();
        assert_eq!(it.next(), Some(Value::from(vec![Value::from(1)])));
        drop(it);
    });
}

#[test]
fn deep_document_to_owned_drops() {
    on_small_stack(|| {
        let text = nested(r#"{"a":[0,"#, "{}", "]}");
        let doc = jsonlex::Document::parse_with(&text, &DecodeOptions::new().max_depth(2 * DEPTH + 1)).unwrap();
        let v = doc.root().to_owned();
        assert_eq!(depth_of(&v), 2 * DEPTH);
        drop(v);
    });
}

/// Arrays and objects in turn, `2 * DEPTH` levels in all (an object's member holds an
/// array, whose last element is an object, ...), with scalars beside each level, and
/// `bottom` at the bottom.
fn deep_mix(bottom: &str) -> Value {
    let text = nested(r#"{"n": 1.5, "a": [null, "s", "#, bottom, "]}");
    jsonlex::decode_with(&text, &DecodeOptions::new().max_depth(2 * DEPTH + 1)).unwrap()
}

#[test]
fn deep_values_clone_and_compare() {
    on_small_stack(|| {
        let v = deep_mix("{}");
        assert_eq!(depth_of(&v), 2 * DEPTH);
        let copy = v.clone();
        assert_eq!(depth_of(&copy), 2 * DEPTH);
        assert!(copy == v);
        assert!(copy.strict_eq(&v));
        // A difference at the bottom is seen.
        let other = deep_mix("0");
        assert!(other != v);
        assert!(!other.strict_eq(&v));
        let arrays = jsonlex::decode_with(&nested("[", "[]", "]"), &DecodeOptions::new().max_depth(DEPTH + 1)).unwrap();
        assert!(arrays.clone() == arrays);
        assert!(arrays != v);
    });
}

/// Arrays in arrays, with `1` at the bottom, built by hand (no depth limit to lift).
fn deep_arrays_of(depth: usize) -> Value {
    let mut v = Value::from(1);
    for _ in 0..depth {
        v = Value::from(vec![v]);
    }
    v
}

#[test]
fn deep_values_encode() {
    on_small_stack(|| {
        let arrays = deep_arrays_of(DEPTH);
        assert_eq!(jsonlex::encode(&arrays).as_bytes(), nested("[", "1", "]"));
        let text = nested(r#"{"b":0,"a":["#, "{}", "]}");
        let v = jsonlex::decode_with(&text, &DecodeOptions::new().max_depth(2 * DEPTH + 1)).unwrap();
        assert_eq!(jsonlex::encode(&v).as_bytes(), text);
        // Sorted keys: "a" before "b" at every level.
        let sorted = jsonlex::encode_with(&v, &jsonlex::EncodeOptions::new().sort_keys(true));
        assert_eq!(sorted.as_bytes(), nested(r#"{"a":["#, "{}", r#"],"b":0}"#));
        // Pretty: a line per element, member and closing bracket; it reads back. (No
        // indentation: 200,000 levels of it would be 20 GB of spaces.)
        let pretty = jsonlex::encode_with(&v, &jsonlex::EncodeOptions::new().pretty(0).sort_keys(true));
        // Each level: `{`, `"a": [`, `],`, `"b": 0`, `}`; and the `{}` at the bottom.
        assert_eq!(pretty.lines().count(), 5 * DEPTH + 1);
        let back = jsonlex::decode_with(pretty.as_bytes(), &DecodeOptions::new().max_depth(2 * DEPTH + 1)).unwrap();
        assert!(back == v);
    });
}

#[test]
fn deep_values_serialize() {
    on_small_stack(|| {
        let v = deep_mix("{}");
        let text = jsonlex::to_string(&v).unwrap();
        assert_eq!(text, jsonlex::encode(&v));
        let lines = jsonlex::EncodeOptions::new().pretty(0);
        let pretty = jsonlex::to_string_with(&v, &lines).unwrap();
        assert_eq!(pretty, jsonlex::encode_with(&v, &lines));
        // Into a `Value` (serde's `Serialize` into the value serializer).
        let copy = jsonlex::to_value(&v).unwrap();
        assert!(copy.strict_eq(&v));
    });
}

#[test]
fn deep_values_deserialize_from_value() {
    on_small_stack(|| {
        let v = deep_mix("{}");
        let by_ref: Value = serde::Deserialize::deserialize(&v).unwrap();
        assert!(by_ref.strict_eq(&v));
        let owned: Value = jsonlex::from_value(v.clone()).unwrap();
        assert!(owned.strict_eq(&v));
    });
}

#[test]
fn deep_values_debug() {
    on_small_stack(|| {
        let v = deep_arrays_of(DEPTH);
        let debug = format!("{v:?}");
        assert_eq!(debug, format!("{}Number(1){}", "Array [".repeat(DEPTH), "]".repeat(DEPTH)));
        // `{:#?}`: one line per level and per closing bracket, indented 4 more a level
        // (fewer levels: the indentation grows with the square of the depth).
        let depth = 1_000;
        let pretty = format!("{:#?}", deep_arrays_of(depth));
        assert_eq!(pretty.lines().count(), 2 * depth + 1);
        let bottom = pretty.lines().nth(depth).unwrap();
        assert_eq!(bottom, format!("{}Number(1),", " ".repeat(4 * depth)));
        let mut m = Map::new();
        m.insert("k", deep_arrays_of(DEPTH));
        let debug = format!("{:?}", Value::Object(m));
        assert!(debug.starts_with(r#"Object {"k": Array [Array ["#) && debug.ends_with("]]}"));
    });
}
