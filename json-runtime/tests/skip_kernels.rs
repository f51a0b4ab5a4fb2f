//! The skip kernels at every level this CPU has, against a byte-by-byte reference
//! written here: every stop byte at every position of runs of every length 0..=130
//! (crossing every 8/16/32/64-byte block boundary), multibyte characters straddling
//! block boundaries, start offsets, and random strings (proptest).

use crate::util::{assert_ran_every_level, levels};
use json_runtime::simd::Level;
use json_runtime::skip::{skip_class, skip_utf8, ByteClass, Kernels, Strategy as Method};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------
// Reference

/// A class as a bitmap and as a plain membership table.
struct Class {
    name: &'static str,
    member: [bool; 256],
    class: ByteClass,
}

impl Class {
    fn new(name: &'static str, f: impl Fn(u8) -> bool) -> Class {
        let mut member = [false; 256];
        let mut bits = [0u64; 4];
        for b in 0..=255u8 {
            if f(b) {
                member[b as usize] = true;
                bits[b as usize / 64] |= 1 << (b % 64);
            }
        }
        Class { name, member, class: ByteClass::from_bitmap(bits) }
    }

    /// The ASCII bytes of the class.
    fn ascii_members(&self) -> Vec<u8> {
        (0..0x80u8).filter(|&b| self.member[b as usize]).collect()
    }
}

fn reference_class(c: &Class, input: &[u8], at: usize) -> usize {
    let mut i = at;
    while i < input.len() && c.member[input[i] as usize] {
        i += 1;
    }
    i
}

/// Byte by byte; a multibyte character is accepted when std's (strict) UTF-8 check
/// accepts the bytes its lead announces.
fn reference_utf8(c: &Class, input: &[u8], at: usize) -> usize {
    let mut i = at;
    while i < input.len() {
        let b = input[i];
        if b < 0x80 {
            if !c.member[b as usize] {
                return i;
            }
            i += 1;
            continue;
        }
        let n = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return i,
        };
        if i + n > input.len() || std::str::from_utf8(&input[i..i + n]).is_err() {
            return i;
        }
        i += n;
    }
    i
}

fn json_string(b: u8) -> bool {
    (0x20..0x80).contains(&b) && b != b'"' && b != b'\\'
}

fn scattered(b: u8) -> bool {
    (b as u32).wrapping_mul(0x9E37_79B9).rotate_left(7).is_multiple_of(3)
}

/// Classes for `skip_class`, covering every matcher shape (see
/// `classes_cover_every_matcher_shape` for which class takes which).
fn class_classes() -> Vec<Class> {
    vec![
        Class::new("json string", json_string),
        Class::new("whitespace", |b| b" \t\n\r".contains(&b)),
        Class::new("identifier", |b| b.is_ascii_alphanumeric() || b == b'_'),
        Class::new("not * / newline", |b| !b"*/\n".contains(&b)),
        Class::new("scattered", scattered),
        Class::new("letters and high", |b| b.is_ascii_alphabetic() || b >= 0x80),
        Class::new("single", |b| b == b'x'),
        Class::new("all but x", |b| b != b'x'),
        Class::new("printable or tab", |b| b >= 0x20 || b == b'\t'),
        Class::new("not quote or backslash", |b| b != b'"' && b != b'\\'),
        Class::new("empty", |_| false),
        Class::new("full", |_| true),
    ]
}

