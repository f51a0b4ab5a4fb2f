//! The `jsonlex` command line.
//!
//! - `jsonlex check [FILE...]`: exit 0 when every input is valid JSON, 1 when one is not
//!   (`FILE:LINE:COL: message` on stderr), 2 on usage or I/O errors.
//! - `jsonlex fmt [FILE]`: decode and print the JSON again (compact unless the encoder
//!   flags say otherwise).
//!
//! Without FILE (or with `-`), standard input is read.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use jsonlex::runtime::ser::{encode_to_writer_with, EncodeOptions};
use jsonlex::{BigInt, DecodeOptions, InvalidUtf8, LoneSurrogate};

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

fn command() -> Command {
    let mut fmt = Command::new("fmt")
        .about("Decode JSON and print it again (compact by default)")
        .arg(Arg::new("file").value_name("FILE").help("Input file ('-' or none: standard input)"))
        .args(decode_args());
    for name in EncodeOptions::FLAGS {
        fmt = fmt.arg(
            Arg::new(name)
                .long(name)
                .value_name("VALUE")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("true")
                .action(ArgAction::Append)
                .help_heading("Encoder flags (applied in the order given)"),
        );
    }
    Command::new("jsonlex")
        .about("Check and reformat JSON with a lexer compiled from grammar/json.lex")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            Command::new("check")
                .about("Exit 0 when every input is valid JSON, 1 when one is not (FILE:LINE:COL: message), 2 on errors")
                .arg(
                    Arg::new("files")
                        .value_name("FILE")
                        .num_args(0..)
                        .action(ArgAction::Append)
                        .help("Input files ('-' or none: standard input)"),
                )
                .args(decode_args()),
        )
        .subcommand(fmt)
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

fn report(name: &str, e: &jsonlex::Error) {
    eprintln!("{name}:{}:{}: {}", e.line(), e.column(), e.message());
}

fn check(m: &ArgMatches) -> ExitCode {
    let options = decode_options(m);
    let files: Vec<Option<&str>> = match m.get_many::<String>("files") {
        Some(files) => files.map(|f| Some(f.as_str())).collect(),
        None => vec![None],
    };
    let (mut invalid, mut failed) = (false, false);
    for file in files {
        match read_input(file) {
            Ok((name, bytes)) => {
                if let Err(e) = jsonlex::validate_with(&bytes, &options) {
                    report(&name, &e);
                    invalid = true;
                }
            }
            Err(msg) => {
                eprintln!("jsonlex: {msg}");
                failed = true;
            }
        }
    }
    ExitCode::from(if failed { 2 } else { invalid as u8 })
}

fn fmt(m: &ArgMatches) -> ExitCode {
    let encode = match encode_options(m) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("jsonlex: {msg}");
            return ExitCode::from(2);
        }
    };
    let (name, bytes) = match read_input(m.get_one::<String>("file").map(String::as_str)) {
        Ok(input) => input,
        Err(msg) => {
            eprintln!("jsonlex: {msg}");
            return ExitCode::from(2);
        }
    };
    let value = match jsonlex::decode_with(&bytes, &decode_options(m)) {
        Ok(v) => v,
        Err(e) => {
            report(&name, &e);
            return ExitCode::from(1);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = encode_to_writer_with(&mut out, &value, &encode).and_then(|()| {
        out.write_all(b"\n")?;
        out.flush()
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`jsonlex fmt big.json | head`) is not worth a message.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jsonlex: <stdout>: {e}");
            ExitCode::from(2)
        }
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
        _ => ExitCode::from(2),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_is_well_formed() {
        super::command().debug_assert();
    }
}
