//! Helpers shared by the test modules.

pub mod encode;
pub mod skip;

use json_runtime::simd::Level;

/// The levels this CPU can run, simplest first, checked against the CPU's own feature
/// detection: a test that loops over them runs every vector level the CPU has (SSE2 and
/// AVX2 where `is_x86_feature_detected!` says so, NEON on aarch64), never fewer.
pub fn levels() -> Vec<Level> {
    #[allow(unused_mut)]
    let mut want = vec![Level::Scalar, Level::Swar];
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        if std::is_x86_feature_detected!("sse2") {
            want.push(Level::Sse2);
        }
        if std::is_x86_feature_detected!("avx2") {
            want.push(Level::Avx2);
        }
    }
    #[cfg(target_arch = "aarch64")]
    want.push(Level::Neon);
    assert_eq!(Level::available(), want, "Level::available() disagrees with the CPU's features");
    want
}

/// Asserts that a test that looped over [`levels`] ran at every one of them, in order,
/// and says which on stderr (shown with `--nocapture`, or when the test fails).
#[track_caller]
pub fn assert_ran_every_level(test: &str, ran: &[Level]) {
    let names: Vec<&str> = ran.iter().map(|l| l.name()).collect();
    eprintln!("{test}: ran at {}", names.join(", "));
    assert_eq!(ran, levels(), "{test}: levels run");
}