/// ASCII classes for `skip_utf8`, covering every shape its matcher (the class plus
/// every byte `>= 0x80`) can take: all but `Ranges { ranges: 0, complement: false }`,
/// which would be an empty set.
fn utf8_classes() -> Vec<Class> {
    vec![
        Class::new("json string", json_string),
        Class::new("whitespace", |b| b" \t\n\r".contains(&b)),
        Class::new("identifier", |b| b.is_ascii_alphanumeric() || b == b'_'),
        Class::new("ascii not * / newline", |b| b < 0x80 && !b"*/\n".contains(&b)),
        Class::new("ascii scattered", |b| b < 0x80 && scattered(b)),
        Class::new("x or z", |b| b == b'x' || b == b'z'),
        Class::new("x", |b| b == b'x'),
        Class::new("ascii below 0x60", |b| b < 0x60),
        Class::new("printable ascii", |b| (0x20..0x80).contains(&b)),
        Class::new("ascii not quote or backslash", |b| b < 0x80 && b != b'"' && b != b'\\'),
        Class::new("all ascii", |b| b < 0x80),
    ]
}

/// The kernels of every level this CPU has (asserted against its features).
fn kernels() -> Vec<Kernels> {
    let ks: Vec<Kernels> = levels().into_iter().map(|l| Kernels::new(l).expect("available")).collect();
    assert!(ks.iter().any(|k| k.is_scalar()));
    ks
}

/// The kernel function `skip` (named `what`) at every level in `ks` against `reference`.
#[track_caller]
fn check(
    what: &str,
    skip: fn(Kernels, &ByteClass, &[u8], usize) -> usize,
    reference: fn(&Class, &[u8], usize) -> usize,
    ks: &[Kernels],
    c: &Class,
    input: &[u8],
    at: usize,
) {
    let want = reference(c, input, at);
    for &k in ks {
        let got = skip(k, &c.class, input, at);
        if got != want {
            panic!("{what} {:?} class {:?} at {at}: got {got}, want {want}, input {input:02x?}", k.level(), c.name);
        }
    }
}

#[track_caller]
fn check_class(ks: &[Kernels], c: &Class, input: &[u8], at: usize) {
    check("skip_class", skip_class, reference_class, ks, c, input, at);
}

#[track_caller]
fn check_utf8(ks: &[Kernels], c: &Class, input: &[u8], at: usize) {
    check("skip_utf8", skip_utf8, reference_utf8, ks, c, input, at);
}

const MAX: usize = 130;

/// `special` inserted at every position of every prefix (length 0..=MAX) of `run`.
fn every_position(run: &[u8], special: &[u8], mut f: impl FnMut(&[u8])) {
    let mut buf = Vec::with_capacity(MAX + 8);
    for len in 0..=MAX {
        for pos in 0..=len {
            buf.clear();
            buf.extend_from_slice(&run[..pos]);
            buf.extend_from_slice(special);
            buf.extend_from_slice(&run[pos..len]);
            f(&buf);
        }
    }
}

/// `n` bytes cycling through `unit`.
fn cycle(unit: &[u8], n: usize) -> Vec<u8> {
    unit.iter().copied().cycle().take(n).collect()
}

/// Class bytes and 2-, 3- and 4-byte characters, cycled (prefixes may cut a character).
fn mixed_run(c: &Class) -> Vec<u8> {
    let m = c.ascii_members();
    let mut unit = Vec::new();
    for (k, ch) in ["é", "日本", "я", "😀", "ߏ", "€", "\u{10FFFF}", "\u{FFFF}", "\u{80}"].iter().enumerate() {
        unit.push(m[k % m.len()]);
        unit.extend_from_slice(ch.as_bytes());
    }
    cycle(&unit, MAX + 8)
}

