//! Helpers shared by the encoder tests: building `Value`s without the decoder, and a
//! per-character reference encoder.

use json_runtime::{EncodeOptions, Map, Number, Value};

/// serde_json's value as ours, members in serde_json's iteration order.
pub fn from_serde(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(if let Some(u) = n.as_u64() {
            Number::from(u)
        } else if let Some(i) = n.as_i64() {
            Number::from(i)
        } else {
            Number::from_f64(n.as_f64().unwrap()).unwrap()
        }),
        serde_json::Value::String(s) => Value::from(s.clone()),
        serde_json::Value::Array(a) => Value::Array(a.iter().map(from_serde).collect()),
        serde_json::Value::Object(o) => {
            let mut m = Map::new();
            for (k, v) in o {
                m.insert(k.clone(), from_serde(v));
            }
            Value::Object(m)
        }
    }
}

/// A small JSON parser for test inputs: keeps member order (as PHP's `json_decode`
/// does), integers that fit `i64`/`u64` stay integers, other numbers are `f64`.
/// Panics on malformed input.
pub fn parse(s: &str) -> Value {
    let mut p = P { s: s.as_bytes(), i: 0 };
    let v = p.value();
    p.ws();
    assert_eq!(p.i, p.s.len(), "trailing input");
    v
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn eat(&mut self, lit: &str) {
        assert!(self.s[self.i..].starts_with(lit.as_bytes()), "expected {lit} at {}", self.i);
        self.i += lit.len();
    }
    fn value(&mut self) -> Value {
        self.ws();
        match self.s[self.i] {
            b'n' => {
                self.eat("null");
                Value::Null
            }
            b't' => {
                self.eat("true");
                Value::Bool(true)
            }
            b'f' => {
                self.eat("false");
                Value::Bool(false)
            }
            b'"' => Value::String(self.string().into()),
            b'[' => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Value::Array(a.into());
                }
                loop {
                    a.push(self.value());
                    self.ws();
                    let c = self.s[self.i];
                    self.i += 1;
                    if c == b']' {
                        return Value::Array(a.into());
                    }
                    assert_eq!(c, b',');
                }
            }
            b'{' => {
                self.i += 1;
                let mut m = Map::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Value::Object(m);
                }
                loop {
                    self.ws();
                    let k = self.string();
                    self.ws();
                    self.eat(":");
                    let v = self.value();
                    m.insert(k, v);
                    self.ws();
                    let c = self.s[self.i];
                    self.i += 1;
                    if c == b'}' {
                        return Value::Object(m);
                    }
                    assert_eq!(c, b',');
                }
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                let float = t.contains(['.', 'e', 'E']);
                Value::Number(if !float && t.parse::<i64>().is_ok() {
                    Number::from(t.parse::<i64>().unwrap())
                } else if !float && t.parse::<u64>().is_ok() {
                    Number::from(t.parse::<u64>().unwrap())
                } else {
                    Number::from_f64(t.parse::<f64>().unwrap()).expect("finite")
                })
            }
        }
    }
    fn hex4(&mut self) -> u32 {
        let h = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
        self.i += 4;
        u32::from_str_radix(h, 16).unwrap()
    }
    fn string(&mut self) -> String {
        self.eat("\"");
        let mut out = Vec::new();
        loop {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).unwrap(),
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut cp = self.hex4();
                            if (0xD800..0xDC00).contains(&cp) {
                                self.eat("\\u");
                                let lo = self.hex4();
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            char::from_u32(cp).unwrap()
                        }
                        _ => panic!("bad escape"),
                    };
                    out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => out.push(c),
            }
        }
    }
}

/// The escaping flags of an option set, as the reference encoder reads them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    pub unicode: bool,
    pub slashes: bool,
    pub line_terminators: bool,
    pub tag: bool,
    pub amp: bool,
    pub apos: bool,
    pub quot: bool,
}

impl Flags {
    /// From the 7-bit index used by the encoder's tables.
    pub fn from_bits(b: usize) -> Flags {
        Flags {
            unicode: b & 1 != 0,
            slashes: b & 2 != 0,
            line_terminators: b & 4 != 0,
            tag: b & 8 != 0,
            amp: b & 16 != 0,
            apos: b & 32 != 0,
            quot: b & 64 != 0,
        }
    }

    pub fn options(&self) -> EncodeOptions {
        EncodeOptions::new()
            .escape_unicode(self.unicode)
            .escape_slashes(self.slashes)
            .escape_line_terminators(self.line_terminators)
            .hex_tag(self.tag)
            .hex_amp(self.amp)
            .hex_apos(self.apos)
            .hex_quot(self.quot)
    }
}

/// The reference: one character at a time, every rule spelled out.
pub fn reference_string(s: &str, f: &Flags, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let u4 = |out: &mut String, u: u32| {
        out.push_str("\\u");
        for shift in [12, 8, 4, 0] {
            out.push(HEX[((u >> shift) & 0xF) as usize] as char);
        }
    };
    out.push('"');
    for c in s.chars() {
        match c {
            '"' if f.quot => out.push_str("\\u0022"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' if f.slashes => out.push_str("\\/"),
            '<' if f.tag => out.push_str("\\u003C"),
            '>' if f.tag => out.push_str("\\u003E"),
            '&' if f.amp => out.push_str("\\u0026"),
            '\'' if f.apos => out.push_str("\\u0027"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => u4(out, c as u32),
            c if !c.is_ascii() && f.unicode => {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    u4(out, *unit as u32);
                }
            }
            '\u{2028}' | '\u{2029}' if f.line_terminators => u4(out, c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
}
