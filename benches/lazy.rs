//! Lazy access by path: `jsonlex::get` / `get_many` against sonic-rs's `get` /
//! `get_many` (both checked: invalid JSON before the value is an error), in the same
//! run, interleaved best-of-rounds ([`best_of_rounds`]). One field near the end of
//! twitter.json and of citm_catalog.json (everything before it is passed over), and
//! five paths at once. sonic-rs's `_unchecked` forms (which assume valid JSON) are
//! timed too, for reference.
//!
//! `cargo bench -p jsonlex-benches --bench lazy -- [ROUNDS]` (default 15) prints a
//! Markdown table: MB/s of the whole file, and sonic-rs's time over jsonlex's (above
//! 1.00 jsonlex is faster).

use std::hint::black_box;
use std::time::Instant;

use jsonlex_benches::{best_of_rounds, corpus};

/// Seconds per call of `f`, over about 2 ms of calls.
fn per_call(f: &dyn Fn() -> bool) -> f64 {
    let t = Instant::now();
    assert!(f());
    let once = t.elapsed().as_secs_f64().max(1e-9);
    let n = ((0.002 / once) as usize).max(1);
    let t = Instant::now();
    for _ in 0..n {
        assert!(black_box(f()));
    }
    t.elapsed().as_secs_f64() / n as f64
}

/// A path as sonic-rs takes it: each segment a key, or an index when it is a short
/// number (these paths' longer numbers are citm_catalog's object keys).
fn sonic_path(p: &str) -> Vec<sonic_rs::PointerNode> {
    p.split('/')
        .skip(1)
        .map(|s| match s.parse::<usize>() {
            Ok(i) if s.len() <= 3 => sonic_rs::PointerNode::Index(i),
            _ => sonic_rs::PointerNode::Key(s.to_owned().into()),
        })
        .collect()
}

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(15);
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "twitter",
            "/search_metadata/count",
            &[
                "/statuses/0/id",
                "/statuses/40/user/screen_name",
                "/statuses/80/text",
                "/search_metadata/max_id",
                "/search_metadata/count",
            ],
        ),
        (
            "citm_catalog",
            "/venueNames/PLEYEL_PLEYEL",
            &[
                "/areaNames/205705999",
                "/events/138586341/name",
                "/performances/100/venueCode",
                "/topicNames/324846100",
                "/venueNames/PLEYEL_PLEYEL",
            ],
        ),
    ];
    let files = corpus();
    println!("| input | path | jsonlex MB/s | sonic-rs MB/s | / sonic-rs | sonic-rs unchecked MB/s | / unchecked |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for &(name, one, many) in cases {
        let text = &files.iter().find(|(n, _)| n == name).expect("a corpus file").1;
        let mb = |s: f64| text.len() as f64 / s / 1e6;
        // Same answers first.
        let ours = jsonlex::get(text, one).unwrap();
        let theirs = sonic_rs::get(&text[..], sonic_path(one)).unwrap();
        assert_eq!(ours.as_raw_str(), theirs.as_raw_str());
        let mut tree = jsonlex::PathTree::new();
        let mut stree = sonic_rs::PointerTree::new();
        for p in many {
            tree.add_path(*p);
            stree.add_path(sonic_path(p));
        }
        let a = jsonlex::get_many(text, &tree).unwrap();
        let b = sonic_rs::get_many(&text[..], &stree).unwrap();
        assert_eq!(
            a.iter().map(|v| v.map(|v| v.as_raw_str())).collect::<Vec<_>>(),
            b.iter().map(|v| v.as_ref().map(|v| v.as_raw_str())).collect::<Vec<_>>()
        );
        assert!(a.iter().all(Option::is_some), "{name}: every path is there");

        let sp = sonic_path(one);
        let best = best_of_rounds(
            rounds,
            &[
                &|| per_call(&|| jsonlex::get(black_box(text), one).is_ok()),
                &|| per_call(&|| sonic_rs::get(black_box(&text[..]), &sp).is_ok()),
                // SAFETY: the corpus file is valid JSON (checked above).
                &|| per_call(&|| unsafe { sonic_rs::get_unchecked(black_box(&text[..]), &sp) }.is_ok()),
                &|| per_call(&|| jsonlex::get_many(black_box(text), &tree).is_ok()),
                &|| per_call(&|| sonic_rs::get_many(black_box(&text[..]), &stree).is_ok()),
                // SAFETY: as above.
                &|| per_call(&|| unsafe { sonic_rs::get_many_unchecked(black_box(&text[..]), &stree) }.is_ok()),
            ],
        );
        println!(
            "| {name} | `get {one}` | {:.0} | {:.0} | {:.2} | {:.0} | {:.2} |",
            mb(best[0]),
            mb(best[1]),
            best[1] / best[0],
            mb(best[2]),
            best[2] / best[0]
        );
        println!(
            "| {name} | `get_many` of {} | {:.0} | {:.0} | {:.2} | {:.0} | {:.2} |",
            many.len(),
            mb(best[3]),
            mb(best[4]),
            best[4] / best[3],
            mb(best[5]),
            best[5] / best[3]
        );
    }
}
