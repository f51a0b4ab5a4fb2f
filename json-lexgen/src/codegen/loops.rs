//! Self-loops: a state's run of class bytes in a tight loop, and the SIMD hooks on it.
//!
//! Each loop state gets a function `loop_N(input, p) -> end`: whole chunks of
//! [`UNROLL`] bytes tested without a bounds check per byte (byte by byte through a
//! packed 256-entry class table or a `matches!`, or as one word for a class of ASCII
//! bytes that few operations test, see [`SWAR_MAX_OPS`]), the tail byte by byte. A hooked loop (see
//! [`crate::analysis::Hook`]) hands a long run to the runtime's inline probe or
//! out-of-line kernel ([`hook_call`]); the hooks' classes are constants
//! ([`hook_classes`]) so that the probe's compares fold at compile time.

use super::dispatch::byte_pattern;
use super::safety::unsafe_let;
use crate::analysis::{Analysis, Hook, KernelKind};
use crate::automaton::StateId;
use crate::byteset::ByteSet;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// Self-loops test this many bytes per bounds check.
const UNROLL: usize = 8;
// The hook peels one chunk before its probe.
const _: () = assert!(Hook::PROBE_AFTER == UNROLL);

/// Classes of ASCII bytes whose word test takes at most this many operations (see
/// [`swar_chunk_test`]) test a whole chunk as one word. Measured on the corpus: digits
/// (5) pay off in instructions, a string body (9) in mispredicted branches (one per
/// short string fewer) and time; whitespace (18) is mostly one space, which the byte
/// tests take at once.
const SWAR_MAX_OPS: usize = 12;

/// `struct SkipN;` with its class as a `ConstClass` for each hook's class, and the
/// class as `const SKIP_N`. A type, so that the kernels the hook calls are compiled for
/// its class (the class's test chosen and its constants built at compile time, not at
/// every call); a `const`, not a `static`: the lexer is inlined across crates, and only
/// a constant lets the compiler fold the class into the inline probe's compares. Hooks
/// of the same class (JSON's two string bodies) share the first one's: one compiled
/// kernel per class.
pub(super) fn hook_classes(rt: &syn::Path, analysis: &Analysis) -> TokenStream {
    let hooks = &analysis.hooks;
    let classes =
        hooks.iter().enumerate().filter(|(i, h)| !hooks[..*i].iter().any(|e| e.class == h.class)).map(|(_, h)| {
            let (name, constant) = hook_names(hooks, h);
            let words: Vec<Literal> = h.class.words().iter().map(|&w| Literal::u64_unsuffixed(w)).collect();
            quote! {
                struct #name;
                impl #rt::skip::ConstClass for #name {
                    const CLASS: #rt::skip::ByteClass = #rt::skip::ByteClass::from_bitmap([#(#words),*]);
                }
                const #constant: #rt::skip::ByteClass = <#name as #rt::skip::ConstClass>::CLASS;
            }
        });
    quote!(#(#classes)*)
}

/// The type and the constant that name a hook's class (see [`hook_classes`]): those of
/// the first of `hooks` with that class.
fn hook_names(hooks: &[Hook], hook: &Hook) -> (proc_macro2::Ident, proc_macro2::Ident) {
    let first = hooks.iter().find(|h| h.class == hook.class).unwrap_or(hook);
    (format_ident!("Skip{}", first.state.0), format_ident!("SKIP_{}", first.state.0))
}

