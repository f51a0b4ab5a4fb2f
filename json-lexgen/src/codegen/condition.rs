//! One condition's arm of `next_token`: its tables and loop functions, the end of the
//! input at a token's start, the state loop, and the outcomes after it.
//!
//! The state loop: the start state's code runs first, in a labelled block (every token
//! starts there, so it needs no dispatch); states entered by a jump are the arms of a
//! `loop { match state { … } }`, and the loop is left with an outcome
//! (see [`super::accept`]). How a state becomes code is its [`Backend`]: its own arm
//! (direct code), or a row of the condition's table, which the match's last arm runs
//! (see [`super::table`]).

use super::dispatch::Jump;
use super::loops::{self, LoopTables};
use super::table::{self, Tables};
use super::{accept::is_accept_now, inline, Ctx};
use crate::analysis::Analysis;
use crate::automaton::{self, Automaton, StateId};
use crate::grammar::RuleId;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use std::collections::BTreeSet;

/// How a state becomes code, chosen per state by [`table::choose`] (see
/// [`crate::BackendChoice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Backend {
    /// Straight Rust code per state: [`super::dispatch`], [`super::inline`],
    /// [`super::loops`].
    Direct,
    /// A row of the condition's transition table, run by its table loop:
    /// [`super::table`].
    Table,
}

/// What the code of one condition needs to know about its automaton.
pub(super) struct CondCtx<'c> {
    pub(super) a: &'c Automaton,
    pub(super) analysis: &'c Analysis,
    /// Per state: the token kind being lexed, should it fail there.
    pub(super) partial: Vec<Option<RuleId>>,
    /// Per state: the last accepting rules possible on entry.
    pub(super) incoming: Vec<BTreeSet<Option<RuleId>>>,
    /// Some dead end depends on the path: keep `last_rule` at run time.
    pub(super) needs_dynamic: bool,
    /// Self-loop classes tested through a packed table.
    pub(super) tables: LoopTables,
    /// Per state: its code is emitted in place at its only transition in.
    pub(super) inlined: Vec<bool>,
    /// Per state: how it becomes code.
    pub(super) backends: Vec<Backend>,
    /// Per state: the `NEXT_n` table it dispatches through, if it is wide.
    pub(super) dispatch_tables: Vec<Option<proc_macro2::Ident>>,
}

/// What codegen decided for one condition, for `--stats`.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Per state: its backend.
    pub(crate) backends: Vec<Backend>,
    /// The condition's table, if it has table states.
    pub(crate) table: Option<crate::stats::TableStats>,
    /// The condition's arm of `next_token`.
    pub(crate) code: TokenStream,
}

