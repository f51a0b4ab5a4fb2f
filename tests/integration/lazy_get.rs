//! `jsonlex::get` and `get_many` against `Value::pointer`: on JSONTestSuite's files and
//! the corpus, every path that exists gives the value `decode` gives there (strictly),
//! paths that do not exist are "not found", `get_many` agrees with `get`, and the
//! engine gives the same spans at every SIMD level. On invalid documents a value is
//! only ever given when everything before its end is valid; any other error is
//! `validate`'s.

use std::path::Path;

use crate::common::strict_diff;
use crate::decode_levels::AtLevel;
use json_runtime::lazy::{find, find_many, Span};
use json_runtime::simd::Level;
use jsonlex::{PathTree, Value};

/// RFC 6901's escapes for a key.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Every pointer of `v` (`prefix` is its own), and pointers next to them that name
/// nothing: a missing key, an index past the end, `-`, a leading zero, a key asked of
/// an array, anything asked of a scalar.
fn pointers(v: &Value, prefix: &str, present: &mut Vec<String>, absent: &mut Vec<String>) {
    present.push(prefix.to_owned());
    match v {
        Value::Object(m) => {
            absent.push(format!("{prefix}/no such key"));
            for (k, child) in m.iter() {
                pointers(child, &format!("{prefix}/{}", escape(k)), present, absent);
            }
        }
        Value::Array(a) => {
            absent.push(format!("{prefix}/{}", a.len()));
            absent.push(format!("{prefix}/-"));
            absent.push(format!("{prefix}/key"));
            if a.len() > 1 {
                absent.push(format!("{prefix}/01"));
            }
            for (i, child) in a.iter().enumerate() {
                pointers(child, &format!("{prefix}/{i}"), present, absent);
            }
        }
        _ => absent.push(format!("{prefix}/0")),
    }
}

/// Whether some object of `lazy` (whose decoded value is `value`) has a key twice
/// (`get` finds the first, `decode` keeps the last): counted with `to_object_iter`,
/// which yields every member, in one pass over the lazy children.
fn has_duplicate_keys(lazy: jsonlex::LazyValue<'_>, value: &Value) -> bool {
    match value {
        Value::Object(m) => {
            let members: Vec<_> = lazy.to_object_iter().map(Result::unwrap).collect();
            members.len() != m.len()
                || members.iter().any(|(k, child)| has_duplicate_keys(*child, m.get(k.as_ref()).unwrap()))
        }
        Value::Array(a) => {
            let elements: Vec<_> = lazy.to_array_iter().map(Result::unwrap).collect();
            assert_eq!(elements.len(), a.len(), "to_array_iter of {lazy}");
            elements.iter().zip(a.iter()).any(|(l, child)| has_duplicate_keys(*l, child))
        }
        _ => false,
    }
}

/// The engine's spans at every kernel level this machine has.
fn spans_at_every_level(doc: &[u8], pointer: &str) -> Vec<Result<Span, String>> {
    let mut out = Vec::new();
    for level in Level::available() {
        // SAFETY: `AtLevel` wraps the lexer generated from json-runtime/grammar/json.lex.
        let r = unsafe {
            match level {
                Level::Scalar => find::<AtLevel<1>, str>(doc, pointer),
                Level::Swar => find::<AtLevel<2>, str>(doc, pointer),
                Level::Sse2 => find::<AtLevel<3>, str>(doc, pointer),
                Level::Avx2 => find::<AtLevel<4>, str>(doc, pointer),
                Level::Neon => find::<AtLevel<5>, str>(doc, pointer),
            }
        };
        out.push(r.map_err(|e| e.to_string()));
    }
    out
}

