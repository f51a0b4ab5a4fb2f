//! json-lexgen compiles a token grammar into a Rust lexer.
//!
//! [`Builder`] runs the pipeline with the options of a [`Config`] and returns the
//! [`Generated`] lexer (its tokens for a macro, a formatted file for a build script, its
//! [`Stats`] and its automata as Graphviz text) or an [`Error`] made of
//! [`Diagnostic`]s, each pointing at the grammar's line and column. The `json-lexgen`
//! binary and the `json_lexer!` macro are thin shells over it.
//!
//! ```
//! let grammar = r#"
//!     %name Words;
//!     [a-z]+   => Word;
//!     [0-9]+   => Number;
//!     [ \n]+   => skip;
//! "#;
//! let lexer = json_lexgen::Builder::new().build_from_str(grammar).unwrap();
//! let code = lexer.to_file_string();
//! assert!(code.contains("pub struct Words<'a>"));
//! assert!(code.contains("pub enum WordsToken"));
//! ```
//!
//! The grammar language is documented in `docs/grammar.md`.
//!
//! # Inside
//!
//! The path from grammar to code, one module each (all internal):
//!
//! 1. `parse`: grammar text → `grammar::Grammar` (rules with spans, regexes as
//!    `regex_syntax::hir::Hir`).
//! 2. `automaton`: per start condition, a regex-automata DFA (byte mode,
//!    `MatchKind::All`, anchored, minimized) turned into our own state graph.
//! 3. `analysis`: self-loops and their byte classes (`byteset::ByteSet`), SIMD skip
//!    hooks, shadowed rules, uncovered bytes.
//! 4. `codegen`: the state graphs → Rust (`proc_macro2::TokenStream`), one file per
//!    concern: the lexer's template, the state loop, per-state dispatch, inlining,
//!    self-loops and hooks, token ends, input reads, `unsafe` blocks.
//!
//! A second front-end, [`logos`], reads a `#[derive(Logos)]` enum with logos 0.16's
//! meaning into the same grammar IR (the `jsonlex-logos` crate is its runtime).
//!
//! Beside them: `diagnostic` and `span` (what errors say and where), `stats`
//! (`--stats`), `dot` (`--dot`).

mod analysis;
mod automaton;
mod byteset;
mod codegen;
mod diagnostic;
mod dot;
mod grammar;
pub mod logos;
mod parse;
mod promise;
mod span;
mod stats;

pub use automaton::{Limit, Limits};
pub use diagnostic::{Diagnostic, DiagnosticKind, Severity};
pub use span::Span;
pub use stats::{ConditionStats, HookKernel, LoopStats, Stats, TableStats};

/// Not public API: the parsed grammar, for this workspace's differential test, whose
/// reference tokenizer builds its own DFAs from the grammar's regexes. May change in
/// any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::grammar::{Action, Grammar, OnError, Pattern, Trailing, Transition};
    pub use crate::parse::parse;
}

use analysis::Analysis;
use automaton::Automaton;
use grammar::Grammar;
use proc_macro2::TokenStream;
use std::fmt;
use std::path::{Path, PathBuf};

/// Options of generation, separate from the [`Builder`] that applies them.
#[derive(Clone, Debug)]
pub struct Config {
    unsafe_code: bool,
    simd: bool,
    streaming: bool,
    trace: bool,
    runtime: RuntimePath,
    backend: BackendChoice,
    limits: Limits,
    /// Set by the logos front-end: the code is the `jsonlex-logos` facade's impls.
    logos: Option<std::rc::Rc<logos::Host>>,
}

/// How the states of the automata become code: [`Config::backend`], or the grammar's
/// `%backend` directive.
///
/// A state is either straight Rust code (its own `match` on the next byte, the fastest
/// form) or a row of its condition's transition table, which one small loop per
/// condition runs (byte classes, rows compressed against each other: the code grows
/// with the number of states only through the tables' numbers). Hot states stay code
/// in every mode but [`BackendChoice::TablesOnly`]: the start state, states that loop
/// on themselves (string bodies, digits, identifiers, whitespace, with their unrolled
/// loops and SIMD hooks) and the start state's successors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BackendChoice {
    /// Code for every state of a condition of at most [`BackendChoice::AUTO_TABLES_ABOVE`]
    /// states; above that, as many code states (the hot ones, then those nearest a
    /// token's start, breadth first: a keyword trie's first levels) and tables for the
    /// rest. The default; `%backend auto;`.
    #[default]
    Auto,
    /// Every state as code, whatever the grammar's size. `%backend code;`.
    Code,
    /// Hot states as code, the others as tables, whatever the grammar's size.
    /// `%backend tables;`.
    Tables,
    /// Every state but the start state as tables: the smallest code; self-loops lose
    /// their unrolled loops and SIMD hooks. `%backend tables_only;`.
    TablesOnly,
}

