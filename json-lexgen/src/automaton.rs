//! From rules to our own state graph, one per start condition.
//!
//! regex-automata builds the DFA (byte mode, `MatchKind::All`, anchored start,
//! minimized). Its states report a match one byte late: a state is a "match state" when
//! the input *before* the byte that led to it matched. We fold that delay away: our
//! state accepts rule `r` when the input consumed so far matches `r`, which is what the
//! DFA's end-of-input transition tells. After the fold, states that differ only in the
//! delayed flag are equivalent, so the graph is minimized once more (Moore's algorithm).
//!
//! Among the patterns a state matches, the earliest rule wins (re2c's tie rule); the
//! longest match is the generated code's job (it remembers the last accepting state).
//!
//! regex-automata's own minimization is not used: ours, after the fold, gives the same
//! minimal automaton, and regex-automata's costs far more on large grammars (keyword
//! tries), more so in the unoptimized proc macro.
//!
//! Determinization is bounded by [`Limits`]: a grammar whose DFA blows up (`[ab]* "a"
//! [ab]{18}` needs 2^19 states) fails within seconds, with an error that names the
//! condition and, when one alone is enough to blow up, the rule.

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Action, ConditionId, Grammar, Pattern, RuleId};
use crate::span::Span;
use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::nfa::thompson;
use regex_automata::util::{primitives::StateID as DfaStateId, start};
use regex_automata::{Anchored, MatchKind};
use regex_syntax::hir::Hir;
use std::collections::{BTreeSet, HashMap};

/// Index of a state in [`Automaton::states`]. The start state is always `StateId(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId(pub u32);

impl StateId {
    /// The start state of every automaton.
    pub const START: StateId = StateId(0);

    /// As an index into [`Automaton::states`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An inclusive range of bytes `start..=end` that leads to `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    /// First byte of the range.
    pub start: u8,
    /// Last byte of the range (inclusive).
    pub end: u8,
    /// Where the bytes lead.
    pub target: StateId,
}

/// One state of the lexer's automaton.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The rule matched by the input consumed so far, if any (the earliest such rule).
    pub accept: Option<RuleId>,
    /// Sorted, non-overlapping byte ranges to the next state. A byte not covered ends
    /// the token: the lexer falls back to the last accepting state.
    pub transitions: Vec<Transition>,
}

impl State {
    /// The state the byte leads to, if any.
    pub fn next(&self, byte: u8) -> Option<StateId> {
        self.transitions.iter().find(|t| t.start <= byte && byte <= t.end).map(|t| t.target)
    }
}

/// The automaton of one start condition.
#[derive(Clone, Debug)]
pub struct Automaton {
    /// Which condition.
    pub condition: ConditionId,
    /// States; `states[0]` is the start state.
    pub states: Vec<State>,
    /// The condition's `$` rule (end of input), if any.
    pub end_of_input: Option<RuleId>,
    /// The condition's `*` rule (any other byte), if any.
    pub default: Option<RuleId>,
    /// Sizes along the way, for `--stats` and BENCHMARKS.md.
    pub sizes: Sizes,
}

/// State counts at each step of construction (the count after regex-automata's
/// minimization costs a determinization of its own: see [`minimized_dfa_states`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    /// Reachable states of regex-automata's DFA (not minimized).
    pub dfa_states: usize,
    /// Our states after folding the delayed match and minimizing again.
    pub states: usize,
}

impl Automaton {
    /// The state with this id.
    #[inline]
    pub fn state(&self, id: StateId) -> &State {
        &self.states[id.index()]
    }

    /// Number of byte-range transitions over all states.
    pub fn transition_count(&self) -> usize {
        self.states.iter().map(|s| s.transitions.len()).sum()
    }
}

