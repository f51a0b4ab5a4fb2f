//! Helpers shared by the skip-kernel tests.

use json_runtime::skip::ByteClass;

/// The class of the bytes `pred` accepts.
pub fn class(pred: impl Fn(u8) -> bool) -> ByteClass {
    let mut bits = [0u64; 4];
    for b in 0..=255u8 {
        if pred(b) {
            bits[(b / 64) as usize] |= 1 << (b % 64);
        }
    }
    ByteClass::from_bitmap(bits)
}
