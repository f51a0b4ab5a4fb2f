//! What the generator learns from the automata before emitting code: states that loop
//! on themselves (and over which bytes), rules that can never win, and bytes no rule
//! of a condition can start with.

use crate::automaton::{Automaton, StateId};
use crate::byteset::ByteSet;
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Grammar, Pattern, RuleId};

/// A state that stays in itself on some bytes: `while class(byte) { advance }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopState {
    /// The state.
    pub state: StateId,
    /// The bytes that stay in the state.
    pub class: ByteSet,
}

/// The analysis of one condition's automaton.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// States with a self-loop, in state order.
    pub loops: Vec<LoopState>,
    /// Loop states that get a SIMD skip hook, in state order.
    pub hooks: Vec<Hook>,
}

/// Which runtime kernel a hook calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelKind {
    /// `skip_class`: bytes of the loop class.
    Class,
    /// `skip_utf8`: bytes of the (ASCII) loop class and whole well-formed UTF-8
    /// characters, because every such character leads from the state back to itself
    /// (a string body that accepts "any valid UTF-8 but a few ASCII bytes").
    Utf8,
}

/// A SIMD skip hook on a loop state.
///
/// Placement, so that a hook never costs more than it saves (the PHP lesson): the
/// state's own scalar loop takes the first [`Hook::PROBE_AFTER`] bytes of a run, so short
/// runs (keys, numbers as strings, the 1-3 ASCII characters between non-Latin ones) never
/// pay for anything. If the run goes on past them (the next byte is a class byte too),
/// the runtime's inline probe (`probe_utf8`/`probe_class`) takes it: 16-byte vector
/// blocks at the width the target always has, folded from the class at compile time,
/// with no call and no setup; a run longer than the probe's blocks goes on in the
/// level's out-of-line kernel. Where the probe does not apply (the portable `Swar`
/// level, classes that need nibble tables), the scalar loop hands the run to the kernel
/// after [`Hook::SCALAR_PREFIX`] bytes. A UTF-8 kernel also takes over at the first
/// multibyte character of a run (the transition out of the state on a lead byte): it
/// skips multibyte text in bulk, so dense Japanese or Cyrillic gets faster rather than
/// merely not slower, and it only stops where the DFA is needed. ASCII-only text never
/// reaches that transition, so it pays nothing for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    /// The loop state.
    pub state: StateId,
    /// Its self-loop class.
    pub class: ByteSet,
    /// Which kernel.
    pub kernel: KernelKind,
}

impl Hook {
    /// Class bytes in a row the scalar loop takes before the inline probe: one chunk of
    /// the loop's unrolling. A probe costs about as much as testing four bytes one by
    /// one, so it pays from runs of about a dozen bytes on.
    pub const PROBE_AFTER: usize = 8;

    /// Class bytes in a row the scalar loop takes before it hands over to the
    /// out-of-line kernel where there is no probe. A kernel call costs about as much as
    /// scalar-testing 30 bytes. A multiple of the loop's unrolling (8).
    pub const SCALAR_PREFIX: usize = 32;

    /// A loop class narrower than this gets no hook: digits and whitespace make short
    /// runs, which the DFA's own loop handles as fast as any kernel.
    pub const MIN_CLASS_WIDTH: usize = 32;
}

/// Find the self-loops of an automaton, and the hooks if `simd` is on.
pub fn analyze(automaton: &Automaton, simd: bool) -> Analysis {
    let loops: Vec<LoopState> = automaton
        .states
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let id = StateId(i as u32);
            let mut class = ByteSet::EMPTY;
            for t in s.transitions.iter().filter(|t| t.target == id) {
                class.insert_range(t.start, t.end);
            }
            (!class.is_empty()).then_some(LoopState { state: id, class })
        })
        .collect();
    let hooks = if simd {
        loops
            .iter()
            .filter(|l| l.class.len() >= Hook::MIN_CLASS_WIDTH)
            .map(|l| {
                let kernel =
                    if loops_over_utf8(automaton, l.state, &l.class) { KernelKind::Utf8 } else { KernelKind::Class };
                Hook { state: l.state, class: l.class, kernel }
            })
            .collect()
    } else {
        Vec::new()
    };
    Analysis { loops, hooks }
}

/// True when `state` loops on ASCII bytes only and every well-formed multibyte UTF-8
/// character leads from it back to it. Checked exactly over byte-range sequences
/// (regex-syntax's `Utf8Sequences`): the set of states reached from `state` by all the
/// strings of a sequence must be exactly `{state}`.
pub fn loops_over_utf8(automaton: &Automaton, state: StateId, class: &ByteSet) -> bool {
    if class.is_empty() || class.ranges().iter().any(|&(_, hi)| hi >= 0x80) {
        return false;
    }
    regex_syntax::utf8::Utf8Sequences::new('\u{80}', '\u{10FFFF}').all(|seq| {
        let mut current: Vec<StateId> = vec![state];
        for range in seq.as_slice() {
            let mut next: Vec<StateId> = Vec::new();
            for &s in &current {
                for b in range.start..=range.end {
                    match automaton.state(s).next(b) {
                        Some(t) if !next.contains(&t) => next.push(t),
                        Some(_) => {}
                        None => return false,
                    }
                }
            }
            current = next;
        }
        current == [state]
    })
}

