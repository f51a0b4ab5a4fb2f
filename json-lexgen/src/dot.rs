//! The automata in Graphviz's dot language (`json-lexgen --dot`).
//!
//! One cluster per start condition, one node per state of our automaton (after the
//! delayed match is folded and the graph minimized again, so the numbers are those of
//! `--stats` and of the generated code's `state = N`), one edge per target.

use crate::automaton::Automaton;
use crate::byteset::ByteSet;
use crate::grammar::{Action, Grammar};
use std::fmt::Write;

/// One cluster per condition; accepting states are double circles labelled with the
/// rule's action; edges are labelled with their byte ranges.
pub fn render(grammar: &Grammar, automata: &[Automaton]) -> String {
    let mut out =
        String::from("digraph lexer {\n  rankdir=LR;\n  node [shape=circle, fontsize=10];\n  edge [fontsize=9];\n");
    for a in automata {
        let cond = &grammar.conditions[a.condition.0 as usize].name;
        let _ = writeln!(out, "  subgraph \"cluster_{cond}\" {{\n    label=\"<{cond}>\";");
        for (i, s) in a.states.iter().enumerate() {
            match s.accept {
                Some(r) => {
                    let action = match &grammar.rules[r.0 as usize].action {
                        Action::Token(k) => k.name.clone(),
                        Action::Skip => "skip".to_string(),
                        Action::Error => "error".to_string(),
                    };
                    let _ = writeln!(out, "    \"{cond}{i}\" [shape=doublecircle, label=\"{i}\\n{action}\"];");
                }
                None => {
                    let _ = writeln!(out, "    \"{cond}{i}\" [label=\"{i}\"];");
                }
            }
            // One edge per target, labelled with all its ranges.
            let mut targets: Vec<(u32, ByteSet)> = Vec::new();
            for t in &s.transitions {
                match targets.iter_mut().find(|(id, _)| *id == t.target.0) {
                    Some((_, set)) => set.insert_range(t.start, t.end),
                    None => {
                        let mut set = ByteSet::EMPTY;
                        set.insert_range(t.start, t.end);
                        targets.push((t.target.0, set));
                    }
                }
            }
            for (target, set) in targets {
                let label = set.to_string().replace('\\', "\\\\").replace('"', "\\\"");
                let _ = writeln!(out, "    \"{cond}{i}\" -> \"{cond}{target}\" [label=\"{label}\"];");
            }
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}
