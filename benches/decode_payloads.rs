//! JSON documents of each payload class the field measures (FIELD-NOTES.md), for the
//! decode/validate benchmarks and instruction counts. Each is 64 KiB or more (short
//! inputs fool the branch predictor) and deterministic.
//!
//! Included with `#[path]` by the benchmark binaries that need it.

/// (class name, JSON document).
pub fn decode_payloads() -> Vec<(String, Vec<u8>)> {
    const SIZE: usize = 64 * 1024;
    let mut out = vec![
        ("english".to_string(), string_array(&cycle(ENGLISH, SIZE))),
        ("japanese-dense".to_string(), string_array(&vec!["日本語のテキストです".to_string(); 2000])),
        ("cjk-mixed".to_string(), string_array(&cycle(CJK_MIXED, SIZE))),
        ("cyrillic".to_string(), string_array(&cycle(CYRILLIC, SIZE))),
        ("u-escaped".to_string(), string_array_escaped(&cycle(CJK_MIXED, SIZE))),
        ("escape-heavy".to_string(), string_array(&cycle(ESCAPE_HEAVY, SIZE))),
    ];
    for share in [0, 5, 15, 30, 50, 100] {
        out.push((format!("sweep-{share}"), string_array(&sweep(share, SIZE))));
    }
    out.push(("numbers".to_string(), numbers(SIZE)));
    out.push(("records-pretty".to_string(), records_pretty(SIZE)));
    out
}

const ENGLISH: &[&str] = &[
    "The quick brown fox jumps over the lazy dog while the cat watches from the window.",
    "It was the best of times, it was the worst of times, it was the age of wisdom.",
    "Call me Ishmael. Some years ago, never mind how long precisely, having little money.",
    "short",
    "A somewhat longer sentence about benchmarks, parsers and encoders; with commas: too.",
];

const CJK_MIXED: &[&str] = &[
    "東京 Tokyo の天気は晴れ、気温は 25 度です。",
    "新しい iPhone 15 Pro が発売されました！価格は 159,800 円から。",
    "北京 Beijing 2024 年 夏季 活动 报名 开始",
    "서울 Seoul 날씨 맑음 temperature 22C",
];

const CYRILLIC: &[&str] = &[
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!",
    "Москва — столица России, крупнейший по численности населения город страны.",
];

const ESCAPE_HEAVY: &[&str] = &[
    "line one\nline two\n\tindented \"quoted\" C:\\path\\to\\file\r\n",
    "{\"embedded\": \"json\", \"with\": [\"quotes\", \"and\\\\backslashes\"]}",
    "tabs\there\tand\tthere\u{1}\u{2}\u{1f} bell\u{7} end",
];

/// Cycle `parts` until their total length reaches `bytes`.
fn cycle(parts: &[&str], bytes: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut total = 0;
    while total < bytes {
        let s = parts[out.len() % parts.len()];
        total += s.len();
        out.push(s.to_string());
    }
    out
}

/// Strings of 200 characters of which `share` percent are non-ASCII (2-, 3- and 4-byte
/// characters), between ASCII runs of 1 to 3 characters (the case PHP left at +22%).
fn sweep(share: u64, bytes: usize) -> Vec<String> {
    const NON_ASCII: &[char] = &['é', 'ж', 'ß', '日', '本', 'の', 'テ', '€', '한', '😀'];
    const ASCII: &[u8] = b"abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789.,";
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ share;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    let mut total = 0;
    while total < bytes {
        let mut s = String::new();
        let mut chars = 0;
        while chars < 200 {
            if next() % 100 < share {
                s.push(NON_ASCII[(next() % NON_ASCII.len() as u64) as usize]);
                chars += 1;
            } else {
                for _ in 0..1 + next() % 3 {
                    s.push(ASCII[(next() % ASCII.len() as u64) as usize] as char);
                    chars += 1;
                }
            }
        }
        total += s.len();
        out.push(s);
    }
    out
}

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
