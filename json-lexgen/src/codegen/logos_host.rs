//! The value lexer's code for the logos front-end (`crate::logos`): the state machine
//! runs inside the `jsonlex-logos` facade's `Lexer<'s, Token>` (its `pos` and
//! `token_start`), and callbacks get that lexer and return what logos's may, read by
//! the facade's `internal::CallbackRetVal` (so that a callback may return the token
//! itself, as in logos). The conditions' code is the one every grammar gets; only the
//! template, the actions and the error differ from [`super::values`].

use super::Ctx;
use crate::grammar::{Action, Rule};
use crate::logos::Host;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// `Token<'s>`, as a type.
fn token_ty(host: &Host) -> TokenStream {
    host.token_ty.clone()
}

/// `Token::<'s>`, in an expression.
fn token_expr(host: &Host) -> TokenStream {
    host.token_expr.clone()
}

/// The call of a callback with the lexer (a path, a closure, any callable).
fn call(host: &Host, cb: &syn::Expr) -> TokenStream {
    let krate = &host.krate;
    quote!(#krate::internal::call(self, #cb))
}

/// The error where no pattern matches, or a callback gives none: the error
/// callback's, else `Error::default()`.
fn default_error(host: &Host) -> TokenStream {
    let err = &host.error;
    match &host.error_callback {
        Some(cb) => {
            let call = call(host, cb);
            quote!(::core::convert::Into::<#err>::into(#call))
        }
        None => quote!(<#err as ::core::default::Default>::default()),
    }
}

/// Rule `r`'s arm: the span is set, then the callback runs, or the token is returned.
pub(super) fn action(ctx: &Ctx, host: &Host, r: &Rule, end: TokenStream) -> TokenStream {
    let id = ctx.grammar.rules.iter().position(|x| std::ptr::eq(x, r)).unwrap_or(0);
    let data = &host.rules[id];
    let (krate, lt, tok) = (&host.krate, &host.lifetime, token_ty(host));
    let some_ok =
        |t: TokenStream| ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Ok(#t))));
    let some_err =
        |e: TokenStream| ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Err(#e))));
    let body = match (&r.action, &data.callback) {
        (Action::Token(kind), cb) => {
            let variant = syn::Ident::new(&kind.name, proc_macro2::Span::call_site());
            let ctor_path = {
                let e = token_expr(host);
                quote!(#e::#variant)
            };
            match (cb, &data.field) {
                (None, None) => some_ok(ctor_path),
                (None, Some(_)) => some_ok(quote!(#ctor_path(self.slice()))),
                (Some(cb), field) => {
                    let (p, ctor) = match field {
                        Some(ty) => (quote!(#ty), quote!(#ctor_path)),
                        None => (quote!(()), quote!(|()| #ctor_path)),
                    };
                    let call = call(host, cb);
                    let default_error = default_error(host);
                    // A return type that does not fit is rustc's error at the callback.
                    let construct = quote_spanned!(syn::spanned::Spanned::span(cb)=>
                        #krate::internal::CallbackRetVal::<#lt, #p, #tok>::construct(#call, #ctor)
                    );
                    let (emit, error, default) =
                        (some_ok(quote!(token)), some_err(quote!(error)), some_err(default_error));
                    quote! {
                        match #construct {
                            #krate::internal::CallbackResult::Emit(token) => { #emit }
                            #krate::internal::CallbackResult::Error(error) => { #error }
                            #krate::internal::CallbackResult::DefaultError => { #default }
                            #krate::internal::CallbackResult::Skip => continue 'token,
                        }
                    }
                }
            }
        }
        (Action::Skip, None) => quote!(continue 'token;),
        (Action::Skip, Some(cb)) => {
            let call = call(host, cb);
            let construct = quote_spanned!(syn::spanned::Spanned::span(cb)=> #krate::internal::SkipRetVal::<#lt, #tok>::construct(#call));
            let error = some_err(quote!(error));
            quote! {
                match #construct {
                    ::core::option::Option::None => continue 'token,
                    ::core::option::Option::Some(error) => { #error }
                }
            }
        }
        // The front-end makes no error rules.
        (Action::Error, _) => some_err(default_error(host)),
    };
    // Streaming, a callback sees `lookahead` bytes after its match (or every byte up
    // to the input's end): else the buffer is refilled first and the match lexed again.
    let lookahead = match &data.callback {
        Some(_) if ctx.stream => {
            let rt = ctx.rt;
            quote! {
                if !eof && input.len().saturating_sub(end) < lookahead {
                    return #rt::lex::Fill::NeedMore;
                }
            }
        }
        _ => TokenStream::new(),
    };
    quote! {
        #end
        #lookahead
        self.pos = end;
        self.token_start = start;
        #body
    }
}

/// No pattern matches from `start`: the error spans the bytes read (at least one), up
/// to the next boundary of the source (a `char`'s, for `str`), and lexing goes on
/// after it.
pub(super) fn return_error(ctx: &Ctx, host: &Host, partial: TokenStream, resume: TokenStream) -> TokenStream {
    let krate = &host.krate;
    let ret = ctx.return_value(quote!(::core::option::Option::Some(::core::result::Result::Err(__error))));
    let default_error = default_error(host);
    quote! {
        // logos's error does not name the token in progress.
        let _: ::core::option::Option<&'static str> = #partial;
        let resume = #resume;
        self.token_start = start;
        self.pos = #krate::Source::find_boundary(self.source(), resume);
        let __error = #default_error;
        #ret
    }
}

/// The impls: the state machine as a method of the facade's lexer (a local trait),
/// and `Logos` for the enum.
pub(super) fn template(
    ctx: &Ctx,
    host: &Host,
    arms: &[TokenStream],
    stream_arms: Option<&[TokenStream]>,
    has_hooks: bool,
    cond_enum: TokenStream,
) -> TokenStream {
    let (krate, lt, tok) = (&host.krate, &host.lifetime, token_ty(host));
    let (extras, error, source) = (&host.extras, &host.error, &host.source);
    let cond_ty = ctx.cond_ty;
    let initial = &ctx.cond_variants[0];
    // The impls' generics: the enum's, with the source lifetime when it has none.
    let mut generics = host.generics.clone();
    // Type parameters are given by `type T = ...`: the impls do not have them.
    generics.params = generics.params.into_iter().filter(|p| !matches!(p, syn::GenericParam::Type(_))).collect();
    if generics.lifetimes().next().is_none() {
        generics.params.insert(0, syn::GenericParam::Lifetime(syn::LifetimeParam::new(lt.clone())));
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let kernels_local = if has_hooks { quote!(let kernels = self.kernels;) } else { TokenStream::new() };
    let rt = ctx.rt;
    let (stream_decl, stream_fn, stream_impl) = match stream_arms {
        Some(stream_arms) => (
            quote! {
                fn __logos_next_buffered(&mut self, eof: bool, lookahead: usize) -> #rt::lex::Fill<::core::option::Option<::core::result::Result<T, E>>>;
            },
            quote! {
                // The step of `StreamLexer`: the source is the buffered window of the
                // input, positions relative to it; its end asks for more.
                #[inline(always)]
                #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, unreachable_patterns, clippy::all)]
                fn __logos_next_buffered(&mut self, eof: bool, lookahead: usize) -> #rt::lex::Fill<::core::option::Option<::core::result::Result<#tok, #error>>> {
                    let input: &#lt [u8] = #krate::Source::as_bytes(self.source());
                    let base = 0usize;
                    #kernels_local
                    'token: loop {
                        let start = self.pos;
                        match #cond_ty::#initial {
                            #(#stream_arms)*
                        }
                    }
                }
            },
            stream_impl(host),
        ),
        None => (TokenStream::new(), TokenStream::new(), TokenStream::new()),
    };
    quote! {
        const _: () = {
            #cond_enum

            trait __LogosNext<T, E> {
                fn __logos_next(&mut self) -> ::core::option::Option<::core::result::Result<T, E>>;
                #stream_decl
            }

            impl #impl_generics __LogosNext<#tok, #error> for #krate::Lexer<#lt, #tok> #where_clause {
                #[inline(always)]
                #[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, unreachable_patterns, clippy::all)]
                fn __logos_next(&mut self) -> ::core::option::Option<::core::result::Result<#tok, #error>> {
                    let input: &#lt [u8] = #krate::Source::as_bytes(self.source());
                    #kernels_local
                    'token: loop {
                        let start = self.pos;
                        match #cond_ty::#initial {
                            #(#arms)*
                        }
                    }
                }

                #stream_fn
            }

            #stream_impl

            impl #impl_generics #krate::Logos<#lt> for #tok #where_clause {
                type Extras = #extras;
                type Source = #source;
                type Error = #error;

                // Inlined into the caller's loop, as a `.lex` lexer's `next_token`: the
                // lexer's position stays in registers.
                #[inline(always)]
                fn lex(lexer: &mut #krate::Lexer<#lt, Self>) -> ::core::option::Option<::core::result::Result<Self, #error>> {
                    let next = __LogosNext::<#tok, #error>::__logos_next(lexer);
                    if next.is_none() {
                        // At the end the span is empty there (skipped input is not in it).
                        lexer.token_start = lexer.pos;
                    }
                    next
                }
            }
        };
    }
}

/// `StreamLogos` for the enum (`#[logos(stream)]`): the enum at every source lifetime
/// (`Token<'b>`, over a buffer of a reader), implemented for it at `'static`.
fn stream_impl(host: &Host) -> TokenStream {
    let (krate, lt, tok) = (&host.krate, &host.lifetime, token_ty(host));
    let (extras, error, source) = (&host.extras, &host.error, &host.source);
    let self_ty = with_static(tok.clone(), lt);
    quote! {
        impl #krate::StreamLogos for #self_ty {
            type Token<#lt> = #tok;
            type Extras = #extras;
            type Error = #error;

            #[inline(always)]
            fn __step<#lt>(
                state: &mut #krate::internal::StreamState<#extras>,
                buf: &#lt [u8],
                base: usize,
                eof: bool,
            ) -> #krate::__runtime::lex::Fill<::core::option::Option<#krate::StreamResult<#tok, #error>>> {
                let window = <#source as #krate::internal::Window>::window(buf, base, eof, &mut state.valid_to);
                #krate::internal::run_step::<#tok>(state, window, |lexer, eof, lookahead| {
                    __LogosNext::<#tok, #error>::__logos_next_buffered(lexer, eof, lookahead)
                })
            }
        }
    }
}

/// `tokens` with the lifetime `lt` made `'static`.
fn with_static(tokens: TokenStream, lt: &syn::Lifetime) -> TokenStream {
    let mut out = TokenStream::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(t) = tokens.next() {
        match t {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'' => match tokens.peek() {
                Some(proc_macro2::TokenTree::Ident(i)) if *i == lt.ident => {
                    tokens.next();
                    out.extend(quote!('static));
                }
                _ => out.extend(quote!(#p)),
            },
            proc_macro2::TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), with_static(g.stream(), lt));
                group.set_span(g.span());
                out.extend(quote!(#group));
            }
            other => out.extend(quote!(#other)),
        }
    }
    out
}
