//! The table backend: the cold states of a condition as rows of one compressed
//! transition table, run by one small loop.
//!
//! Code grows with the grammar through numbers, not statements: a state that is a
//! table row costs a few table entries where its code would cost a `match`, so a
//! grammar of hundreds of keywords stays a file of modest size that compiles in
//! seconds. The hot states stay code (see [`choose`]).
//!
//! The table, per condition:
//!
//! * `T_CLASS: [u8; 256]`: byte → equivalence class (bytes that every row maps alike);
//! * the rows, over classes, compressed by row displacement (the comb of flex and
//!   bison): state `s`'s entry for class `c` is `T_NEXT[T_BASE[s] + c]` when
//!   `T_CHECK[T_BASE[s] + c] == s`, else the entry of its default row `T_DEFAULT[s]`
//!   (one level deep: a default row has none of its own). A keyword's state differs
//!   from the identifier state's row in one class or two, so it stores one or two
//!   entries. An entry is a table state, a code state (`| T_CODE`: the state loop
//!   takes it), or no transition (`T_DEAD`);
//! * `T_ACCEPT[s]`: the rule the state accepts, if any; `T_FALL[s]`: which of the
//!   condition's distinct dead ends a state that accepts nothing takes.
//!
//! Every read is a checked `get` (the runner has no `unsafe` and no panic path); the
//! bounds hold by construction, so a failed `get` never happens.

use super::condition::{Backend, CondCtx};
use super::Ctx;
use crate::analysis::Analysis;
use crate::automaton::{Automaton, State, StateId};
use crate::grammar::{Action, RuleId};
use crate::stats::TableStats;
use crate::BackendChoice;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use std::collections::{BTreeSet, HashMap};

/// The backend of each state of `a` under `choice` (see [`BackendChoice`]).
///
/// Hot states, which stay code under [`BackendChoice::Tables`]: the start state (every
/// token starts there), states that loop on themselves (runs of string bodies, digits,
/// identifiers, whitespace: unrolled loops and SIMD hooks), and the states of a token's
/// first byte; under [`BackendChoice::Auto`], also the states after them nearest the
/// start, up to [`BackendChoice::AUTO_TABLES_ABOVE`] code states (see [`near_start`]). States that accept and have no way out have no
/// code of their own (a transition into one emits the token); in a table they are rows
/// that end the token.
pub(super) fn choose(a: &Automaton, analysis: &Analysis, choice: BackendChoice) -> Vec<Backend> {
    let n = a.states.len();
    let tables = match choice {
        BackendChoice::Code => false,
        BackendChoice::Auto => n > BackendChoice::AUTO_TABLES_ABOVE,
        BackendChoice::Tables | BackendChoice::TablesOnly => true,
    };
    if !tables {
        return vec![Backend::Direct; n];
    }
    let mut hot = vec![false; n];
    hot[StateId::START.index()] = true;
    if choice != BackendChoice::TablesOnly {
        for l in &analysis.loops {
            hot[l.state.index()] = true;
        }
        // Auto: as much code as a grammar at the threshold has. Tables: as little as
        // keeps the hot paths code (and the table loop in use on small grammars).
        let budget = if choice == BackendChoice::Auto { BackendChoice::AUTO_TABLES_ABOVE } else { 0 };
        near_start(a, &mut hot, budget);
    }
    (0..n)
        .map(|i| if hot[i] && (i == 0 || !ends_at_once(&a.states[i])) { Backend::Direct } else { Backend::Table })
        .collect()
}

/// Mark hot the states nearest a token's start, breadth first: every first byte's
/// state, then those of the next bytes while the code states number at most `budget`.
///
/// Most tokens pass there: in a keyword trie, every identifier that starts like a
/// keyword walks the trie's first states before it leaves for the identifier loop, and
/// a table row there costs each such identifier a trip through the table loop and back.
fn near_start(a: &Automaton, hot: &mut [bool], budget: usize) {
    // States that end a token at once get no code (see `choose`): not counted.
    let has_code = |i: usize| !ends_at_once(&a.states[i]);
    let mut count = (0..hot.len()).filter(|&i| hot[i] && has_code(i)).count();
    let mut seen = vec![false; hot.len()];
    seen[StateId::START.index()] = true;
    let mut level = vec![StateId::START];
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for s in level {
            for t in &a.states[s.index()].transitions {
                let i = t.target.index();
                if std::mem::replace(&mut seen[i], true) {
                    continue;
                }
                // Hot already (a loop): its successors are still a token's next bytes.
                if !hot[i] {
                    // A token's first byte always: the start state dispatches there.
                    if depth > 1 && has_code(i) && count >= budget {
                        return;
                    }
                    hot[i] = true;
                    count += usize::from(has_code(i));
                }
                next.push(t.target);
            }
        }
        level = next;
    }
}

