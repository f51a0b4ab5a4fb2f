//! The direct-code backend: each state as straight Rust code.
//!
//! A state's code ([`Ctx::state_code`]) runs its self-loop (see [`super::loops`]), reads
//! the next byte ([`Ctx::read_byte`]) and dispatches on it: a `match` on byte ranges
//! when the state has few targets, else a `match` on the state's 256-entry table of
//! arm numbers (`NEXT_n`, emitted once per condition by [`Ctx::dispatch_tables`]). Each
//! arm takes the byte into its target ([`Ctx::transition`]): it emits the token at once
//! (accept now), goes on with the target's code in place (see [`super::inline`]), or
//! jumps to it through the state loop ([`Jump`]). A chain of states with one arm each
//! (the rest of a keyword, the hex digits of an escape) is first tried in one step: one
//! bounds check for its bytes, then their tests, classes of several ranges through one
//! table lookup each and a single branch (`Ctx::chain_fast_path`).

use super::accept::{finish, is_accept_now, Outcome};
use super::condition::{Backend, CondCtx};
use super::loops::hook_call;
use super::Ctx;
use crate::analysis::KernelKind;
use crate::automaton::{Automaton, State, StateId};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

/// More distinct arms than this dispatch through a 256-entry table.
const TABLE_DISPATCH_MIN_ARMS: usize = 4;

/// The longest chain (states of one arm each) a fast path tests at once.
const MAX_CHAIN: usize = 8;

/// Where a state's code sits, which says how it jumps to a state behind the match.
#[derive(Clone, Copy)]
pub(super) enum Jump {
    /// In the start state's straight-line code: `break 'start N` enters the loop at N.
    FromStart,
    /// In the state loop: `state = N; continue 'states`.
    InLoop,
}

