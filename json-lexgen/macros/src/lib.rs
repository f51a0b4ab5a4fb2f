//! `json_lexer!`: compile a token grammar into a lexer at build time.
//!
//! A thin shell over [`json_lexgen::Builder`]:
//!
//! ```
//! use json_lexgen_macros::json_lexer;
//!
//! // A grammar file, relative to the calling crate's CARGO_MANIFEST_DIR (else to the
//! // file the literal is in); editing it rebuilds the crate.
//! mod from_file {
//!     json_lexgen_macros::json_lexer!(file = "tests/ui/pass/words.lex");
//! }
//!
//! // An inline grammar.
//! json_lexer!(r#"
//!     %name Words;
//!     [a-z]+ => Word;
//!     " "+   => skip;
//!     *      => error;
//! "#);
//!
//! // Options after the grammar: no `unsafe` in the generated code, no SIMD skip hooks,
//! // a streaming lexer `LexerStream` beside `Lexer` (see `json_runtime::lex::StreamLexer`),
//! // and the path to the runtime crate (default `::json_runtime`). `trace` (not used
//! // here) prints each state entered and each rule chosen to standard error
//! // (`json_lexgen::Config::trace`).
//! mod options {
//!     json_lexgen_macros::json_lexer!(
//!         r#"[a-z]+ => Word; * => error;"#,
//!         no_unsafe,
//!         no_simd,
//!         streaming,
//!         runtime = "::json_runtime"
//!     );
//! }
//!
//! let words: Vec<_> = Words::new(b"hello world").map(|t| t.unwrap().kind).collect();
//! assert_eq!(words, [WordsToken::Word, WordsToken::Word]);
//! let file: Vec<_> = from_file::Words::new(b"abc 42").map(|t| t.unwrap().kind).collect();
//! assert_eq!(file, [from_file::WordsToken::Word, from_file::WordsToken::Number]);
//! assert!(options::Lexer::new(b"a!").nth(1).unwrap().is_err());
//! // The streaming lexer asks for more where a word may go on.
//! use json_runtime::lex::Step;
//! let mut stream = options::LexerStream::new();
//! assert_eq!(stream.next_token(b"ab", 0, false), Step::NeedMore);
//! let word = json_runtime::Token { kind: options::LexerToken::Word, start: 0, end: 3 };
//! assert_eq!(stream.next_token(b"abc!", 0, false), Step::Token(word));
//! ```
//!
//! Used directly, the generated code reaches the runtime as `::json_runtime`, so the
//! calling crate depends on `json-runtime`. `jsonlex::json_lexer!` is a `macro_rules!`
//! wrapper that passes `$crate::runtime` instead (as a hidden first argument,
//! `@runtime = PATH;`), so a crate that depends on `jsonlex` alone needs nothing else; a
//! `runtime = "..."` option still wins over it.
//!
//! Grammar errors become `compile_error!`s naming the grammar's line and column;
//! warnings become deprecation warnings (the only warning a stable proc macro can raise).

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token};

/// logos 0.16's derive on json-lexgen's generator: `Logos` for a token enum with
/// `#[token]`, `#[regex]` and `#[logos(...)]` attributes. Use it through the
/// `jsonlex-logos` crate, which holds the `Logos` trait and `Lexer` the code implements
/// and calls. With the `forbid_unsafe` feature (jsonlex-logos's of that name, as
/// logos's) no derived code has an `unsafe` block; `#[logos(unsafe = false)]` asks
/// for that per enum.
#[proc_macro_derive(Logos, attributes(logos, token, regex))]
pub fn derive_logos(input: TokenStream) -> TokenStream {
    json_lexgen::logos::derive_with(input.into(), !cfg!(feature = "forbid_unsafe")).into()
}

/// Compile a grammar (a file or inline text) into a lexer. See the crate docs.
#[proc_macro]
pub fn json_lexer(input: TokenStream) -> TokenStream {
    match syn::parse::<Invocation>(input) {
        Ok(invocation) => invocation.expand().into(),
        Err(e) => e.to_compile_error().into(),
    }
}

enum Source {
    File(LitStr),
    Inline(LitStr),
}

struct Invocation {
    source: Source,
    config: json_lexgen::Config,
}

