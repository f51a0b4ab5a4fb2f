//! Reading the input, and what the generated code does at its end.
//!
//! The generated code meets the end of the input in three places only, all emitted
//! here: at the start of a token ([`Ctx::at_token_start_end`]: the `$` rule, else the
//! end), when a state reads its next byte ([`Ctx::read_byte`]: the state's dead end,
//! which takes the longest match seen or fails), and after the self-loop of a state
//! that has no other transition ([`Ctx::after_final_loop`]). The self-loops of
//! [`super::loops`] also stop at the end, but only to hand over to one of the last two.
//!
//! The same functions emit how a token leaves `next_token` ([`Ctx::set_pos`],
//! [`Ctx::return_token`], [`Ctx::return_error`], [`Ctx::return_end`]), since that is
//! what differs between the two lexers the generator can emit:
//!
//! * the slice lexer (`Name<'a>`): the input is one slice; its end is the end;
//! * the streaming lexer (`NameStream`, [`crate::Config::streaming`]): `next_token(buf,
//!   base, eof)` lexes a buffer that holds the input from absolute offset `base` on.
//!   Where the buffer ends before the DFA can decide and `eof` is false, it returns
//!   `Step::NeedMore` and stays at the token's start (re2c's YYFILL model: the caller
//!   appends bytes, keeping those from the token start on, and the token is rescanned);
//!   with `eof`, the buffer's end is the input's end, as in the slice lexer. Positions
//!   in the generated code stay relative to `buf`; tokens, errors and `self.pos` are
//!   absolute (`base +`).