/// A limit on the size of what the generator builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// States of one condition's DFA, as determinization builds it (`dfa_states`).
    DfaStates,
    /// Bytes of working memory of one condition's determinization (`determinize_bytes`):
    /// regex-automata's bound, for DFA states that stand for large NFA state sets.
    DeterminizeBytes,
    /// Byte-range transitions of all conditions' automata together, after minimization
    /// (`transitions`): the generated code grows with them.
    Transitions,
}

impl Limit {
    /// Every limit.
    pub const ALL: [Limit; 3] = [Limit::DfaStates, Limit::DeterminizeBytes, Limit::Transitions];

    /// The name a `%limit` directive uses.
    pub fn name(self) -> &'static str {
        match self {
            Limit::DfaStates => "dfa_states",
            Limit::DeterminizeBytes => "determinize_bytes",
            Limit::Transitions => "transitions",
        }
    }

    /// The limit a `%limit` directive names.
    pub fn from_name(name: &str) -> Option<Limit> {
        Limit::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The defaults: room for a 3,000-keyword grammar (22,000 DFA states) and more; a
    /// blow-up stops within seconds, even unoptimized.
    pub fn default_value(self) -> usize {
        match self {
            Limit::DfaStates => 50_000,
            Limit::DeterminizeBytes => 256 << 20,
            Limit::Transitions => 1_000_000,
        }
    }
}

/// The value of each [`Limit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    dfa_states: usize,
    determinize_bytes: usize,
    transitions: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            dfa_states: Limit::DfaStates.default_value(),
            determinize_bytes: Limit::DeterminizeBytes.default_value(),
            transitions: Limit::Transitions.default_value(),
        }
    }
}

impl Limits {
    /// No limit at all (for the analyses' small automata, which are no larger than the
    /// grammar's that were built under the limits).
    pub(crate) const NONE: Limits =
        Limits { dfa_states: usize::MAX, determinize_bytes: usize::MAX, transitions: usize::MAX };

    /// The value of `limit`.
    pub fn get(&self, limit: Limit) -> usize {
        match limit {
            Limit::DfaStates => self.dfa_states,
            Limit::DeterminizeBytes => self.determinize_bytes,
            Limit::Transitions => self.transitions,
        }
    }

    /// Set `limit` to `value`.
    pub fn set(&mut self, limit: Limit, value: usize) {
        match limit {
            Limit::DfaStates => self.dfa_states = value,
            Limit::DeterminizeBytes => self.determinize_bytes = value,
            Limit::Transitions => self.transitions = value,
        }
    }
}

/// Build the automaton of every condition of `grammar`, in condition order, within
/// `limits`.
pub fn build(grammar: &Grammar, limits: &Limits) -> Result<Vec<Automaton>, Diagnostic> {
    let automata = (0..grammar.conditions.len())
        .map(|c| build_condition(grammar, ConditionId(c as u32), limits))
        .collect::<Result<Vec<Automaton>, Diagnostic>>()?;
    let total: usize = automata.iter().map(Automaton::transition_count).sum();
    if total > limits.transitions {
        let largest = automata.iter().max_by_key(|a| a.transition_count()).expect("a grammar has a condition");
        let condition = &grammar.conditions[largest.condition.0 as usize];
        return Err(Diagnostic::error(
            DiagnosticKind::Limit,
            condition_span(grammar, largest.condition),
            format!(
                "the automata have {total} byte-range transitions, more than the limit of {} (the generated code \
                 grows with them); condition '{}' has {} of them in {} states. Raise the limit with \
                 '%limit transitions N;' (or Config::limit)",
                limits.transitions,
                condition.name,
                largest.transition_count(),
                largest.states.len()
            ),
        ));
    }
    Ok(automata)
}

