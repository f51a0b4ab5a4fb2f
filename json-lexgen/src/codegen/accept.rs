//! How a token ends: the outcome the state loop breaks with, and the code after it.
//!
//! A state's code never runs an action itself: it leaves the `'dfa` block with an
//! [`Outcome`] code and the token's end ([`finish`]), and one `match` after the loop
//! ([`Ctx::outcomes`]) runs each action once, however many states end with it. Where no
//! transition applies, a state's [`Fallback`] says what it leaves with: the rule it
//! accepts, the longest match seen on the way (known statically or kept in `last_rule`),
//! the `*` rule, or an error naming the token in progress.

use super::condition::CondCtx;
use super::{ident, Ctx};
use crate::automaton::{Automaton, State, StateId};
use crate::grammar::{Action, RuleId, Trailing, Transition};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeSet;

/// How a token ends, as the value the state loop breaks with: a rule matched (its
/// action runs), or no rule did (an error naming the token kind in progress).
#[derive(Clone, Copy)]
pub(super) enum Outcome {
    Rule(RuleId),
    Fail(Option<RuleId>),
}

impl Outcome {
    /// Rules are their index; failures come after every rule index.
    pub(super) fn code(self) -> u32 {
        const FAIL: u32 = 1 << 24;
        match self {
            Outcome::Rule(r) => r.0,
            Outcome::Fail(None) => FAIL,
            Outcome::Fail(Some(r)) => FAIL + 1 + r.0,
        }
    }

    /// The name of its constant (`RULE_13`, `FAIL`, `FAIL_IN_RULE_10`; see
    /// [`super::notes`]).
    pub(super) fn name(self) -> Ident {
        match self {
            Outcome::Rule(r) => format_ident!("RULE_{}", r.0),
            Outcome::Fail(None) => format_ident!("FAIL"),
            Outcome::Fail(Some(r)) => format_ident!("FAIL_IN_RULE_{}", r.0),
        }
    }
}

