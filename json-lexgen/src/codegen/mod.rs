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
//!
//! One file per concern:
//!
//! * this file: [`generate`], the lexer's template (token and condition enums, the
//!   struct, its constructors, the `next_token` skeleton with its loop over conditions,
//!   the `Lexer` and `Iterator` impls; the streaming lexer's);
//! * [`condition`]: one condition's arm: its tables, the state loop, and the
//!   [`condition::Backend`] seam, which picks how each state becomes code;
//! * [`dispatch`]: the direct-code backend: a state's code, reading the next byte and
//!   following its transition through comparisons or a 256-entry table;
//! * [`table`]: the table backend: cold states as rows of a compressed transition
//!   table, run by one loop per condition; which states are hot ([`table::choose`]);
//! * [`cycles`]: short cycles out of a looping state and back (escapes), tested in
//!   place where its loop stops;
//! * [`inline`]: which states are emitted in place at their transitions, within a
//!   duplication budget;
//! * [`loops`]: self-loops (unrolled, word-at-a-time tests) and the SIMD hooks' calls;
//! * [`accept`]: how a token ends: fallback to the longest match, the `*` rule, the
//!   error, and each rule's action;
//! * [`input`]: reading a byte and reaching the end of the input, the only place the
//!   generated code learns that the input (or, streaming, the buffer) has ended, and
//!   how a token leaves `next_token`;
//! * [`safety`]: every `unsafe` block, with the reason it is sound, and how the
//!   formatted file turns such reasons and [`notes`] into comments;
//! * [`notes`]: what the code says about itself: `// rule N (file:line)` and
//!   `// state N` notes, the outcome constants (`RULE_N`, `FAIL`), the trace mode.
//!
//! With [`Config::streaming`], the template also emits `NameStream`, the streaming
//! lexer: the same conditions' code, generated again by a [`Ctx`] whose `stream` is
//! set, so that [`input`] emits "need more input" at a buffer's end and absolute
//! positions (the slice lexer's code does not change). How each state becomes code is
//! its [`condition::Backend`]: direct code, or a row of the condition's transition table
//! ([`table`]).

mod accept;
pub(crate) mod condition;
mod cycles;
mod dispatch;
mod entry;
mod inline;
mod input;
mod logos_host;
mod loops;
mod notes;
pub(crate) mod safety;
pub(crate) mod table;
pub(crate) mod values;

