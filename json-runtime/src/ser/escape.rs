//! The escape tables: for every combination of escaping options, a 256-entry table
//! built at compile time that names what each byte of a string needs.

use crate::simd::StopSet;

/// Copy the byte as it is.
pub(crate) const VERBATIM: u8 = 0;
/// `\u00xx`, lowercase hex (control bytes, as serde_json and PHP write them).
pub(crate) const HEX_LOWER: u8 = b'u';
/// `\u00XX`, uppercase hex (PHP's `JSON_HEX_*` flags: `\u003C`).
pub(crate) const HEX_UPPER: u8 = b'U';
/// 0xE2: the lead byte of U+2028/U+2029 when those are escaped and other non-ASCII is
/// not; anything else starting with 0xE2 stays verbatim.
pub(crate) const LINE_TERMINATOR: u8 = b'L';
/// Lead byte of a non-ASCII character to write as `\uXXXX`.
pub(crate) const NON_ASCII: u8 = b'M';
// Any other non-zero entry is a short escape: `\` followed by the entry itself
// (`"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`).

pub(crate) const UNICODE: usize = 1;
pub(crate) const SLASHES: usize = 1 << 1;
pub(crate) const LINE_TERMINATORS: usize = 1 << 2;
pub(crate) const TAG: usize = 1 << 3;
pub(crate) const AMP: usize = 1 << 4;
pub(crate) const APOS: usize = 1 << 5;
pub(crate) const QUOT: usize = 1 << 6;

/// One table per option set, indexed by `EncodeOptions::escape_bits`.
pub(crate) static TABLES: [[u8; 256]; 128] = {
    let mut all = [[0u8; 256]; 128];
    let mut flags = 0;
    while flags < 128 {
        all[flags] = table(flags);
        flags += 1;
    }
    all
};

const fn table(flags: usize) -> [u8; 256] {
    let mut t = [VERBATIM; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = HEX_LOWER;
        b += 1;
    }
    t[0x08] = b'b';
    t[0x0C] = b'f';
    t[b'\n' as usize] = b'n';
    t[b'\r' as usize] = b'r';
    t[b'\t' as usize] = b't';
    t[b'\\' as usize] = b'\\';
    t[b'"' as usize] = if flags & QUOT != 0 { HEX_UPPER } else { b'"' };
    if flags & SLASHES != 0 {
        t[b'/' as usize] = b'/';
    }
    if flags & TAG != 0 {
        t[b'<' as usize] = HEX_UPPER;
        t[b'>' as usize] = HEX_UPPER;
    }
    if flags & AMP != 0 {
        t[b'&' as usize] = HEX_UPPER;
    }
    if flags & APOS != 0 {
        t[b'\'' as usize] = HEX_UPPER;
    }
    if flags & UNICODE != 0 {
        let mut b = 0x80;
        while b < 0x100 {
            t[b] = NON_ASCII;
            b += 1;
        }
    } else if flags & LINE_TERMINATORS != 0 {
        t[0xE2] = LINE_TERMINATOR;
    }
    t
}

/// The bytes that end a verbatim run under `flags`: exactly the non-zero entries of
/// `TABLES[flags]`.
pub(crate) const fn stop_set(flags: usize) -> StopSet {
    let mut s = StopSet::json_string();
    if flags & SLASHES != 0 {
        s = s.with_byte(b'/');
    }
    if flags & TAG != 0 {
        s = s.with_byte(b'<').with_byte(b'>');
    }
    if flags & AMP != 0 {
        s = s.with_byte(b'&');
    }
    if flags & APOS != 0 {
        s = s.with_byte(b'\'');
    }
    if flags & UNICODE != 0 {
        s = s.with_high();
    } else if flags & LINE_TERMINATORS != 0 {
        s = s.with_byte(0xE2);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_sets_match_tables() {
        for (flags, table) in TABLES.iter().enumerate() {
            let set = stop_set(flags);
            for (b, &entry) in table.iter().enumerate() {
                assert_eq!(set.contains(b as u8), entry != VERBATIM, "flags {flags} byte {b:#x}");
            }
        }
    }
}
