//! State graphs → Rust, as a `proc_macro2::TokenStream`.
//!
//! The generated lexer is one `next_token` method: a `loop`/`match` over the current
//! condition, then per condition a `loop`/`match` over DFA states (re2rust's shape;
//! LLVM turns the constant `state = N; continue` into direct jumps). Per state:
//!
//! * a state that loops on itself runs a tight inner loop over its loop class first;
//! * the next byte comes from `input.get(p)`, which is also the end-of-input check, so
//!   the caller needs no sentinel and there is no panic path;
//! * wide states dispatch through a 256-entry table of arm numbers; narrow ones compare;
//! * a transition into a state that accepts and has no way out emits its token at once
//!   ("accept now"), without reading the next byte;
//! * where no transition applies, the lexer returns the longest match seen (tracked
//!   only where the analysis says a fallback is possible), else the `*` rule, else a
//!   `LexError` naming the token it was in the middle of.

use crate::analysis::{Analysis, ByteSet, Hook, KernelKind};
use crate::automaton::{self, Automaton, State, StateId};
use crate::grammar::{Action, Grammar, RuleId};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeSet;

/// Options of code generation (see [`crate::Config`]).
#[derive(Clone)]
pub struct CodegenOptions {
    /// Allow `unsafe` (unchecked reads where bounds are proven by a prior check).
    pub unsafe_code: bool,
    /// Path of the runtime crate, e.g. `::json_runtime` (already checked).
    pub runtime: syn::Path,
}

/// Self-loops test this many bytes per bounds check.
const UNROLL: usize = 8;
// The hook peels one chunk before its probe.
const _: () = assert!(Hook::PROBE_AFTER == UNROLL);

/// Classes of at most this many ASCII ranges test a whole chunk as one word. Each range
/// costs about four operations a word: measured on the corpus (callgrind), a single
/// range (digits) pays off, whitespace's three ranges do not.
const SWAR_MAX_RANGES: usize = 1;

/// Duplicating acyclic states may grow the code to this many times the state count.
const DUPLICATION_BUDGET: usize = 3;

/// More distinct arms than this dispatch through a 256-entry table.
const TABLE_DISPATCH_MIN_ARMS: usize = 4;