impl Ctx<'_> {
    /// The code of one condition's arm: end of input, then the DFA.
    pub(super) fn condition(&self, a: &Automaton, analysis: &Analysis) -> Layout {
        let at_end = if self.entry.is_some() { self.entry_at_end() } else { self.at_token_start_end(a) };
        let at_end_note = super::safety::note_stmt(&match a.end_of_input {
            Some(rule) => format!("the input ends where a token would start: {}", self.rule_text(rule)),
            None => "the input ends where a token would start".to_string(),
        });
        let at_end = quote!(#at_end_note #at_end);
        let incoming = automaton::incoming_accepts(a);
        let needs_dynamic = a.states.iter().enumerate().any(|(i, s)| s.accept.is_none() && incoming[i].len() > 1);
        let backends = table::choose(a, analysis, self.config.backend_for(self.grammar));
        // Self-loops and hooks of code states only: a table state's loop is its row.
        let code_analysis;
        let analysis = if backends.contains(&Backend::Table) {
            let direct = |id: StateId| backends[id.index()] == Backend::Direct;
            code_analysis = Analysis {
                loops: analysis.loops.iter().filter(|l| direct(l.state)).cloned().collect(),
                hooks: analysis.hooks.iter().filter(|h| direct(h.state)).cloned().collect(),
            };
            &code_analysis
        } else {
            analysis
        };
        let mut inlined = inline::inlined_states(a);
        // A state is emitted in place only where every way in is code.
        for (i, s) in a.states.iter().enumerate() {
            for t in &s.transitions {
                if backends[i] == Backend::Table {
                    inlined[t.target.index()] = false;
                }
            }
        }
        for (i, b) in backends.iter().enumerate() {
            if *b == Backend::Table {
                inlined[i] = false;
            }
        }
        let (dispatch_tables, dispatch_names) = Self::dispatch_tables(a, &backends);
        let cond = CondCtx {
            a,
            analysis,
            partial: automaton::partial_rules(self.grammar, a),
            incoming,
            needs_dynamic,
            tables: LoopTables::new(self.rt, analysis, self.config.unsafe_code),
            inlined,
            backends,
            dispatch_tables: dispatch_names,
        };
        let mut table = Tables::new(&cond, &cond.backends);
        // States entered through `state = N` (all but those folded into their transition
        // or inlined in place, and the table states, which the last arm runs) get an arm
        // of the state match. The start state's code runs first, outside the loop (every
        // token starts there: no dispatch); it is an arm too only if a transition leads
        // back to it.
        let start_is_target = a.states.iter().any(|s| s.transitions.iter().any(|t| t.target == StateId::START));
        let arm_states: Vec<usize> = (0..a.states.len())
            .filter(|&i| {
                if i == 0 {
                    start_is_target
                } else {
                    !(is_accept_now(&a.states[i]) || cond.inlined[i] || cond.backends[i] == Backend::Table)
                }
            })
            .collect();
        let start_code = self.state(&cond, StateId::START, Jump::FromStart);
        let (table_statics, runner) = match table.as_mut() {
            Some(t) => {
                let (statics, runner) = self.table_runner(&cond, t);
                (statics, Some(runner))
            }
            None => (TokenStream::new(), None),
        };
        let body = if arm_states.is_empty() && runner.is_none() {
            // Every token ends in straight-line code from the start state.
            start_code
        } else {
            let last = arm_states.len().saturating_sub(1);
            let mut state_arms: Vec<TokenStream> = arm_states
                .iter()
                .enumerate()
                .map(|(k, &i)| {
                    let code = self.state(&cond, StateId(i as u32), Jump::InLoop);
                    // The last arm is `_` so that the match is exhaustive without a panic path.
                    if k == last && runner.is_none() {
                        quote!(_ => { #code })
                    } else {
                        let n = Literal::u32_unsuffixed(i as u32);
                        quote!(#n => { #code })
                    }
                })
                .collect();
            if let Some(runner) = runner {
                // Every other state is a table state.
                state_arms.push(quote!(_ => #runner));
            }
            quote! {
                let mut state: u32 = 'start: {
                    #start_code
                };
                'states: loop {
                    match state {
                        #(#state_arms)*
                    }
                }
            }
        };
        let statics = cond.tables.statics();
        let loop_fns = cond.tables.functions();
        let hook_classes = loops::hook_classes(self.rt, analysis);
        let dynamic_vars = if needs_dynamic { quote!(let mut last_rule: u32 = u32::MAX;) } else { TokenStream::new() };
        let mut rules = Self::outcome_rules(a);
        // With tables, the many plain token rules (keywords) share one arm.
        let token_table = table.as_ref().map(|_| self.token_table(&mut rules));
        let outcomes = self.outcomes(&rules, &cond.partial);
        let outcomes = quote!(#token_table #outcomes);
        let trace_helpers = self.trace_helpers(a);
        let dfa = quote! {
            let (code, end): (u32, usize) = 'dfa: {
                #body
            };
        };
        // The outcomes this code names get their constants.
        let named = self.named_outcomes(&quote!(#dfa #outcomes));
        let constants = self.outcome_constants(&named);
        let trace_outcome = self.trace_outcome(a, &named);
        let code = quote! {
            #constants
            #statics
            #loop_fns
            #dispatch_tables
            #hook_classes
            #table_statics
            #trace_helpers
            #at_end
            let mut p = start;
            let mut last_end = start;
            #dynamic_vars
            #dfa
            #trace_outcome
            #outcomes
        };
        Layout { backends: cond.backends, table: table.map(|t| t.sizes()), code }
    }

    /// The backend that emits state `id` of the condition.
    fn backend(&self, cond: &CondCtx, id: StateId) -> Backend {
        cond.backends[id.index()]
    }

    /// The code of state `id`, by its backend.
    pub(super) fn state(&self, cond: &CondCtx, id: StateId, jump: Jump) -> TokenStream {
        match self.backend(cond, id) {
            Backend::Direct => self.state_code(cond, id, jump),
            // Table states run in the table loop: a state's code is never asked for
            // (they are not inlined, and have no arm of their own).
            Backend::Table => TokenStream::new(),
        }
    }
}
