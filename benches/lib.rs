//! Shared helpers for the benchmarks: the vendored corpus and generated payloads
//! (strings for the encoder, JSON documents for the decoder: [`decode_payloads`]).

use std::path::Path;

/// The vendored corpus (`benches/data/*.json`), as (file stem, bytes), sorted by name.
pub fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// Interleaved timing, robust to a loaded machine: each round runs every measurement
/// once untimed and once timed, in an order that rotates from round to round (whichever
/// runs after another pays for the allocator and cache state that one left, so each gets
/// a warm-up of its own); returns each measurement's best round. A measurement returns
/// the seconds it counts (so that it can leave set-up work out).
pub fn best_of_rounds(rounds: usize, runs: &[&dyn Fn() -> f64]) -> Vec<f64> {
    let mut best = vec![f64::MAX; runs.len()];
    for round in 0..rounds {
        for j in 0..runs.len() {
            let k = (j + round) % runs.len();
            std::hint::black_box(runs[k]());
            best[k] = best[k].min(runs[k]());
        }
    }
    best
}

// ---- Generated strings (encoder payloads; the decode payloads wrap them into JSON) ----

pub mod decode_payloads;
pub use decode_payloads::{decode_payloads, length_sweep};
pub mod wide_payloads;
pub use wide_payloads::{record_files, wide_payloads};

/// Size the generated string classes reach (at least): short inputs fool the branch
/// predictor.
pub(crate) const PAYLOAD_BYTES: usize = 64 * 1024;

/// The texts one family of string payloads is made of. The encoder and the decoder
/// payloads use different texts (and sweeps): both feed instruction tables recorded in
/// BENCHMARKS.md, so their bytes are kept as they were when those were measured.
pub struct StringSet {
    pub english: &'static [&'static str],
    pub cjk_mixed: &'static [&'static str],
    pub cyrillic: &'static [&'static str],
    pub escape_heavy: &'static [&'static str],
    pub sweep: Sweep,
}

/// How the non-ASCII share sweep decides, character by character, to emit a non-ASCII
/// one.
#[derive(Clone, Copy)]
pub enum Sweep {
    /// Keep the running share on target: non-ASCII whenever below it (the encoder's).
    Steady,
    /// Non-ASCII with probability `share` percent (the decoder's).
    Random,
}

/// The generated string payload classes, as (name, strings), in this order: `english`,
/// `japanese-dense` (the PHP repro: 2000 copies of "日本語のテキストです"),
/// `cjk-mixed`, `cyrillic`, `escape-heavy`, and the non-ASCII share sweep `sweep-0` ..
/// `sweep-100`. Each is about 64 KiB or more in total. Deterministic.
pub fn string_payloads(set: &StringSet) -> Vec<(String, Vec<String>)> {
    let mut out = vec![
        ("english".to_string(), repeat_to(set.english, PAYLOAD_BYTES)),
        ("japanese-dense".to_string(), vec!["日本語のテキストです".to_string(); 2000]),
        ("cjk-mixed".to_string(), repeat_to(set.cjk_mixed, PAYLOAD_BYTES)),
        ("cyrillic".to_string(), repeat_to(set.cyrillic, PAYLOAD_BYTES)),
        ("escape-heavy".to_string(), repeat_to(set.escape_heavy, PAYLOAD_BYTES)),
    ];
    for share in [0, 5, 15, 30, 50, 100] {
        out.push((format!("sweep-{share}"), sweep(share, PAYLOAD_BYTES, set.sweep)));
    }
    out
}

/// The string payload classes of the encoder benchmarks (benches/encode.rs,
/// benches/encode_instructions.rs): [`string_payloads`] of [`ENCODE_STRINGS`].
pub fn encode_payloads() -> Vec<(String, Vec<String>)> {
    string_payloads(&ENCODE_STRINGS)
}

/// The texts of the encoder payloads.
pub const ENCODE_STRINGS: StringSet = StringSet {
    english: &[
        "The quick brown fox jumps over the lazy dog while the cat watches from the window.",
        "It was the best of times, it was the worst of times, it was the age of wisdom.",
        "Call me Ishmael. Some years ago, never mind how long precisely, having little money in my purse.",
        "In the beginning the Universe was created. This has made a lot of people very angry.",
        "short",
        "A somewhat longer sentence about benchmarks, parsers and encoders, with commas; and semicolons: too.",
    ],
    cjk_mixed: &[
        "東京 Tokyo の天気は晴れ、気温は 25 度です。",
        "新しい iPhone 15 Pro が発売されました！価格は 159,800 円から。",
        "北京 Beijing 2024 年 夏季 活动 报名 开始",
        "서울 Seoul 날씨 맑음 temperature 22C",
        "RT @user: これは テスト です #hashtag https://example.com/path",
    ],
    cyrillic: &[
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "В чащах юга жил бы цитрус? Да, но фальшивый экземпляр!",
        "Москва — столица России, крупнейший по численности населения город страны.",
        "Привет, мир! Это тестовая строка для кодировщика JSON.",
    ],
    escape_heavy: &[
        "line one\nline two\n\tindented \"quoted\" C:\\path\\to\\file\r\n",
        "{\"embedded\": \"json\", \"with\": [\"quotes\", \"and\\\\backslashes\"]}",
        "tabs\there\tand\tthere\u{1}\u{2}\u{1f} bell\u{7} nul\u{0} end",
        "\"\"\"\\\\\\\n\n\n\"\\\"\\",
    ],
    sweep: Sweep::Steady,
};

/// Cycle `parts` into strings until their total length reaches `bytes`.
fn repeat_to(parts: &[&str], bytes: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut total = 0;
    while total < bytes {
        let s = parts[out.len() % parts.len()];
        total += s.len();
        out.push(s.to_string());
    }
    out
}

/// Strings of 200 characters each in which `share` percent of the characters are
/// non-ASCII (a mix of 2-, 3- and 4-byte characters), between ASCII runs of 1-3
/// characters (the case PHP left at +22%). Deterministic (xorshift).
fn sweep(share: u64, bytes: usize, mode: Sweep) -> Vec<String> {
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
        let mut chars = 0u64;
        let mut non_ascii = 0u64;
        while chars < 200 {
            let pick_non_ascii = match mode {
                Sweep::Steady => share > 0 && (share == 100 || non_ascii * 100 < share * chars.max(1)),
                Sweep::Random => next() % 100 < share,
            };
            if pick_non_ascii {
                s.push(NON_ASCII[(next() % NON_ASCII.len() as u64) as usize]);
                non_ascii += 1;
                chars += 1;
            } else {
                let run = 1 + next() % 3;
                for _ in 0..run {
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

/// The five corpus files the encoder benchmarks use, as (file stem, bytes), in a fixed
/// order: the standard trio, then the same text escaped and raw.
pub fn encode_corpus() -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    ["twitter", "citm_catalog", "canada", "utf-8-escaped", "utf-8-unescaped"]
        .iter()
        .map(|name| {
            let path = dir.join(format!("{name}.json"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (name.to_string(), bytes)
        })
        .collect()
}
