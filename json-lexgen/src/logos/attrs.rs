//! logos's attributes, read with syn: `#[logos(...)]` on the enum, `#[token(...)]` and
//! `#[regex(...)]` on its variants. Every item keeps its span, so that each error points
//! at what the user wrote.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Fields, Ident, Lit, Token, Type};

/// An error at a place of the user's source.
pub(crate) type Errors = Vec<syn::Error>;

/// The enum and everything its attributes say.
pub(crate) struct Definition {
    pub name: Ident,
    pub generics: syn::Generics,
    pub extras: Option<Type>,
    pub error: Option<Type>,
    pub error_callback: Option<Expr>,
    pub crate_path: Option<syn::Path>,
    pub utf8: bool,
    /// `#[logos(unsafe = false)]`: the code has no `unsafe` block (bounds-checked reads).
    pub unsafe_code: bool,
    /// `#[logos(stream)]`: also the streaming step (`StreamLogos`, `Token::stream_lexer`).
    pub stream: bool,
    pub subpatterns: Vec<(Ident, PatternLit)>,
    /// `type T = Type`: the concrete type of each type parameter.
    pub type_params: Vec<(Ident, Type)>,
    /// Patterns in source order: the enum's skips first, then each variant's.
    pub patterns: Vec<PatternDef>,
}

/// A pattern's literal: `"text"` or `b"bytes"`.
#[derive(Clone)]
pub(crate) struct PatternLit {
    pub bytes: Vec<u8>,
    /// Written as a byte string.
    pub is_bytes: bool,
    /// The literal as written (for messages).
    pub source: String,
    pub span: Span,
}

/// What a pattern produces.
#[derive(Clone)]
pub(crate) enum Target {
    /// A variant of the enum, with its field's type (`None`: a unit variant).
    Variant { name: Ident, field: Option<Box<Type>> },
    /// `#[logos(skip ...)]`.
    Skip,
}

/// One `#[token]`, `#[regex]` or `#[logos(skip ...)]`.
#[derive(Clone)]
pub(crate) struct PatternDef {
    pub target: Target,
    /// `#[token]` (a literal) rather than a regex.
    pub is_token: bool,
    pub lit: PatternLit,
    pub callback: Option<Expr>,
    pub priority: Option<(usize, Span)>,
    pub ignore_case: bool,
    pub allow_greedy: bool,
}

impl PatternDef {
    /// `#[regex("...")] ::Variant`, as logos's messages name a pattern.
    pub fn describe(&self) -> String {
        let attr = match (&self.target, self.is_token) {
            (Target::Skip, _) => "logos(skip",
            (_, true) => "token(",
            (_, false) => "regex(",
        };
        let close = ")";
        let sep = if matches!(self.target, Target::Skip) { " " } else { "" };
        let variant = match &self.target {
            Target::Variant { name, .. } => format!(" ::{name}"),
            Target::Skip => String::new(),
        };
        format!("#[{attr}{sep}{}{close}]{variant}", self.lit.source)
    }
}

