//! The entry points compiled for a class fixed at compile time ([`ConstClass`]:
//! `skip_class_long_of`, `skip_utf8_long_of`, `probe_class_of`, `probe_utf8_of`, what
//! generated lexers call) answer exactly as the entry points that take the class by
//! reference (checked against a byte-by-byte reference in `skip_kernels`), and as the
//! scalar level, at every level, for a class of every matcher shape: each stop byte and
//! UTF-8 special at every position of runs that cross the 8-, 16-, 32- and 64-byte block
//! boundaries, from several start offsets.

use crate::util::{assert_ran_every_level, levels};
use json_runtime::simd::Level;
use json_runtime::skip::{
    probe_class, probe_class_of, probe_utf8, probe_utf8_of, skip_class_long, skip_class_long_of, skip_utf8_long,
    skip_utf8_long_of, ByteClass, ConstClass, Kernels, Strategy,
};

/// `struct $name;` whose `ConstClass` holds the bytes `$pred` accepts (a const expression
/// over the byte `$b`).
macro_rules! const_class {
    ($name:ident, |$b:ident| $pred:expr) => {
        struct $name;
        impl ConstClass for $name {
            const CLASS: ByteClass = {
                let mut bits = [0u64; 4];
                let mut i = 0usize;
                while i < 256 {
                    let $b = i as u8;
                    if $pred {
                        bits[i / 64] |= 1 << (i % 64);
                    }
                    i += 1;
                }
                ByteClass::from_bitmap(bits)
            };
        }
    };
}