/// Byte sequences that end or test a run in `skip_utf8`.
fn utf8_specials() -> Vec<Vec<u8>> {
    let mut s: Vec<Vec<u8>> = vec![b"\"".to_vec(), b"\\".to_vec(), vec![0x7F]];
    s.extend((0..0x20u8).map(|b| vec![b]));
    for seq in [
        // first and last valid 2-, 3-, 4-byte characters, and around the surrogates
        &[0xC2, 0x80][..],
        &[0xDF, 0xBF],
        &[0xE0, 0xA0, 0x80],
        &[0xEF, 0xBF, 0xBF],
        &[0xED, 0x9F, 0xBF],
        &[0xEE, 0x80, 0x80],
        &[0xF0, 0x90, 0x80, 0x80],
        &[0xF4, 0x8F, 0xBF, 0xBF],
        // truncated
        &[0xC2],
        &[0xE0, 0xA0],
        &[0xE1],
        &[0xF0, 0x90, 0x80],
        &[0xF4, 0x8F],
        &[0xF1],
        // overlong
        &[0xC0, 0x80],
        &[0xC1, 0xBF],
        &[0xE0, 0x80, 0x80],
        &[0xE0, 0x9F, 0xBF],
        &[0xF0, 0x80, 0x80, 0x80],
        &[0xF0, 0x8F, 0xBF, 0xBF],
        // surrogates
        &[0xED, 0xA0, 0x80],
        &[0xED, 0xBF, 0xBF],
        // above U+10FFFF
        &[0xF4, 0x90, 0x80, 0x80],
        &[0xF5, 0x80, 0x80, 0x80],
        // lone and extra continuations, bad continuations
        &[0x80],
        &[0xBF],
        &[0x80, 0x80],
        &[0xC2, 0x80, 0x80],
        &[0xC2, 0x41],
        &[0xE1, 0x80, 0x41],
        &[0xF1, 0x80, 0x80, 0x41],
        &[0xC2, 0xC2],
        &[0xE1, 0xC2, 0x80],
    ] {
        s.push(seq.to_vec());
    }
    s.extend((0xF5..=0xFFu8).map(|b| vec![b]));
    s
}

// ---------------------------------------------------------------------------------
// Strategies: make sure every kernel path is taken by the classes above.

/// Every shape a matcher can take: range compares with 0 to 3 ranges, of the class
/// or of its complement, and nibble tables with one or two table pairs.
fn every_shape() -> Vec<Method> {
    let mut all: Vec<Method> =
        (0..=3).flat_map(|ranges| [false, true].map(|complement| Method::Ranges { ranges, complement })).collect();
    all.extend([Method::NibbleTables { pairs: 1 }, Method::NibbleTables { pairs: 2 }]);
    all
}

/// The kernels run each shape's code against the reference only if some class takes
/// it: `skip_class` must meet every shape, `skip_utf8` every shape but the empty set.
#[test]
fn classes_cover_every_matcher_shape() {
    let shapes: Vec<Method> = class_classes().iter().map(|c| c.class.strategy()).collect();
    for shape in every_shape() {
        assert!(shapes.contains(&shape), "no skip_class test class has {shape:?}: {shapes:?}");
    }
    let shapes: Vec<Method> = utf8_classes().iter().map(|c| c.class.utf8_strategy()).collect();
    for shape in every_shape() {
        let possible = shape != Method::Ranges { ranges: 0, complement: false };
        assert_eq!(shapes.contains(&shape), possible, "skip_utf8 test classes and {shape:?}: {shapes:?}");
    }
    for c in class_classes().iter().chain(&utf8_classes()) {
        for b in 0..=255u8 {
            assert_eq!(c.class.contains(b), c.member[b as usize], "{} {b:#x}", c.name);
        }
    }
}

/// The byte-by-byte reference runs at every level this CPU has.
#[test]
fn every_level_runs() {
    let ran: Vec<Level> = kernels().iter().map(|k| k.level()).collect();
    assert_ran_every_level("skip_kernels", &ran);
}

#[test]
fn kernels_only_for_available_levels() {
    for l in Level::ALL {
        assert_eq!(Kernels::new(l).is_some(), l.is_available(), "{l:?}");
        if let Some(k) = Kernels::new(l) {
            assert_eq!(k.level(), l);
            assert_eq!(k.is_scalar(), l == Level::Scalar);
        }
    }
    assert!(Kernels::active().level().is_available());
}

// ---------------------------------------------------------------------------------
// skip_class

