//! JSONC input (`with_dialect(Dialect::Jsonc)`): the same batches as the text without
//! its comments, in one piece or cut anywhere, NDJSON and array form; errors at the
//! input's own lines and columns.

mod common;
use std::sync::Arc;

use arrow_schema::{DataType, Field, Schema};
use common::*;
use jsonlex::Dialect;

const JSONC: &str = "// a log\n{\"a\": 1, \"s\": \"x // not a comment\"} // one\n/* two */ {\"a\": 2, /* inline */ \"s\": \"/* nor this */\"}\n{\"s\": \"q\\\"//\", \"a\": 3}\n/* a block\n   of lines */\n{\"a\": 4}\n";
const STRIPPED: &str = "\n{\"a\": 1, \"s\": \"x // not a comment\"}\n {\"a\": 2,  \"s\": \"/* nor this */\"}\n{\"s\": \"q\\\"//\", \"a\": 3}\n\n\n{\"a\": 4}\n";

fn schema() -> Arc<Schema> {
    Arc::new(Schema::new(vec![Field::new("a", DataType::Int64, true), Field::new("s", DataType::Utf8, true)]))
}

fn jsonc(text: &str, batch_size: usize) -> Result<Vec<arrow_array::RecordBatch>, arrow_schema::ArrowError> {
    jsonlex_arrow::ReaderBuilder::new(schema())
        .with_batch_size(batch_size)
        .with_dialect(Dialect::Jsonc)
        .build(text.as_bytes())?
        .collect()
}

#[test]
fn comments_are_white_space() {
    let want = arrow_json(&schema(), STRIPPED.as_bytes(), 1024, false).unwrap();
    assert_eq!(want.iter().map(|b| b.num_rows()).sum::<usize>(), 4);
    for batch_size in [1, 3, 1024] {
        let got = jsonc(JSONC, batch_size).unwrap();
        let all = |b: &[arrow_array::RecordBatch]| arrow_select::concat::concat_batches(&schema(), b).unwrap();
        assert_eq!(all(&got), all(&want), "batch size {batch_size}");
    }
    // The array form, comments between and inside the records.
    let array = "[ // records\n {\"a\": 1}, /* , */ {\"a\": 2, \"s\": \"//\"} /* end */ ]";
    let got = jsonc(array, 1024).unwrap();
    let want = arrow_json(&schema(), b"{\"a\": 1}\n{\"a\": 2, \"s\": \"//\"}\n", 1024, false).unwrap();
    assert_eq!(got, want);
    // Strict JSON still says where JSONC is needed.
    let e = jsonlex(&schema(), JSONC.as_bytes(), 1024, false).unwrap_err().to_string();
    assert!(e.contains("line 1, column 1") && e.contains("JSONC"), "{e}");
}

#[test]
fn cut_anywhere_the_same() {
    let whole = jsonc(JSONC, 1024).unwrap();
    for cut in 0..=JSONC.len() {
        let (a, b) = JSONC.as_bytes().split_at(cut);
        let mut d = jsonlex_arrow::ReaderBuilder::new(schema()).with_dialect(Dialect::Jsonc).build_decoder().unwrap();
        assert_eq!(d.decode(a).unwrap(), a.len(), "cut at {cut}");
        assert_eq!(d.decode(b).unwrap(), b.len(), "cut at {cut}");
        assert_eq!(d.flush().unwrap().into_iter().collect::<Vec<_>>(), whole, "cut at {cut}");
    }
    // A byte at a time, batches of 2 (pieces given back when a batch fills).
    let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
        .with_dialect(Dialect::Jsonc)
        .with_batch_size(2)
        .build_decoder()
        .unwrap();
    let mut got = Vec::new();
    let mut rest = JSONC.as_bytes();
    while !rest.is_empty() {
        let n = d.decode(&rest[..rest.len().min(5)]).unwrap();
        rest = &rest[n..];
        if n == 0 || d.len() >= 2 {
            got.extend(d.flush().unwrap());
        }
    }
    got.extend(d.flush().unwrap());
    let all = |b: &[arrow_array::RecordBatch]| arrow_select::concat::concat_batches(&schema(), b).unwrap();
    assert_eq!(all(&got), all(&whole));
}

