//! `jsonlex-sql sql`: tables from files, one query, its result as a table, CSV or NDJSON.

use std::io::Write;

use clap::ArgMatches;
use datafusion::arrow::csv::WriterBuilder;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use jsonlex_datafusion::{register_jsonlex, register_jsonlex_format, JsonlexOptions};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The table name of a file: its name up to the first '.', lower case, other
/// characters than letters, digits and '_' made '_' (`logs/2024-01.ndjson.gz`: `_2024_01`).
pub(crate) fn table_name(path: &str) -> String {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let stem = file.split('.').next().unwrap_or(file);
    let mut name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c.to_ascii_lowercase() } else { '_' })
        .collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}

pub(crate) fn run(m: &ArgMatches) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(query(m))
}

async fn query(m: &ArgMatches) -> Result<(), Error> {
    let mut config = SessionConfig::new();
    if let Some(&n) = m.get_one::<usize>("partitions") {
        config = config.with_target_partitions(n.max(1));
    }
    let ctx = SessionContext::new_with_config(config);
    register_jsonlex_format(&ctx)?;
    let skip = m.get_flag("skip-bad-lines");
    let mut tables: Vec<(String, String)> = Vec::new();
    for file in m.get_many::<String>("files").into_iter().flatten() {
        tables.push((table_name(file), file.clone()));
    }
    for spec in m.get_many::<String>("table").into_iter().flatten() {
        let (name, path) = spec.split_once('=').ok_or_else(|| format!("-t {spec}: expected NAME=PATH"))?;
        tables.push((name.to_string(), path.to_string()));
    }
    for (name, path) in &tables {
        let options = JsonlexOptions::new()
            .with_compression(crate::compression_of(path))
            .with_skip_bad_records(skip)
            .with_dialect(crate::dialect_of(m));
        register_jsonlex(&ctx, name, path, options).await.map_err(|e| format!("table {name} ({path}): {e}"))?;
    }
    let sql = m.get_one::<String>("query").expect("required");
    let statements: Vec<&str> = sql.split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
    let format = m.get_one::<String>("format").map(String::as_str).unwrap_or("table");
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for statement in statements {
        let frame = ctx.sql(statement).await?;
        match format {
            "table" => {
                let batches = frame.collect().await?;
                if !batches.is_empty() {
                    writeln!(out, "{}", pretty_format_batches(&batches)?)?;
                }
            }
            "csv" => {
                let mut stream = frame.execute_stream().await?;
                let mut writer = WriterBuilder::new().with_header(true).build(&mut out);
                while let Some(batch) = stream.next().await {
                    writer.write(&batch?)?;
                }
            }
            _ => {
                let mut stream = frame.execute_stream().await?;
                let mut writer = LineDelimitedWriter::new(&mut out);
                while let Some(batch) = stream.next().await {
                    writer.write(&batch?)?;
                }
                writer.finish()?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::table_name;

    #[test]
    fn table_names() {
        assert_eq!(table_name("events.ndjson"), "events");
        assert_eq!(table_name("logs/Web-Access.log.json.gz"), "web_access");
        assert_eq!(table_name("/tmp/2024-01.ndjson"), "_2024_01");
    }
}
