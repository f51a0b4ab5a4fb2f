//! The wider benchmark set (issue 24): inputs the corpus and the first payload classes
//! miss, generated here, deterministically (nothing large in git).
//!
//! - `short-rR-S`: short strings (8 to 48 pieces) where each piece is a single
//!   non-ASCII character (2- and 3-byte ones mixed) with probability S percent, else a
//!   run of exactly R ASCII characters: the text PHP's SIMD skip left slower (its
//!   runs of 1-3 ASCII characters between multibyte ones end every skip at once).
//! - `persons`, `reddit`, `geojson`: record files of other shapes than the corpus's:
//!   generated person records (flat objects, nested address, phone arrays, dates), a
//!   Reddit-listing-like file (deep `kind`/`data` wrappers, long self texts with
//!   escapes and emoji, many nulls and booleans), and a GeoJSON `FeatureCollection`
//!   (polygons of 6-decimal coordinates, small property objects).

use crate::PAYLOAD_BYTES;

/// (name, JSON document): the `short-rR-S` classes, then the record files.
pub fn wide_payloads() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for run in [1, 2, 3] {
        for share in [5, 15, 50] {
            out.push((format!("short-r{run}-{share}"), short_mixed(run, share, PAYLOAD_BYTES)));
        }
    }
    out.extend(record_files());
    out
}

