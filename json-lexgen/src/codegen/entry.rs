//! Entry points: `%entry name: Kind Kind ...;` becomes `next_token_<name>`, a lexer for
//! a caller that knows which tokens can come next (tree-sitter lexes only the tokens
//! valid in the parser's state; a JSON parser after `{` expects a key or `}`).
//!
//! An entry's automaton is the first condition's, cut short: every transition into a
//! state from which none of the entry's tokens (nor a `skip` rule) can still match
//! leads to the *fallback*, as does a match of another rule, no match at all, and the
//! end of the input at a token's start. The fallback lexes the same position again
//! with the whole lexer (`next_token`, out of line and cold). So an entry returns
//! exactly what `next_token` returns, token, error or end, for every input; where the
//! token is one of its kinds it gets there through a start state that knows only
//! those: a compare where one token can start, a small jump table elsewhere.
//!
//! The fallback is a rule of its own, appended to a copy of the grammar (its action is
//! never a token: [`Ctx::action`] emits the call instead), so that the longest-match
//! bookkeeping of the condition's code (`last_rule`, accept-now states) carries it like
//! any other rule.

use super::accept::{finish, Outcome};
use super::Ctx;
use crate::analysis;
use crate::automaton::{self, Automaton, State, StateId};
use crate::grammar::{Action, Entry, Grammar, Pattern, Rule, RuleId, Transition};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// What the code of an entry's automaton needs: which rule is the fallback.
#[derive(Clone, Copy)]
pub(super) struct EntryCtx {
    pub(super) fallback: RuleId,
}

/// The grammar an entry's code is generated with: the grammar and the fallback rule
/// after its rules (in no condition: only the entry's automaton reaches it).
pub(crate) fn entry_grammar(grammar: &Grammar, entry: &Entry) -> (Grammar, RuleId) {
    let mut g = grammar.clone();
    let fallback = RuleId(g.rules.len() as u32);
    g.rules.push(Rule {
        conditions: Vec::new(),
        pattern: Pattern::Default,
        action: Action::Error,
        next: None,
        callback: None,
        trailing: None,
        span: entry.span,
        pattern_span: entry.name.span,
    });
    (g, fallback)
}