impl Ctx<'_> {
    /// The code of a state: its self-loop, then the next byte's transition.
    pub(super) fn state_code(&self, cond: &CondCtx, id: StateId, jump: Jump) -> TokenStream {
        let (a, analysis) = (cond.a, cond.analysis);
        let s = a.state(id);
        let dead = self.dead_end(cond, id);
        let hooked = analysis.hooks.iter().any(|h| h.state == id);
        let self_loop =
            analysis.loops.iter().find(|l| l.state == id).map(|l| cond.tables.skip_loop_call(l.state, hooked));
        let chain = self.chain_fast_path(cond, id, jump);
        // Cycles out of the loop and back (escapes) are tested where the loop stops,
        // before the dispatch; one that matches goes back to the loop (see `cycles`).
        let cycles = self.cycle_fast_path(cond, id);
        let dispatch = self.dispatch(cond, s, id, &dead, jump, cycles.as_ref());
        let note = self.state_note(id);
        match cycles {
            Some(_) => {
                let label = Self::cycle_label(id);
                // The dispatch leaves by a jump on every path: the loop only repeats
                // through `continue 'cycle_N`, which enters the state again.
                quote! {
                    #label: loop {
                        #note
                        #self_loop
                        #chain
                        #dispatch
                    }
                }
            }
            None => quote! {
                #note
                #self_loop
                #chain
                #dispatch
            },
        }
    }

    /// True when state `id` takes exactly one byte class, to another state: no
    /// self-loop, no accepted rule, one arm. A run of such states is a chain.
    fn is_chain_link(cond: &CondCtx, id: StateId) -> Option<(StateId, Vec<(u8, u8)>)> {
        let s = cond.a.state(id);
        let looping = cond.analysis.loops.iter().any(|l| l.state == id);
        if s.accept.is_some() || looping || cond.backends[id.index()] != Backend::Direct {
            return None;
        }
        let arms = Self::arms(s, id);
        match arms.as_slice() {
            [(next, ranges)] if *next != id => Some((*next, ranges.clone())),
            _ => None,
        }
    }

    /// The fast path of a chain of at least two states from `id` (the bytes after `t` in
    /// `true`, the four hex digits of `\uXXXX`): one bounds check for all its bytes,
    /// their class tests (single bytes compared, classes of several ranges looked up in a
    /// table and AND'ed under one branch), and straight to the state after the chain.
    /// Where the bytes are not all there or one does not match, the states' own code runs
    /// as before (and reports the error, or asks for more input). Only at a chain's head (a state
    /// inside a chain is reached through the head), and only where the state after the
    /// chain is entered by a jump or ends the token, so that no code is emitted twice.
    fn chain_fast_path(&self, cond: &CondCtx, id: StateId, jump: Jump) -> TokenStream {
        if id == StateId::START {
            return TokenStream::new();
        }
        let interior = cond.a.states.iter().enumerate().all(|(i, s)| {
            !s.transitions.iter().any(|t| t.target == id) || Self::is_chain_link(cond, StateId(i as u32)).is_some()
        });
        if interior {
            return TokenStream::new();
        }
        // The rest of a multibyte character in a state hooked with the UTF-8 kernel: the
        // kernel takes such characters at the vector levels, a fast path would only grow
        // the string loop's code.
        let after_utf8_hook = cond.analysis.hooks.iter().any(|h| {
            h.kernel == KernelKind::Utf8
                && cond.a.state(h.state).transitions.iter().any(|t| t.target == id && t.start >= 0x80)
        });
        if after_utf8_hook {
            return TokenStream::new();
        }
        let mut links: Vec<(StateId, Vec<(u8, u8)>)> = Vec::new();
        let mut cur = id;
        while links.len() < MAX_CHAIN {
            let Some((next, ranges)) = Self::is_chain_link(cond, cur) else { break };
            links.push((cur, ranges));
            if links.iter().any(|(s, _)| *s == next) {
                break;
            }
            cur = next;
        }
        let after = cur;
        if links.len() < 2 || links.iter().any(|(s, _)| *s == after) {
            return TokenStream::new();
        }
        if cond.inlined[after.index()] && !is_accept_now(cond.a.state(after)) {
            return TokenStream::new();
        }
        let (last, _) = links.last().expect("two links or more");
        let enter = self.transition(cond, cond.a.state(*last), after, jump);
        let names: Vec<Ident> = (0..links.len()).map(|i| format_ident!("c{}", i)).collect();
        // Single bytes are compared. Classes of several ranges (hex digits) are looked up
        // in a 256-entry table, one bit per distinct class, and AND'ed: one branch for
        // them all instead of a few compares and branches per byte.
        let mut classes: Vec<&Vec<(u8, u8)>> = Vec::new();
        let mut table = [0u8; 256];
        let mut looked_up: Vec<TokenStream> = Vec::new();
        let mut compared: Vec<TokenStream> = Vec::new();
        for (n, (_, ranges)) in names.iter().zip(&links) {
            if ranges.len() == 1 || (classes.len() == 8 && !classes.contains(&ranges)) {
                let alts = ranges.iter().map(|&(lo, hi)| byte_pattern(lo, hi));
                compared.push(quote!(matches!(#n, #(#alts)|*)));
                continue;
            }
            let bit = match classes.iter().position(|c| *c == ranges) {
                Some(k) => k,
                None => {
                    classes.push(ranges);
                    for &(lo, hi) in ranges {
                        for b in lo..=hi {
                            table[b as usize] |= 1 << (classes.len() - 1);
                        }
                    }
                    classes.len() - 1
                }
            };
            looked_up.push(if bit == 0 {
                quote!(CHAIN_CLASS[#n as usize])
            } else {
                let shift = Literal::u8_unsuffixed(bit as u8);
                quote!((CHAIN_CLASS[#n as usize] >> #shift))
            });
        }
        let mut tests: Vec<TokenStream> = Vec::new();
        let mut table_static = TokenStream::new();
        if !looked_up.is_empty() {
            let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
            table_static = quote!(static CHAIN_CLASS: [u8; 256] = [#(#entries),*];);
            tests.push(quote!((#(#looked_up)&* & 1) != 0));
        }
        tests.extend(compared);
        let skip = Literal::usize_unsuffixed(links.len() - 1);
        let len = Literal::usize_unsuffixed(links.len());
        quote! {
            if let ::core::option::Option::Some(&[#(#names),*]) = input.get(p..p + #len) {
                #table_static
                if #(#tests)&&* {
                    p += #skip;
                    #enter
                }
            }
        }
    }

    /// The arms of a state's dispatch: one per target state (ranges joined), self-loops
    /// excluded (the state's loop handles them).
    pub(super) fn arms(s: &State, id: StateId) -> Vec<(StateId, Vec<(u8, u8)>)> {
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
    /// wide enough to dispatch through a table, and per state the table it reads.
    /// Emitted once per condition, however many times the state's code is; states whose
    /// tables are the same (JSON's two string bodies) share the first one's. Table
    /// states have none.
    pub(super) fn dispatch_tables(a: &Automaton, backends: &[Backend]) -> (TokenStream, Vec<Option<Ident>>) {
        let mut names: Vec<Option<Ident>> = vec![None; a.states.len()];
        let mut distinct: Vec<([u8; 256], Ident)> = Vec::new();
        for (i, s) in a.states.iter().enumerate().filter(|(i, _)| backends[*i] == Backend::Direct) {
            let arms = Self::arms(s, StateId(i as u32));
            if arms.len() < TABLE_DISPATCH_MIN_ARMS {
                continue;
            }
            let mut table = [0u8; 256];
            for (k, (_, ranges)) in arms.iter().enumerate() {
                for &(lo, hi) in ranges {
                    for b in lo..=hi {
                        table[b as usize] = (k + 1) as u8;
                    }
                }
            }
            names[i] = Some(match distinct.iter().find(|(t, _)| *t == table) {
                Some((_, name)) => name.clone(),
                None => {
                    let name = format_ident!("NEXT_{}", i);
                    distinct.push((table, name.clone()));
                    name
                }
            });
        }
        let statics = distinct.iter().map(|(table, name)| {
            let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
            quote!(static #name: [u8; 256] = [#(#entries),*];)
        });
        (quote!(#(#statics)*), names)
    }

    /// Read the next byte and follow the transition, or fall back.
    /// `cycles`, the state's in-place cycle tests, run first (again after the UTF-8
    /// kernel, where its run stops).
    fn dispatch(
        &self,
        cond: &CondCtx,
        s: &State,
        id: StateId,
        dead: &TokenStream,
        jump: Jump,
        cycles: Option<&TokenStream>,
    ) -> TokenStream {
        let arms = Self::arms(s, id);
        let read = self.read_byte(dead);
        if arms.is_empty() {
            // Only a self-loop (already run) or nothing: the token ends here.
            return self.after_final_loop(cond.a, id, dead);
        }
        let utf8_hook = cond.analysis.hooks.iter().find(|h| h.state == id && h.kernel == KernelKind::Utf8);
        // Where the kernel's run ends, the state's own loop would stop at once (the byte
        // there is not in its class), so the kernel's arms read that byte again here
        // instead of re-entering the state.
        let rescan = syn::Lifetime::new(&format!("'rescan_{}", id.0), proc_macro2::Span::call_site());
        let mut hooked_arm = false;
        let bodies: Vec<TokenStream> = arms
            .iter()
            .map(|(target, ranges)| {
                let body = self.transition(cond, s, *target, jump);
                match utf8_hook {
                    // A multibyte character where the state loops over UTF-8: the kernel
                    // takes it and the rest of the run in bulk (unless it cannot: an
                    // invalid sequence is left to the DFA, which reports it).
                    Some(hook) if ranges.iter().all(|&(lo, _)| lo >= 0x80) => {
                        hooked_arm = true;
                        let call = hook_call(self.rt, &cond.analysis.hooks, hook, false);
                        quote! {{
                            if !kernels.is_scalar() {
                                let q = #call;
                                if q > p {
                                    p = q;
                                    continue #rescan;
                                }
                            }
                            #body
                        }}
                    }
                    _ => body,
                }
            })
            .collect();
        let code = if let Some(table) = &cond.dispatch_tables[id.index()] {
            let numbers = (1..=arms.len()).map(|k| Literal::u8_unsuffixed(k as u8));
            quote! {
                #cycles
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
            // Arms that take every byte leave no dead end to match (rustc would warn
            // that `_` is unreachable).
            let covered: usize = arms.iter().flat_map(|(_, r)| r).map(|&(lo, hi)| (hi - lo) as usize + 1).sum();
            let dead_arm = (covered < 256).then(|| quote!(_ => #dead));
            quote! {
                #cycles
                #read
                match b {
                    #(#patterns => #bodies)*
                    #dead_arm
                }
            }
        };
        if hooked_arm {
            // Every arm leaves by a jump, so the loop only repeats through `continue`.
            quote!(#rescan: loop { #code })
        } else {
            code
        }
    }

    /// Take the byte into `target`: emit its token at once (accept now), continue with
    /// its code in place (its only way in), or jump to it through the state match.
    fn transition(&self, cond: &CondCtx, from: &State, target: StateId, jump: Jump) -> TokenStream {
        let t = cond.a.state(target);
        let remember = match from.accept {
            Some(r) if t.accept.is_none() => {
                let rule = Outcome::Rule(r).name();
                let dynamic = cond.needs_dynamic.then(|| quote!(last_rule = #rule;));
                quote! { last_end = p; #dynamic }
            }
            _ => TokenStream::new(),
        };
        if is_accept_now(t) {
            return finish(Outcome::Rule(t.accept.expect("accept-now states accept")), quote!(p + 1));
        }
        if cond.inlined[target.index()] {
            let code = self.state(cond, target, jump);
            return quote! {{ #remember p += 1; #code }};
        }
        let n = Literal::u32_unsuffixed(target.0);
        match jump {
            Jump::FromStart => quote! {{ #remember p += 1; break 'start #n; }},
            Jump::InLoop => quote! {{ #remember p += 1; state = #n; continue 'states; }},
        }
    }
}

/// `lo..=hi` or a single byte, as a match pattern.
pub(super) fn byte_pattern(lo: u8, hi: u8) -> TokenStream {
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
