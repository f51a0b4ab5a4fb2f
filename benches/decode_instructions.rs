//! A driver for callgrind: runs one decoder (`jsonlex-decode`, `jsonlex-validate`,
//! `serde_json-Value`, `serde_json-IgnoredAny`) on one corpus file, the loop in a
//! function of its own (`decode_loop`) so that callgrind counts only it. Instruction
//! counts do not depend on the machine's load, unlike times.
//!
//! ```text
//! cargo bench -p jsonlex-benches --bench decode_instructions --no-run
//! valgrind --tool=callgrind --toggle-collect='*decode_loop*' --callgrind-out-file=/dev/null \
//!     target/release/deps/decode_instructions-* jsonlex-decode canada 1
//! ```
//!
//! Without arguments it prints the combinations.

use jsonlex_benches::corpus;
use serde::de::IgnoredAny;

#[inline(never)]
fn decode_loop(which: &str, text: &[u8], n: usize) -> usize {
    let mut ok = 0;
    for _ in 0..n {
        ok += match which {
            "jsonlex-decode" => jsonlex::decode(std::hint::black_box(text)).is_ok() as usize,
            "jsonlex-validate" => jsonlex::validate(std::hint::black_box(text)).is_ok() as usize,
            "serde_json-Value" => {
                serde_json::from_slice::<serde_json::Value>(std::hint::black_box(text)).is_ok() as usize
            }
            "serde_json-IgnoredAny" => {
                serde_json::from_slice::<IgnoredAny>(std::hint::black_box(text)).is_ok() as usize
            }
            other => panic!("unknown decoder {other}"),
        };
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let files = corpus();
    let (Some(which), Some(file)) = (args.first(), args.get(1)) else {
        for (name, _) in &files {
            for which in ["jsonlex-decode", "jsonlex-validate", "serde_json-Value", "serde_json-IgnoredAny"] {
                println!("{which} {name}");
            }
        }
        return;
    };
    let n: usize = args.get(2).map_or(1, |n| n.parse().expect("iterations"));
    let text = &files.iter().find(|(name, _)| name == file).expect("a corpus file").1;
    assert_eq!(decode_loop(which, text, n), n);
}