impl BackendChoice {
    /// Under [`BackendChoice::Auto`], a condition with more states than this gets tables
    /// for its cold states.
    pub const AUTO_TABLES_ABOVE: usize = 256;

    /// The directive's spelling of each choice.
    pub(crate) const NAMES: [(&'static str, BackendChoice); 4] = [
        ("auto", BackendChoice::Auto),
        ("code", BackendChoice::Code),
        ("tables", BackendChoice::Tables),
        ("tables_only", BackendChoice::TablesOnly),
    ];
}

/// How generated code names the runtime crate: text from a user (checked when the
/// grammar is built) or tokens from a macro (which may hold `$crate`).
#[derive(Clone, Debug)]
enum RuntimePath {
    Text(String),
    Tokens(TokenStream),
}

impl Default for Config {
    fn default() -> Config {
        Config {
            unsafe_code: true,
            simd: true,
            streaming: false,
            trace: false,
            runtime: RuntimePath::Text("::json_runtime".to_string()),
            backend: BackendChoice::Auto,
            limits: Limits::default(),
            logos: None,
        }
    }
}

impl Config {
    /// The defaults: `unsafe` allowed where a bound was proven, SIMD skip hooks on,
    /// runtime at `::json_runtime`.
    pub fn new() -> Config {
        Config::default()
    }

    /// Allow (`true`, the default) or forbid `unsafe` blocks in the generated code.
    /// Without them, every byte read is a checked `get`; the lexer is then free of
    /// `unsafe` and still has no panic path.
    pub fn unsafe_code(mut self, yes: bool) -> Config {
        self.unsafe_code = yes;
        self
    }

    /// Insert SIMD skip hooks (`true`, the default) on the loop states where they pay
    /// (long runs of one byte class, such as string bodies); `false` generates the plain
    /// DFA.
    pub fn simd(mut self, yes: bool) -> Config {
        self.simd = yes;
        self
    }

    /// How states become code (default [`BackendChoice::Auto`]: by the size of each
    /// condition). A choice other than `Auto` overrides the grammar's `%backend`
    /// directive; under `Auto` the directive, if any, decides.
    pub fn backend(mut self, choice: BackendChoice) -> Config {
        self.backend = choice;
        self
    }

    /// The backend for `grammar`: this config's, else the grammar's directive.
    pub(crate) fn backend_for(&self, grammar: &Grammar) -> BackendChoice {
        match (self.backend, &grammar.backend) {
            (BackendChoice::Auto, Some(named)) => BackendChoice::NAMES
                .iter()
                .find(|(name, _)| *name == named.name)
                .map_or(BackendChoice::Auto, |&(_, choice)| choice),
            (choice, _) => choice,
        }
    }

    /// Also emit a streaming lexer (`false` by default): beside the slice lexer `Name`,
    /// a type `NameStream` that implements `json_runtime::lex::StreamLexer`. It lexes
    /// input that arrives in pieces: `next_token(buf, base, eof)` answers
    /// `Step::NeedMore` where the buffer ends before a token can be decided, and is
    /// called again, from the same token's start, once the caller has appended bytes
    /// (`json_runtime::lex::ReadLexer` drives it over a `std::io::Read`). The slice
    /// lexer's code is the same either way. See "Streaming" in `docs/grammar.md`.
    pub fn streaming(mut self, yes: bool) -> Config {
        self.streaming = yes;
        self
    }

    /// Trace mode (`false` by default; re2c's `-d`): the lexer prints each state it
    /// enters (with the offset and the byte there) and each rule it chooses (with the
    /// token's span) to standard error, one line each, as `Name COND: state 4 at 17,
    /// byte '1'` and `Name COND: rule 9 (json.lex:44): Integer, 16..18`. The state
    /// numbers are those of the code's `// state N` notes and of [`Generated::dot`].
    /// For debugging a grammar: it needs `std`, and it is slow. See "Reading the
    /// generated code" in `docs/grammar.md`.
    pub fn trace(mut self, yes: bool) -> Config {
        self.trace = yes;
        self
    }

