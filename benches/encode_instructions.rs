//! A small driver for callgrind: encodes one input `N` times at one kernel level, the
//! loop in a function of its own (`encode_loop`) so that callgrind can count only it
//! (`--toggle-collect=*encode_loop*`). Run by `benches/callgrind-encode.sh`.
//!
//! ```text
//! encode_instructions list | time [rounds] | <class> <level|default|serde_json|sonic-rs> [iterations] [php]
//! ```
//!
//! `serde_json` and `sonic-rs` in place of a level encode with those crates instead, in
//! `peer_loop` (`--toggle-collect=*peer_loop*`). `time` runs an interleaved
//! best-of-rounds wall-clock comparison instead (see `time_all`).

use json_runtime::ser::encode_into_at_level;
use json_runtime::simd::Level;
use json_runtime::{EncodeOptions, Value};
use jsonlex_benches::{best_of_rounds, encode_corpus, encode_payloads, wide_payloads};

/// A serde_json value as ours, through `Value`'s `Deserialize` (the `serde` feature).
fn from_serde(v: &serde_json::Value) -> Value {
    serde_json::from_value(v.clone()).expect("every serde_json value is a jsonlex value")
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

/// Interleaved timing, robust to a loaded machine: each round times every library once
/// on the same input (about 2 ms each, after an untimed warm-up run), in turn, in a
/// rotating order; the best round of each is reported
/// (MiB/s of jsonlex's output) with the ratios. Prints a Markdown table.
fn time_all(rounds: usize) {
    use std::time::Instant;
    let mut inputs = encode_corpus();
    for (name, strings) in encode_payloads() {
        inputs.push((name, serde_json::to_vec(&strings).unwrap()));
    }
    inputs.extend(wide_payloads());
    println!("| input | jsonlex | jsonlex scalar | serde_json | sonic-rs | jsonlex / serde_json | jsonlex / sonic-rs | jsonlex / scalar |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, text) in inputs {
        let sv: serde_json::Value = serde_json::from_slice(&text).unwrap();
        let jv = from_serde(&sv);
        let so: sonic_rs::Value = sonic_rs::from_slice(&text).unwrap();
        let opts = EncodeOptions::new();
        let level = json_runtime::simd::level();
        let mut probe = Vec::new();
        encode_into_at_level(&jv, &opts, level, &mut probe);
        let bytes = probe.len() as f64;
        let reps = (2_000_000 / probe.len()).max(1);
        let timed = |f: &dyn Fn() -> usize| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed().as_secs_f64() / reps as f64
        };
        let best = best_of_rounds(
            rounds,
            &[
                &|| timed(&|| encode_loop(&jv, &opts, level, reps)),
                &|| timed(&|| encode_loop(&jv, &opts, Level::Scalar, reps)),
                &|| timed(&|| peer_loop(reps, || serde_json::to_vec(std::hint::black_box(&sv)).unwrap().len())),
                &|| timed(&|| peer_loop(reps, || sonic_rs::to_vec(std::hint::black_box(&so)).unwrap().len())),
            ],
        );
        let mibs = |t: f64| bytes / t / (1024.0 * 1024.0);
        println!(
            "| {name} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} |",
            mibs(best[0]),
            mibs(best[1]),
            mibs(best[2]),
            mibs(best[3]),
            best[2] / best[0],
            best[3] / best[0],
            best[1] / best[0]
        );
    }
}

#[inline(never)]
fn peer_loop(n: usize, mut f: impl FnMut() -> usize) -> usize {
    (0..n).map(|_| f()).sum()
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
        for (name, _) in wide_payloads() {
            println!("{name}");
        }
        return;
    }
    if args.get(1).map(String::as_str) == Some("time") {
        let rounds = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(30);
        return time_all(rounds);
    }
    // `cargo bench` runs bench targets with `--bench`: do nothing then.
    if args.len() < 3 || args[1].starts_with("--") {
        eprintln!("usage: encode_instructions list | <class> <level|default> [iterations] [php]");
        return;
    }
    let class = &args[1];
    let n: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(10);
    if args[2] == "serde_json" || args[2] == "sonic-rs" {
        // The peers, for a load-independent comparison.
        let text = match encode_corpus().into_iter().chain(wide_payloads()).find(|(name, _)| name == class) {
            Some((_, text)) => text,
            None => {
                let (_, strings) =
                    encode_payloads().into_iter().find(|(name, _)| name == class).expect("unknown class");
                serde_json::to_vec(&strings).unwrap()
            }
        };
        let total = if args[2] == "serde_json" {
            let v: serde_json::Value = serde_json::from_slice(&text).unwrap();
            peer_loop(n, || serde_json::to_vec(std::hint::black_box(&v)).unwrap().len())
        } else {
            let v: sonic_rs::Value = sonic_rs::from_slice(&text).unwrap();
            peer_loop(n, || sonic_rs::to_vec(std::hint::black_box(&v)).unwrap().len())
        };
        println!("{total}");
        return;
    }
    let level = if args[2] == "default" {
        json_runtime::simd::level()
    } else {
        Level::from_name(&args[2]).expect("level: scalar|swar|sse2|avx2|neon|default")
    };
    let opts = if args.get(4).map(String::as_str) == Some("php") { EncodeOptions::php() } else { EncodeOptions::new() };
    let v = if let Some((_, text)) = encode_corpus().into_iter().chain(wide_payloads()).find(|(name, _)| name == class)
    {
        from_serde(&serde_json::from_slice(&text).unwrap())
    } else {
        let (_, strings) = encode_payloads().into_iter().find(|(name, _)| name == class).expect("unknown class");
        Value::Array(strings.into_iter().map(Value::from).collect())
    };
    println!("{}", encode_loop(&v, &opts, level, n));
}
