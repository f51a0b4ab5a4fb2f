//! The `jsonlex` command line.
//!
//! - `jsonlex check [-v] [FILE...]`: exit 0 when every input is valid JSON, 1 when one
//!   is not (`FILE:LINE:COL: message` on stderr), 2 on usage or I/O errors (the other
//!   files are still checked). Quiet on success, as linters are; `-v` prints
//!   `FILE: ok` for each valid file and a summary line.
//! - `jsonlex fmt [FILE...]`: decode each input and print it again, one document after
//!   the other (compact unless the encoder flags say otherwise); the same exit codes.
//!   Strict JSON is re-encoded as it is read, in constant memory (`jsonlex::transcode_reader`):
//!   a bad document's output stops where the error is, on a line of its own. `--sort-keys`,
//!   the dialects and `--trailing-commas` decode each document whole first.
//!
//! - `--lines` (both): each line is a JSON document (NDJSON). Inputs are read in
//!   blocks, lines handled on `--jobs N` threads (default: every core); every bad line
//!   is reported and the others go on; `check` ends with a count of documents and
//!   invalid ones. Inputs over 64 MiB get a progress bar when stderr is a terminal.
//!   Strict JSON only (not with `--dialect` or `--trailing-commas`).
//!
//! Without FILE (or with `-`), standard input is read. `--dialect jsonc|json5` reads
//! JSON with comments or JSON5 instead (`fmt` still writes strict JSON).

mod lines;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use jsonlex::runtime::ser::{encode_to_writer_with, EncodeOptions};
use jsonlex::{BigInt, DecodeOptions, Dialect, InvalidUtf8, LoneSurrogate, NonFinite};

/// What an encoder flag's value looks like on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    /// `--flag` (= true) or `--flag=BOOL`.
    Bool,
    /// `--flag` or `--flag=N` (or `=true`/`=false`).
    OptionalNumber,
    /// `--flag N` or `--flag=N`, as jq's `--indent`.
    Number,
}

/// `fmt --help`'s text for each of [`EncodeOptions::FLAGS`], by flag name. A test
/// checks that every flag has an entry, so that a new flag cannot go undescribed.
const ENCODER_FLAGS: &[(&str, Takes, &str)] = &[
    ("php", Takes::Bool, "Reset every encoder flag to PHP json_encode's defaults (give it first)"),
    ("escape-unicode", Takes::Bool, "Write non-ASCII characters as \\uXXXX (PHP's default)"),
    ("escape-slashes", Takes::Bool, "Write / as \\/ (PHP's default)"),
    (
        "escape-line-terminators",
        Takes::Bool,
        "Write U+2028 and U+2029 as \\u2028 and \\u2029 even when unicode is not escaped (PHP's default)",
    ),
    ("hex-tag", Takes::Bool, "Write < and > as \\u003C and \\u003E (PHP's JSON_HEX_TAG)"),
    ("hex-amp", Takes::Bool, "Write & as \\u0026 (PHP's JSON_HEX_AMP)"),
    ("hex-apos", Takes::Bool, "Write ' as \\u0027 (PHP's JSON_HEX_APOS)"),
    ("hex-quot", Takes::Bool, "Write \" as \\u0022 (PHP's JSON_HEX_QUOT)"),
    ("preserve-zero-fraction", Takes::Bool, "Keep the .0 of integral floats (1.0, not 1); on unless --php"),
    ("pretty", Takes::OptionalNumber, "Pretty-print with N spaces (default 2, 4 after --php); =false: compact"),
    ("indent", Takes::Number, "Pretty-print with N spaces"),
    ("tab", Takes::Bool, "Indent with tabs"),
    ("sort-keys", Takes::Bool, "Sort object keys (holds each document whole in memory; fmt otherwise streams)"),
];

fn encoder_flag(name: &str) -> Option<(Takes, &'static str)> {
    ENCODER_FLAGS.iter().find(|&&(n, _, _)| n == name).map(|&(_, takes, help)| (takes, help))
}

fn decode_args() -> [Arg; 4] {
    [
        Arg::new("max-depth")
            .long("max-depth")
            .value_name("N")
            .value_parser(value_parser!(usize))
            .help("How deeply arrays and objects may nest [default: 512]"),
        Arg::new("invalid-utf8")
            .long("invalid-utf8")
            .value_name("MODE")
            .value_parser(["error", "substitute", "ignore"])
            .default_value("error")
            .help("Invalid UTF-8 in strings: reject, replace with U+FFFD, or drop"),
        Arg::new("lone-surrogate")
            .long("lone-surrogate")
            .value_name("MODE")
            .value_parser(["error", "substitute"])
            .default_value("error")
            .help("A \\uXXXX surrogate that is not part of a pair: reject or U+FFFD"),
        Arg::new("big-int")
            .long("big-int")
            .value_name("MODE")
            .value_parser(["float", "string"])
            .default_value("float")
            .help("Integers beyond 64 bits: nearest float, or a string of their digits"),
    ]
}