/// A state that accepts and has no way out: a transition into it emits the token, so
/// it has no code of its own (a table row of it ends the token).
fn ends_at_once(s: &State) -> bool {
    s.accept.is_some() && s.transitions.is_empty()
}

/// No transition (an entry of no row, and the value of `T_NEXT` for "none").
const NONE: u32 = u32::MAX;

/// One condition's compressed table.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// Byte → class.
    classes: [u8; 256],
    /// Number of classes.
    class_count: usize,
    /// Per state: where its row starts in `check`/`next` (0 for a state without one).
    base: Vec<u32>,
    /// Per state: its default row's state, or [`NONE`].
    default: Vec<u32>,
    /// Per slot: the state whose entry it is, or [`NONE`].
    check: Vec<u32>,
    /// Per slot: the target ([`Tables::encode`]d).
    next: Vec<u32>,
    /// Per state: the rule it accepts, or [`NONE`].
    accept: Vec<u32>,
    /// Per state that accepts nothing: its dead end's index in `dead_ends`.
    fall: Vec<u32>,
    /// The table states that accept nothing, one per distinct dead end.
    dead_ends: Vec<StateId>,
    /// Per state: a table state.
    is_table: Vec<bool>,
    /// States whose row is in the table (table states, and code states whose row is a
    /// default row).
    rows: usize,
}