/// Emit the lexer for `grammar`.
pub fn generate(
    grammar: &Grammar,
    automata: &[Automaton],
    analyses: &[Analysis],
    options: &CodegenOptions,
) -> TokenStream {
    let rt = &options.runtime;
    let lexer = ident(&grammar.name.name);
    let cond_ty = format_ident!("{}Condition", grammar.name.name);
    let (token_ty, token_enum): (syn::Path, TokenStream) = match &grammar.token {
        Some(path) => (syn::parse_str(&path.name).unwrap_or_else(|_| syn::parse_quote!(Token)), TokenStream::new()),
        None => {
            let name = format_ident!("{}Token", grammar.name.name);
            let variants = grammar.token_kinds().into_iter().map(|k| ident(&k.name));
            let doc = format!("Token kinds of the `{}` grammar.", grammar.name.name);
            (
                syn::parse_quote!(#name),
                quote! {
                    #[doc = #doc]
                    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
                    pub enum #name { #(#variants,)* }
                },
            )
        }
    };
    let cond_variants: Vec<Ident> = grammar.conditions.iter().map(|c| ident(&c.name)).collect();
    let initial = &cond_variants[0];
    let ctx = Ctx {
        grammar,
        rt,
        token_ty: &token_ty,
        cond_ty: &cond_ty,
        cond_variants: &cond_variants,
        unsafe_code: options.unsafe_code,
    };
    let arms = automata.iter().zip(analyses).map(|(a, an)| {
        let cond = &cond_variants[a.condition.0 as usize];
        let body = ctx.condition(a, an);
        quote! { #cond_ty::#cond => { #body } }
    });
    let cond_doc = format!("Start conditions of the `{}` lexer.", grammar.name.name);
    let has_hooks = analyses.iter().any(|a| !a.hooks.is_empty());
    let (kernels_field, kernels_local, constructors) = if has_hooks {
        (
            quote! {
                /// The skip kernels this lexer calls (chosen when it was made).
                kernels: #rt::skip::Kernels,
            },
            quote!(let kernels = self.kernels;),
            quote! {
                /// A lexer at the start of `input`, in the initial condition, using the
                /// process's active skip kernels (`json_runtime::simd::level()`).
                #[inline]
                pub fn new(input: &'a [u8]) -> Self {
                    Self::with_kernels(input, #rt::skip::Kernels::active())
                }

                /// A lexer that uses the given skip kernels (`Kernels::new(Level::Scalar)`
                /// gives the plain DFA, the baseline of every benchmark).
                #[inline]
                pub fn with_kernels(input: &'a [u8], kernels: #rt::skip::Kernels) -> Self {
                    #lexer { input, pos: 0, cond: #cond_ty::#initial, finished: false, kernels }
                }
            },
        )
    } else {
        (
            TokenStream::new(),
            TokenStream::new(),
            quote! {
                /// A lexer at the start of `input`, in the initial condition.
                #[inline]
                pub const fn new(input: &'a [u8]) -> Self {
                    #lexer { input, pos: 0, cond: #cond_ty::#initial, finished: false }
                }
            },
        )
    };
    let lexer_doc = format!("Lexer generated by json-lexgen from the `{}` grammar.", grammar.name.name);

    quote! {
        #token_enum

        #[doc = #cond_doc]
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum #cond_ty { #(#cond_variants,)* }

        #[doc = #lexer_doc]
        #[derive(Clone, Debug)]
        pub struct #lexer<'a> {
            input: &'a [u8],
            pos: usize,
            cond: #cond_ty,
            /// The input has ended: `$` has fired, or an error was returned.
            finished: bool,
            #kernels_field
        }

        impl<'a> #lexer<'a> {
            #constructors

            /// The current start condition.
            #[inline]
            pub fn condition(&self) -> #cond_ty {
                self.cond
            }

            /// Switch to another start condition.
            #[inline]
            pub fn set_condition(&mut self, cond: #cond_ty) {
                self.cond = cond;
            }

            /// The next token, an error where no rule matches, or `None` at the end.
            #[inline]
            #[allow(unused_mut, unused_variables, unused_assignments, unreachable_code, clippy::all)]
            pub fn next_token(&mut self) -> #rt::lex::Next<#token_ty> {
                let input: &'a [u8] = self.input;
                #kernels_local
                'token: loop {
                    let start = self.pos;
                    match self.cond {
                        #(#arms)*
                    }
                }
            }
        }

        impl<'a> #rt::Lexer<'a> for #lexer<'a> {
            type Kind = #token_ty;

            #[inline]
            fn new(input: &'a [u8]) -> Self {
                #lexer::new(input)
            }

            #[inline]
            fn next_token(&mut self) -> #rt::lex::Next<#token_ty> {
                #lexer::next_token(self)
            }

            #[inline]
            fn input(&self) -> &'a [u8] {
                self.input
            }

            #[inline]
            fn offset(&self) -> usize {
                self.pos
            }

            #[inline]
            fn set_offset(&mut self, offset: usize) {
                self.pos = if offset < self.input.len() { offset } else { self.input.len() };
                self.finished = false;
            }
        }

        impl<'a> ::core::iter::Iterator for #lexer<'a> {
            type Item = ::core::result::Result<#rt::Token<#token_ty>, #rt::LexError<#token_ty>>;

            #[inline]
            fn next(&mut self) -> ::core::option::Option<Self::Item> {
                #lexer::next_token(self)
            }
        }
    }
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

struct Ctx<'g> {
    grammar: &'g Grammar,
    rt: &'g syn::Path,
    token_ty: &'g syn::Path,
    cond_ty: &'g Ident,
    cond_variants: &'g [Ident],
    unsafe_code: bool,
}

