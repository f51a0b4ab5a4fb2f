//! What `--stats` prints: the size of each automaton, its loop states, and the code.

use crate::analysis::{ByteSet, Hook, KernelKind};
use crate::Generated;
use std::fmt;

/// Sizes of a compiled grammar.
#[derive(Clone, Debug)]
pub struct Stats {
    /// One entry per start condition.
    pub conditions: Vec<ConditionStats>,
    /// Lines of the formatted generated file.
    pub code_lines: usize,
    /// Bytes of the formatted generated file.
    pub code_bytes: usize,
}

/// Sizes of one condition's automaton.
#[derive(Clone, Debug)]
pub struct ConditionStats {
    /// The condition's name.
    pub name: String,
    /// regex-automata DFA states before its minimization.
    pub dfa_states: usize,
    /// regex-automata DFA states after its minimization.
    pub minimized_dfa_states: usize,
    /// Our states (delayed match folded, minimized again).
    pub states: usize,
    /// Byte-range transitions.
    pub transitions: usize,
    /// States that loop on themselves, with the bytes that stay.
    pub loops: Vec<(u32, ByteSet)>,
    /// SIMD skip hooks: state, class, kernel.
    pub hooks: Vec<(u32, ByteSet, KernelKind)>,
}

impl Stats {
    pub(crate) fn new(generated: &Generated) -> Stats {
        let code = generated.to_file_string();
        let conditions = generated
            .automata()
            .iter()
            .zip(generated.analyses())
            .map(|(a, an)| ConditionStats {
                name: generated.grammar().conditions[a.condition.0 as usize].name.clone(),
                dfa_states: a.sizes.dfa_states,
                minimized_dfa_states: a.sizes.minimized_dfa_states,
                states: a.states.len(),
                transitions: a.transition_count(),
                loops: an.loops.iter().map(|l| (l.state.0, l.class)).collect(),
                hooks: an.hooks.iter().map(|h| (h.state.0, h.class, h.kernel)).collect(),
            })
            .collect();
        Stats { conditions, code_lines: code.lines().count(), code_bytes: code.len() }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.conditions {
            writeln!(f, "condition {}:", c.name)?;
            writeln!(
                f,
                "  DFA states: {} (regex-automata), {} minimized, {} after folding the delayed match",
                c.dfa_states, c.minimized_dfa_states, c.states
            )?;
            writeln!(f, "  transitions (byte ranges): {}", c.transitions)?;
            writeln!(f, "  loop states: {}", c.loops.len())?;
            for (state, class) in &c.loops {
                writeln!(f, "    state {state}: {} bytes {class}", class.len())?;
            }
            writeln!(f, "  SIMD skip hooks: {}", c.hooks.len())?;
            for (state, class, kernel) in &c.hooks {
                let kernel = match kernel {
                    KernelKind::Class => "skip_class",
                    KernelKind::Utf8 => "skip_utf8 (class + well-formed UTF-8)",
                };
                writeln!(
                    f,
                    "    state {state}: {kernel} over {class}, inline probe after {} class bytes in a row \
                     (SWAR level: kernel after {})",
                    Hook::PROBE_AFTER,
                    Hook::SCALAR_PREFIX
                )?;
            }
        }
        write!(f, "generated code: {} lines, {} bytes", self.code_lines, self.code_bytes)
    }
}