fn build_condition(grammar: &Grammar, cond: ConditionId, limits: &Limits) -> Result<Automaton, Diagnostic> {
    let mut end_of_input = None;
    let mut default = None;
    for (id, rule) in grammar.rules_in(cond) {
        match &rule.pattern {
            Pattern::Regex(_) => {}
            Pattern::EndOfInput => {
                end_of_input.get_or_insert(id);
            }
            Pattern::Default => {
                default.get_or_insert(id);
            }
        }
    }
    let (states, dfa_states) = match determinize(grammar, cond, false, limits)? {
        None => (vec![State { accept: None, transitions: Vec::new() }], 1),
        Some((dfa, pattern_rules)) => {
            let (states, dfa_states) = project(&dfa, &pattern_rules);
            (minimize(prune(states)), dfa_states)
        }
    };
    Ok(Automaton { condition: cond, sizes: Sizes { dfa_states, states: states.len() }, states, end_of_input, default })
}

/// Reachable states of regex-automata's DFA of `cond` after its minimization (1 for a
/// condition without regex rules). Only `--stats` asks, so only it pays for a second
/// determinization and for regex-automata's minimization.
pub fn minimized_dfa_states(grammar: &Grammar, cond: ConditionId) -> Result<usize, Diagnostic> {
    Ok(determinize(grammar, cond, true, &Limits::NONE)?.map_or(1, |(dfa, _)| reachable(&dfa).len()))
}

/// regex-automata's dense DFA, as built here.
type Dfa = dense::DFA<Vec<u32>>;

/// Where a diagnostic about a condition points: where the condition is first named,
/// else (the implicit `INITIAL`) its first rule.
fn condition_span(grammar: &Grammar, cond: ConditionId) -> Span {
    let span = grammar.conditions[cond.0 as usize].span;
    if span.line != 0 {
        return span;
    }
    grammar.rules_in(cond).next().map_or(span, |(_, r)| r.pattern_span)
}

/// A determinization that stopped at a limit.
enum Blowup {
    Limit(Limit),
    Other(String),
}

/// regex-automata's DFA of the regex rules of `cond` (byte mode, `MatchKind::All`,
/// anchored), with the grammar rule of each of its patterns; `None` when the condition
/// has no regex rule.
fn determinize(
    grammar: &Grammar,
    cond: ConditionId,
    minimize: bool,
    limits: &Limits,
) -> Result<Option<(Dfa, Vec<RuleId>)>, Diagnostic> {
    let mut rules = Vec::new();
    for (id, rule) in grammar.rules_in(cond) {
        if let Pattern::Regex(hir) = &rule.pattern {
            rules.push((id, hir));
        }
    }
    if rules.is_empty() {
        return Ok(None);
    }
    let condition = &grammar.conditions[cond.0 as usize];
    match determinize_rules(&rules, minimize, limits) {
        Ok(dfa) => Ok(Some((dfa, rules.iter().map(|&(id, _)| id).collect()))),
        Err(Blowup::Other(what)) => Err(Diagnostic::error(
            DiagnosticKind::Automaton,
            condition_span(grammar, cond),
            format!("cannot build the automaton of condition '{}': {what}", condition.name),
        )),
        Err(Blowup::Limit(limit)) => Err(limit_error(grammar, cond, &rules, limits, limit)),
    }
}