/// A hook's call into the runtime: `skip_…_long_of::<SkipN>(kernels, &SKIP_N, input,
/// p)`, where the run ends; or, with `probe`, `probe_…_of::<SkipN>(…)`, the inline probe
/// (`Some(end)`, or `None` where it does not apply). `hooks`: the condition's.
pub(super) fn hook_call(rt: &syn::Path, hooks: &[Hook], hook: &Hook, probe: bool) -> TokenStream {
    let (name, constant) = hook_names(hooks, hook);
    let function = match (hook.kernel, probe) {
        (KernelKind::Class, false) => quote!(skip_class_long_of),
        (KernelKind::Utf8, false) => quote!(skip_utf8_long_of),
        (KernelKind::Class, true) => quote!(probe_class_of),
        (KernelKind::Utf8, true) => quote!(probe_utf8_of),
    };
    quote!(#rt::skip::#function::<#name>(kernels, &#constant, input, p))
}

/// One range of a [`WordTest`], on `low` (the input word with each byte's high bit
/// cleared, so that no addition carries into the next byte): a word whose byte `i` has
/// its high bit set exactly when `low`'s byte `i` is in the range.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Term {
    /// `y >= lo` (`lo >= 1`): `y + (0x80 - lo)`.
    AtLeast(u8),
    /// `y <= hi`: the negation of `y + (0x7F - hi)`, which is `y > hi`.
    AtMost(u8),
    /// `lo <= y <= hi`, `1 <= lo <= hi < 0x7F`: both.
    Within(u8, u8),
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// `0x2222_2222_2222_2222u64`: a word constant as a reader of the generated code reads it.
fn word(k: u64) -> Literal {
    let hex = format!("{k:016X}");
    let groups: Vec<&str> = (0..4).map(|i| &hex[4 * i..4 * i + 4]).collect();
    format!("0x{}u64", groups.join("_")).parse().expect("a u64 literal")
}

impl Term {
    /// Its operations (additions, negations, the `&` inside `Within`).
    fn ops(self) -> usize {
        match self {
            Term::AtLeast(_) => 1,
            Term::AtMost(_) => 2,
            Term::Within(..) => 4,
        }
    }

    #[cfg(test)]
    fn eval(self, low: u64) -> u64 {
        let at_least = |lo: u8| low.wrapping_add(ONES * (0x80 - lo as u64));
        let above = |hi: u8| low.wrapping_add(ONES * (0x7F - hi as u64));
        match self {
            Term::AtLeast(lo) => at_least(lo),
            Term::AtMost(hi) => !above(hi),
            Term::Within(lo, hi) => at_least(lo) & !above(hi),
        }
    }

    fn tokens(self) -> TokenStream {
        let at_least = |lo: u8| {
            let k = word(ONES * (0x80 - lo as u64));
            quote!((low + #k))
        };
        let above = |hi: u8| {
            let k = word(ONES * (0x7F - hi as u64));
            quote!((low + #k))
        };
        match self {
            Term::AtLeast(lo) => at_least(lo),
            Term::AtMost(hi) => {
                let t = above(hi);
                quote!(!#t)
            }
            Term::Within(lo, hi) => {
                let (a, b) = (at_least(lo), above(hi));
                quote!((#a & !#b))
            }
        }
    }
}

/// The exact word test of a class of ASCII bytes, for classes that [`FirstStop`] does
/// not take (a wide gap in the middle): the union of its ranges, bytes >= 0x80 never in
/// it (`& !word`).
#[derive(Debug, PartialEq)]
struct WordTest {
    terms: Vec<Term>,
}

impl WordTest {
    fn new(class: &ByteSet) -> Option<WordTest> {
        let terms = ascii_ranges(class)?
            .into_iter()
            .map(|(lo, hi)| match (lo, hi) {
                (0, hi) => Term::AtMost(hi),
                (lo, 0x7F) => Term::AtLeast(lo),
                (lo, hi) => Term::Within(lo, hi),
            })
            .collect();
        Some(WordTest { terms })
    }

    /// Its operations: the terms', one `|` between two, and the four of the stop mask
    /// (`low`, `& !word`, `!`, `& 0x80..`).
    fn ops(&self) -> usize {
        self.terms.iter().map(|t| t.ops()).sum::<usize>() + self.terms.len() - 1 + 4
    }

    /// The high bit of byte `i` set exactly when byte `i` of `word` is in the class.
    #[cfg(test)]
    fn eval(&self, word: u64) -> u64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F;
        self.terms.iter().fold(0, |a, t| a | t.eval(low)) & !word
    }

    /// The stop mask as an expression over `word`: `!eval & 0x80..`.
    fn tokens(&self) -> TokenStream {
        let terms = self.terms.iter().map(|t| t.tokens());
        quote! {
            !{
                let low = word & 0x7F7F_7F7F_7F7F_7F7Fu64;
                (#(#terms)|*) & !word
            } & 0x8080_8080_8080_8080u64
        }
    }
}

/// The ranges of a class of ASCII bytes (`None` for an empty class or one with bytes
/// >= 0x80, which no word test takes).
fn ascii_ranges(class: &ByteSet) -> Option<Vec<(u8, u8)>> {
    let ranges = class.ranges();
    (!ranges.is_empty() && ranges.iter().all(|&(_, hi)| hi < 0x80)).then_some(ranges)
}

/// One kind of byte that ends a run, in [`FirstStop`]: a word whose byte `i` has its
/// high bit set if input byte `i` is of the kind, exact up to the first byte of any kind
/// (a subtraction borrows out of a byte only where that byte is a stop).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stop {
    /// `y < k` (`1 <= k <= 0x7F`): `word - k`.
    Below(u8),
    /// `y == v`: `(word ^ v) - 1`.
    Is(u8),
    /// `y >= lo` (`1 <= lo <= 0x7F`): `word + (0x80 - lo)`.
    AtLeast(u8),
}

/// A cheaper test than [`WordTest`]'s where only the first byte outside the class
/// matters (a run's end): on the whole word, no high bits cleared, each kind of stop
/// byte one or two operations, bytes >= 0x80 stops by their own high bit. Only for
/// classes whose ASCII gaps are a low range, a high range and single bytes (a string
/// body: controls, `"`, `\\`; digits).
#[derive(Debug, PartialEq)]
struct FirstStop {
    stops: Vec<Stop>,
}

impl FirstStop {
    fn new(class: &ByteSet) -> Option<FirstStop> {
        let mut stops = Vec::new();
        for (lo, hi) in ascii_gaps(&ascii_ranges(class)?) {
            match (lo, hi) {
                (0, 0x7F) => return None,
                (0, hi) => stops.push(Stop::Below(hi + 1)),
                (lo, 0x7F) => stops.push(Stop::AtLeast(lo)),
                (lo, hi) if hi - lo < 2 => stops.extend((lo..=hi).map(Stop::Is)),
                _ => return None,
            }
        }
        Some(FirstStop { stops })
    }

    /// Its operations: the stops', one `|` each (the last with `word`), the final `&`.
    fn ops(&self) -> usize {
        self.stops.iter().map(|s| if let Stop::Is(_) = s { 2 } else { 1 }).sum::<usize>() + self.stops.len() + 1
    }

    #[cfg(test)]
    fn eval(&self, word: u64) -> u64 {
        let terms = self.stops.iter().map(|s| match *s {
            Stop::Below(k) => word.wrapping_sub(ONES * k as u64),
            Stop::Is(v) => (word ^ (ONES * v as u64)).wrapping_sub(ONES),
            Stop::AtLeast(lo) => word.wrapping_add(ONES * (0x80 - lo as u64)),
        });
        terms.fold(word, |a, t| a | t) & 0x8080_8080_8080_8080
    }

    fn tokens(&self) -> TokenStream {
        let terms = self.stops.iter().map(|s| match *s {
            Stop::Below(k) => {
                let k = word(ONES * k as u64);
                quote!(word.wrapping_sub(#k))
            }
            Stop::Is(v) => {
                let v = word(ONES * v as u64);
                quote!((word ^ #v).wrapping_sub(0x0101_0101_0101_0101u64))
            }
            Stop::AtLeast(lo) => {
                let k = word(ONES * (0x80 - lo as u64));
                quote!(word.wrapping_add(#k))
            }
        });
        quote!((#(#terms |)* word) & 0x8080_8080_8080_8080u64)
    }
}

/// For a class that [`FirstStop`] or [`WordTest`] takes, an expression over `word`
/// (eight input bytes, little-endian) whose lowest high bit set is that of the first
/// byte not in the class (zero if there is none), if it takes at most [`SWAR_MAX_OPS`].
fn swar_chunk_test(class: &ByteSet) -> Option<TokenStream> {
    let first = FirstStop::new(class).filter(|t| t.ops() <= SWAR_MAX_OPS).map(|t| t.tokens());
    first.or_else(|| WordTest::new(class).filter(|t| t.ops() <= SWAR_MAX_OPS).map(|t| t.tokens()))
}

/// The ranges of ASCII bytes that `ranges` (sorted, all ASCII) leave out.
fn ascii_gaps(ranges: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let mut gaps = Vec::new();
    let mut next = 0u16;
    for &(lo, hi) in ranges {
        if (lo as u16) > next {
            gaps.push((next as u8, lo - 1));
        }
        next = hi as u16 + 1;
    }
    if next <= 0x7F {
        gaps.push((next as u8, 0x7F));
    }
    gaps
}

/// A condition's self-loops: the classes that need a table, packed eight to a
/// `[u8; 256]` (bit k of entry b: byte b is in the k-th distinct class), and the loop
/// functions, one per distinct loop (JSON's digit loops after `-`, `0.` and `e` are
/// one).
pub(super) struct LoopTables {
    /// (state, table index, bit) for each loop class that uses a table; states of the
    /// same class share a bit.
    slots: Vec<(StateId, usize, u8)>,
    tables: Vec<[u8; 256]>,
    /// Per loop state: the name of the function that runs its loop.
    names: Vec<(StateId, proc_macro2::Ident)>,
    /// The distinct loop functions.
    functions: Vec<TokenStream>,
}

impl LoopTables {
    /// The tables of the loop classes of more than two ranges (fewer are compared), and
    /// the loop functions of `analysis`'s loops.
    pub(super) fn new(rt: &syn::Path, analysis: &Analysis, unsafe_code: bool) -> LoopTables {
        let mut slots: Vec<(StateId, usize, u8)> = Vec::new();
        let mut tables: Vec<[u8; 256]> = Vec::new();
        let mut classes: Vec<&ByteSet> = Vec::new();
        for l in analysis.loops.iter().filter(|l| l.class.ranges().len() > 2) {
            let n = match classes.iter().position(|c| **c == l.class) {
                Some(n) => n,
                None => {
                    classes.push(&l.class);
                    classes.len() - 1
                }
            };
            if n == tables.len() * 8 {
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
        let mut loops = LoopTables { slots, tables, names: Vec::new(), functions: Vec::new() };
        // Loops that would be the same function but for its name share the first one.
        let mut seen: Vec<(String, proc_macro2::Ident)> = Vec::new();
        let anonymous = format_ident!("loop_");
        for l in &analysis.loops {
            let hook = analysis.hooks.iter().find(|h| h.state == l.state);
            let fun = |name| loops.skip_loop_fn(rt, &analysis.hooks, l.state, &l.class, unsafe_code, hook, name);
            let key = fun(&anonymous).to_string();
            let name = match seen.iter().find(|(k, _)| *k == key) {
                Some((_, name)) => name.clone(),
                None => {
                    let name = format_ident!("loop_{}", l.state.0);
                    loops.functions.push(fun(&name));
                    seen.push((key, name.clone()));
                    name
                }
            };
            loops.names.push((l.state, name));
        }
        loops
    }

    /// The distinct loop functions.
    pub(super) fn functions(&self) -> TokenStream {
        let functions = &self.functions;
        quote!(#(#functions)*)
    }

    /// `static LOOP_CLASS_n: [u8; 256]`, one per eight such classes.
    pub(super) fn statics(&self) -> TokenStream {
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
    #[allow(clippy::too_many_arguments)]
    fn skip_loop_fn(
        &self,
        rt: &syn::Path,
        hooks: &[Hook],
        state: StateId,
        class: &ByteSet,
        unsafe_code: bool,
        hook: Option<&Hook>,
        name: &proc_macro2::Ident,
    ) -> TokenStream {
        let test = self.test(state, class);
        let swar = swar_chunk_test(class);
        // Where the run stops at the byte `b` (at `p`). A UTF-8 hook's run of ASCII class
        // bytes that stops at a byte >= 0x80 goes on in the kernel here, through the
        // multibyte characters and the runs after them: the state's dispatch then meets
        // the byte that ends the run (a string's quote), not each lead byte in turn,
        // whose jumps alternate with the quote's and mispredict. The kernel stops before
        // an invalid character, which the dispatch then lexes. At the scalar level the
        // DFA takes the multibyte characters.
        let utf8_call = match hook {
            Some(h) if h.kernel == KernelKind::Utf8 => Some(hook_call(rt, hooks, h, false)),
            _ => None,
        };
        let exit = match &utf8_call {
            Some(call) => quote! {
                if b >= 0x80 && !kernels.is_scalar() {
                    return #call;
                }
                return p;
            },
            None => quote!(return p;),
        };
        // The test of the chunk's byte `i`, leaving the loop at it.
        let byte_check = |i: usize| {
            let on_exit = (i > 0).then(|| {
                let i = Literal::usize_unsuffixed(i);
                quote!(p += #i;)
            });
            let i = Literal::usize_unsuffixed(i);
            quote! {
                let b = chunk[#i];
                if !(#test) {
                    #on_exit
                    #exit
                }
            }
        };
        let checks: Vec<TokenStream> = match (&swar, hook.map(|h| h.kernel)) {
            // A cheap class and no UTF-8 kernel: all eight bytes in one word test.
            (Some(stops), None | Some(KernelKind::Class)) => vec![quote! {
                let word = u64::from_le_bytes(*chunk);
                let outside = #stops;
                if outside != 0 {
                    return p + (outside.trailing_zeros() / 8) as usize;
                }
            }],
            // A UTF-8 hook's: the word test finds the first byte that ends the ASCII run,
            // and that byte (taken from the word) decides whether the kernel goes on. One
            // branch a chunk where the byte tests had one per byte, whichever of them ends
            // a short string mispredicting. The kernel starts at the chunk, not at the
            // stop (it takes the class's ASCII bytes too), so that its loads do not wait
            // for the word test. The first byte is tested alone before it: a string of
            // multibyte characters goes to the kernel at once.
            (Some(stops), Some(KernelKind::Utf8)) => {
                let call = utf8_call.as_ref().expect("a UTF-8 hook's call");
                let first = byte_check(0);
                vec![quote! {
                    #first
                    let word = u64::from_le_bytes(*chunk);
                    let outside = #stops;
                    if outside != 0 {
                        let bit = outside.trailing_zeros();
                        if (word >> (bit & !7)) as u8 >= 0x80 && !kernels.is_scalar() {
                            return #call;
                        }
                        return p + (bit / 8) as usize;
                    }
                }]
            }
            _ => (0..UNROLL).map(byte_check).collect(),
        };
        let chunk = if unsafe_code {
            let reason = format!(
                "`p + {UNROLL} <= input.len()`, checked just above: the chunk is in bounds, and `[u8; {UNROLL}]` has alignment 1."
            );
            let read = unsafe_let(
                &reason,
                quote!(chunk: &[u8; #UNROLL]),
                quote!(&*(input.as_ptr().add(p) as *const [u8; #UNROLL])),
            );
            quote! {
                if p + #UNROLL > input.len() {
                    break;
                }
                #read
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
            let read =
                unsafe_let("`p < input.len()`, the loop's condition.", quote!(b), quote!(*input.get_unchecked(p)));
            quote! {
                while p < input.len() {
                    #read
                    if !(#test) {
                        #exit
                    }
                    p += 1;
                }
            }
        } else {
            quote! {
                while let ::core::option::Option::Some(&b) = input.get(p) {
                    if !(#test) {
                        #exit
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
        let probe = hook_call(rt, hooks, hook, true);
        let call = hook_call(rt, hooks, hook, false);
        let budget = Literal::u32_unsuffixed(((Hook::SCALAR_PREFIX - UNROLL) / UNROLL) as u32);
        // The probe tests only the class's ASCII bytes: a UTF-8 hook's probed run that
        // stops at a byte >= 0x80 goes on in the kernel (the probe runs at vector levels).
        let stop_arm = match &utf8_call {
            Some(_) => quote! {
                ::core::option::Option::Some(&b) => { #exit }
                ::core::option::Option::None => return p,
            },
            None => quote!(_ => return p,),
        };
        let probe_end = match &utf8_call {
            Some(call) => quote! {
                let p = end;
                return match input.get(p) {
                    ::core::option::Option::Some(&b) if b >= 0x80 => #call,
                    _ => p,
                };
            },
            None => quote!(return end;),
        };
        quote! {
            /// The self-loop of a state: where its run of class bytes ends (a UTF-8 hook's:
            /// and of valid multibyte characters, at vector levels).
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
                        #stop_arm
                    }
                    if let ::core::option::Option::Some(end) = #probe {
                        #probe_end
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
    pub(super) fn skip_loop_call(&self, state: StateId, hooked: bool) -> TokenStream {
        let name = match self.names.iter().find(|(s, _)| *s == state) {
            Some((_, name)) => name.clone(),
            None => format_ident!("loop_{}", state.0),
        };
        let kernels = hooked.then(|| quote!(kernels));
        quote!(p = #name(input, p, #kernels);)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte at every lane, beside bytes of both kinds, against `contains`.
    fn check(class: &ByteSet, test: &WordTest) {
        let inside = (0..=255u8).find(|&b| class.contains(b));
        let outside = (0..=255u8).find(|&b| !class.contains(b)).unwrap_or(0xFF);
        for fill in [inside.unwrap_or(outside), outside, 0xFF, 0x00, 0x7F, 0x80] {
            for lane in 0..8 {
                for b in 0..=255u8 {
                    let mut bytes = [fill; 8];
                    bytes[lane] = b;
                    let got = test.eval(u64::from_le_bytes(bytes));
                    for (i, &byte) in bytes.iter().enumerate() {
                        assert_eq!(
                            got >> (8 * i + 7) & 1 == 1,
                            class.contains(byte),
                            "{test:?}: byte {byte:#04x} at lane {i} of {bytes:02x?}"
                        );
                    }
                }
            }
        }
    }

    fn set(ranges: &[(u8, u8)]) -> ByteSet {
        ByteSet::from_ranges(ranges)
    }

    /// The first byte not in `class`, the lowest high bit `stops` sets.
    fn check_first(class: &ByteSet, test: &FirstStop, bytes: [u8; 8]) {
        let got = test.eval(u64::from_le_bytes(bytes));
        let first = bytes.iter().position(|&b| !class.contains(b));
        let found = (got != 0).then(|| (got.trailing_zeros() / 8) as usize);
        assert_eq!(found, first, "{test:?} on {bytes:02x?}");
    }

    #[test]
    fn word_tests_agree_with_the_class_at_every_byte_and_lane() {
        // The grammars' classes: digits, a JSON string body, whitespace (too costly).
        let digits = set(&[(b'0', b'9')]);
        let body = set(&[(0x20, 0x21), (0x23, 0x5B), (0x5D, 0x7F)]);
        let ws = set(&[(b'\t', b'\n'), (b'\r', b'\r'), (b' ', b' ')]);
        assert!(FirstStop::new(&body).is_some() && FirstStop::new(&digits).is_some());
        assert_eq!(FirstStop::new(&ws), None, "whitespace's gaps include wide middle ranges");
        assert_eq!(swar_chunk_test(&ws).map(|t| t.to_string()), None);
        assert_eq!(WordTest::new(&set(&[(b'a', 0x80)])), None, "bytes >= 0x80 have no word test");
        assert_eq!(FirstStop::new(&set(&[(b'a', 0x80)])), None);
        // Every class of up to two ranges with bounds from a set of edges, each term's
        // edge cases (0, 0x7F, singletons, neighbours) among them.
        let edges = [0x00, 0x01, 0x1F, 0x20, 0x22, 0x30, 0x39, 0x5C, 0x7E, 0x7F];
        let mut classes = vec![set(&[(0, 0x7F)]), body, digits];
        for &a in &edges {
            for &b in edges.iter().filter(|&&b| b >= a) {
                classes.push(set(&[(a, b)]));
                for &c in edges.iter().filter(|&&c| c > b + 1) {
                    for &d in edges.iter().filter(|&&d| d >= c) {
                        classes.push(set(&[(a, b), (c, d)]));
                    }
                }
            }
        }
        let mut first_stops = 0;
        for class in &classes {
            let exact = WordTest::new(class).expect("an ASCII class has a word test");
            check(class, &exact);
            // The generated expressions parse (a class of every ASCII byte has no stops).
            for tokens in [Some(exact.tokens()), swar_chunk_test(class)].into_iter().flatten() {
                syn::parse2::<syn::Expr>(tokens.clone()).unwrap_or_else(|e| panic!("{e}: {tokens}"));
            }
            if let Some(test) = FirstStop::new(class) {
                syn::parse2::<syn::Expr>(test.tokens()).unwrap_or_else(|e| panic!("{e}: {}", test.tokens()));
                first_stops += 1;
                let inside = (0..=255u8).find(|&b| class.contains(b)).expect("a class byte");
                for lane in 0..8 {
                    for b in 0..=255u8 {
                        for fill in [inside, 0x00, 0x7F, 0x80, 0xFF] {
                            let mut bytes = [inside; 8];
                            bytes[lane] = b;
                            for later in bytes.iter_mut().skip(lane + 1) {
                                *later = fill;
                            }
                            check_first(class, &test, bytes);
                        }
                    }
                }
            }
        }
        assert!(first_stops > 50, "only {first_stops} classes had a first-stop test");
        // Two bytes at each pair of neighbouring lanes, every value, on the string body:
        // a borrow out of the first can only follow a stop.
        let test = FirstStop::new(&body).expect("a string body's test");
        for lane in 0..7 {
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    let mut bytes = [b'a'; 8];
                    bytes[lane] = a;
                    bytes[lane + 1] = b;
                    check_first(&body, &test, bytes);
                }
            }
        }
    }
}