/// `--dialect` and what only dialects need.
fn dialect_args() -> [Arg; 3] {
    [
        Arg::new("dialect")
            .long("dialect")
            .value_name("DIALECT")
            .value_parser(Dialect::ALL.map(|d| d.name()))
            .default_value("json")
            .help("The input's grammar: strict JSON, JSON with // and /* */ comments, or JSON5"),
        Arg::new("non-finite")
            .long("non-finite")
            .value_name("MODE")
            .value_parser(["error", "null"])
            .help("JSON5's Infinity and NaN: reject, or write null [default: error for fmt; check accepts them]"),
        Arg::new("trailing-commas")
            .long("trailing-commas")
            .action(ArgAction::SetTrue)
            .help("Allow a comma after the last element or member (always on for JSON5)"),
    ]
}

/// The dialect, and the options with its flags (`non_finite`: the mode when
/// `--non-finite` is not given).
fn dialect_options(m: &ArgMatches, options: DecodeOptions, non_finite: NonFinite) -> (Dialect, DecodeOptions) {
    let dialect = m.get_one::<String>("dialect").and_then(|d| Dialect::from_name(d)).unwrap_or_default();
    let non_finite = match m.get_one::<String>("non-finite").map(String::as_str) {
        Some("null") => NonFinite::Null,
        Some(_) => NonFinite::Error,
        None => non_finite,
    };
    let options = options.non_finite(non_finite).trailing_commas(m.get_flag("trailing-commas"));
    (dialect, options)
}

fn validate_as(dialect: Dialect, input: &[u8], options: &DecodeOptions) -> Result<(), jsonlex::Error> {
    match dialect {
        Dialect::Json => jsonlex::validate_with(input, options),
        Dialect::Jsonc => jsonlex::jsonc::validate_with(input, options),
        Dialect::Json5 => jsonlex::json5::validate_with(input, options),
    }
}

fn decode_as(dialect: Dialect, input: &[u8], options: &DecodeOptions) -> Result<jsonlex::Value, jsonlex::Error> {
    match dialect {
        Dialect::Json => jsonlex::decode_with(input, options),
        Dialect::Jsonc => jsonlex::jsonc::decode_with(input, options),
        Dialect::Json5 => jsonlex::json5::decode_with(input, options),
    }
}

fn files_arg() -> Arg {
    Arg::new("files")
        .value_name("FILE")
        .num_args(0..)
        .action(ArgAction::Append)
        .help("Input files ('-' or none: standard input)")
}

fn lines_args() -> [Arg; 2] {
    [
        Arg::new("lines")
            .long("lines")
            .action(ArgAction::SetTrue)
            .conflicts_with_all(["dialect", "trailing-commas"])
            .help("Each line is a strict JSON document (NDJSON); report every bad line and go on"),
        Arg::new("jobs")
            .short('j')
            .long("jobs")
            .value_name("N")
            .value_parser(value_parser!(u32).range(1..))
            .help("Threads for --lines [default: every core]"),
    ]
}

fn ndjson_settings(m: &ArgMatches) -> jsonlex::ndjson::Ndjson {
    let jobs = m.get_one::<u32>("jobs").map_or(0, |&n| n as usize);
    jsonlex::ndjson::Ndjson::new().options(&decode_options(m)).jobs(jobs)
}

fn encoder_arg(name: &'static str) -> Arg {
    // A flag missing from ENCODER_FLAGS (a test catches that) still works, undescribed.
    let (takes, help) = encoder_flag(name).unwrap_or((Takes::OptionalNumber, ""));
    let arg = Arg::new(name)
        .long(name)
        .action(ArgAction::Append)
        .help(help)
        .help_heading("Encoder flags (applied in the order given)");
    match takes {
        Takes::Number => arg.value_name("N").num_args(1),
        Takes::Bool | Takes::OptionalNumber => arg
            .value_name(if takes == Takes::Bool { "BOOL" } else { "N" })
            .num_args(0..=1)
            .require_equals(true)
            .default_missing_value("true"),
    }
}

