//! jsonlex-arrow/README.md's example, as a user's program runs it.

use std::error::Error;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_schema::{DataType, Field, Schema};

fn check(ok: bool, what: &str) -> Result<(), Box<dyn Error>> {
    if ok {
        Ok(())
    } else {
        Err(format!("not as README says: {what}").into())
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::temp_dir().join(format!("jsonlex-arrow-downstream-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("events.ndjson");
    let lines: String =
        (0..10_000).map(|i| format!("{{\"id\": {i}, \"user\": {{\"name\": \"u{}\"}}}}\n", i % 7)).collect();
    std::fs::write(&path, &lines)?;

    // README: the reader.
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("user", DataType::Struct(vec![Field::new("name", DataType::Utf8, true)].into()), true),
    ]));
    let file = std::io::BufReader::new(std::fs::File::open(&path)?);
    let mut rows = 0;
    let mut sum = 0;
    for batch in jsonlex_arrow::ReaderBuilder::new(schema.clone()).with_batch_size(8192).build(file)? {
        let batch = batch?; // arrow_array::RecordBatch
        rows += batch.num_rows();
        sum += batch.column(0).as_primitive::<Int64Type>().values().iter().sum::<i64>();
    }
    check(rows == 10_000 && sum == (0..10_000).sum::<i64>(), "the reader's rows")?;

    // README: bytes in pieces.
    let mut decoder = jsonlex_arrow::ReaderBuilder::new(schema.clone()).build_decoder()?;
    let used = decoder.decode(b"{\"id\": 1, \"user\": {\"name\": \"a\"}}\n{\"id\": 2")?; // the cut record is kept
    decoder.decode(b"}\n")?;
    let batch = decoder.flush()?.expect("two rows");
    check(used == 41 && batch.num_rows() == 2, "the push decoder's two rows")?;

    // README: inference.
    let (inferred, records) =
        jsonlex_arrow::infer_json_schema(std::io::BufReader::new(std::fs::File::open(&path)?), None)?;
    check(records == 10_000, "inference's record count")?;
    check(inferred.field_with_name("id")?.data_type() == &DataType::Int64, "id inferred as Int64")?;

    // README: in memory, on every core.
    let batches = jsonlex_arrow::ReaderBuilder::new(Arc::new(inferred)).read_parallel(&std::fs::read(&path)?)?;
    check(batches.iter().map(|b| b.num_rows()).sum::<usize>() == 10_000, "read_parallel's rows")?;

    // README (Options): JSONC.
    let jsonc = b"// settings\n{\"id\": 7 /* seven */, \"user\": null}\n";
    let batch = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_dialect(jsonlex_arrow::Dialect::Jsonc)
        .build(&jsonc[..])?
        .next()
        .expect("a batch")?;
    check(batch.column(0).as_primitive::<Int64Type>().value(0) == 7, "JSONC's row")?;
    // JSON5, its schema inferred; an error at the input's own column.
    let json5 = b"{id: 0x10, user: {name: 'ann',},} // sixteen\n";
    let options = jsonlex_arrow::InferOptions::new().with_dialect(jsonlex_arrow::Dialect::Json5);
    let (json5_schema, _) = jsonlex_arrow::infer_json_schema_with(&json5[..], None, options)?;
    check(json5_schema.field_with_name("id")?.data_type() == &DataType::Int64, "JSON5's id inferred as Int64")?;
    let batch = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_dialect(jsonlex_arrow::Dialect::Json5)
        .build(&json5[..])?
        .next()
        .expect("a batch")?;
    check(batch.column(0).as_primitive::<Int64Type>().value(0) == 16, "JSON5's row")?;
    let bad = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_dialect(jsonlex_arrow::Dialect::Json5)
        .build(&b"{id: 1, user: {name: bare}}\n"[..])?
        .next()
        .expect("a result");
    check(
        bad.is_err_and(|e| e.to_string().contains("line 1, column 22 (byte 21)")),
        "a bare name as a value: an error at its place",
    )?;

    // README (Options): values that do not fit as nulls; structs as lists; records that
    // are values of one field; rows from serde values.
    let conflicts = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_ignore_type_conflicts(true)
        .build(&b"{\"id\": \"x\", \"user\": {\"name\": 5}}\n"[..])?
        .next()
        .expect("a batch");
    check(conflicts.is_err(), "a null in the non-nullable id is still an error")?;
    let lists = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .with_struct_mode(jsonlex_arrow::StructMode::ListOnly)
        .build(&b"[1, [\"a\"]]\n[2, null]\n"[..])?
        .next()
        .expect("a batch")?;
    check(lists.num_rows() == 2 && lists.column(1).null_count() == 1, "ListOnly's rows")?;
    let values = jsonlex_arrow::ReaderBuilder::new_with_field(Field::new("n", DataType::Int64, true))
        .build(&b"1\nnull\n3\n"[..])?
        .next()
        .expect("a batch")?;
    check(values.column(0).as_primitive::<Int64Type>().values()[2] == 3, "new_with_field's rows")?;
    #[derive(serde::Serialize)]
    struct Row {
        id: i64,
        user: Option<User>,
    }
    #[derive(serde::Serialize)]
    struct User {
        name: String,
    }
    let mut decoder = jsonlex_arrow::ReaderBuilder::new(schema.clone()).build_decoder()?;
    decoder.serialize(&[Row { id: 9, user: Some(User { name: "z".into() }) }, Row { id: 10, user: None }])?;
    let batch = decoder.flush()?.expect("two rows");
    check(batch.column(0).as_primitive::<Int64Type>().values()[..] == [9, 10], "serialize's rows")?;

    // README (Errors): a malformed record names its line, column and byte.
    let bad = jsonlex_arrow::ReaderBuilder::new(schema).build(&b"{\"id\": 1}\n{\"id\": 2,,}\n"[..])?.next();
    let message = match bad {
        Some(Err(e)) => e.to_string(),
        other => return Err(format!("a malformed record read as {other:?}").into()),
    };
    check(message.contains("line 2, column 10 (byte 19)"), &message)?;

    std::fs::remove_dir_all(&dir)?;
    println!("jsonlex-arrow downstream: README's example holds");
    Ok(())
}