#[test]
fn class_every_stop_byte_at_every_position() {
    let ks = kernels();
    for c in class_classes() {
        let members = c.ascii_members();
        let members =
            if members.is_empty() { (0x80..=0xFFu8).filter(|&b| c.member[b as usize]).collect() } else { members };
        if members.is_empty() {
            // The empty class stops everywhere.
            for len in 0..=MAX {
                let input = vec![b'a'; len];
                for at in 0..=len {
                    check_class(&ks, &c, &input, at);
                }
            }
            continue;
        }
        let run = cycle(&members, MAX + 1);
        let stops: Vec<u8> = (0..=255u8).filter(|&b| !c.member[b as usize]).collect();
        // Every stop byte at every position of a long run, and of runs of every length.
        for &s in &stops {
            long_runs(&run, &[s], |input| check_class(&ks, &c, input, 0));
        }
        // Every length and position, for a few stop bytes.
        for &s in stops.iter().step_by((stops.len() / 3).max(1)) {
            every_position(&run, &[s], |input| check_class(&ks, &c, input, 0));
        }
        // Runs with no stop byte, and every start offset.
        for len in 0..=MAX {
            check_class(&ks, &c, &run[..len], 0);
        }
        let mut input = run.clone();
        if let Some(&s) = stops.first() {
            input[100] = s;
        }
        for at in 0..=40 {
            check_class(&ks, &c, &input, at);
        }
        check_class(&ks, &c, &input, input.len());
    }
}

#[test]
fn class_at_end_returns_the_end_and_past_the_end_panics() {
    let c = Class::new("json string", json_string);
    for k in kernels() {
        assert_eq!(skip_class(k, &c.class, b"", 0), 0);
        assert_eq!(skip_class(k, &c.class, b"abc", 3), 3);
        assert_eq!(skip_utf8(k, &c.class, b"abc", 3), 3);
        assert!(std::panic::catch_unwind(|| skip_class(k, &c.class, b"abc", 4)).is_err());
        assert!(std::panic::catch_unwind(|| skip_utf8(k, &c.class, b"abc", 4)).is_err());
    }
}

// ---------------------------------------------------------------------------------
// skip_utf8

/// Every special at every position of runs of every length, for the JSON string class
/// (range compares). All control bytes take one path, and so do all of F5..FF: 0x00,
/// 0x0A, 0x1F, F5 and FF go through the whole grid, the others of those two groups
/// through runs of 129 and 130 bytes.
fn utf8_json_string_grid(mixed: bool) {
    let ks = kernels();
    let c = Class::new("json string", json_string);
    let run = if mixed { mixed_run(&c) } else { cycle(&c.ascii_members(), MAX + 8) };
    for special in utf8_specials() {
        let same_path = |b: u8| (b < 0x20 && ![0x00, 0x0A, 0x1F].contains(&b)) || (b > 0xF5 && b != 0xFF);
        if matches!(special[..], [b] if same_path(b)) {
            long_runs(&run, &special, |input| check_utf8(&ks, &c, input, 0));
        } else {
            every_position(&run, &special, |input| check_utf8(&ks, &c, input, 0));
        }
    }
}

#[test]
fn utf8_json_string_every_special_at_every_position_of_ascii_runs() {
    utf8_json_string_grid(false);
}

#[test]
fn utf8_json_string_every_special_at_every_position_of_mixed_runs() {
    utf8_json_string_grid(true);
}

/// `special` at every position of the 129- and 130-byte prefixes of `run`.
fn long_runs(run: &[u8], special: &[u8], mut f: impl FnMut(&[u8])) {
    let mut buf = Vec::with_capacity(MAX + 8);
    for len in [MAX - 1, MAX] {
        for pos in 0..=len {
            buf.clear();
            buf.extend_from_slice(&run[..pos]);
            buf.extend_from_slice(special);
            buf.extend_from_slice(&run[pos..len]);
            f(&buf);
        }
    }
}

