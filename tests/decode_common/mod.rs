//! Helpers shared by the decoder's integration tests.
#![allow(dead_code)]

use jsonlex::Value;

/// Our value equals serde_json's: same structure, same integers and strings; floats
/// may differ by one unit in the last place, since serde_json (without its
/// `float_roundtrip` feature) does not round every decimal correctly and jsonlex does.
pub fn same(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match (ours, theirs) {
        (Value::Null, S::Null) => true,
        (Value::Bool(a), S::Bool(b)) => a == b,
        (Value::Number(a), S::Number(b)) => {
            if let Some(b) = b.as_u64() {
                a.as_u64() == Some(b)
            } else if let Some(b) = b.as_i64() {
                a.as_i64() == Some(b) && !a.is_f64()
            } else {
                let (a, b) = (a.as_f64(), b.as_f64().unwrap());
                a.is_finite()
                    && (a == b || (a.to_bits() as i64 - b.to_bits() as i64).abs() <= 1)
                    && a.is_sign_negative() == b.is_sign_negative()
            }
        }
        (Value::String(a), S::String(b)) => a == b,
        (Value::Array(a), S::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b)),
        (Value::Object(a), S::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k.as_str()).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}

/// Decoding and validating agree: same acceptance, same error.
pub fn decode_checked(input: &[u8], options: &jsonlex::DecodeOptions) -> Result<Value, jsonlex::Error> {
    let decoded = jsonlex::decode_with(input, options);
    let validated = jsonlex::validate_with(input, options);
    match (&decoded, &validated) {
        (Ok(_), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!(
            (a.offset(), a.classify(), a.message()),
            (b.offset(), b.classify(), b.message()),
            "decode and validate disagree on {input:?}"
        ),
        _ => panic!("decode {:?} but validate {:?} on {input:?}", decoded.as_ref().map(|_| ()), validated),
    }
    // The generated lexer keeps its promise: checking string tokens' UTF-8 changes nothing.
    let checked = json_runtime::de::decode::<jsonlex::lexer::JsonLexer>(input, options);
    match (&decoded, &checked) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("trusted and checked decoding disagree on {input:?}"),
    }
    decoded
}