use crate::analysis::Analysis;
use crate::automaton::Automaton;
use crate::diagnostic::Diagnostic;
use crate::grammar::Grammar;
use crate::Config;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// Emit the lexer for `grammar`, and what was decided per condition. `source` names
/// the grammar in the code's notes (`// rule 13 (json.lex:50)`). Fails only on a path
/// that is not a Rust path (the runtime's, or `%token`'s, which the parser has already
/// reported).
pub fn generate(
    grammar: &Grammar,
    source: &str,
    automata: &[Automaton],
    analyses: &[Analysis],
    config: &Config,
) -> Result<(TokenStream, Vec<condition::Layout>), Diagnostic> {
    let rt = &config.runtime()?;
    let lexer = ident(&grammar.name.name);
    let cond_ty = format_ident!("{}Condition", grammar.name.name);
    let (token_ty, token_enum): (syn::Path, TokenStream) = match &grammar.token {
        Some(path) => (crate::grammar::token_path(path)?, TokenStream::new()),
        None if grammar.has_values() => {
            let name = format_ident!("{}Token", grammar.name.name);
            (syn::parse_quote!(#name), TokenStream::new())
        }
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
    let value_ctx = match grammar.has_values() {
        true => Some(values::ValueCtx::new(grammar, rt, &token_ty)?),
        false => None,
    };
    let ctx = Ctx {
        values: value_ctx.as_ref(),
        grammar,
        source,
        config,
        rt,
        token_ty: &token_ty,
        cond_ty: &cond_ty,
        cond_variants: &cond_variants,
        stream: false,
        entry: None,
    };
    let condition_arms = |layouts: &[condition::Layout]| -> Vec<TokenStream> {
        automata
            .iter()
            .zip(layouts)
            .map(|(a, layout)| {
                let cond = &cond_variants[a.condition.0 as usize];
                let body = &layout.code;
                quote! { #cond_ty::#cond => { #body } }
            })
            .collect()
    };
    let layouts: Vec<condition::Layout> = automata.iter().zip(analyses).map(|(a, an)| ctx.condition(a, an)).collect();
    let arms = condition_arms(&layouts);
    let cond_doc = format!("Start conditions of the `{}` lexer.", grammar.name.name);
    let has_hooks = analyses.iter().any(|a| !a.hooks.is_empty());
    let cond_enum = quote! {
        #[doc = #cond_doc]
        // `dead_code`: a condition only `set_condition` enters.
        #[allow(non_camel_case_types, dead_code)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum #cond_ty { #(#cond_variants,)* }
    };
    if let Some(values) = &value_ctx {
        // Streaming, the conditions' code again in streaming mode, for the reader's step.
        let stream_arms = config.streaming.then(|| {
            let stream_ctx = Ctx { stream: true, ..ctx };
            condition_arms(
                &automata.iter().zip(analyses).map(|(a, an)| stream_ctx.condition(a, an)).collect::<Vec<_>>(),
            )
        });
        return Ok((values.template(&ctx, &arms, stream_arms.as_deref(), has_hooks, cond_enum)?, layouts));
    }
    let (stack_field, stack_init) = if grammar.uses_stack() {
        (
            quote! {
                /// Conditions saved by `-> push(COND)`, for `-> pop`.
                stack: ::std::vec::Vec<#cond_ty>,
            },
            quote!(stack: ::std::vec::Vec::new(),),
        )
    } else {
        (TokenStream::new(), TokenStream::new())
    };
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

                /// A lexer that uses the given skip kernels
                /// (`Kernels::new(Level::Scalar).unwrap()` gives the plain DFA, the
                /// baseline of every benchmark; the scalar level is always there).
                #[inline]
                pub fn with_kernels(input: &'a [u8], kernels: #rt::skip::Kernels) -> Self {
                    #lexer { input, pos: 0, cond: #cond_ty::#initial, finished: false, #stack_init kernels }
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
                    #lexer { input, pos: 0, cond: #cond_ty::#initial, finished: false, #stack_init }
                }
            },
        )
    };
    let single_byte_tokens = ctx.single_byte_tokens(automata);
    let (entry_methods, entry_items) = entry::entry_methods(&ctx, automata, has_hooks);
    let lexer_doc = format!("Lexer generated by json-lexgen from the `{}` grammar.", grammar.name.name);
    // Checked on the automaton (`crate::promise`) before code is made.
    let promises = if grammar.promises.iter().any(|p| p.name == crate::grammar::Promise::JSON_NUMBERS) {
        quote! { const JSON_NUMBERS: bool = true; }
    } else {
        TokenStream::new()
    };
    let condition_methods = condition_methods(&cond_ty);
    let stream = if config.streaming {
        let stream_ctx = Ctx { stream: true, ..ctx };
        stream_lexer(
            &stream_ctx,
            &format_ident!("{}Stream", grammar.name.name),
            &condition_arms(
                &automata.iter().zip(analyses).map(|(a, an)| stream_ctx.condition(a, an)).collect::<Vec<_>>(),
            ),
            has_hooks,
            &single_byte_tokens,
            (&stack_field, &stack_init),
            entry::entry_methods(&stream_ctx, automata, has_hooks),
        )
    } else {
        TokenStream::new()
    };

    let code = quote! {
        #token_enum

        #cond_enum

        #[doc = #lexer_doc]
        #[derive(Clone, Debug)]
        pub struct #lexer<'a> {
            input: &'a [u8],
            pos: usize,
            cond: #cond_ty,
            /// The input has ended: `$` has fired, or an error was returned.
            finished: bool,
            #stack_field
            #kernels_field
        }

        impl<'a> #lexer<'a> {
            #constructors

            #condition_methods

            /// The next token, an error where no rule matches, or `None` at the end.
            /// Always inlined: a caller's loop keeps the lexer's state in registers and
            /// pays no call per token (a large grammar's `next_token` is otherwise too big
            /// for LLVM to inline; a caller that calls it from many places can wrap it in
            /// a function of its own).
            #[inline(always)]
            #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, clippy::all)]
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

            #entry_methods
        }

        impl<'a> #rt::Lexer<'a> for #lexer<'a> {
            type Kind = #token_ty;

            #promises

            #entry_items

            #[inline]
            fn new(input: &'a [u8]) -> Self {
                #lexer::new(input)
            }

            #[inline(always)]
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

            #single_byte_tokens
        }

        impl<'a> ::core::iter::Iterator for #lexer<'a> {
            type Item = ::core::result::Result<#rt::Token<#token_ty>, #rt::LexError<#token_ty>>;

            #[inline(always)]
            fn next(&mut self) -> ::core::option::Option<Self::Item> {
                #lexer::next_token(self)
            }
        }

        #stream
    };
    Ok((code, layouts))
}

/// `condition()` and `set_condition()`, the same in the slice and the streaming lexer.
/// Not every caller needs them (nor every grammar, which may have one condition): they
/// must not warn as unused in a private module.
fn condition_methods(cond_ty: &Ident) -> TokenStream {
    quote! {
        /// The current start condition.
        #[inline]
        #[allow(dead_code)]
        pub fn condition(&self) -> #cond_ty {
            self.cond
        }

        /// Switch to another start condition.
        #[inline]
        #[allow(dead_code)]
        pub fn set_condition(&mut self, cond: #cond_ty) {
            self.cond = cond;
        }
    }
}