/// The DFA of these rules, or why it could not be built.
fn determinize_rules(rules: &[(RuleId, &Hir)], minimize: bool, limits: &Limits) -> Result<Dfa, Blowup> {
    let hirs: Vec<&Hir> = rules.iter().map(|&(_, hir)| hir).collect();
    let nfa = thompson::Compiler::new()
        .configure(thompson::Config::new().utf8(false).shrink(true))
        .build_many_from_hir(&hirs)
        .map_err(|e| Blowup::Other(e.to_string()))?;
    // regex-automata bounds the DFA's memory, not its states: a state takes one stride
    // of 4-byte transitions (the byte classes and the end of input, rounded up to a
    // power of two), and the start table a little more. `reachable` checks the count.
    let stride = 1usize << nfa.byte_classes().stride2();
    let dfa_bytes = limits.dfa_states.saturating_add(2).saturating_mul(stride * 4).saturating_add(4096);
    let config = dense::Config::new()
        .match_kind(MatchKind::All)
        .start_kind(StartKind::Anchored)
        .minimize(minimize)
        .accelerate(false)
        .byte_classes(true)
        .dfa_size_limit((limits.dfa_states != usize::MAX).then_some(dfa_bytes))
        .determinize_size_limit((limits.determinize_bytes != usize::MAX).then_some(limits.determinize_bytes));
    #[cfg(test)]
    DETERMINIZATIONS.with(|n| n.set(n.get() + 1));
    let dfa = dense::Builder::new().configure(config).build_from_nfa(&nfa).map_err(|e| {
        if !e.is_size_limit_exceeded() {
            Blowup::Other(e.to_string())
        } else if e.to_string().starts_with("determinization exceeded") {
            Blowup::Limit(Limit::DeterminizeBytes)
        } else {
            Blowup::Limit(Limit::DfaStates)
        }
    })?;
    if reachable(&dfa).len() > limits.dfa_states {
        return Err(Blowup::Limit(Limit::DfaStates));
    }
    Ok(dfa)
}

/// The error for a condition whose DFA exceeds `limit`, at the rule that tips it over:
/// the last rule of the shortest prefix of the condition's rules that exceeds the limit
/// (a binary search: adding rules never makes the DFA smaller), said to exceed it by
/// itself when it does. A few determinizations, each stopped at the limit.
fn limit_error(
    grammar: &Grammar,
    cond: ConditionId,
    rules: &[(RuleId, &Hir)],
    limits: &Limits,
    limit: Limit,
) -> Diagnostic {
    let condition = &grammar.conditions[cond.0 as usize];
    let value = limits.get(limit);
    let what = match limit {
        Limit::DfaStates => format!("a DFA of more than {value} states"),
        _ => format!("more than {value} bytes of memory to determinize"),
    };
    let raise = format!("Raise the limit with '%limit {} N;' (or Config::limit)", limit.name());
    let exceeds = |rules: &[(RuleId, &Hir)]| matches!(determinize_rules(rules, false, limits), Err(Blowup::Limit(l)) if l == limit);
    // rules[..fits] stays within the limit, rules[..fails] does not.
    let (mut fits, mut fails) = (0, rules.len());
    while fails - fits > 1 {
        let mid = fits + (fails - fits) / 2;
        if exceeds(&rules[..mid]) {
            fails = mid;
        } else {
            fits = mid;
        }
    }
    let (tipping, _) = rules[fails - 1];
    let span = grammar.rules[tipping.0 as usize].pattern_span;
    if fails == 1 || exceeds(&rules[fails - 1..fails]) {
        return Diagnostic::error(
            DiagnosticKind::Limit,
            span,
            format!(
                "this rule needs {what} by itself (limit {}), so condition '{}' cannot be built. {raise}, or \
                 rewrite the rule: a loop followed by a counted repetition, as in [ab]* \"a\" [ab]{{18}}, \
                 doubles the states with each count",
                limit.name(),
                condition.name
            ),
        );
    }
    Diagnostic::error(
        DiagnosticKind::Limit,
        span,
        format!(
            "condition '{}' needs {what} (limit {}) with this rule and the {} before it, though no rule needs \
             that much by itself. {raise}, or split the rules among conditions",
            condition.name,
            limit.name(),
            fails - 1
        ),
    )
}

