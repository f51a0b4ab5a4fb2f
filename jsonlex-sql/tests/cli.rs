//! The `jsonlex-sql` binary on the jsonlex-datafusion test data: `sql` in each output
//! format, `convert` to Parquet and Arrow read back equal to jsonlex-arrow's batches.

use std::fs::File;
use std::process::Command;
use std::sync::Arc;

use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::ipc::reader::FileReader;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

fn events() -> String {
    format!("{}/../jsonlex-datafusion/tests/data/events.ndjson", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jsonlex-sql")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn sql_in_each_format() {
    let events = events();
    let query = "SELECT level, count(*) AS n FROM events GROUP BY level ORDER BY level";
    let (ok, table, err) = run(&["sql", query, &events]);
    assert!(ok, "{err}");
    // Counted from the file by hand: 4 levels, 400 lines.
    let levels: Vec<_> = table.lines().filter(|l| l.starts_with("| ") && !l.contains("level")).collect();
    assert_eq!(levels.len(), 4, "{table}");
    let (ok, csv, err) = run(&["sql", "-f", "csv", query, "-t", &format!("events={events}")]);
    assert!(ok, "{err}");
    let lines: Vec<_> = csv.lines().collect();
    assert_eq!(lines[0], "level,n");
    let total: u64 = lines[1..].iter().map(|l| l.split(',').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 400);
    let (ok, ndjson, err) = run(&["sql", "-f", "ndjson", "SELECT id FROM events WHERE id < 3 ORDER BY id", &events]);
    assert!(ok, "{err}");
    assert_eq!(ndjson, "{\"id\":0}\n{\"id\":1}\n{\"id\":2}\n");
    let (ok, _, err) = run(&["sql", "SELECT nope FROM events", &events]);
    assert!(!ok && err.contains("nope"), "{err}");
}

#[test]
fn convert_to_parquet_and_arrow() {
    let events = events();
    let dir = std::env::temp_dir().join(format!("jsonlex-sql-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (schema, _) =
        jsonlex_arrow::infer_json_schema(std::io::BufReader::new(File::open(&events).unwrap()), Some(1000)).unwrap();
    let schema = Arc::new(schema);
    let expected: Vec<_> = jsonlex_arrow::ReaderBuilder::new(schema.clone())
        .build(std::io::BufReader::new(File::open(&events).unwrap()))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let expected = concat_batches(&schema, &expected).unwrap();
    assert_eq!(expected.num_rows(), 400);

    let parquet = dir.join("events.parquet");
    let (ok, _, err) = run(&["convert", &events, "-o", parquet.to_str().unwrap(), "--batch-size", "100"]);
    assert!(ok, "{err}");
    assert!(err.contains("400 rows"), "{err}");
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(&parquet).unwrap()).unwrap().build().unwrap();
    let got: Vec<_> = reader.collect::<Result<_, _>>().unwrap();
    assert_eq!(concat_batches(&schema, &got).unwrap(), expected);

    let arrow = dir.join("events.arrow");
    let (ok, _, err) = run(&["convert", &events, "-o", arrow.to_str().unwrap(), "-q"]);
    assert!(ok, "{err}");
    let got: Vec<_> =
        FileReader::try_new(File::open(&arrow).unwrap(), None).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(concat_batches(&schema, &got).unwrap(), expected);

    // A key the schema (from the first record) lacks: an error naming its line, no output.
    let input = dir.join("grows.ndjson");
    std::fs::write(&input, "{\"a\": 1}\n{\"a\": 2, \"b\": 3}\n").unwrap();
    let out = dir.join("short.parquet");
    let (ok, _, err) = run(&["convert", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "--infer-records", "1"]);
    assert!(!ok && err.contains("line 2"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dialects() {
    let dir = std::env::temp_dir().join(format!("jsonlex-sql-dialects-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json5 = dir.join("conf.json5");
    std::fs::write(
        &json5,
        "// JSON5 records\n{name: 'a', size: 0x10, tags: ['x',],}\n{name: \"b\", size: +2, /* c */}\n",
    )
    .unwrap();
    let (ok, csv, err) = run(&[
        "sql",
        "-f",
        "csv",
        "--dialect",
        "json5",
        "SELECT name, size FROM conf ORDER BY name",
        json5.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(csv, "name,size\na,16\nb,2\n");
    // Strict JSON names the place where it stopped.
    let (ok, _, err) = run(&["sql", "SELECT name FROM conf", json5.to_str().unwrap()]);
    assert!(!ok && err.contains("line 1"), "{err}");
    let out = dir.join("conf.arrow");
    let (ok, _, err) =
        run(&["convert", "--dialect", "json5", json5.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"]);
    assert!(ok, "{err}");
    let got: Vec<_> = FileReader::try_new(File::open(&out).unwrap(), None).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(got.iter().map(|b| b.num_rows()).sum::<usize>(), 2);
    let jsonc = dir.join("events.jsonc");
    std::fs::write(&jsonc, "{\"id\": 1} // one\n/* two */ {\"id\": 2}\n").unwrap();
    let (ok, csv, err) =
        run(&["sql", "-f", "csv", "--dialect", "jsonc", "SELECT sum(id) AS s FROM events", jsonc.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(csv, "s\n3\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn functions_over_nested_fields_and_arrays() {
    // Brackets into a struct, array functions, string and regex functions, unnest.
    let query = "SELECT lower(level) AS l, \"user\"['country'] AS c, array_length(tags) AS n, \
                 regexp_like(msg, 'quer[yi]') AS q FROM events WHERE id = 0";
    let (ok, csv, err) = run(&["sql", "-f", "csv", query, &events()]);
    assert!(ok, "{err}");
    assert_eq!(csv, "l,c,n,q\ninfo,JP,0,true\n");
    let (ok, csv, err) =
        run(&["sql", "-f", "csv", "SELECT count(*) AS n FROM (SELECT unnest(tags) FROM events)", &events()]);
    assert!(ok, "{err}");
    let n: u64 = csv.lines().nth(1).unwrap().parse().unwrap();
    assert!(n > 0, "{csv}");
}
