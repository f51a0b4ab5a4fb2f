//! Golden tests against PHP's `json_encode`, recorded by
//! `scripts/record-php-encode.php` into `tests/data/php-encode/` (CI has no PHP).
//! Each PHP flag is applied through `EncodeOptions::set_flag`, as `jsonlex fmt` does.

use crate::util::encode::parse;
use json_runtime::{encode_with, EncodeOptions};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/php-encode")
}

/// The `jsonlex fmt` flag for a PHP flag on top of `--php`.
fn options(php_flags: &[String]) -> EncodeOptions {
    let mut o = EncodeOptions::new();
    o.set_flag("php", None).unwrap();
    for f in php_flags {
        let (name, value) = match f.as_str() {
            "JSON_UNESCAPED_UNICODE" => ("escape-unicode", Some("false")),
            "JSON_UNESCAPED_SLASHES" => ("escape-slashes", Some("false")),
            "JSON_UNESCAPED_LINE_TERMINATORS" => ("escape-line-terminators", Some("false")),
            "JSON_HEX_TAG" => ("hex-tag", None),
            "JSON_HEX_AMP" => ("hex-amp", None),
            "JSON_HEX_APOS" => ("hex-apos", None),
            "JSON_HEX_QUOT" => ("hex-quot", None),
            "JSON_PRETTY_PRINT" => ("pretty", None),
            "JSON_PRESERVE_ZERO_FRACTION" => ("preserve-zero-fraction", None),
            other => panic!("no option for {other}"),
        };
        o.set_flag(name, value).unwrap();
    }
    o
}

fn flag_sets() -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir().join("flag-sets.json")).unwrap()).unwrap();
    let sets = index["sets"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, flags)| {
            let flags = flags.as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_string()).collect();
            (name.clone(), flags)
        })
        .collect();
    let twitter = index["twitter"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    (sets, twitter)
}

#[test]
fn cases_match_php_json_encode() {
    let inputs = std::fs::read_to_string(dir().join("cases.jsonl")).unwrap();
    let inputs: Vec<&str> = inputs.split('\n').filter(|l| !l.is_empty()).collect();
    let (sets, _) = flag_sets();
    assert!(sets.len() >= 12);
    for (name, flags) in sets {
        let opts = options(&flags);
        let expected = std::fs::read_to_string(dir().join(format!("cases.{name}.out"))).unwrap();
        let expected: Vec<String> =
            expected.split('\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(expected.len(), inputs.len(), "{name}");
        for (input, want) in inputs.iter().zip(&expected) {
            assert_eq!(&encode_with(&parse(input), &opts), want, "flag set {name} ({flags:?}), input {input}");
        }
    }
}

#[test]
fn twitter_matches_php_json_encode() {
    let text = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../benches/data/twitter.json"))
        .unwrap();
    let v = parse(&text);
    let (sets, twitter) = flag_sets();
    for name in twitter {
        let flags = &sets.iter().find(|(n, _)| *n == name).unwrap().1;
        let want = std::fs::read_to_string(dir().join(format!("twitter.{name}.json"))).unwrap();
        assert!(encode_with(&v, &options(flags)) == want, "twitter under {name}");
    }
}
