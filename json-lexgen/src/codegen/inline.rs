//! Which states are emitted in place, at each transition into them, rather than as an
//! arm of the state loop's `match`.
//!
//! Inlining turns most of a token's path into straight-line code; only loops and joins
//! go through `state = N; continue`. A state with one way in costs nothing to inline
//! (its code is still emitted once); a state on no cycle is duplicated at each of its
//! predecessors, within [`DUPLICATION_BUDGET`].

use crate::automaton::Automaton;

/// Duplicating acyclic states may grow the code to this many times the state count.
const DUPLICATION_BUDGET: usize = 3;

/// States whose code goes in place at each transition into them, rather than behind
/// the state match: most of a token's path becomes straight-line code and only loops
/// and joins go through `state = N; continue`.
///
/// * A state with one way in (one predecessor, self-loops aside) is always inlined:
///   its code is still emitted once.
/// * A state on no cycle (self-loops aside) is duplicated at each of its predecessors,
///   as long as the whole automaton stays within [`DUPLICATION_BUDGET`] times its state
///   count (a number's fraction and exponent states, say, which several integer states
///   lead to). Past the budget only the first rule applies.
///
/// The start state is never inlined.
pub(super) fn inlined_states(a: &Automaton) -> Vec<bool> {
    let n = a.states.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in a.states.iter().enumerate() {
        for t in &s.transitions {
            let target = t.target.index();
            if target != i && !preds[target].contains(&i) {
                preds[target].push(i);
            }
        }
    }
    let cyclic = on_cycle(a);
    let single: Vec<bool> = (0..n).map(|i| i != 0 && preds[i].len() == 1).collect();
    let acyclic: Vec<bool> = (0..n).map(|i| i != 0 && !cyclic[i] && !preds[i].is_empty()).collect();
    let mut inlined: Vec<bool> = (0..n).map(|i| single[i] || acyclic[i]).collect();
    if emitted_states(&preds, &inlined) > DUPLICATION_BUDGET * n {
        inlined = single;
    }
    // Never follow single predecessors around a cycle forever (such a cycle cannot be
    // reached from the start state, but keep codegen finite whatever the graph).
    for i in 0..n {
        let mut at = i;
        let mut steps = 0;
        while inlined[at] && preds[at].len() == 1 && steps <= n {
            at = preds[at][0];
            steps += 1;
        }
        if steps > n {
            inlined[i] = false;
        }
    }
    inlined
}

/// How many times the generated code will hold a state's code, summed over states.
fn emitted_states(preds: &[Vec<usize>], inlined: &[bool]) -> usize {
    fn copies(i: usize, preds: &[Vec<usize>], inlined: &[bool], memo: &mut [Option<usize>], depth: usize) -> usize {
        if !inlined[i] || depth > preds.len() {
            return 1;
        }
        if let Some(c) = memo[i] {
            return c;
        }
        let c = preds[i].iter().map(|&p| copies(p, preds, inlined, memo, depth + 1)).sum::<usize>().max(1);
        memo[i] = Some(c);
        c
    }
    let mut memo = vec![None; preds.len()];
    (0..preds.len()).map(|i| copies(i, preds, inlined, &mut memo, 0)).sum()
}

/// Per state: true when it lies on a cycle of length two or more.
fn on_cycle(a: &Automaton) -> Vec<bool> {
    let n = a.states.len();
    (0..n)
        .map(|i| {
            // Can `i` reach itself through another state?
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> =
                a.states[i].transitions.iter().map(|t| t.target.index()).filter(|&t| t != i).collect();
            while let Some(s) = stack.pop() {
                if s == i {
                    return true;
                }
                if std::mem::replace(&mut seen[s], true) {
                    continue;
                }
                stack.extend(a.states[s].transitions.iter().map(|t| t.target.index()));
            }
            false
        })
        .collect()
}
