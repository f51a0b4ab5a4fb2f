//! `json-lexgen GRAMMAR [-o OUT.rs] [--stats] [--dot OUT.dot] [--no-unsafe] [--no-simd] [--streaming] [--trace]`
//!
//! Compiles a grammar into a Rust lexer. Errors print `file:line:col: error: message` and
//! exit with status 1 (as does a `--runtime` that is not a Rust path); an unreadable file
//! or a bad command line exits with status 2.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

/// Compile a token grammar (.lex) into a Rust lexer.
#[derive(Parser, Debug)]
#[command(name = "json-lexgen", version, about)]
struct Args {
    /// The grammar file.
    grammar: PathBuf,
    /// Write the lexer here (default: standard output).
    #[arg(short, long, value_name = "OUT.rs")]
    output: Option<PathBuf>,
    /// Print states, transitions, loop states and their byte classes to standard error.
    #[arg(long)]
    stats: bool,
    /// Write the automata for Graphviz.
    #[arg(long, value_name = "OUT.dot")]
    dot: Option<PathBuf>,
    /// Generate code without `unsafe` blocks.
    #[arg(long)]
    no_unsafe: bool,
    /// Generate the plain DFA, without SIMD skip hooks.
    #[arg(long)]
    no_simd: bool,
    /// Also generate a streaming lexer (`NameStream`, a `json_runtime::lex::StreamLexer`)
    /// for input that arrives in pieces.
    #[arg(long)]
    streaming: bool,
    /// Generate a lexer that prints each state it enters and each rule it chooses to
    /// standard error (re2c's -d; for debugging a grammar).
    #[arg(long)]
    trace: bool,
    /// Path to the runtime crate in the generated code.
    #[arg(long, value_name = "PATH", default_value = "::json_runtime")]
    runtime: String,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let config = json_lexgen::Config::new()
        .unsafe_code(!args.no_unsafe)
        .simd(!args.no_simd)
        .streaming(args.streaming)
        .trace(args.trace)
        .runtime_path(args.runtime.clone());
    let generated = match json_lexgen::Builder::new().configure(config).build_from_file(&args.grammar) {
        Ok(g) => g,
        Err(e) if e.has(json_lexgen::DiagnosticKind::Option) => {
            // The only generator option that can be malformed is the runtime path: name
            // the flag rather than the grammar file.
            for d in e.diagnostics() {
                eprintln!("json-lexgen: error: --runtime: {}", d.message);
            }
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("{e}");
            return if e.is_io() { ExitCode::from(2) } else { ExitCode::from(1) };
        }
    };
    let file = args.grammar.display().to_string();
    for w in generated.warnings() {
        eprintln!("{}", w.render(&file));
    }
    if args.stats {
        eprintln!("{}", generated.stats());
    }
    if let Some(dot) = &args.dot {
        if let Err(e) = std::fs::write(dot, generated.dot()) {
            eprintln!("{}: error: cannot write: {e}", dot.display());
            return ExitCode::from(2);
        }
    }
    let written = match &args.output {
        Some(out) => generated.write_to_file(out).map_err(|e| format!("{}: error: cannot write: {e}", out.display())),
        None => {
            print!("{}", generated.to_file_string());
            Ok(())
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
