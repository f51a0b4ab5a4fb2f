//! Diagnostics about a grammar: errors stop generation, warnings do not.
//!
//! Every pass reports what it finds as a [`Diagnostic`]: a [`Severity`], a
//! [`DiagnosticKind`] that callers and tests match on, the [`Span`] of the grammar text
//! it is about (line 0 for an option, which has no place in the grammar) and a sentence.
//! The parser collects all its errors before it stops; [`crate::Error`] carries them,
//! and [`crate::Generated::warnings`] the warnings of a grammar that compiled.

use crate::span::Span;
use std::fmt;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Generation cannot go on.
    Error,
    /// The grammar compiles but probably does not say what its author meant.
    Warning,
}

/// What a diagnostic is about, for callers and tests that match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// The grammar text does not parse.
    Syntax,
    /// A name is used but never defined (a definition referenced in a regex).
    UndefinedName,
    /// A definition is defined twice, or defined in terms of itself.
    BadDefinition,
    /// A rule's regex matches the empty string, so the lexer could loop forever.
    EmptyMatch,
    /// A rule can never win: every string it matches is matched at equal length by an
    /// earlier rule (re2c's `-Wunreachable-rules`). An error, since it is a bug.
    UnreachableRule,
    /// A `-> COND` transition names a condition no rule is declared in.
    UndefinedCondition,
    /// Bytes no rule in a condition can start with (re2c's
    /// `-Wundefined-control-flow`): the lexer reports an error there. A warning.
    UncoveredBytes,
    /// A directive (`%name`, `%token`, ...) is unknown, repeated or malformed.
    Directive,
    /// An option given to the generator (not the grammar) is malformed: a runtime path
    /// that is not a Rust path, say. Its span is empty (line 0).
    Option,
    /// The grammar could not be read (a missing file, say).
    Io,
    /// The automaton could not be built.
    Automaton,
    /// The automaton exceeds a limit (`%limit`, [`crate::Config::limit`]): too many DFA
    /// states, too much memory to determinize, too many transitions.
    Limit,
}

/// One message about a grammar, tied to a place in its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What it is about.
    pub kind: DiagnosticKind,
    /// Where in the grammar.
    pub span: Span,
    /// A sentence for a person.
    pub message: String,
}

impl Diagnostic {
    /// An error.
    pub fn error(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, kind, span, message: message.into() }
    }

    /// A warning.
    pub fn warning(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, kind, span, message: message.into() }
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col: error: message`, the form compilers print.
    pub fn render(&self, file: &str) -> String {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!("{}:{}:{}: {}: {}", file, self.span.line, self.span.column, level, self.message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.span.line, self.span.column, self.message)
    }
}
