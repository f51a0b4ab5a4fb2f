//! The parsed grammar: what [`crate::parse`] produces and the automaton is built from.
//!
//! Every item keeps the [`Span`] of its source so that later passes (shadowed rules,
//! uncovered bytes) can point at the grammar's own line and column.

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::span::Span;
use regex_syntax::hir::Hir;

/// Index of a start condition in [`Grammar::conditions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConditionId(pub u32);

/// Index of a rule in [`Grammar::rules`] (file order, which is priority order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub u32);

/// A whole grammar.
#[derive(Clone, Debug)]
pub struct Grammar {
    /// `%name Ident;`: the generated lexer type. Default `Lexer`.
    pub name: Named,
    /// `%token path::To::Type;`: the token type whose variants the actions name. When
    /// absent, the generator emits an enum `{name}Token` with one variant per action.
    pub token: Option<Named>,
    /// `%encoding utf8;`: how classes were read. Already applied to the regexes; kept
    /// for what reports on the grammar.
    pub encoding: Encoding,
    /// `%backend auto|code|tables|tables_only;`: how states become code (checked by the
    /// parser; [`crate::Config::backend`] overrides it).
    pub backend: Option<Named>,
    /// Start conditions in order of first appearance; the first is the initial one.
    /// A grammar that uses none has exactly one, named `INITIAL`, with an empty span.
    pub conditions: Vec<Condition>,
    /// Rules in file order. A rule written `<*>` or `<A, B>` appears once, listing
    /// every condition it belongs to.
    pub rules: Vec<Rule>,
    /// `%limit NAME N;` directives, each limit at most once.
    pub limits: Vec<(crate::automaton::Limit, usize, Span)>,
    /// `%value Kind: Type;`: the kinds whose tokens carry a value, in directive order.
    pub values: Vec<ValueDecl>,
    /// `%extras Type;`: the user state the lexer carries (`lexer.extras`).
    pub extras: Option<HostCode>,
    /// `%error Type;`: the error type of a value lexer (`From<TokenError>`).
    pub error: Option<HostCode>,
    /// `%on_error stop|continue;`: whether the lexer goes on after an error.
    pub on_error: OnError,
    /// `%entry name: Kind Kind ...;`: entry points that lex only some tokens, in
    /// directive order (see [`Entry`]).
    pub entries: Vec<Entry>,
    /// `%promise name;`: properties of the lexer that a parser may rely on, each
    /// checked against the automaton (see [`Promise`]).
    pub promises: Vec<Named>,
}

/// The properties a grammar may promise with `%promise name;` (each is checked on the
/// automaton, and a promise that does not hold is an error at the directive).
pub struct Promise;

impl Promise {
    /// `%promise json_numbers;`: where a token starts, a byte of `-0-9` starts an
    /// RFC 8259 number, lexed by longest match as the kind `Integer` (no fraction or
    /// exponent) or `Float`, plain tokens both; and a space there is skipped by itself.
    /// A JSON parser may then read numbers straight from the input
    /// (`Lexer::JSON_NUMBERS`).
    pub const JSON_NUMBERS: &'static str = "json_numbers";
    /// Every promise's name.
    pub const NAMES: &'static [&'static str] = &[Promise::JSON_NUMBERS];
}

/// `%entry name: Kind Kind ...;`: an entry point `next_token_<name>` for a caller that
/// knows which tokens can come next (a parser after `{` expects a key or `}`). Its
/// automaton is the first condition's with every path that can only end in another
/// token cut short: there it lexes again with the whole lexer, so that what an entry
/// returns is always what `next_token` would (see docs/grammar.md, "Entry points").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entry's name (the method is `next_token_<name>`).
    pub name: Named,
    /// The token kinds it lexes directly (`skip` rules always are).
    pub kinds: Vec<Named>,
    /// The whole directive.
    pub span: Span,
}

/// `%on_error`: what the lexer does after a lexing error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnError {
    /// The default: it goes on after the bad span (at least one byte), as logos does;
    /// the caller decides whether to stop.
    #[default]
    Continue,
    /// It ends: every later call returns the end (the JSON grammars: a parser stops at
    /// the first error anyway, and the lexer's code stays what it was).
    Stop,
}

/// `%value Kind: Type;`.
#[derive(Clone, Debug)]
pub struct ValueDecl {
    /// The token kind.
    pub kind: Named,
    /// Its value's Rust type (may name the lifetime `'s` of the input).
    pub ty: HostCode,
}

/// Rust code written in the grammar (a type, a callback, an expression), already
/// checked by syn: its text and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostCode {
    /// The code as written.
    pub text: String,
    /// Where.
    pub span: Span,
}

/// What a rule runs when it matches, written in parentheses after its action:
/// `=> Int(parse_int)`, `=> skip({ lex.extras.lines += 1 })`, `=> error("unterminated")`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callback {
    /// A function (or any path callable) given `&mut Lexer`.
    Function(HostCode),
    /// A `{ block }` run with `lex: &mut Lexer` in scope; or a closure `|lex| ...`.
    Inline(HostCode),
    /// `error("message")`: the error says this.
    Message(String),
}

