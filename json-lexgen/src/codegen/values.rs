//! Value lexers: the template and the actions of a grammar whose tokens carry values
//! or run callbacks, or that has `%extras` or `%error` ([`Grammar::has_values`]).
//!
//! The state machine is the one every grammar gets (the conditions' code does not
//! know); what differs is how a token leaves `next_token`. A plain lexer returns
//! `Token { kind, start, end }`; a value lexer returns the grammar's token enum, whose
//! variants carry the values (`NameToken<'s> { Ident(&'s str), Int(u64), Plus }`), and
//! keeps what logos's `Lexer` keeps: the last token's span (`span()`, `slice()`), the
//! user's `extras`, a condition stack, and an error type of the user's choice. A rule's
//! callback runs in the rule's arm of the outcome `match`, with `&mut` the lexer, after
//! the token's span and the condition switch are set (so that it may `bump` the span
//! or switch again); what it returns becomes an outcome through the runtime's
//! `lex::CallbackResult`, typed by the value the grammar declared (`%value Int: u64;`).

use super::accept::ErrorCause;
use super::{ident, Ctx};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::grammar::{Action, Callback, Grammar, OnError, Rule};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// What the code of a value lexer needs beyond [`Ctx`].
pub(super) struct ValueCtx {
    /// The error type: `%error`'s, else the runtime's `lex::TokenError`.
    error_ty: TokenStream,
    /// The token type as a type (with `<'s>` when a value borrows the input).
    token_ty: TokenStream,
    lexer: Ident,
}

/// A value type that the lexer can fill without a callback: the token's text.
enum Borrowed {
    Str,
    Bytes,
}

fn borrowed(ty: &str) -> Option<Borrowed> {
    let compact: String = ty.chars().filter(|c| !c.is_whitespace()).collect();
    match compact.as_str() {
        "&'sstr" => Some(Borrowed::Str),
        "&'s[u8]" => Some(Borrowed::Bytes),
        _ => None,
    }
}

/// Whether a Rust type's text names the lifetime `'s` of the input.
fn mentions_input_lifetime(ty: &str) -> bool {
    let b = ty.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'\''
            && b.get(i + 1) == Some(&b's')
            && !b.get(i + 2).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    })
}

/// Checks a value grammar can only fail after parsing: each rule of a kind with a
/// value has a callback (or a value the lexer fills), `-> pop` has a push, and each
/// `%value` names a kind.
pub(crate) fn check(grammar: &Grammar) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for rule in &grammar.rules {
        if let (Action::Token(kind), None) = (&rule.action, &rule.callback) {
            if let Some(decl) = grammar.value_of(&kind.name) {
                if borrowed(&decl.ty.text).is_none() {
                    diags.push(Diagnostic::error(
                        DiagnosticKind::Syntax,
                        kind.span,
                        format!(
                            "'{}' tokens carry a value ({}): give this rule a callback that computes it, \
                             e.g. '=> {}(parse)' or '=> {}({{ lex.text().map(|s| s.len()) }})' \
                             (only '&'s str' and '&'s [u8]' values are filled from the token's text)",
                            kind.name, decl.ty.text, kind.name, kind.name
                        ),
                    ));
                }
            }
        }
    }
    if grammar.rules.iter().any(|r| r.next == Some(crate::grammar::Transition::Pop))
        && !grammar.rules.iter().any(|r| matches!(r.next, Some(crate::grammar::Transition::Push(_))))
    {
        let pop = grammar.rules.iter().find(|r| r.next == Some(crate::grammar::Transition::Pop)).expect("found above");
        diags.push(Diagnostic::error(
            DiagnosticKind::Syntax,
            pop.span,
            "'-> pop' but no rule pushes a condition ('-> push(COND)'): the stack would always be empty",
        ));
    }
    let kinds = grammar.token_kinds();
    for decl in &grammar.values {
        if !kinds.iter().any(|k| k.name == decl.kind.name) {
            diags.push(Diagnostic::error(
                DiagnosticKind::Directive,
                decl.kind.span,
                format!("'%value {}' names no rule's token kind", decl.kind.name),
            ));
        }
    }
    diags
}

