//! Grammar text to [`Grammar`]. The language is documented in docs/grammar.md.
//!
//! Three steps: `lexer` turns the text into tokens (decoding literals and classes),
//! the `Parser` here builds directives, definitions and rules with regexes as a small
//! AST (`Node`), and `resolve` substitutes definitions, checks for cycles and
//! lowers every rule's regex to a [`regex_syntax::hir::Hir`]. Classes are lowered by
//! `class`, to bytes or (under `%encoding utf8`) to Unicode classes. Errors are
//! collected all along; a bad item is skipped up to its `;` and parsing goes on.

mod class;
mod lexer;
mod resolve;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use regex_syntax::hir::{Class, ClassBytes, ClassBytesRange, Hir};

use crate::automaton::Limit;
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Action, Callback, Condition, Encoding, Entry, Grammar, HostCode, Named, OnError, ValueDecl};
use crate::span::Span;

use lexer::{Lexer, Tok, Token};

/// How deeply parentheses and repetition operators may nest in one regex.
const MAX_NESTING: usize = 64;

/// Parse a grammar. On failure, every error found (at least one) is returned, in
/// source order; warnings are never returned from here.
pub fn parse(source: &str) -> Result<Grammar, Vec<Diagnostic>> {
    let spans = Spans::new(source);
    let (tokens, diags) = Lexer::new(source, &spans).tokenize();
    // Classes are lowered as they are parsed, and `%encoding` may come after some.
    let encoding = tokens
        .windows(2)
        .find_map(|w| match (&w[0].tok, &w[1].tok) {
            (Tok::Directive(d), Tok::Ident(value)) if d == "encoding" => Some(value.as_str()),
            _ => None,
        })
        .map_or(Encoding::Bytes, |value| if value == "utf8" { Encoding::Utf8 } else { Encoding::Bytes });
    let mut parser = Parser {
        src: source,
        spans: &spans,
        toks: &tokens,
        i: 0,
        depth: 0,
        diags,
        name: None,
        token: None,
        encoding,
        encoding_directive: None,
        backend: None,
        limits: Vec::new(),
        values: Vec::new(),
        extras: None,
        error: None,
        on_error: None,
        entries: Vec::new(),
        promises: Vec::new(),
        defs: Vec::new(),
        def_index: HashMap::new(),
        conds: Vec::new(),
        cond_index: HashMap::new(),
        rules: Vec::new(),
        rules_seen: 0,
    };
    parser.items();
    parser.finish()
}

/// Byte offsets to [`Span`]s, with the same line and column as [`Span::new`] but
/// without rescanning the source for each span.
pub(crate) struct Spans<'a> {
    src: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> Spans<'a> {
    fn new(src: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(src.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        Spans { src, line_starts }
    }

    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        let start = start.min(self.src.len());
        let line = self.line_starts.partition_point(|&s| s <= start);
        let line_start = self.line_starts[line - 1];
        let column = 1 + self.src.as_bytes()[line_start..start].iter().filter(|&&b| (b & 0xC0) != 0x80).count();
        Span { start, end: end.max(start), line: line as u32, column: column as u32 }
    }
}

/// A regex as written, before definitions are substituted.
#[derive(Debug)]
pub(crate) struct Node {
    kind: NodeKind,
    start: usize,
    end: usize,
}

#[derive(Debug)]
enum NodeKind {
    /// A literal, class, `.` or byte: already lowered.
    Hir(Hir),
    /// A reference to a definition.
    Name(String),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        sub: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    /// The first operand minus all the others: `a \ b \ c`.
    Diff(Vec<Node>),
}

/// `name = regex ;`
pub(crate) struct Def {
    name: String,
    name_start: usize,
    name_end: usize,
    node: Node,
}

enum CondRef {
    All,
    Id(u32),
}

enum RawPattern {
    Regex(Node),
    EndOfInput,
    Default,
}

/// `-> X`, `-> push(X)` (with the name and its offsets), `-> pop`.
enum RawTransition {
    Goto(String, usize, usize),
    Push(String, usize, usize),
    Pop,
}

struct RawRule {
    /// `None` when the rule has no `<...>` prefix.
    prefix: Option<Vec<CondRef>>,
    pattern: RawPattern,
    /// `r / s`: the trailing context `s`.
    trailing: Option<Node>,
    action: Action,
    callback: Option<Callback>,
    next: Option<RawTransition>,
    start: usize,
    end: usize,
    pattern_start: usize,
    pattern_end: usize,
}

/// Parsing stopped at an error that is already in `diags`.
struct Failed;

type PResult<T> = Result<T, Failed>;

