//! What `--stats` prints: the size of each automaton, its loop states, and the code.
//!
//! [`Stats`] is computed on demand by [`crate::Generated::stats`], not during a build:
//! the state count of regex-automata's DFA before its minimization takes a
//! determinization of its own, which only this report needs.

use crate::analysis::{Hook, KernelKind};
use crate::automaton;
use crate::byteset::ByteSet;
use crate::codegen::condition::Backend;
use crate::Generated;
use std::fmt;

/// Sizes of a compiled grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// One entry per start condition.
    pub conditions: Vec<ConditionStats>,
    /// Lines of the formatted generated file.
    pub code_lines: usize,
    /// Bytes of the formatted generated file.
    pub code_bytes: usize,
}

/// Sizes of one condition's automaton.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConditionStats {
    /// The condition's name.
    pub name: String,
    /// regex-automata DFA states before its minimization (`None` if regex-automata
    /// could not build that DFA again, which does not happen for a grammar that built).
    pub dfa_states: Option<usize>,
    /// regex-automata DFA states after its minimization.
    pub minimized_dfa_states: usize,
    /// Our states (delayed match folded, minimized again).
    pub states: usize,
    /// Byte-range transitions.
    pub transitions: usize,
    /// States that loop on themselves, in state order.
    pub loops: Vec<LoopStats>,
    /// States emitted as code, in state order (see [`crate::BackendChoice`]).
    pub code_states: Vec<u32>,
    /// States that are rows of the condition's transition table, in state order.
    pub table_states: Vec<u32>,
    /// The condition's transition table, if it has table states.
    pub table: Option<TableStats>,
    /// Lines of the condition's code (its arm of `next_token`, formatted on its own).
    pub code_lines: usize,
    /// Bytes of the condition's code, formatted on its own.
    pub code_bytes: usize,
}

/// The transition table of a condition's table states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableStats {
    /// Byte equivalence classes (the columns).
    pub classes: usize,
    /// Rows: the table states, and the code states whose row is another's default.
    pub rows: usize,
    /// Entries stored after compression (the rest come from default rows).
    pub entries: usize,
    /// Rows stored as their differences from a default row.
    pub default_rows: usize,
}

/// A state that loops on itself.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoopStats {
    /// The state's number (as in `--dot`).
    pub state: u32,
    /// The bytes that stay in the state, as sorted, maximal inclusive ranges.
    pub class: Vec<(u8, u8)>,
    /// The SIMD skip hook on the loop, if it has one.
    pub hook: Option<HookKernel>,
}

/// Which runtime kernel a SIMD skip hook calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HookKernel {
    /// `skip_class`: bytes of the loop class.
    Class,
    /// `skip_utf8`: bytes of the (ASCII) loop class and well-formed UTF-8 characters.
    Utf8,
}

impl Stats {
    pub(crate) fn new(generated: &Generated) -> Stats {
        let code = generated.to_file_string();
        let grammar = &generated.grammar;
        let conditions = generated
            .automata
            .iter()
            .zip(&generated.analyses)
            .zip(&generated.layouts)
            .map(|((a, an), layout)| {
                let states_by = |backend: Backend| -> Vec<u32> {
                    (0..a.states.len() as u32).filter(|&i| layout.backends[i as usize] == backend).collect()
                };
                let arm = layout.code.clone();
                let arm_code = crate::codegen::safety::format_file(&quote::quote!(fn condition() { #arm }))
                    .unwrap_or_else(|_| arm.to_string());
                ConditionStats {
                    name: grammar.conditions[a.condition.0 as usize].name.clone(),
                    dfa_states: Some(a.sizes.dfa_states),
                    minimized_dfa_states: automaton::minimized_dfa_states(grammar, a.condition)
                        .unwrap_or(a.sizes.dfa_states),
                    states: a.states.len(),
                    transitions: a.transition_count(),
                    loops: an
                        .loops
                        .iter()
                        .map(|l| LoopStats {
                            state: l.state.0,
                            class: l.class.ranges(),
                            hook: an.hooks.iter().find(|h| h.state == l.state).map(|h| match h.kernel {
                                KernelKind::Class => HookKernel::Class,
                                KernelKind::Utf8 => HookKernel::Utf8,
                            }),
                        })
                        .collect(),
                    code_states: states_by(Backend::Direct),
                    table_states: states_by(Backend::Table),
                    table: layout.table,
                    code_lines: arm_code.lines().count(),
                    code_bytes: arm_code.len(),
                }
            })
            .collect();
        Stats { conditions, code_lines: code.lines().count(), code_bytes: code.len() }
    }
}

/// `[0-3 7 9-12]`: sorted state numbers as ranges.
fn ranges(states: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let mut j = i;
        while j + 1 < states.len() && states[j + 1] == states[j] + 1 {
            j += 1;
        }
        out.push(if i == j { states[i].to_string() } else { format!("{}-{}", states[i], states[j]) });
        i = j + 1;
    }
    format!("[{}]", out.join(" "))
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.conditions {
            writeln!(f, "condition {}:", c.name)?;
            let dfa_states = c.dfa_states.map_or_else(|| "?".to_string(), |n| n.to_string());
            writeln!(
                f,
                "  DFA states: {dfa_states} (regex-automata), {} minimized, {} after folding the delayed match",
                c.minimized_dfa_states, c.states
            )?;
            writeln!(f, "  transitions (byte ranges): {}", c.transitions)?;
            writeln!(f, "  loop states: {}", c.loops.len())?;
            for l in &c.loops {
                let class = ByteSet::from_ranges(&l.class);
                writeln!(f, "    state {}: {} bytes {class}", l.state, class.len())?;
            }
            writeln!(f, "  code: {} lines, {} bytes", c.code_lines, c.code_bytes)?;
            writeln!(f, "  code states: {} {}", c.code_states.len(), ranges(&c.code_states))?;
            writeln!(f, "  table states: {} {}", c.table_states.len(), ranges(&c.table_states))?;
            if let Some(t) = &c.table {
                writeln!(
                    f,
                    "  table: {} rows x {} byte classes, {} entries stored ({} rows as differences from a default row)",
                    t.rows, t.classes, t.entries, t.default_rows
                )?;
            }
            let hooked: Vec<&LoopStats> = c.loops.iter().filter(|l| l.hook.is_some()).collect();
            writeln!(f, "  SIMD skip hooks: {}", hooked.len())?;
            for l in hooked {
                let kernel = match l.hook {
                    Some(HookKernel::Utf8) => "skip_utf8 (class + well-formed UTF-8)",
                    _ => "skip_class",
                };
                writeln!(
                    f,
                    "    state {}: {kernel} over {}, inline probe after {} class bytes in a row \
                     (SWAR level: kernel after {})",
                    l.state,
                    ByteSet::from_ranges(&l.class),
                    Hook::PROBE_AFTER,
                    Hook::SCALAR_PREFIX
                )?;
            }
        }
        write!(f, "generated code: {} lines, {} bytes", self.code_lines, self.code_bytes)
    }
}
