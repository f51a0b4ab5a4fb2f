//! Arbitrary bytes: `validate` and `decode` never panic, agree with each other under
//! every option set, agree with the checked (UTF-8 re-validating) decoder, and accept
//! exactly what serde_json accepts under the defaults (nesting kept under serde_json's
//! limit of 128).
#![no_main]

use jsonlex::{BigInt, DecodeOptions, InvalidUtf8, LoneSurrogate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (flags, input) = match data.split_first() {
        Some((&f, rest)) => (f, rest),
        None => (0, data),
    };
    let mut options = DecodeOptions::new().max_depth(100);
    options = options.invalid_utf8(match flags & 3 {
        1 => InvalidUtf8::Substitute,
        2 => InvalidUtf8::Ignore,
        _ => InvalidUtf8::Error,
    });
    if flags & 4 != 0 {
        options = options.lone_surrogate(LoneSurrogate::Substitute);
    }
    if flags & 8 != 0 {
        options = options.big_int(BigInt::String);
    }
    let decoded = jsonlex::decode_with(input, &options);
    let validated = jsonlex::validate_with(input, &options);
    match (&decoded, &validated) {
        (Ok(_), Ok(())) => {}
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("decode and validate disagree"),
    }
    let checked = json_runtime::de::decode::<jsonlex::lexer::JsonLexer>(input, &options);
    assert_eq!(decoded.as_ref().ok(), checked.as_ref().ok());
    if flags & 15 == 0 {
        let theirs = serde_json::from_slice::<serde_json::Value>(input);
        assert_eq!(decoded.is_ok(), theirs.is_ok(), "serde_json: {theirs:?}");
    }
});
