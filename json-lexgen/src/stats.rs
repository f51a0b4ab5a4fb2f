//! What `--stats` prints: the size of each automaton, its loop states, and the code.
//!
//! [`Stats`] is computed on demand by [`crate::Generated::stats`], not during a build:
//! the state count of regex-automata's DFA before its minimization takes a
//! determinization of its own, which only this report needs.

use crate::analysis::{Hook, KernelKind};
use crate::automaton;
use crate::byteset::ByteSet;
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
            .map(|(a, an)| ConditionStats {
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
            })
            .collect();
        Stats { conditions, code_lines: code.lines().count(), code_bytes: code.len() }
    }
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
