//! `skip_class_long` / `skip_utf8_long` (what generated hooks call after a long run)
//! answer exactly as `skip_class` / `skip_utf8`, at every level, at every start offset of
//! inputs that mix long runs, stop bytes and valid and invalid UTF-8.

use crate::util::{assert_ran_every_level, levels};
use json_runtime::skip::{skip_class, skip_class_long, skip_utf8, skip_utf8_long, Kernels};

use crate::util::skip::class;

#[test]
fn long_variants_agree_with_the_plain_ones() {
    let json_string = class(|b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\');
    let not_newline = class(|b| b != b'\n');
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for len in [0usize, 1, 7, 31, 32, 33, 63, 64, 65, 100] {
        let run = "a".repeat(len);
        for tail in ["\"", "\\n", "日本語", "\u{7f}x", "\x01", "\u{10FFFF}"] {
            inputs.push(format!("{run}{tail}{run}").into_bytes());
        }
        let mut invalid = run.clone().into_bytes();
        invalid.extend_from_slice(b"\xE6\x97\xED\xA0\x80\xF4\x90\x80\x80\xC0\x80");
        invalid.extend_from_slice(run.as_bytes());
        inputs.push(invalid);
    }
    let mut ran = Vec::new();
    for level in levels() {
        let kernels = Kernels::new(level).expect("available");
        ran.push(level);
        for input in &inputs {
            for at in 0..=input.len() {
                for c in [&json_string, &not_newline] {
                    assert_eq!(
                        skip_class_long(kernels, c, input, at),
                        skip_class(kernels, c, input, at),
                        "skip_class_long at {} from {at} on {:?}",
                        level.name(),
                        String::from_utf8_lossy(input)
                    );
                }
                // skip_utf8 takes `at` as a character boundary.
                if at == input.len() || (input[at] & 0xC0) != 0x80 {
                    assert_eq!(
                        skip_utf8_long(kernels, &json_string, input, at),
                        skip_utf8(kernels, &json_string, input, at),
                        "skip_utf8_long at {} from {at} on {:?}",
                        level.name(),
                        String::from_utf8_lossy(input)
                    );
                }
            }
        }
    }
    assert_ran_every_level("long_variants_agree_with_the_plain_ones", &ran);
}
