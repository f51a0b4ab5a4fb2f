//! The logos front-end: `#[derive(Logos)]` on a token enum, read with logos 0.16's
//! meaning and compiled by the same pipeline as a `.lex` grammar.
//!
//! * `attrs`: the attributes (syn), with the span of each pattern;
//! * `regex`: each pattern as a regex-syntax `Hir`, logos's checks (empty, greedy
//!   `.*`, UTF-8) and its computed priority;
//! * here: logos's tie rule (longest match, then the higher priority; two patterns of
//!   one priority that match one same input are a compile error naming both), and the
//!   grammar IR: rules in priority order, so that the generator's own tie rule (the
//!   earlier rule wins) is logos's;
//! * `codegen::logos_host`: the code, against the `jsonlex-logos` facade's
//!   `Lexer<'s, Token>` (callbacks get it, as logos's do).

mod attrs;
mod regex;

use crate::grammar::{Action, Condition, ConditionId, Encoding, Grammar, HostCode, Named, OnError, Pattern, Rule};
use crate::span::Span;
use attrs::{Definition, Target};
use proc_macro2::TokenStream;
use quote::quote;
use std::fmt;

/// What the code generator needs of the enum beyond the grammar: the facade's path,
/// the enum's generics, types and each rule's callback and field.
#[derive(Clone)]
pub(crate) struct Host {
    pub krate: syn::Path,
    pub name: syn::Ident,
    pub generics: syn::Generics,
    /// The enum as a type (`Token<'s>`, its type parameters given) and in an
    /// expression (`Token::<'s>`).
    pub token_ty: TokenStream,
    pub token_expr: TokenStream,
    /// The source lifetime: the enum's first lifetime, else `'s` (added to the impls).
    pub lifetime: syn::Lifetime,
    pub extras: TokenStream,
    pub error: TokenStream,
    pub error_callback: Option<syn::Expr>,
    pub source: TokenStream,
    /// Per rule of the grammar (priority order): its callback and its variant's field.
    pub rules: Vec<HostRule>,
}

#[derive(Clone)]
pub(crate) struct HostRule {
    pub callback: Option<syn::Expr>,
    pub field: Option<syn::Type>,
}

impl fmt::Debug for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Host").field("name", &self.name.to_string()).finish_non_exhaustive()
    }
}

/// `#[derive(Logos)]`: the enum's `Logos` impl, or `compile_error!`s at the attributes.
/// The code names the `jsonlex-logos` facade as `::logos` unless `#[logos(crate = ...)]`
/// says otherwise; `json-lexgen-macros`' `Logos` derive is this function.
pub fn derive(input: TokenStream) -> TokenStream {
    derive_with(input, true)
}

/// [`derive`], with `unsafe_code: false` for code without `unsafe` blocks whatever the
/// enum says (json-lexgen-macros' `forbid_unsafe` feature, as logos's feature of that
/// name); with `true`, `#[logos(unsafe = false)]` asks for it per enum.
pub fn derive_with(input: TokenStream, unsafe_code: bool) -> TokenStream {
    match expand(input, unsafe_code) {
        Ok(tokens) => tokens,
        Err(errors) => errors.into_iter().map(|e| e.to_compile_error()).collect(),
    }
}

