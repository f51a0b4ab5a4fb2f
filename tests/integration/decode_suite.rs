//! JSONTestSuite (tests/data/JSONTestSuite): every `y_` file decodes (to what
//! serde_json decodes), every `n_` file is rejected, and every `i_` file behaves as
//! docs/i-files.md says.

use std::path::Path;

use crate::common::{decode_checked, same};
use jsonlex::{DecodeOptions, InvalidUtf8, LoneSurrogate};

#[test]
fn y_files_are_accepted() {
    let files = crate::common::json_test_suite("y_");
    assert_eq!(files.len(), 95);
    for (name, bytes) in files {
        let v = decode_checked(&bytes, &DecodeOptions::new()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert!(same(&v, &theirs), "{name}: {v:?} vs serde_json {theirs:?}");
    }
}

#[test]
fn n_files_are_rejected() {
    let files = crate::common::json_test_suite("n_");
    assert_eq!(files.len(), 188);
    let lenient = DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute);
    for (name, bytes) in files {
        for options in [DecodeOptions::new(), lenient] {
            if let Ok(v) = decode_checked(&bytes, &options) {
                panic!("{name} accepted as {v:?} with {options:?}");
            }
        }
    }
}

/// What jsonlex does with a file: `accepted: <compact JSON>` or `rejected: <Category>`.
fn outcome(bytes: &[u8], options: &DecodeOptions) -> String {
    match decode_checked(bytes, options) {
        Ok(v) => {
            let text = v.to_string();
            let text = if text.chars().count() > 40 { text.chars().take(37).collect::<String>() + "..." } else { text };
            format!("accepted: `{text}`")
        }
        Err(e) => format!("rejected: {:?}", e.classify()),
    }
}

/// The table in docs/i-files.md is exactly what the decoder does.
#[test]
fn i_files_behave_as_documented() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/i-files.md")).unwrap();
    let lenient = DecodeOptions::new().invalid_utf8(InvalidUtf8::Substitute).lone_surrogate(LoneSurrogate::Substitute);
    let big = DecodeOptions::new().big_int(jsonlex::BigInt::String);
    let mut expected = String::new();
    for (name, bytes) in crate::common::json_test_suite("i_") {
        expected.push_str(&format!(
            "| `{name}` | {} | {} | {} |\n",
            outcome(&bytes, &DecodeOptions::new()),
            outcome(&bytes, &lenient),
            outcome(&bytes, &big)
        ));
    }
    let documented: String = doc.lines().filter(|l| l.starts_with("| `i_")).map(|l| format!("{l}\n")).collect();
    assert!(documented == expected, "docs/i-files.md is out of date; its rows should be:\n{expected}");
    assert_eq!(expected.lines().count(), 35);
}