/// The streaming lexer `NameStream` (see [`input`]): the same conditions' code, built
/// by a [`Ctx`] in streaming mode, over a buffer the caller refills.
fn stream_lexer(
    ctx: &Ctx,
    name: &Ident,
    arms: &[TokenStream],
    has_hooks: bool,
    single_byte_tokens: &TokenStream,
    (stack_field, stack_init): (&TokenStream, &TokenStream),
    (entry_methods, entry_items): (TokenStream, TokenStream),
) -> TokenStream {
    let (rt, token_ty, cond_ty) = (ctx.rt, ctx.token_ty, ctx.cond_ty);
    let condition_methods = condition_methods(cond_ty);
    let initial = &ctx.cond_variants[0];
    let doc = format!(
        "Streaming lexer generated by json-lexgen from the `{}` grammar: lexes input that arrives in pieces \
         (it implements the runtime's `lex::StreamLexer`).",
        ctx.grammar.name.name
    );
    let (kernels_field, kernels_local, constructors, default_new) = if has_hooks {
        (
            quote! {
                /// The skip kernels this lexer calls (chosen when it was made).
                kernels: #rt::skip::Kernels,
            },
            quote!(let kernels = self.kernels;),
            quote! {
                /// A lexer at offset 0, in the initial condition, using the process's
                /// active skip kernels (`json_runtime::simd::level()`).
                #[inline]
                pub fn new() -> Self {
                    Self::with_kernels(#rt::skip::Kernels::active())
                }

                /// A lexer that uses the given skip kernels.
                #[inline]
                pub fn with_kernels(kernels: #rt::skip::Kernels) -> Self {
                    #name { pos: 0, cond: #cond_ty::#initial, finished: false, #stack_init kernels }
                }
            },
            quote!(#name::new()),
        )
    } else {
        (
            TokenStream::new(),
            TokenStream::new(),
            quote! {
                /// A lexer at offset 0, in the initial condition.
                #[inline]
                pub const fn new() -> Self {
                    #name { pos: 0, cond: #cond_ty::#initial, finished: false, #stack_init }
                }
            },
            quote!(#name::new()),
        )
    };
    quote! {
        #[doc = #doc]
        #[derive(Clone, Debug)]
        pub struct #name {
            /// Absolute offset of the next token's start.
            pos: usize,
            cond: #cond_ty,
            /// The input has ended: `$` has fired, the end was returned, or an error was.
            finished: bool,
            #stack_field
            #kernels_field
        }

        impl #name {
            #constructors

            #condition_methods

            /// The next token of the input whose bytes from absolute offset `base` on are
            /// `buf` (`base <= self.offset() <= base + buf.len()`), `eof` when nothing
            /// follows `buf`. `NeedMore` where `buf` ends before a token is decided: call
            /// again with more bytes (at least those from `self.offset()` on).
            /// Always inlined, as the slice lexer's: each caller's loop (a reader
            /// parser's) keeps the lexer's state in registers, however many there are.
            #[inline(always)]
            #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, clippy::all)]
            pub fn next_token(&mut self, buf: &[u8], base: usize, eof: bool) -> #rt::lex::Step<#token_ty> {
                if self.finished {
                    return #rt::lex::Step::End;
                }
                let input: &[u8] = buf;
                #kernels_local
                'token: loop {
                    // A `pos` outside the buffer (a caller's mistake) is past its end
                    // here: the lexer asks for more, or ends; it reads nothing outside.
                    let start = self.pos.wrapping_sub(base);
                    match self.cond {
                        #(#arms)*
                    }
                }
            }

            #entry_methods
        }

        impl ::core::default::Default for #name {
            #[inline]
            fn default() -> Self {
                #default_new
            }
        }

        impl #rt::lex::StreamLexer for #name {
            type Kind = #token_ty;

            #entry_items

            #[inline]
            fn new() -> Self {
                #default_new
            }

            #[inline(always)]
            fn next_token(&mut self, buf: &[u8], base: usize, eof: bool) -> #rt::lex::Step<#token_ty> {
                #name::next_token(self, buf, base, eof)
            }

            #[inline]
            fn offset(&self) -> usize {
                self.pos
            }

            #[inline]
            fn set_offset(&mut self, offset: usize) {
                self.pos = offset;
                self.finished = false;
            }

            #single_byte_tokens
        }
    }
}

fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// What the code of every condition needs: the grammar, the options and the names of
/// the generated types.
#[derive(Clone, Copy)]
struct Ctx<'g> {
    grammar: &'g Grammar,
    /// The grammar's file name (or `<grammar>`), for the code's notes.
    source: &'g str,
    config: &'g Config,
    /// [`Config::runtime`], checked.
    rt: &'g syn::Path,
    token_ty: &'g syn::Path,
    cond_ty: &'g Ident,
    cond_variants: &'g [Ident],
    /// Emitting the streaming lexer (see [`input`]), not the slice lexer.
    stream: bool,
    /// A value lexer's types ([`values`]): its tokens carry values, run callbacks.
    values: Option<&'g values::ValueCtx>,
    /// Emitting an entry point's code ([`entry`]): its way out to the whole lexer.
    entry: Option<&'g entry::EntryCtx>,
}
