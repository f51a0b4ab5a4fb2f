//! Self-loops: a state's run of class bytes in a tight loop, and the SIMD hooks on it.
//!
//! Each loop state gets a function `loop_N(input, p) -> end`: whole chunks of
//! [`UNROLL`] bytes tested without a bounds check per byte (byte by byte through a
//! packed 256-entry class table or a `matches!`, or as one word for a class of
//! [`SWAR_MAX_RANGES`] ASCII range), the tail byte by byte. A hooked loop (see
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

/// Classes of at most this many ASCII ranges test a whole chunk as one word. Each range
/// costs about four operations a word: measured on the corpus (callgrind), a single
/// range (digits) pays off, whitespace's three ranges do not.
const SWAR_MAX_RANGES: usize = 1;

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
                            #exit
                        }
                    }
                })
                .collect(),
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