/// The automaton of `entry` over `a` (the first condition's): see the module's text.
pub(crate) fn entry_automaton(grammar: &Grammar, a: &Automaton, entry: &Entry, fallback: RuleId) -> Automaton {
    // A skip goes on in the entry's automaton: only one that stays in the condition.
    let wanted = |r: RuleId| {
        let rule = &grammar.rules[r.0 as usize];
        match &rule.action {
            Action::Token(kind) => entry.kinds.iter().any(|k| k.name == kind.name),
            Action::Skip => rule.next.is_none() || rule.next == Some(Transition::Goto(a.condition)),
            Action::Error => false,
        }
    };
    // States from which a wanted rule can still match.
    let mut live: Vec<bool> = a.states.iter().map(|s| s.accept.is_some_and(wanted)).collect();
    loop {
        let mut changed = false;
        for (i, s) in a.states.iter().enumerate() {
            if !live[i] && s.transitions.iter().any(|t| live[t.target.index()]) {
                live[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let to_fallback = StateId(a.states.len() as u32);
    let mut states: Vec<State> = a
        .states
        .iter()
        .map(|s| State {
            // Another rule's match ends in the fallback, should the token end here.
            accept: s.accept.map(|r| if wanted(r) { r } else { fallback }),
            transitions: s
                .transitions
                .iter()
                .map(|t| automaton::Transition {
                    target: if live[t.target.index()] { t.target } else { to_fallback },
                    ..*t
                })
                .collect(),
        })
        .collect();
    states.push(State { accept: Some(fallback), transitions: Vec::new() });
    let mut states = automaton::minimize(states);
    // Where a dead end is the fallback anyway (the start state; no other rule can have
    // matched on the way), a byte into the fallback state is one more byte the
    // dispatch need not name: it goes, with the rest, to the default arm.
    let fallback_state = |s: &State| s.accept == Some(fallback) && s.transitions.is_empty();
    let probe =
        Automaton { condition: a.condition, states: states.clone(), end_of_input: None, default: None, sizes: a.sizes };
    let incoming = automaton::incoming_accepts(&probe);
    let drop_into: Vec<bool> = states
        .iter()
        .enumerate()
        .map(|(i, s)| match s.accept {
            Some(r) => r == fallback,
            None => incoming[i].iter().all(|r| r.is_none() || *r == Some(fallback)),
        })
        .collect();
    let is_fallback: Vec<bool> = states.iter().map(fallback_state).collect();
    for (i, s) in states.iter_mut().enumerate() {
        if drop_into[i] {
            s.transitions.retain(|t| !is_fallback[t.target.index()]);
        }
    }
    let states = automaton::minimize(states);
    let sizes = automaton::Sizes { dfa_states: a.sizes.dfa_states, states: states.len() };
    // The fallback as the `*` rule: its outcome is there even when no state accepts it
    // any longer (every dead end is the fallback, through `Ctx::entry_fail`).
    Automaton { condition: a.condition, states, end_of_input: None, default: Some(fallback), sizes }
}

/// The name of an entry's method.
pub(super) fn method(entry: &Entry) -> Ident {
    format_ident!("next_token_{}", entry.name.name)
}

impl Ctx<'_> {
    /// The fallback: the whole lexer, from the token's start (`self.pos`: nothing in a
    /// condition's code moves it before an action).
    pub(super) fn entry_fallback(&self) -> TokenStream {
        if self.stream {
            quote!(return self.next_token_fallback(buf, base, eof);)
        } else {
            quote!(return self.next_token_fallback();)
        }
    }

    /// A dead end where no rule matched: in an entry, the fallback (the whole lexer
    /// knows the `*` rule and the error).
    pub(super) fn entry_fail(&self) -> Option<TokenStream> {
        self.entry.map(|e| finish(Outcome::Rule(e.fallback), quote!(start)))
    }

    /// The input ends (or, streaming, the buffer does) where a token would start: in an
    /// entry, the fallback decides (`$` rules, "need more").
    pub(super) fn entry_at_end(&self) -> TokenStream {
        let fallback = self.entry_fallback();
        quote! {
            if start >= input.len() {
                #fallback
            }
        }
    }
}

/// The methods of every entry of `grammar` (none: nothing), for the slice lexer or,
/// with `ctx.stream`, the streaming lexer; and the trait items that reach them
/// (`Lexer::ENTRIES`, `Lexer::next_token_entry`).
pub(super) fn entry_methods(ctx: &Ctx, automata: &[Automaton], has_hooks: bool) -> (TokenStream, TokenStream) {
    let grammar = ctx.grammar;
    if grammar.entries.is_empty() {
        return (TokenStream::new(), TokenStream::new());
    }
    let (rt, token_ty, cond_ty) = (ctx.rt, ctx.token_ty, ctx.cond_ty);
    let initial = &ctx.cond_variants[0];
    let first = &automata[0];
    let kernels_local = if has_hooks { quote!(let kernels = self.kernels;) } else { TokenStream::new() };
    let mut methods = Vec::new();
    let mut arms: Vec<TokenStream> = Vec::new();
    for (i, entry) in grammar.entries.iter().enumerate() {
        let (g, fallback) = entry_grammar(grammar, entry);
        let a = entry_automaton(&g, first, entry, fallback);
        let an = analysis::analyze(&a, ctx.config.simd);
        let e = EntryCtx { fallback };
        let entry_ctx = Ctx { grammar: &g, entry: Some(&e), ..*ctx };
        let body = entry_ctx.condition(&a, &an).code;
        let name = method(entry);
        let fallback = ctx.entry_fallback();
        // Entries are built on the first condition: in another, the whole lexer.
        let cond_check = if grammar.conditions.len() > 1 {
            quote! {
                if self.cond != #cond_ty::#initial {
                    #fallback
                }
            }
        } else {
            TokenStream::new()
        };
        let kinds: Vec<&str> = entry.kinds.iter().map(|k| k.name.as_str()).collect();
        let doc = format!(
            "Entry point `{}` (`%entry`): the next token, lexed directly when it is {}; \
             anything else is lexed by `next_token`, so the answer is always `next_token`'s.",
            entry.name.name,
            kinds.join(", ")
        );
        let n = proc_macro2::Literal::usize_unsuffixed(i);
        let allow = quote!(#[allow(unused_mut, unused_variables, unused_assignments, unused_labels, unreachable_code, clippy::all)]);
        if ctx.stream {
            methods.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                #allow
                pub fn #name(&mut self, buf: &[u8], base: usize, eof: bool) -> #rt::lex::Step<#token_ty> {
                    if self.finished {
                        return #rt::lex::Step::End;
                    }
                    #cond_check
                    let input: &[u8] = buf;
                    #kernels_local
                    'token: loop {
                        let start = self.pos.wrapping_sub(base);
                        #body
                    }
                }
            });
            arms.push(quote!(#n => Self::#name(self, buf, base, eof),));
        } else {
            methods.push(quote! {
                #[doc = #doc]
                #[inline(always)]
                #allow
                pub fn #name(&mut self) -> #rt::lex::Next<#token_ty> {
                    #cond_check
                    let input: &'a [u8] = self.input;
                    #kernels_local
                    'token: loop {
                        let start = self.pos;
                        #body
                    }
                }
            });
            arms.push(quote!(#n => Self::#name(self),));
        }
    }
    let names = grammar.entries.iter().map(|e| e.name.name.as_str());
    let (fallback_fn, trait_items) = if ctx.stream {
        (
            quote! {
                /// An entry's way out: the whole lexer, from the same offset.
                #[cold]
                #[inline(never)]
                fn next_token_fallback(&mut self, buf: &[u8], base: usize, eof: bool) -> #rt::lex::Step<#token_ty> {
                    self.next_token(buf, base, eof)
                }
            },
            quote! {
                const ENTRIES: &'static [&'static str] = &[#(#names),*];

                #[inline(always)]
                fn next_token_entry(&mut self, entry: usize, buf: &[u8], base: usize, eof: bool) -> #rt::lex::Step<#token_ty> {
                    match entry {
                        #(#arms)*
                        _ => self.next_token(buf, base, eof),
                    }
                }
            },
        )
    } else {
        (
            quote! {
                /// An entry's way out: the whole lexer, from the same offset.
                #[cold]
                #[inline(never)]
                fn next_token_fallback(&mut self) -> #rt::lex::Next<#token_ty> {
                    self.next_token()
                }
            },
            quote! {
                const ENTRIES: &'static [&'static str] = &[#(#names),*];

                #[inline(always)]
                fn next_token_entry(&mut self, entry: usize) -> #rt::lex::Next<#token_ty> {
                    match entry {
                        #(#arms)*
                        _ => self.next_token(),
                    }
                }
            },
        )
    };
    (quote!(#(#methods)* #fallback_fn), trait_items)
}
