//! One query over one NDJSON file with one format, timed: the process that
//! `benches/datafusion.sh` runs in turns, jsonlex then DataFusion's JSON, under
//! `/usr/bin/time -v` for the peak RSS.
//!
//!     cargo bench -p jsonlex-datafusion --bench queries -- FILE jsonlex|json QUERY ROUNDS
//!
//! QUERY: `count`, `group` (GROUP BY a nested field) or `filter` (a string filter).
//! Prints one line per round: `FORMAT QUERY SECONDS ROWS`. The schema is inferred once,
//! before the rounds (each format its own way), and not timed.

use std::time::Instant;

use datafusion::prelude::{SessionConfig, SessionContext};

const QUERIES: &[(&str, &str)] = &[
    ("count", "SELECT count(*) FROM t"),
    ("group", "SELECT get_field(t.\"user\", 'country'), count(*), avg(latency_ms) FROM t GROUP BY get_field(t.\"user\", 'country')"),
    ("filter", "SELECT count(*) FROM t WHERE msg LIKE '%timeout%' AND level = 'ERROR'"),
];

#[tokio::main]
async fn main() -> datafusion::common::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let [file, format, query, rounds] = &args[..] else {
        eprintln!("usage: queries FILE jsonlex|json count|group|filter ROUNDS");
        std::process::exit(2);
    };
    let sql = QUERIES.iter().find(|q| q.0 == query).expect("a known query").1;
    let rounds: usize = rounds.parse().expect("a number of rounds");
    let ctx = SessionContext::new_with_config(SessionConfig::new());
    jsonlex_datafusion::register_jsonlex_format(&ctx)?;
    let stored = if format == "jsonlex" { "JSONLEX" } else { "JSON" };
    ctx.sql(&format!("CREATE EXTERNAL TABLE t STORED AS {stored} LOCATION '{file}'")).await?;
    for _ in 0..rounds {
        let start = Instant::now();
        let batches = ctx.sql(sql).await?.collect().await?;
        let seconds = start.elapsed().as_secs_f64();
        let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
        println!("{format} {query} {seconds:.4} {rows}");
    }
    Ok(())
}
