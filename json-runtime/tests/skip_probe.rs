//! The inline probe (`probe_class` / `probe_utf8`, what a generated lexer's hook calls
//! after its first eight class bytes) against the scalar loops, at every level this
//! machine has: each stop byte at every position of runs up to past the probe's inline
//! blocks (so also the hand-over to the out-of-line kernel), from every start offset
//! within a block.

use crate::util::{assert_ran_every_level, levels};
use json_runtime::simd::Level;
use json_runtime::skip::{probe_class, probe_utf8, skip_class, skip_utf8, Kernels, Strategy};

use crate::util::skip::class;

/// Inputs: a run of `fill` bytes with one `special` sequence at `pos`, for every
/// position up to `max`, with more fill after it.
fn inputs(fill: u8, specials: &[&[u8]], max: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for special in specials {
        for pos in 0..=max {
            let mut v = vec![fill; pos];
            v.extend_from_slice(special);
            v.extend(std::iter::repeat_n(fill, 20));
            out.push(v);
        }
    }
    // No stop at all, of lengths around the block and probe sizes.
    for len in [15, 16, 17, 31, 32, 33, 255, 256, 257, 300] {
        out.push(vec![fill; len]);
    }
    out
}

const MAX: usize = 300;
const SPECIALS: [&[u8]; 10] = [
    b"\"",
    b"\\",
    b"\x00",
    b"\x1f",
    b"\x7f",
    "é".as_bytes(),
    "日本".as_bytes(),
    "😀".as_bytes(),
    b"\xED\xA0\x80",
    b"\xC0\x80",
];

fn scalar() -> Kernels {
    Kernels::new(Level::Scalar).expect("always available")
}

fn probes_at(level: Level) -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) && level >= Level::Sse2
}

#[test]
fn probe_class_agrees_with_the_scalar_loop() {
    let classes = [
        // Ranges through 0xFF (the complement: '"', '\\', 0x80..=0x1F).
        class(|b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\'),
        // High bytes in the class: a comment body.
        class(|b| b != b'*' && b != b'\n'),
        // A range from 0x00.
        class(|b| b < 0x60),
        // Three ranges of the class, two ranges, the complement of one byte.
        class(|b| b" \t\n\r".contains(&b)),
        class(|b| b >= 0x20 || b == b'\t'),
        class(|b| b != b'x'),
        // Nibble tables: no probe.
        class(|b| b.is_ascii_alphanumeric() || b == b'_'),
    ];
    let mut ran = Vec::new();
    for level in levels() {
        let kernels = Kernels::new(level).expect("available");
        ran.push(level);
        for c in &classes {
            let fill = (0..=255u8).find(|&b| c.contains(b)).expect("non-empty");
            for input in inputs(fill, &SPECIALS, MAX) {
                for at in 0..=17.min(input.len()) {
                    let want = skip_class(scalar(), c, &input, at);
                    let got = probe_class(kernels, c, &input, at);
                    let expect_probe =
                        probes_at(level) && input.len() - at >= 16 && matches!(c.strategy(), Strategy::Ranges { .. });
                    assert_eq!(got.is_some(), expect_probe, "{} {c:?} from {at}", level.name());
                    if let Some(end) = got {
                        assert_eq!(end, want, "{} {c:?} from {at} on {:02x?}", level.name(), input);
                    }
                }
            }
        }
    }
    assert_ran_every_level("probe_class_agrees_with_the_scalar_loop", &ran);
}

#[test]
fn probe_utf8_stops_where_the_ascii_run_ends_or_skips_the_whole_run() {
    let json = class(|b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\');
    let mut ran = Vec::new();
    for level in levels() {
        let kernels = Kernels::new(level).expect("available");
        ran.push(level);
        let mut specials = SPECIALS.to_vec();
        let long_tail = [b"a".repeat(70), "日本".repeat(30).into_bytes()].concat();
        specials.push(&long_tail);
        for input in inputs(b'a', &specials, MAX) {
            for at in 0..=17.min(input.len()) {
                let full = skip_utf8(scalar(), &json, &input, at);
                let ascii = skip_class(scalar(), &json, &input, at);
                let got = probe_utf8(kernels, &json, &input, at);
                assert_eq!(got.is_some(), probes_at(level) && input.len() - at >= 16, "{} from {at}", level.name());
                if let Some(end) = got {
                    // The inline blocks (16 of 16 bytes) stop at the first byte >= 0x80
                    // (the DFA takes the character); the kernel after them skips
                    // everything valid.
                    let want = if ascii - at >= 16 * 16 { full } else { ascii };
                    assert!(
                        end == want,
                        "{} from {at}: probe {end}, ascii run {ascii}, utf8 run {full} on {:02x?}",
                        level.name(),
                        input
                    );
                }
            }
        }
    }
    assert_ran_every_level("probe_utf8_stops_where_the_ascii_run_ends_or_skips_the_whole_run", &ran);
}