/// Checks `get` on every pointer of the valid document `doc` (at most `limit` of each
/// kind, spread over the document), and `get_many` on all of them at once.
fn check_valid(name: &str, doc: &[u8], limit: usize) {
    let value = jsonlex::decode(doc).unwrap();
    let (mut present, mut absent) = (Vec::new(), Vec::new());
    pointers(&value, "", &mut present, &mut absent);
    let thin = |v: Vec<String>| -> Vec<String> {
        let step = v.len().div_ceil(limit).max(1);
        v.into_iter().step_by(step).collect()
    };
    let (present, absent) = (thin(present), thin(absent));
    let duplicates = has_duplicate_keys(jsonlex::get(doc, "").unwrap(), &value);
    for p in &present {
        let lazy = jsonlex::get(doc, p.as_str()).unwrap_or_else(|e| panic!("{name}: get({p:?}): {e}"));
        let want = value.pointer(p).unwrap();
        let got = jsonlex::decode(lazy.as_raw_bytes()).unwrap();
        if !duplicates {
            strict_diff(&got, want).unwrap_or_else(|d| panic!("{name}: get({p:?}): {d}"));
        }
        // Its text is the document's bytes at its offset, without white space around it.
        assert_eq!(&doc[lazy.offset()..lazy.offset() + lazy.as_raw_bytes().len()], lazy.as_raw_bytes());
        assert_eq!(lazy.as_raw_str().trim(), lazy.as_raw_str());
        // Typed views agree with the decoded value.
        assert_eq!(lazy.as_str().map(|s| s.into_owned()), got.as_str().map(str::to_owned), "{name}: {p:?}");
        assert_eq!(lazy.as_i64(), got.as_i64(), "{name}: {p:?}");
        assert_eq!(lazy.as_u64(), got.as_u64(), "{name}: {p:?}");
        assert_eq!(lazy.as_bool(), got.as_bool(), "{name}: {p:?}");
        assert_eq!(lazy.is_null(), got.is_null(), "{name}: {p:?}");
        if let Some(f) = got.as_f64() {
            assert_eq!(lazy.as_f64().map(f64::to_bits), Some(f.to_bits()), "{name}: {p:?}");
        }
    }
    for p in &absent {
        let e = jsonlex::get(doc, p.as_str()).expect_err(p);
        assert!(e.is_not_found(), "{name}: get({p:?}): {e}");
        assert!(value.pointer(p).is_none(), "{name}: {p:?}");
    }
    // get_many: the same answers, in the order the paths were added.
    let mut tree = PathTree::new();
    let all: Vec<&String> = present.iter().zip(&absent).flat_map(|(a, b)| [a, b]).collect();
    for p in &all {
        tree.add_path(p.as_str());
    }
    let many = jsonlex::get_many(doc, &tree).unwrap();
    assert_eq!(many.len(), all.len());
    for (p, got) in all.iter().zip(&many) {
        let one = jsonlex::get(doc, p.as_str()).ok();
        assert_eq!(got.map(|v| v.as_raw_str()), one.map(|v| v.as_raw_str()), "{name}: get_many at {p:?}");
    }
    // SAFETY: as in `spans_at_every_level`.
    let levels = unsafe { find_many::<AtLevel<1>>(doc, &tree) }.unwrap();
    assert_eq!(levels, many.iter().map(|v| v.map(|v| span_of(&v))).collect::<Vec<_>>());
}

fn span_of(v: &jsonlex::LazyValue) -> Span {
    Span { start: v.offset(), end: v.offset() + v.as_raw_bytes().len() }
}

/// On a document `decode` rejects: any value `get` gives ends before the first error,
/// and any other error is `validate`'s.
fn check_invalid(name: &str, doc: &[u8]) {
    let first = jsonlex::validate(doc).unwrap_err();
    for p in ["", "/0", "/0/0", "/1", "/a", "/a/0", "/0/a", "/2", "/1/1"] {
        match jsonlex::get(doc, p) {
            Ok(v) => assert!(
                span_of(&v).end <= first.offset(),
                "{name}: get({p:?}) gave {v} past the error at {}: {first}",
                first.offset()
            ),
            Err(e) if e.is_not_found() => {}
            Err(e) => {
                assert_eq!((e.offset(), e.to_string()), (first.offset(), first.to_string()), "{name}: get({p:?})")
            }
        }
        let levels = spans_at_every_level(doc, p);
        assert!(levels.windows(2).all(|w| w[0] == w[1]), "{name}: get({p:?}) across levels: {levels:?}");
    }
}

#[test]
fn json_test_suite() {
    // The test's own walks of a `Value` recurse (500 levels in i_structure_500_nested_arrays).
    std::thread::Builder::new().stack_size(64 << 20).spawn(suite_files).unwrap().join().unwrap();
}

fn suite_files() {
    let mut valid = 0;
    for prefix in ["y_", "n_", "i_"] {
        for (name, doc) in crate::common::json_test_suite(prefix) {
            if jsonlex::validate(&doc).is_ok() {
                check_valid(&name, &doc, usize::MAX);
                for p in ["", "/0", "/a"] {
                    let levels = spans_at_every_level(&doc, p);
                    assert!(levels.windows(2).all(|w| w[0] == w[1]), "{name}: {p:?} across levels: {levels:?}");
                }
                valid += 1;
            } else {
                check_invalid(&name, &doc);
            }
        }
    }
    assert!(valid >= 95, "{valid} valid files");
}

