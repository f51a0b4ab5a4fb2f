//! json-lexgen compiles a token grammar into a Rust lexer.
//!
//! The path from grammar to code, one module each:
//!
//! 1. [`parse`]: grammar text → [`grammar::Grammar`] (rules with spans, regexes as
//!    `regex_syntax::hir::Hir`).
//! 2. [`automaton`]: per start condition, a regex-automata DFA (byte mode,
//!    `MatchKind::All`, anchored, minimized) turned into our own state graph.
//! 3. [`analysis`]: self-loops and their byte classes, shadowed rules, uncovered bytes.
//! 4. [`codegen`]: the state graph → Rust (`proc_macro2::TokenStream`).
//!
//! [`Builder`] runs the pipeline; the `json-lexgen` binary and the `json_lexer!` macro
//! are thin shells over it.

pub mod diagnostic;
pub mod grammar;
pub mod parse;
pub mod span;

pub use diagnostic::{Diagnostic, DiagnosticKind, Severity};
pub use span::Span;