    /// The path generated code uses to reach the runtime crate (default `::json_runtime`),
    /// e.g. `::jsonlex::runtime` for a crate that depends on `jsonlex` only.
    /// A text that is not a Rust path makes [`Builder`] fail with a
    /// [`DiagnosticKind::Option`] error.
    pub fn runtime_path(mut self, path: impl Into<String>) -> Config {
        self.runtime = RuntimePath::Text(path.into());
        self
    }

    /// The runtime path as tokens, for macros: a `macro_rules!` wrapper can pass
    /// `$crate::runtime`, which no string can spell. Checked as [`Config::runtime_path`] is.
    pub fn runtime_path_tokens(mut self, path: TokenStream) -> Config {
        self.runtime = RuntimePath::Tokens(path);
        self
    }

    /// Set a limit on what the generator builds (defaults: [`Limit::default_value`]);
    /// exceeding one is a [`DiagnosticKind::Limit`] error. A grammar's own
    /// `%limit NAME N;` directive wins over this.
    pub fn limit(mut self, limit: Limit, value: usize) -> Config {
        self.limits.set(limit, value);
        self
    }

    /// The logos front-end's enum: generate its facade impls (see `logos`).
    pub(crate) fn logos_host(mut self, host: logos::Host) -> Config {
        self.logos = Some(std::rc::Rc::new(host));
        self
    }

    /// The logos front-end's enum, when generating for it.
    pub(crate) fn logos(&self) -> Option<&logos::Host> {
        self.logos.as_deref()
    }

    /// The limits set so far (without a grammar's directives).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The runtime path as a `syn::Path`, or the diagnostic that says why it is not one.
    pub(crate) fn runtime(&self) -> Result<syn::Path, Diagnostic> {
        let (parsed, shown) = match &self.runtime {
            RuntimePath::Text(text) => (syn::parse_str::<syn::Path>(text), text.clone()),
            RuntimePath::Tokens(tokens) => (syn::parse2::<syn::Path>(tokens.clone()), tokens.to_string()),
        };
        parsed.map_err(|e| {
            Diagnostic::error(
                DiagnosticKind::Option,
                Span::default(),
                format!("the runtime path '{shown}' is not a Rust path ({e}); expected one like '::json_runtime'"),
            )
        })
    }
}

/// Runs the pipeline: grammar → automata → analysis → code.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    config: Config,
}

impl Builder {
    /// A builder with the default [`Config`].
    pub fn new() -> Builder {
        Builder::default()
    }

    /// Use these options.
    pub fn configure(mut self, config: Config) -> Builder {
        self.config = config;
        self
    }

    /// Compile the grammar in `path`. Errors name the file.
    pub fn build_from_file(&self, path: impl AsRef<Path>) -> Result<Generated, Error> {
        let path = path.as_ref();
        let source = std::fs::read_to_string(path).map_err(|e| Error {
            file: Some(path.to_path_buf()),
            diagnostics: vec![Diagnostic::error(
                DiagnosticKind::Io,
                Span::default(),
                format!("cannot read grammar file '{}': {e}", path.display()),
            )],
        })?;
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        self.build(&source, &name).map_err(|mut e| {
            e.file = Some(path.to_path_buf());
            e
        })
    }

    /// Compile grammar text.
    pub fn build_from_str(&self, source: &str) -> Result<Generated, Error> {
        self.build(source, "<grammar>")
    }

    /// Compile grammar text that the code's notes call `name` (`// rule 13 (name:50)`).
    fn build(&self, source: &str, name: &str) -> Result<Generated, Error> {
        let fail = |diagnostics: Vec<Diagnostic>| Error { file: None, diagnostics };
        // A bad option is reported before the grammar is parsed.
        self.config.runtime().map_err(|d| fail(vec![d]))?;
        let grammar = parse::parse(source).map_err(fail)?;
        self.build_grammar(grammar, name)
    }

