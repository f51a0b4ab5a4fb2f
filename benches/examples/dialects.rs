//! JSON5 and JSONC decoding (issue 13), timed interleaved (best of rounds) in one run:
//!
//! - `jsonlex::json5::decode` against the `json5` and `serde_json5` crates (both into a
//!   `serde_json::Value`) on the corpus converted to JSON5 style: unquoted keys where
//!   they are names, single-quoted strings, a comment after every 16th comma;
//! - `jsonlex::jsonc::decode` against strict `jsonlex::decode` on the same document
//!   without comments, and on the document with comments (strict: the original).
//!
//! ```text
//! cargo run --release -p jsonlex-benches --example dialects [ROUNDS]
//! # instruction counts of one decode (callgrind), OP: strict, jsonc, jsonc-comments, json5
//! valgrind --tool=callgrind --toggle-collect='*run_loop*' target/release/examples/dialects count FILE OP
//! ```

use std::time::Instant;

use jsonlex::JsonToken;
use jsonlex_benches::{best_of_rounds, corpus};

/// `json` (strict JSON) in JSON5 style, and in JSONC style (comments only).
fn convert(json: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut json5 = b"/* converted to JSON5 */\n".to_vec();
    let mut jsonc = b"/* with comments */\n".to_vec();
    let mut lexer = jsonlex::lexer::JsonLexer::new(json);
    let (mut at, mut commas) = (0, 0);
    while let Some(t) = lexer.next_token() {
        let t = t.unwrap();
        let gap = &json[at..t.start];
        json5.extend_from_slice(gap);
        jsonc.extend_from_slice(gap);
        let text = &json[t.start..t.end];
        jsonc.extend_from_slice(text);
        match t.kind {
            JsonToken::String | JsonToken::EscapedString => {
                let body = &text[1..text.len() - 1];
                let key = json[t.end..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':');
                let name = !body.is_empty()
                    && !body[0].is_ascii_digit()
                    && body.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
                if key && name {
                    json5.extend_from_slice(body);
                } else {
                    json5.push(b'\'');
                    let mut i = 0;
                    while i < body.len() {
                        match body[i] {
                            b'\\' if body[i + 1] == b'"' => json5.push(b'"'),
                            b'\\' => json5.extend_from_slice(&body[i..i + 2]),
                            b'\'' => json5.extend_from_slice(b"\\'"),
                            b => json5.push(b),
                        }
                        i += if body[i] == b'\\' { 2 } else { 1 };
                    }
                    json5.push(b'\'');
                }
            }
            _ => json5.extend_from_slice(text),
        }
        if t.kind == JsonToken::Comma {
            commas += 1;
            if commas % 16 == 0 {
                json5.extend_from_slice(b" // a comment\n");
                jsonc.extend_from_slice(b" /* a comment */ ");
            }
        }
        at = t.end;
    }
    json5.extend_from_slice(&json[at..]);
    jsonc.extend_from_slice(&json[at..]);
    (json5, jsonc)
}

fn timed(run: impl Fn()) -> f64 {
    let start = Instant::now();
    run();
    start.elapsed().as_secs_f64()
}

/// One decode of `file` (a corpus stem) as `op`, alone in a function for callgrind.
#[inline(never)]
fn run_loop(json: &[u8], json5: &[u8], jsonc: &[u8], op: &str) -> usize {
    let v = match op {
        "strict" => jsonlex::decode(json),
        "jsonc" => jsonlex::jsonc::decode(json),
        "jsonc-comments" => jsonlex::jsonc::decode(jsonc),
        "json5" => jsonlex::json5::decode(json5),
        _ => panic!("OP: strict, jsonc, jsonc-comments or json5"),
    };
    std::hint::black_box(v.unwrap()).as_array().map_or(1, Vec::len)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("count") {
        let (_, json) = corpus().into_iter().find(|(n, _)| *n == args[2]).expect("a corpus file stem");
        let (json5, jsonc) = convert(&json);
        println!("{}", run_loop(&json, &json5, &jsonc, &args[3]));
        return;
    }
    let rounds: usize = std::env::args().nth(1).map_or(15, |a| a.parse().expect("ROUNDS"));
    println!("| file | jsonlex json5 MB/s | json5 crate | serde_json5 | jsonlex vs json5 | vs serde_json5 |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut jsonc_rows = Vec::new();
    for (name, json) in corpus() {
        let (json5, jsonc) = convert(&json);
        let strict = jsonlex::decode(&json).unwrap();
        assert!(jsonlex::json5::decode(&json5).unwrap() == strict, "{name}: the JSON5 conversion changed the value");
        assert!(jsonlex::jsonc::decode(&jsonc).unwrap() == strict, "{name}");
        let json5_text = std::str::from_utf8(&json5).unwrap();
        let theirs: serde_json::Value = json5::from_str(json5_text).unwrap();
        let theirs2: serde_json::Value = serde_json5::from_str(json5_text).unwrap();
        assert_eq!(theirs, theirs2, "{name}: json5 and serde_json5 disagree");
        let mb = json5.len() as f64 / 1e6;
        let t = best_of_rounds(
            rounds,
            &[
                &|| timed(|| drop(std::hint::black_box(jsonlex::json5::decode(&json5).unwrap()))),
                &|| timed(|| drop(std::hint::black_box(json5::from_str::<serde_json::Value>(json5_text).unwrap()))),
                &|| {
                    timed(|| {
                        drop(std::hint::black_box(serde_json5::from_str::<serde_json::Value>(json5_text).unwrap()))
                    })
                },
            ],
        );
        println!(
            "| {name} | {:.0} | {:.1} | {:.1} | {:.1}x | {:.1}x |",
            mb / t[0],
            mb / t[1],
            mb / t[2],
            t[1] / t[0],
            t[2] / t[0]
        );
        let c = best_of_rounds(
            rounds * 4,
            &[
                &|| timed(|| drop(std::hint::black_box(jsonlex::decode(&json).unwrap()))),
                &|| timed(|| drop(std::hint::black_box(jsonlex::jsonc::decode(&json).unwrap()))),
                &|| timed(|| drop(std::hint::black_box(jsonlex::jsonc::decode(&jsonc).unwrap()))),
            ],
        );
        jsonc_rows.push(format!(
            "| {name} | {:.0} | {:.0} | {:.3} | {:.0} |",
            json.len() as f64 / 1e6 / c[0],
            json.len() as f64 / 1e6 / c[1],
            c[1] / c[0],
            jsonc.len() as f64 / 1e6 / c[2],
        ));
    }
    println!();
    println!(
        "| file | strict decode MB/s | jsonc decode, no comments | jsonc/strict time | jsonc decode, with comments |"
    );
    println!("|---|---:|---:|---:|---:|");
    for row in jsonc_rows {
        println!("{row}");
    }
}