fn expand(input: TokenStream, unsafe_code: bool) -> Result<TokenStream, Vec<syn::Error>> {
    let def = attrs::parse(input)?;
    let subs = regex::subpatterns(&def).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let mut compiled = Vec::new();
    for p in &def.patterns {
        match regex::compile(&def, p, &subs) {
            Ok(c) => compiled.push(c),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    check_conflicts(&def, &compiled)?;

    // Priority order, stable: among equal priorities (which never match one same
    // input, checked above) the order does not matter.
    let mut order: Vec<usize> = (0..def.patterns.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(compiled[i].priority));
    let rules: Vec<Rule> = order
        .iter()
        .map(|&i| {
            let p = &def.patterns[i];
            let span = Span { start: 0, end: 0, line: i as u32 + 1, column: 1 };
            let action = match &p.target {
                Target::Variant { name, .. } => Action::Token(Named { name: name.to_string(), span }),
                Target::Skip => Action::Skip,
            };
            Rule {
                conditions: vec![ConditionId(0)],
                pattern: Pattern::Regex(compiled[i].hir.clone()),
                action,
                next: None,
                callback: None,
                trailing: None,
                span,
                pattern_span: span,
            }
        })
        .collect();
    let lifetime = def
        .generics
        .lifetimes()
        .next()
        .map_or_else(|| syn::Lifetime::new("'s", proc_macro2::Span::call_site()), |l| l.lifetime.clone());
    // `type T = Type`: the impls are for the enum with its type parameters given.
    let given: Vec<(syn::Ident, TokenStream)> =
        def.type_params.iter().map(|(name, ty)| (name.clone(), with_lifetime(quote!(#ty), &lifetime))).collect();
    for param in def.generics.type_params() {
        if !given.iter().any(|(n, _)| *n == param.ident) {
            return Err(vec![syn::Error::new(
                param.ident.span(),
                format!("give the type parameter a type: #[logos(type {} = ...)]", param.ident),
            )]);
        }
    }
    let host_rules = order
        .iter()
        .map(|&i| {
            let p = &def.patterns[i];
            let field = match &p.target {
                Target::Variant { field, .. } => field.clone(),
                Target::Skip => None,
            };
            let field = field.map(|ty| substitute(quote!(#ty), &given));
            HostRule { callback: p.callback.clone(), field }
        })
        .collect();
    let name = format!("__Logos{}", def.name);
    let error = def.error.as_ref().map_or_else(|| quote!(()), |t| quote!(#t));
    let grammar = Grammar {
        name: Named { name: name.clone(), span: Span::default() },
        token: Some(Named { name: def.name.to_string(), span: Span::default() }),
        encoding: if def.utf8 { Encoding::Utf8 } else { Encoding::Bytes },
        backend: None,
        conditions: vec![Condition { name: "INITIAL".to_string(), span: Span::default() }],
        rules,
        limits: Vec::new(),
        values: Vec::new(),
        extras: None,
        // A value lexer: the template and actions are the logos host's.
        error: Some(HostCode { text: error.to_string(), span: Span::default() }),
        on_error: OnError::Continue,
        entries: Vec::new(),
        promises: Vec::new(),
    };
    let krate = def.crate_path.clone().unwrap_or_else(|| syn::parse_quote!(::logos));
    let mut args: Vec<TokenStream> = Vec::new();
    if def.generics.lifetimes().next().is_some() {
        args.push(quote!(#lifetime));
    }
    for param in def.generics.type_params() {
        args.extend(given.iter().filter(|(n, _)| *n == param.ident).map(|(_, t)| t.clone()));
    }
    let enum_name = &def.name;
    let (token_ty, token_expr) = if args.is_empty() {
        (quote!(#enum_name), quote!(#enum_name))
    } else {
        (quote!(#enum_name<#(#args),*>), quote!(#enum_name::<#(#args),*>))
    };
    let host = Host {
        token_ty,
        token_expr,
        krate: krate.clone(),
        name: def.name.clone(),
        generics: def.generics.clone(),
        lifetime,
        extras: def.extras.as_ref().map_or_else(|| quote!(()), |t| quote!(#t)),
        error,
        error_callback: def.error_callback.clone(),
        source: if def.utf8 { quote!(str) } else { quote!([u8]) },
        rules: host_rules,
    };
    let config = crate::Config::new()
        .runtime_path_tokens(quote!(#krate::__runtime))
        .unsafe_code(unsafe_code && def.unsafe_code)
        .streaming(def.stream)
        .logos_host(host.clone());
    let generated =
        crate::Builder::new().configure(config).build_grammar(grammar, &format!("{}.rs", def.name)).map_err(|e| {
            e.diagnostics()
                .iter()
                .map(|d| {
                    let at = (d.span.line as usize).checked_sub(1).and_then(|i| def.patterns.get(i));
                    let span = at.map_or_else(proc_macro2::Span::call_site, |p| p.lit.span);
                    syn::Error::new(span, &d.message)
                })
                .collect::<Vec<_>>()
        })?;
    let introspection = automaton_impl(&host, &generated);
    let mut tokens = generated.tokens().clone();
    tokens.extend(introspection);
    Ok(tokens)
}

/// `impl Automaton for Token`: the sizes the generator reports for the enum. For an
/// enum with type parameters, the impl is for the types `type T = ...` gives, generic
/// over the source lifetime when one of them borrows it (`type S = &str`).
fn automaton_impl(host: &Host, generated: &crate::Generated) -> TokenStream {
    let (krate, tok, lt) = (&host.krate, &host.token_ty, &host.lifetime);
    let a = &generated.automata[0];
    let states = a.states.len();
    let transitions = a.transition_count();
    let hooks = generated.analyses[0].hooks.iter().map(|h| {
        let (state, bytes) = (h.state.index(), h.class.len());
        quote!((#state, #bytes))
    });
    let mut generics = host.generics.clone();
    generics.params = generics.params.into_iter().filter(|p| !matches!(p, syn::GenericParam::Type(_))).collect();
    // A lifetime the impl declares must appear in the type (E0207).
    let mentions_lifetime = tok.to_string().contains(&lt.to_string());
    if generics.lifetimes().next().is_none() && mentions_lifetime {
        generics.params.insert(0, syn::GenericParam::Lifetime(syn::LifetimeParam::new(lt.clone())));
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    quote! {
        impl #impl_generics #krate::Automaton for #tok #where_clause {
            const DFA_STATES: usize = #states;
            const TRANSITIONS: usize = #transitions;
            const HOOKS: &'static [(usize, usize)] = &[#(#hooks),*];
        }
    }
}

/// `ty` with each type parameter replaced by its given type.
fn substitute(ty: TokenStream, given: &[(syn::Ident, TokenStream)]) -> syn::Type {
    fn walk(tokens: TokenStream, given: &[(syn::Ident, TokenStream)]) -> TokenStream {
        tokens
            .into_iter()
            .flat_map(|t| match t {
                proc_macro2::TokenTree::Ident(i) => match given.iter().find(|(n, _)| *n == i) {
                    Some((_, ty)) => ty.clone(),
                    None => quote!(#i),
                },
                proc_macro2::TokenTree::Group(g) => {
                    let mut group = proc_macro2::Group::new(g.delimiter(), walk(g.stream(), given));
                    group.set_span(g.span());
                    quote!(#group)
                }
                other => quote!(#other),
            })
            .collect()
    }
    let out = walk(ty, given);
    syn::parse2(out.clone()).unwrap_or_else(|_| syn::parse_quote!(#out))
}

/// `ty` with the source lifetime in each `&` that has none (`type S = &str`).
fn with_lifetime(ty: TokenStream, lifetime: &syn::Lifetime) -> TokenStream {
    let tokens: Vec<proc_macro2::TokenTree> = ty.into_iter().collect();
    let mut out = TokenStream::new();
    for (i, t) in tokens.iter().enumerate() {
        match t {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '&' => {
                out.extend(quote!(#p));
                let next_is_lifetime =
                    matches!(tokens.get(i + 1), Some(proc_macro2::TokenTree::Punct(n)) if n.as_char() == '\'');
                if !next_is_lifetime {
                    out.extend(quote!(#lifetime));
                }
            }
            proc_macro2::TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), with_lifetime(g.stream(), lifetime));
                group.set_span(g.span());
                out.extend(quote!(#group));
            }
            other => out.extend(quote!(#other)),
        }
    }
    out
}

/// logos's tie rule: of the patterns that match one same input, one must have a higher
/// priority than the others; an error at each pattern of a tie, naming the others.
fn check_conflicts(def: &Definition, compiled: &[regex::Compiled]) -> Result<(), Vec<syn::Error>> {
    let hirs: Vec<&regex_syntax::hir::Hir> = compiled.iter().map(|c| &c.hir).collect();
    let sets = crate::automaton::simultaneous_matches(&hirs, &crate::automaton::Limits::default())
        .map_err(|e| vec![syn::Error::new(proc_macro2::Span::call_site(), e)])?;
    let mut errors = Vec::new();
    let mut reported: Vec<Vec<usize>> = Vec::new();
    for set in sets {
        let top = set.iter().map(|&i| compiled[i].priority).max().unwrap_or(0);
        let tied: Vec<usize> = set.into_iter().filter(|&i| compiled[i].priority == top).collect();
        if tied.len() < 2 || reported.contains(&tied) {
            continue;
        }
        for &i in &tied {
            let others: Vec<String> = tied.iter().filter(|&&j| j != i).map(|&j| def.patterns[j].describe()).collect();
            errors.push(syn::Error::new(
                def.patterns[i].lit.span,
                format!(
                    "The pattern {} can match simultaneously with the following variants:\n  {}\n\n(all at the priority {top})",
                    def.patterns[i].describe(),
                    others.join("\n  ")
                ),
            ));
        }
        reported.push(tied);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    fn has_unsafe(code: &proc_macro2::TokenStream) -> bool {
        code.clone().into_iter().any(|t| match t {
            proc_macro2::TokenTree::Ident(i) => i == "unsafe",
            proc_macro2::TokenTree::Group(g) => has_unsafe(&g.stream()),
            _ => false,
        })
    }

    #[test]
    fn unsafe_false_emits_no_unsafe_block() {
        let with = |attr: proc_macro2::TokenStream, unsafe_code: bool| {
            super::derive_with(
                quote! {
                    #attr
                    #[logos(skip " +")]
                    enum Token<'s> {
                        #[regex("[a-z]+")]
                        Word(&'s str),
                        #[regex(r#""[^"]*""#)]
                        Str,
                    }
                },
                unsafe_code,
            )
        };
        let default = with(quote!(), true);
        assert!(!default.to_string().contains("compile_error"), "{default}");
        assert!(has_unsafe(&default), "the default reads unchecked");
        assert!(!has_unsafe(&with(quote!(#[logos(unsafe = false)]), true)));
        // The `forbid_unsafe` feature: whatever the enum says.
        assert!(!has_unsafe(&with(quote!(#[logos(unsafe = true)]), false)));
    }
}