impl Tables {
    /// The table of the states `backends` marks [`Backend::Table`], or `None` if there
    /// are none.
    pub(super) fn new(cond: &CondCtx, backends: &[Backend]) -> Option<Tables> {
        let a = cond.a;
        let n = a.states.len();
        let is_table: Vec<bool> = backends.iter().map(|b| *b == Backend::Table).collect();
        if !is_table.contains(&true) {
            return None;
        }
        let dense: Vec<Vec<u32>> = a
            .states
            .iter()
            .map(|s| {
                let mut row = vec![NONE; 256];
                for t in &s.transitions {
                    for b in t.start..=t.end {
                        row[b as usize] = t.target.0;
                    }
                }
                row
            })
            .collect();
        // Each table state's candidate default row: the state most of its bytes lead to
        // (for a keyword's state, the identifier state).
        let candidate: Vec<Option<usize>> = (0..n)
            .map(|i| {
                if !is_table[i] {
                    return None;
                }
                let mut counts: HashMap<u32, usize> = HashMap::new();
                for &t in dense[i].iter().filter(|&&t| t != NONE) {
                    *counts.entry(t).or_default() += 1;
                }
                counts.into_iter().max_by_key(|&(t, c)| (c, std::cmp::Reverse(t))).map(|(t, _)| t as usize)
            })
            .collect();
        let row_states: BTreeSet<usize> =
            (0..n).filter(|&i| is_table[i]).chain(candidate.iter().flatten().copied()).collect();
        // Classes: bytes that every row maps to the same target.
        let mut classes = [0u8; 256];
        let mut class_of: HashMap<Vec<u32>, u8> = HashMap::new();
        let mut representative: Vec<usize> = Vec::new();
        for b in 0..256 {
            let signature: Vec<u32> = row_states.iter().map(|&s| dense[s][b]).collect();
            let k = class_of.len();
            let class = *class_of.entry(signature).or_insert_with(|| {
                representative.push(b);
                k as u8
            });
            classes[b] = class;
        }
        let class_count = representative.len();
        let row = |s: usize| -> Vec<u32> { representative.iter().map(|&b| dense[s][b]).collect() };
        let rows: HashMap<usize, Vec<u32>> = row_states.iter().map(|&s| (s, row(s))).collect();
        let own = |s: usize| rows[&s].iter().filter(|&&t| t != NONE).count();
        let diff = |s: usize, d: usize| rows[&s].iter().zip(&rows[&d]).filter(|(x, y)| x != y).count();
        // Default rows, one level deep: a state chosen as a default keeps all its entries.
        let mut default: Vec<u32> = vec![NONE; n];
        for s in 0..n {
            if let Some(d) = candidate[s] {
                if d != s && diff(s, d) < own(s) {
                    default[s] = d as u32;
                }
            }
        }
        let defaults: BTreeSet<u32> = default.iter().copied().filter(|&d| d != NONE).collect();
        for &d in &defaults {
            default[d as usize] = NONE;
        }
        let encode = |t: u32| -> u32 {
            match t {
                NONE => NONE,
                t if is_table[t as usize] => t,
                t => t | Self::code_bit(n),
            }
        };
        // Each row's entries: where it differs from its default row (or every transition).
        let mut entries: Vec<(usize, Vec<(usize, u32)>)> = row_states
            .iter()
            .map(|&s| {
                let r = &rows[&s];
                let list: Vec<(usize, u32)> = match default[s] {
                    NONE => r.iter().enumerate().filter(|(_, &t)| t != NONE).map(|(c, &t)| (c, encode(t))).collect(),
                    d => r
                        .iter()
                        .zip(&rows[&(d as usize)])
                        .enumerate()
                        .filter(|(_, (x, y))| x != y)
                        .map(|(c, (&t, _))| (c, if t == NONE { Self::dead(n) } else { encode(t) }))
                        .collect(),
                };
                (s, list)
            })
            .collect();
        // Row displacement, first fit, widest rows first.
        entries.sort_by_key(|(s, list)| (std::cmp::Reverse(list.len()), *s));
        let mut base = vec![0u32; n];
        let mut check: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let mut lowest_free = 0usize;
        for (s, list) in &entries {
            let Some(&(first, _)) = list.first() else { continue };
            let mut at = lowest_free.saturating_sub(first);
            while !list.iter().all(|&(c, _)| check.get(at + c).is_none_or(|&o| o == NONE)) {
                at += 1;
            }
            for &(c, t) in list {
                if check.len() <= at + c {
                    check.resize(at + c + 1, NONE);
                    next.resize(at + c + 1, NONE);
                }
                check[at + c] = *s as u32;
                next[at + c] = t;
            }
            base[*s] = at as u32;
            while check.get(lowest_free).is_some_and(|&o| o != NONE) {
                lowest_free += 1;
            }
        }
        // Unused slots: no state owns them. `next` there is never read.
        for (c, x) in check.iter().zip(next.iter_mut()) {
            if *c == NONE {
                *x = 0;
            }
        }
        let accept: Vec<u32> =
            (0..n).map(|i| if is_table[i] { a.states[i].accept.map_or(NONE, |r| r.0) } else { NONE }).collect();
        Some(Tables {
            classes,
            class_count,
            base,
            default,
            check,
            next,
            accept,
            fall: vec![0; n],
            dead_ends: Vec::new(),
            is_table,
            rows: row_states.len(),
        })
    }

    /// Marks a code state in `T_NEXT`.
    fn code_bit(n: usize) -> u32 {
        if Self::narrow(n) {
            0x8000
        } else {
            0x8000_0000
        }
    }

    /// `T_NEXT`'s "no transition" where a default row has one.
    fn dead(n: usize) -> u32 {
        Self::code_bit(n) - 1
    }

    /// State ids fit in 15 bits (below the dead value): `u16` entries.
    fn narrow(n: usize) -> bool {
        n < 0x7FFF
    }

    /// Sizes, for `--stats`.
    pub(crate) fn sizes(&self) -> TableStats {
        TableStats {
            classes: self.class_count,
            rows: self.rows,
            entries: self.check.iter().filter(|&&c| c != NONE).count(),
            default_rows: self.default.iter().filter(|&&d| d != NONE).count(),
        }
    }
}

