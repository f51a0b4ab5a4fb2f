//! Short cycles out of a looping state and back, tested in place.
//!
//! A state S that loops on a class (a string's body) often has short ways out and back
//! in: S `\`→ T `n`→ S, or S `\`→ T `u`→ H1 → H2 → H3 → H4 → S (an escape). Through the
//! state loop each such cycle costs a jump per state, the `match` dispatches that the
//! branch predictor misses when escapes and text alternate. Where S's run stops, the
//! generated code first tests the bytes of each cycle (one bounds check per cycle, its
//! classes compared or looked up in a table) and, if one matches, takes them and goes
//! back to S's own loop without leaving S's code. Otherwise S's dispatch runs as before:
//! it, and the states of the cycle, still report errors, end the input, or (streaming)
//! ask for more input where the buffer ends inside a cycle.
//!
//! Two variants were measured and dropped: the same tests inside the dispatch arm of
//! the cycle's first byte (nothing to pay on the closing quote, but the table dispatch
//! comes first: slower on the escape payloads), and short ways from a looping state to
//! another (JSON's plain string body at its first escape): the parser, which inlines the
//! lexer, grew and lost more on twitter and citm_catalog than the escapes gained.
//!
//! This is a property of the DFA, not of JSON: any loop state with such cycles gets it.
//! A cycle qualifies when S accepts nothing (so that leaving it records no fallback
//! match), and every state on the way accepts nothing, has no self-loop and is direct
//! code (nothing on the way has an effect but moving `p`).

use super::condition::{Backend, CondCtx};
use super::dispatch::byte_pattern;
use super::Ctx;
use crate::analysis::KernelKind;
use crate::automaton::StateId;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

/// The longest cycle tested in place, in bytes.
const MAX_CYCLE: usize = 8;

/// At most this many ways out per state whose cycles are tested (those with the
/// shortest cycles are kept), and this many cycles per way out (the shortest): each is
/// a test where the loop stops.
const MAX_CYCLES: usize = 4;

/// The most states visited per arm out of S while looking for cycles.
const SEARCH_BUDGET: usize = 256;

/// A byte class, as ranges.
type Ranges = Vec<(u8, u8)>;

/// A cycle: the byte classes that lead from S back to S.
type Cycle = Vec<Ranges>;

