//! Every `unsafe` block of the generated code, with the reason it is sound.
//!
//! Token streams cannot carry comments, so [`unsafe_let`], the one function that emits
//! `unsafe`, puts the reason on the statement as an attribute that expands to nothing:
//! `#[cfg_attr(any(), json_lexgen_safety = "reason")]`. The macro's expansion keeps it
//! (it is inert, and shows the reason to whoever reads the expansion); the formatted
//! file ([`crate::Generated::to_file_string`]) has it turned into a `// SAFETY: reason`
//! line right above the statement by [`format_file`].

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;

/// The marker's attribute name; nothing else in generated code uses it.
const MARKER: &str = "json_lexgen_safety";

/// `let #binding = unsafe { #body };`, marked with `reason` (a sentence, without `"`
/// or `\`, that says why the block is sound).
pub(super) fn unsafe_let(reason: &str, binding: TokenStream, body: TokenStream) -> TokenStream {
    debug_assert!(!reason.contains(['"', '\\', '\n']), "a SAFETY reason is printed verbatim: {reason}");
    let marker = proc_macro2::Ident::new(MARKER, proc_macro2::Span::call_site());
    quote! {
        #[cfg_attr(any(), #marker = #reason)]
        let #binding = unsafe { #body };
    }
}

/// The generated items as a formatted file, with each marker turned into a
/// `// SAFETY:` line directly above its statement, indented as the statement is.
///
/// The marker becomes a doc attribute first (at the token level, before formatting):
/// prettyplease prints a doc attribute on one line of its own, which the lines pass
/// then rewrites, whereas it may break the `cfg_attr` over several lines.
pub(crate) fn format_file(tokens: &TokenStream) -> syn::Result<String> {
    let file: syn::File = syn::parse2(markers_to_docs(tokens.clone()))?;
    let code = prettyplease::unparse(&file);
    let doc = format!("/// {MARKER}: ");
    let mut out = String::with_capacity(code.len() + 1024);
    for line in code.lines() {
        let text = line.trim_start();
        match text.strip_prefix(&doc) {
            Some(reason) => {
                out.push_str(&line[..line.len() - text.len()]);
                out.push_str("// SAFETY: ");
                out.push_str(reason);
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    Ok(out)
}

/// `#[cfg_attr(any(), json_lexgen_safety = "r")]` → `#[doc = " json_lexgen_safety: r"]`,
/// everywhere in `tokens`.
fn markers_to_docs(tokens: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut trees = tokens.into_iter().peekable();
    while let Some(tree) = trees.next() {
        match tree {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                let reason = match trees.peek() {
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => marker_reason(g.stream()),
                    _ => None,
                };
                match reason {
                    Some(reason) => {
                        trees.next();
                        let doc = format!(" {MARKER}: {reason}");
                        out.extend(quote!(#[doc = #doc]));
                    }
                    None => out.push(TokenTree::Punct(p)),
                }
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), markers_to_docs(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// The reason of a marker's attribute body `cfg_attr(any(), json_lexgen_safety = "r")`.
fn marker_reason(attr: TokenStream) -> Option<String> {
    let meta: syn::Meta = syn::parse2(attr).ok()?;
    let list = match meta {
        syn::Meta::List(list) if list.path.is_ident("cfg_attr") => list,
        _ => return None,
    };
    let args = list.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated).ok()?;
    match args.iter().nth(1)? {
        syn::Meta::NameValue(nv) if nv.path.is_ident(MARKER) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(reason), .. }) => Some(reason.value()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formatted(block: TokenStream) -> String {
        format_file(&quote!(fn f(input: &[u8], p: usize) { #block })).unwrap()
    }

    #[test]
    fn the_reason_is_a_comment_directly_above_its_statement() {
        let code =
            formatted(unsafe_let("`p < input.len()` was checked above.", quote!(b), quote!(*input.get_unchecked(p))));
        assert_eq!(
            code,
            "fn f(input: &[u8], p: usize) {\n    // SAFETY: `p < input.len()` was checked above.\n    let b = unsafe { *input.get_unchecked(p) };\n}\n"
        );
    }

    #[test]
    fn a_long_statement_keeps_its_comment() {
        let long =
            "a reason long enough that the attribute and the statement cannot share one line of the formatted file";
        let code =
            formatted(unsafe_let(long, quote!(chunk: &[u8; 8]), quote!(&*(input.as_ptr().add(p) as *const [u8; 8]))));
        let lines: Vec<&str> = code.lines().collect();
        let at = lines.iter().position(|l| l.contains("SAFETY")).unwrap();
        assert_eq!(lines[at], format!("    // SAFETY: {long}"));
        assert!(lines[at + 1].trim_start().starts_with("let chunk"), "{code}");
        assert!(!code.contains("cfg_attr"), "{code}");
    }

    #[test]
    fn the_marker_expands_to_nothing() {
        // The macro's expansion keeps the marker: it must be an inert attribute on a
        // statement, which `syn` (like rustc) accepts.
        let tokens = unsafe_let("reason", quote!(b), quote!(0));
        let stmt: syn::Stmt = syn::parse2(tokens).unwrap();
        let syn::Stmt::Local(local) = stmt else { panic!("a let statement") };
        assert_eq!(local.attrs.len(), 1);
        assert!(local.attrs[0].path().is_ident("cfg_attr"));
    }
}