/// `-> COND`, `-> push(COND)`, `-> pop` after a rule's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transition {
    /// Switch to the condition.
    Goto(ConditionId),
    /// Push the current condition on the lexer's stack, then switch.
    Push(ConditionId),
    /// Switch back to the condition on top of the stack (an error when it is empty).
    Pop,
}

/// `r / s`: where the token ends inside the match of `r s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trailing {
    /// `r` always has this many bytes: the token is the match's first `n` bytes.
    FromStart(usize),
    /// `s` always has this many bytes: the token is the match but its last `n`.
    FromEnd(usize),
}

/// What a class, `.` and `\p{...}` stand for: `%encoding`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// The default: a class holds bytes and `.` is any byte but `\n`.
    #[default]
    Bytes,
    /// `%encoding utf8;`: a class holds Unicode scalar values and `.` is any of them but
    /// `\n`, each matched as its strict UTF-8 bytes (no surrogates, no overlong forms).
    Utf8,
}

/// A name with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The text (an identifier, or a `::` path for `%token`).
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A start condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// Its name, e.g. `COMMENT`.
    pub name: String,
    /// Its first appearance.
    pub span: Span,
}

/// One rule: `<CONDS> pattern => action -> NEXT ;`.
#[derive(Clone, Debug)]
pub struct Rule {
    /// Conditions the rule is active in (all of them for `<*>`), ascending.
    pub conditions: Vec<ConditionId>,
    /// What it matches.
    pub pattern: Pattern,
    /// What it produces.
    pub action: Action,
    /// `-> COND`, `-> push(COND)`, `-> pop`: the condition after the match.
    pub next: Option<Transition>,
    /// `=> Kind(callback)`: code run on a match.
    pub callback: Option<Callback>,
    /// `r / s`: trailing context (the pattern is `r s`; the token is `r`).
    pub trailing: Option<Trailing>,
    /// The whole rule.
    pub span: Span,
    /// The pattern alone (diagnostics about what a rule matches point here).
    pub pattern_span: Span,
}

/// What a rule matches.
#[derive(Clone, Debug)]
pub enum Pattern {
    /// A regex over bytes (definitions already substituted). Never matches the empty
    /// string: the parser rejects such rules. Under `%encoding utf8` its classes are
    /// Unicode classes, which the NFA compiler turns into UTF-8 byte sequences.
    Regex(Hir),
    /// `$`: the end of the input.
    EndOfInput,
    /// `*`: any single byte no other rule of the condition matches.
    Default,
}

/// What a rule produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A token of this kind (a variant name of the token type).
    Token(Named),
    /// Nothing: the match is skipped (whitespace, comments).
    Skip,
    /// A lexical error at the match's start (`=> error`). On a `*` rule it states that
    /// other bytes are errors on purpose, which silences the uncovered-bytes warning.
    Error,
}

impl Rule {
    /// The rule produces a plain token: a kind, no callback, no trailing context, and
    /// it stays in its condition. Such rules share arms and tables, and may be stepped
    /// over by a parser (`single_byte_token`).
    pub fn is_plain_token(&self) -> bool {
        matches!(self.action, Action::Token(_))
            && self.next.is_none()
            && self.callback.is_none()
            && self.trailing.is_none()
    }
}

impl Grammar {
    /// Whether the lexer is a *value lexer*: its tokens carry values or run callbacks,
    /// it has user state or a custom error (the slice lexer's template differs: see
    /// codegen's `values`). Other grammars keep `Token { kind, start, end }`.
    pub fn has_values(&self) -> bool {
        !self.values.is_empty()
            || self.extras.is_some()
            || self.error.is_some()
            || self.rules.iter().any(|r| r.callback.is_some())
    }

    /// The declared value type of `kind`, if its tokens carry one.
    pub fn value_of(&self, kind: &str) -> Option<&ValueDecl> {
        self.values.iter().find(|v| v.kind.name == kind)
    }

    /// Whether some rule pushes or pops the condition stack.
    pub fn uses_stack(&self) -> bool {
        self.rules.iter().any(|r| matches!(r.next, Some(Transition::Push(_) | Transition::Pop)))
    }

    /// Rules active in `cond`, in priority order.
    pub fn rules_in(&self, cond: ConditionId) -> impl Iterator<Item = (RuleId, &Rule)> + '_ {
        self.rules
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.conditions.contains(&cond))
            .map(|(i, r)| (RuleId(i as u32), r))
    }

    /// Token kinds named by actions, in order of first appearance.
    pub fn token_kinds(&self) -> Vec<&Named> {
        let mut kinds: Vec<&Named> = Vec::new();
        for rule in &self.rules {
            if let Action::Token(named) = &rule.action {
                if !kinds.iter().any(|k| k.name == named.name) {
                    kinds.push(named);
                }
            }
        }
        kinds
    }
}

/// `%token`'s path as a Rust path, or the error that says why it is not one, at the
/// path's place in the grammar. The parser reports that error; code generation relies
/// on it (and fails the same way, rather than pick another type, should it be missed).
pub fn token_path(named: &Named) -> Result<syn::Path, Diagnostic> {
    syn::parse_str::<syn::Path>(&named.name).map_err(|e| {
        Diagnostic::error(
            DiagnosticKind::Directive,
            named.span,
            format!("'{}' is not a Rust type path ({e}); expected one like 'my_crate::Token'", named.name),
        )
    })
}