fn command() -> Command {
    let mut fmt = Command::new("fmt")
        .about("Decode JSON and print it again (compact by default), each input in order")
        .after_help(
            "Strict JSON is re-encoded as it is read, in constant memory; a bad document's output \
             stops where the error is. --sort-keys, --dialect and --trailing-commas decode each \
             document whole first.",
        )
        .arg(files_arg())
        .args(decode_args())
        .args(lines_args())
        .args(dialect_args());
    for name in EncodeOptions::FLAGS {
        fmt = fmt.arg(encoder_arg(name));
    }
    Command::new("jsonlex")
        .about("Check and reformat JSON with a lexer compiled from json-runtime/grammar/json.lex")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("check")
                .about("Exit 0 when every input is valid JSON, 1 when one is not (FILE:LINE:COL: message), 2 on errors")
                .arg(files_arg())
                .arg(
                    Arg::new("verbose")
                        .short('v')
                        .long("verbose")
                        .action(ArgAction::SetTrue)
                        .help("Print 'FILE: ok' for each valid input and a summary line"),
                )
                .args(decode_args())
                .args(lines_args())
                .args(dialect_args()),
        )
        .subcommand(fmt)
        .subcommand(forwarded("sql", "Run SQL over NDJSON files (runs jsonlex-sql: cargo install --path jsonlex-sql)"))
        .subcommand(forwarded(
            "convert",
            "NDJSON to Parquet or Arrow (runs jsonlex-sql: cargo install --path jsonlex-sql)",
        ))
}

/// A command that `jsonlex-sql` (DataFusion, a package of its own: long to compile)
/// carries out; every argument goes to it.
fn forwarded(name: &'static str, about: &'static str) -> Command {
    Command::new(name)
        .about(about)
        .disable_help_flag(true)
        .arg(Arg::new("args").num_args(0..).trailing_var_arg(true).allow_hyphen_values(true))
}

/// Runs `jsonlex-sql NAME ARGS...`: the one beside this binary (`cargo install` and
/// `cargo build` put both in one directory), else the one on the PATH.
fn forward(name: &str, m: &ArgMatches) -> ExitCode {
    let args = m.get_many::<String>("args").into_iter().flatten();
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(format!("jsonlex-sql{}", std::env::consts::EXE_SUFFIX))));
    let program =
        beside.filter(|p| p.exists()).map(Into::into).unwrap_or_else(|| std::ffi::OsString::from("jsonlex-sql"));
    match std::process::Command::new(&program).arg(name).args(args).status() {
        Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(0, 255) as u8)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            eprintln!("jsonlex {name}: needs the jsonlex-sql binary: cargo install --path jsonlex-sql");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("jsonlex {name}: running {}: {e}", program.to_string_lossy());
            ExitCode::from(2)
        }
    }
}

fn decode_options(m: &ArgMatches) -> DecodeOptions {
    let mut o = DecodeOptions::new();
    if let Some(&d) = m.get_one::<usize>("max-depth") {
        o = o.max_depth(d);
    }
    o = o.invalid_utf8(match m.get_one::<String>("invalid-utf8").map(String::as_str) {
        Some("substitute") => InvalidUtf8::Substitute,
        Some("ignore") => InvalidUtf8::Ignore,
        _ => InvalidUtf8::Error,
    });
    o = o.lone_surrogate(match m.get_one::<String>("lone-surrogate").map(String::as_str) {
        Some("substitute") => LoneSurrogate::Substitute,
        _ => LoneSurrogate::Error,
    });
    o.big_int(match m.get_one::<String>("big-int").map(String::as_str) {
        Some("string") => BigInt::String,
        _ => BigInt::Float,
    })
}

/// The encoder flags in command-line order.
fn encode_options(m: &ArgMatches) -> Result<EncodeOptions, String> {
    let mut given: Vec<(usize, &str, &str)> = Vec::new();
    for name in EncodeOptions::FLAGS {
        if let (Some(indices), Some(values)) = (m.indices_of(name), m.get_many::<String>(name)) {
            for (i, v) in indices.zip(values) {
                given.push((i, name, v));
            }
        }
    }
    given.sort_by_key(|&(i, _, _)| i);
    let mut o = EncodeOptions::new();
    for (_, name, value) in given {
        o.set_flag(name, Some(value))?;
    }
    Ok(o)
}

/// The inputs: the FILE arguments, or standard input (`None`) when there are none.
fn inputs(m: &ArgMatches) -> Vec<Option<&str>> {
    match m.get_many::<String>("files") {
        Some(files) => files.map(|f| Some(f.as_str())).collect(),
        None => vec![None],
    }
}

