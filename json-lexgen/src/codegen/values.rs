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
    /// The token type borrows the input (`<'s>`).
    borrows: bool,
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
        Ok(ValueCtx { error_ty, token_ty, borrows: lifetime, lexer: ident(&grammar.name.name) })
    }

    /// `return Some(Err(error))`, the token's span being the bad one; in stop mode the
    /// lexer ends.
    fn return_err(&self, ctx: &Ctx, error: TokenStream) -> TokenStream {
        let stop = match ctx.grammar.on_error {
            OnError::Stop => ctx.stop_at_error(),
            OnError::Continue => TokenStream::new(),
        };
        let ret = ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Err(#error))));
        quote! {
            #stop
            #ret
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
        // Positions in the code are relative to the buffer of a streaming grammar's
        // lexers (`base`, 0 for the slice lexer); errors are absolute.
        let (span, offset) = if ctx.config.streaming {
            (quote!({ let span = #span; self.base + span.start..self.base + span.end }), quote!(self.base + #offset))
        } else {
            (span, offset)
        };
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
            return super::logos_host::return_error(ctx, host, partial, resume);
        }
        let kind = match cause {
            ErrorCause::NoMatch => "NoMatch",
            ErrorCause::ErrorRule => "ErrorRule",
            ErrorCause::EmptyStack => "EmptyStack",
        };
        let error =
            self.token_error(ctx, kind, (quote!(start..resume), offset), partial, quote!(::core::option::Option::None));
        let ret = ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Err(error))));
        quote! {
            let resume = #resume;
            let error = #error;
            self.token_start = start;
            #set_pos
            #ret
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
        // Streaming, a callback sees `lookahead` bytes after its match (or all up to the
        // input's end): else the buffer is refilled first and the match lexed again.
        let lookahead = match &r.callback {
            Some(Callback::Function(_) | Callback::Inline(_)) if ctx.stream => quote! {
                if !eof && input.len().saturating_sub(end) < lookahead {
                    return #rt::lex::Fill::NeedMore;
                }
            },
            _ => TokenStream::new(),
        };
        let prologue = quote! {
            #end
            #lookahead
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
                    None => {
                        ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Ok(#variant))))
                    }
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
                        let emit =
                            ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Ok(#emit))));
                        quote! {
                            match #rt::lex::CallbackResult::<#value_ty, #err>::outcome(#call) {
                                #rt::lex::Outcome::Emit(value) => { #emit }
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

    /// The streaming form of a value lexer: `NameReader<R>`, over any `io::Read`. Its
    /// state between tokens is a slice lexer over no input (`Name<'static>`); each step
    /// moves it onto the buffered bytes (`base`, `limit` set), runs the conditions'
    /// streaming code (`stream_arms`, where the buffer's end asks for more) and moves it
    /// back. Callbacks are the slice lexer's: they see the same type, over the buffer.
    fn reader(
        &self,
        ctx: &Ctx,
        stream_arms: &[TokenStream],
        has_hooks: bool,
        extras_ty: Option<&TokenStream>,
    ) -> Result<TokenStream, Diagnostic> {
        let (rt, grammar, lexer, cond_ty) = (ctx.rt, ctx.grammar, &self.lexer, ctx.cond_ty);
        let (token_ty, err) = (&self.token_ty, &self.error_ty);
        let reader = format_ident!("{}Reader", grammar.name.name);
        let state = format_ident!("__{}ReaderState", grammar.name.name);
        let kernels_local = if has_hooks { quote!(let kernels = self.kernels;) } else { TokenStream::new() };
        // The fields that move between the state and the step's lexer.
        let mut moved = vec![quote!(cond), quote!(finished), quote!(lines)];
        if grammar.uses_stack() {
            moved.push(quote!(stack));
        }
        if has_hooks {
            moved.push(quote!(kernels));
        }
        if extras_ty.is_some() {
            moved.push(quote!(extras));
        }
        let moved_from =
            |from: TokenStream| -> Vec<TokenStream> { moved.iter().map(|f| quote!(#f: #from.#f)).collect() };
        let (into_view, into_state) = (moved_from(quote!(state)), moved_from(quote!(view)));
        let (kernels_param, kernels_arg) = if has_hooks {
            (quote!(kernels: #rt::skip::Kernels,), quote!(kernels,))
        } else {
            (TokenStream::new(), TokenStream::new())
        };
        let (extras_param, extras_arg) = match extras_ty {
            Some(ty) => (quote!(extras: #ty), quote!(extras)),
            None => (TokenStream::new(), TokenStream::new()),
        };
        let active = if has_hooks { quote!(#rt::skip::Kernels::active(),) } else { TokenStream::new() };
        let new_fn = match extras_ty {
            Some(ty) => quote! {
                /// Tokens of `reader`'s bytes, with `Default` extras, through a 64 KiB
                /// buffer (grown only for a longer token).
                #[inline]
                pub fn new(reader: R) -> Self
                where
                    for<'x> #ty: ::core::default::Default,
                {
                    Self::with_extras(reader, ::core::default::Default::default())
                }

                /// Tokens of `reader`'s bytes, with these extras.
                #[inline]
                pub fn with_extras(reader: R, extras: #ty) -> Self {
                    Self::make(reader, #active extras)
                }
            },
            None => quote! {
                /// Tokens of `reader`'s bytes, through a 64 KiB buffer (grown only for a
                /// longer token).
                #[inline]
                pub fn new(reader: R) -> Self {
                    Self::make(reader, #active)
                }
            },
        };
        let with_kernels = if has_hooks {
            quote! {
                /// A reader whose lexer uses the given skip kernels.
                #[inline]
                pub fn with_kernels(reader: R, kernels: #rt::skip::Kernels, #extras_param) -> Self {
                    Self::make(reader, kernels, #extras_arg)
                }
            }
        } else {
            TokenStream::new()
        };
        let extras_methods = match extras_ty {
            Some(ty) => quote! {
                /// The extras (the callbacks' and the caller's state).
                #[inline]
                pub fn extras(&self) -> &#ty {
                    &self.state().extras
                }

                /// The extras, to change.
                #[inline]
                pub fn extras_mut(&mut self) -> &mut #ty {
                    &mut self.state_mut().extras
                }
            },
            None => TokenStream::new(),
        };
        let iterator = if self.borrows {
            TokenStream::new()
        } else {
            quote! {
                impl<R: ::std::io::Read> ::core::iter::Iterator for #reader<R> {
                    type Item = ::core::result::Result<#token_ty, #rt::lex::StreamError<#err>>;

                    #[inline]
                    fn next(&mut self) -> ::core::option::Option<Self::Item> {
                        self.next_token()
                    }
                }
            }
        };
        if let Some(extras) = grammar.extras.as_ref().filter(|e| mentions_input_lifetime(&e.text)) {
            return Err(Diagnostic::error(
                DiagnosticKind::Directive,
                extras.span,
                "a streaming value lexer keeps its extras between buffers: the %extras type cannot borrow the \
                 input ('s); generate it without streaming, or make the extras own their data",
            ));
        }
        let step_body = if ctx.config.unsafe_code {
            // The state stays in place: the step's lexer is the state, its `input`
            // pointed at the buffer for the step (moving the whole state in and out per
            // token, as the code without `unsafe` does, cost ~60 instructions a token).
            let view = super::safety::unsafe_let(
                "`Name<'static>` and `Name<'s>` differ only in a lifetime, so have one layout, and the one field \
                 whose type names it, `input`, holds `buf` only during this step: it is set below and emptied \
                 when the step ends, by a panic too (`Reset`). The extras type cannot name the input's lifetime \
                 (refused when the reader is generated), so nothing of `buf` stays in the state after the step.",
                quote!(view),
                quote!(&mut *state.cast::<#lexer<'s>>()),
            );
            let reset = super::safety::unsafe_let(
                "`self.0` points at the reader's state, which outlives this guard (a local of the step).",
                quote!(()),
                quote!((*self.0).input = &[]),
            );
            quote! {
                let ::core::option::Option::Some(state) = self.lexer.as_mut() else {
                    return #rt::lex::Fill::Ready(::core::option::Option::None);
                };
                let state: *mut #lexer<'static> = state;
                /// Empties the state's `input` when the step ends, however it ends.
                struct Reset(*mut #lexer<'static>);
                impl ::core::ops::Drop for Reset {
                    #[inline(always)]
                    fn drop(&mut self) {
                        #reset
                    }
                }
                let reset = Reset(state);
                #view
                let view: &mut #lexer<'s> = view;
                view.input = buf;
                view.base = base;
                view.limit = if eof { buf.len() } else { usize::MAX };
                view.pos = view.pos.wrapping_sub(base);
                view.token_start = view.token_start.wrapping_sub(base);
                let out = view.__next_buffered(eof, self.lookahead);
                view.pos = base.saturating_add(view.pos);
                view.token_start = base.wrapping_add(view.token_start);
                view.base = 0;
                view.limit = 0;
                ::core::mem::drop(reset);
                out
            }
        } else {
            // Without `unsafe`: the state moves into a lexer over the buffer, and back.
            quote! {
                let ::core::option::Option::Some(state) = self.lexer.take() else {
                    return #rt::lex::Fill::Ready(::core::option::Option::None);
                };
                let mut view: #lexer<'s> = #lexer {
                    input: buf,
                    base,
                    limit: if eof { buf.len() } else { usize::MAX },
                    pos: state.pos.wrapping_sub(base),
                    token_start: state.token_start.wrapping_sub(base),
                    #(#into_view,)*
                };
                let out = view.__next_buffered(eof, self.lookahead);
                self.lexer = ::core::option::Option::Some(#lexer {
                    input: &[],
                    base: 0,
                    limit: 0,
                    pos: view.base.saturating_add(view.pos),
                    token_start: view.base.wrapping_add(view.token_start),
                    #(#into_state,)*
                });
                out
            }
        };
        let doc = format!(
            "Streaming form of the `{}` value lexer: its tokens read from any `std::io::Read`, in memory \
             bounded by the longest token. Callbacks run once per match, with the whole match buffered \
             (`slice()` is the whole token); see \"Streaming\" in the grammar's documentation for what else \
             they see.",
            grammar.name.name
        );
        Ok(quote! {
            impl<'s> #lexer<'s> {
                /// One step over the buffered bytes `self.input` (the reader's
                /// `BufferedStep`): `NeedMore` where they end before a token is decided,
                /// or before a callback's match has `lookahead` bytes after it.
                #[doc(hidden)]
                #[inline(always)]
                #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, unreachable_patterns, clippy::all)]
                pub fn __next_buffered(&mut self, eof: bool, lookahead: usize) -> #rt::lex::Fill<::core::option::Option<::core::result::Result<#token_ty, #err>>> {
                    if self.finished {
                        return #rt::lex::Fill::Ready(::core::option::Option::None);
                    }
                    let input: &'s [u8] = self.input;
                    // Positions are relative to the buffer: the streaming code's `base`.
                    let base = 0usize;
                    #kernels_local
                    'token: loop {
                        let start = self.pos;
                        match self.cond {
                            #(#stream_arms)*
                        }
                    }
                }
            }

            /// The state of a reader between tokens (absolute offsets).
            #[doc(hidden)]
            pub struct #state {
                /// `None` only after a callback panicked during a step.
                lexer: ::core::option::Option<#lexer<'static>>,
                lookahead: usize,
            }

            impl #rt::lex::BufferedStep for #state {
                type Output<'s> = ::core::option::Option<::core::result::Result<#token_ty, #err>>;

                #[inline(always)]
                fn step<'s>(&mut self, buf: &'s [u8], base: usize, eof: bool) -> #rt::lex::Fill<Self::Output<'s>> {
                    #step_body
                }

                #[inline]
                fn offset(&self) -> usize {
                    self.lexer.as_ref().map_or(0, |l| l.pos)
                }

                #[inline]
                fn dropped(&mut self, bytes: &[u8]) {
                    if let ::core::option::Option::Some(l) = &mut self.lexer {
                        l.lines.drop_front(bytes);
                    }
                }
            }

            #[doc = #doc]
            pub struct #reader<R> {
                state: #state,
                input: #rt::lex::TokenReader<R>,
                /// The end, a failed read or a stopping error was returned.
                done: bool,
            }

            // In a private module a reader uses some of these methods only.
            #[allow(dead_code)]
            impl<R: ::std::io::Read> #reader<R> {
                #new_fn
                #with_kernels

                #[inline]
                fn make(reader: R, #kernels_param #extras_param) -> Self {
                    let input: &'static [u8] = &[];
                    let lexer = #lexer::make(input, #kernels_arg #extras_arg);
                    #reader {
                        state: #state { lexer: ::core::option::Option::Some(lexer), lookahead: 0 },
                        input: #rt::lex::TokenReader::new(reader, #rt::lex::DEFAULT_CAPACITY),
                        done: false,
                    }
                }

                /// Start with a buffer of `bytes` (at least 1) rather than 64 KiB.
                #[inline]
                pub fn with_capacity(mut self, bytes: usize) -> Self {
                    self.input.set_capacity(bytes);
                    self
                }

                /// Let each callback see at least `bytes` bytes after its match (every byte
                /// up to the input's end, when it ends sooner): `remainder()`, and
                /// `bump(n)` for `n` up to `bytes`, are then exactly the slice lexer's.
                /// Default 0: the reader reads no further than the automaton needs (an
                /// interactive input is lexed as it arrives).
                #[inline]
                pub fn lookahead(mut self, bytes: usize) -> Self {
                    self.state.lookahead = bytes;
                    self
                }

                fn state(&self) -> &#lexer<'static> {
                    self.state.lexer.as_ref().expect("a callback of this reader panicked")
                }

                fn state_mut(&mut self) -> &mut #lexer<'static> {
                    self.state.lexer.as_mut().expect("a callback of this reader panicked")
                }

                /// The next token, an error, or `None` at the end. After a lexing error the
                /// lexer goes on as its grammar says; a failed read (`Interrupted` is
                /// retried) is `StreamError::Io` and ends it: the input is never taken as
                /// ending there. A token's borrowed values (`&'s str`) borrow the reader's
                /// buffer until the next call: [`Self::next_spanned`] gives the span too.
                #[inline(always)]
                pub fn next_token<'s>(&'s mut self) -> ::core::option::Option<::core::result::Result<#token_ty, #rt::lex::StreamError<#err>>> {
                    ::core::option::Option::Some(self.next_spanned()?.0)
                }

                /// As [`Self::next_token`], with the token's (or error's) span, as logos's
                /// `spanned()`. Always inlined, as the slice lexer's `next_token`.
                #[inline(always)]
                pub fn next_spanned<'s>(&'s mut self) -> ::core::option::Option<(::core::result::Result<#token_ty, #rt::lex::StreamError<#err>>, ::core::ops::Range<usize>)> {
                    if self.done {
                        return ::core::option::Option::None;
                    }
                    let step = self.input.next(&mut self.state);
                    let span = self.state.lexer.as_ref().map_or(0..0, |l| l.token_start..l.pos);
                    let token = match step {
                        ::core::result::Result::Ok(::core::option::Option::Some(::core::result::Result::Ok(token))) => {
                            ::core::result::Result::Ok(token)
                        }
                        ::core::result::Result::Ok(::core::option::Option::Some(::core::result::Result::Err(error))) => {
                            ::core::result::Result::Err(#rt::lex::StreamError::Token(error))
                        }
                        ::core::result::Result::Ok(::core::option::Option::None) => {
                            self.done = true;
                            return ::core::option::Option::None;
                        }
                        ::core::result::Result::Err(error) => {
                            self.done = true;
                            ::core::result::Result::Err(error.into())
                        }
                    };
                    ::core::option::Option::Some((token, span))
                }

                /// The span of the last token (or error), as offsets in the input.
                #[inline]
                pub fn span(&self) -> ::core::ops::Range<usize> {
                    let l = self.state();
                    l.token_start..l.pos
                }

                /// Offset of the next byte the lexer will read.
                #[inline]
                pub fn offset(&self) -> usize {
                    self.state().pos
                }

                /// Line and column of `offset` (clamped to the bytes still buffered: those
                /// from the last token's end on, at least).
                pub fn position(&mut self, offset: usize) -> #rt::Position {
                    let (buffered, base) = self.input.buffered();
                    let lexer = self.state.lexer.as_mut().expect("a callback of this reader panicked");
                    let mut at = lexer.lines.position(buffered, offset.saturating_sub(base));
                    at.offset += base;
                    at
                }

                /// The current start condition.
                #[inline]
                pub fn condition(&self) -> #cond_ty {
                    self.state().cond
                }

                /// Switch to another start condition.
                #[inline]
                pub fn set_condition(&mut self, cond: #cond_ty) {
                    self.state_mut().cond = cond;
                }

                #extras_methods

                /// The reader, and the bytes read from it that the lexer has not consumed.
                pub fn into_parts(self) -> (R, ::std::vec::Vec<u8>) {
                    let from = self.state.lexer.as_ref().map_or(0, |l| l.pos);
                    self.input.into_parts(from)
                }
            }

            #iterator
        })
    }

    /// The whole value lexer: the token enum (unless `%token`), the condition enum, the
    /// struct and its methods around the conditions' `arms`.
    pub(super) fn template(
        &self,
        ctx: &Ctx,
        arms: &[TokenStream],
        stream_arms: Option<&[TokenStream]>,
        has_hooks: bool,
        cond_enum: TokenStream,
    ) -> Result<TokenStream, Diagnostic> {
        if let Some(host) = ctx.config.logos() {
            return Ok(super::logos_host::template(ctx, host, arms, stream_arms, has_hooks, cond_enum));
        }
        let streaming = stream_arms.is_some();
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
        let (window_field, window_init) = if streaming {
            (
                quote! {
                    /// Offset of `input[0]` in the whole input (a streaming reader's buffer
                    /// holds a window of it; 0 here).
                    base: usize,
                    /// How far `bump` may go: the input's end, or (a reader's buffer
                    /// before the end) anywhere.
                    limit: usize,
                },
                quote!(base: 0, limit: input.len(),),
            )
        } else {
            (TokenStream::new(), TokenStream::new())
        };
        let make = quote! {
            let input: &'s [u8] = input.as_ref();
            #lexer {
                input,
                #window_init
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
        let position_methods = if streaming {
            quote! {
                /// The span of the last token (or error), as offsets in the input.
                #[inline]
                pub fn span(&self) -> ::core::ops::Range<usize> {
                    self.base + self.token_start..self.base.saturating_add(self.pos)
                }

                /// The bytes of the last token (or error); in a reader's callback, those
                /// of a `bump` past the buffered bytes are left out.
                #[inline]
                pub fn slice(&self) -> &'s [u8] {
                    let input: &'s [u8] = self.input;
                    input.get(self.token_start..self.pos.min(input.len())).unwrap_or_default()
                }

                /// Extend the last token by `n` bytes (at most to the input's end): lexing
                /// goes on after them.
                #[inline]
                pub fn bump(&mut self, n: usize) {
                    self.pos = self.pos.saturating_add(n).min(self.limit);
                }

                /// Offset of the next byte the lexer will read.
                #[inline]
                pub fn offset(&self) -> usize {
                    self.base.saturating_add(self.pos)
                }

                /// Go on lexing from `offset` (clamped to the input), in the current condition.
                #[inline]
                pub fn set_offset(&mut self, offset: usize) {
                    self.pos = offset.saturating_sub(self.base).min(self.limit);
                    self.finished = false;
                }

                /// Line and column of `offset`: counted on from the last position asked
                /// for when `offset` is after it, so asking for each token in order costs
                /// O(n) over the input, and nothing when never asked. (In a reader's
                /// callback, offsets before the buffered bytes are clamped to them.)
                #[inline]
                pub fn position(&mut self, offset: usize) -> #rt::Position {
                    let mut at = self.lines.position(self.input, offset.saturating_sub(self.base));
                    at.offset += self.base;
                    at
                }
            }
        } else {
            quote! {
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
            }
        };
        let reader = match stream_arms {
            Some(stream_arms) => self.reader(ctx, stream_arms, has_hooks, extras_ty.as_ref())?,
            None => TokenStream::new(),
        };
        Ok(quote! {
            #token_enum

            #cond_enum

            #[doc = #lexer_doc]
            #[doc = #stop_note]
            pub struct #lexer<'s> {
                input: &'s [u8],
                #window_field
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

                #position_methods

                /// The text of the last token, or an error (`TokenErrorKind::InvalidUtf8`,
                /// turned into the lexer's error by `?` or a callback's `Result`) when it
                /// is not UTF-8.
                #[inline]
                pub fn text(&self) -> ::core::result::Result<&'s str, #rt::lex::TokenError> {
                    ::core::str::from_utf8(self.slice()).map_err(|_| #rt::lex::TokenError {
                        kind: #rt::lex::TokenErrorKind::InvalidUtf8,
                        span: self.span(),
                        offset: self.span().start,
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

            #reader
        })
    }
}

fn parse_type(text: &str, span: crate::span::Span) -> Result<TokenStream, Diagnostic> {
    syn::parse_str::<syn::Type>(text)
        .map(|ty| quote!(#ty))
        .map_err(|e| Diagnostic::error(DiagnosticKind::Syntax, span, format!("'{text}' is not a Rust type: {e}")))
}
