//! DataFusion queries over the jsonlex format, each against the same query over
//! DataFusion's own JSON format (arrow-json) on the same files: the same schema and the
//! same batches (`RecordBatch ==` after concatenation).

use std::io::Write;
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::datasource::source::DataSourceExec;
use datafusion::physical_plan::{collect, ExecutionPlan};
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion_proto::bytes::{
    physical_plan_from_bytes_with_extension_codec, physical_plan_to_bytes_with_extension_codec,
};
use jsonlex_datafusion::{
    register_jsonlex, register_jsonlex_format, JsonlexOptions, JsonlexPhysicalCodec, JsonlexSource,
};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A session with `partitions` target partitions and the jsonlex format, where byte
/// ranges are made of any file when `split`.
fn session(partitions: usize, split: bool) -> SessionContext {
    let mut config = SessionConfig::new().with_target_partitions(partitions);
    if split {
        config = config.with_repartition_file_min_size(1);
    }
    let ctx = SessionContext::new_with_config(config);
    register_jsonlex_format(&ctx).unwrap();
    ctx
}

/// Tables `lex` (jsonlex) and `js` (DataFusion's JSON) over `location`.
async fn tables(ctx: &SessionContext, location: &str, extra: &str) {
    for (name, format) in [("lex", "JSONLEX"), ("js", "JSON")] {
        ctx.sql(&format!("CREATE EXTERNAL TABLE {name} STORED AS {format} LOCATION '{location}' {extra}"))
            .await
            .unwrap_or_else(|e| panic!("{format}: {e}"));
    }
}

async fn run(ctx: &SessionContext, sql: &str) -> datafusion::common::Result<Vec<RecordBatch>> {
    ctx.sql(sql).await?.collect().await
}

fn one(batches: &[RecordBatch]) -> RecordBatch {
    concat_batches(&batches[0].schema(), batches).unwrap()
}

/// `query` (with `{t}` for the table) gives the same result on both tables; the result
/// has `rows` rows.
async fn same(ctx: &SessionContext, query: &str, rows: usize) -> RecordBatch {
    let lex = run(ctx, &query.replace("{t}", "lex")).await.unwrap_or_else(|e| panic!("jsonlex: {query}: {e}"));
    let js = run(ctx, &query.replace("{t}", "js")).await.unwrap_or_else(|e| panic!("json: {query}: {e}"));
    let (lex, js) = (one(&lex), one(&js));
    // Column names may hold the table's name (`lex.http[status]`): the same values and
    // types under the JSON side's names.
    let lex =
        RecordBatch::try_new(js.schema(), lex.columns().to_vec()).unwrap_or_else(|e| panic!("{query}: types: {e}"));
    assert_eq!(
        lex,
        js,
        "{query}\njsonlex:\n{}\njson:\n{}",
        pretty_format_batches(std::slice::from_ref(&lex)).unwrap(),
        pretty_format_batches(std::slice::from_ref(&js)).unwrap()
    );
    assert_eq!(lex.num_rows(), rows, "{query}");
    lex
}

