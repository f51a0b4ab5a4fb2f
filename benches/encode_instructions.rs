//! A small driver for callgrind: encodes one input `N` times at one kernel level, the
//! loop in a function of its own (`encode_loop`) so that callgrind can count only it
//! (`--toggle-collect=*encode_loop*`). Run by `benches/callgrind-encode.sh`.
//!
//! ```text
//! encode_instructions list | <class> <level|default> [iterations] [php]
//! ```

use json_runtime::ser::encode_into_at_level;
use json_runtime::simd::Level;
use json_runtime::{EncodeOptions, Map, Number, Value};
use jsonlex_benches::{encode_corpus, encode_payloads};

fn from_serde(v: &serde_json::Value) -> Value {
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
        serde_json::Value::String(s) => Value::String(s.clone()),
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

#[inline(never)]
fn encode_loop(v: &Value, opts: &EncodeOptions, level: Level, n: usize) -> usize {
    let mut total = 0;
    for _ in 0..n {
        let mut out = Vec::new();
        encode_into_at_level(std::hint::black_box(v), opts, level, &mut out);
        total += std::hint::black_box(out).len();
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("list") {
        for (name, _) in encode_corpus() {
            println!("{name}");
        }
        for (name, _) in encode_payloads() {
            println!("{name}");
        }
        return;
    }
    // `cargo bench` runs bench targets with `--bench`: do nothing then.
    if args.len() < 3 || args[1].starts_with("--") {
        eprintln!("usage: encode_instructions list | <class> <level|default> [iterations] [php]");
        return;
    }
    let class = &args[1];
    let level = if args[2] == "default" {
        json_runtime::simd::level()
    } else {
        Level::from_name(&args[2]).expect("level: scalar|swar|sse2|avx2|neon|default")
    };
    let n: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(10);
    let opts = if args.get(4).map(String::as_str) == Some("php") { EncodeOptions::php() } else { EncodeOptions::new() };
    let v = if let Some((_, text)) = encode_corpus().into_iter().find(|(name, _)| name == class) {
        from_serde(&serde_json::from_slice(&text).unwrap())
    } else {
        let (_, strings) = encode_payloads().into_iter().find(|(name, _)| name == class).expect("unknown class");
        Value::Array(strings.into_iter().map(Value::String).collect())
    };
    println!("{}", encode_loop(&v, &opts, level, n));
}