/// Reads a file, or standard input for `None` and `-`; the name to print with it.
fn read_input(path: Option<&str>) -> Result<(String, Vec<u8>), String> {
    match path {
        None | Some("-") => {
            let mut buf = Vec::new();
            io::stdin().lock().read_to_end(&mut buf).map_err(|e| format!("<stdin>: {e}"))?;
            Ok(("<stdin>".to_string(), buf))
        }
        Some(p) => std::fs::read(p).map(|b| (p.to_string(), b)).map_err(|e| format!("{p}: {e}")),
    }
}

/// An input to read as it comes: a file, or standard input for none or `-`.
fn open_input(path: Option<&str>) -> Result<(String, Box<dyn Read>), String> {
    match path {
        None | Some("-") => Ok(("<stdin>".to_string(), Box::new(io::stdin().lock()))),
        Some(p) => std::fs::File::open(p)
            .map(|f| (p.to_string(), Box::new(f) as Box<dyn Read>))
            .map_err(|e| format!("{p}: {e}")),
    }
}

fn report(name: &str, e: &jsonlex::Error) {
    eprintln!("{name}:{}:{}: {}", e.line(), e.column(), e.message());
}

/// How a run went: 2 when an input could not be read (or written), else 1 when one was
/// invalid, else 0.
#[derive(Default)]
struct Tally {
    files: usize,
    invalid: usize,
    unreadable: usize,
}

impl Tally {
    fn exit_code(&self) -> ExitCode {
        ExitCode::from(if self.unreadable > 0 {
            2
        } else if self.invalid > 0 {
            1
        } else {
            0
        })
    }

    fn summary(&self) -> String {
        let mut s = format!("{} file{}, {} invalid", self.files, if self.files == 1 { "" } else { "s" }, self.invalid);
        if self.unreadable > 0 {
            s += &format!(", {} unreadable", self.unreadable);
        }
        s
    }
}

fn check(m: &ArgMatches) -> ExitCode {
    let (dialect, options) = dialect_options(m, decode_options(m), NonFinite::Null);
    let verbose = m.get_flag("verbose");
    let mut tally = Tally::default();
    if m.get_flag("lines") {
        let mut counts = lines::LineTally::default();
        lines::check(&inputs(m), &ndjson_settings(m), &mut tally, &mut counts);
        println!("{}", counts.summary());
        if verbose {
            println!("{}", tally.summary());
        }
        return tally.exit_code();
    }
    // Strict JSON is checked as it is read, in constant memory (the dialects, and
    // trailing commas, need the whole input).
    let stream = dialect == Dialect::Json && !m.get_flag("trailing-commas");
    for file in inputs(m) {
        tally.files += 1;
        let checked = if stream {
            open_input(file).map(|(name, reader)| {
                let result = jsonlex::validate_reader_with(reader, &options);
                (name, result)
            })
        } else {
            read_input(file).map(|(name, bytes)| {
                let result = validate_as(dialect, &bytes, &options);
                (name, result)
            })
        };
        match checked {
            Ok((name, Ok(()))) => {
                if verbose {
                    println!("{name}: ok");
                }
            }
            // A read that failed part way (only the streamed path reads as it goes).
            Ok((name, Err(e))) if e.classify() == jsonlex::Category::Io => {
                eprintln!("jsonlex: {name}: {}", e.message());
                tally.unreadable += 1;
            }
            Ok((name, Err(e))) => {
                report(&name, &e);
                tally.invalid += 1;
            }
            Err(msg) => {
                eprintln!("jsonlex: {msg}");
                tally.unreadable += 1;
            }
        }
    }
    if verbose {
        println!("{}", tally.summary());
    }
    tally.exit_code()
}