const QUERIES: &[(&str, usize)] = &[
    ("SELECT count(*) FROM {t}", 1),
    ("SELECT * FROM {t} ORDER BY id", 400),
    (
        "SELECT get_field({t}.\"user\", 'country') AS country, count(*) AS n, round(sum(latency_ms), 3) AS ms FROM {t} GROUP BY get_field({t}.\"user\", 'country') ORDER BY country",
        8,
    ),
    ("SELECT id, msg, http FROM {t} WHERE level = 'ERROR' ORDER BY id", 14),
    ("SELECT id, service FROM {t} WHERE msg LIKE '%timeout%' AND service <> 'api' ORDER BY id", 105),
    ("SELECT count(*) FROM {t} WHERE error IS NOT NULL AND error.retryable", 1),
    ("SELECT tags, id FROM {t} WHERE id < 50 ORDER BY id", 50),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queries_equal_datafusion_json() {
    let ctx = session(2, false);
    tables(&ctx, &data("events.ndjson"), "").await;
    let lex = ctx.table("lex").await.unwrap();
    let js = ctx.table("js").await.unwrap();
    assert_eq!(lex.schema().as_arrow(), js.schema().as_arrow(), "inferred schemas");
    for (query, rows) in QUERIES {
        same(&ctx, query, *rows).await;
    }
    let count = same(&ctx, "SELECT count(*) AS n FROM {t}", 1).await;
    assert_eq!(pretty_format_batches(&[count]).unwrap().to_string().lines().nth(3).unwrap().trim(), "| 400 |");
}

/// The scan of a plan (its only `DataSourceExec`).
fn scan_of(plan: &Arc<dyn ExecutionPlan>) -> Arc<dyn ExecutionPlan> {
    if plan.downcast_ref::<DataSourceExec>().is_some() {
        return plan.clone();
    }
    let scans: Vec<_> = plan.children().into_iter().map(scan_of).collect();
    assert_eq!(scans.len(), 1, "one scan in {}", plan.name());
    scans.into_iter().next().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn projection_reaches_the_decoder() {
    let ctx = session(1, false);
    tables(&ctx, &data("events.ndjson"), "").await;
    let plan = ctx
        .sql("SELECT lex.http.status, id FROM lex WHERE level = 'WARN'")
        .await
        .unwrap()
        .create_physical_plan()
        .await
        .unwrap();
    let scan = scan_of(&plan);
    let exec = scan.downcast_ref::<DataSourceExec>().unwrap();
    let (_, source) = exec.downcast_to_file_source::<JsonlexSource>().expect("a jsonlex scan");
    let schema = ctx.table("lex").await.unwrap().schema().as_arrow().clone();
    let mut names: Vec<_> = source.file_projection().iter().map(|&i| schema.field(i).name().as_str()).collect();
    names.sort();
    assert_eq!(names, ["http", "id", "level"], "the columns the decoder builds");
    same(&ctx, "SELECT {t}.http.status, id FROM {t} WHERE level = 'WARN' ORDER BY id", 60).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_file_scanned_in_byte_ranges() {
    let ctx = session(4, true);
    tables(&ctx, &data("events.ndjson"), "").await;
    let plan = ctx.sql("SELECT count(*) FROM lex").await.unwrap().create_physical_plan().await.unwrap();
    let scan = scan_of(&plan);
    let exec = scan.downcast_ref::<DataSourceExec>().unwrap();
    let (config, _) = exec.downcast_to_file_source::<JsonlexSource>().unwrap();
    let ranges: Vec<_> =
        config.file_groups.iter().flat_map(|g| g.iter()).map(|f| f.range.clone().expect("a byte range")).collect();
    assert_eq!(ranges.len(), 4, "{ranges:?}");
    assert_eq!(
        ranges.iter().map(|r| r.end - r.start).sum::<i64>(),
        std::fs::metadata(data("events.ndjson")).unwrap().len() as i64
    );
    // Each line is read by exactly one range: every id once.
    for (query, rows) in QUERIES {
        same(&ctx, query, *rows).await;
    }
    same(&ctx, "SELECT id FROM {t} ORDER BY id", 400).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compressed_input() {
    let text = std::fs::read(data("events.ndjson")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("events.json.gz");
    let mut encoder =
        flate2::write::GzEncoder::new(std::fs::File::create(&gz).unwrap(), flate2::Compression::default());
    encoder.write_all(&text).unwrap();
    encoder.finish().unwrap();
    let zst = dir.path().join("events.json.zst");
    std::fs::write(&zst, zstd::encode_all(&text[..], 3).unwrap()).unwrap();
    for (path, kind) in [(gz, "GZIP"), (zst, "ZSTD")] {
        let ctx = session(4, true);
        tables(&ctx, path.to_str().unwrap(), &format!("OPTIONS ('format.compression' '{kind}')")).await;
        for (query, rows) in QUERIES {
            same(&ctx, query, *rows).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_line_is_an_error_naming_it() {
    let ctx = session(1, false);
    let schema = "(id BIGINT, level VARCHAR)";
    for (name, format) in [("lex", "JSONLEX"), ("js", "JSON")] {
        ctx.sql(&format!("CREATE EXTERNAL TABLE {name} {schema} STORED AS {format} LOCATION '{}'", data("bad.ndjson")))
            .await
            .unwrap();
    }
    let lex = run(&ctx, "SELECT count(*) FROM lex").await.expect_err("jsonlex reads a bad line").to_string();
    assert!(lex.contains("bad.ndjson") && lex.contains("line 3, column 24"), "{lex}");
    // (DataFusion's JSON format, arrow-json, counts the malformed line as a row here:
    // with no column to build it does not look into the records.)

    // Skipping bad lines: the three good ones.
    let ctx = session(1, false);
    ctx.sql(&format!(
        "CREATE EXTERNAL TABLE lex {schema} STORED AS JSONLEX LOCATION '{}' OPTIONS ('format.skip_bad_records' 'true')",
        data("bad.ndjson")
    ))
    .await
    .unwrap();
    let ids = one(&run(&ctx, "SELECT id FROM lex ORDER BY id").await.unwrap());
    assert_eq!(
        pretty_format_batches(&[ids])
            .unwrap()
            .to_string()
            .split_whitespace()
            .filter(|w| w.parse::<u8>().is_ok())
            .collect::<Vec<_>>(),
        ["0", "1", "3"]
    );

    let bad = ctx
        .sql("CREATE EXTERNAL TABLE t STORED AS JSONLEX LOCATION '/nonexistent' OPTIONS ('format.skip_bad' 'true')")
        .await;
    assert!(bad.unwrap_err().to_string().contains("unknown jsonlex option 'format.skip_bad'"));
}

/// A bad line in the last of four ranges: its line and byte in the file, not in the range.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_line_in_a_range_names_its_place_in_the_file() {
    let text = std::fs::read_to_string(data("events.ndjson")).unwrap();
    let bad = std::fs::read_to_string(data("bad.ndjson")).unwrap();
    let bad_line = bad.lines().nth(2).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[349] = bad_line;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.json");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let line_start: usize = lines[..349].iter().map(|l| l.len() + 1).sum();
    let ctx = session(4, true);
    // The schema from the first 100 lines (inference would stop at the bad one).
    let options = "OPTIONS ('format.schema_infer_max_rec' '100')";
    ctx.sql(&format!("CREATE EXTERNAL TABLE lex STORED AS JSONLEX LOCATION '{}' {options}", path.display()))
        .await
        .unwrap();
    let error = run(&ctx, "SELECT count(*) FROM lex").await.expect_err("a bad line").to_string();
    let place = format!("line 350, column 24 (byte {})", line_start + 23);
    assert!(error.contains(&place) && error.contains("events.json"), "{error}\nexpected {place}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_a_glob_and_copy() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(data("events.ndjson")).unwrap();
    let lines: Vec<_> = text.lines().collect();
    for (i, part) in lines.chunks(150).enumerate() {
        std::fs::write(dir.path().join(format!("part-{i}.ndjson")), part.join("\n") + "\n").unwrap();
    }
    std::fs::write(dir.path().join("notes.txt"), "not json").unwrap();
    let ctx = session(2, false);
    let glob = format!("{}/*.ndjson", dir.path().display());
    register_jsonlex(&ctx, "lex", &glob, JsonlexOptions::new()).await.unwrap();
    ctx.sql(&format!("CREATE EXTERNAL TABLE js STORED AS JSON LOCATION '{}'", data("events.ndjson"))).await.unwrap();
    for (query, rows) in QUERIES {
        same(&ctx, query, *rows).await;
    }

    // COPY ... STORED AS JSONLEX writes NDJSON that reads back the same.
    let out = dir.path().join("copied.json");
    run(&ctx, &format!("COPY (SELECT * FROM lex WHERE level = 'ERROR') TO '{}' STORED AS JSONLEX", out.display()))
        .await
        .unwrap();
    register_jsonlex(&ctx, "copied", out.to_str().unwrap(), JsonlexOptions::new()).await.unwrap();
    let back = one(&run(&ctx, "SELECT id, msg, http FROM copied ORDER BY id").await.unwrap());
    let orig = one(&run(&ctx, "SELECT id, msg, http FROM js WHERE level = 'ERROR' ORDER BY id").await.unwrap());
    assert_eq!(back, orig);
}

/// A physical plan with the jsonlex scan, through datafusion-proto and the codec
/// (what a scheduler sends an executor), runs to the same rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plans_round_trip_through_the_codec() {
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("events.json.gz");
    let mut encoder = flate2::write::GzEncoder::new(std::fs::File::create(&gz).unwrap(), flate2::Compression::fast());
    encoder.write_all(&std::fs::read(data("events.ndjson")).unwrap()).unwrap();
    encoder.finish().unwrap();
    let query = "SELECT get_field(lex.\"user\", 'country') AS c, count(*) AS n FROM lex WHERE level <> 'DEBUG' GROUP BY get_field(lex.\"user\", 'country') ORDER BY c";
    for (location, extra, split) in
        [(data("events.ndjson"), "", true), (gz.display().to_string(), "OPTIONS ('format.compression' 'gzip')", false)]
    {
        let ctx = session(3, split);
        ctx.sql(&format!("CREATE EXTERNAL TABLE lex STORED AS JSONLEX LOCATION '{location}' {extra}")).await.unwrap();
        let plan = ctx.sql(query).await.unwrap().create_physical_plan().await.unwrap();
        let expected = one(&collect(plan.clone(), ctx.task_ctx()).await.unwrap());
        let bytes = physical_plan_to_bytes_with_extension_codec(plan.clone(), &JsonlexPhysicalCodec).unwrap();
        // A new session, as an executor has: no tables, only the codec.
        let remote = SessionContext::new();
        let decoded =
            physical_plan_from_bytes_with_extension_codec(&bytes, &remote.task_ctx(), &JsonlexPhysicalCodec).unwrap();
        let before = datafusion::physical_plan::displayable(plan.as_ref()).indent(true).to_string();
        let after = datafusion::physical_plan::displayable(decoded.as_ref()).indent(true).to_string();
        assert_eq!(before, after);
        let got = one(&collect(decoded, remote.task_ctx()).await.unwrap());
        assert_eq!(got, expected, "{location}");
        assert_eq!(got.num_rows(), 8);
    }
}

/// One top-level JSON array per file (`newline_delimited` false, DataFusion's option
/// name): read whole even where the session cuts files into ranges, the rows of the
/// NDJSON file, and the option travels through the codec.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_array_per_file() {
    let text = std::fs::read_to_string(data("events.ndjson")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.json");
    let records: Vec<&str> = text.lines().collect();
    std::fs::write(&path, format!("[\n  {}\n]\n", records.join(",\n  "))).unwrap();
    let array = "OPTIONS ('format.newline_delimited' 'false')";

    // Both formats over the array, no ranges (DataFusion's JSON format fails on a
    // range of an array file: it cannot be compared where the session splits).
    let ctx = session(2, false);
    tables(&ctx, path.to_str().unwrap(), array).await;
    let lex = ctx.table("lex").await.unwrap();
    let js = ctx.table("js").await.unwrap();
    assert_eq!(lex.schema().as_arrow(), js.schema().as_arrow(), "inferred schemas");
    for (query, rows) in QUERIES {
        same(&ctx, query, *rows).await;
    }

    // Where every file of 1 byte or more is cut into ranges, this one is not.
    let split = session(4, true);
    split
        .sql(&format!("CREATE EXTERNAL TABLE lex STORED AS JSONLEX LOCATION '{}' {array}", path.display()))
        .await
        .unwrap();
    split.sql(&format!("CREATE EXTERNAL TABLE js STORED AS JSON LOCATION '{}'", data("events.ndjson"))).await.unwrap();
    let plan = split.sql("SELECT count(*) FROM lex").await.unwrap().create_physical_plan().await.unwrap();
    let scan = scan_of(&plan);
    let (config, source) =
        scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
    assert!(!source.newline_delimited());
    let files: Vec<_> = config.file_groups.iter().flat_map(|g| g.iter()).collect();
    assert_eq!(files.len(), 1);
    assert!(files[0].range.is_none(), "an array file is read whole: {:?}", files[0].range);
    for (query, rows) in QUERIES {
        same(&split, query, *rows).await;
    }
    // (DataFusion's JSON format plans ranges of the array file, and fails on them.)
    split
        .sql(&format!("CREATE EXTERNAL TABLE jsa STORED AS JSON LOCATION '{}' {array}", path.display()))
        .await
        .unwrap();
    let error = run(&split, "SELECT count(*) FROM jsa").await.expect_err("ranges of an array").to_string();
    assert!(error.contains("does not support range-based"), "{error}");

    // Through the codec, the scan still reads the file as one array.
    assert!(!through_the_codec(plan, &split).await.newline_delimited(), "the codec keeps the framing");
}

/// Filters: the table says `Inexact` for a column filter (DataFusion keeps its
/// `FilterExec` over the scan, so every row is filtered exactly) and `Exact` for a
/// filter on a partition column (whole directories are pruned).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filter_pushdown_answers() {
    use datafusion::logical_expr::{col, lit, TableProviderFilterPushDown};
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(data("events.ndjson")).unwrap();
    let lines: Vec<_> = text.lines().collect();
    for (day, part) in lines.chunks(200).enumerate() {
        let sub = dir.path().join(format!("day={day}"));
        std::fs::create_dir(&sub).unwrap();
        std::fs::write(sub.join("events.json"), part.join("\n") + "\n").unwrap();
    }
    let ctx = session(2, false);
    ctx.sql(&format!(
        "CREATE EXTERNAL TABLE lex (id BIGINT, level VARCHAR, day VARCHAR) STORED AS JSONLEX PARTITIONED BY (day) LOCATION '{}/'",
        dir.path().display()
    ))
    .await
    .unwrap();
    let table = ctx.table_provider("lex").await.unwrap();
    let (on_column, on_partition) = (col("level").eq(lit("ERROR")), col("day").eq(lit("1")));
    let answers = table.supports_filters_pushdown(&[&on_column, &on_partition]).unwrap();
    assert_eq!(answers, [TableProviderFilterPushDown::Inexact, TableProviderFilterPushDown::Exact]);

    let plan = ctx
        .sql("SELECT id FROM lex WHERE level = 'ERROR' AND day = '1'")
        .await
        .unwrap()
        .create_physical_plan()
        .await
        .unwrap();
    let shown = datafusion::physical_plan::displayable(plan.as_ref()).indent(true).to_string();
    assert!(shown.contains("FilterExec"), "the column filter stays above the scan:\n{shown}");
    let scan = scan_of(&plan);
    let (config, _) =
        scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
    let files: Vec<_> = config.file_groups.iter().flat_map(|g| g.iter()).collect();
    assert_eq!(files.len(), 1, "day=0 pruned");
    let got = one(&collect(plan, ctx.task_ctx()).await.unwrap());
    let want =
        lines[200..].iter().filter(|l| l.contains("\"level\":\"ERROR\"") || l.contains("\"level\": \"ERROR\"")).count();
    assert_eq!(got.num_rows(), want);
    assert!(want > 0);
}

/// String filters become the decoder's prefilter (records without `"ERROR"` or
/// `timeout` are not decoded); the rows stay DataFusion's JSON format's, and the
/// needles travel through the codec.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn string_filters_become_the_prefilter() {
    let ctx = session(2, true);
    tables(&ctx, &data("events.ndjson"), "").await;
    let cases: &[(&str, &[&str], usize)] = &[
        (
            "SELECT id, msg FROM {t} WHERE msg LIKE '%timeout%' AND level = 'ERROR' ORDER BY id",
            &["\"ERROR\"", "timeout"],
            5,
        ),
        ("SELECT id FROM {t} WHERE get_field({t}.\"user\", 'country') = 'DE' ORDER BY id", &["\"DE\""], 50),
        (
            "SELECT id FROM {t} WHERE get_field({t}.\"user\", 'plan') = 'pro' AND get_field({t}.http, 'status') = 500 ORDER BY id",
            &["\"pro\""],
            11,
        ),
        ("SELECT id FROM {t} WHERE level = 'ERROR' OR level = 'WARN' ORDER BY id", &[], 74),
    ];
    for &(query, needles, rows) in cases {
        let plan = ctx.sql(&query.replace("{t}", "lex")).await.unwrap().create_physical_plan().await.unwrap();
        let scan = scan_of(&plan);
        let (_, source) =
            scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
        let got: Vec<_> = source.prefilter().needles().map(|n| std::str::from_utf8(n).unwrap()).collect();
        assert_eq!(got, needles, "{query}");
        same(&ctx, query, rows).await;

        let bytes = physical_plan_to_bytes_with_extension_codec(plan.clone(), &JsonlexPhysicalCodec).unwrap();
        let remote = SessionContext::new();
        let decoded =
            physical_plan_from_bytes_with_extension_codec(&bytes, &remote.task_ctx(), &JsonlexPhysicalCodec).unwrap();
        let scan = scan_of(&decoded);
        let (_, source) =
            scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
        let back: Vec<_> = source.prefilter().needles().map(|n| std::str::from_utf8(n).unwrap()).collect();
        assert_eq!(back, needles, "through the codec: {query}");
        assert_eq!(
            one(&collect(decoded, remote.task_ctx()).await.unwrap()),
            one(&collect(plan, ctx.task_ctx()).await.unwrap())
        );
    }
}

/// `user` is an SQL keyword (the `USER` function without parentheses), so a column
/// named `user` must be quoted: the spellings README shows, which work and which do
/// not, the same on both formats and with the same rows. (`x['a']` needs DataFusion's
/// `nested_expressions` feature, which this crate does not enable: it fails for any
/// struct column, keyword or not.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_user_column_is_quoted() {
    let ctx = session(1, false);
    tables(&ctx, &data("events.ndjson"), "").await;
    let spellings = [
        ("SELECT get_field(\"user\", 'country') AS c FROM {t} ORDER BY id LIMIT 3", true),
        ("SELECT get_field({t}.\"user\", 'country') AS c FROM {t} ORDER BY id LIMIT 3", true),
        ("SELECT \"user\".country AS c FROM {t} ORDER BY id LIMIT 3", true),
        ("SELECT {t}.\"user\".country AS c FROM {t} ORDER BY id LIMIT 3", true),
        // Unquoted, `user` is the USER function:
        ("SELECT user.country AS c FROM {t} ORDER BY id LIMIT 3", false),
        ("SELECT {t}.user.country AS c FROM {t} ORDER BY id LIMIT 3", false),
        // Brackets (DataFusion's `nested_expressions`, which jsonlex-sql has).
        ("SELECT \"user\"['country'] AS c FROM {t} ORDER BY id LIMIT 3", true),
    ];
    let mut seen = Vec::new();
    for (query, _) in spellings {
        let lex = run(&ctx, &query.replace("{t}", "lex")).await;
        let js = run(&ctx, &query.replace("{t}", "js")).await;
        assert_eq!(lex.is_ok(), js.is_ok(), "{query}: both formats or neither");
        if let (Ok(lex), Ok(js)) = (&lex, &js) {
            assert_eq!(one(lex).column(0), one(js).column(0), "{query}");
        }
        seen.push((query, lex.map(|_| ()).map_err(|e| e.to_string())));
    }
    let got: Vec<_> = seen.iter().map(|(q, r)| (*q, r.is_ok())).collect();
    assert_eq!(got, spellings, "{seen:#?}");
}

/// `line` (a JSON record) as JSON5: keys unquoted, string values in single quotes,
/// a trailing comma.
fn to_json5(line: &str) -> String {
    let b = line.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'"' {
            // To the next string (quotes are outside strings here).
            let next = line[i..].find('"').map_or(b.len(), |j| i + j);
            out.push_str(&line[i..next]);
            i = next;
            continue;
        }
        let start = i;
        i += 1;
        while b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i += 1;
        let body = &line[start + 1..i - 1];
        let key = b.get(i) == Some(&b':');
        if key && body.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            out.push_str(body);
        } else if !key && !body.contains('\'') {
            out.push_str(&format!("'{body}'"));
        } else {
            out.push_str(&line[start..i]);
        }
    }
    match out.rfind('}') {
        Some(end) => format!("{},{}", &out[..end], &out[end..]),
        None => out,
    }
}

/// `plan` decoded by the physical codec in another session and run there: its
/// jsonlex source, once the rows are checked to be the local plan's.
async fn through_the_codec(plan: Arc<dyn ExecutionPlan>, ctx: &SessionContext) -> JsonlexSource {
    let bytes = physical_plan_to_bytes_with_extension_codec(plan.clone(), &JsonlexPhysicalCodec).unwrap();
    let remote = SessionContext::new();
    let decoded =
        physical_plan_from_bytes_with_extension_codec(&bytes, &remote.task_ctx(), &JsonlexPhysicalCodec).unwrap();
    let scan = scan_of(&decoded);
    let (_, source) =
        scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
    let source = source.clone();
    assert_eq!(
        one(&collect(decoded, remote.task_ctx()).await.unwrap()),
        one(&collect(plan, ctx.task_ctx()).await.unwrap())
    );
    source
}

/// JSONC and JSON5 files: DataFusion's JSON answers on the same events written in
/// strict JSON; files read whole; the codec keeps the dialect.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jsonc_and_json5_files() {
    let text = std::fs::read_to_string(data("events.ndjson")).unwrap();
    for (dialect, name) in [(jsonlex_arrow::Dialect::Jsonc, "jsonc"), (jsonlex_arrow::Dialect::Json5, "json5")] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("events.json");
        let mut written = String::from("// events, with comments\n");
        for (i, line) in text.lines().enumerate() {
            written.push_str(&if dialect == jsonlex_arrow::Dialect::Json5 { to_json5(line) } else { line.to_string() });
            written.push_str(if i % 3 == 0 { " /* a\n comment */\n" } else { " // one\n" });
        }
        std::fs::write(&path, written).unwrap();
        let ctx = session(4, true);
        ctx.sql(&format!(
            "CREATE EXTERNAL TABLE lex STORED AS JSONLEX LOCATION '{}' OPTIONS ('format.dialect' '{name}')",
            path.display()
        ))
        .await
        .unwrap();
        ctx.sql(&format!("CREATE EXTERNAL TABLE js STORED AS JSON LOCATION '{}'", data("events.ndjson")))
            .await
            .unwrap();
        let lex = ctx.table("lex").await.unwrap();
        let js = ctx.table("js").await.unwrap();
        assert_eq!(lex.schema().as_arrow(), js.schema().as_arrow(), "inferred schemas ({name})");
        for (query, rows) in QUERIES {
            same(&ctx, query, *rows).await;
        }
        let plan = ctx.sql("SELECT count(*) FROM lex").await.unwrap().create_physical_plan().await.unwrap();
        let scan = scan_of(&plan);
        let (config, source) =
            scan.downcast_ref::<DataSourceExec>().unwrap().downcast_to_file_source::<JsonlexSource>().unwrap();
        assert_eq!(source.dialect(), dialect);
        assert!(config.file_groups.iter().flat_map(|g| g.iter()).all(|f| f.range.is_none()), "{name} is read whole");
        assert_eq!(through_the_codec(plan, &ctx).await.dialect(), dialect, "the codec keeps the dialect");
    }
    // An unknown dialect is an error naming the option.
    let e = session(1, false)
        .sql("CREATE EXTERNAL TABLE bad STORED AS JSONLEX LOCATION '/nowhere' OPTIONS ('dialect' 'yaml')")
        .await
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("dialect") && e.contains("json, jsonc or json5"), "{e}");
}

