//! The boundary test, modelled on PHP's: strings of length 0 to 70 with one special
//! byte sequence (every control byte, `"`, `\`, each escape, the first and last
//! characters of 2-, 3- and 4-byte UTF-8, truncated and overlong sequences, encoded
//! surrogates, 0xFF...) at every position, so that each one crosses every 8-, 16- and
//! 32-byte chunk boundary. `validate` and `decode` must agree with a simple reference
//! decoder written here: same acceptance, same value, same error offset, under each
//! option set.

use crate::common::decode_checked;
use jsonlex::{DecodeOptions, InvalidUtf8, LoneSurrogate};

/// The special sequences.
fn specials() -> Vec<Vec<u8>> {
    let mut s: Vec<Vec<u8>> = (0u8..0x20).map(|b| vec![b]).collect();
    for t in [
        &b"\x7F"[..],
        b"\"",
        b"\\",
        b"\\\"",
        b"\\\\",
        b"\\/",
        b"\\b",
        b"\\f",
        b"\\n",
        b"\\r",
        b"\\t",
        b"\\u0041",
        b"\\u00e9",
        b"\\u20AC",
        b"\\u0000",
        b"\\uFFFF",
        b"\\ud83d\\ude00",
        b"\\uDBFF\\uDFFF",
        b"\\ud800",
        b"\\udfff",
        b"\\udc00\\ud800",
        b"\\ud800\\u0041",
        b"\\ud800\\ud800\\udc00",
        b"\\q",
        b"\\u12G4",
        b"\\u12",
        b"\\U0041",
        // UTF-8: first and last of each length, line terminators, BOM.
        b"\xC2\x80",
        b"\xDF\xBF",
        b"\xE0\xA0\x80",
        b"\xEF\xBF\xBF",
        b"\xF0\x90\x80\x80",
        b"\xF4\x8F\xBF\xBF",
        b"\xE2\x80\xA8",
        b"\xE2\x80\xA9",
        b"\xEF\xBB\xBF",
        "日本語".as_bytes(),
        // Truncated, overlong, surrogates, out of range, stray bytes.
        b"\xC2",
        b"\xE0\xA0",
        b"\xF0\x90\x80",
        b"\xF4\x8F\xBF",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xE0\x80\x80",
        b"\xE0\x9F\xBF",
        b"\xF0\x80\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xED\xA0\x80",
        b"\xED\xBF\xBF",
        b"\xF4\x90\x80\x80",
        b"\xF5\x80\x80\x80",
        b"\xF8\x88\x80\x80\x80",
        b"\x80",
        b"\xBF",
        b"\xFE",
        b"\xFF",
        b"\xE1\x80\xE1\x80\x80",
    ] {
        s.push(t.to_vec());
    }
    s
}

/// The reference: decodes the document `"..."` byte by byte, the obvious way.
/// `Ok(string)` or `Err(offset of the error)`.
fn reference(doc: &[u8], invalid: InvalidUtf8, lone: LoneSurrogate) -> Result<String, usize> {
    let hex4 = |at: usize| -> Option<u32> {
        let h = doc.get(at..at + 4)?;
        let s = std::str::from_utf8(h).ok()?;
        if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(s, 16).ok()
    };
    let mut out = String::new();
    let mut i = 1;
    loop {
        let Some(&b) = doc.get(i) else { return Err(doc.len()) };
        match b {
            b'"' => {
                let rest = &doc[i + 1..];
                return if rest.is_empty() {
                    Ok(out)
                } else if rest == b"\"" {
                    Err(doc.len()) // a new string that never ends
                } else {
                    Err(i + 1) // something after the value
                };
            }
            b'\\' => {
                let Some(&c) = doc.get(i + 1) else { return Err(doc.len()) };
                let simple = match c {
                    b'"' => Some('"'),
                    b'\\' => Some('\\'),
                    b'/' => Some('/'),
                    b'b' => Some('\u{8}'),
                    b'f' => Some('\u{c}'),
                    b'n' => Some('\n'),
                    b'r' => Some('\r'),
                    b't' => Some('\t'),
                    b'u' => None,
                    _ => return Err(i),
                };
                if let Some(ch) = simple {
                    out.push(ch);
                    i += 2;
                    continue;
                }
                let Some(cp) = hex4(i + 2) else { return Err(i) };
                if (0xD800..0xDC00).contains(&cp) && doc.get(i + 6..i + 8) == Some(b"\\u") {
                    if let Some(low @ 0xDC00..=0xDFFF) = hex4(i + 8) {
                        out.push(char::from_u32(0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00)).unwrap());
                        i += 12;
                        continue;
                    }
                }
                match char::from_u32(cp) {
                    Some(ch) => out.push(ch),
                    None if lone == LoneSurrogate::Substitute => out.push('\u{FFFD}'),
                    None => return Err(i),
                }
                i += 6;
            }
            0..=0x1F => return Err(i),
            0x20..=0x7F => {
                out.push(b as char);
                i += 1;
            }
            _ => {
                // Let the standard library judge the UTF-8.
                let rest = &doc[i..];
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        let ch = s.chars().next().unwrap();
                        out.push(ch);
                        i += ch.len_utf8();
                    }
                    Err(e) if e.valid_up_to() > 0 => {
                        let s = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap();
                        let ch = s.chars().next().unwrap();
                        out.push(ch);
                        i += ch.len_utf8();
                    }
                    Err(e) => {
                        let n = e.error_len().unwrap_or(rest.len());
                        match invalid {
                            InvalidUtf8::Error => return Err(i),
                            InvalidUtf8::Substitute => out.push('\u{FFFD}'),
                            InvalidUtf8::Ignore => {}
                        }
                        i += n;
                    }
                }
            }
        }
    }
}

/// Every special of `specials()[range]` at every position of every length.
fn sweep(range: std::ops::Range<usize>) {
    let option_sets = [
        DecodeOptions::new(),
        DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute),
        DecodeOptions::new().invalid_utf8(InvalidUtf8::Ignore),
    ];
    let mut checked = 0;
    for special in &specials()[range] {
        for len in 0..=70usize {
            for pos in 0..=len {
                // 'x' is no hex digit, so that `\u12` stays truncated.
                let mut doc = Vec::with_capacity(len + special.len() + 2);
                doc.push(b'"');
                doc.extend(std::iter::repeat_n(b'x', pos));
                doc.extend_from_slice(special);
                doc.extend(std::iter::repeat_n(b'x', len - pos));
                doc.push(b'"');
                for options in &option_sets {
                    let want = reference(&doc, options.get_invalid_utf8(), options.get_lone_surrogate());
                    let got = decode_checked(&doc, options);
                    match (&got, &want) {
                        (Ok(v), Ok(s)) => assert_eq!(v.as_str(), Some(s.as_str()), "{doc:?} {options:?}"),
                        (Err(e), Err(offset)) => assert_eq!(e.offset(), *offset, "{doc:?} {options:?}: {e}"),
                        _ => panic!("{doc:?} {options:?}: got {got:?}, reference {want:?}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0);
}

// Three tests so that the harness runs them in parallel.
#[test]
fn control_bytes_quote_and_backslash() {
    sweep(0..35);
}

#[test]
fn escapes() {
    sweep(35..59);
}

#[test]
fn utf8_valid_and_invalid() {
    sweep(59..specials().len());
}