struct Parser<'a> {
    src: &'a str,
    spans: &'a Spans<'a>,
    toks: &'a [Token],
    i: usize,
    /// Current nesting of parentheses and repetitions.
    depth: usize,
    diags: Vec<Diagnostic>,
    name: Option<Named>,
    token: Option<Named>,
    /// From `%encoding`, found before parsing.
    encoding: Encoding,
    /// The `%encoding` directive's value, once parsed (for "given twice").
    encoding_directive: Option<Named>,
    backend: Option<Named>,
    limits: Vec<(Limit, usize, Span)>,
    values: Vec<ValueDecl>,
    extras: Option<HostCode>,
    error: Option<HostCode>,
    on_error: Option<(OnError, Span)>,
    /// `%entry` directives, checked against the rules' kinds once all are read.
    entries: Vec<Entry>,
    /// `%promise` directives (checked on the automaton by `crate::promise`).
    promises: Vec<Named>,
    defs: Vec<Def>,
    def_index: HashMap<String, usize>,
    conds: Vec<Condition>,
    cond_index: HashMap<String, u32>,
    rules: Vec<RawRule>,
    /// Rules met, parsed or not (so that "no rules" is not said of a grammar whose
    /// rules all had errors).
    rules_seen: usize,
}

/// Rust keywords: they cannot name a generated type, variant or condition.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn",
    "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self",
    "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become",
    "box", "do", "final", "gen", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield", "_",
];

impl<'a> Parser<'a> {
    // ---- token access -------------------------------------------------------------