/// A directory of files of every layout NDJSON writers produce (CRLF line ends, no
/// line break at the end, an empty file, blank lines, keys in other orders and
/// missing, non-ASCII text), whole and cut into byte ranges: DataFusion's JSON answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_of_every_layout() {
    let dir = tempfile::tempdir().unwrap();
    let files: [(&str, &str); 5] = [
        ("a.json", "{\"id\": 1, \"name\": \"ann\", \"tags\": [\"x\"], \"u\": {\"c\": \"FR\"}}\r\n{\"id\": 2, \"name\": \"bob\", \"u\": {\"c\": \"DE\"}}\r\n"),
        ("b.json", "{\"name\": \"čeněk\", \"id\": 3, \"u\": {\"c\": \"CZ\", \"z\": 1}}\n{\"id\": 4}"),
        ("c.json", ""),
        ("d.json", "\n\n{\"id\": 5, \"name\": \"日本\", \"tags\": []}\n\n{\"u\": null, \"id\": 6}\n\n"),
        ("e.json", "{\"id\": 7, \"name\": \"quote \\\" and \\\\ and \\u00e9\", \"tags\": [\"a\", \"b\", null]}\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let location = format!("{}/", dir.path().display());
    for split in [false, true] {
        let ctx = session(3, split);
        tables(&ctx, &location, "").await;
        let lex = ctx.table("lex").await.unwrap();
        let js = ctx.table("js").await.unwrap();
        assert_eq!(lex.schema().as_arrow(), js.schema().as_arrow(), "inferred schemas");
        for (query, rows) in [
            ("SELECT * FROM {t} ORDER BY id", 7),
            ("SELECT count(*), count(name), count(tags), count(u) FROM {t}", 1),
            ("SELECT id, u['c'] AS c FROM {t} WHERE u['c'] IS NOT NULL ORDER BY c", 3),
            ("SELECT name FROM {t} WHERE name LIKE '%é%' OR name LIKE '日%' ORDER BY name", 2),
            ("SELECT id FROM {t} ORDER BY id DESC LIMIT 3", 3),
            ("SELECT array_length(tags) AS n, count(*) FROM {t} GROUP BY array_length(tags) ORDER BY n", 4),
        ] {
            same(&ctx, query, rows).await;
        }
    }
}