    /// Compile a grammar already parsed (or built by a front-end such as `logos`).
    pub(crate) fn build_grammar(&self, grammar: Grammar, name: &str) -> Result<Generated, Error> {
        let fail = |diagnostics: Vec<Diagnostic>| Error { file: None, diagnostics };
        let value_errors = codegen::values::check(&grammar);
        if !value_errors.is_empty() {
            return Err(fail(value_errors));
        }
        let mut limits = self.config.limits;
        for &(limit, value, _) in &grammar.limits {
            limits.set(limit, value);
        }
        let automata = automaton::build(&grammar, &limits).map_err(|d| fail(vec![d]))?;
        // logos lets a lower priority lose everywhere; a `.lex` grammar may not.
        let unreachable = match self.config.logos {
            Some(_) => Vec::new(),
            None => analysis::unreachable_rules(&grammar, &automata),
        };
        if !unreachable.is_empty() {
            return Err(fail(unreachable));
        }
        let broken = promise::check(&grammar, &automata);
        if !broken.is_empty() {
            return Err(fail(broken));
        }
        let warnings = analysis::uncovered_bytes(&grammar, &automata);
        let analyses: Vec<Analysis> = automata.iter().map(|a| analysis::analyze(a, self.config.simd)).collect();
        let (tokens, layouts) = codegen::generate(&grammar, &note_name(name), &automata, &analyses, &self.config)
            .map_err(|d| fail(vec![d]))?;
        Ok(Generated { grammar, automata, analyses, tokens, layouts, warnings })
    }
}

/// A file name as the code's notes print it: a note holds no `"` or `\`.
fn note_name(name: &str) -> String {
    name.chars().map(|c| if matches!(c, '"' | '\\' | '\n' | '\r') { '_' } else { c }).collect()
}

/// A compiled grammar: the code, and what was learned on the way.
#[derive(Clone, Debug)]
pub struct Generated {
    grammar: Grammar,
    automata: Vec<Automaton>,
    analyses: Vec<Analysis>,
    tokens: TokenStream,
    /// Per condition: each state's backend, the table's sizes, the arm's code.
    layouts: Vec<codegen::condition::Layout>,
    warnings: Vec<Diagnostic>,
}

impl Generated {
    /// The generated items (the macro's expansion). The statement of each `unsafe`
    /// block carries the reason it is sound as an inert attribute,
    /// `#[cfg_attr(any(), json_lexgen_safety = "…")]`.
    pub fn tokens(&self) -> &TokenStream {
        &self.tokens
    }

    /// The generated code as a formatted Rust file (prettyplease), with a `// SAFETY:`
    /// comment above each `unsafe` block.
    pub fn to_file_string(&self) -> String {
        let header = "// @generated by json-lexgen. Do not edit: edit the grammar and regenerate.\n\n";
        match codegen::safety::format_file(&self.tokens) {
            Ok(code) => format!("{header}{code}"),
            // Cannot happen for code we generate; keep the unformatted text rather than fail.
            Err(_) => format!("{header}{}\n", self.tokens),
        }
    }

    /// Write [`Generated::to_file_string`] to `path`, leaving the file untouched when its
    /// content is the same (so that timestamps, and rebuilds, do not change needlessly).
    pub fn write_to_file(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        let text = self.to_file_string();
        if std::fs::read_to_string(path.as_ref()).is_ok_and(|old| old == text) {
            return Ok(());
        }
        std::fs::write(path, text)
    }

    /// Warnings about the grammar (uncovered bytes).
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// States, transitions, loop states and code size, for `--stats`. Computed on each
    /// call, not during the build: it costs a determinization of each condition more.
    pub fn stats(&self) -> Stats {
        Stats::new(self)
    }

    /// The automata in Graphviz's dot language.
    pub fn dot(&self) -> String {
        dot::render(&self.grammar, &self.automata)
    }
}

/// A grammar that could not be compiled: one or more diagnostics (errors), each with
/// the grammar's line and column.
#[derive(Clone, Debug)]
pub struct Error {
    file: Option<PathBuf>,
    diagnostics: Vec<Diagnostic>,
}

impl Error {
    /// Every error found.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The grammar file, when the grammar came from one.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// True when the grammar could not be read at all.
    pub fn is_io(&self) -> bool {
        self.diagnostics.iter().any(|d| d.kind == DiagnosticKind::Io)
    }

    /// True when some diagnostic is of this kind.
    pub fn has(&self, kind: DiagnosticKind) -> bool {
        self.diagnostics.iter().any(|d| d.kind == kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.as_ref().map_or_else(|| "<grammar>".to_string(), |p| p.display().to_string());
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if d.span.line == 0 {
                // Not about a place in the grammar (an unreadable file, a bad option).
                write!(f, "{file}: error: {}", d.message)?;
            } else {
                write!(f, "{}", d.render(&file))?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
