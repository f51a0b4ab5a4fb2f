//! The prefilter: the records it keeps are the records whose text has every needle (or
//! an escape), decoded as without it; the ones it drops are still validated; a record
//! cut by a push decoder's pieces is judged whole.

mod common;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use arrow_select::concat::concat_batches;
use common::*;
use jsonlex_arrow::{Prefilter, ReaderBuilder};

fn schema() -> SchemaRef {
    let user = DataType::Struct(vec![Field::new("country", DataType::Utf8, true)].into());
    schema_ref(Schema::new(vec![
        Field::new("id", DataType::Int64, true),
        Field::new("level", DataType::Utf8, true),
        Field::new("user", user, true),
        Field::new("msg", DataType::Utf8, true),
    ]))
}

/// Records of every kind: with and without the needles, escapes that spell a needle,
/// records over two lines.
fn records() -> Vec<String> {
    (0..300)
        .map(|i| {
            let level = ["INFO", "ERROR", "WARN"][i % 3];
            let msg = ["request served", "upstream timeout", "cache miss", "timeout \\\"quoted\\\""][i % 4];
            match i % 10 {
                // `ERROR` spelled with an escape: no needle in the text, kept for the backslash.
                7 => format!("{{\"id\":{i},\"level\":\"\\u0045RROR\",\"msg\":\"{msg}\"}}"),
                // Over two lines, the needle on the second.
                8 => format!(
                    "{{\"id\":{i},\"user\":{{\"country\":\"DE\"}},\n \"level\":\"{level}\", \"msg\":\"{msg}\"}}"
                ),
                _ => format!("{{\"id\":{i},\"level\":\"{level}\",\"user\":{{\"country\":\"FR\"}},\"msg\":\"{msg}\"}}"),
            }
        })
        .collect()
}

/// The records as a stream: CRLF and blank lines between some.
fn input() -> String {
    stream(&records())
}

fn stream(records: &[String]) -> String {
    let mut out = String::new();
    for (i, r) in records.iter().enumerate() {
        out.push_str(r);
        out.push_str(["\n", "\r\n", "\n\n"][i % 3]);
    }
    out
}

fn read(builder: ReaderBuilder, input: &[u8]) -> (RecordBatch, usize) {
    let mut reader = builder.with_batch_size(64).build(input).unwrap();
    let batches: Vec<_> = reader.by_ref().collect::<Result<_, _>>().unwrap();
    (concat_batches(&batches[0].schema(), &batches).unwrap(), reader.filtered_records())
}

#[test]
fn keeps_exactly_the_records_with_every_needle_or_an_escape() {
    let needles = ["\"ERROR\"", "timeout"];
    let (got, filtered) =
        read(ReaderBuilder::new(schema()).with_prefilter(Prefilter::all_of(needles)), input().as_bytes());
    let kept: Vec<String> =
        records().into_iter().filter(|r| needles.iter().all(|n| r.contains(n)) || r.contains('\\')).collect();
    let (want, none) = read(ReaderBuilder::new(schema()), kept.join("\n").as_bytes());
    assert_eq!(none, 0);
    assert_eq!(got, want);
    assert_eq!(filtered + got.num_rows(), records().len(), "every record kept or counted");
    assert!(got.num_rows() > 20 && filtered > 100, "{} kept, {filtered} dropped", got.num_rows());
}

#[test]
fn dropped_records_are_still_validated() {
    let schema = schema();
    let bad = "{\"id\": 1, \"level\": \"INFO\"}\n{\"id\": 2, \"level\": \"INFO\" \"msg\": \"x\"}\n";
    let error = |builder: ReaderBuilder| {
        builder.build(bad.as_bytes()).unwrap().collect::<Result<Vec<_>, _>>().unwrap_err().to_string()
    };
    let err = error(ReaderBuilder::new(schema.clone()).with_prefilter(Prefilter::all_of(["\"ERROR\""])));
    assert!(err.contains("line 2, column 27 (byte 53)"), "{err}");
    assert_eq!(err, error(ReaderBuilder::new(schema.clone())), "the error without the prefilter");
    // A type the schema does not allow, in a dropped record, is not looked at.
    let wrong = "{\"id\": \"one\", \"level\": \"INFO\"}\n{\"id\": 2, \"level\": \"ERROR\"}\n";
    let (got, filtered) =
        read(ReaderBuilder::new(schema.clone()).with_prefilter(Prefilter::all_of(["\"ERROR\""])), wrong.as_bytes());
    assert_eq!((got.num_rows(), filtered), (1, 1));
    // ... but in a kept one it is the usual error.
    let kept = "{\"id\": \"one\", \"level\": \"ERROR\"}\n";
    let err = ReaderBuilder::new(schema)
        .with_prefilter(Prefilter::all_of(["\"ERROR\""]))
        .build(kept.as_bytes())
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("field 'id'"), "{err}");
}

/// Pushed in two pieces cut at every byte: the same rows and the same count.
#[test]
fn a_record_cut_by_pieces_is_judged_whole() {
    let text = stream(&records()[..12]);
    let text = text.as_bytes();
    let builder = ReaderBuilder::new(schema()).with_prefilter(Prefilter::all_of(["\"ERROR\"", "timeout"]));
    let (want, want_filtered) = read(builder.clone(), text);
    for cut in 0..=text.len() {
        let mut d = builder.clone().build_decoder().unwrap();
        let mut batches = Vec::new();
        for piece in [&text[..cut], &text[cut..]] {
            let mut rest = piece;
            while !rest.is_empty() {
                let used = d.decode(rest).unwrap();
                rest = &rest[used..];
                if !rest.is_empty() {
                    batches.extend(d.flush().unwrap());
                }
            }
        }
        batches.extend(d.flush().unwrap());
        let got = concat_batches(&Arc::clone(&want.schema()), &batches).unwrap();
        assert_eq!((got, d.filtered_records()), (want.clone(), want_filtered), "cut at {cut}");
    }
}

#[test]
fn needles_are_kept_once_and_empty_ones_dropped() {
    let mut p = Prefilter::all_of(["a", "", "bc", "a"]);
    p.push(b"d");
    assert_eq!(p.needles().collect::<Vec<_>>(), [&b"a"[..], b"bc", b"d"]);
    assert!(Prefilter::all_of([""]).is_empty());
}