/// Rules that can never produce a match: every string they match is matched, at equal
/// length, by an earlier rule of each of their conditions; or a second `$`/`*` rule in
/// a condition. Errors, pointing at the rule.
pub fn unreachable_rules(grammar: &Grammar, automata: &[Automaton]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, rule) in grammar.rules.iter().enumerate() {
        let id = RuleId(i as u32);
        let wins = rule.conditions.iter().any(|c| {
            let a = &automata[c.0 as usize];
            match rule.pattern {
                Pattern::Regex(_) => a.states.iter().any(|s| s.accept == Some(id)),
                Pattern::EndOfInput => a.end_of_input == Some(id),
                Pattern::Default => a.default == Some(id),
            }
        });
        if wins {
            continue;
        }
        let message = match rule.pattern {
            Pattern::Regex(_) => {
                let shadow = shadowing_rule(grammar, id);
                match shadow {
                    Some(s) => format!(
                        "this rule can never match: every string it matches is matched by the earlier rule at line {}, column {}",
                        grammar.rules[s.0 as usize].span.line,
                        grammar.rules[s.0 as usize].span.column
                    ),
                    None => "this rule can never match: earlier rules match every string it matches".to_string(),
                }
            }
            Pattern::EndOfInput => {
                "this '$' rule can never match: an earlier '$' rule of the same condition wins".to_string()
            }
            Pattern::Default => {
                "this '*' rule can never match: an earlier '*' rule of the same condition wins".to_string()
            }
        };
        out.push(Diagnostic::error(DiagnosticKind::UnreachableRule, rule.pattern_span, message));
    }
    out
}

/// For the message about an unreachable rule: the earliest earlier rule (sharing a
/// condition) that shadows `id` on its own, found by building the two-rule automaton of
/// each candidate with `id`. Runs only when the error is reported.
fn shadowing_rule(grammar: &Grammar, id: RuleId) -> Option<RuleId> {
    let rule = &grammar.rules[id.0 as usize];
    let Pattern::Regex(hir) = &rule.pattern else { return None };
    // The earliest earlier rule that, paired with this one alone, shadows it.
    for (j, earlier) in grammar.rules[..id.0 as usize].iter().enumerate() {
        if !earlier.conditions.iter().any(|c| rule.conditions.contains(c)) {
            continue;
        }
        let Pattern::Regex(earlier_hir) = &earlier.pattern else { continue };
        let pair = Grammar {
            name: grammar.name.clone(),
            token: None,
            encoding: grammar.encoding,
            backend: None,
            conditions: vec![grammar.conditions[0].clone()],
            rules: vec![
                crate::grammar::Rule {
                    conditions: vec![crate::grammar::ConditionId(0)],
                    pattern: Pattern::Regex(earlier_hir.clone()),
                    ..earlier.clone()
                },
                crate::grammar::Rule {
                    conditions: vec![crate::grammar::ConditionId(0)],
                    pattern: Pattern::Regex(hir.clone()),
                    ..rule.clone()
                },
            ],
            limits: Vec::new(),
            values: Vec::new(),
            extras: None,
            error: None,
            on_error: grammar.on_error,
            entries: Vec::new(),
            promises: Vec::new(),
        };
        // No larger than the condition's automaton, which was built within the limits.
        if let Ok(a) = crate::automaton::build(&pair, &crate::automaton::Limits::NONE) {
            if !a[0].states.iter().any(|s| s.accept == Some(RuleId(1))) {
                return Some(RuleId(j as u32));
            }
        }
    }
    None
}

/// Bytes that no rule of a condition can start with, when the condition has no `*`
/// rule: the lexer reports an error on them. A warning (re2c's
/// `-Wundefined-control-flow`), silenced by a `*` rule (`* => error;` keeps the error).
pub fn uncovered_bytes(grammar: &Grammar, automata: &[Automaton]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for a in automata {
        if a.default.is_some() {
            continue;
        }
        let mut covered = ByteSet::EMPTY;
        for t in &a.states[0].transitions {
            covered.insert_range(t.start, t.end);
        }
        let uncovered = covered.complement();
        if uncovered.is_empty() {
            continue;
        }
        let cond = &grammar.conditions[a.condition.0 as usize];
        let span = grammar.rules_in(a.condition).next().map_or(cond.span, |(_, r)| r.span);
        let at =
            if grammar.conditions.len() > 1 { format!("condition '{}'", cond.name) } else { "the grammar".to_string() };
        out.push(Diagnostic::warning(
            DiagnosticKind::UncoveredBytes,
            span,
            format!(
                "no rule of {at} matches input starting with {uncovered} ({} bytes): the lexer reports an error there; add a '*' rule to handle them, or '* => error;' if that is intended",
                uncovered.len()
            ),
        ));
    }
    out
}
