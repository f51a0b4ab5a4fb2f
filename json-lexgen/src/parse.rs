//! Grammar text to [`Grammar`]. (Being written: see docs/grammar.md for the language.)

use crate::diagnostic::Diagnostic;
use crate::grammar::Grammar;

/// Parse a grammar. On failure, every error found (at least one) is returned; warnings
/// are never returned from here.
pub fn parse(source: &str) -> Result<Grammar, Vec<Diagnostic>> {
    let _ = source;
    Err(vec![Diagnostic::error(
        crate::diagnostic::DiagnosticKind::Syntax,
        crate::span::Span::default(),
        "the grammar parser is not written yet",
    )])
}
