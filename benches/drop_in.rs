//! serde_json's drop-in API against serde_json itself (issue 21's target: "a `json!`-built
//! value and `to_string_pretty` no slower than serde_json's"): `json!` building a
//! realistic record (22 members, nested arrays and objects, interpolated variables), and
//! `to_string_pretty` of the twitter, citm_catalog and canada `Value`s (each library
//! pretty-prints its own `Value`, decoded from the same bytes).
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench drop_in -- time [ROUNDS]        # interleaved best-of-rounds
//! cargo bench -p jsonlex-benches --bench drop_in -- run CASE LIB [N]     # one loop, for callgrind
//! ```
//!
//! `CASE` is `json` or `pretty-<file>`, `LIB` is `jsonlex` or `serde_json`; the loop is
//! `drop_in_loop`, so that `valgrind --tool=callgrind --toggle-collect=*drop_in_loop*`
//! counts only it.

use std::hint::black_box;
use std::time::Instant;

use jsonlex_benches::{best_of_rounds, corpus};

/// One record as a web service would build it for a response: 22 members, nested
/// arrays and objects, strings, numbers, booleans and nulls from variables.
macro_rules! record {
    ($json:ident, $i:expr) => {{
        let i: u64 = $i;
        let name = "jsonlex";
        let tags = ["json", "lexer", "serde"];
        let score = 0.5 + i as f64;
        let owner = String::from("the jsonlex authors");
        $json!({
            "id": i,
            "name": name,
            "full_name": format!("{owner}/{name}"),
            "description": "a JSON library whose every byte is classified by a generated lexer",
            "private": false,
            "fork": i % 2 == 0,
            "score": score,
            "stars": i * 7,
            "forks": 12,
            "open_issues": null,
            "language": "Rust",
            "topics": [tags[0], tags[1], tags[2], "parsing"],
            "owner": {
                "login": owner,
                "id": i + 1000,
                "site_admin": false,
                "links": { "html": "https://example.invalid/jsonlex", "api": "https://example.invalid/api" },
            },
            "license": { "key": "mit", "name": "MIT License", "spdx_id": "MIT" },
            "created_at": "2026-01-01T00:00:00Z",
            "updated_at": "2026-12-02T05:00:00Z",
            "size": 4096,
            "default_branch": "main",
            "releases": [
                { "tag": "v0.1.0", "draft": false, "assets": [1, 2, 3] },
                { "tag": "v0.2.0", "draft": true, "assets": [] },
            ],
            "weights": [0.25, 0.5, score, -1.5],
            "archived": false,
            "visibility": "public",
        })
    }};
}

fn json_jsonlex(i: u64) -> usize {
    let v = record!(jsonlex_json, i);
    black_box(&v);
    v.as_object().map_or(0, |m| m.len())
}

fn json_serde_json(i: u64) -> usize {
    let v = record!(serde_json_json, i);
    black_box(&v);
    v.as_object().map_or(0, |m| m.len())
}

use jsonlex::json as jsonlex_json;
use serde_json::json as serde_json_json;

/// The inputs of the pretty cases: each library's own `Value` of the same file.
struct Pretty {
    name: String,
    ours: jsonlex::Value,
    peer: serde_json::Value,
}

fn pretty_inputs() -> Vec<Pretty> {
    corpus()
        .into_iter()
        .filter(|(name, _)| matches!(name.as_str(), "twitter" | "citm_catalog" | "canada"))
        .map(|(name, bytes)| Pretty {
            ours: jsonlex::decode(&bytes).expect("corpus file decodes"),
            peer: serde_json::from_slice(&bytes).expect("corpus file decodes"),
            name,
        })
        .collect()
}

/// The loop callgrind counts: `n` calls of one case of one library.
#[inline(never)]
fn drop_in_loop(case: &str, lib: &str, inputs: &[Pretty], n: usize) -> usize {
    let mut total = 0;
    for i in 0..n {
        total += match (case, lib) {
            ("json", "jsonlex") => json_jsonlex(black_box(i as u64)),
            ("json", "serde_json") => json_serde_json(black_box(i as u64)),
            (pretty, lib) => {
                let name = pretty.strip_prefix("pretty-").expect("case: json or pretty-<file>");
                let p = inputs.iter().find(|p| p.name == name).expect("twitter, citm_catalog or canada");
                match lib {
                    "jsonlex" => jsonlex::to_string_pretty(black_box(&p.ours)).unwrap().len(),
                    "serde_json" => serde_json::to_string_pretty(black_box(&p.peer)).unwrap().len(),
                    _ => panic!("LIB: jsonlex or serde_json"),
                }
            }
        };
    }
    total
}

/// Seconds per call of `f`, the number of calls fixed from an untimed first one so that
/// a timed run takes about 2 ms.
fn per_call(f: &dyn Fn() -> usize) -> f64 {
    let t = Instant::now();
    black_box(f());
    let reps = ((0.002 / t.elapsed().as_secs_f64().max(1e-9)) as usize).clamp(1, 1_000_000);
    let t = Instant::now();
    for _ in 0..reps {
        black_box(f());
    }
    t.elapsed().as_secs_f64() / reps as f64
}

fn time(rounds: usize) {
    let inputs = pretty_inputs();
    println!("| case | jsonlex | serde_json | serde_json / jsonlex |");
    println!("|---|---:|---:|---:|");
    let best = best_of_rounds(
        rounds,
        &[&|| per_call(&|| json_jsonlex(black_box(7))), &|| per_call(&|| json_serde_json(black_box(7)))],
    );
    println!(
        "| `json!` record (22 members) | {:.2} µs | {:.2} µs | {:.2} |",
        best[0] * 1e6,
        best[1] * 1e6,
        best[1] / best[0]
    );
    for p in &inputs {
        let bytes = jsonlex::to_string_pretty(&p.ours).unwrap().len();
        // serde_json's default `Value` sorts keys (a BTreeMap) and, without its
        // `float_roundtrip`, reads a few of canada's floats one ulp off, so its text of
        // its own `Value` differs a little; of ours, it writes what we write.
        let ours = jsonlex::to_string_pretty(&p.ours).unwrap();
        assert!(
            ours == serde_json::to_string_pretty(&p.ours).unwrap(),
            "{}: serde_json writes our Value as we do",
            p.name
        );
        let best = best_of_rounds(
            rounds,
            &[&|| per_call(&|| jsonlex::to_string_pretty(black_box(&p.ours)).unwrap().len()), &|| {
                per_call(&|| serde_json::to_string_pretty(black_box(&p.peer)).unwrap().len())
            }],
        );
        let mbs = |t: f64| bytes as f64 / t / 1e6;
        println!(
            "| `to_string_pretty` {} ({bytes} B out) | {:.0} MB/s | {:.0} MB/s | {:.2} |",
            p.name,
            mbs(best[0]),
            mbs(best[1]),
            best[1] / best[0]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["time"] => time(5),
        ["time", rounds] => time(rounds.parse().expect("ROUNDS")),
        ["run", case, lib] | ["run", case, lib, _] => {
            let n = args.get(3).map_or(100, |n| n.parse().expect("N"));
            let inputs = pretty_inputs();
            println!("{}", drop_in_loop(case, lib, &inputs, n));
        }
        _ => eprintln!("drop_in: time [ROUNDS] | run json|pretty-<file> jsonlex|serde_json [N]"),
    }
}
