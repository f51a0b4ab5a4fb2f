//! The benchmarks' three record shapes, as NDJSON: twitter.json's statuses (nested `user`,
//! `entities`), a wide flat record (64 fields), a deep one (8 levels of structs and lists).

pub fn twitter() -> Vec<u8> {
    let path = format!("{}/../benches/data/twitter.json", env!("CARGO_MANIFEST_DIR"));
    let doc = jsonlex::decode(&std::fs::read(path).expect("benches/data/twitter.json")).expect("JSON");
    let jsonlex::Value::Array(statuses) = &doc["statuses"] else { panic!("twitter.json has statuses") };
    let mut out = Vec::new();
    // 10 copies: 4.6 MB, so that one pass is well past the caches' warm-up.
    for _ in 0..10 {
        for s in statuses.iter() {
            out.extend_from_slice(jsonlex::encode(s).as_bytes());
            out.push(b'\n');
        }
    }
    out
}

/// 20,000 records of 64 flat fields: integers, floats, short strings, booleans, nulls.
pub fn wide() -> Vec<u8> {
    let mut out = String::new();
    for r in 0..20_000u64 {
        out.push('{');
        for f in 0..64u64 {
            if f > 0 {
                out.push(',');
            }
            let v = r.wrapping_mul(2654435761).wrapping_add(f * 40503) % 100_000;
            match f % 5 {
                0 => out.push_str(&format!("\"int_{f}\":{v}")),
                1 => out.push_str(&format!("\"float_{f}\":{}.{}", v / 100, v % 100)),
                2 => out.push_str(&format!("\"str_{f}\":\"value {v}\"")),
                3 => out.push_str(&format!("\"bool_{f}\":{}", v % 2 == 0)),
                _ => out
                    .push_str(&format!("\"opt_{f}\":{}", if v % 3 == 0 { "null".to_string() } else { v.to_string() })),
            }
        }
        out.push_str("}\n");
    }
    out.into_bytes()
}

/// 20,000 records nested 8 deep: each level a struct with an id, a name and a list of
/// two small structs, then the next level.
pub fn deep() -> Vec<u8> {
    fn level(out: &mut String, depth: usize, r: u64) {
        out.push_str(&format!(
            "{{\"id\":{},\"name\":\"level {depth}\",\"tags\":[{{\"k\":\"a\",\"v\":{r}}},{{\"k\":\"b\",\"v\":{}}}]",
            r + depth as u64,
            r * 2
        ));
        if depth < 8 {
            out.push_str(",\"child\":");
            level(out, depth + 1, r);
        }
        out.push('}');
    }
    let mut out = String::new();
    for r in 0..20_000u64 {
        level(&mut out, 1, r);
        out.push('\n');
    }
    out.into_bytes()
}

/// `wide()` as Python's `json.dumps` writes it by default: a space after every `:`
/// and `,` (outside strings). The reader bench's input 3 (the convert bench, which shares
/// this module, has no use for it).
#[allow(dead_code)]
pub fn wide_spaced() -> Vec<u8> {
    let mut out = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    for b in wide() {
        out.push(b);
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b':' || b == b',' {
            out.push(b' ');
        }
    }
    out
}

/// The three shapes, named as the tables name them.
pub fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    vec![("twitter statuses", twitter()), ("wide (64 flat fields)", wide()), ("deep (8 levels)", deep())]
}
