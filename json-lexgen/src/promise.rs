//! `%promise`: properties of a lexer that a parser may rely on, checked here on the
//! automaton, so that a grammar cannot promise what its lexer does not do.
//!
//! `json_numbers` (see [`Promise::JSON_NUMBERS`]) is checked by walking the lexer's
//! automaton in step with a reference automaton for RFC 8259 numbers, from every first
//! byte `-0-9`: wherever either can still go, both must accept the same kind (or
//! neither), and where one stops the other must be unable to reach a token. Then, for
//! every input, the longest match of the one is the longest match of the other.

use crate::automaton::{Automaton, StateId};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Action, Grammar, Promise};
use std::collections::{HashSet, VecDeque};

/// The errors of the grammar's promises (none when each holds).
pub(crate) fn check(grammar: &Grammar, automata: &[Automaton]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for promise in &grammar.promises {
        if promise.name == Promise::JSON_NUMBERS {
            for automaton in automata {
                if let Err(why) = json_numbers(grammar, automaton) {
                    let condition = &grammar.conditions[automaton.condition.0 as usize].name;
                    let place =
                        if grammar.conditions.len() > 1 { format!(" in condition {condition}") } else { String::new() };
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Directive,
                        promise.span,
                        format!("'%promise json_numbers' does not hold{place}: {why}"),
                    ));
                    break;
                }
            }
        }
    }
    diags
}

/// The bytes a number starts with.
const NUMBER_STARTS: &[u8] = b"-0123456789";

/// The reference: RFC 8259's `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
/// states 0 (start) to 8; what state `s` goes to on `b`.
fn reference_next(s: u8, b: u8) -> Option<u8> {
    let digit = b.is_ascii_digit();
    match (s, b) {
        (0, b'-') => Some(1),
        (0 | 1, b'0') => Some(2),
        (0 | 1, _) if digit => Some(3),
        (2 | 3, b'.') => Some(4),
        (3, _) if digit => Some(3),
        (2 | 3 | 5, b'e' | b'E') => Some(6),
        (4 | 5, _) if digit => Some(5),
        (6, b'+' | b'-') => Some(7),
        (6..=8, _) if digit => Some(8),
        _ => None,
    }
}

/// The kind the reference accepts in state `s`.
fn reference_accept(s: u8) -> Option<&'static str> {
    match s {
        2 | 3 => Some("Integer"),
        5 | 8 => Some("Float"),
        _ => None,
    }
}

/// What the lexer's state accepts, as the promise sees it: a plain token's kind, or a
/// description of anything else.
fn lexer_accept(grammar: &Grammar, automaton: &Automaton, s: StateId) -> Option<String> {
    let rule = automaton.state(s).accept?;
    let r = &grammar.rules[rule.0 as usize];
    Some(match &r.action {
        Action::Token(kind) if r.is_plain_token() => kind.name.clone(),
        Action::Token(kind) => format!("{} (with a callback, trailing context or a condition change)", kind.name),
        Action::Skip => "a skipped match".to_string(),
        Action::Error => "an error".to_string(),
    })
}

/// Describes an input for a message.
fn shown(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

fn json_numbers(grammar: &Grammar, automaton: &Automaton) -> Result<(), String> {
    // The lexer's states from which some token (any accepting state) can be reached.
    let n = automaton.states.len();
    let mut live = vec![false; n];
    loop {
        let mut changed = false;
        for (i, state) in automaton.states.iter().enumerate() {
            if !live[i] && (state.accept.is_some() || state.transitions.iter().any(|t| live[t.target.index()])) {
                live[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let start = automaton.state(StateId::START);
    // A space where a token starts is a skipped match of itself alone before a number.
    match start.next(b' ') {
        Some(s)
            if automaton.state(s).accept.is_some_and(|r| {
                let r = &grammar.rules[r.0 as usize];
                r.action == Action::Skip && r.callback.is_none() && r.next.is_none() && r.trailing.is_none()
            }) =>
        {
            if let Some(&b) = NUMBER_STARTS.iter().find(|&&b| automaton.state(s).next(b).is_some()) {
                return Err(format!("the skipped match {} goes on into a number", shown(&[b' ', b])));
            }
        }
        _ => return Err("a space where a token starts is not skipped by itself".to_string()),
    }
    // (lexer state, reference state), with the input that leads there.
    let mut seen: HashSet<(Option<StateId>, Option<u8>)> = HashSet::new();
    let mut queue: VecDeque<(Option<StateId>, Option<u8>, Vec<u8>)> = VecDeque::new();
    for &b in NUMBER_STARTS {
        queue.push_back((start.next(b), reference_next(0, b), vec![b]));
    }
    while let Some((l, r, input)) = queue.pop_front() {
        if !seen.insert((l, r)) {
            continue;
        }
        let lexer = l.and_then(|l| lexer_accept(grammar, automaton, l));
        let reference = r.and_then(reference_accept);
        if lexer.as_deref() != reference {
            let got = lexer.unwrap_or_else(|| "no token".to_string());
            let want = reference.unwrap_or("no token");
            return Err(format!("{} is {got} where a number would be {want}", shown(&input)));
        }
        match (l, r) {
            (None, None) => continue,
            (None, Some(_)) => {
                return Err(format!("the lexer stops after {} where a number goes on", shown(&input)));
            }
            (Some(l), None) if live[l.index()] => {
                return Err(format!("the lexer goes on after {} where a number ends", shown(&input)));
            }
            (Some(_), None) => continue,
            (Some(_), Some(_)) => {}
        }
        let state = automaton.state(l.unwrap());
        for b in 0..=255u8 {
            let next = (state.next(b), r.and_then(|r| reference_next(r, b)));
            if (next.0.is_some() || next.1.is_some()) && !seen.contains(&next) {
                let mut more = input.clone();
                more.push(b);
                queue.push_back((next.0, next.1, more));
            }
        }
    }
    Ok(())
}