    fn peek(&self) -> &'a Token {
        &self.toks[self.i]
    }

    fn peek_tok(&self) -> &'a Tok {
        &self.toks[self.i].tok
    }

    fn peek2_tok(&self) -> &'a Tok {
        &self.toks[(self.i + 1).min(self.toks.len() - 1)].tok
    }

    fn bump(&mut self) -> &'a Token {
        let t = &self.toks[self.i];
        if t.tok != Tok::Eof {
            self.i += 1;
        }
        t
    }

    /// End of the last token taken.
    fn prev_end(&self) -> usize {
        if self.i == 0 {
            0
        } else {
            self.toks[self.i - 1].end
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        self.spans.span(start, end)
    }

    fn error(&mut self, kind: DiagnosticKind, start: usize, end: usize, msg: impl Into<String>) {
        let span = self.span(start, end);
        self.diags.push(Diagnostic::error(kind, span, msg));
    }

    /// How a token reads in "found ...".
    fn describe(&self, t: &Token) -> String {
        if t.tok == Tok::Eof {
            return "the end of the grammar".to_string();
        }
        let text = &self.src[t.start..t.end];
        if text.chars().count() > 24 {
            let cut: String = text.chars().take(20).collect();
            format!("'{cut}...'")
        } else {
            format!("'{text}'")
        }
    }

    /// "expected X, found Y" at the next token (silent when the lexer already
    /// reported that token).
    fn expected(&mut self, kind: DiagnosticKind, what: &str, hint: &str) -> Failed {
        let t = self.peek();
        if t.tok != Tok::Error {
            let msg = format!("expected {what}, found {}{hint}", self.describe(t));
            self.error(kind, t.start, t.end, msg);
        }
        Failed
    }

    /// The closing `;` of an item. When it is missing and the next token is on a later
    /// line, the `;` was most likely forgotten: report it and go on as if it were there.
    fn expect_semi(&mut self, kind: DiagnosticKind, after: &str) -> PResult<()> {
        if *self.peek_tok() == Tok::Semi {
            self.bump();
            return Ok(());
        }
        let failed = self.expected(kind, &format!("';' {after}"), "");
        let next = self.peek();
        if next.tok == Tok::Eof || self.src[self.prev_end()..next.start].contains('\n') {
            Ok(())
        } else {
            Err(failed)
        }
    }

    // ---- items --------------------------------------------------------------------

    fn items(&mut self) {
        loop {
            let result = match self.peek_tok() {
                Tok::Eof => return,
                Tok::Directive(_) => self.directive(),
                Tok::Ident(_) if *self.peek2_tok() == Tok::Eq => self.definition(),
                Tok::Semi => {
                    let t = self.bump();
                    self.error(DiagnosticKind::Syntax, t.start, t.end, "unexpected ';' (an empty item)");
                    Ok(())
                }
                _ => self.rule(),
            };
            if result.is_err() {
                self.recover();
            }
        }
    }

    /// After an error: skip to just past the next `;`. A re2c-style code block
    /// `{ ... }` is skipped whole and ends the item even without a `;`.
    fn recover(&mut self) {
        let mut braces = 0usize;
        loop {
            match self.bump().tok {
                Tok::Eof => return,
                Tok::Semi if braces == 0 => return,
                Tok::Other('{') => braces += 1,
                Tok::Other('}') if braces > 0 => {
                    braces -= 1;
                    if braces == 0 {
                        if *self.peek_tok() == Tok::Semi {
                            self.bump();
                        }
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    fn directive(&mut self) -> PResult<()> {
        let t = self.bump();
        let Tok::Directive(which) = &t.tok else { unreachable!() };
        let kind = DiagnosticKind::Directive;
        let value = match which.as_str() {
            "limit" => return self.limit(t),
            "value" => return self.value_directive(t),
            "extras" | "error" => return self.type_directive(t, which),
            "on_error" => return self.on_error_directive(t),
            "entry" => return self.entry_directive(t),
            "promise" => return self.promise_directive(t),
            "name" => {
                let id = self.peek();
                let Tok::Ident(name) = &id.tok else {
                    return Err(self.expected(kind, "the lexer's type name after '%name'", ""));
                };
                self.bump();
                if RUST_KEYWORDS.contains(&name.as_str()) {
                    self.error(
                        kind,
                        id.start,
                        id.end,
                        format!("'{name}' is a Rust keyword and cannot name the lexer type"),
                    );
                }
                Named { name: name.clone(), span: self.span(id.start, id.end) }
            }
            "token" => self.path()?,
            "encoding" => {
                let id = self.peek();
                let Tok::Ident(value) = &id.tok else {
                    return Err(self.expected(kind, "'utf8' or 'bytes' after '%encoding'", ""));
                };
                if value != "utf8" && value != "bytes" {
                    self.error(
                        kind,
                        id.start,
                        id.end,
                        format!("unknown encoding '{value}' (known: utf8, bytes; bytes is the default)"),
                    );
                }
                self.bump();
                Named { name: value.clone(), span: self.span(id.start, id.end) }
            }
            "backend" => {
                let id = self.peek();
                let names = crate::BackendChoice::NAMES.map(|(n, _)| n);
                match &id.tok {
                    Tok::Ident(name) if names.contains(&name.as_str()) => {}
                    _ => return Err(self.expected(kind, &format!("one of {} after '%backend'", names.join(", ")), "")),
                }
                let Tok::Ident(name) = &self.bump().tok else { unreachable!() };
                Named { name: name.clone(), span: self.span(id.start, id.end) }
            }
            other => {
                self.error(
                    kind,
                    t.start,
                    t.end,
                    format!(
                        "unknown directive '%{other}' (known: %name, %token, %encoding, %backend, %limit, \
                         %value, %extras, %error, %on_error, %entry, %promise)"
                    ),
                );
                return Err(Failed);
            }
        };
        self.expect_semi(kind, &format!("after '%{which} {}'", value.name))?;
        let slot = match which.as_str() {
            "name" => &mut self.name,
            "token" => &mut self.token,
            "backend" => &mut self.backend,
            _ => &mut self.encoding_directive,
        };
        if let Some(first) = slot {
            let (line, column) = (first.span.line, first.span.column);
            self.error(
                kind,
                t.start,
                t.end,
                format!("'%{which}' is given twice (first at line {line}, column {column})"),
            );
        } else {
            *slot = Some(value);
        }
        Ok(())
    }

    /// `%limit NAME N;` (after the `%limit` token `t`).
    fn limit(&mut self, t: &Token) -> PResult<()> {
        let kind = DiagnosticKind::Directive;
        let names = Limit::ALL.map(Limit::name).join(", ");
        let id = self.peek();
        let Tok::Ident(name) = &id.tok else {
            return Err(self.expected(kind, &format!("a limit's name after '%limit' ({names})"), ""));
        };
        self.bump();
        let Some(limit) = Limit::from_name(name) else {
            self.error(kind, id.start, id.end, format!("unknown limit '{name}' (known: {names})"));
            return Err(Failed);
        };
        // Digits are one-character tokens here: take those that touch.
        let start = self.peek().start;
        let mut end = start;
        while matches!(self.peek_tok(), Tok::Other('0'..='9')) && self.peek().start == end {
            end = self.bump().end;
        }
        if end == start {
            return Err(self.expected(kind, &format!("a number after '%limit {name}'"), ""));
        }
        let digits = &self.src[start..end];
        let Some(value) = digits.parse::<usize>().ok().filter(|&v| v > 0) else {
            self.error(
                kind,
                start,
                end,
                format!("'{digits}' is not a limit: expected a number from 1 to {}", usize::MAX),
            );
            return Err(Failed);
        };
        self.expect_semi(kind, &format!("after '%limit {name} {digits}'"))?;
        if let Some(&(_, _, first)) = self.limits.iter().find(|(l, _, _)| *l == limit) {
            let (line, column) = (first.line, first.column);
            self.error(
                kind,
                t.start,
                id.end,
                format!("'%limit {name}' is given twice (first at line {line}, column {column})"),
            );
        } else {
            let span = self.span(t.start, end);
            self.limits.push((limit, value, span));
        }
        Ok(())
    }

    /// The [`Tok::Code`] that must come next, checked by `check` (a syn parse), or the
    /// error that says what was expected.
    fn host_code(&mut self, what: &str, mut check: impl FnMut(&str) -> Result<(), String>) -> PResult<HostCode> {
        let t = self.peek();
        if t.tok != Tok::Code {
            return Err(self.expected(DiagnosticKind::Syntax, what, ""));
        }
        self.bump();
        let text = &self.src[t.start..t.end];
        if text.is_empty() {
            self.error(DiagnosticKind::Syntax, t.start, t.end, format!("expected {what}, found nothing"));
            return Err(Failed);
        }
        if let Err(e) = check(text) {
            self.error(DiagnosticKind::Syntax, t.start, t.end, format!("'{text}' is not {what}: {e}"));
            return Err(Failed);
        }
        Ok(HostCode { text: text.to_string(), span: self.span(t.start, t.end) })
    }

    /// `%value Kind: Type;` (after the `%value` token `t`).
    fn value_directive(&mut self, t: &Token) -> PResult<()> {
        let code = self.host_code("'Kind: Type' after '%value' (the kind, then its value's Rust type)", |text| {
            let (kind, ty) = split_value_decl(text).ok_or("expected 'Kind: Type'")?;
            syn::parse_str::<syn::Ident>(kind).map_err(|e| format!("'{kind}': {e}"))?;
            syn::parse_str::<syn::Type>(ty).map(drop).map_err(|e| e.to_string())
        })?;
        self.expect_semi(DiagnosticKind::Directive, "after '%value Kind: Type'")?;
        let (kind, ty) = split_value_decl(&code.text).expect("checked above");
        let kind_start = code.span.start + (kind.as_ptr() as usize - code.text.as_ptr() as usize);
        let ty_start = code.span.start + (ty.as_ptr() as usize - code.text.as_ptr() as usize);
        let kind_span = self.span(kind_start, kind_start + kind.len());
        if kind == "skip" || kind == "error" {
            self.error(
                DiagnosticKind::Directive,
                kind_span.start,
                kind_span.end,
                format!("'{kind}' produces no token, so it cannot carry a value"),
            );
            return Ok(());
        }
        if let Some(first) = self.values.iter().find(|v| v.kind.name == kind) {
            let (line, column) = (first.kind.span.line, first.kind.span.column);
            self.error(
                DiagnosticKind::Directive,
                t.start,
                code.span.end,
                format!("the value of '{kind}' is declared twice (first at line {line}, column {column})"),
            );
            return Ok(());
        }
        self.values.push(ValueDecl {
            kind: Named { name: kind.to_string(), span: kind_span },
            ty: HostCode { text: ty.to_string(), span: self.span(ty_start, ty_start + ty.len()) },
        });
        Ok(())
    }

    /// `%extras Type;` and `%error Type;` (after the directive token `t`).
    fn type_directive(&mut self, t: &Token, which: &str) -> PResult<()> {
        let code = self.host_code(&format!("a Rust type after '%{which}'"), |text| {
            syn::parse_str::<syn::Type>(text).map(drop).map_err(|e| e.to_string())
        })?;
        self.expect_semi(DiagnosticKind::Directive, &format!("after '%{which} {}'", code.text))?;
        let slot = if which == "extras" { &mut self.extras } else { &mut self.error };
        if let Some(first) = slot {
            let (line, column) = (first.span.line, first.span.column);
            self.error(
                DiagnosticKind::Directive,
                t.start,
                t.end,
                format!("'%{which}' is given twice (first at line {line}, column {column})"),
            );
        } else {
            *slot = Some(code);
        }
        Ok(())
    }

    /// `%on_error stop;` or `%on_error continue;`.
    fn on_error_directive(&mut self, t: &Token) -> PResult<()> {
        let id = self.peek();
        let value = match &id.tok {
            Tok::Ident(v) if v == "stop" => OnError::Stop,
            Tok::Ident(v) if v == "continue" => OnError::Continue,
            _ => return Err(self.expected(DiagnosticKind::Directive, "'stop' or 'continue' after '%on_error'", "")),
        };
        self.bump();
        self.expect_semi(DiagnosticKind::Directive, "after '%on_error'")?;
        if let Some((_, first)) = self.on_error {
            let (line, column) = (first.line, first.column);
            self.error(
                DiagnosticKind::Directive,
                t.start,
                t.end,
                format!("'%on_error' is given twice (first at line {line}, column {column})"),
            );
        } else {
            self.on_error = Some((value, self.span(t.start, id.end)));
        }
        Ok(())
    }

    /// `%entry name: Kind Kind ...;` (after the `%entry` token `t`). The kinds are
    /// checked in [`Parser::finish`], once every rule is read.
    fn entry_directive(&mut self, t: &Token) -> PResult<()> {
        let kind = DiagnosticKind::Directive;
        let id = self.peek();
        let Tok::Ident(name) = &id.tok else {
            return Err(self.expected(kind, "the entry's name after '%entry' ('%entry name: Kind Kind ...;')", ""));
        };
        self.bump();
        if *self.peek_tok() != Tok::Other(':') {
            return Err(self.expected(kind, &format!("':' after '%entry {name}', then the token kinds it lexes"), ""));
        }
        self.bump();
        let mut kinds: Vec<Named> = Vec::new();
        while let Tok::Ident(k) = self.peek_tok() {
            let k_tok = self.bump();
            let span = self.span(k_tok.start, k_tok.end);
            if let Some(first) = kinds.iter().find(|n| n.name == *k) {
                let (line, column) = (first.span.line, first.span.column);
                self.error(
                    kind,
                    k_tok.start,
                    k_tok.end,
                    format!("'{k}' is named twice in '%entry {name}' (first at line {line}, column {column})"),
                );
                continue;
            }
            kinds.push(Named { name: k.clone(), span });
        }
        if kinds.is_empty() {
            return Err(self.expected(kind, &format!("a token kind after '%entry {name}:'"), ""));
        }
        self.expect_semi(kind, &format!("after the kinds of '%entry {name}'"))?;
        if let Some(first) = self.entries.iter().find(|e| e.name.name == *name) {
            let (line, column) = (first.name.span.line, first.name.span.column);
            self.error(
                kind,
                id.start,
                id.end,
                format!("the entry '{name}' is declared twice (first at line {line}, column {column})"),
            );
            return Ok(());
        }
        let entry_name = Named { name: name.clone(), span: self.span(id.start, id.end) };
        self.entries.push(Entry { name: entry_name, kinds, span: self.span(t.start, self.prev_end()) });
        Ok(())
    }

    /// `%promise name;` (after the `%promise` token `t`).
    fn promise_directive(&mut self, t: &Token) -> PResult<()> {
        let kind = DiagnosticKind::Directive;
        let known = crate::grammar::Promise::NAMES;
        let id = self.peek();
        let Tok::Ident(name) = &id.tok else {
            return Err(self.expected(kind, &format!("a promise after '%promise' (known: {})", known.join(", ")), ""));
        };
        let name = name.clone();
        self.bump();
        self.expect_semi(kind, &format!("after '%promise {name}'"))?;
        if !known.contains(&name.as_str()) {
            self.error(kind, id.start, id.end, format!("unknown promise '{name}' (known: {})", known.join(", ")));
            return Ok(());
        }
        if let Some(first) = self.promises.iter().find(|p| p.name == name) {
            let (line, column) = (first.span.line, first.span.column);
            self.error(
                kind,
                t.start,
                t.end,
                format!("'%promise {name}' is given twice (first at line {line}, column {column})"),
            );
            return Ok(());
        }
        self.promises.push(Named { name, span: self.span(id.start, id.end) });
        Ok(())
    }

    /// Each `%entry`'s kinds are kinds some rule produces; a value lexer has none yet.
    fn check_entries(&mut self, rules: &[crate::grammar::Rule], has_values: bool) {
        let known: Vec<&str> = {
            let mut known: Vec<&str> = Vec::new();
            for r in rules {
                if let Action::Token(k) = &r.action {
                    if !known.contains(&k.name.as_str()) {
                        known.push(&k.name);
                    }
                }
            }
            known
        };
        let mut diags = Vec::new();
        for e in &self.entries {
            if has_values {
                diags.push(Diagnostic::error(
                    DiagnosticKind::Directive,
                    e.span,
                    format!(
                        "'%entry {}': entry points are not available for value lexers (callbacks, %value, \
                         %extras or %error) yet",
                        e.name.name
                    ),
                ));
                continue;
            }
            for k in &e.kinds {
                if !known.contains(&k.name.as_str()) {
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Directive,
                        k.span,
                        format!(
                            "'{}' in '%entry {}' is not a token of this grammar (its tokens: {})",
                            k.name,
                            e.name.name,
                            known.join(", ")
                        ),
                    ));
                }
            }
        }
        self.diags.extend(diags);
    }

    /// `%token`'s `a::b::C`.
    fn path(&mut self) -> PResult<Named> {
        let start = self.peek().start;
        let mut path = String::new();
        loop {
            let Tok::Ident(segment) = self.peek_tok() else {
                return Err(self.expected(
                    DiagnosticKind::Directive,
                    "a type path like 'my_crate::Token' after '%token'",
                    "",
                ));
            };
            self.bump();
            path.push_str(segment);
            if *self.peek_tok() != Tok::ColonColon {
                break;
            }
            self.bump();
            path.push_str("::");
        }
        let named = Named { name: path, span: self.span(start, self.prev_end()) };
        // Segments that are keywords (`my::type::Tok`) or misplaced (`a::crate`) read
        // as a path here but are none in Rust.
        if let Err(d) = crate::grammar::token_path(&named) {
            self.diags.push(d);
        }
        Ok(named)
    }

    fn definition(&mut self) -> PResult<()> {
        let t = self.bump();
        let Tok::Ident(name) = &t.tok else { unreachable!() };
        self.bump(); // =
        let node = self.regex()?;
        self.expect_semi(DiagnosticKind::Syntax, &format!("at the end of the definition of '{name}'"))?;
        if let Some(&first) = self.def_index.get(name) {
            let first = self.span(self.defs[first].name_start, self.defs[first].name_end);
            self.error(
                DiagnosticKind::BadDefinition,
                t.start,
                t.end,
                format!("'{name}' is defined twice (first at line {}, column {})", first.line, first.column),
            );
        } else {
            self.def_index.insert(name.clone(), self.defs.len());
            self.defs.push(Def { name: name.clone(), name_start: t.start, name_end: t.end, node });
        }
        Ok(())
    }

    fn rule(&mut self) -> PResult<()> {
        self.rules_seen += 1;
        let start = self.peek().start;
        let prefix = if *self.peek_tok() == Tok::Lt { Some(self.condition_prefix()?) } else { None };
        let pattern_start = self.peek().start;
        let pattern = match self.peek_tok() {
            Tok::Dollar => {
                self.bump();
                RawPattern::EndOfInput
            }
            Tok::Star => {
                self.bump();
                RawPattern::Default
            }
            _ => RawPattern::Regex(self.regex()?),
        };
        let mut trailing = None;
        if *self.peek_tok() == Tok::Other('/') {
            let slash = self.bump();
            if !matches!(pattern, RawPattern::Regex(_)) {
                self.error(
                    DiagnosticKind::Syntax,
                    slash.start,
                    slash.end,
                    "trailing context ('r / s') needs a regex before the '/', not '$' or '*'",
                );
                return Err(Failed);
            }
            trailing = Some(self.regex()?);
        }
        let pattern_end = self.prev_end();
        if *self.peek_tok() != Tok::FatArrow {
            let hint = match (&pattern, self.peek_tok()) {
                (RawPattern::EndOfInput | RawPattern::Default, _) => " ('$' and '*' stand alone as a rule's pattern)",
                (_, Tok::Eq) => " (rules are written 'pattern => Token;')",
                (_, Tok::Other('{')) => " (an action is written '=> Token;', not as a block of code)",
                _ => "",
            };
            return Err(self.expected(DiagnosticKind::Syntax, "'=>' after the rule's pattern", hint));
        }
        self.bump();
        let action = self.action()?;
        let callback = if *self.peek_tok() == Tok::Code { Some(self.callback(&action)?) } else { None };
        let mut next = None;
        if *self.peek_tok() == Tok::Arrow {
            self.bump();
            next = Some(self.transition()?);
        }
        self.expect_semi(DiagnosticKind::Syntax, "at the end of the rule")?;
        let end = self.prev_end();
        self.rules.push(RawRule {
            prefix,
            pattern,
            trailing,
            action,
            callback,
            next,
            start,
            end,
            pattern_start,
            pattern_end,
        });
        Ok(())
    }

    /// After `->`: `COND`, `push(COND)` or `pop`.
    fn transition(&mut self) -> PResult<RawTransition> {
        let t = self.peek();
        let Tok::Ident(cond) = &t.tok else {
            return Err(self.expected(
                DiagnosticKind::Syntax,
                "a condition name, 'push(COND)' or 'pop' after '->'",
                "",
            ));
        };
        self.bump();
        match cond.as_str() {
            "pop" => Ok(RawTransition::Pop),
            "push" if *self.peek_tok() == Tok::LParen => {
                self.bump();
                let c = self.peek();
                let Tok::Ident(name) = &c.tok else {
                    return Err(self.expected(DiagnosticKind::Syntax, "a condition name in 'push(...)'", ""));
                };
                self.bump();
                if *self.peek_tok() != Tok::RParen {
                    return Err(self.expected(DiagnosticKind::Syntax, "')' after the condition in 'push(...)'", ""));
                }
                self.bump();
                Ok(RawTransition::Push(name.clone(), c.start, c.end))
            }
            _ => Ok(RawTransition::Goto(cond.clone(), t.start, t.end)),
        }
    }

    /// The parenthesized Rust code after an action: a function path, a `{ block }`, a
    /// closure, or (`error` only) a message string.
    fn callback(&mut self, action: &Action) -> PResult<Callback> {
        let t = self.peek();
        let text = &self.src[t.start..t.end];
        if *action == Action::Error {
            if let Ok(lit) = syn::parse_str::<syn::LitStr>(text) {
                self.bump();
                return Ok(Callback::Message(lit.value()));
            }
        }
        let mut kind = None;
        let code = self.host_code("a callback: a function path, a '{ block }' or a closure", |text| {
            match syn::parse_str::<syn::Expr>(text).map_err(|e| e.to_string())? {
                syn::Expr::Path(_) => kind = Some(true),
                syn::Expr::Block(_) | syn::Expr::Closure(_) => kind = Some(false),
                _ => return Err("write the expression in braces, '{ ... }' (it sees the lexer as 'lex')".into()),
            }
            Ok(())
        })?;
        Ok(if kind == Some(true) { Callback::Function(code) } else { Callback::Inline(code) })
    }

    /// `<A, B>` or `<*>`.
    fn condition_prefix(&mut self) -> PResult<Vec<CondRef>> {
        self.bump(); // <
        let mut list = Vec::new();
        loop {
            let t = self.peek();
            match &t.tok {
                Tok::Star => list.push(CondRef::All),
                Tok::Ident(name) => {
                    if RUST_KEYWORDS.contains(&name.as_str()) {
                        self.error(
                            DiagnosticKind::Syntax,
                            t.start,
                            t.end,
                            format!("'{name}' is a Rust keyword and cannot name a condition"),
                        );
                    }
                    let id = match self.cond_index.get(name) {
                        Some(&id) => id,
                        None => {
                            let id = self.conds.len() as u32;
                            self.cond_index.insert(name.clone(), id);
                            let span = self.span(t.start, t.end);
                            self.conds.push(Condition { name: name.clone(), span });
                            id
                        }
                    };
                    list.push(CondRef::Id(id));
                }
                _ => {
                    let hint = if list.is_empty() && t.tok == Tok::Gt {
                        " (re2c's '<>' entry rule is not supported)"
                    } else {
                        ""
                    };
                    return Err(self.expected(DiagnosticKind::Syntax, "a condition name or '*' in '<...>'", hint));
                }
            }
            self.bump();
            match self.peek_tok() {
                Tok::Comma => {
                    self.bump();
                }
                Tok::Gt => {
                    self.bump();
                    return Ok(list);
                }
                _ => return Err(self.expected(DiagnosticKind::Syntax, "',' or '>' in the condition list", "")),
            }
        }
    }

    /// After `=>`: a token kind, `skip` or `error`.
    fn action(&mut self) -> PResult<Action> {
        let t = self.peek();
        let Tok::Ident(name) = &t.tok else {
            let hint = if t.tok == Tok::Other('{') {
                " (an action names a token kind; it is not a block of code)"
            } else {
                ""
            };
            return Err(self.expected(DiagnosticKind::Syntax, "a token kind, 'skip' or 'error' after '=>'", hint));
        };
        self.bump();
        if name == "skip" {
            return Ok(Action::Skip);
        }
        if name == "error" {
            return Ok(Action::Error);
        }
        if RUST_KEYWORDS.contains(&name.as_str()) {
            self.error(
                DiagnosticKind::Syntax,
                t.start,
                t.end,
                format!("'{name}' is a Rust keyword and cannot name a token kind"),
            );
        }
        Ok(Action::Token(Named { name: name.clone(), span: self.span(t.start, t.end) }))
    }

    // ---- regexes ------------------------------------------------------------------
    //
    // alternation := concat ('|' concat)*
    // concat      := diff diff*
    // diff        := postfix ('\' postfix)*
    // postfix     := primary ('*' | '+' | '?' | '{n}' | '{n,}' | '{n,m}')*
    // primary     := "lit" | 'lit' | [class] | \p{..} | \xHH | '.' | name | '(' alternation ')'

    fn regex(&mut self) -> PResult<Node> {
        let first = self.concat()?;
        if *self.peek_tok() != Tok::Pipe {
            return Ok(first);
        }
        let start = first.start;
        let mut alts = vec![first];
        while *self.peek_tok() == Tok::Pipe {
            self.bump();
            alts.push(self.concat()?);
        }
        Ok(Node { kind: NodeKind::Alt(alts), start, end: self.prev_end() })
    }

    /// Whether the next token starts a primary (and so continues a concatenation).
    fn at_primary(&self) -> bool {
        match self.peek_tok() {
            Tok::Str { .. } | Tok::Class(_) | Tok::Property(_) | Tok::Byte(_) | Tok::Dot | Tok::LParen => true,
            Tok::Dollar | Tok::Error => true,
            // `name =` starts the next definition (the `;` before it is missing).
            Tok::Ident(_) => *self.peek2_tok() != Tok::Eq,
            _ => false,
        }
    }

    fn concat(&mut self) -> PResult<Node> {
        let first = self.diff()?;
        if !self.at_primary() {
            return Ok(first);
        }
        let start = first.start;
        let mut parts = vec![first];
        while self.at_primary() {
            parts.push(self.diff()?);
        }
        Ok(Node { kind: NodeKind::Concat(parts), start, end: self.prev_end() })
    }

    fn diff(&mut self) -> PResult<Node> {
        let first = self.postfix()?;
        if *self.peek_tok() != Tok::Backslash {
            return Ok(first);
        }
        let start = first.start;
        let mut operands = vec![first];
        while *self.peek_tok() == Tok::Backslash {
            self.bump();
            operands.push(self.postfix()?);
        }
        Ok(Node { kind: NodeKind::Diff(operands), start, end: self.prev_end() })
    }

    fn postfix(&mut self) -> PResult<Node> {
        let mut node = self.primary()?;
        let depth = self.depth;
        loop {
            let (min, max) = match *self.peek_tok() {
                Tok::Star => (0, None),
                Tok::Plus => (1, None),
                Tok::Question => (0, Some(1)),
                Tok::Repeat { min, max } => (min, max),
                _ => break,
            };
            let t = self.bump();
            self.depth += 1;
            if self.depth > MAX_NESTING {
                self.error(
                    DiagnosticKind::Syntax,
                    t.start,
                    t.end,
                    format!("regex nested too deeply (more than {MAX_NESTING} levels)"),
                );
                self.depth = depth;
                return Err(Failed);
            }
            let start = node.start;
            node = Node { kind: NodeKind::Repeat { sub: Box::new(node), min, max }, start, end: t.end };
        }
        self.depth = depth;
        Ok(node)
    }

    fn primary(&mut self) -> PResult<Node> {
        let t = self.peek();
        let hir = match &t.tok {
            Tok::Str { bytes, fold: false } => Hir::literal(bytes.clone()),
            Tok::Str { bytes, fold: true } => folded_literal(bytes),
            // A class with a bad member is reported and stands for nothing, so that the
            // item parses on and a definition holding it is not reported as undefined.
            Tok::Class(class) => self.lower_class(class).unwrap_or_else(|Failed| Hir::fail()),
            Tok::Property(p) => self.lower_property(p).unwrap_or_else(|Failed| Hir::fail()),
            Tok::Byte(b) => Hir::literal(vec![*b]),
            Tok::Dot => class::dot(self.encoding),
            Tok::Ident(name) => {
                self.bump();
                return Ok(Node { kind: NodeKind::Name(name.clone()), start: t.start, end: t.end });
            }
            Tok::LParen => {
                self.bump();
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    self.error(
                        DiagnosticKind::Syntax,
                        t.start,
                        t.end,
                        format!("regex nested too deeply (more than {MAX_NESTING} levels)"),
                    );
                    self.depth -= 1;
                    return Err(Failed);
                }
                let inner = self.regex();
                self.depth -= 1;
                let mut inner = inner?;
                if *self.peek_tok() != Tok::RParen {
                    let open = self.span(t.start, t.end);
                    let what = format!("')' to close the '(' at line {}, column {}", open.line, open.column);
                    return Err(self.expected(DiagnosticKind::Syntax, &what, ""));
                }
                self.bump();
                inner.start = t.start;
                inner.end = self.prev_end();
                return Ok(inner);
            }
            Tok::Dollar => {
                self.error(
                    DiagnosticKind::Syntax,
                    t.start,
                    t.end,
                    "'$' (the end of the input) can only be a rule's whole pattern, as in '$ => Eof;'",
                );
                return Err(Failed);
            }
            Tok::Star | Tok::Plus | Tok::Question | Tok::Repeat { .. } => {
                return Err(self.expected(
                    DiagnosticKind::Syntax,
                    "a regex",
                    " (a repetition needs something before it to repeat)",
                ))
            }
            _ => {
                return Err(self.expected(
                    DiagnosticKind::Syntax,
                    "a regex (a \"literal\", a [class], a name, '.' or '(')",
                    "",
                ))
            }
        };
        self.bump();
        Ok(Node { kind: NodeKind::Hir(hir), start: t.start, end: t.end })
    }

    // ---- the whole grammar --------------------------------------------------------

    fn finish(mut self) -> Result<Grammar, Vec<Diagnostic>> {
        let mut resolver = resolve::Resolver::new(&self.defs, &self.def_index, self.spans, self.encoding);
        resolver.all_definitions();

        let implicit = self.conds.is_empty();
        let conditions = if implicit {
            vec![Condition { name: "INITIAL".to_string(), span: Span::default() }]
        } else {
            std::mem::take(&mut self.conds)
        };
        let rules = resolver.rules(std::mem::take(&mut self.rules), &conditions, implicit);
        self.diags.extend(resolver.into_diagnostics());
        let has_values = !self.values.is_empty()
            || self.extras.is_some()
            || self.error.is_some()
            || rules.iter().any(|r| r.callback.is_some());
        self.check_entries(&rules, has_values);

        if self.rules_seen == 0 {
            let end = self.src.len();
            self.error(DiagnosticKind::Syntax, end, end, "the grammar has no rules");
        }
        if !self.diags.is_empty() {
            let mut diags = self.diags;
            diags.sort_by_key(|d| (d.span.start, d.span.end));
            return Err(diags);
        }
        Ok(Grammar {
            name: self.name.unwrap_or(Named { name: "Lexer".to_string(), span: Span::default() }),
            token: self.token,
            encoding: self.encoding,
            backend: self.backend,
            limits: self.limits,
            values: self.values,
            extras: self.extras,
            error: self.error,
            on_error: self.on_error.map_or(OnError::Continue, |(v, _)| v),
            entries: self.entries,
            promises: self.promises,
            conditions,
            rules,
        })
    }
}

/// `Kind: Type` of `%value`: the kind and the type, split at the first lone `:`.
fn split_value_decl(text: &str) -> Option<(&str, &str)> {
    let colon = text.find(':')?;
    if text[colon + 1..].starts_with(':') {
        return None;
    }
    let (kind, ty) = (text[..colon].trim(), text[colon + 1..].trim());
    (!kind.is_empty() && !ty.is_empty()).then_some((kind, ty))
}

/// `'abc'`: each ASCII letter matches either case.
fn folded_literal(bytes: &[u8]) -> Hir {
    Hir::concat(
        bytes
            .iter()
            .map(|&b| {
                if b.is_ascii_alphabetic() {
                    let (lo, up) = (b.to_ascii_lowercase(), b.to_ascii_uppercase());
                    Hir::class(Class::Bytes(ClassBytes::new([
                        ClassBytesRange::new(lo, lo),
                        ClassBytesRange::new(up, up),
                    ])))
                } else {
                    Hir::literal(vec![b])
                }
            })
            .collect(),
    )
}