impl Ctx<'_> {
    /// The label of state `id`'s loop over its cycles.
    pub(super) fn cycle_label(id: StateId) -> syn::Lifetime {
        syn::Lifetime::new(&format!("'cycle_{}", id.0), proc_macro2::Span::call_site())
    }

    /// The cycles of state `id` that its code tests in place, shortest first (none
    /// where `id` has no self-loop or does not qualify).
    fn cycles(cond: &CondCtx, id: StateId) -> Vec<Cycle> {
        let a = cond.a;
        let s = a.state(id);
        let looping = cond.analysis.loops.iter().any(|l| l.state == id);
        if !looping || s.accept.is_some() || cond.backends[id.index()] != Backend::Direct || id == StateId::START {
            return Vec::new();
        }
        let utf8_hook = cond.analysis.hooks.iter().any(|h| h.state == id && h.kernel == KernelKind::Utf8);
        // A state on the way: no accept, no self-loop, direct code.
        let passable = |x: StateId| {
            let xs = a.state(x);
            x != id
                && x != StateId::START
                && xs.accept.is_none()
                && cond.backends[x.index()] == Backend::Direct
                && !xs.transitions.iter().any(|t| t.target == x)
        };
        let mut groups: Vec<Vec<Cycle>> = Vec::new();
        for (target, ranges) in Self::arms(s, id) {
            // Multibyte characters out of a state the UTF-8 kernel loops over: the kernel
            // takes them at the vector levels.
            if utf8_hook && ranges.iter().all(|&(lo, _)| lo >= 0x80) {
                continue;
            }
            if !passable(target) {
                continue;
            }
            let mut cycles: Vec<Cycle> = Vec::new();
            let mut stack: Vec<(StateId, Cycle)> = vec![(target, vec![ranges])];
            let mut budget = SEARCH_BUDGET;
            while let Some((x, path)) = stack.pop() {
                // Wide states on the way could make the search exponential: stop early
                // (the cycles found so far are still sound).
                budget -= 1;
                if budget == 0 {
                    break;
                }
                for (next, ranges) in Self::arms(a.state(x), x) {
                    let mut longer = path.clone();
                    longer.push(ranges);
                    if next == id {
                        cycles.push(longer);
                    } else if longer.len() < MAX_CYCLE && passable(next) {
                        stack.push((next, longer));
                    }
                }
            }
            // Shortest first; ties in the order found (stable).
            cycles.sort_by_key(Vec::len);
            cycles.truncate(MAX_CYCLES);
            if !cycles.is_empty() {
                groups.push(cycles);
            }
        }
        groups.sort_by_key(|g| g[0].len());
        groups.truncate(MAX_CYCLES);
        groups.into_iter().flatten().collect()
    }

    /// The in-place test of state `id`'s cycles, run where its loop stops: a cycle that
    /// matches moves `p` past it and goes back to the loop (`continue 'cycle_N`); none
    /// matching falls through to the state's dispatch. `None` where the state has no
    /// cycle to test.
    pub(super) fn cycle_fast_path(&self, cond: &CondCtx, id: StateId) -> Option<TokenStream> {
        let cycles = Self::cycles(cond, id);
        if cycles.is_empty() {
            return None;
        }
        let label = Self::cycle_label(id);
        // Classes of several ranges are looked up in one 256-entry table (a bit per
        // class, at most eight); single ranges are compared.
        let mut classes: Vec<&Vec<(u8, u8)>> = Vec::new();
        let mut table = [0u8; 256];
        for cycle in &cycles {
            for ranges in cycle {
                if ranges.len() > 1 && classes.len() < 8 && !classes.contains(&ranges) {
                    classes.push(ranges);
                    let bit = classes.len() - 1;
                    for &(lo, hi) in ranges {
                        for b in lo..=hi {
                            table[b as usize] |= 1 << bit;
                        }
                    }
                }
            }
        }
        let bit_of = |ranges: &Vec<(u8, u8)>| classes.iter().position(|c| *c == ranges);
        // The tests of bytes `names` against `ranges`, all in one expression.
        let tests = |names: &[Ident], path: &[Vec<(u8, u8)>]| -> TokenStream {
            let mut looked_up: Vec<TokenStream> = Vec::new();
            let mut compared: Vec<TokenStream> = Vec::new();
            for (n, ranges) in names.iter().zip(path) {
                match bit_of(ranges) {
                    Some(0) => looked_up.push(quote!(CYCLE_CLASS[#n as usize])),
                    Some(bit) => {
                        let shift = Literal::u8_unsuffixed(bit as u8);
                        looked_up.push(quote!((CYCLE_CLASS[#n as usize] >> #shift)));
                    }
                    None => {
                        let alts = ranges.iter().map(|&(lo, hi)| byte_pattern(lo, hi));
                        compared.push(quote!(matches!(#n, #(#alts)|*)));
                    }
                }
            }
            // Single bytes first: a `u` that is not there skips the table lookups.
            let mut all = compared;
            if !looked_up.is_empty() {
                all.push(quote!((#(#looked_up)&* & 1) != 0));
            }
            quote!(#(#all)&&*)
        };
        // Grouped by their first byte's class: that byte is read once, and a run that
        // ends the token (the closing quote) costs one test per group.
        let mut groups: Vec<(&Ranges, Vec<&Cycle>)> = Vec::new();
        for cycle in &cycles {
            match groups.iter_mut().find(|(first, _)| *first == &cycle[0]) {
                Some((_, members)) => members.push(cycle),
                None => groups.push((&cycle[0], vec![cycle])),
            }
        }
        let first = format_ident!("c0");
        let group_code = groups.iter().map(|(first_class, members)| {
            let head = tests(std::slice::from_ref(&first), std::slice::from_ref(*first_class));
            let bodies = members.iter().map(|cycle| {
                let names: Vec<Ident> = (1..cycle.len()).map(|i| format_ident!("c{}", i)).collect();
                let len = Literal::usize_unsuffixed(cycle.len());
                let rest = tests(&names, &cycle[1..]);
                quote! {
                    if let ::core::option::Option::Some(&[_, #(#names),*]) = input.get(p..p + #len) {
                        if #rest {
                            p += #len;
                            continue #label;
                        }
                    }
                }
            });
            quote! {
                if #head {
                    #(#bodies)*
                }
            }
        });
        let table_static = (!classes.is_empty()).then(|| {
            let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
            quote!(static CYCLE_CLASS: [u8; 256] = [#(#entries),*];)
        });
        Some(quote! {
            if let ::core::option::Option::Some(&c0) = input.get(p) {
                #table_static
                #(#group_code)*
            }
        })
    }
}
