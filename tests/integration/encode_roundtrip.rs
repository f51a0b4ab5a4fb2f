//! Round trip: `decode(encode(v)) == v` for generated values, under the default options
//! and under every escaping option with pretty printing (they change the text, never
//! the value). Floats with an integral value keep their `.0` (the default), so they
//! decode as floats again. Compared strictly: member order, number kinds, sign of zero.

use crate::common::strict_diff;
use jsonlex::runtime::ser::{encode_with, EncodeOptions};
use jsonlex::{decode, Map, Number, Value};
use proptest::prelude::*;

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => (0x20u8..0x7f).prop_map(|b| b as char),
            1 => (0u8..0x20).prop_map(|b| b as char),
            1 => prop::sample::select(vec!['"', '\\', '/', '<', '>', '&', '\'', 'é', '日', '😀', '\u{2028}', '\u{2029}']),
            1 => any::<char>(),
        ],
        0..40,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| Value::Number(Number::from(i))),
        any::<u64>().prop_map(|u| Value::Number(Number::from(u))),
        any::<f64>().prop_filter_map("finite", Number::from_f64).prop_map(Value::Number),
        text().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::from),
            prop::collection::vec((text(), inner), 0..8).prop_map(|kv| {
                let mut m = Map::new();
                for (k, v) in kv {
                    m.insert(k, v);
                }
                Value::Object(m)
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn decode_of_encode_is_identity(v in value(), bits in 0u8..128, pretty in any::<bool>()) {
        let mut opts = EncodeOptions::new()
            .escape_unicode(bits & 1 != 0)
            .escape_slashes(bits & 2 != 0)
            .escape_line_terminators(bits & 4 != 0)
            .hex_tag(bits & 8 != 0)
            .hex_amp(bits & 16 != 0)
            .hex_apos(bits & 32 != 0)
            .hex_quot(bits & 64 != 0);
        if pretty {
            opts = opts.pretty(4);
        }
        let text = encode_with(&v, &opts);
        let back = decode(text.as_bytes());
        prop_assert!(back.is_ok(), "{:?} for {}", back, text);
        let same = strict_diff(&back.unwrap(), &v);
        prop_assert!(same.is_ok(), "{:?} for {}", same, text);
    }
}
