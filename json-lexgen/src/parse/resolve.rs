//! Definitions substituted into regexes, and rules finished: conditions expanded,
//! transitions checked, patterns lowered to [`Hir`] and checked for empty matches.

use std::collections::HashMap;

use regex_syntax::hir::{
    Class, ClassBytes, ClassBytesRange, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Repetition,
};

use super::{CondRef, Def, Node, NodeKind, RawPattern, RawRule, RawTransition, Spans};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Condition, ConditionId, Encoding, Pattern, Rule, Trailing, Transition};

/// How deeply lowering may recurse (regex nesting plus definition chains).
const MAX_DEPTH: usize = 500;

enum State {
    Todo,
    Active,
    /// `None`: the definition has an error, already reported.
    Done(Option<Hir>),
}

pub(super) struct Resolver<'a> {
    defs: &'a [Def],
    index: &'a HashMap<String, usize>,
    spans: &'a Spans<'a>,
    encoding: Encoding,
    state: Vec<State>,
    /// Definitions being lowered, innermost last.
    stack: Vec<usize>,
    /// Definitions on a reported cycle (reported once, then they just fail).
    in_cycle: Vec<bool>,
    depth: usize,
    too_deep: bool,
    diags: Vec<Diagnostic>,
}

impl<'a> Resolver<'a> {
    pub fn new(defs: &'a [Def], index: &'a HashMap<String, usize>, spans: &'a Spans<'a>, encoding: Encoding) -> Self {
        Resolver {
            defs,
            index,
            spans,
            encoding,
            state: defs.iter().map(|_| State::Todo).collect(),
            stack: Vec::new(),
            in_cycle: vec![false; defs.len()],
            depth: 0,
            too_deep: false,
            diags: Vec::new(),
        }
    }

    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diags
    }

    fn error(&mut self, kind: DiagnosticKind, start: usize, end: usize, msg: impl Into<String>) {
        let span = self.spans.span(start, end);
        self.diags.push(Diagnostic::error(kind, span, msg));
    }

    /// Lower every definition, used or not, so that each one's errors are reported.
    pub fn all_definitions(&mut self) {
        for i in 0..self.defs.len() {
            self.definition(i);
        }
    }

    fn definition(&mut self, i: usize) -> Option<Hir> {
        match &self.state[i] {
            State::Done(hir) => return hir.clone(),
            State::Active => {
                self.cycle(i);
                return None;
            }
            State::Todo => {}
        }
        self.state[i] = State::Active;
        self.stack.push(i);
        let hir = self.lower(&self.defs[i].node);
        self.stack.pop();
        self.state[i] = State::Done(if self.in_cycle[i] { None } else { hir.clone() });
        hir.filter(|_| !self.in_cycle[i])
    }

    /// Definition `i`, being lowered, was reached again.
    fn cycle(&mut self, i: usize) {
        if self.in_cycle[i] {
            return;
        }
        let from = self.stack.iter().position(|&d| d == i).expect("an active definition is on the stack");
        let members: Vec<usize> = self.stack[from..].to_vec();
        let def = &self.defs[i];
        let msg = if members.len() == 1 {
            format!("definition '{}' refers to itself", def.name)
        } else {
            let chain: Vec<&str> = members.iter().chain(Some(&i)).map(|&d| self.defs[d].name.as_str()).collect();
            format!("definition '{}' refers to itself through {}", def.name, chain.join(" -> "))
        };
        self.error(DiagnosticKind::BadDefinition, def.name_start, def.name_end, msg);
        for d in members {
            self.in_cycle[d] = true;
        }
    }

    /// `None` when the regex has an error (reported).
    fn lower(&mut self, node: &Node) -> Option<Hir> {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                self.error(
                    DiagnosticKind::BadDefinition,
                    node.start,
                    node.end,
                    format!("regex nested too deeply through definitions (more than {MAX_DEPTH} levels)"),
                );
            }
            return None;
        }
        self.depth += 1;
        let hir = self.lower_inner(node);
        self.depth -= 1;
        hir
    }

    fn lower_inner(&mut self, node: &Node) -> Option<Hir> {
        match &node.kind {
            NodeKind::Hir(hir) => Some(hir.clone()),
            NodeKind::Name(name) => match self.index.get(name) {
                Some(&i) => self.definition(i),
                None => {
                    let msg = self.undefined(name);
                    self.error(DiagnosticKind::UndefinedName, node.start, node.end, msg);
                    None
                }
            },
            NodeKind::Concat(parts) => self.all(parts).map(Hir::concat),
            NodeKind::Alt(alts) => self.all(alts).map(Hir::alternation),
            NodeKind::Repeat { sub, min, max } => {
                let sub = self.lower(sub)?;
                Some(Hir::repetition(Repetition { min: *min, max: *max, greedy: true, sub: Box::new(sub) }))
            }
            NodeKind::Diff(operands) => {
                let hirs = self.all(operands)?;
                let mut result: Option<SetClass> = None;
                let mut ok = true;
                for (k, (hir, operand)) in hirs.iter().zip(operands).enumerate() {
                    match (as_class(hir, self.encoding), &mut result) {
                        (Some(class), None) => result = Some(class),
                        (Some(SetClass::Bytes(class)), Some(SetClass::Bytes(r))) => r.difference(&class),
                        (Some(SetClass::Unicode(class)), Some(SetClass::Unicode(r))) => r.difference(&class),
                        _ => {
                            ok = false;
                            let side = if k == 0 { "left" } else { "right" };
                            let what = match self.encoding {
                                Encoding::Bytes => "a one-byte literal",
                                Encoding::Utf8 => "a \\p{...}, a one-character literal",
                            };
                            self.error(
                                DiagnosticKind::Syntax,
                                operand.start,
                                operand.end,
                                format!(
                                    "the {side} side of '\\' is not a class: a difference takes a \
                                     [class], '.', {what} or a name for one of these \
                                     on each side (to repeat a difference, group it: ([a-z] \\ [x])*)"
                                ),
                            );
                        }
                    }
                }
                if !ok {
                    return None;
                }
                Some(match result {
                    Some(SetClass::Unicode(class)) => Hir::class(Class::Unicode(class)),
                    Some(SetClass::Bytes(class)) => Hir::class(Class::Bytes(class)),
                    None => Hir::class(Class::Bytes(ClassBytes::empty())),
                })
            }
        }
    }

    /// Lower each node (reporting every error), `None` if any failed.
    fn all(&mut self, nodes: &[Node]) -> Option<Vec<Hir>> {
        let hirs: Vec<Option<Hir>> = nodes.iter().map(|n| self.lower(n)).collect();
        hirs.into_iter().collect()
    }

    /// The message for an undefined name: a suggestion, or the names there are.
    fn undefined(&self, name: &str) -> String {
        let mut names: Vec<&str> = self.defs.iter().map(|d| d.name.as_str()).collect();
        if names.is_empty() {
            return format!("undefined name '{name}': the grammar has no definitions (write '{name} = ...;')");
        }
        if let Some(close) = closest(name, names.iter().copied()) {
            return format!("undefined name '{name}': did you mean '{close}'?");
        }
        names.sort_unstable();
        let shown = names.len().min(8);
        let mut list = names[..shown].join(", ");
        if names.len() > shown {
            list.push_str(", ...");
        }
        format!("undefined name '{name}' (definitions: {list})")
    }

    /// Finish the rules: conditions, transitions, patterns.
    pub fn rules(&mut self, raw: Vec<RawRule>, conditions: &[Condition], implicit: bool) -> Vec<Rule> {
        let all: Vec<ConditionId> = (0..conditions.len() as u32).map(ConditionId).collect();
        let mut rules = Vec::with_capacity(raw.len());
        for rule in raw {
            let mut ok = true;
            let conds = match &rule.prefix {
                _ if implicit => vec![ConditionId(0)],
                None => {
                    ok = false;
                    self.error(
                        DiagnosticKind::Syntax,
                        rule.start,
                        rule.end,
                        "rule outside a condition: grammars that use <COND> need one on every \
                         rule (use <*> for all)",
                    );
                    Vec::new()
                }
                Some(list) => {
                    let mut ids: Vec<ConditionId> = Vec::new();
                    for c in list {
                        match c {
                            CondRef::All => ids.extend_from_slice(&all),
                            CondRef::Id(id) => ids.push(ConditionId(*id)),
                        }
                    }
                    ids.sort_unstable();
                    ids.dedup();
                    ids
                }
            };
            let mut cond_id = |name: &str, start: usize, end: usize, this: &mut Self| match conditions
                .iter()
                .position(|c| c.name == name)
            {
                Some(i) => Some(ConditionId(i as u32)),
                None => {
                    ok = false;
                    let msg = undefined_condition(name, conditions, implicit);
                    this.error(DiagnosticKind::UndefinedCondition, start, end, msg);
                    None
                }
            };
            let next = match &rule.next {
                None => None,
                Some(RawTransition::Goto(name, start, end)) => cond_id(name, *start, *end, self).map(Transition::Goto),
                Some(RawTransition::Push(name, start, end)) => cond_id(name, *start, *end, self).map(Transition::Push),
                Some(RawTransition::Pop) => Some(Transition::Pop),
            };
            let pattern = match rule.pattern {
                RawPattern::EndOfInput => Some(Pattern::EndOfInput),
                RawPattern::Default => Some(Pattern::Default),
                RawPattern::Regex(node) => match self.lower(&node) {
                    Some(hir) if hir.properties().minimum_len() == Some(0) => {
                        let what = if rule.trailing.is_some() { "the token before the '/'" } else { "this rule" };
                        self.error(
                            DiagnosticKind::EmptyMatch,
                            rule.pattern_start,
                            rule.pattern_end,
                            format!(
                                "{what} matches the empty string, so the lexer could loop \
                                 forever without consuming input"
                            ),
                        );
                        None
                    }
                    Some(hir) => Some(Pattern::Regex(hir)),
                    None => None,
                },
            };
            // `r / s`: the automaton matches `r s`; the token ends where the fixed
            // length of `r` or of `s` says (without tags, nothing else can tell).
            let mut trailing = None;
            let pattern = match (pattern, &rule.trailing) {
                (Some(Pattern::Regex(r)), Some(node)) => match self.lower(node) {
                    Some(s) => {
                        let fixed = |h: &Hir| {
                            let p = h.properties();
                            p.minimum_len().filter(|&min| p.maximum_len() == Some(min))
                        };
                        trailing = match (fixed(&r), fixed(&s)) {
                            (_, Some(n)) => Some(Trailing::FromEnd(n)),
                            (Some(n), None) => Some(Trailing::FromStart(n)),
                            (None, None) => {
                                self.error(
                                    DiagnosticKind::Syntax,
                                    rule.pattern_start,
                                    rule.pattern_end,
                                    "trailing context 'r / s' needs 'r' or 's' to match strings of one \
                                     fixed length: where both vary, only tags (not supported) could tell \
                                     where the token ends",
                                );
                                ok = false;
                                None
                            }
                        };
                        Some(Pattern::Regex(Hir::concat(vec![r, s])))
                    }
                    None => None,
                },
                (pattern, _) => pattern,
            };
            if let (true, Some(pattern)) = (ok, pattern) {
                rules.push(Rule {
                    conditions: conds,
                    pattern,
                    action: rule.action,
                    next,
                    callback: rule.callback,
                    trailing,
                    span: self.spans.span(rule.start, rule.end),
                    pattern_span: self.spans.span(rule.pattern_start, rule.pattern_end),
                });
            }
        }
        rules
    }
}