#[cfg(test)]
thread_local! {
    /// How many DFAs this thread has determinized: a build must cost one per condition.
    static DETERMINIZATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn dfa_start(dfa: &dense::DFA<Vec<u32>>) -> DfaStateId {
    dfa.start_state(&start::Config::new().anchored(Anchored::Yes))
        .expect("an anchored start state exists: the DFA was built with StartKind::Anchored and no look-behind")
}

/// One byte of each of the DFA's byte classes (bytes of a class lead to the same
/// state from every state, so one stands for all: a large grammar has a few dozen).
fn representatives(dfa: &Dfa) -> Vec<u8> {
    let classes = dfa.byte_classes();
    (0..=255u8).filter(|&b| b == 0 || classes.get(b) != classes.get(b - 1)).collect()
}

/// DFA states reachable from the anchored start, in breadth-first order, dead state
/// excluded.
fn reachable(dfa: &dense::DFA<Vec<u32>>) -> Vec<DfaStateId> {
    let start = dfa_start(dfa);
    let bytes = representatives(dfa);
    let mut order = vec![start];
    let mut seen: HashMap<DfaStateId, usize> = HashMap::from([(start, 0)]);
    let mut i = 0;
    while i < order.len() {
        let s = order[i];
        i += 1;
        for &b in &bytes {
            let t = dfa.next_state(s, b);
            if dfa.is_dead_state(t) || dfa.is_quit_state(t) || seen.contains_key(&t) {
                continue;
            }
            seen.insert(t, order.len());
            order.push(t);
        }
    }
    order
}

/// regex-automata's DFA → our states (delayed match folded into `accept`). Returns the
/// states and the number of DFA states they came from.
fn project(dfa: &dense::DFA<Vec<u32>>, pattern_rules: &[RuleId]) -> (Vec<State>, usize) {
    let order = reachable(dfa);
    let index: HashMap<DfaStateId, usize> = order.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let classes = dfa.byte_classes();
    let bytes = representatives(dfa);
    let states = order
        .iter()
        .map(|&s| {
            let eoi = dfa.next_eoi_state(s);
            let accept = dfa.is_match_state(eoi).then(|| {
                (0..dfa.match_len(eoi))
                    .map(|i| pattern_rules[dfa.match_pattern(eoi, i).as_usize()])
                    .min()
                    .expect("a match state has a pattern")
            });
            // The target of each class, then of each byte.
            let targets: Vec<Option<StateId>> =
                bytes.iter().map(|&b| index.get(&dfa.next_state(s, b)).map(|&t| StateId(t as u32))).collect();
            let mut transitions: Vec<Transition> = Vec::new();
            for b in 0..=255u8 {
                let Some(target) = targets[classes.get(b) as usize] else { continue };
                match transitions.last_mut() {
                    Some(t) if t.target == target && t.end as u16 + 1 == b as u16 => t.end = b,
                    _ => transitions.push(Transition { start: b, end: b, target }),
                }
            }
            State { accept, transitions }
        })
        .collect();
    (states, order.len())
}

/// Drop transitions into states from which no accepting state can be reached (such as
/// the DFA's state that only reports the delayed match): entering one can only end in
/// a fallback, so the byte is better treated as the end of the token right away.
fn prune(mut states: Vec<State>) -> Vec<State> {
    let mut live: Vec<bool> = states.iter().map(|s| s.accept.is_some()).collect();
    loop {
        let mut changed = false;
        for (i, s) in states.iter().enumerate() {
            if !live[i] && s.transitions.iter().any(|t| live[t.target.index()]) {
                live[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for s in &mut states {
        s.transitions.retain(|t| live[t.target.index()]);
    }
    states
}

/// Merge equivalent states (Moore's partition refinement) and renumber them in
/// breadth-first order from the start state, so that output is stable.
pub fn minimize(states: Vec<State>) -> Vec<State> {
    // Blocks start as "same accepting rule"; split until transitions agree.
    let mut block: Vec<usize> = {
        let mut ids: HashMap<Option<RuleId>, usize> = HashMap::new();
        states
            .iter()
            .map(|s| {
                let n = ids.len();
                *ids.entry(s.accept).or_insert(n)
            })
            .collect()
    };
    let mut count = block.iter().max().map_or(0, |m| m + 1);
    loop {
        // (previous block, transitions by block) -> new block.
        type Signature = (usize, Vec<(u8, u8, usize)>);
        let mut ids: HashMap<Signature, usize> = HashMap::new();
        let next: Vec<usize> = states
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let sig: Vec<(u8, u8, usize)> =
                    merge_ranges(s.transitions.iter().map(|t| (t.start, t.end, block[t.target.index()])));
                let n = ids.len();
                *ids.entry((block[i], sig)).or_insert(n)
            })
            .collect();
        let new_count = ids.len();
        block = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Renumber blocks breadth-first from the start state's block.
    let mut new_id: Vec<Option<u32>> = vec![None; count];
    let mut order = Vec::new();
    let representative: Vec<usize> = {
        let mut rep = vec![usize::MAX; count];
        for (i, &b) in block.iter().enumerate() {
            if rep[b] == usize::MAX {
                rep[b] = i;
            }
        }
        rep
    };
    new_id[block[0]] = Some(0);
    order.push(block[0]);
    let mut i = 0;
    while i < order.len() {
        let s = &states[representative[order[i]]];
        i += 1;
        for t in &s.transitions {
            let b = block[t.target.index()];
            if new_id[b].is_none() {
                new_id[b] = Some(order.len() as u32);
                order.push(b);
            }
        }
    }
    order
        .iter()
        .map(|&b| {
            let s = &states[representative[b]];
            let transitions = merge_ranges(
                s.transitions.iter().map(|t| (t.start, t.end, new_id[block[t.target.index()]].expect("reachable"))),
            )
            .into_iter()
            .map(|(start, end, target)| Transition { start, end, target: StateId(target) })
            .collect();
            State { accept: s.accept, transitions }
        })
        .collect()
}

/// Join adjacent ranges with the same target.
fn merge_ranges<T: PartialEq + Copy>(ranges: impl Iterator<Item = (u8, u8, T)>) -> Vec<(u8, u8, T)> {
    let mut out: Vec<(u8, u8, T)> = Vec::new();
    for (start, end, target) in ranges {
        match out.last_mut() {
            Some(last) if last.2 == target && last.1 as u16 + 1 == start as u16 => last.1 = end,
            _ => out.push((start, end, target)),
        }
    }
    out
}

/// For each state, the earliest token rule still reachable from it (what the lexer was
/// in the middle of, should it fail there). Skip rules do not count.
pub fn partial_rules(grammar: &Grammar, automaton: &Automaton) -> Vec<Option<RuleId>> {
    let is_token = |r: RuleId| matches!(grammar.rules[r.0 as usize].action, Action::Token(_));
    let n = automaton.states.len();
    let mut best: Vec<Option<RuleId>> = automaton.states.iter().map(|s| s.accept.filter(|&r| is_token(r))).collect();
    // Fixpoint: a state inherits the minimum over its successors.
    loop {
        let mut changed = false;
        for i in 0..n {
            for t in &automaton.states[i].transitions {
                let candidate = best[t.target.index()];
                if let Some(c) = candidate {
                    if best[i].is_none_or(|b| c < b) {
                        best[i] = Some(c);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            // Failing in the start state means no token had begun.
            best[0] = None;
            return best;
        }
    }
}

/// For each state, which "last accepting rule" the lexer may be carrying when it enters
/// it: `None` in the set means no rule has matched yet on some path. Lets generated code
/// drop the bookkeeping where the answer is known statically.
pub fn incoming_accepts(automaton: &Automaton) -> Vec<BTreeSet<Option<RuleId>>> {
    let n = automaton.states.len();
    let mut sets: Vec<BTreeSet<Option<RuleId>>> = vec![BTreeSet::new(); n];
    sets[0].insert(None);
    let mut work = vec![0usize];
    while let Some(i) = work.pop() {
        let state = &automaton.states[i];
        let out: BTreeSet<Option<RuleId>> = match state.accept {
            Some(r) => BTreeSet::from([Some(r)]),
            None => sets[i].clone(),
        };
        for t in &state.transitions {
            let target = &mut sets[t.target.index()];
            let before = target.len();
            target.extend(out.iter().copied());
            if target.len() != before {
                work.push(t.target.index());
            }
        }
    }
    sets
}

/// For the logos front-end's priority check: every set of patterns (indices into
/// `hirs`, ascending) that match one same input, read off the anchored DFA of all of
/// them (`MatchKind::All`, so that each match state lists every pattern it matches).
pub(crate) fn simultaneous_matches(hirs: &[&Hir], limits: &Limits) -> Result<Vec<Vec<usize>>, String> {
    let rules: Vec<(RuleId, &Hir)> = hirs.iter().enumerate().map(|(i, &h)| (RuleId(i as u32), h)).collect();
    let dfa = determinize_rules(&rules, false, limits).map_err(|e| match e {
        Blowup::Limit(limit) => format!("the automaton exceeds the limit on {}", limit.name()),
        Blowup::Other(what) => what,
    })?;
    let mut sets: Vec<Vec<usize>> = Vec::new();
    for s in reachable(&dfa) {
        let eoi = dfa.next_eoi_state(s);
        if !dfa.is_match_state(eoi) || dfa.match_len(eoi) < 2 {
            continue;
        }
        let mut set: Vec<usize> = (0..dfa.match_len(eoi)).map(|i| dfa.match_pattern(eoi, i).as_usize()).collect();
        set.sort_unstable();
        if !sets.contains(&set) {
            sets.push(set);
        }
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::{build, Limit, Limits, DETERMINIZATIONS};
    use crate::diagnostic::DiagnosticKind;

    /// `[ab]* "a" [ab]{n}` needs 2^(n+2) + 1 DFA states (2^(n+1) once minimized).
    fn explosive(n: u32) -> crate::grammar::Grammar {
        crate::parse::parse(&format!("[ab]* \"a\" [ab]{{{n}}} => X;\n")).expect("the grammar parses")
    }

    /// Just under the default state limit, a grammar builds; twice as large, it does not.
    #[test]
    fn a_grammar_at_the_default_limit_builds() {
        let limit = Limit::DfaStates.default_value();
        let automata = build(&explosive(13), &Limits::default()).expect("2^15 + 1 states are within the default");
        let dfa_states = automata[0].sizes.dfa_states;
        assert!(dfa_states > limit / 2 && dfa_states <= limit, "{dfa_states}");
        let d = build(&explosive(14), &Limits::default()).expect_err("2^16 + 1 states are not");
        assert_eq!(d.kind, DiagnosticKind::Limit);
    }

    /// The state limit is exact, though regex-automata bounds bytes: the DFA's own count
    /// is a limit that just fits.
    #[test]
    fn the_state_limit_is_a_count_of_states() {
        let grammar = explosive(6);
        let n = build(&grammar, &Limits::default()).unwrap()[0].sizes.dfa_states;
        let mut limits = Limits::default();
        limits.set(Limit::DfaStates, n);
        build(&grammar, &limits).expect("exactly the DFA's states");
        limits.set(Limit::DfaStates, n - 1);
        let d = build(&grammar, &limits).expect_err("one state fewer");
        assert!(d.message.contains(&format!("more than {} states", n - 1)), "{}", d.message);
    }

    /// A build determinizes each condition once; only `stats()` pays for the extra,
    /// unminimized DFA whose size it reports.
    #[test]
    fn a_build_determinizes_each_condition_once() {
        let grammar = "%name Two;\n<A> [a-z]+ => Word -> B;\n<A> \" \"+ => skip;\n<B> [0-9]+ => Number -> A;\n";
        let count = || DETERMINIZATIONS.with(|n| n.get());
        let before = count();
        let generated = crate::Builder::new().build_from_str(grammar).expect("the grammar compiles");
        assert_eq!(count() - before, 2, "one determinization per condition (A and B)");
        let stats = generated.stats();
        assert_eq!(count() - before, 4, "stats() determinizes each condition once more, unminimized");
        assert!(stats.conditions.iter().all(|c| c.dfa_states.is_some()));
    }
}