impl Parse for Invocation {
    fn parse(input: ParseStream) -> syn::Result<Invocation> {
        let mut config = json_lexgen::Config::new();
        // `@runtime = PATH;` from a wrapper such as `jsonlex::json_lexer!`: tokens, since
        // the path may start with `$crate`, which no string can spell.
        if input.peek(Token![@]) {
            input.parse::<Token![@]>()?;
            let key: Ident = input.parse()?;
            if key != "runtime" {
                return Err(syn::Error::new(key.span(), "expected `@runtime = PATH;`"));
            }
            input.parse::<Token![=]>()?;
            let path = syn::Path::parse_mod_style(input)?;
            input.parse::<Token![;]>()?;
            config = config.runtime_path_tokens(quote!(#path));
        }
        let source = if input.peek(Ident) {
            let key: Ident = input.parse()?;
            if key != "file" {
                return Err(syn::Error::new(key.span(), "expected `file = \"path\"` or a grammar string literal"));
            }
            input.parse::<Token![=]>()?;
            Source::File(input.parse()?)
        } else {
            Source::Inline(
                input
                    .parse()
                    .map_err(|e| syn::Error::new(e.span(), "expected `file = \"path\"` or a grammar string literal"))?,
            )
        };
        while input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let option: Ident = input.parse()?;
            match option.to_string().as_str() {
                "no_unsafe" => config = config.unsafe_code(false),
                "no_simd" => config = config.simd(false),
                "streaming" => config = config.streaming(true),
                "trace" => config = config.trace(true),
                "runtime" => {
                    input.parse::<Token![=]>()?;
                    let path: LitStr = input.parse()?;
                    // Checked here rather than left to the Builder, so that the error
                    // points at the string.
                    if let Err(e) = path.parse_with(syn::Path::parse_mod_style) {
                        return Err(syn::Error::new(
                            path.span(),
                            format!(
                                "`runtime` must be a Rust path to the runtime crate, such as \"::json_runtime\" \
                                 or \"::jsonlex::runtime\" ({e})"
                            ),
                        ));
                    }
                    config = config.runtime_path(path.value());
                }
                other => {
                    return Err(syn::Error::new(
                        option.span(),
                        format!(
                            "unknown option `{other}` (expected `no_unsafe`, `no_simd`, `streaming`, `trace` or \
                             `runtime = \"path\"`)"
                        ),
                    ))
                }
            }
        }
        if !input.is_empty() {
            return Err(input.error("unexpected input after the grammar"));
        }
        Ok(Invocation { source, config })
    }
}

impl Invocation {
    fn expand(&self) -> TokenStream2 {
        let builder = json_lexgen::Builder::new().configure(self.config.clone());
        let (result, span, track, name) = match &self.source {
            Source::File(lit) => {
                let Some(path) = find_grammar(lit) else {
                    let message = format!(
                        "grammar file '{}' not found (paths are relative to the crate's CARGO_MANIFEST_DIR, or to this source file)",
                        lit.value()
                    );
                    return syn::Error::new(lit.span(), message).to_compile_error();
                };
                let abs = path.display().to_string();
                // Makes the compiler watch the grammar: editing it rebuilds the crate.
                let track = quote!(
                    const _: &[u8] = include_bytes!(#abs);
                );
                (builder.build_from_file(&path), lit.span(), Some(track), lit.value())
            }
            Source::Inline(lit) => {
                (builder.build_from_str(&lit.value()), lit.span(), None, "<inline grammar>".to_string())
            }
        };
        match result {
            Ok(generated) => {
                let warnings = generated.warnings().iter().map(|w| warning(&w.render(&name), span));
                let tokens = generated.tokens();
                quote! {
                    #track
                    #(#warnings)*
                    #tokens
                }
            }
            Err(error) => {
                let errors = error.diagnostics().iter().map(|d| {
                    // Line 0: not about a place in the grammar (an unreadable file, say).
                    let message = if d.span.line == 0 {
                        format!("{name}: {}", d.message)
                    } else {
                        format!("{name}:{}:{}: {}", d.span.line, d.span.column, d.message)
                    };
                    syn::Error::new(span, message).to_compile_error()
                });
                quote! { #track #(#errors)* }
            }
        }
    }
}

/// The grammar file: relative to the calling crate's `CARGO_MANIFEST_DIR` (as build
/// scripts and `include!`-style macros resolve paths), else relative to the invoking
/// source file's directory (where trybuild-style test crates keep their files). That
/// file is the one holding the literal: through a `macro_rules!` wrapper the call site
/// would be the wrapper's.
fn find_grammar(lit: &LitStr) -> Option<std::path::PathBuf> {
    let relative = lit.value();
    let from_manifest = std::env::var_os("CARGO_MANIFEST_DIR").map(|dir| std::path::Path::new(&dir).join(&relative));
    let from_source = lit.span().unwrap().local_file().and_then(|f| f.parent().map(|d| d.join(&relative)));
    from_manifest.into_iter().chain(from_source).find(|p| p.is_file())
}

/// A warning on stable: a use of a deprecated item whose note is the message.
fn warning(message: &str, span: Span) -> TokenStream2 {
    let item = Ident::new("json_lexer_warning", span);
    quote! {
        const _: () = {
            #[deprecated(note = #message)]
            #[allow(non_upper_case_globals)]
            const #item: () = ();
            #item
        };
    }
}

#[cfg(test)]
mod tests {
    use super::Invocation;

    const GRAMMAR: &str = r###"r#"%name W; [a-z]+ => Word; * => error;"#"###;

    fn expand(input: &str) -> String {
        match syn::parse_str::<Invocation>(input) {
            Ok(invocation) => invocation.expand().to_string(),
            Err(e) => panic!("{input}: {e}"),
        }
    }

    #[test]
    fn runtime_path_is_the_default_the_wrappers_or_the_options() {
        let plain = expand(GRAMMAR);
        assert!(plain.contains(":: json_runtime :: Token"), "{plain}");

        // What `jsonlex::json_lexer!` passes (there `$crate::runtime`).
        let wrapped = expand(&format!("@runtime = ::jsonlex::runtime; {GRAMMAR}"));
        assert!(wrapped.contains(":: jsonlex :: runtime :: Token"), "{wrapped}");
        assert!(!wrapped.contains("json_runtime"), "{wrapped}");

        // The user's option wins over the wrapper's.
        let chosen = expand(&format!("@runtime = ::jsonlex::runtime; {GRAMMAR}, runtime = \"rt_alias\""));
        assert!(chosen.contains("rt_alias :: Token"), "{chosen}");
        assert!(!chosen.contains("jsonlex") && !chosen.contains("json_runtime"), "{chosen}");
    }

    #[test]
    fn runtime_option_that_is_not_a_path_is_an_error() {
        for bad in ["not a path", "", "::", "a::", "1x", "a + b"] {
            let input = format!("{GRAMMAR}, runtime = {bad:?}");
            match syn::parse_str::<Invocation>(&input) {
                Ok(_) => panic!("{input}: accepted"),
                Err(e) => assert!(e.to_string().starts_with("`runtime` must be a Rust path"), "{input}: {e}"),
            }
        }
    }
}