fn undefined_condition(name: &str, conditions: &[Condition], implicit: bool) -> String {
    if implicit {
        if let Some(close) = closest(name, conditions.iter().map(|c| c.name.as_str())) {
            return format!("undefined condition '{name}': did you mean '{close}'?");
        }
        return format!(
            "undefined condition '{name}': this grammar has no conditions (a condition is \
             declared by prefixing rules with <{name}>)"
        );
    }
    if let Some(close) = closest(name, conditions.iter().map(|c| c.name.as_str())) {
        return format!("undefined condition '{name}': did you mean '{close}'?");
    }
    let names: Vec<&str> = conditions.iter().map(|c| c.name.as_str()).collect();
    format!(
        "undefined condition '{name}': a condition is declared by prefixing rules with \
         <{name}> (conditions: {})",
        names.join(", ")
    )
}

/// A class an operand of `\` stands for: bytes, or characters under `%encoding utf8`.
enum SetClass {
    Bytes(ClassBytes),
    Unicode(ClassUnicode),
}

/// The class a lowered operand of `\` stands for, if it is one: a class, or a literal
/// of one byte (one character under `%encoding utf8`).
fn as_class(hir: &Hir, encoding: Encoding) -> Option<SetClass> {
    match (hir.kind(), encoding) {
        (HirKind::Class(Class::Bytes(class)), Encoding::Bytes) => Some(SetClass::Bytes(class.clone())),
        (HirKind::Literal(lit), Encoding::Bytes) if lit.0.len() == 1 => {
            Some(SetClass::Bytes(ClassBytes::new([ClassBytesRange::new(lit.0[0], lit.0[0])])))
        }
        (HirKind::Class(Class::Unicode(class)), Encoding::Utf8) => Some(SetClass::Unicode(class.clone())),
        // `'x'` is a byte class of two ASCII letters.
        (HirKind::Class(Class::Bytes(class)), Encoding::Utf8) => class.to_unicode_class().map(SetClass::Unicode),
        (HirKind::Literal(lit), Encoding::Utf8) => {
            let mut chars = std::str::from_utf8(&lit.0).ok()?.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(SetClass::Unicode(ClassUnicode::new([ClassUnicodeRange::new(c, c)]))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The candidate nearest to `name` by edit distance (ignoring ASCII case), if near
/// enough to be a typo.
fn closest<'n>(name: &str, candidates: impl Iterator<Item = &'n str>) -> Option<&'n str> {
    let limit = match name.chars().count() {
        0..=2 => 1,
        3..=5 => 2,
        _ => 3,
    };
    candidates
        .map(|c| (edit_distance(&name.to_ascii_lowercase(), &c.to_ascii_lowercase()), c))
        .filter(|&(d, _)| d <= limit && d < name.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
