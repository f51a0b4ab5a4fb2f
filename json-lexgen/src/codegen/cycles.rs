//! Short ways out of a looping state and back, tested in place.
//!
//! A state S that loops on a class (a string's body) often has short ways out and back
//! in: S `\`→ T `n`→ S, or S `\`→ T `u`→ H1 → H2 → H3 → H4 → S (an escape). Through the
//! state loop each such cycle costs a jump per state, `match` dispatches that the branch
//! predictor misses when escapes and text alternate. In S's dispatch, the arm of the
//! byte that stopped S's loop first tests the rest of each cycle that starts with it
//! (one bounds check per cycle, its classes compared or looked up in a table) and, if
//! one matches, takes its bytes and goes back to S's loop without leaving S's code.
//! Otherwise the arm goes on as before: it, and the states of the cycle, still report
//! errors, end the input, or (streaming) ask for more input where the buffer ends inside
//! a cycle. Bytes that leave S otherwise (the closing quote) pay nothing. (Short ways
//! from S to another looping state, JSON's plain string body at its first escape, were
//! tested the same way and dropped: the parser that inlines the lexer lost more on
//! twitter and citm_catalog, by code size, than the escape payloads gained.)
//!
//! This is a property of the DFA, not of JSON: any loop state with such cycles gets it.
//! A cycle qualifies when S accepts nothing (so that leaving it records no fallback
//! match), and every state on it accepts nothing, has no self-loop and is direct
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

/// Byte classes, one per byte, each as ranges.
type Classes = Vec<Vec<(u8, u8)>>;

/// A cycle out of S and back, by the byte classes it takes.
#[derive(Clone)]
struct Way {
    classes: Classes,
    /// The state after the first byte (which names the dispatch arm).
    first: StateId,
}

impl Ctx<'_> {
    /// The label of state `id`'s loop over its cycles.
    pub(super) fn cycle_label(id: StateId) -> syn::Lifetime {
        syn::Lifetime::new(&format!("'cycle_{}", id.0), proc_macro2::Span::call_site())
    }

    /// The cycles of state `id` that its code tests in place, grouped by their first
    /// class, shortest first (none where `id` has no self-loop or does not qualify).
    fn ways(cond: &CondCtx, id: StateId) -> Vec<Way> {
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
        let mut groups: Vec<Vec<Way>> = Vec::new();
        for (target, ranges) in Self::arms(s, id) {
            // Multibyte characters out of a state the UTF-8 kernel loops over: the kernel
            // takes them at the vector levels.
            if utf8_hook && ranges.iter().all(|&(lo, _)| lo >= 0x80) {
                continue;
            }
            if !passable(target) {
                continue;
            }
            let mut cycles: Vec<Way> = Vec::new();
            let mut stack: Vec<(StateId, Classes)> = vec![(target, vec![ranges])];
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
                        cycles.push(Way { classes: longer, first: target });
                    } else if longer.len() < MAX_CYCLE && passable(next) {
                        stack.push((next, longer));
                    }
                }
            }
            // Shortest first; ties in the order found (stable).
            cycles.sort_by_key(|w| w.classes.len());
            cycles.truncate(MAX_CYCLES);
            if !cycles.is_empty() {
                groups.push(cycles);
            }
        }
        groups.sort_by_key(|g| g[0].classes.len());
        groups.truncate(MAX_CYCLES);
        groups.into_iter().flatten().collect()
    }

    /// The in-place tests of state `id`'s cycles, for the dispatch arms of their first
    /// bytes: where the byte that stopped the loop starts a cycle and the cycle's other
    /// bytes follow, they are taken and the code goes back to the loop (`continue
    /// 'cycle_N`); else the arm goes on as before. `None` where the state has no cycle
    /// to test.
    pub(super) fn cycle_fast_path(&self, cond: &CondCtx, id: StateId) -> Option<WayCode> {
        let ways = Self::ways(cond, id);
        if ways.is_empty() {
            return None;
        }
        let label = Self::cycle_label(id);
        // Classes of several ranges are looked up in one 256-entry table (a bit per
        // class, at most eight); single ranges are compared. (The first byte's class is
        // the arm's: already tested.)
        let mut classes: Vec<&Vec<(u8, u8)>> = Vec::new();
        let mut table = [0u8; 256];
        for way in &ways {
            for ranges in &way.classes[1..] {
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
        let mut arms: Vec<(StateId, TokenStream)> = Vec::new();
        for way in &ways {
            let n = way.classes.len();
            let names: Vec<Ident> = (1..n).map(|i| format_ident!("c{}", i)).collect();
            let len = Literal::usize_unsuffixed(n);
            let rest = tests(&names, &way.classes[1..]);
            let take = quote! {
                p += #len;
                continue #label;
            };
            let code = quote! {
                if let ::core::option::Option::Some(&[_, #(#names),*]) = input.get(p..p + #len) {
                    if #rest {
                        #take
                    }
                }
            };
            match arms.iter_mut().find(|(first, _)| *first == way.first) {
                Some((_, all)) => all.extend(code),
                None => arms.push((way.first, code)),
            }
        }
        let table = if classes.is_empty() {
            TokenStream::new()
        } else {
            let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
            quote!(static CYCLE_CLASS: [u8; 256] = [#(#entries),*];)
        };
        Some(WayCode { table, arms })
    }
}

/// A state's in-place tests of its cycles (see [`Ctx::cycle_fast_path`]).
pub(super) struct WayCode {
    /// `static CYCLE_CLASS`, for the state's code, or nothing.
    pub(super) table: TokenStream,
    /// Per arm of the dispatch (by the state it leads to): the tests, run first.
    pub(super) arms: Vec<(StateId, TokenStream)>,
}