/// Reads the derive's input; every error found, not just the first.
pub(crate) fn parse(input: TokenStream) -> Result<Definition, Errors> {
    let item: syn::DeriveInput = syn::parse2(input).map_err(|e| vec![e])?;
    let mut errors = Errors::new();
    let syn::Data::Enum(data) = &item.data else {
        return Err(vec![syn::Error::new(item.ident.span(), "#[derive(Logos)] works on an enum of tokens")]);
    };
    let mut def = Definition {
        name: item.ident.clone(),
        generics: item.generics.clone(),
        extras: None,
        error: None,
        error_callback: None,
        crate_path: None,
        utf8: true,
        unsafe_code: true,
        stream: false,
        subpatterns: Vec::new(),
        type_params: Vec::new(),
        patterns: Vec::new(),
    };
    let mut export_dir: Option<Span> = None;
    for attr in item.attrs.iter().filter(|a| a.path().is_ident("logos")) {
        let result = attr.parse_args_with(|input: ParseStream| {
            while !input.is_empty() {
                enum_item(input, &mut def, &mut export_dir)?;
                if input.is_empty() {
                    break;
                }
                input.parse::<Token![,]>()?;
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    for variant in &data.variants {
        let field = match &variant.fields {
            Fields::Unit => None,
            Fields::Unnamed(f) if f.unnamed.len() == 1 => Some(Box::new(f.unnamed[0].ty.clone())),
            other => {
                if variant.attrs.iter().any(is_pattern_attr) {
                    errors.push(syn::Error::new(
                        other.span(),
                        "a token variant has no field or one unnamed field (its value): `Number(u64)`",
                    ));
                }
                continue;
            }
        };
        for attr in variant.attrs.iter().filter(|a| is_pattern_attr(a)) {
            let is_token = attr.path().is_ident("token");
            let target = Target::Variant { name: variant.ident.clone(), field: field.clone() };
            match attr.parse_args_with(|input: ParseStream| pattern_args(input, target, is_token)) {
                Ok(p) => def.patterns.push(p),
                Err(e) => errors.push(e),
            }
        }
    }
    // The skips come first in `patterns`, as they were read; keep them there.
    if errors.is_empty() {
        Ok(def)
    } else {
        Err(errors)
    }
}

fn is_pattern_attr(a: &Attribute) -> bool {
    a.path().is_ident("token") || a.path().is_ident("regex")
}

/// One item of `#[logos(...)]`.
fn enum_item(input: ParseStream, def: &mut Definition, export_dir: &mut Option<Span>) -> syn::Result<()> {
    // `crate` is a keyword: read any identifier, keywords included.
    let key: Ident = input.call(syn::ext::IdentExt::parse_any)?;
    match key.to_string().as_str() {
        "type" => {
            let name: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let ty: Type = input.parse()?;
            if !def.generics.type_params().any(|p| p.ident == name) {
                return Err(syn::Error::new(name.span(), format!("{name} is not a declared type parameter")));
            }
            if def.type_params.iter().any(|(n, _)| *n == name) {
                return Err(syn::Error::new(name.span(), format!("{name} can only have one type assigned to it")));
            }
            def.type_params.push((name, ty));
        }
        "skip" => {
            let p = if input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in input);
                pattern_args(&content, Target::Skip, false)?
            } else {
                let lit = pattern_lit(input)?;
                PatternDef {
                    target: Target::Skip,
                    is_token: false,
                    lit,
                    callback: None,
                    priority: None,
                    ignore_case: false,
                    allow_greedy: false,
                }
            };
            def.patterns.push(p);
        }
        "extras" => {
            input.parse::<Token![=]>()?;
            def.extras = Some(input.parse()?);
        }
        "error" => {
            if input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in input);
                def.error = Some(content.parse()?);
                if content.parse::<Option<Token![,]>>()?.is_some() && !content.is_empty() {
                    if content.peek(Ident) && content.peek2(Token![=]) {
                        let name: Ident = content.parse()?;
                        if name != "callback" {
                            return Err(syn::Error::new(name.span(), "expected `callback = ...`"));
                        }
                        content.parse::<Token![=]>()?;
                    }
                    def.error_callback = Some(content.parse()?);
                    content.parse::<Option<Token![,]>>()?;
                }
                if !content.is_empty() {
                    return Err(content.error("unexpected input after the error's callback"));
                }
            } else {
                input.parse::<Token![=]>()?;
                def.error = Some(input.parse()?);
            }
        }
        "crate" => {
            input.parse::<Token![=]>()?;
            def.crate_path = Some(input.call(syn::Path::parse_mod_style)?);
        }
        "utf8" => {
            input.parse::<Token![=]>()?;
            def.utf8 = input.parse::<syn::LitBool>()?.value;
        }
        "stream" => {
            def.stream = match input.parse::<Option<Token![=]>>()? {
                Some(_) => input.parse::<syn::LitBool>()?.value,
                None => true,
            };
        }
        "unsafe" => {
            input.parse::<Token![=]>()?;
            def.unsafe_code = input.parse::<syn::LitBool>()?.value;
        }
        "subpattern" => {
            let name: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            def.subpatterns.push((name, pattern_lit(input)?));
        }
        "export_dir" => {
            input.parse::<Token![=]>()?;
            let lit: syn::LitStr = input.parse()?;
            if let Some(first) = *export_dir {
                let mut e = syn::Error::new(lit.span(), "Export path can be defined only once");
                e.combine(syn::Error::new(first, "Previous definition here"));
                return Err(e);
            }
            // The graph export of logos's debug feature: accepted, nothing is written
            // (`json-lexgen --dot` draws a grammar's automata).
            *export_dir = Some(lit.span());
        }
        "source" => {
            return Err(syn::Error::new(
                key.span(),
                "jsonlex-logos lexes `str` or, with `utf8 = false`, `[u8]`: custom sources are not supported",
            ))
        }
        other => {
            return Err(syn::Error::new(
                key.span(),
                format!(
                "unknown logos option `{other}`: expected skip, extras, error, subpattern, type, utf8, stream, unsafe, crate or export_dir"
            ),
            ))
        }
    }
    Ok(())
}

fn pattern_lit(input: ParseStream) -> syn::Result<PatternLit> {
    let lit: Lit = input.parse()?;
    let source = lit.to_token_stream().to_string();
    match &lit {
        Lit::Str(s) => Ok(PatternLit { bytes: s.value().into_bytes(), is_bytes: false, source, span: s.span() }),
        Lit::ByteStr(b) => Ok(PatternLit { bytes: b.value(), is_bytes: true, source, span: b.span() }),
        _ => Err(syn::Error::new(lit.span(), "expected a string literal, \"...\" or b\"...\"")),
    }
}

/// `"lit", callback, priority = N, ignore(case), allow_greedy = true, callback = ...`.
fn pattern_args(input: ParseStream, target: Target, is_token: bool) -> syn::Result<PatternDef> {
    let lit = pattern_lit(input)?;
    let mut p =
        PatternDef { target, is_token, lit, callback: None, priority: None, ignore_case: false, allow_greedy: false };
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![==]) {
            let name: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            match name.to_string().as_str() {
                "priority" => {
                    let n: syn::LitInt = input.parse()?;
                    p.priority = Some((n.base10_parse()?, n.span()));
                }
                "callback" => p.callback = Some(input.parse()?),
                "allow_greedy" => p.allow_greedy = input.parse::<syn::LitBool>()?.value,
                other => {
                    return Err(syn::Error::new(
                        name.span(),
                        format!("unknown option `{other}`: expected priority, callback or allow_greedy"),
                    ))
                }
            }
        } else if input.peek(Ident) && input.peek2(syn::token::Paren) && input.fork().parse::<Ident>()? == "ignore" {
            input.parse::<Ident>()?;
            let content;
            syn::parenthesized!(content in input);
            let flag: Ident = content.parse()?;
            match flag.to_string().as_str() {
                "case" => p.ignore_case = true,
                // As logos 0.16.
                "ascii_case" => {
                    return Err(syn::Error::new(flag.span(), "The flag \"ascii_case\" is no longer supported"))
                }
                other => {
                    return Err(syn::Error::new(flag.span(), format!("unknown flag `{other}`: expected ignore(case)")))
                }
            }
        } else {
            p.callback = Some(input.parse()?);
        }
    }
    Ok(p)
}