use super::accept::ErrorCause;
use super::safety::unsafe_let;
use super::Ctx;
use crate::automaton::{Automaton, StateId};
use crate::grammar::{Action, OnError};
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// `if` the input ends where a token would start: the condition's `$` rule fires
    /// once, then (or without one) the lexer ends. Streaming, a buffer that ends
    /// before the input does asks for more first.
    pub(super) fn at_token_start_end(&self, a: &Automaton) -> TokenStream {
        let end = self.return_end();
        if self.stream {
            // `finished` was checked on entry to `next_token`.
            let at_end = match a.end_of_input {
                Some(rule) => self.action(rule, quote!(start)),
                None => end,
            };
            let more = self.need_more();
            // The logos facade's lexer keeps no `finished` (logos has no `$`).
            let finished =
                if self.config.logos().is_some() { TokenStream::new() } else { quote!(self.finished = true;) };
            return quote! {
                if start >= input.len() {
                    if !eof {
                        #more
                    }
                    #finished
                    #at_end
                }
            };
        }
        let at_end = match a.end_of_input {
            Some(rule) => {
                let action = self.action(rule, quote!(start));
                quote! {
                    if self.finished {
                        #end
                    }
                    self.finished = true;
                    #action
                }
            }
            None => end,
        };
        quote! {
            if start >= input.len() {
                #at_end
            }
        }
    }

    /// `let b = next byte` or, at the end of the input, the state's dead end.
    /// Streaming, the end of a buffer that is not the end of the input asks for more.
    pub(super) fn read_byte(&self, dead: &TokenStream) -> TokenStream {
        let dead = &self.at_buffer_end(dead);
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

    /// The dead end of state `id`, whose only transition is its self-loop, after the
    /// loop: the token ends there, unless (streaming) the run stopped at the buffer's
    /// end. Not even then for a run that may be split there (see
    /// [`Ctx::run_splits_exactly`]): whitespace, in most grammars, is lexed as the
    /// slice lexer lexes it.
    pub(super) fn after_final_loop(&self, a: &Automaton, id: StateId, dead: &TokenStream) -> TokenStream {
        if !self.stream || self.run_splits_exactly(a, id) {
            return dead.clone();
        }
        let more = self.need_more();
        quote! {{
            if p >= input.len() && !eof {
                #more
            }
            #dead
        }}
    }

    /// Whether a run of final state `id` (whose only transition is its self-loop) cut
    /// by the buffer's end can be taken as two matches, the rest lexed afresh after the
    /// refill: the state's rule is a `skip` that keeps the condition, and every byte
    /// that loops in it leads the start state to it. The rest then goes through the
    /// same state and rule, and two skipped matches are one: the tokens are exactly
    /// those of the whole run, and no token waits for the refill.
    pub(super) fn run_splits_exactly(&self, a: &Automaton, id: StateId) -> bool {
        let s = a.state(id);
        let Some(rule) = s.accept else { return false };
        let rule = &self.grammar.rules[rule.0 as usize];
        if !matches!(rule.action, Action::Skip) || rule.next.is_some() {
            return false;
        }
        let start = &a.states[0];
        s.transitions.iter().all(|t| t.target == id && (t.start..=t.end).all(|b| start.next(b) == Some(id)))
    }

    /// At `p == input.len()`: the dead end, or (streaming, before the input's end)
    /// "need more input", leaving `self.pos` at the token's start.
    fn at_buffer_end(&self, dead: &TokenStream) -> TokenStream {
        if !self.stream {
            return dead.clone();
        }
        let more = self.need_more();
        quote! {{
            if !eof {
                #more
            }
            #dead
        }}
    }

    fn need_more(&self) -> TokenStream {
        let rt = self.rt;
        match self.values {
            Some(_) => quote!(return #rt::lex::Fill::NeedMore;),
            None => quote!(return #rt::lex::Step::NeedMore;),
        }
    }

    /// `return value;` of a value lexer's `next_token` (`Option<Result<..>>`); in its
    /// buffered step, `return Fill::Ready(value);`.
    pub(super) fn return_value(&self, value: TokenStream) -> TokenStream {
        if self.stream {
            let rt = self.rt;
            quote!(return #rt::lex::Fill::Ready(#value);)
        } else {
            quote!(return #value;)
        }
    }

    /// `self.pos = end` (a position in the input, relative to the buffer when
    /// streaming).
    pub(super) fn set_pos(&self, end: TokenStream) -> TokenStream {
        if self.stream {
            quote!(self.pos = base + #end;)
        } else {
            quote!(self.pos = #end;)
        }
    }

    /// Return the token `kind` spanning the locals `start..end`.
    pub(super) fn return_token(&self, kind: TokenStream) -> TokenStream {
        let rt = self.rt;
        if self.stream {
            quote! {
                return #rt::lex::Step::Token(#rt::Token { kind: #kind, start: base + start, end: base + end });
            }
        } else {
            quote! {
                return ::core::option::Option::Some(::core::result::Result::Ok(#rt::Token { kind: #kind, start, end }));
            }
        }
    }

    /// A lexing error: the token from the local `start` failed at `offset`, in the
    /// middle of a token of kind `partial` (`None`: the local `partial`). The lexer
    /// goes on at `resume` (the end of the bad span), or with `%on_error stop;` ends.
    pub(super) fn return_error(
        &self,
        cause: ErrorCause,
        offset: TokenStream,
        partial: Option<TokenStream>,
        resume: TokenStream,
    ) -> TokenStream {
        let rt = self.rt;
        let partial_expr = partial.clone().unwrap_or(quote!(partial));
        let partial = match partial {
            Some(p) => quote!(partial: #p),
            None => quote!(partial),
        };
        let set_pos = match self.grammar.on_error {
            OnError::Stop => self.stop_at_error(),
            OnError::Continue if self.stream => quote!(self.pos = base + (#resume);),
            OnError::Continue => quote!(self.pos = #resume;),
        };
        if let Some(values) = self.values {
            return values.return_error(self, cause, offset, partial_expr, set_pos, resume);
        }
        if self.stream {
            quote! {
                #set_pos
                return #rt::lex::Step::Error(#rt::LexError { start: base + start, offset: base + #offset, #partial });
            }
        } else {
            quote! {
                #set_pos
                return ::core::option::Option::Some(::core::result::Result::Err(#rt::LexError { start, offset: #offset, #partial }));
            }
        }
    }

    /// `%on_error stop;`: after an error the lexer is at the input's end, finished.
    pub(super) fn stop_at_error(&self) -> TokenStream {
        let end = if self.stream { quote!(base + input.len()) } else { quote!(input.len()) };
        quote! {
            self.pos = #end;
            self.finished = true;
        }
    }

    /// The lexer has ended.
    pub(super) fn return_end(&self) -> TokenStream {
        if self.values.is_some() {
            return self.return_value(quote!(::core::option::Option::None));
        }
        if self.stream {
            let rt = self.rt;
            quote!(return #rt::lex::Step::End;)
        } else {
            quote!(return ::core::option::Option::None;)
        }
    }
}
