//! Differential tests against serde_json: with default options the encoder's output
//! is byte-identical to `serde_json::to_string` (and `to_string_pretty` with an indent
//! of 2), on the benchmark corpus and on generated values, at every kernel level.

use crate::util::encode::from_serde;
use crate::util::{assert_ran_every_level, levels};
use json_runtime::ser::{encode_into_at_level, encode_to_vec, encode_to_writer};
use json_runtime::simd;
use json_runtime::{encode, encode_with, EncodeOptions, Number, Value};
use proptest::prelude::*;

fn corpus() -> Vec<(String, serde_json::Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/data");
    ["twitter.json", "citm_catalog.json", "canada.json", "utf-8-escaped.json", "utf-8-unescaped.json"]
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.to_string(), serde_json::from_str(&text).unwrap())
        })
        .collect()
}

#[test]
fn corpus_matches_serde_json_at_every_level() {
    for (name, sv) in corpus() {
        let v = from_serde(&sv);
        let want = serde_json::to_string(&sv).unwrap();
        let want_pretty = serde_json::to_string_pretty(&sv).unwrap();
        let mut ran = Vec::new();
        for level in levels() {
            let mut out = Vec::new();
            encode_into_at_level(&v, &EncodeOptions::new(), level, &mut out);
            assert!(out == want.as_bytes(), "{name} at {level:?}");
            ran.push(level);
        }
        assert_ran_every_level("corpus_matches_serde_json_at_every_level", &ran);
        assert!(encode(&v) == want, "{name}");
        assert!(encode_to_vec(&v) == want.as_bytes(), "{name}");
        let mut w = Vec::new();
        encode_to_writer(&mut w, &v).unwrap();
        assert!(w == want.as_bytes(), "{name}");
        assert_eq!(v.to_string(), want, "{name} Display");
        assert!(encode_with(&v, &EncodeOptions::new().pretty(2)) == want_pretty, "{name} pretty");
        assert!(format!("{v:#}") == want_pretty, "{name} {{:#}}");
    }
}

#[test]
fn numbers_match_serde_json() {
    let floats = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        1e25,
        1e-7,
        1e16,
        1e17,
        1e21,
        1e22,
        123456789.0,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        0.30000000000000004,
        1.5e300,
        -2.5e-300,
        100.0,
        1e15,
    ];
    for f in floats {
        let v = Value::Number(Number::from_f64(f).unwrap());
        assert_eq!(encode(&v), serde_json::to_string(&f).unwrap(), "{f:e}");
    }
    for i in [0i64, 1, -1, i64::MIN, i64::MAX, 42, -1000] {
        assert_eq!(encode(&Value::Number(i.into())), i.to_string());
    }
    assert_eq!(encode(&Value::Number(u64::MAX.into())), u64::MAX.to_string());
    let one = Value::Number(Number::from_f64(1.0).unwrap());
    assert_eq!(encode_with(&one, &EncodeOptions::new().preserve_zero_fraction(false)), "1");
}

fn serde_value() -> impl Strategy<Value = serde_json::Value> {
    let text = prop::collection::vec(
        prop_oneof![
            4 => (0x20u8..0x7f).prop_map(|b| b as char),
            1 => (0u8..0x20).prop_map(|b| b as char),
            1 => prop::sample::select(vec!['"', '\\', '/', 'é', '日', '😀', '\u{2028}', '\u{2029}']),
            1 => any::<char>(),
        ],
        0..48,
    )
    .prop_map(|v| v.into_iter().collect::<String>());
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(|i| serde_json::json!(i)),
        any::<u64>().prop_map(|u| serde_json::json!(u)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| serde_json::json!(f)),
        text.clone().prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(serde_json::Value::Array),
            prop::collection::vec((text.clone(), inner), 0..8)
                .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_values_match_serde_json(sv in serde_value()) {
        let v = from_serde(&sv);
        let want = serde_json::to_string(&sv).unwrap();
        for level in levels() {
            let mut out = Vec::new();
            encode_into_at_level(&v, &EncodeOptions::new(), level, &mut out);
            prop_assert_eq!(String::from_utf8(out).unwrap(), want.clone(), "level {:?}", level);
        }
        prop_assert_eq!(encode_with(&v, &EncodeOptions::new().pretty(2)), serde_json::to_string_pretty(&sv).unwrap());
    }
}

/// The only test of this binary that sets the process-wide level (the others pass a
/// level per call): it checks that `encode` follows it. Other tests may encode at the
/// active level meanwhile, which is correct at any level.
#[test]
fn set_level_drives_encode() {
    let v = Value::String("日本語のテキストです \"quoted\" and a long enough ASCII tail to use vectors".into());
    let want = serde_json::to_string(&serde_json::json!(
        "日本語のテキストです \"quoted\" and a long enough ASCII tail to use vectors"
    ))
    .unwrap();
    let before = simd::level();
    for level in levels() {
        simd::set_level(level).unwrap();
        assert_eq!(simd::level(), level);
        assert_eq!(encode(&v), want);
    }
    simd::set_level(before).unwrap();
}