/// What the code of one condition needs to know about its automaton.
struct CondCtx<'c> {
    a: &'c Automaton,
    analysis: &'c Analysis,
    /// Per state: the token kind being lexed, should it fail there.
    partial: Vec<Option<RuleId>>,
    /// Per state: the last accepting rules possible on entry.
    incoming: Vec<BTreeSet<Option<RuleId>>>,
    /// Some dead end depends on the path: keep `last_rule` at run time.
    needs_dynamic: bool,
    tables: LoopTables,
    /// Per state: its code is emitted in place at its only transition in.
    inlined: Vec<bool>,
}

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
fn inlined_states(a: &Automaton) -> Vec<bool> {
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

/// How a token ends, as the value the state loop breaks with: a rule matched (its
/// action runs), or no rule did (an error naming the token kind in progress).
#[derive(Clone, Copy)]
enum Outcome {
    Rule(RuleId),
    Fail(Option<RuleId>),
}

impl Outcome {
    /// Rules are their index; failures come after every rule index.
    fn code(self) -> u32 {
        const FAIL: u32 = 1 << 24;
        match self {
            Outcome::Rule(r) => r.0,
            Outcome::Fail(None) => FAIL,
            Outcome::Fail(Some(r)) => FAIL + 1 + r.0,
        }
    }
}

/// `break 'dfa (code, end)`.
fn finish(outcome: Outcome, end: TokenStream) -> TokenStream {
    let code = Literal::u32_unsuffixed(outcome.code());
    quote! {{ break 'dfa (#code, #end); }}
}

/// Where a state's code sits, which says how it jumps to a state behind the match.
#[derive(Clone, Copy)]
enum Jump {
    /// In the start state's straight-line code: `break 'start N` enters the loop at N.
    FromStart,
    /// In the state loop: `state = N; continue 'states`.
    InLoop,
}

/// How a dead end in a state falls back.
enum Fallback {
    /// No rule has matched: `*` rule or error.
    Fail,
    /// This rule matched, ending at `last_end` (known statically).
    Rule(RuleId),
    /// Depends on the path: read `last_rule`.
    Dynamic,
}

impl Ctx<'_> {
    /// The code of one condition's arm: end of input, then the DFA.
    fn condition(&self, a: &Automaton, analysis: &Analysis) -> TokenStream {
        let at_end = match a.end_of_input {
            Some(rule) => {
                let action = self.action(rule, quote!(start));
                quote! {
                    if self.finished {
                        return ::core::option::Option::None;
                    }
                    self.finished = true;
                    #action
                }
            }
            None => quote! { return ::core::option::Option::None; },
        };
        let incoming = automaton::incoming_accepts(a);
        let needs_dynamic = a.states.iter().enumerate().any(|(i, s)| s.accept.is_none() && incoming[i].len() > 1);
        let cond = CondCtx {
            a,
            analysis,
            partial: automaton::partial_rules(self.grammar, a),
            incoming,
            needs_dynamic,
            tables: LoopTables::new(analysis),
            inlined: inlined_states(a),
        };
        // States entered through `state = N` (all but those folded into their transition
        // or inlined in place) get an arm of the state match. The start state's code runs
        // first, outside the loop (every token starts there: no dispatch); it is an arm
        // too only if a transition leads back to it.
        let start_is_target = a.states.iter().any(|s| s.transitions.iter().any(|t| t.target == StateId::START));
        let arm_states: Vec<usize> = (0..a.states.len())
            .filter(|&i| if i == 0 { start_is_target } else { !(is_accept_now(&a.states[i]) || cond.inlined[i]) })
            .collect();
        let start_code = self.state_code(&cond, StateId::START, Jump::FromStart);
        let body = if arm_states.is_empty() {
            // Every token ends in straight-line code from the start state.
            start_code
        } else {
            let last = arm_states.len() - 1;
            let state_arms = arm_states.iter().enumerate().map(|(k, &i)| {
                let code = self.state_code(&cond, StateId(i as u32), Jump::InLoop);
                // The last arm is `_` so that the match is exhaustive without a panic path.
                if k == last {
                    quote!(_ => { #code })
                } else {
                    let n = Literal::u32_unsuffixed(i as u32);
                    quote!(#n => { #code })
                }
            });
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
        let loop_fns = analysis.loops.iter().map(|l| {
            let hook = analysis.hooks.iter().find(|h| h.state == l.state);
            cond.tables.skip_loop_fn(self.rt, l.state, &l.class, self.unsafe_code, hook)
        });
        let dispatch_tables = Self::dispatch_tables(a);
        let hook_classes = analysis.hooks.iter().map(|h| {
            let name = format_ident!("SKIP_{}", h.state.0);
            let words: Vec<Literal> = h.class.words().iter().map(|&w| Literal::u64_unsuffixed(w)).collect();
            let rt = self.rt;
            // A `const`, not a `static`: the lexer is inlined across crates, and only a
            // constant lets the compiler fold the class into the inline probe's compares.
            quote!(const #name: #rt::skip::ByteClass = #rt::skip::ByteClass::from_bitmap([#(#words),*]);)
        });
        let dynamic_vars = if needs_dynamic { quote!(let mut last_rule: u32 = u32::MAX;) } else { TokenStream::new() };
        let outcomes = self.outcomes(a, &cond.partial);
        quote! {
            #statics
            #(#loop_fns)*
            #dispatch_tables
            #(#hook_classes)*
            if start >= input.len() {
                #at_end
            }
            let mut p = start;
            let mut last_end = start;
            #dynamic_vars
            let (code, end): (u32, usize) = 'dfa: {
                #body
            };
            #outcomes
        }
    }

    /// The code of a state: its self-loop, then the next byte's transition.
    fn state_code(&self, cond: &CondCtx, id: StateId, jump: Jump) -> TokenStream {
        let (a, analysis) = (cond.a, cond.analysis);
        let i = id.index();
        let s = a.state(id);
        let fallback = match s.accept {
            Some(r) => Fallback::Rule(r),
            None => {
                let rules: Vec<RuleId> = cond.incoming[i].iter().flatten().copied().collect();
                let may_fail = cond.incoming[i].contains(&None);
                match (rules.len(), may_fail) {
                    (0, _) => Fallback::Fail,
                    (1, false) => Fallback::Rule(rules[0]),
                    _ => Fallback::Dynamic,
                }
            }
        };
        let end = if s.accept.is_some() { quote!(p) } else { quote!(last_end) };
        let dead = self.dead_end(a, &fallback, end, cond.partial[i]);
        let hooked = analysis.hooks.iter().any(|h| h.state == id);
        let self_loop =
            analysis.loops.iter().find(|l| l.state == id).map(|l| cond.tables.skip_loop_call(l.state, hooked));
        let dispatch = self.dispatch(cond, s, id, &dead, jump);
        quote! {
            #self_loop
            #dispatch
        }
    }

    /// The arms of a state's dispatch: one per target state (ranges joined), self-loops
    /// excluded (the state's loop handles them).
    fn arms(s: &State, id: StateId) -> Vec<(StateId, Vec<(u8, u8)>)> {
        let mut arms: Vec<(StateId, Vec<(u8, u8)>)> = Vec::new();
        for t in s.transitions.iter().filter(|t| t.target != id) {
            match arms.iter_mut().find(|(target, _)| *target == t.target) {
                Some((_, ranges)) => ranges.push((t.start, t.end)),
                None => arms.push((t.target, vec![(t.start, t.end)])),
            }
        }
        arms
    }

    /// `static NEXT_n: [u8; 256]`: byte → arm number (0: no transition), for each state
    /// wide enough to dispatch through a table. Emitted once per condition, however
    /// many times the state's code is.
    fn dispatch_tables(a: &Automaton) -> TokenStream {
        let tables = a.states.iter().enumerate().filter_map(|(i, s)| {
            let arms = Self::arms(s, StateId(i as u32));
            (arms.len() >= TABLE_DISPATCH_MIN_ARMS).then(|| {
                let mut table = [0u8; 256];
                for (k, (_, ranges)) in arms.iter().enumerate() {
                    for &(lo, hi) in ranges {
                        for b in lo..=hi {
                            table[b as usize] = (k + 1) as u8;
                        }
                    }
                }
                let name = format_ident!("NEXT_{}", i);
                let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
                quote!(static #name: [u8; 256] = [#(#entries),*];)
            })
        });
        quote!(#(#tables)*)
    }

    /// Read the next byte and follow the transition, or fall back.
    fn dispatch(&self, cond: &CondCtx, s: &State, id: StateId, dead: &TokenStream, jump: Jump) -> TokenStream {
        let arms = Self::arms(s, id);
        let id_lit = Literal::u32_unsuffixed(id.0);
        let read = self.read_byte(dead);
        if arms.is_empty() {
            // Only a self-loop (already run) or nothing: the token ends here.
            return dead.clone();
        }
        let utf8_hook = cond.analysis.hooks.iter().find(|h| h.state == id && h.kernel == KernelKind::Utf8);
        let bodies: Vec<TokenStream> = arms
            .iter()
            .map(|(target, ranges)| {
                let body = self.transition(cond, s, *target, jump);
                match utf8_hook {
                    // A multibyte character where the state loops over UTF-8: the kernel
                    // takes it and the rest of the run in bulk (unless it cannot: an
                    // invalid sequence is left to the DFA, which reports it).
                    Some(hook) if ranges.iter().all(|&(lo, _)| lo >= 0x80) => {
                        let call = hook_call(self.rt, hook, false);
                        let back = match jump {
                            Jump::FromStart => quote!(break 'start #id_lit;),
                            Jump::InLoop => quote!({ state = #id_lit; continue 'states; }),
                        };
                        quote! {{
                            if !kernels.is_scalar() {
                                let q = #call;
                                if q > p {
                                    p = q;
                                    #back
                                }
                            }
                            #body
                        }}
                    }
                    _ => body,
                }
            })
            .collect();
        if arms.len() >= TABLE_DISPATCH_MIN_ARMS {
            let table = format_ident!("NEXT_{}", id.0);
            let numbers = (1..=arms.len()).map(|k| Literal::u8_unsuffixed(k as u8));
            quote! {
                #read
                match #table[b as usize] {
                    #(#numbers => #bodies)*
                    _ => #dead
                }
            }
        } else {
            let patterns = arms.iter().map(|(_, ranges)| {
                let alts = ranges.iter().map(|&(lo, hi)| byte_pattern(lo, hi));
                quote!(#(#alts)|*)
            });
            quote! {
                #read
                match b {
                    #(#patterns => #bodies)*
                    _ => #dead
                }
            }
        }
    }

    /// `let b = next byte` or, at the end of input, the dead end.
    fn read_byte(&self, dead: &TokenStream) -> TokenStream {
        if self.unsafe_code {
            quote! {
                if p >= input.len() #dead
                // SAFETY: `p < input.len()` was checked on the line above.
                let b = unsafe { *input.get_unchecked(p) };
            }
        } else {
            quote! {
                let b = match input.get(p) {
                    ::core::option::Option::Some(&b) => b,
                    ::core::option::Option::None => #dead,
                };
            }
        }
    }

    /// Take the byte into `target`: emit its token at once (accept now), continue with
    /// its code in place (its only way in), or jump to it through the state match.
    fn transition(&self, cond: &CondCtx, from: &State, target: StateId, jump: Jump) -> TokenStream {
        let t = cond.a.state(target);
        let remember = match from.accept {
            Some(r) if t.accept.is_none() => {
                let rule = Literal::u32_unsuffixed(r.0);
                let dynamic = cond.needs_dynamic.then(|| quote!(last_rule = #rule;));
                quote! { last_end = p; #dynamic }
            }
            _ => TokenStream::new(),
        };
        if is_accept_now(t) {
            return finish(Outcome::Rule(t.accept.expect("accept-now states accept")), quote!(p + 1));
        }
        if cond.inlined[target.index()] {
            let code = self.state_code(cond, target, jump);
            return quote! {{ #remember p += 1; #code }};
        }
        let n = Literal::u32_unsuffixed(target.0);
        match jump {
            Jump::FromStart => quote! {{ #remember p += 1; break 'start #n; }},
            Jump::InLoop => quote! {{ #remember p += 1; state = #n; continue 'states; }},
        }
    }

    /// What happens where no transition applies in a state: leave the state loop with
    /// the outcome (see [`Ctx::outcomes`]).
    fn dead_end(&self, a: &Automaton, fallback: &Fallback, end: TokenStream, partial: Option<RuleId>) -> TokenStream {
        match fallback {
            Fallback::Rule(r) => finish(Outcome::Rule(*r), end),
            Fallback::Fail => self.fail(a, partial),
            Fallback::Dynamic => {
                let fail = self.fail(a, partial);
                quote! {{
                    if last_rule != u32::MAX {
                        break 'dfa (last_rule, last_end);
                    }
                    #fail
                }}
            }
        }
    }

    /// No rule matched from `start`: the `*` rule takes one byte, else an error.
    fn fail(&self, a: &Automaton, partial: Option<RuleId>) -> TokenStream {
        // `* => error` says what happens anyway: fall through to the error below.
        match a.default.filter(|d| self.grammar.rules[d.0 as usize].action != Action::Error) {
            Some(default) => finish(Outcome::Rule(default), quote!(start + 1)),
            None => finish(Outcome::Fail(partial), quote!(p)),
        }
    }

    /// After the state loop: one arm per outcome the automaton can end with, so that
    /// each action's code is emitted once however many states end with it.
    fn outcomes(&self, a: &Automaton, partial: &[Option<RuleId>]) -> TokenStream {
        let mut rules: BTreeSet<RuleId> = a.states.iter().filter_map(|s| s.accept).collect();
        rules.extend(a.default);
        let rule_arms = rules.iter().map(|&r| {
            let code = Literal::u32_unsuffixed(Outcome::Rule(r).code());
            let action = self.action(r, quote!(end));
            quote!(#code => { #action })
        });
        let partials: BTreeSet<Option<RuleId>> = partial.iter().copied().collect();
        let rt = self.rt;
        let fail_arms = partials.into_iter().map(|p| {
            let code = Literal::u32_unsuffixed(Outcome::Fail(p).code());
            let kind = match p.map(|r| &self.grammar.rules[r.0 as usize].action) {
                Some(Action::Token(kind)) => {
                    let kind = self.kind(&kind.name);
                    quote!(::core::option::Option::Some(#kind))
                }
                _ => quote!(::core::option::Option::None),
            };
            quote!(#code => #kind,)
        });
        quote! {
            match code {
                #(#rule_arms)*
                _ => {
                    let partial = match code {
                        #(#fail_arms)*
                        _ => ::core::option::Option::None,
                    };
                    self.pos = input.len();
                    self.finished = true;
                    return ::core::option::Option::Some(::core::result::Result::Err(#rt::LexError { start, offset: end, partial }));
                }
            }
        }
    }

    /// The code of rule `rule` matching `start..end`.
    fn action(&self, rule: RuleId, end: TokenStream) -> TokenStream {
        let r = &self.grammar.rules[rule.0 as usize];
        let switch = r.next.map(|c| {
            let ty = self.cond_ty;
            let v = &self.cond_variants[c.0 as usize];
            quote!(self.cond = #ty::#v;)
        });
        match &r.action {
            Action::Token(kind) => {
                let kind = self.kind(&kind.name);
                let rt = self.rt;
                quote! {
                    let end = #end;
                    self.pos = end;
                    #switch
                    return ::core::option::Option::Some(::core::result::Result::Ok(#rt::Token { kind: #kind, start, end }));
                }
            }
            Action::Skip => quote! {
                self.pos = #end;
                #switch
                continue 'token;
            },
            Action::Error => {
                let rt = self.rt;
                quote! {
                    let _ = #end;
                    self.pos = input.len();
                    self.finished = true;
                    return ::core::option::Option::Some(::core::result::Result::Err(#rt::LexError { start, offset: start, partial: ::core::option::Option::None }));
                }
            }
        }
    }

    fn kind(&self, name: &str) -> TokenStream {
        let ty = self.token_ty;
        let v = ident(name);
        quote!(#ty::#v)
    }
}

/// Token streams cannot carry comments, so the formatted file gets its `// SAFETY:`
/// comments here: every `unsafe` block in generated code is an unchecked read right
/// after the check that it is in bounds (`p < input.len()`, or `p + 8 <= input.len()`
/// for a chunk).
pub fn with_safety_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 1024);
    for line in code.lines() {
        if line.contains("unsafe {") {
            let indent = &line[..line.len() - line.trim_start().len()];
            out.push_str(indent);
            out.push_str("// SAFETY: the bytes read are below `input.len()`, as checked just before.\n");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A hook's call into the runtime: `skip_…_long(kernels, &SKIP_n, input, p)`, where the
/// run ends; or, with `probe`, `probe_…(…)`, the inline probe (`Some(end)`, or `None`
/// where it does not apply).
fn hook_call(rt: &syn::Path, hook: &Hook, probe: bool) -> TokenStream {
    let name = format_ident!("SKIP_{}", hook.state.0);
    let function = match (hook.kernel, probe) {
        (KernelKind::Class, false) => quote!(skip_class_long),
        (KernelKind::Utf8, false) => quote!(skip_utf8_long),
        (KernelKind::Class, true) => quote!(probe_class),
        (KernelKind::Utf8, true) => quote!(probe_utf8),
    };
    quote!(#rt::skip::#function(kernels, &#name, input, p))
}

/// For a class of at most [`SWAR_MAX_RANGES`] ranges of ASCII bytes, an expression over `word` (eight
/// input bytes, little-endian) whose byte `i` has its high bit set exactly when input
/// byte `i` is in the class. Per range `lo..=hi`, on the bytes with their high bit
/// cleared (so that no addition carries into the next byte): `y + (0x80 - lo)` sets the
/// high bit iff `y >= lo`, `y + (0x7F - hi)` iff `y > hi`; bytes >= 0x80 are masked out
/// with `!word`.
fn swar_chunk_test(class: &ByteSet) -> Option<TokenStream> {
    let ranges = class.ranges();
    if ranges.is_empty() || ranges.len() > SWAR_MAX_RANGES || ranges.iter().any(|&(_, hi)| hi >= 0x80) {
        return None;
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    let terms = ranges.iter().map(|&(lo, hi)| {
        let ge = Literal::u64_unsuffixed(ONES * (0x80 - lo as u64));
        let gt = Literal::u64_unsuffixed(ONES * (0x7F - hi as u64));
        quote!(((low + #ge) & !(low + #gt)))
    });
    Some(quote! {{
        let low = word & 0x7F7F_7F7F_7F7F_7F7Fu64;
        (#(#terms)|*) & !word
    }})
}

/// A state that accepts and has no transitions: entering it ends the token.
fn is_accept_now(s: &State) -> bool {
    s.accept.is_some() && s.transitions.is_empty()
}

/// `lo..=hi` or a single byte, as a match pattern.
fn byte_pattern(lo: u8, hi: u8) -> TokenStream {
    let l = byte_literal(lo);
    if lo == hi {
        quote!(#l)
    } else {
        let h = byte_literal(hi);
        quote!(#l..=#h)
    }
}

/// `b'a'` for printable ASCII (readable in the generated code), else `0x1Fu8`-style.
fn byte_literal(b: u8) -> Literal {
    let text = match b {
        b'\\' => "b'\\\\'".to_string(),
        b'\'' => "b'\\''".to_string(),
        0x20..=0x7E => format!("b'{}'", b as char),
        _ => format!("0x{b:02X}u8"),
    };
    text.parse().expect("a valid byte literal")
}

/// Loop classes that need a table, packed eight to a `[u8; 256]` (bit k of entry b:
/// byte b stays in the k-th loop state).
struct LoopTables {
    /// (state, table index, bit) for each loop class that uses a table.
    slots: Vec<(StateId, usize, u8)>,
    tables: Vec<[u8; 256]>,
}

impl LoopTables {
    fn new(analysis: &Analysis) -> LoopTables {
        let mut slots = Vec::new();
        let mut tables: Vec<[u8; 256]> = Vec::new();
        for l in analysis.loops.iter().filter(|l| l.class.ranges().len() > 2) {
            let n = slots.len();
            if n % 8 == 0 {
                tables.push([0; 256]);
            }
            let (t, bit) = (n / 8, (n % 8) as u8);
            for b in 0..=255u8 {
                if l.class.contains(b) {
                    tables[t][b as usize] |= 1 << bit;
                }
            }
            slots.push((l.state, t, bit));
        }
        LoopTables { slots, tables }
    }

    fn statics(&self) -> TokenStream {
        let tables = self.tables.iter().enumerate().map(|(i, t)| {
            let name = format_ident!("LOOP_CLASS_{}", i);
            let entries = t.iter().map(|&v| Literal::u8_unsuffixed(v));
            quote!(static #name: [u8; 256] = [#(#entries),*];)
        });
        quote!(#(#tables)*)
    }

    /// The membership test of the loop class of `state`, on a byte `b`.
    fn test(&self, state: StateId, class: &ByteSet) -> TokenStream {
        match self.slots.iter().find(|(s, _, _)| *s == state) {
            Some(&(_, t, bit)) => {
                let name = format_ident!("LOOP_CLASS_{}", t);
                let mask = Literal::u8_unsuffixed(1 << bit);
                quote!(#name[b as usize] & #mask != 0)
            }
            None => {
                let alts = class.ranges().into_iter().map(|(lo, hi)| byte_pattern(lo, hi));
                quote!(matches!(b, #(#alts)|*))
            }
        }
    }

    /// `while the next byte is in the class { p += 1 }`, unrolled: whole chunks of
    /// [`UNROLL`] bytes are tested without a bounds check per byte, the tail one byte at a
    /// time. With a hook, a chunk that is all class bytes hands the rest of the run to the
    /// kernel (unless the lexer runs at the scalar level): a run that long is worth a
    /// vector setup, a shorter one never pays for it.
    fn skip_loop_fn(
        &self,
        rt: &syn::Path,
        state: StateId,
        class: &ByteSet,
        unsafe_code: bool,
        hook: Option<&Hook>,
    ) -> TokenStream {
        let test = self.test(state, class);
        let swar = swar_chunk_test(class);
        let checks: Vec<TokenStream> = match (&swar, hook.map(|h| h.kernel)) {
            // Few ASCII ranges and no UTF-8 kernel: all eight bytes in one word test.
            (Some(in_class), None | Some(KernelKind::Class)) => vec![quote! {
                let word = u64::from_le_bytes(*chunk);
                let outside = !(#in_class) & 0x8080_8080_8080_8080u64;
                if outside != 0 {
                    return p + (outside.trailing_zeros() / 8) as usize;
                }
            }],
            _ => (0..UNROLL)
                .map(|i| {
                    let on_exit = (i > 0).then(|| {
                        let i = Literal::usize_unsuffixed(i);
                        quote!(p += #i;)
                    });
                    let i = Literal::usize_unsuffixed(i);
                    quote! {
                        let b = chunk[#i];
                        if !(#test) {
                            #on_exit
                            return p;
                        }
                    }
                })
                .collect(),
        };
        let chunk = if unsafe_code {
            quote! {
                if p + #UNROLL > input.len() {
                    break;
                }
                // SAFETY: `p + UNROLL <= input.len()` was checked just above.
                let chunk: &[u8; #UNROLL] = unsafe { &*(input.as_ptr().add(p) as *const [u8; #UNROLL]) };
            }
        } else {
            quote! {
                let chunk: &[u8; #UNROLL] = match input.get(p..p + #UNROLL) {
                    ::core::option::Option::Some(c) => match c.try_into() {
                        ::core::result::Result::Ok(c) => c,
                        ::core::result::Result::Err(_) => break,
                    },
                    ::core::option::Option::None => break,
                };
            }
        };
        let tail = if unsafe_code {
            quote! {
                while p < input.len() {
                    // SAFETY: `p < input.len()` is the loop condition.
                    let b = unsafe { *input.get_unchecked(p) };
                    if !(#test) {
                        break;
                    }
                    p += 1;
                }
            }
        } else {
            quote! {
                while let ::core::option::Option::Some(&b) = input.get(p) {
                    if !(#test) {
                        break;
                    }
                    p += 1;
                }
            }
        };
        // The word test costs a few byte tests: the first two bytes are tested alone, so
        // that the short runs (the space after a colon, a small integer) never pay for it.
        let first_byte = if swar.is_some() && !matches!(hook, Some(Hook { kernel: KernelKind::Utf8, .. })) {
            let one = quote! {
                match input.get(p) {
                    ::core::option::Option::Some(&b) if #test => p += 1,
                    _ => return p,
                }
            };
            quote!(#one #one)
        } else {
            TokenStream::new()
        };
        let name = format_ident!("loop_{}", state.0);
        let Some(hook) = hook else {
            return quote! {
                /// The self-loop of a state: where its run of class bytes ends.
                #[inline(always)]
                fn #name(input: &[u8], mut p: usize) -> usize {
                    #first_byte
                    loop {
                        #chunk
                        #(#checks)*
                        p += #UNROLL;
                    }
                    // Fewer than a chunk left.
                    #tail
                    p
                }
            };
        };
        // With a hook: the first chunk is peeled; after it, unless the run ends on the
        // very next byte, the inline probe takes the run (vector levels). Else the loop
        // goes on and hands the run to the kernel after `SCALAR_PREFIX` bytes (`Swar`;
        // at the scalar level the budget never runs out in practice, and if it did, the
        // scalar level's kernel is the same byte loop).
        let probe = hook_call(rt, hook, true);
        let call = hook_call(rt, hook, false);
        let budget = Literal::u32_unsuffixed(((Hook::SCALAR_PREFIX - UNROLL) / UNROLL) as u32);
        quote! {
            /// The self-loop of a state: where its run of class bytes ends.
            #[inline(always)]
            fn #name(input: &[u8], mut p: usize, kernels: #rt::skip::Kernels) -> usize {
                #first_byte
                loop {
                    #chunk
                    #(#checks)*
                    p += #UNROLL;
                    // A run that ends right here does not need the probe.
                    match input.get(p) {
                        ::core::option::Option::Some(&b) if #test => {}
                        _ => return p,
                    }
                    if let ::core::option::Option::Some(end) = #probe {
                        return end;
                    }
                    let mut budget: u32 = if kernels.is_scalar() { u32::MAX } else { #budget };
                    loop {
                        #chunk
                        #(#checks)*
                        p += #UNROLL;
                        budget -= 1;
                        if budget == 0 {
                            return #call;
                        }
                    }
                    break;
                }
                // Fewer than a chunk left.
                #tail
                p
            }
        }
    }

    /// `p = loop_n(input, p);`: run the state's self-loop.
    fn skip_loop_call(&self, state: StateId, hooked: bool) -> TokenStream {
        let name = format_ident!("loop_{}", state.0);
        let kernels = hooked.then(|| quote!(kernels));
        quote!(p = #name(input, p, #kernels);)
    }
}