fn fmt(m: &ArgMatches) -> ExitCode {
    let encode = match encode_options(m) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("jsonlex: {msg}");
            return ExitCode::from(2);
        }
    };
    let (dialect, options) = dialect_options(m, decode_options(m), NonFinite::Error);
    if m.get_flag("lines") {
        let mut tally = Tally::default();
        let mut counts = lines::LineTally::default();
        return match lines::fmt(&inputs(m), &ndjson_settings(m), &encode, &mut tally, &mut counts) {
            Ok(_) => {
                if counts.invalid > 0 {
                    eprintln!("{}", counts.summary());
                }
                tally.exit_code()
            }
            Err(e) => {
                eprintln!("jsonlex: <stdout>: {e}");
                ExitCode::from(2)
            }
        };
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    // Strict JSON is re-encoded as it is read (the dialects and trailing commas need
    // the whole input; `transcode_reader` itself decodes whole for `--sort-keys`).
    let stream = dialect == Dialect::Json && !m.get_flag("trailing-commas");
    for file in inputs(m) {
        tally.files += 1;
        if stream {
            match fmt_stream(file, &mut out, &options, &encode, &mut tally) {
                Ok(()) => continue,
                // A closed pipe (`jsonlex fmt big.json | head`) is not worth a message,
                // nor the rest of the inputs.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
                Err(e) => {
                    eprintln!("jsonlex: <stdout>: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        let (name, bytes) = match read_input(file) {
            Ok(input) => input,
            Err(msg) => {
                eprintln!("jsonlex: {msg}");
                tally.unreadable += 1;
                continue;
            }
        };
        let value = match decode_as(dialect, &bytes, &options) {
            Ok(v) => v,
            Err(e) => {
                report(&name, &e);
                tally.invalid += 1;
                continue;
            }
        };
        // Flushed after each document, so that an error message about the next input
        // comes after this one's output.
        let written = encode_to_writer_with(&mut out, &value, &encode).and_then(|()| {
            out.write_all(b"\n")?;
            out.flush()
        });
        match written {
            Ok(()) => {}
            // A closed pipe (`jsonlex fmt big.json | head`) is not worth a message, nor
            // the rest of the inputs.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
            Err(e) => {
                eprintln!("jsonlex: <stdout>: {e}");
                return ExitCode::from(2);
            }
        }
    }
    tally.exit_code()
}

/// `fmt` of one input as it is read: a bad document or a failed read is reported and
/// counted (what was written of it ends its line); a failed write is returned.
fn fmt_stream<W: Write>(
    file: Option<&str>,
    out: &mut W,
    options: &DecodeOptions,
    encode: &EncodeOptions,
    tally: &mut Tally,
) -> io::Result<()> {
    let (name, reader) = match open_input(file) {
        Ok(input) => input,
        Err(msg) => {
            eprintln!("jsonlex: {msg}");
            tally.unreadable += 1;
            return Ok(());
        }
    };
    let mut watched = Watched { inner: &mut *out, written: 0, failed: None };
    let result = jsonlex::transcode_reader(reader, &mut watched, options, encode);
    if let Some(e) = watched.failed.take() {
        return Err(e);
    }
    let written = watched.written;
    // Flushed after each document, so that an error message about the next input
    // comes after this one's output.
    if result.is_ok() || written > 0 {
        out.write_all(b"\n")?;
    }
    out.flush()?;
    match result {
        Ok(()) => {}
        Err(e) if e.classify() == jsonlex::Category::Io => {
            eprintln!("jsonlex: {name}: {}", e.message());
            tally.unreadable += 1;
        }
        Err(e) => {
            report(&name, &e);
            tally.invalid += 1;
        }
    }
    Ok(())
}

/// A writer that remembers its first failure (to tell a failed write from a failed
/// read, both I/O errors of the transcoder) and counts what it was given.
struct Watched<W> {
    inner: W,
    written: u64,
    failed: Option<io::Error>,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.inner.write(buf) {
            Ok(n) => {
                self.written += n as u64;
                Ok(n)
            }
            Err(e) => Err(self.fail(e)),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.fail(e))
    }
}

impl<W> Watched<W> {
    /// Keeps `e` (the first failure) and gives the transcoder a copy of it.
    fn fail(&mut self, e: io::Error) -> io::Error {
        let copy = io::Error::new(e.kind(), e.to_string());
        if e.kind() != io::ErrorKind::Interrupted {
            self.failed.get_or_insert(e);
        }
        copy
    }
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            // Help and version are not errors.
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match matches.subcommand() {
        Some(("check", m)) => check(m),
        Some(("fmt", m)) => fmt(m),
        Some((name @ ("sql" | "convert"), m)) => forward(name, m),
        _ => ExitCode::from(2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn every_encoder_flag_is_described() {
        for name in EncodeOptions::FLAGS {
            let (_, help) = encoder_flag(name).unwrap_or_else(|| panic!("--{name} has no entry in ENCODER_FLAGS"));
            assert!(!help.trim().is_empty(), "--{name} has an empty description");
        }
    }

    #[test]
    fn summary_line() {
        let t = Tally { files: 3, invalid: 1, unreadable: 0 };
        assert_eq!(t.summary(), "3 files, 1 invalid");
        let t = Tally { files: 1, invalid: 0, unreadable: 1 };
        assert_eq!(t.summary(), "1 file, 0 invalid, 1 unreadable");
    }
}
