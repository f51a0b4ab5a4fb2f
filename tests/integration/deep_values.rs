//! Documents nested 100,000 levels deep: validating them, and decoding unclosed ones
//! (whose open containers are still empty), must not overflow the stack. Each test runs
//! on a thread with a small stack, so that anything recursing once per level fails here.
//! (Dropping a decoded 100,000-deep `Value` still recurses once per level: issue 11.)

use jsonlex::DecodeOptions;

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