impl ValueCtx {
    pub(super) fn new(grammar: &Grammar, rt: &syn::Path, token_path: &syn::Path) -> Result<Self, Diagnostic> {
        let error_ty = match &grammar.error {
            Some(code) => parse_type(&code.text, code.span)?,
            None => quote!(#rt::lex::TokenError),
        };
        let lifetime = grammar.token.is_none() && grammar.values.iter().any(|v| mentions_input_lifetime(&v.ty.text));
        let token_ty = if lifetime { quote!(#token_path<'s>) } else { quote!(#token_path) };
        Ok(ValueCtx { error_ty, token_ty, lexer: ident(&grammar.name.name) })
    }

    /// `return Some(Err(error))`, the token's span being the bad one; in stop mode the
    /// lexer ends.
    fn return_err(&self, ctx: &Ctx, error: TokenStream) -> TokenStream {
        let stop = match ctx.grammar.on_error {
            OnError::Stop => ctx.stop_at_error(),
            OnError::Continue => TokenStream::new(),
        };
        quote! {
            #stop
            return ::core::option::Option::Some(::core::result::Result::Err(#error));
        }
    }

    /// The lexer's error built from a runtime `TokenError` of kind `kind`, over `span`,
    /// failed at `offset`.
    fn token_error(
        &self,
        ctx: &Ctx,
        kind: &str,
        (span, offset): (TokenStream, TokenStream),
        token: TokenStream,
        message: TokenStream,
    ) -> TokenStream {
        let (rt, err) = (ctx.rt, &self.error_ty);
        let kind = format_ident!("{}", kind);
        quote! {
            <#err as ::core::convert::From<#rt::lex::TokenError>>::from(#rt::lex::TokenError {
                kind: #rt::lex::TokenErrorKind::#kind,
                span: #span,
                offset: #offset,
                token: #token,
                message: #message,
            })
        }
    }

    /// The error of kind `kind` over the last token, `self.token_start..self.pos`.
    fn last_token_error(&self, ctx: &Ctx, kind: &str, token: TokenStream, message: TokenStream) -> TokenStream {
        let at = (quote!(self.token_start..self.pos), quote!(self.token_start));
        self.token_error(ctx, kind, at, token, message)
    }

    /// A lexing error of a value lexer (see [`Ctx::return_error`]): the bad span is
    /// `start..resume`, `partial` the kind in progress.
    pub(super) fn return_error(
        &self,
        ctx: &Ctx,
        cause: ErrorCause,
        offset: TokenStream,
        partial: TokenStream,
        set_pos: TokenStream,
        resume: TokenStream,
    ) -> TokenStream {
        if let Some(host) = ctx.config.logos() {
            return super::logos_host::return_error(host, partial, resume);
        }
        let kind = match cause {
            ErrorCause::NoMatch => "NoMatch",
            ErrorCause::ErrorRule => "ErrorRule",
            ErrorCause::EmptyStack => "EmptyStack",
        };
        let error =
            self.token_error(ctx, kind, (quote!(start..resume), offset), partial, quote!(::core::option::Option::None));
        quote! {
            let resume = #resume;
            let error = #error;
            self.token_start = start;
            #set_pos
            return ::core::option::Option::Some(::core::result::Result::Err(error));
        }
    }

    /// Rule `r`'s arm: the span and the switch are set, then the callback runs, or the
    /// token is returned.
    pub(super) fn action(&self, ctx: &Ctx, r: &Rule, end: TokenStream, switch: TokenStream) -> TokenStream {
        if let Some(host) = ctx.config.logos() {
            return super::logos_host::action(ctx, host, r, end);
        }
        let rt = ctx.rt;
        let err = &self.error_ty;
        let none = quote!(::core::option::Option::None);
        let prologue = quote! {
            #end
            self.pos = end;
            self.token_start = start;
            #switch
        };
        let call = r.callback.as_ref().map(|cb| self.call(cb));
        let body = match (&r.action, &r.callback) {
            (Action::Skip, None) => quote!(continue 'token;),
            (Action::Skip, Some(_)) => {
                let error = self.return_err(ctx, quote!(error));
                let reject = self.return_err(ctx, self.last_token_error(ctx, "Rejected", none.clone(), none.clone()));
                quote! {
                    match #rt::lex::CallbackResult::<(), #err>::outcome(#call) {
                        #rt::lex::Outcome::Emit(()) | #rt::lex::Outcome::Skip => continue 'token,
                        #rt::lex::Outcome::Error(error) => { #error }
                        #rt::lex::Outcome::Reject => { #reject }
                    }
                }
            }
            (Action::Error, None) => {
                self.return_err(ctx, self.last_token_error(ctx, "ErrorRule", none.clone(), none.clone()))
            }
            (Action::Error, Some(Callback::Message(m))) => {
                let msg = quote!(::core::option::Option::Some(#m));
                self.return_err(ctx, self.last_token_error(ctx, "ErrorRule", none.clone(), msg))
            }
            (Action::Error, Some(_)) => self.return_err(ctx, quote!(::core::convert::Into::<#err>::into(#call))),
            (Action::Token(kind), cb) => {
                let variant = ctx.kind(&kind.name);
                let name = &kind.name;
                let value = ctx.grammar.value_of(&kind.name);
                let call = match (cb, value) {
                    (Some(_), _) => call,
                    (None, Some(decl)) => Some(match borrowed(&decl.ty.text) {
                        Some(Borrowed::Str) => quote!(self.text()),
                        _ => quote!(self.slice()),
                    }),
                    (None, None) => None,
                };
                match call {
                    None => quote!(return ::core::option::Option::Some(::core::result::Result::Ok(#variant));),
                    Some(call) => {
                        let (value_ty, emit) = match value {
                            Some(decl) => {
                                let ty: TokenStream = decl.ty.text.parse().unwrap_or_default();
                                (ty, quote!(#variant(value)))
                            }
                            None => (quote!(()), quote!({ let () = value; #variant })),
                        };
                        let reject = self.return_err(
                            ctx,
                            self.last_token_error(
                                ctx,
                                "Rejected",
                                quote!(::core::option::Option::Some(#name)),
                                none.clone(),
                            ),
                        );
                        let error = self.return_err(ctx, quote!(error));
                        quote! {
                            match #rt::lex::CallbackResult::<#value_ty, #err>::outcome(#call) {
                                #rt::lex::Outcome::Emit(value) => return ::core::option::Option::Some(::core::result::Result::Ok(#emit)),
                                #rt::lex::Outcome::Skip => continue 'token,
                                #rt::lex::Outcome::Error(error) => { #error }
                                #rt::lex::Outcome::Reject => { #reject }
                            }
                        }
                    }
                }
            }
        };
        quote! {
            #prologue
            #body
        }
    }

    /// The call of a callback with the lexer.
    fn call(&self, cb: &Callback) -> TokenStream {
        let lexer = &self.lexer;
        match cb {
            Callback::Function(code) => {
                let path: TokenStream = code.text.parse().unwrap_or_default();
                quote!(#path(self))
            }
            Callback::Inline(code) => {
                // A closure, or a block made one: `?` and `return` leave the callback,
                // not `next_token`, and the parameter's type comes from the helper's
                // bound.
                let closure = match syn::parse_str::<syn::ExprBlock>(&code.text) {
                    Ok(block) => {
                        let stmts = block.block.stmts;
                        quote!(|lex: &mut #lexer<'_>| { #(#stmts)* })
                    }
                    Err(_) => code.text.parse().unwrap_or_default(),
                };
                quote! {{
                    #[inline(always)]
                    fn call<'l, R>(lex: &mut #lexer<'l>, f: impl ::core::ops::FnOnce(&mut #lexer<'l>) -> R) -> R {
                        f(lex)
                    }
                    call(self, #closure)
                }}
            }
            Callback::Message(_) => TokenStream::new(),
        }
    }

    /// The whole value lexer: the token enum (unless `%token`), the condition enum, the
    /// struct and its methods around the conditions' `arms`.
    pub(super) fn template(
        &self,
        ctx: &Ctx,
        arms: &[TokenStream],
        has_hooks: bool,
        cond_enum: TokenStream,
    ) -> Result<TokenStream, Diagnostic> {
        if let Some(host) = ctx.config.logos() {
            return Ok(super::logos_host::template(ctx, host, arms, has_hooks, cond_enum));
        }
        let (rt, grammar, lexer, cond_ty) = (ctx.rt, ctx.grammar, &self.lexer, ctx.cond_ty);
        let (token_ty, err) = (&self.token_ty, &self.error_ty);
        let initial = &ctx.cond_variants[0];
        let token_enum = match &grammar.token {
            Some(_) => TokenStream::new(),
            None => {
                let mut variants = Vec::new();
                for k in grammar.token_kinds() {
                    let v = ident(&k.name);
                    variants.push(match grammar.value_of(&k.name) {
                        Some(decl) => {
                            let ty = parse_type(&decl.ty.text, decl.ty.span)?;
                            quote!(#v(#ty))
                        }
                        None => quote!(#v),
                    });
                }
                let doc = format!("Tokens of the `{}` grammar, with their values.", grammar.name.name);
                quote! {
                    #[doc = #doc]
                    #[derive(Clone, Debug, PartialEq)]
                    pub enum #token_ty { #(#variants,)* }
                }
            }
        };
        let (extras_field, extras_init, extras_ty) = match &grammar.extras {
            Some(code) => {
                let ty = parse_type(&code.text, code.span)?;
                (
                    quote! {
                        /// The user state of `%extras`: callbacks and the caller read and change it.
                        pub extras: #ty,
                    },
                    quote!(extras,),
                    Some(ty),
                )
            }
            None => (TokenStream::new(), TokenStream::new(), None),
        };
        let uses_stack = grammar.uses_stack();
        let (stack_field, stack_init, stack_methods) = if uses_stack {
            (
                quote!(stack: ::std::vec::Vec<#cond_ty>,),
                quote!(stack: ::std::vec::Vec::new(),),
                quote! {
                    /// Push the current condition and switch to `cond` (as `-> push(COND)`).
                    #[inline]
                    pub fn push_condition(&mut self, cond: #cond_ty) {
                        self.stack.push(self.cond);
                        self.cond = cond;
                    }

                    /// Switch back to the condition on top of the stack (as `-> pop`);
                    /// `None`, and no switch, when the stack is empty.
                    #[inline]
                    pub fn pop_condition(&mut self) -> ::core::option::Option<#cond_ty> {
                        let cond = self.stack.pop()?;
                        self.cond = cond;
                        ::core::option::Option::Some(cond)
                    }

                    /// The condition stack, bottom first.
                    #[inline]
                    pub fn condition_stack(&self) -> &[#cond_ty] {
                        &self.stack
                    }
                },
            )
        } else {
            (TokenStream::new(), TokenStream::new(), TokenStream::new())
        };
        let (kernels_field, kernels_init, kernels_local, kernels_param, kernels_arg) = if has_hooks {
            (
                quote! {
                    /// The skip kernels this lexer calls (chosen when it was made).
                    kernels: #rt::skip::Kernels,
                },
                quote!(kernels,),
                quote!(let kernels = self.kernels;),
                quote!(kernels: #rt::skip::Kernels,),
                quote!(#rt::skip::Kernels::active(),),
            )
        } else {
            (TokenStream::new(), TokenStream::new(), TokenStream::new(), TokenStream::new(), TokenStream::new())
        };
        let make = quote! {
            #lexer {
                input: input.as_ref(),
                pos: 0,
                token_start: 0,
                cond: #cond_ty::#initial,
                finished: false,
                lines: #rt::lex::LineCache::default(),
                #stack_init
                #kernels_init
                #extras_init
            }
        };
        let (new_fn, with_extras) = match &extras_ty {
            Some(ty) => (
                quote! {
                    /// A lexer at the start of `input` (a `&str` or bytes), with
                    /// `Default` extras.
                    #[inline]
                    pub fn new<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I) -> Self
                    where
                        for<'x> #ty: ::core::default::Default,
                    {
                        Self::with_extras(input, ::core::default::Default::default())
                    }

                    /// A lexer at the start of `input` with these extras.
                    #[inline]
                    pub fn with_extras<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I, extras: #ty) -> Self {
                        Self::make(input, #kernels_arg extras)
                    }
                },
                quote! {
                    #[inline]
                    fn make<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I, #kernels_param extras: #ty) -> Self {
                        #make
                    }
                },
            ),
            None => (
                quote! {
                    /// A lexer at the start of `input` (a `&str` or bytes).
                    #[inline]
                    pub fn new<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I) -> Self {
                        Self::make(input, #kernels_arg)
                    }
                },
                quote! {
                    #[inline]
                    fn make<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I, #kernels_param) -> Self {
                        #make
                    }
                },
            ),
        };
        let with_kernels = if has_hooks {
            let extras_param = extras_ty.as_ref().map(|ty| quote!(extras: #ty));
            let extras_arg = extras_ty.as_ref().map(|_| quote!(extras));
            quote! {
                /// A lexer that uses the given skip kernels (`Kernels::new(Level::Scalar)`
                /// gives the plain DFA)`.
                #[inline]
                pub fn with_kernels<I: ::core::convert::AsRef<[u8]> + ?::core::marker::Sized>(input: &'s I, kernels: #rt::skip::Kernels, #extras_param) -> Self {
                    Self::make(input, kernels, #extras_arg)
                }
            }
        } else {
            TokenStream::new()
        };
        let lexer_doc = format!(
            "Value lexer generated by json-lexgen from the `{}` grammar: an iterator of `Result<token, error>`, \
             with the last token's span, slice and the user's extras.",
            grammar.name.name
        );
        let stop_note = match grammar.on_error {
            OnError::Continue => "After an error it goes on after the bad bytes (at least one).",
            OnError::Stop => "After an error it ends (`%on_error stop;`).",
        };
        Ok(quote! {
            #token_enum

            #cond_enum

            #[doc = #lexer_doc]
            #[doc = #stop_note]
            pub struct #lexer<'s> {
                input: &'s [u8],
                /// Where the next token starts; after a token, where the last one ended.
                pos: usize,
                /// Where the last token (or error) started.
                token_start: usize,
                cond: #cond_ty,
                /// The input has ended: `$` has fired, or (`%on_error stop;`) an error was returned.
                finished: bool,
                lines: #rt::lex::LineCache,
                #stack_field
                #kernels_field
                #extras_field
            }

            // In a private module a lexer uses some of these methods only.
            #[allow(dead_code)]
            impl<'s> #lexer<'s> {
                #new_fn
                #with_extras
                #with_kernels

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

                #stack_methods

                /// The whole input.
                #[inline]
                pub fn source(&self) -> &'s [u8] {
                    self.input
                }

                /// The span of the last token (or error), as offsets in the input.
                #[inline]
                pub fn span(&self) -> ::core::ops::Range<usize> {
                    self.token_start..self.pos
                }

                /// The bytes of the last token (or error).
                #[inline]
                pub fn slice(&self) -> &'s [u8] {
                    let input: &'s [u8] = self.input;
                    input.get(self.token_start..self.pos).unwrap_or_default()
                }

                /// The text of the last token, or an error (`TokenErrorKind::InvalidUtf8`,
                /// turned into the lexer's error by `?` or a callback's `Result`) when it
                /// is not UTF-8.
                #[inline]
                pub fn text(&self) -> ::core::result::Result<&'s str, #rt::lex::TokenError> {
                    ::core::str::from_utf8(self.slice()).map_err(|_| #rt::lex::TokenError {
                        kind: #rt::lex::TokenErrorKind::InvalidUtf8,
                        span: self.token_start..self.pos,
                        offset: self.token_start,
                        token: ::core::option::Option::None,
                        message: ::core::option::Option::None,
                    })
                }

                /// The input after the last token.
                #[inline]
                pub fn remainder(&self) -> &'s [u8] {
                    let input: &'s [u8] = self.input;
                    input.get(self.pos..).unwrap_or_default()
                }

                /// Extend the last token by `n` bytes (at most to the input's end): lexing
                /// goes on after them.
                #[inline]
                pub fn bump(&mut self, n: usize) {
                    self.pos = self.pos.saturating_add(n).min(self.input.len());
                }

                /// Offset of the next byte the lexer will read.
                #[inline]
                pub fn offset(&self) -> usize {
                    self.pos
                }

                /// Go on lexing from `offset` (clamped to the input), in the current condition.
                #[inline]
                pub fn set_offset(&mut self, offset: usize) {
                    self.pos = offset.min(self.input.len());
                    self.finished = false;
                }

                /// Line and column of `offset`: counted on from the last position asked
                /// for when `offset` is after it, so asking for each token in order costs
                /// O(n) over the input, and nothing when never asked.
                #[inline]
                pub fn position(&mut self, offset: usize) -> #rt::Position {
                    self.lines.position(self.input, offset)
                }

                /// The tokens with their spans, as logos's `spanned()`.
                #[inline]
                pub fn spanned(&mut self) -> impl ::core::iter::Iterator<Item = (::core::result::Result<#token_ty, #err>, ::core::ops::Range<usize>)> + use<'_, 's> {
                    ::core::iter::from_fn(move || {
                        let token = self.next_token()?;
                        ::core::option::Option::Some((token, self.span()))
                    })
                }

                /// The next token, an error, or `None` at the end. Always inlined (see the
                /// plain lexer's `next_token`).
                #[inline(always)]
                #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, unreachable_patterns, clippy::all)]
                pub fn next_token(&mut self) -> ::core::option::Option<::core::result::Result<#token_ty, #err>> {
                    let input: &'s [u8] = self.input;
                    #kernels_local
                    'token: loop {
                        let start = self.pos;
                        match self.cond {
                            #(#arms)*
                        }
                    }
                }
            }

            impl<'s> ::core::iter::Iterator for #lexer<'s> {
                type Item = ::core::result::Result<#token_ty, #err>;

                #[inline(always)]
                fn next(&mut self) -> ::core::option::Option<Self::Item> {
                    #lexer::next_token(self)
                }
            }
        })
    }
}

fn parse_type(text: &str, span: crate::span::Span) -> Result<TokenStream, Diagnostic> {
    syn::parse_str::<syn::Type>(text)
        .map(|ty| quote!(#ty))
        .map_err(|e| Diagnostic::error(DiagnosticKind::Syntax, span, format!("'{text}' is not a Rust type: {e}")))
}