/// `break 'dfa (code, end)`.
pub(super) fn finish(outcome: Outcome, end: TokenStream) -> TokenStream {
    let code = outcome.name();
    quote! {{ break 'dfa (#code, #end); }}
}

/// Why a token failed, for a value lexer's `TokenErrorKind` (a plain lexer's
/// `LexError` does not say).
#[derive(Clone, Copy)]
pub(super) enum ErrorCause {
    NoMatch,
    ErrorRule,
    EmptyStack,
}

/// How a dead end in a state falls back.
enum Fallback {
    /// No rule has matched: `*` rule or error.
    Fail,
    /// This rule matched, ending at `last_end` (known statically).
    Rule(RuleId),
    /// Depends on the path: read `last_rule`.
    Dynamic,
}

impl Ctx<'_> {
    /// What happens where no transition applies in state `id`: leave the state loop
    /// with the outcome of its [`Fallback`] (see [`Ctx::outcomes`]).
    pub(super) fn dead_end(&self, cond: &CondCtx, id: StateId) -> TokenStream {
        let (a, i) = (cond.a, id.index());
        let s = a.state(id);
        let fallback = match s.accept {
            Some(r) => Fallback::Rule(r),
            None => {
                let rules: Vec<RuleId> = cond.incoming[i].iter().flatten().copied().collect();
                let may_fail = cond.incoming[i].contains(&None);
                match (rules.len(), may_fail) {
                    (0, _) => Fallback::Fail,
                    (1, false) => Fallback::Rule(rules[0]),
                    _ => Fallback::Dynamic,
                }
            }
        };
        // A rule accepted here ends at `p`; one accepted before, at `last_end`.
        let end = if s.accept.is_some() { quote!(p) } else { quote!(last_end) };
        let partial = cond.partial[i];
        match fallback {
            Fallback::Rule(r) => finish(Outcome::Rule(r), end),
            Fallback::Fail => self.fail(a, partial),
            Fallback::Dynamic => {
                let fail = self.fail(a, partial);
                quote! {{
                    if last_rule != u32::MAX {
                        break 'dfa (last_rule, last_end);
                    }
                    #fail
                }}
            }
        }
    }

    /// No rule matched from `start`: the `*` rule takes one byte, else an error.
    fn fail(&self, a: &Automaton, partial: Option<RuleId>) -> TokenStream {
        if let Some(fallback) = self.entry_fail() {
            return fallback;
        }
        // `* => error` says what happens anyway: fall through to the error below; with a
        // message or a callback (`* => error("...")`) it is a rule of one byte.
        let default_takes_byte = |d: &RuleId| {
            let rule = &self.grammar.rules[d.0 as usize];
            rule.action != Action::Error || rule.callback.is_some()
        };
        match a.default.filter(default_takes_byte) {
            Some(default) => finish(Outcome::Rule(default), quote!(start + 1)),
            None => finish(Outcome::Fail(partial), quote!(p)),
        }
    }

    /// The rules a condition's automaton can end with (each gets an outcome).
    pub(super) fn outcome_rules(a: &Automaton) -> BTreeSet<RuleId> {
        let mut rules: BTreeSet<RuleId> = a.states.iter().filter_map(|s| s.accept).collect();
        rules.extend(a.default);
        rules
    }

    /// After the state loop: one arm per outcome the automaton can end with (`rules`,
    /// from [`Ctx::outcome_rules`], and the failures), so that each action's code is
    /// emitted once however many states end with it.
    pub(super) fn outcomes(&self, rules: &BTreeSet<RuleId>, partial: &[Option<RuleId>]) -> TokenStream {
        let rule_arms = rules.iter().map(|&r| {
            let (code, note) = (Outcome::Rule(r).name(), self.rule_note(r));
            let action = self.action(r, quote!(end));
            quote!(#note #code => { #action })
        });
        let partials: BTreeSet<Option<RuleId>> = partial.iter().copied().collect();
        let fail_arms = partials.into_iter().map(|p| {
            let code = Outcome::Fail(p).name();
            let kind = match p.map(|r| &self.grammar.rules[r.0 as usize].action) {
                Some(Action::Token(kind)) => {
                    let kind = self.partial_kind(&kind.name);
                    quote!(::core::option::Option::Some(#kind))
                }
                _ => quote!(::core::option::Option::None),
            };
            quote!(#code => #kind,)
        });
        // The bad span: the bytes read before no rule could go on, at least one.
        let error = self.return_error(
            ErrorCause::NoMatch,
            quote!(end),
            None,
            quote!(if end > start { end } else { start + 1 }),
        );
        quote! {
            match code {
                #(#rule_arms)*
                _ => {
                    let partial = match code {
                        #(#fail_arms)*
                        _ => ::core::option::Option::None,
                    };
                    #error
                }
            }
        }
    }

    /// The code of rule `rule` matching `start..end`.
    pub(super) fn action(&self, rule: RuleId, end: TokenStream) -> TokenStream {
        if self.entry.is_some_and(|e| e.fallback == rule) {
            return self.entry_fallback();
        }
        let r = &self.grammar.rules[rule.0 as usize];
        let none = quote!(::core::option::Option::None);
        // `r / s`: the token is `r`; the input after it is lexed again.
        let end = match r.trailing {
            None if end.to_string() == "end" => TokenStream::new(),
            None => quote!(let end = #end;),
            Some(Trailing::FromStart(n)) => {
                let n = Literal::usize_unsuffixed(n);
                quote!(let _ = #end; let end = start + #n;)
            }
            Some(Trailing::FromEnd(n)) => {
                let n = Literal::usize_unsuffixed(n);
                quote!(let end = #end - #n;)
            }
        };
        let ty = self.cond_ty;
        let switch = match r.next {
            None => TokenStream::new(),
            Some(Transition::Goto(c)) => {
                let v = &self.cond_variants[c.0 as usize];
                quote!(self.cond = #ty::#v;)
            }
            Some(Transition::Push(c)) => {
                let v = &self.cond_variants[c.0 as usize];
                quote! {
                    self.stack.push(self.cond);
                    self.cond = #ty::#v;
                }
            }
            Some(Transition::Pop) => {
                let error = self.return_error(ErrorCause::EmptyStack, quote!(start), Some(none.clone()), quote!(end));
                quote! {
                    match self.stack.pop() {
                        ::core::option::Option::Some(cond) => self.cond = cond,
                        ::core::option::Option::None => { #error }
                    }
                }
            }
        };
        if let Some(values) = self.values {
            return values.action(self, r, end, switch);
        }
        match &r.action {
            Action::Token(kind) => {
                let (set, ret) = (self.set_pos(quote!(end)), self.return_token(self.kind(&kind.name)));
                quote! {
                    #end
                    #set
                    #switch
                    #ret
                }
            }
            Action::Skip => {
                let set = self.set_pos(quote!(end));
                quote! {
                    #end
                    #set
                    #switch
                    continue 'token;
                }
            }
            Action::Error => {
                let error = self.return_error(ErrorCause::ErrorRule, quote!(start), Some(none), quote!(end));
                quote! {
                    #end
                    #error
                }
            }
        }
    }

    /// `Lexer::single_byte_token`, when some condition has such bytes: per condition,
    /// the bytes whose transition from the start state ends the token at once (a state
    /// that accepts and has no transitions), for a rule that returns a token and stays
    /// in the condition. Nothing (the trait's `None` default) when no condition has one.
    pub(super) fn single_byte_tokens(&self, automata: &[Automaton]) -> TokenStream {
        let mut any = false;
        let arms: Vec<TokenStream> = automata
            .iter()
            .map(|a| {
                // Token name -> the byte patterns that are it, in byte order.
                let mut kinds: Vec<(&str, Vec<TokenStream>)> = Vec::new();
                for t in &a.state(StateId::START).transitions {
                    let target = a.state(t.target);
                    let Some(rule) = target.accept.filter(|_| target.transitions.is_empty()) else {
                        continue;
                    };
                    let r = &self.grammar.rules[rule.0 as usize];
                    let Action::Token(kind) = &r.action else { continue };
                    if !(r.is_plain_token()
                        || r.next == Some(Transition::Goto(a.condition))
                            && r.callback.is_none()
                            && r.trailing.is_none())
                    {
                        continue;
                    }
                    let pattern = super::dispatch::byte_pattern(t.start, t.end);
                    match kinds.iter_mut().find(|(k, _)| *k == kind.name) {
                        Some((_, patterns)) => patterns.push(pattern),
                        None => kinds.push((&kind.name, vec![pattern])),
                    }
                }
                let (ty, cond) = (self.cond_ty, &self.cond_variants[a.condition.0 as usize]);
                if kinds.is_empty() {
                    return quote!(#ty::#cond => ::core::option::Option::None,);
                }
                any = true;
                let bytes = kinds.iter().map(|(kind, patterns)| {
                    let kind = self.kind(kind);
                    quote!(#(#patterns)|* => ::core::option::Option::Some(#kind),)
                });
                quote! {
                    #ty::#cond => match byte {
                        #(#bytes)*
                        _ => ::core::option::Option::None,
                    },
                }
            })
            .collect();
        if !any {
            return TokenStream::new();
        }
        let token_ty = self.token_ty;
        quote! {
            #[inline]
            fn single_byte_token(&self, byte: u8) -> ::core::option::Option<#token_ty> {
                match self.cond {
                    #(#arms)*
                }
            }
        }
    }

    /// The kind in progress, should a token fail: the kind itself, or a value lexer's
    /// name for it (its `TokenError` names kinds as strings).
    fn partial_kind(&self, name: &str) -> TokenStream {
        if self.values.is_some() {
            quote!(#name)
        } else {
            self.kind(name)
        }
    }

    pub(super) fn kind(&self, name: &str) -> TokenStream {
        let ty = self.token_ty;
        let v = ident(name);
        quote!(#ty::#v)
    }
}
/// A state that accepts and has no transitions: entering it ends the token.
pub(super) fn is_accept_now(s: &State) -> bool {
    s.accept.is_some() && s.transitions.is_empty()
}
