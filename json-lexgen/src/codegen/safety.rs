//! Every `unsafe` block of the generated code, with the reason it is sound, and the
//! other comments the generated code carries (rule and state notes, see
//! [`super::notes`]).
//!
//! Token streams cannot carry comments, so [`unsafe_let`], the one function that emits
//! `unsafe`, puts the reason on the statement as an attribute that expands to nothing:
//! `#[cfg_attr(any(), json_lexgen_safety = "reason")]`. The macro's expansion keeps it
//! (it is inert, and shows the reason to whoever reads the expansion); the formatted
//! file ([`crate::Generated::to_file_string`]) has it turned into a `// SAFETY: reason`
//! line right above the statement by [`format_file`]. A [`note`] is the same with
//! `json_lexgen_note`, and becomes a plain `// text` line.

use proc_macro2::TokenStream;
use quote::quote;

/// The marker's attribute name; nothing else in generated code uses it.
const MARKER: &str = "json_lexgen_safety";

/// The note marker's attribute name.
const NOTE: &str = "json_lexgen_note";

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

/// `#[cfg_attr(any(), json_lexgen_note = "text")]`: a `// text` line in the formatted
/// file above what it is put on (a match arm, an item, a statement that takes
/// attributes: not an assignment). `text` has no `"`, `\` or line break.
pub(super) fn note(text: &str) -> TokenStream {
    debug_assert!(!text.contains(['"', '\\', '\n']), "a note is printed verbatim: {text}");
    let marker = proc_macro2::Ident::new(NOTE, proc_macro2::Span::call_site());
    quote!(#[cfg_attr(any(), #marker = #text)])
}

/// A [`note`] as a statement of its own, on an empty block (which the formatted file
/// drops with the marker): where the next statement takes no attribute.
pub(super) fn note_stmt(text: &str) -> TokenStream {
    let note = note(text);
    quote!(#note {})
}

/// The generated items as a formatted file, with each marker turned into a
/// `// SAFETY:` line (or a note's `//` line) directly above its statement, indented as
/// the statement is.
///
/// prettyplease prints a marker on a line of its own above the statement, or over
/// several lines (`#[cfg_attr(`, `any(),`, the reason, `)]`) when it is long; both
/// forms are replaced. Anything else is kept as it is.
pub(crate) fn format_file(tokens: &TokenStream) -> syn::Result<String> {
    let file: syn::File = syn::parse2(tokens.clone())?;
    let code = prettyplease::unparse(&file);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let text = line.trim_start();
        if text.starts_with("#[cfg_attr(") {
            // The attribute's lines, up to the one that closes it.
            // A note statement's empty block follows its attribute on the same line.
            let closes = |l: &str| l.trim_end().ends_with(")]") || l.trim_end().ends_with(")] {}");
            let last = (i..lines.len().min(i + 4)).find(|&k| closes(lines[k]));
            if let Some(last) = last {
                let joined: Vec<&str> = lines[i..=last].iter().map(|l| l.trim()).collect();
                let joined = joined.join(" ");
                let joined = joined.strip_suffix(" {}").unwrap_or(&joined);
                let comment = match marker_text(joined, MARKER) {
                    Some(reason) => Some(format!("// SAFETY: {reason}")),
                    None => marker_text(joined, NOTE).map(|text| format!("// {text}")),
                };
                if let Some(comment) = comment {
                    out.push_str(&line[..line.len() - text.len()]);
                    out.push_str(&comment);
                    out.push('\n');
                    i = last + 1;
                    continue;
                }
            }
        }
        out.push_str(line);
        out.push('\n');
        i += 1;
    }
    Ok(out)
}

/// The text in a marker `name` as prettyplease prints it, its lines joined by spaces:
/// `#[cfg_attr(any(), json_lexgen_safety = "r")]` or
/// `#[cfg_attr( any(), json_lexgen_safety = "r" )]`.
fn marker_text<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let rest = text.strip_prefix("#[cfg_attr(")?.trim_start().strip_prefix("any(),")?.trim_start();
    let rest = rest.strip_prefix(name)?.trim_start().strip_prefix('=')?.trim_start().strip_prefix('"')?;
    let (reason, tail) = rest.rsplit_once('"')?;
    (tail.trim() == ")]" && !reason.contains(['"', '\\'])).then_some(reason)
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

    #[test]
    fn notes_are_comments_above_arms_and_statements() {
        let note = note("rule 1 (a.lex:2): A");
        let state = note_stmt("state 3");
        let code = formatted(quote! {
            #state
            match p {
                #note
                1 => {}
                _ => {}
            }
        });
        assert_eq!(
            code,
            "fn f(input: &[u8], p: usize) {\n    // state 3\n    match p {\n        // rule 1 (a.lex:2): A\n        1 => {}\n        _ => {}\n    }\n}\n"
        );
    }

    #[test]
    fn other_attributes_are_left_alone() {
        let code = format_file(&quote! {
            #[cfg_attr(all(), json_lexgen_safety = "not ours")]
            #[inline]
            fn f() {}
        })
        .unwrap();
        assert!(code.contains("#[cfg_attr(all(), json_lexgen_safety = \"not ours\")]"), "{code}");
        assert!(!code.contains("SAFETY"), "{code}");
    }
}
