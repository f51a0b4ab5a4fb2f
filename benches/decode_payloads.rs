//! JSON documents of each payload class the field measures (FIELD-NOTES.md), for the
//! decode/validate benchmarks and instruction counts. Each is 64 KiB or more (short
//! inputs fool the branch predictor) and deterministic.
//!
//! The strings come from the generator shared with the encoder payloads
//! ([`crate::string_payloads`]), with texts of their own ([`DECODE_STRINGS`]).

use crate::{string_payloads, StringSet, Sweep, PAYLOAD_BYTES};

/// (class name, JSON document), in this order: `english`, `japanese-dense`,
/// `cjk-mixed`, `cyrillic`, `u-escaped` (cjk-mixed with every non-ASCII character as
/// `\uXXXX`), `escape-heavy`, `sweep-0` .. `sweep-100` (arrays of the strings of
/// [`string_payloads`] of [`DECODE_STRINGS`]), then `numbers` and `records-pretty`.
pub fn decode_payloads() -> Vec<(String, Vec<u8>)> {
    let strings = string_payloads(&DECODE_STRINGS);
    let mut docs = Vec::new();
    for (name, strings_of_class) in &strings {
        if name == "escape-heavy" {
            let (_, cjk) = strings.iter().find(|(n, _)| n == "cjk-mixed").expect("cjk-mixed");
            docs.push(("u-escaped".to_string(), string_array_escaped(cjk)));
        }
        docs.push((name.clone(), string_array(strings_of_class)));
    }
    docs.push(("numbers".to_string(), numbers(PAYLOAD_BYTES)));
    docs.push(("records-pretty".to_string(), records_pretty(PAYLOAD_BYTES)));
    docs
}

/// String lengths of [`length_sweep`]: around where a hook's inline probe starts (after
/// 8 class bytes) and where it pays.
pub const SWEEP_LENGTHS: [usize; 14] = [1, 4, 8, 9, 10, 11, 12, 14, 16, 20, 24, 32, 48, 64];

/// `len-N`: arrays of ASCII strings of exactly N bytes (letters and spaces), 64 KiB or
/// more each: what a hook costs or saves per run length, one length at a time (the
/// worst case for a placement rule is a document whose runs all end just where it
/// loses).
pub fn length_sweep() -> Vec<(String, Vec<u8>)> {
    const TEXT: &[u8] = b"the quick brown fox jumps over the lazy dog and keeps running past the old mill ";
    SWEEP_LENGTHS
        .iter()
        .map(|&len| {
            let mut strings = Vec::new();
            let mut total = 0;
            let mut at = 0;
            while total < PAYLOAD_BYTES {
                let s: String = (0..len).map(|k| TEXT[(at + k) % TEXT.len()] as char).collect();
                at += 7;
                total += len + 3;
                strings.push(s);
            }
            (format!("len-{len}"), string_array(&strings))
        })
        .collect()
}

/// The texts of the decoder payloads (not the encoder's: the bytes of these documents
/// are those the instruction tables in BENCHMARKS.md were measured on).
pub const DECODE_STRINGS: StringSet = StringSet {
    english: &[
        "The quick brown fox jumps over the lazy dog while the cat watches from the window.",
        "It was the best of times, it was the worst of times, it was the age of wisdom.",
        "Call me Ishmael. Some years ago, never mind how long precisely, having little money.",
        "short",
        "A somewhat longer sentence about benchmarks, parsers and encoders; with commas: too.",
    ],
    cjk_mixed: &[
        "東京 Tokyo の天気は晴れ、気温は 25 度です。",
        "新しい iPhone 15 Pro が発売されました！価格は 159,800 円から。",
        "北京 Beijing 2024 年 夏季 活动 报名 开始",
        "서울 Seoul 날씨 맑음 temperature 22C",
    ],
    cyrillic: &[
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!",
        "Москва — столица России, крупнейший по численности населения город страны.",
    ],
    escape_heavy: &[
        "line one\nline two\n\tindented \"quoted\" C:\\path\\to\\file\r\n",
        "{\"embedded\": \"json\", \"with\": [\"quotes\", \"and\\\\backslashes\"]}",
        "tabs\there\tand\tthere\u{1}\u{2}\u{1f} bell\u{7} end",
    ],
    sweep: Sweep::Random,
};

/// `["...", ...]` with the escapes JSON requires.
fn string_array(strings: &[String]) -> Vec<u8> {
    let mut out = String::from("[");
    for (i, s) in strings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
    }
    out.push(']');
    out.into_bytes()
}

/// Like [`string_array`], with every non-ASCII character as `\uXXXX` (surrogate pairs
/// above U+FFFF): the utf-8-escaped.json case.
fn string_array_escaped(strings: &[String]) -> Vec<u8> {
    let text = String::from_utf8(string_array(strings)).expect("UTF-8");
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{:04x}", u));
            }
        }
    }
    out.into_bytes()
}

/// An array of integers and floats of assorted sizes.
fn numbers(bytes: usize) -> Vec<u8> {
    let mut out = String::from("[");
    let mut seed = 42u64;
    let mut i = 0u64;
    while out.len() < bytes {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if i > 0 {
            out.push(',');
        }
        match i % 4 {
            0 => out.push_str(&format!("{}", (seed >> 40) as i64 - (1 << 22))),
            1 => out.push_str(&format!("{}", seed >> 1)),
            2 => out.push_str(&format!("{:.6}", (seed >> 11) as f64 / (1u64 << 40) as f64 - 2000.0)),
            _ => out.push_str(&format!("{:e}", (seed >> 11) as f64 * 1e-300)),
        }
        i += 1;
    }
    out.push(']');
    out.into_bytes()
}

/// Pretty-printed records (4-space indent, as PHP's JSON_PRETTY_PRINT).
fn records_pretty(bytes: usize) -> Vec<u8> {
    let mut out = String::from("[\n");
    let mut i = 0;
    while out.len() < bytes {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str(&format!(
            "    {{\n        \"id\": {i},\n        \"name\": \"user {i}\",\n        \"active\": {},\n        \"score\": {}.5,\n        \"tags\": [\n            \"alpha\",\n            \"beta\"\n        ],\n        \"address\": null\n    }}",
            i % 2 == 0,
            i * 3
        ));
        i += 1;
    }
    out.push_str("\n]\n");
    out.into_bytes()
}