/// The other classes (the other matcher shapes): every special at every position of
/// 129- and 130-byte runs.
#[test]
fn utf8_other_classes_every_special_at_every_position() {
    let ks = kernels();
    for c in utf8_classes().into_iter().skip(1) {
        let runs = [cycle(&c.ascii_members(), MAX + 8), mixed_run(&c)];
        for special in utf8_specials() {
            for run in &runs {
                long_runs(run, &special, |input| check_utf8(&ks, &c, input, 0));
            }
        }
    }
}

/// Each multibyte character (valid, and cut short) straddling every block boundary,
/// followed by more text and a stop byte, or by the end of the input.
#[test]
fn utf8_characters_straddling_block_boundaries() {
    let ks = kernels();
    for c in utf8_classes() {
        let m = c.ascii_members();
        let filler = cycle(&m, MAX + 8);
        for ch in ["é", "日", "😀", "\u{10FFFF}", "\u{D7FF}", "\u{E000}"] {
            let ch = ch.as_bytes();
            for cut in 1..=ch.len() {
                let ch = &ch[..cut];
                for before in 0..=MAX {
                    let mut input = filler[..before].to_vec();
                    input.extend_from_slice(ch);
                    check_utf8(&ks, &c, &input, 0);
                    input.extend_from_slice(&filler[..40]);
                    check_utf8(&ks, &c, &input, 0);
                    input.push(b'"');
                    input.push(0x01);
                    check_utf8(&ks, &c, &input, 0);
                }
            }
        }
        // Dense multibyte text of every length: whole characters or cut anywhere.
        for text in ["日本語のテキストです", "Съешь же ещё этих мягких французских булок", "😀🎉🚀"]
        {
            let dense = cycle(text.as_bytes(), MAX + 40);
            for len in 0..=MAX + 40 {
                check_utf8(&ks, &c, &dense[..len], 0);
                let mut input = dense[..len].to_vec();
                input.push(0x0A);
                check_utf8(&ks, &c, &input, 0);
            }
        }
    }
}

#[test]
fn utf8_every_start_offset() {
    let ks = kernels();
    for c in utf8_classes() {
        let mut input = mixed_run(&c);
        input.extend(cycle(&c.ascii_members(), 40));
        for stop in [None, Some(100), Some(130)] {
            let mut input = input.clone();
            if let Some(p) = stop {
                input[p] = 0x00;
            }
            for at in 0..=40 {
                check_utf8(&ks, &c, &input, at);
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Random strings

/// A piece of a random string: mostly class bytes and valid characters.
fn piece(members: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let run = proptest::collection::vec(proptest::sample::select(members), 1..40);
    prop_oneof![
        6 => run,
        4 => proptest::collection::vec(any::<char>(), 1..12).prop_map(|cs| cs.into_iter().collect::<String>().into_bytes()),
        1 => proptest::collection::vec(any::<u8>(), 1..4),
    ]
}

fn random_input(members: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(piece(members), 0..12).prop_map(|ps| ps.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_every_level_matches_the_reference(
        input in random_input(b"abc xyz_019 ~!#$%".to_vec()),
        at_seed in any::<usize>(),
        bits in any::<[u64; 4]>(),
    ) {
        let ks = kernels();
        let at = at_seed % (input.len() + 1);
        for c in utf8_classes().iter().chain(class_classes().iter()) {
            check_class(&ks, c, &input, 0);
            check_class(&ks, c, &input, at);
        }
        for c in utf8_classes() {
            check_utf8(&ks, &c, &input, 0);
            check_utf8(&ks, &c, &input, at);
        }
        // A random class, and its ASCII part for skip_utf8.
        let random = Class::new("random", |b| bits[b as usize / 64] >> (b % 64) & 1 != 0);
        check_class(&ks, &random, &input, 0);
        check_class(&ks, &random, &input, at);
        let ascii = Class::new("random ascii", |b| b < 0x80 && random.member[b as usize]);
        check_utf8(&ks, &ascii, &input, 0);
        check_utf8(&ks, &ascii, &input, at);
    }
}
