//! Reading the input, and what the generated code does at its end.
//!
//! The generated code meets the end of the input in two places only, both emitted here:
//! at the start of a token ([`Ctx::at_token_start_end`]: the `$` rule, else `None`) and
//! when a state reads its next byte ([`Ctx::read_byte`]: the state's dead end, which
//! takes the longest match seen or fails). The self-loops of [`super::loops`] also stop
//! at the end, but only to hand over to the state's `read_byte`.
//!
//! A streaming lexer (issue 12) changes these two functions: instead of deciding, it
//! returns "need more input" with the token's start, so that the caller can refill the
//! buffer and resume.

use super::safety::unsafe_let;
use super::Ctx;
use crate::automaton::Automaton;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// `if` the input ends where a token would start: the condition's `$` rule fires
    /// once, then (or without one) the lexer returns `None`.
    pub(super) fn at_token_start_end(&self, a: &Automaton) -> TokenStream {
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
        quote! {
            if start >= input.len() {
                #at_end
            }
        }
    }

    /// `let b = next byte` or, at the end of the input, the state's dead end.
    pub(super) fn read_byte(&self, dead: &TokenStream) -> TokenStream {
        if self.config.unsafe_code {
            let read =
                unsafe_let("`p < input.len()`, checked on the line above.", quote!(b), quote!(*input.get_unchecked(p)));
            quote! {
                if p >= input.len() #dead
                #read
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
}
