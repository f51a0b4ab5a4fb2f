//! What the generated code says about itself, for whoever reads it when a token
//! surprises them:
//!
//! * a note on each rule's action and on each state's code, `// rule 13 (json.lex:50):
//!   skip` and `// state 4` (the numbers of `--dot` and `--stats`), inlined states
//!   included: inert attributes that the formatted file turns into comments (see
//!   [`super::safety::note`]);
//! * the outcome constants the state loop breaks with, `RULE_13`, `FAIL` and
//!   `FAIL_IN_RULE_10`, instead of bare numbers, each with its rule's place as its doc;
//! * with [`crate::Config::trace`], the trace mode (re2c's `-d`): each state entered and
//!   each outcome chosen is printed to standard error.

use super::accept::Outcome;
use super::safety::{note, note_stmt};
use super::Ctx;
use crate::automaton::{Automaton, StateId};
use crate::grammar::{Action, Callback, Pattern, RuleId, Transition};
use proc_macro2::{Literal, TokenStream, TokenTree};
use quote::quote;

impl Ctx<'_> {
    /// `rule 13 (json.lex:50): skip`: where rule `r` is written and what it does.
    pub(super) fn rule_text(&self, r: RuleId) -> String {
        let rule = &self.grammar.rules[r.0 as usize];
        if self.entry.is_some_and(|e| e.fallback == r) {
            return format!("entry fallback ({}:{}): lexed again by next_token", self.source, rule.span.line);
        }
        let pattern = match rule.pattern {
            Pattern::EndOfInput => "$ => ",
            Pattern::Default => "* => ",
            Pattern::Regex(_) => "",
        };
        let action = match &rule.action {
            Action::Token(kind) => kind.name.as_str(),
            Action::Skip => "skip",
            Action::Error => "error",
        };
        let cond = |c: crate::grammar::ConditionId| &self.grammar.conditions[c.0 as usize].name;
        let next = match rule.next {
            None => String::new(),
            Some(Transition::Goto(c)) => format!(" -> {}", cond(c)),
            Some(Transition::Push(c)) => format!(" -> push({})", cond(c)),
            Some(Transition::Pop) => " -> pop".to_string(),
        };
        let callback = match &rule.callback {
            None => String::new(),
            Some(Callback::Function(code) | Callback::Inline(code)) => {
                // One line, and short: it is a comment.
                let text = code.text.split_whitespace().collect::<Vec<_>>().join(" ");
                let text = if text.chars().count() > 48 {
                    format!("{}...", text.chars().take(45).collect::<String>())
                } else {
                    text
                };
                format!("({text})")
            }
            Some(Callback::Message(m)) => format!("('{m}')"),
        };
        // A note holds no quote, backslash or line break.
        let callback = callback.replace('"', "'").replace('\\', "/").replace(['\n', '\r'], " ");
        let action = format!("{action}{callback}");
        format!("rule {} ({}:{}): {pattern}{action}{next}", r.0, self.source, rule.span.line)
    }

    /// The note above rule `r`'s action.
    pub(super) fn rule_note(&self, r: RuleId) -> TokenStream {
        note(&self.rule_text(r))
    }

    /// What an outcome means, in words.
    fn outcome_text(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Rule(r) => self.rule_text(r),
            Outcome::Fail(None) => "no rule matches".to_string(),
            Outcome::Fail(Some(r)) => format!("no rule matches, in the middle of {}", self.rule_text(r)),
        }
    }

    /// The outcome that a constant's name stands for (see [`Outcome::name`]), for a
    /// rule of this grammar.
    fn outcome_named(&self, name: &str) -> Option<Outcome> {
        let rule = |n: &str| n.parse::<u32>().ok().filter(|&r| (r as usize) < self.grammar.rules.len()).map(RuleId);
        if name == "FAIL" {
            Some(Outcome::Fail(None))
        } else if let Some(n) = name.strip_prefix("FAIL_IN_RULE_") {
            rule(n).map(|r| Outcome::Fail(Some(r)))
        } else {
            name.strip_prefix("RULE_").and_then(rule).map(Outcome::Rule)
        }
    }

    /// The outcomes a condition's `code` names, by code: each gets its constant (one
    /// that is not named is not emitted: it would be dead code).
    pub(super) fn named_outcomes(&self, code: &TokenStream) -> Vec<Outcome> {
        let mut out = Vec::new();
        walk_paths(self, code.clone(), &mut out);
        out.sort_by_key(|o| o.code());
        out
    }

    /// `const RULE_13: u32 = 13;`, its rule's place as its doc, for each of `outcomes`.
    pub(super) fn outcome_constants(&self, outcomes: &[Outcome]) -> TokenStream {
        let consts = outcomes.iter().map(|&o| {
            let (name, value) = (o.name(), Literal::u32_unsuffixed(o.code()));
            let doc = format!(" {}", self.outcome_text(o));
            quote! {
                #[doc = #doc]
                const #name: u32 = #value;
            }
        });
        quote!(#(#consts)*)
    }

    /// The note at the start of state `id`'s code, and the trace of entering it.
    pub(super) fn state_note(&self, id: StateId) -> TokenStream {
        let note = note_stmt(&format!("state {}", id.0));
        let trace = self.config.trace.then(|| {
            let n = Literal::u32_unsuffixed(id.0);
            self.trace_state(quote!(#n))
        });
        quote!(#note #trace)
    }

    /// Trace mode: `trace_state(state, byte, at)`, the state entered at `p`.
    pub(super) fn trace_state(&self, state: TokenStream) -> TokenStream {
        let at = self.absolute(quote!(p));
        quote!(trace_state(#state, input.get(p), #at);)
    }

    /// The trace mode's helper for a condition (nothing without [`crate::Config::trace`]):
    /// `trace_state`, which prints a state entered.
    pub(super) fn trace_helpers(&self, a: &Automaton) -> TokenStream {
        if !self.config.trace {
            return TokenStream::new();
        }
        let who = format!("{} {}", self.grammar.name.name, self.grammar.conditions[a.condition.0 as usize].name);
        let entered = format!("{who}: state {{}} at {{}}, byte '{{}}'");
        let ended = format!("{who}: state {{}} at {{}}, end of the buffer");
        quote! {
            /// Trace mode: state `state` is entered at offset `at`, where `byte` is.
            #[inline(never)]
            fn trace_state(state: u32, byte: ::core::option::Option<&u8>, at: usize) {
                match byte {
                    ::core::option::Option::Some(&b) => {
                        ::std::eprintln!(#entered, state, at, ::core::ascii::escape_default(b))
                    }
                    ::core::option::Option::None => ::std::eprintln!(#ended, state, at),
                }
            }
        }
    }

    /// Trace mode: the line that says which outcome the token from `start` ended with
    /// at `end` (nothing without [`crate::Config::trace`]).
    pub(super) fn trace_outcome(&self, a: &Automaton, outcomes: &[Outcome]) -> TokenStream {
        if !self.config.trace {
            return TokenStream::new();
        }
        let who = format!("{} {}", self.grammar.name.name, self.grammar.conditions[a.condition.0 as usize].name);
        let arms = outcomes.iter().map(|&o| {
            let (name, text) = (o.name(), self.outcome_text(o));
            quote!(#name => #text,)
        });
        let line = format!("{who}: {{}}, {{}}..{{}}");
        let (start, end) = (self.absolute(quote!(start)), self.absolute(quote!(end)));
        quote! {
            ::std::eprintln!(#line, match code { #(#arms)* _ => "?" }, #start, #end);
        }
    }

    /// A position of the generated code as the caller sees it (absolute, streaming).
    fn absolute(&self, pos: TokenStream) -> TokenStream {
        if self.stream {
            quote!(base + #pos)
        } else {
            pos
        }
    }
}

/// The outcomes named in `tokens`, but not as the last segment of a path.
fn walk_paths(ctx: &Ctx, tokens: TokenStream, out: &mut Vec<Outcome>) {
    let mut colons = 0;
    for t in tokens {
        match &t {
            TokenTree::Group(g) => walk_paths(ctx, g.stream(), out),
            TokenTree::Ident(i) if colons < 2 => {
                if let Some(o) = ctx.outcome_named(&i.to_string()) {
                    if !out.iter().any(|x| x.code() == o.code()) {
                        out.push(o);
                    }
                }
            }
            _ => {}
        }
        colons = match &t {
            TokenTree::Punct(p) if p.as_char() == ':' => colons + 1,
            _ => 0,
        };
    }
}
