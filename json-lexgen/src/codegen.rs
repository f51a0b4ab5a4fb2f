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
#[derive(Clone, Debug)]
pub struct CodegenOptions {
    /// Allow `unsafe` (unchecked reads where bounds are proven by a prior check).
    pub unsafe_code: bool,
    /// Path of the runtime crate, e.g. `::json_runtime`.
    pub runtime_path: String,
}

/// More distinct arms than this dispatch through a 256-entry table.
const TABLE_DISPATCH_MIN_ARMS: usize = 4;

/// Emit the lexer for `grammar`.
pub fn generate(
    grammar: &Grammar,
    automata: &[Automaton],
    analyses: &[Analysis],
    options: &CodegenOptions,
) -> TokenStream {
    let rt: syn::Path = syn::parse_str(&options.runtime_path).unwrap_or_else(|_| syn::parse_quote!(::json_runtime));
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
        rt: &rt,
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
            pub fn next_token(&mut self) -> ::core::option::Option<::core::result::Result<#rt::Token<#token_ty>, #rt::LexError<#token_ty>>> {
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
            fn next_token(&mut self) -> ::core::option::Option<::core::result::Result<#rt::Token<#token_ty>, #rt::LexError<#token_ty>>> {
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

/// How a dead end in a state falls back.
enum Fallback {
    /// No rule has matched: `*` rule or error.
    Fail,
    /// This rule matched, ending at `last_end` (known statically).
    Rule(RuleId),
    /// Depends on the path: read `last_rule`.
    Dynamic(Vec<RuleId>, bool),
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
        let partial = automaton::partial_rules(self.grammar, a);
        let incoming = automaton::incoming_accepts(a);
        let needs_dynamic = a.states.iter().enumerate().any(|(i, s)| s.accept.is_none() && incoming[i].len() > 1);
        let tables = LoopTables::new(analysis);
        let folded: BTreeSet<usize> =
            a.states.iter().enumerate().filter(|(_, s)| is_accept_now(s)).map(|(i, _)| i).collect();

        let state_arms: Vec<TokenStream> = a
            .states
            .iter()
            .enumerate()
            .filter(|(i, _)| *i == 0 || !folded.contains(i))
            .map(|(i, s)| {
                let id = StateId(i as u32);
                let fallback = match s.accept {
                    Some(r) => Fallback::Rule(r),
                    None => {
                        let rules: Vec<RuleId> = incoming[i].iter().flatten().copied().collect();
                        let may_fail = incoming[i].contains(&None);
                        match (rules.len(), may_fail) {
                            (0, _) => Fallback::Fail,
                            (1, false) => Fallback::Rule(rules[0]),
                            _ => Fallback::Dynamic(rules, may_fail),
                        }
                    }
                };
                let end = if s.accept.is_some() { quote!(p) } else { quote!(last_end) };
                let dead = self.dead_end(a, &fallback, end, partial[i]);
                let self_loop = match analysis.hooks.iter().find(|h| h.state == id) {
                    Some(hook) => Some(tables.hooked_loop(hook, self.unsafe_code, &kernel_call(self.rt, hook))),
                    None => analysis
                        .loops
                        .iter()
                        .find(|l| l.state == id)
                        .map(|l| tables.skip_loop(l.state, &l.class, self.unsafe_code, quote!(input.len()))),
                };
                let dispatch = self.dispatch(a, analysis, s, id, &dead, needs_dynamic);
                let n = Literal::u32_unsuffixed(i as u32);
                quote! {
                    #n => {
                        #self_loop
                        #dispatch
                    }
                }
            })
            .collect();
        // The last arm is `_` so that the match is exhaustive without a panic path.
        let last = state_arms.len() - 1;
        let state_arms = state_arms.into_iter().enumerate().map(|(k, arm)| {
            if k == last {
                let mut tokens = arm.into_iter();
                let _pattern = tokens.next();
                let rest: TokenStream = tokens.collect();
                quote!(_ #rest)
            } else {
                arm
            }
        });
        let statics = tables.statics();
        let hook_classes = analysis.hooks.iter().map(|h| {
            let name = format_ident!("SKIP_{}", h.state.0);
            let words: Vec<Literal> = h.class.words().iter().map(|&w| Literal::u64_unsuffixed(w)).collect();
            let rt = self.rt;
            quote!(static #name: #rt::skip::ByteClass = #rt::skip::ByteClass::from_bitmap([#(#words),*]);)
        });
        let dynamic_vars = if needs_dynamic { quote!(let mut last_rule: u32 = u32::MAX;) } else { TokenStream::new() };
        quote! {
            #statics
            #(#hook_classes)*
            if start >= input.len() {
                #at_end
            }
            let mut p = start;
            let mut last_end = start;
            #dynamic_vars
            let mut state: u32 = 0;
            'dfa: loop {
                match state {
                    #(#state_arms)*
                }
            }
        }
    }

    /// Read the next byte and follow the transition, or fall back.
    fn dispatch(
        &self,
        a: &Automaton,
        analysis: &Analysis,
        s: &State,
        id: StateId,
        dead: &TokenStream,
        needs_dynamic: bool,
    ) -> TokenStream {
        // Arms: one per target state (ranges joined), self-loops excluded (handled before).
        let mut arms: Vec<(StateId, Vec<(u8, u8)>)> = Vec::new();
        for t in s.transitions.iter().filter(|t| t.target != id) {
            match arms.iter_mut().find(|(target, _)| *target == t.target) {
                Some((_, ranges)) => ranges.push((t.start, t.end)),
                None => arms.push((t.target, vec![(t.start, t.end)])),
            }
        }
        let read = self.read_byte(dead);
        if arms.is_empty() {
            // Only a self-loop (already run) or nothing: the token ends here.
            return dead.clone();
        }
        let bodies: Vec<TokenStream> =
            arms.iter().map(|(target, _)| self.transition(a, analysis, id, s, *target, needs_dynamic)).collect();
        if arms.len() >= TABLE_DISPATCH_MIN_ARMS {
            let mut table = [0u8; 256];
            for (k, (_, ranges)) in arms.iter().enumerate() {
                for &(lo, hi) in ranges {
                    for b in lo..=hi {
                        table[b as usize] = (k + 1) as u8;
                    }
                }
            }
            let entries = table.iter().map(|&v| Literal::u8_unsuffixed(v));
            let numbers = (1..=arms.len()).map(|k| Literal::u8_unsuffixed(k as u8));
            quote! {
                #read
                static NEXT: [u8; 256] = [#(#entries),*];
                match NEXT[b as usize] {
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

    /// Take the byte into `target`.
    fn transition(
        &self,
        a: &Automaton,
        analysis: &Analysis,
        from_id: StateId,
        from: &State,
        target: StateId,
        needs_dynamic: bool,
    ) -> TokenStream {
        let t = a.state(target);
        let remember = match from.accept {
            Some(r) if t.accept.is_none() => {
                let rule = Literal::u32_unsuffixed(r.0);
                let dynamic = needs_dynamic.then(|| quote!(last_rule = #rule;));
                quote! { last_end = p; #dynamic }
            }
            _ => TokenStream::new(),
        };
        if is_accept_now(t) {
            let action = self.action(t.accept.expect("accept-now states accept"), quote!(p));
            return quote! {{ p += 1; #action }};
        }
        let n = Literal::u32_unsuffixed(target.0);
        // A run starts here: skip it with the kernel at once (see `Hook`).
        let skip = analysis.hooks.iter().find(|h| h.state == target && h.run_starts.contains(&from_id)).map(|hook| {
            let call = kernel_call(self.rt, hook);
            quote! {
                if !kernels.is_scalar() {
                    #call
                }
            }
        });
        quote! {{ #remember p += 1; #skip state = #n; continue 'dfa; }}
    }

    /// What happens where no transition applies in a state.
    fn dead_end(&self, a: &Automaton, fallback: &Fallback, end: TokenStream, partial: Option<RuleId>) -> TokenStream {
        match fallback {
            Fallback::Rule(r) => {
                let action = self.action(*r, end);
                quote! {{ #action }}
            }
            Fallback::Fail => self.fail(a, partial),
            Fallback::Dynamic(rules, _may_fail) => {
                let arms = rules.iter().map(|r| {
                    let n = Literal::u32_unsuffixed(r.0);
                    let action = self.action(*r, quote!(last_end));
                    quote!(#n => { #action })
                });
                let fail = self.fail(a, partial);
                quote! {{
                    match last_rule {
                        #(#arms)*
                        _ => #fail
                    }
                }}
            }
        }
    }

    /// No rule matched from `start`: the `*` rule takes one byte, else an error.
    fn fail(&self, a: &Automaton, partial: Option<RuleId>) -> TokenStream {
        // `* => error` says what happens anyway: fall through to the error below.
        if let Some(default) = a.default.filter(|d| self.grammar.rules[d.0 as usize].action != Action::Error) {
            let action = self.action(default, quote!(start + 1));
            return quote! {{ #action }};
        }
        let rt = self.rt;
        let partial = match partial.map(|r| &self.grammar.rules[r.0 as usize].action) {
            Some(Action::Token(kind)) => {
                let kind = self.kind(&kind.name);
                quote!(::core::option::Option::Some(#kind))
            }
            _ => quote!(::core::option::Option::None),
        };
        quote! {{
            self.pos = input.len();
            self.finished = true;
            return ::core::option::Option::Some(::core::result::Result::Err(#rt::LexError { start, offset: p, partial: #partial }));
        }}
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
/// comments here: every `unsafe` read in generated code follows a `p < input.len()`
/// check (an `if` that leaves the state, or a `while` condition).
pub fn with_safety_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 1024);
    for line in code.lines() {
        if line.contains("unsafe { *input.get_unchecked(p) }") {
            let indent = &line[..line.len() - line.trim_start().len()];
            out.push_str(indent);
            out.push_str("// SAFETY: `p < input.len()` was checked just before this read.\n");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `p = skip_…(kernels, &SKIP_n, input, p);` for a hook.
fn kernel_call(rt: &syn::Path, hook: &Hook) -> TokenStream {
    let name = format_ident!("SKIP_{}", hook.state.0);
    let function = match hook.kernel {
        KernelKind::Class => quote!(skip_class),
        KernelKind::Utf8 => quote!(skip_utf8),
    };
    quote!(p = #rt::skip::#function(kernels, &#name, input, p);)
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

    /// `while p < bound && next byte is in the class { p += 1 }`.
    fn skip_loop(&self, state: StateId, class: &ByteSet, unsafe_code: bool, bound: TokenStream) -> TokenStream {
        let test = self.test(state, class);
        if unsafe_code {
            quote! {
                while p < #bound {
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
                while p < #bound {
                    let b = match input.get(p) {
                        ::core::option::Option::Some(&b) => b,
                        ::core::option::Option::None => break,
                    };
                    if !(#test) {
                        break;
                    }
                    p += 1;
                }
            }
        }
    }

    /// A hooked loop: the scalar loop for a few bytes; if the run goes on, the kernel (or,
    /// at the scalar level, the rest of the scalar loop).
    fn hooked_loop(&self, hook: &Hook, unsafe_code: bool, kernel_call: &TokenStream) -> TokenStream {
        let prefix = Literal::usize_unsuffixed(Hook::SCALAR_PREFIX);
        let first = self.skip_loop(hook.state, &hook.class, unsafe_code, quote!(stop));
        let rest = self.skip_loop(hook.state, &hook.class, unsafe_code, quote!(input.len()));
        quote! {
            let stop = if input.len() - p > #prefix { p + #prefix } else { input.len() };
            #first
            if p == stop {
                if kernels.is_scalar() {
                    #rest
                } else {
                    #kernel_call
                }
            }
        }
    }
}