#[test]
fn corpus() {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let doc = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data").join(name)).unwrap();
        check_valid(name, &doc, 40);
        for p in ["/statuses/99/id", "/search_metadata/count", "/performances/200/seatCategories/0", "/features/0"] {
            let levels = spans_at_every_level(&doc, p);
            assert!(levels.windows(2).all(|w| w[0] == w[1]), "{name}: {p:?} across levels: {levels:?}");
        }
    }
}

/// Cut and damaged documents: a value only where everything before its end is valid.
#[test]
fn prefixes_and_damage() {
    let doc = br#"{"a": [1, {"b": "x\u00e9", "c": [true, null]}, -2.5e3], "d\n": {"e": "\ud83d\ude00"}, "f": 0}"#;
    for k in 0..=doc.len() {
        let cut = &doc[..k];
        if jsonlex::validate(cut).is_err() {
            check_invalid("prefix", cut);
        }
        for b in [b'x', b',', b']', b'}', b'"', b'\\', 0xFF] {
            let mut damaged = doc.to_vec();
            damaged[k.min(doc.len() - 1)] = b;
            if jsonlex::validate(&damaged).is_err() {
                check_invalid("damaged", &damaged);
            }
        }
    }
    check_valid("doc", doc, usize::MAX);
}

#[test]
fn what_get_says() {
    let doc = br#"{"a": {"b": [10, "two", {"c~/": null}]}, "a": 2, "s": "x\"y"}  trailing garbage"#;
    assert_eq!(jsonlex::get(doc, "/a/b/1").unwrap().as_str().as_deref(), Some("two"));
    assert_eq!(jsonlex::get(doc, "/a/b/2/c~0~1").unwrap().as_raw_str(), "null");
    assert_eq!(jsonlex::get(doc, &["a", "b"]).unwrap().as_raw_str(), r#"[10, "two", {"c~/": null}]"#);
    assert_eq!(jsonlex::get(doc, &jsonlex::pointer!["a", "b", 0]).unwrap().as_i64(), Some(10));
    assert_eq!(jsonlex::get(doc, "/s").unwrap().as_str().as_deref(), Some("x\"y"));
    // A key twice: the first.
    assert!(jsonlex::get(doc, "/a").unwrap().as_raw_str().starts_with('{'));
    // What follows the value is not looked at, even for the whole document.
    assert!(jsonlex::get(doc, "/s").is_ok());
    assert!(jsonlex::get(doc, "").unwrap().as_raw_str().ends_with('}'));
    assert!(jsonlex::validate(doc).is_err());
    // Not a pointer: nothing is there.
    assert!(jsonlex::get(doc, "a").unwrap_err().is_not_found());
    let e = jsonlex::get(doc, "/a/b/7").unwrap_err();
    assert_eq!(e.to_string(), "no value at `/a/b/7` at line 1, column 13");
    // Invalid JSON on the way: validate's error.
    let bad = br#"{"x": [1, 2,], "y": 1}"#;
    assert_eq!(jsonlex::get(bad, "/y").unwrap_err().to_string(), jsonlex::validate(bad).unwrap_err().to_string());
    // Lazy iteration.
    let v = jsonlex::get(doc, "/a/b").unwrap();
    let items: Vec<_> = v.to_array_iter().map(|r| r.unwrap().as_raw_str()).collect();
    assert_eq!(items, ["10", "\"two\"", r#"{"c~/": null}"#]);
    let obj = jsonlex::get(doc, "/a").unwrap();
    let keys: Vec<_> = obj.to_object_iter().map(|r| r.unwrap().0.into_owned()).collect();
    assert_eq!(keys, ["b"]);
    assert!(v.to_object_iter().next().unwrap().is_err());
    assert_eq!(obj.get("/b/0").unwrap().as_u64(), Some(10));
    #[derive(serde::Deserialize, PartialEq, Debug)]
    struct C {
        #[serde(rename = "c~/")]
        c: Option<u8>,
    }
    assert_eq!(jsonlex::get(doc, "/a/b/2").unwrap().deserialize::<C>().unwrap(), C { c: None });
}

/// 100,000 levels on the way to nothing, on a 1 MiB stack (recursion would need tens of
/// MiB): the depth limit's error.
#[test]
fn deep_documents() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let handle = std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(move || {
            let e = jsonlex::get(deep.as_bytes(), "/1").unwrap_err();
            assert_eq!(e.to_string(), jsonlex::validate(deep.as_bytes()).unwrap_err().to_string());
            let ok = format!("[{}1{}]", "[".repeat(500), "]".repeat(500));
            assert!(jsonlex::get(ok.as_bytes(), "/1").unwrap_err().is_not_found());
        })
        .unwrap();
    handle.join().unwrap();
}