/// The record files alone: `persons`, `reddit`, `geojson` (256 KiB or more each).
pub fn record_files() -> Vec<(String, Vec<u8>)> {
    const BYTES: usize = 256 * 1024;
    vec![
        ("persons".to_string(), persons(BYTES)),
        ("reddit".to_string(), reddit(BYTES)),
        ("geojson".to_string(), geojson(BYTES)),
    ]
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A JSON string literal of `s` (the escapes JSON requires).
fn quoted(s: &str, out: &mut String) {
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

/// An array of short strings: 8 to 48 pieces each, a piece one non-ASCII character
/// (`share` percent) or `run` ASCII characters.
fn short_mixed(run: usize, share: u64, bytes: usize) -> Vec<u8> {
    // 2-byte (Latin, Greek, Cyrillic) and 3-byte (CJK, kana, symbols) characters.
    const NON_ASCII: &[char] = &['é', 'ü', 'ñ', 'ж', 'я', 'λ', '日', '本', 'の', 'テ', '€', '한', '中'];
    const ASCII: &[u8] = b"abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789.,-";
    let mut rng = Rng::new(run as u64 * 100 + share);
    let mut out = String::from("[");
    while out.len() < bytes {
        if out.len() > 1 {
            out.push(',');
        }
        let pieces = 8 + rng.below(41);
        let mut s = String::new();
        for _ in 0..pieces {
            if rng.below(100) < share {
                s.push(*rng.pick(NON_ASCII));
            } else {
                for _ in 0..run {
                    s.push(*rng.pick(ASCII) as char);
                }
            }
        }
        quoted(&s, &mut out);
    }
    out.push(']');
    out.into_bytes()
}

const FIRST: &[&str] =
    &["Anna", "José", "Li", "Olga", "Mehmet", "Chloé", "Kenji", "Amara", "Søren", "Priya", "Tomás", "Zoë"];
const LAST: &[&str] =
    &["Müller", "García", "Wang", "Ivanova", "Yılmaz", "Dubois", "Tanaka", "Okafor", "Nielsen", "Sharma", "Smith"];
const CITIES: &[&str] =
    &["Berlin", "Madrid", "上海", "Москва", "İstanbul", "Lyon", "東京", "Lagos", "Aarhus", "Mumbai"];
const WORDS: &[&str] = &[
    "the", "a", "data", "parser", "fast", "today", "why", "does", "my", "code", "work", "finally", "release", "bug",
    "rust", "json", "question", "help", "great", "new", "version", "thanks", "café", "naïve", "🎉", "🚀",
];

/// `min` to `min + spread - 1` words of [`WORDS`], spaces between them.
fn sentence(rng: &mut Rng, min: u64, spread: u64) -> String {
    let count = min + rng.below(spread);
    let mut s = String::new();
    for k in 0..count {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(rng.pick::<&str>(WORDS));
    }
    s
}

/// Person records, as generators of fake data write them.
fn persons(bytes: usize) -> Vec<u8> {
    let mut rng = Rng::new(1);
    let mut out = String::from("[");
    let mut id = 0u64;
    while out.len() < bytes {
        if id > 0 {
            out.push(',');
        }
        let first = *rng.pick(FIRST);
        let last = *rng.pick(LAST);
        out.push_str(&format!(
            "{{\"id\":{id},\"guid\":\"{:016x}-{:04x}\",\"isActive\":{},",
            rng.next(),
            rng.below(65536),
            rng.below(2) == 0
        ));
        out.push_str(&format!(
            "\"balance\":{}.{:02},\"age\":{},\"name\":",
            rng.below(10000),
            rng.below(100),
            18 + rng.below(70)
        ));
        quoted(&format!("{first} {last}"), &mut out);
        out.push_str(",\"email\":");
        quoted(&format!("{}.{}@example.com", first.to_lowercase(), id), &mut out);
        out.push_str(&format!(",\"address\":{{\"street\":\"{} Main Street\",\"city\":", 1 + rng.below(999)));
        quoted(rng.pick::<&str>(CITIES), &mut out);
        out.push_str(&format!(",\"zip\":\"{:05}\"}},\"phones\":[", rng.below(100000)));
        for k in 0..1 + rng.below(3) {
            if k > 0 {
                out.push(',');
            }
            out.push_str(&format!("\"+{} {:03} {:07}\"", 1 + rng.below(99), rng.below(1000), rng.below(10_000_000)));
        }
        out.push_str(&format!(
            "],\"registered\":\"20{:02}-{:02}-{:02}T{:02}:{:02}:{:02} -01:00\",\"latitude\":{:.6},\"longitude\":{:.6},\"tags\":[",
            10 + rng.below(15),
            1 + rng.below(12),
            1 + rng.below(28),
            rng.below(24),
            rng.below(60),
            rng.below(60),
            rng.below(180_000_000) as f64 / 1e6 - 90.0,
            rng.below(360_000_000) as f64 / 1e6 - 180.0
        ));
        for k in 0..rng.below(6) {
            if k > 0 {
                out.push(',');
            }
            quoted(rng.pick::<&str>(WORDS), &mut out);
        }
        out.push_str("],\"about\":");
        let about = sentence(&mut rng, 5, 20);
        quoted(&about, &mut out);
        out.push('}');
        id += 1;
    }
    out.push(']');
    out.into_bytes()
}

/// A Reddit-listing-like file: `{"kind": "Listing", "data": {"children": [...]}}`.
fn reddit(bytes: usize) -> Vec<u8> {
    let mut rng = Rng::new(2);
    let mut out = String::from("{\"kind\":\"Listing\",\"data\":{\"after\":\"t3_x\",\"dist\":25,\"children\":[");
    let mut n = 0u64;
    while out.len() < bytes {
        if n > 0 {
            out.push(',');
        }
        out.push_str("{\"kind\":\"t3\",\"data\":{\"approved_at_utc\":null,\"subreddit\":\"rust\",\"selftext\":");
        let mut text = String::new();
        for p in 0..1 + rng.below(4) {
            if p > 0 {
                text.push_str("\n\n");
            }
            text.push_str(&sentence(&mut rng, 10, 60));
            if rng.below(3) == 0 {
                text.push_str(" \"quoted\" and a path C:\\tmp\\x");
            }
        }
        quoted(&text, &mut out);
        out.push_str(&format!(
            ",\"author_fullname\":\"t2_{:x}\",\"saved\":false,\"gilded\":0,\"clicked\":false,\"title\":",
            rng.next() >> 32
        ));
        quoted(&sentence(&mut rng, 4, 10), &mut out);
        out.push_str(&format!(
            ",\"link_flair_richtext\":[],\"hidden\":false,\"pwls\":6,\"downs\":0,\"thumbnail_height\":null,\"hide_score\":{},\"name\":\"t3_{:x}\",\"ups\":{},\"upvote_ratio\":0.{:02},\"score\":{},\"edited\":{},\"is_self\":true,\"created_utc\":{}.0,\"num_comments\":{},\"permalink\":\"/r/rust/comments/{:x}/\",\"url\":\"https://www.reddit.com/r/rust/comments/{:x}/\",\"over_18\":false,\"media\":null,\"stickied\":false,\"preview\":{{\"images\":[{{\"source\":{{\"width\":{},\"height\":{}}},\"resolutions\":[{{\"width\":108,\"height\":60}},{{\"width\":216,\"height\":121}}]}}],\"enabled\":false}}}}}}",
            rng.below(2) == 0,
            rng.next() >> 40,
            rng.below(5000),
            50 + rng.below(50),
            rng.below(5000),
            rng.below(4) == 0,
            1_600_000_000 + rng.below(100_000_000),
            rng.below(900),
            rng.next() >> 40,
            rng.next() >> 40,
            200 + rng.below(1800),
            100 + rng.below(1000)
        ));
        n += 1;
    }
    out.push_str("],\"before\":null}}");
    out.into_bytes()
}

/// A GeoJSON `FeatureCollection` of polygons.
fn geojson(bytes: usize) -> Vec<u8> {
    let mut rng = Rng::new(3);
    let mut out = String::from("{\"type\":\"FeatureCollection\",\"features\":[");
    let mut n = 0u64;
    while out.len() < bytes {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&format!("{{\"type\":\"Feature\",\"id\":{n},\"properties\":{{\"name\":"));
        quoted(rng.pick::<&str>(CITIES), &mut out);
        out.push_str(&format!(
            ",\"population\":{},\"area_km2\":{}.{}}},\"geometry\":{{\"type\":\"Polygon\",\"coordinates\":[[",
            rng.below(10_000_000),
            rng.below(5000),
            rng.below(10)
        ));
        let (x0, y0) = (rng.below(360_000_000) as f64 / 1e6 - 180.0, rng.below(170_000_000) as f64 / 1e6 - 85.0);
        let points = 5 + rng.below(40);
        for k in 0..points {
            if k > 0 {
                out.push(',');
            }
            let (x, y) = if k + 1 == points {
                (x0, y0)
            } else {
                (x0 + rng.below(1_000_000) as f64 / 1e6, y0 + rng.below(1_000_000) as f64 / 1e6)
            };
            out.push_str(&format!("[{x:.6},{y:.6}]"));
        }
        out.push_str("]]}}");
        n += 1;
    }
    out.push_str("]}");
    out.into_bytes()
}
