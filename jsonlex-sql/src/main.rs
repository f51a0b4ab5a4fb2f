//! `jsonlex-sql`: SQL over NDJSON files with DataFusion and the jsonlex format
//! (`sql`), and NDJSON to Parquet or Arrow IPC files (`convert`).

mod convert;
mod sql;

use std::process::ExitCode;

use clap::{value_parser, Arg, ArgAction, Command};

fn command() -> Command {
    Command::new("jsonlex-sql")
        .about("SQL over NDJSON files (DataFusion on jsonlex-arrow), and NDJSON to Parquet or Arrow")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("sql")
                .about("Run a query; each FILE is a table named after it (events.ndjson: events)")
                .after_help(
                    "Tables: FILE (a table named after the file name before its first '.'), or \
                     -t NAME=PATH (a file, a directory ending in '/', or a glob such as 'logs/*.ndjson'). \
                     Files ending in .gz, .zst, .bz2 or .xz are decompressed.\n\n\
                     Example: jsonlex-sql sql \"SELECT level, count(*) FROM events GROUP BY level\" events.ndjson",
                )
                .arg(Arg::new("query").required(true).help("The SQL (one statement, or several separated by ';')"))
                .arg(Arg::new("files").num_args(0..).value_name("FILE").help("NDJSON files, each a table"))
                .arg(
                    Arg::new("table")
                        .short('t')
                        .long("table")
                        .value_name("NAME=PATH")
                        .action(ArgAction::Append)
                        .help("A table of the files at PATH"),
                )
                .arg(
                    Arg::new("format")
                        .short('f')
                        .long("format")
                        .value_parser(["table", "csv", "ndjson"])
                        .default_value("table")
                        .help("How the result is printed"),
                )
                .arg(
                    Arg::new("partitions")
                        .long("partitions")
                        .value_parser(value_parser!(usize))
                        .help("Partitions (threads) of the scans (default: the cores)"),
                )
                .arg(
                    Arg::new("skip-bad-lines")
                        .long("skip-bad-lines")
                        .action(ArgAction::SetTrue)
                        .help("Drop malformed lines instead of failing"),
                )
                .arg(dialect_arg()),
        )
        .subcommand(
            Command::new("convert")
                .about("Write NDJSON as Parquet (.parquet) or an Arrow IPC file (.arrow, .ipc)")
                .after_help(
                    "The schema is inferred from the first --infer-records records; a later key that \
                     is not in it is an error naming its line (never dropped): raise --infer-records, \
                     or 0 to read the whole input for the schema first.",
                )
                .arg(
                    Arg::new("input")
                        .required(true)
                        .value_name("IN")
                        .help("An NDJSON file (.gz, .zst, .bz2, .xz decompressed)"),
                )
                .arg(
                    Arg::new("output")
                        .short('o')
                        .long("output")
                        .required(true)
                        .value_name("OUT")
                        .help("OUT.parquet or OUT.arrow"),
                )
                .arg(
                    Arg::new("infer-records")
                        .long("infer-records")
                        .value_parser(value_parser!(usize))
                        .default_value("1000")
                        .help("Records to infer the schema from (0: all)"),
                )
                .arg(
                    Arg::new("batch-size")
                        .long("batch-size")
                        .value_parser(value_parser!(usize))
                        .default_value("8192")
                        .help("Rows per record batch (and Parquet write)"),
                )
                .arg(
                    Arg::new("compression")
                        .long("compression")
                        .value_parser(["snappy", "zstd", "none"])
                        .default_value("snappy")
                        .help("Parquet page compression"),
                )
                .arg(dialect_arg())
                .arg(Arg::new("quiet").short('q').long("quiet").action(ArgAction::SetTrue).help("No progress bar")),
        )
}

/// `--dialect json|jsonc|json5`: the input's (jsonlex-arrow's dialects).
fn dialect_arg() -> Arg {
    Arg::new("dialect")
        .long("dialect")
        .value_parser(jsonlex_arrow::Dialect::ALL.map(|d| d.name()))
        .default_value("json")
        .help("The input's dialect: JSON, JSONC (comments) or JSON5")
}

/// The dialect `--dialect` names.
pub(crate) fn dialect_of(m: &clap::ArgMatches) -> jsonlex_arrow::Dialect {
    m.get_one::<String>("dialect").and_then(|d| jsonlex_arrow::Dialect::from_name(d)).unwrap_or_default()
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match matches.subcommand() {
        Some(("sql", m)) => sql::run(m),
        Some(("convert", m)) => convert::run(m),
        _ => return ExitCode::from(2),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jsonlex-sql: {e}");
            ExitCode::from(1)
        }
    }
}

/// The compression a file name's extension says.
pub(crate) fn compression_of(
    path: &str,
) -> datafusion::datasource::file_format::file_compression_type::FileCompressionType {
    use datafusion::datasource::file_format::file_compression_type::FileCompressionType;
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".gz") {
        FileCompressionType::GZIP
    } else if lower.ends_with(".zst") {
        FileCompressionType::ZSTD
    } else if lower.ends_with(".bz2") {
        FileCompressionType::BZIP2
    } else if lower.ends_with(".xz") {
        FileCompressionType::XZ
    } else {
        FileCompressionType::UNCOMPRESSED
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_is_well_formed() {
        super::command().debug_assert();
    }
}