const_class!(JsonString, |b| matches!(b, 0x20..=0x7F) && b != b'"' && b != b'\\');
const_class!(Whitespace, |b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
const_class!(Identifier, |b| b.is_ascii_alphanumeric() || b == b'_');
const_class!(NotStarSlashNewline, |b| !matches!(b, b'*' | b'/' | b'\n'));
const_class!(AsciiNotStarSlashNewline, |b| b < 0x80 && !matches!(b, b'*' | b'/' | b'\n'));
const_class!(Scattered, |b| (b as u32).wrapping_mul(0x9E37_79B9).rotate_left(7).is_multiple_of(3));
const_class!(AsciiScattered, |b| b < 0x80 && (b as u32).wrapping_mul(0x9E37_79B9).rotate_left(7).is_multiple_of(3));
const_class!(LettersAndHigh, |b| b.is_ascii_alphabetic() || b >= 0x80);
const_class!(X, |b| b == b'x');
const_class!(XOrZ, |b| b == b'x' || b == b'z');
const_class!(AllButX, |b| b != b'x');
const_class!(PrintableOrTab, |b| b >= 0x20 || b == b'\t');
const_class!(NotQuoteOrBackslash, |b| b != b'"' && b != b'\\');
const_class!(AsciiNotQuoteOrBackslash, |b| b < 0x80 && b != b'"' && b != b'\\');
const_class!(AsciiBelow0x60, |b| b < 0x60);
const_class!(PrintableAscii, |b| matches!(b, 0x20..=0x7F));
const_class!(AllAscii, |b| b < 0x80);
const_class!(Empty, |_b| false);
const_class!(Full, |_b| true);

type Skip = fn(Kernels, &ByteClass, &[u8], usize) -> usize;
type Probe = fn(Kernels, &ByteClass, &[u8], usize) -> Option<usize>;

/// One class with its four compiled entry points.
struct Case {
    name: &'static str,
    class: &'static ByteClass,
    class_of: Skip,
    utf8_of: Skip,
    probe_class_of: Probe,
    probe_utf8_of: Probe,
}

macro_rules! cases {
    ($($t:ident),* $(,)?) => {
        vec![$(Case {
            name: stringify!($t),
            class: &<$t as ConstClass>::CLASS,
            class_of: skip_class_long_of::<$t>,
            utf8_of: skip_utf8_long_of::<$t>,
            probe_class_of: probe_class_of::<$t>,
            probe_utf8_of: probe_utf8_of::<$t>,
        }),*]
    };
}

fn cases() -> Vec<Case> {
    cases![
        JsonString,
        Whitespace,
        Identifier,
        NotStarSlashNewline,
        AsciiNotStarSlashNewline,
        Scattered,
        AsciiScattered,
        LettersAndHigh,
        X,
        XOrZ,
        AllButX,
        PrintableOrTab,
        NotQuoteOrBackslash,
        AsciiNotQuoteOrBackslash,
        AsciiBelow0x60,
        PrintableAscii,
        AllAscii,
        Empty,
        Full,
    ]
}

/// Every matcher shape is taken by some class, by `skip_class` and by `skip_utf8`
/// (whose matcher is never the empty set), so every specialised kernel path runs.
#[test]
fn const_classes_cover_every_matcher_shape() {
    let mut shapes: Vec<Strategy> =
        (0..=3).flat_map(|ranges| [false, true].map(|complement| Strategy::Ranges { ranges, complement })).collect();
    shapes.extend([Strategy::NibbleTables { pairs: 1 }, Strategy::NibbleTables { pairs: 2 }]);
    let cases = cases();
    for shape in shapes {
        assert!(cases.iter().any(|c| c.class.strategy() == shape), "no const class takes {shape:?} in skip_class");
        if shape != (Strategy::Ranges { ranges: 0, complement: false }) {
            assert!(
                cases.iter().any(|c| c.class.utf8_strategy() == shape),
                "no const class takes {shape:?} in skip_utf8"
            );
        }
    }
}

/// UTF-8 sequences that end or test a run: valid, truncated, overlong, surrogate, too
/// large, stray continuations.
const UTF8_SPECIALS: [&[u8]; 18] = [
    &[0xC2, 0x80],
    &[0xE0, 0xA0, 0x80],
    &[0xED, 0x9F, 0xBF],
    &[0xF0, 0x90, 0x80, 0x80],
    &[0xF4, 0x8F, 0xBF, 0xBF],
    &[0xC2],
    &[0xE1, 0x80],
    &[0xF0, 0x90, 0x80],
    &[0xC0, 0x80],
    &[0xE0, 0x9F, 0xBF],
    &[0xF0, 0x8F, 0xBF, 0xBF],
    &[0xED, 0xA0, 0x80],
    &[0xF4, 0x90, 0x80, 0x80],
    &[0xF5],
    &[0x80],
    &[0xC2, 0x80, 0x80],
    &[0xE1, 0x80, 0x41],
    &[0xFF],
];

/// Run lengths around every block width.
const LENGTHS: [usize; 12] = [0, 1, 8, 15, 16, 17, 31, 32, 33, 63, 64, 70];

#[test]
fn const_class_entry_points_agree_with_the_reference_tested_ones() {
    let scalar = Kernels::new(Level::Scalar).expect("always there");
    let mut ran = Vec::new();
    let all: Vec<Kernels> = levels().into_iter().map(|l| Kernels::new(l).expect("available")).collect();
    for &k in &all {
        ran.push(k.level());
    }
    for case in cases() {
        let class = case.class;
        let members: Vec<u8> = (0..=255u8).filter(|&b| class.contains(b)).collect();
        let ascii: Vec<u8> = members.iter().copied().filter(|&b| b < 0x80).collect();
        // Runs: the class's bytes, and its ASCII bytes between multibyte characters.
        let mut runs: Vec<Vec<u8>> = Vec::new();
        if !members.is_empty() {
            runs.push(members.iter().copied().cycle().take(80).collect());
        }
        if !ascii.is_empty() {
            let mut mixed = Vec::new();
            for (k, ch) in ["é", "日本", "😀", "я"].iter().cycle().take(40).enumerate() {
                mixed.push(ascii[k % ascii.len()]);
                mixed.extend_from_slice(ch.as_bytes());
            }
            runs.push(mixed);
        } else {
            runs.push(b"abc".repeat(30));
        }
        // Specials: a few stop bytes of the class (ASCII and not), and the UTF-8 sequences.
        let stops: Vec<u8> = (0..=255u8).filter(|&b| !class.contains(b)).collect();
        let mut specials: Vec<Vec<u8>> = stops.iter().step_by((stops.len() / 6).max(1)).map(|&b| vec![b]).collect();
        specials.extend(UTF8_SPECIALS.iter().map(|s| s.to_vec()));
        for run in &runs {
            for special in &specials {
                for len in LENGTHS {
                    for pos in 0..=len {
                        let mut input = run[..pos].to_vec();
                        input.extend_from_slice(special);
                        input.extend_from_slice(&run[pos..len]);
                        for at in [0, 3] {
                            if at <= input.len() {
                                check(&case, &all, scalar, &input, at);
                            }
                        }
                    }
                }
            }
        }
    }
    assert_ran_every_level("const_class_entry_points_agree_with_the_reference_tested_ones", &ran);
}

#[test]
fn const_class_entry_points_at_the_end_and_past_it() {
    for l in levels() {
        let k = Kernels::new(l).expect("available");
        let c = &JsonString::CLASS;
        assert_eq!(skip_class_long_of::<JsonString>(k, c, b"abc", 3), 3);
        assert_eq!(skip_utf8_long_of::<JsonString>(k, c, b"abc", 3), 3);
        assert_eq!(skip_utf8_long_of::<JsonString>(k, c, b"", 0), 0);
        assert!(std::panic::catch_unwind(|| skip_class_long_of::<JsonString>(k, c, b"abc", 4)).is_err());
        assert!(std::panic::catch_unwind(|| skip_utf8_long_of::<JsonString>(k, c, b"abc", 4)).is_err());
    }
}

#[track_caller]
fn check(case: &Case, all: &[Kernels], scalar: Kernels, input: &[u8], at: usize) {
    let class = case.class;
    let want_class = skip_class_long(scalar, class, input, at);
    // `skip_utf8` takes `at` as a character boundary.
    let boundary = at == input.len() || input[at] & 0xC0 != 0x80;
    let want_utf8 = skip_utf8_long(scalar, class, input, at);
    for &k in all {
        let name = case.name;
        let level = k.level().name();
        assert_eq!((case.class_of)(k, class, input, at), want_class, "class_of {name} {level} at {at} {input:02x?}");
        assert_eq!(skip_class_long(k, class, input, at), want_class, "class {name} {level} at {at} {input:02x?}");
        assert_eq!(
            (case.probe_class_of)(k, class, input, at),
            probe_class(k, class, input, at),
            "probe_class {name} {level}"
        );
        if let Some(end) = (case.probe_class_of)(k, class, input, at) {
            assert_eq!(end, want_class, "probe_class_of {name} {level} at {at} {input:02x?}");
        }
        if boundary {
            assert_eq!((case.utf8_of)(k, class, input, at), want_utf8, "utf8_of {name} {level} at {at} {input:02x?}");
            assert_eq!(skip_utf8_long(k, class, input, at), want_utf8, "utf8 {name} {level} at {at} {input:02x?}");
            let probed = (case.probe_utf8_of)(k, class, input, at);
            assert_eq!(probed, probe_utf8(k, class, input, at), "probe_utf8 {name} {level} at {at} {input:02x?}");
        }
    }
}