#[test]
fn pieces_of_every_size_and_full_batches() {
    // A batch filling inside a piece gives bytes back; a `/` at a piece's end is held.
    let whole = jsonc(JSONC, 1024).unwrap();
    let all = |b: &[arrow_array::RecordBatch]| arrow_select::concat::concat_batches(&schema(), b).unwrap();
    let text = format!("{JSONC}{{\"a\": 5}}//\n{{\"a\": 6}}/**/{{\"a\": 7}}\n");
    let want = all(&jsonc(&text, 1024).unwrap());
    assert_eq!(want.num_rows(), all(&whole).num_rows() + 3);
    for batch_size in [1, 2, 3] {
        for size in 1..24 {
            let mut d = jsonlex_arrow::ReaderBuilder::new(schema())
                .with_dialect(Dialect::Jsonc)
                .with_batch_size(batch_size)
                .build_decoder()
                .unwrap();
            let mut got = Vec::new();
            let mut at = 0;
            while at < text.len() {
                let end = (at + size).min(text.len());
                let n = d.decode(&text.as_bytes()[at..end]).unwrap();
                at += n;
                if at < end || d.len() >= batch_size {
                    got.extend(d.flush().unwrap());
                }
            }
            got.extend(d.flush().unwrap());
            assert_eq!(all(&got), want, "pieces of {size}, batches of {batch_size}");
        }
    }
}

#[test]
fn errors_at_the_inputs_own_place() {
    let e = jsonc("{\"a\": 1}\n/* c */ {\"a\": \"x\"}\n", 1024).unwrap_err().to_string();
    let plain = jsonlex(&schema(), b"{\"a\": 1}\n        {\"a\": \"x\"}\n", 1024, false).unwrap_err().to_string();
    assert_eq!(e, plain);
    assert!(e.contains("line 2, column 15"), "{e}");
    let e = jsonc("{\"a\": 1}\n{\"a\": 2} /* open\n", 1024).unwrap_err().to_string();
    assert!(e.contains("line 2, column 10 (byte 18): unterminated block comment"), "{e}");
    let e = jsonc("{\"a\": 1} /\n", 1024).unwrap_err().to_string();
    assert!(e.contains("line 1, column 10"), "{e}");
    let e = jsonc("{\"a\": 1} /", 1024).unwrap_err().to_string();
    assert!(e.contains("line 1, column 10"), "{e}");
}

#[test]
fn inference_and_parallel_reads() {
    let options = jsonlex_arrow::InferOptions::new().with_dialect(Dialect::Jsonc);
    let (got, n) = jsonlex_arrow::infer_json_schema_with(JSONC.as_bytes(), None, options).unwrap();
    assert_eq!((got, n), (arrow_infer(STRIPPED.as_bytes()), 4));
    let e = jsonlex_arrow::infer_json_schema_with(&b"{\"a\": 1} /* open"[..], None, options).unwrap_err();
    assert!(e.to_string().contains("line 1, column 10 (byte 9): unterminated block comment"), "{e}");
    let big: String = JSONC.repeat(20_000);
    let builder = jsonlex_arrow::ReaderBuilder::new(schema()).with_dialect(Dialect::Jsonc);
    let parallel = builder.clone().read_parallel(big.as_bytes()).unwrap();
    let one: Vec<_> = builder.build(big.as_bytes()).unwrap().collect::<Result<_, _>>().unwrap();
    let all = |b: &[arrow_array::RecordBatch]| arrow_select::concat::concat_batches(&schema(), b).unwrap();
    assert_eq!(all(&parallel), all(&one));
    assert_eq!(all(&one).num_rows(), 80_000);
}