/// `static NAME: [T; N] = [...];` with the narrowest unsigned `T` that holds every value
/// and `at_least` (values equal to [`NONE`] are written as `T::MAX`), and `T`.
fn int_table(name: &str, values: &[u32], at_least: u32) -> (TokenStream, TokenStream) {
    let max = values.iter().copied().filter(|&v| v != NONE).max().unwrap_or(0).max(at_least);
    let (ty, none): (TokenStream, u32) = if max < u8::MAX as u32 {
        (quote!(u8), u8::MAX as u32)
    } else if max < u16::MAX as u32 {
        (quote!(u16), u16::MAX as u32)
    } else {
        (quote!(u32), u32::MAX)
    };
    let name = format_ident!("{}", name);
    let len = Literal::usize_unsuffixed(values.len());
    let entries = values.iter().map(|&v| Literal::u32_unsuffixed(if v == NONE { none } else { v }));
    (quote!(static #name: [#ty; #len] = [#(#entries),*];), ty)
}

/// The narrowest type's "none" for a table made by [`int_table`].
fn none_of(ty: &TokenStream) -> TokenStream {
    quote!(#ty::MAX)
}

impl Ctx<'_> {
    /// The statics of a condition's table and the loop that runs its states (the state
    /// match's `_` arm): per step, remember an accepting state's match, read the next
    /// byte, look its class up in the state's row (then its default row), and go on to
    /// the target: a table state in this loop, a code state through the state match.
    pub(super) fn table_runner(&self, cond: &CondCtx, tables: &mut Tables) -> (TokenStream, TokenStream) {
        let n = cond.a.states.len();
        // The distinct dead ends of the table states that accept nothing.
        let mut dead_ends: Vec<(String, TokenStream)> = Vec::new();
        for i in 0..n {
            if tables.is_table[i] && cond.a.states[i].accept.is_none() {
                let code = self.dead_end(cond, StateId(i as u32));
                let text = code.to_string();
                let k = match dead_ends.iter().position(|(t, _)| *t == text) {
                    Some(k) => k,
                    None => {
                        dead_ends.push((text, code));
                        tables.dead_ends.push(StateId(i as u32));
                        dead_ends.len() - 1
                    }
                };
                tables.fall[i] = k as u32;
            }
        }
        let classes = tables.classes.iter().map(|&c| Literal::u8_unsuffixed(c));
        let class_static = quote!(static T_CLASS: [u8; 256] = [#(#classes),*];);
        let (base_static, _) = int_table("T_BASE", &tables.base, 0);
        let (default_static, default_ty) = int_table("T_DEFAULT", &tables.default, 0);
        let (check_static, check_ty) = int_table("T_CHECK", &tables.check, n as u32);
        let next_values: Vec<u32> = tables.next.clone();
        let (next_static, next_ty) = {
            // The code bit and the dead value decide the type, not the largest entry.
            let ty = if Tables::narrow(n) { quote!(u16) } else { quote!(u32) };
            let len = Literal::usize_unsuffixed(next_values.len());
            let entries = next_values.iter().map(|&v| Literal::u32_unsuffixed(v));
            (quote!(static T_NEXT: [#ty; #len] = [#(#entries),*];), ty)
        };
        let (accept_static, accept_ty) = int_table("T_ACCEPT", &tables.accept, 0);
        let accept_none = none_of(&accept_ty);
        let default_none = none_of(&default_ty);
        let code_bit = Literal::u32_unsuffixed(Tables::code_bit(n));
        let dead = Literal::u32_unsuffixed(Tables::dead(n));
        let (fall_static, fall) = match dead_ends.len() {
            // Every table state accepts: the check above always leaves.
            0 => (TokenStream::new(), TokenStream::new()),
            1 => (TokenStream::new(), dead_ends[0].1.clone()),
            _ => {
                let (fall_static, _) = int_table("T_FALL", &tables.fall, 0);
                let last = dead_ends.len() - 1;
                let arms = dead_ends.iter().enumerate().map(|(k, (_, code))| {
                    if k == last {
                        quote!(_ => #code)
                    } else {
                        let k = Literal::usize_unsuffixed(k);
                        quote!(#k => #code)
                    }
                });
                (
                    fall_static,
                    quote! {
                        match T_FALL.get(s).copied().unwrap_or(0) {
                            #(#arms)*
                        }
                    },
                )
            }
        };
        let leave = if fall.is_empty() {
            quote!(break 'dfa (acc as u32, p);)
        } else {
            quote! {
                if acc != #accept_none {
                    break 'dfa (acc as u32, p);
                }
                #fall
            }
        };
        let remember_rule = cond.needs_dynamic.then(|| quote!(last_rule = acc as u32;));
        let read = self.read_byte(&quote!({ break 'next #dead; }));
        let statics = quote! {
            #class_static
            #base_static
            #default_static
            #check_static
            #next_static
            #accept_static
            #fall_static
        };
        let trace = self.config.trace.then(|| self.trace_state(quote!(state)));
        let runner = quote! {
            loop {
                #trace
                let s = state as usize;
                let acc = T_ACCEPT.get(s).copied().unwrap_or(#accept_none);
                if acc != #accept_none {
                    last_end = p;
                    #remember_rule
                }
                let t: #next_ty = 'next: {
                    #read
                    let c = T_CLASS[b as usize] as usize;
                    let mut r = s;
                    loop {
                        let i = T_BASE.get(r).copied().unwrap_or(0) as usize + c;
                        if T_CHECK.get(i).copied() == ::core::option::Option::Some(r as #check_ty) {
                            break 'next T_NEXT.get(i).copied().unwrap_or(#dead);
                        }
                        let d = T_DEFAULT.get(r).copied().unwrap_or(#default_none);
                        if d == #default_none {
                            break 'next #dead;
                        }
                        r = d as usize;
                    }
                };
                if t == #dead {
                    #leave
                }
                p += 1;
                if t & #code_bit != 0 {
                    state = (t & !#code_bit) as u32;
                    continue 'states;
                }
                state = t as u32;
            }
        };
        (statics, runner)
    }
}

impl Ctx<'_> {
    /// Where a condition has tables, the rules that produce a token and switch no
    /// condition (a keyword grammar's hundreds) end in one arm: `T_TOKEN[rule]` is the
    /// kind, looked up before the other outcomes' `match`. Those rules leave `rules`.
    pub(super) fn token_table(&self, rules: &mut BTreeSet<RuleId>) -> TokenStream {
        let plain: Vec<RuleId> =
            rules.iter().copied().filter(|r| self.grammar.rules[r.0 as usize].is_plain_token()).collect();
        // A value lexer's tokens are not a table's constants.
        if plain.len() < 2 || self.values.is_some() {
            return TokenStream::new();
        }
        let len = plain.iter().map(|r| r.0 as usize + 1).max().unwrap_or(0);
        let entries = (0..len).map(|i| match &self.grammar.rules[i].action {
            Action::Token(kind) if plain.contains(&RuleId(i as u32)) => {
                let kind = self.kind(&kind.name);
                quote!(::core::option::Option::Some(#kind))
            }
            _ => quote!(::core::option::Option::None),
        });
        for r in &plain {
            rules.remove(r);
        }
        let ty = self.token_ty;
        let n = Literal::usize_unsuffixed(len);
        // Through input.rs, as every other way out, so that the streaming lexer's
        // positions stay absolute.
        let set_pos = self.set_pos(quote!(end));
        let ret = self.return_token(quote!(table_kind));
        quote! {
            static T_TOKEN: [::core::option::Option<#ty>; #n] = [#(#entries),*];
            if let ::core::option::Option::Some(&::core::option::Option::Some(table_kind)) = T_TOKEN.get(code as usize) {
                #set_pos
                #ret
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn backends(grammar: &str, choice: BackendChoice) -> (Automaton, Vec<Backend>) {
        let g = crate::parse::parse(grammar).expect("parses");
        let a = crate::automaton::build(&g, &crate::automaton::Limits::default()).expect("builds").remove(0);
        let analysis = crate::analysis::analyze(&a, true);
        let b = choose(&a, &analysis, choice);
        (a, b)
    }

    const GRAMMAR: &str = "\"if\" => If;\n\"int\" => Int;\n[a-z]+ => Ident;\n\" \"+ => skip;\n";

    #[test]
    fn code_and_small_auto_are_all_direct() {
        for choice in [BackendChoice::Code, BackendChoice::Auto] {
            let (_, b) = backends(GRAMMAR, choice);
            assert!(b.iter().all(|&b| b == Backend::Direct), "{choice:?}: {b:?}");
        }
    }

    /// The states a token reaches within its first `bytes` bytes.
    fn within(a: &Automaton, bytes: usize) -> Vec<bool> {
        let mut near = vec![false; a.states.len()];
        near[0] = true;
        let mut level = vec![0usize];
        for _ in 0..bytes {
            level = level.iter().flat_map(|&s| a.states[s].transitions.iter().map(|t| t.target.index())).collect();
            for &s in &level {
                near[s] = true;
            }
        }
        near
    }

    #[test]
    fn tables_keep_the_start_its_successors_and_the_loops_as_code() {
        const LONG: &str = "\"if\" => If;\n\"interface\" => Interface;\n[a-z]+ => Ident;\n\" \"+ => skip;\n";
        let (a, b) = backends(LONG, BackendChoice::Tables);
        let analysis = crate::analysis::analyze(&a, true);
        let near = within(&a, 1);
        for (i, s) in a.states.iter().enumerate() {
            let hot = near[i] || analysis.loops.iter().any(|l| l.state.index() == i);
            let expected = if hot && !ends_at_once(s) { Backend::Direct } else { Backend::Table };
            assert_eq!(b[i], expected, "state {i}: {s:?}");
        }
        // "i" (a first byte) is code; "in" (after it) is a table row.
        assert!(b.contains(&Backend::Table) && b.iter().filter(|&&b| b == Backend::Direct).count() > 2, "{b:?}");
    }

    #[test]
    fn auto_above_the_threshold_keeps_the_states_nearest_the_start_within_the_budget() {
        // 26 * 26 keywords of five letters: 26 states at one byte, 676 at each of the
        // next four, far more than the budget.
        let mut grammar = String::new();
        for x in 'a'..='z' {
            for y in 'a'..='z' {
                grammar.push_str(&format!("\"{x}{y}qqq\" => K{x}{y};\n"));
            }
        }
        grammar.push_str("[a-z]+ => Ident;\n\" \"+ => skip;\n");
        let (a, b) = backends(&grammar, BackendChoice::Auto);
        assert!(a.states.len() > 4 * 676, "{} states", a.states.len());
        let code = b.iter().filter(|&&b| b == Backend::Direct).count();
        assert_eq!(code, BackendChoice::AUTO_TABLES_ABOVE, "code states");
        // Breadth first: every state one byte in is code, none four bytes in ("abqq").
        let one = within(&a, 1);
        let three = within(&a, 3);
        for (i, s) in a.states.iter().enumerate() {
            if one[i] && !s.transitions.is_empty() {
                assert_eq!(b[i], Backend::Direct, "state {i}");
            }
            if !three[i] && !a.states[i].transitions.is_empty() && analysis_loops(&a).iter().all(|&l| l != i) {
                assert_eq!(b[i], Backend::Table, "state {i}");
            }
        }
        // The budget runs out in the second byte's level: some of it is code, some not.
        let two: Vec<usize> = (0..a.states.len()).filter(|&i| within(&a, 2)[i] && !one[i]).collect();
        assert!(two.iter().any(|&i| b[i] == Backend::Direct) && two.iter().any(|&i| b[i] == Backend::Table));
    }

    fn analysis_loops(a: &Automaton) -> Vec<usize> {
        crate::analysis::analyze(a, true).loops.iter().map(|l| l.state.index()).collect()
    }

    #[test]
    fn tables_only_keeps_only_the_start_state() {
        let (_, b) = backends(GRAMMAR, BackendChoice::TablesOnly);
        assert_eq!(b[0], Backend::Direct);
        assert!(b[1..].iter().all(|&b| b == Backend::Table), "{b:?}");
    }

    #[test]
    fn auto_turns_to_tables_above_the_threshold() {
        // Keywords of distinct letters: one state per letter, more states than the limit.
        let mut grammar = String::new();
        let letters = "abcdefghijklmnopqrstuvwxyz";
        for i in 0..40 {
            let word: String = (0..8).map(|k| letters.as_bytes()[(i * 7 + k * 3) % 26] as char).collect();
            grammar.push_str(&format!("\"{word}{i}\" => K{i};\n"));
        }
        grammar.push_str("[a-z0-9]+ => Ident;\n");
        let (a, b) = backends(&grammar, BackendChoice::Auto);
        assert!(a.states.len() > BackendChoice::AUTO_TABLES_ABOVE, "{} states", a.states.len());
        let code = b.iter().filter(|&&b| b == Backend::Direct).count();
        assert_eq!(code, BackendChoice::AUTO_TABLES_ABOVE, "{b:?}");
        // Every code state of the Tables choice is code under Auto too.
        let tables = backends(&grammar, BackendChoice::Tables).1;
        assert!(tables.iter().zip(&b).all(|(t, b)| *t == Backend::Table || *b == Backend::Direct));
    }
}
