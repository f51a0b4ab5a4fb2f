//! The push decoder fed in pieces: every cut of a small input gives the one-shot
//! batches; records cut by batch boundaries; readers with tiny buffers.

mod common;
use std::io::BufReader;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};
use common::*;
use proptest::prelude::*;

fn schema() -> SchemaRef {
    let inner = Fields::from(vec![Field::new("x", DataType::Int64, true), Field::new("s", DataType::Utf8, true)]);
    schema_ref(Schema::new(vec![
        Field::new("a", DataType::Int64, true),
        Field::new("f", DataType::Float64, true),
        Field::new("s", DataType::Utf8, true),
        Field::new("o", DataType::Struct(inner.clone()), true),
        Field::new("l", DataType::List(Arc::new(Field::new_list_field(DataType::Struct(inner), true))), true),
        Field::new("b", DataType::Boolean, true),
    ]))
}

const INPUT: &str = "{\"a\": 12345, \"f\": 1.5e3, \"s\": \"caf\\u00e9 \\\"q\\\"\", \"o\": {\"x\": -7, \"s\": \"in\"}, \"skip\": [1, {\"k\": null}], \"l\": [{\"x\": 1}, null], \"b\": true}\r\n\n{\"a\": null, \"s\": \"日本\", \"l\": []}\n   {\"b\": false, \"f\": 0.25}{\"a\": 9}\n{\"o\": null, \"a\": 77}";

/// Decodes `pieces` in order, flushing when the decoder asks; then flushes the rest.
fn push(schema: &SchemaRef, pieces: &[&[u8]], batch_size: usize) -> Vec<RecordBatch> {
    let mut d = jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_batch_size(batch_size).build_decoder().unwrap();
    let mut out = Vec::new();
    for piece in pieces {
        let mut rest = *piece;
        while !rest.is_empty() {
            let used = d.decode(rest).unwrap();
            rest = &rest[used..];
            if !rest.is_empty() || d.len() >= batch_size {
                out.extend(d.flush().unwrap());
            }
        }
    }
    while let Some(b) = d.flush().unwrap() {
        out.push(b);
    }
    out
}

fn one_shot(schema: &SchemaRef, batch_size: usize) -> Vec<RecordBatch> {
    push(schema, &[INPUT.as_bytes()], batch_size)
}

#[test]
fn equals_arrow_json() {
    let s = schema();
    assert_eq!(one_shot(&s, 1024), arrow_json(&s, INPUT.as_bytes(), 1024, false).unwrap());
    assert_eq!(one_shot(&s, 2), arrow_json(&s, INPUT.as_bytes(), 2, false).unwrap());
}

#[test]
fn every_cut_in_two() {
    let s = schema();
    let bytes = INPUT.as_bytes();
    for batch_size in [1, 3, 1024] {
        let want = one_shot(&s, batch_size);
        for cut in 0..=bytes.len() {
            let got = push(&s, &[&bytes[..cut], &bytes[cut..]], batch_size);
            assert_eq!(concat(&got), concat(&want), "cut at {cut}, batch size {batch_size}");
        }
    }
}

#[test]
fn one_byte_at_a_time() {
    let s = schema();
    let pieces: Vec<&[u8]> = INPUT.as_bytes().chunks(1).collect();
    for batch_size in [1, 2, 1024] {
        assert_eq!(concat(&push(&s, &pieces, batch_size)), concat(&one_shot(&s, 1024)));
    }
}

#[test]
fn array_form_in_pieces() {
    let s = schema();
    let array = "[{\"a\": 1, \"s\": \"x\"},\n {\"a\": 2, \"o\": {\"x\": 3}}\r\n, {\"l\": [{\"s\": \"y\"}]}]  \n";
    let want = push(&s, &[array.as_bytes()], 1024);
    assert_eq!(want[0].num_rows(), 3);
    for cut in 0..=array.len() {
        let got = push(&s, &[&array.as_bytes()[..cut], &array.as_bytes()[cut..]], 2);
        assert_eq!(concat(&got), concat(&want), "cut at {cut}");
    }
}

#[test]
fn readers_with_small_buffers() {
    let s = schema();
    let want = one_shot(&s, 1024);
    for capacity in [1, 2, 5, 16, 64] {
        for batch_size in [1, 4, 1024] {
            let reader = BufReader::with_capacity(capacity, INPUT.as_bytes());
            let got: Vec<_> = jsonlex_arrow::ReaderBuilder::new(s.clone())
                .with_batch_size(batch_size)
                .build(reader)
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert!(got.iter().rev().skip(1).all(|b| b.num_rows() == batch_size), "full batches");
            assert_eq!(concat(&got), concat(&want), "capacity {capacity}, batch size {batch_size}");
        }
    }
}

#[test]
fn a_cut_record_at_the_end_is_an_error() {
    let s = schema();
    let mut d = jsonlex_arrow::ReaderBuilder::new(s).build_decoder().unwrap();
    assert_eq!(d.decode(b"{\"a\": 1}\n{\"a\": 2, \"s\": \"ab").unwrap(), 26);
    assert!(d.has_partial_record());
    let e = d.flush().unwrap_err().to_string();
    assert!(e.contains("line 2"), "{e}");
}

/// Every row as one batch (`None` for no rows).
fn concat(batches: &[RecordBatch]) -> Option<RecordBatch> {
    let first = batches.first()?;
    Some(arrow_select::concat::concat_batches(&first.schema(), batches).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random cuts into up to 8 pieces give the one-shot batches.
    #[test]
    fn random_cuts(mut cuts in proptest::collection::vec(0..INPUT.len(), 0..8), batch_size in 1usize..5) {
        let s = schema();
        cuts.sort();
        let bytes = INPUT.as_bytes();
        let mut pieces = Vec::new();
        let mut at = 0;
        for c in cuts {
            pieces.push(&bytes[at..c]);
            at = c;
        }
        pieces.push(&bytes[at..]);
        prop_assert_eq!(concat(&push(&s, &pieces, batch_size)), concat(&one_shot(&s, batch_size)));
    }
}

#[test]
fn values_of_one_field_cut_anywhere() {
    // `new_with_field`: each record a value (here lists), not an object.
    let field = Arc::new(Field::new("l", DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))), true));
    let text = b"[1, 2]\n[]\nnull\n[3,\n4] [5]\n";
    let want: Vec<RecordBatch> = arrow_json::ReaderBuilder::new_with_field(field.clone())
        .build(&text[..])
        .unwrap()
        .map(|b| b.unwrap())
        .collect();
    for cut in 0..=text.len() {
        let mut d = jsonlex_arrow::ReaderBuilder::new_with_field(field.clone()).build_decoder().unwrap();
        assert_eq!(d.decode(&text[..cut]).unwrap(), cut);
        assert_eq!(d.decode(&text[cut..]).unwrap(), text.len() - cut);
        assert_eq!(d.flush().unwrap().into_iter().collect::<Vec<_>>(), want, "cut at {cut}");
    }
    assert_eq!(want[0].num_rows(), 5);
}
