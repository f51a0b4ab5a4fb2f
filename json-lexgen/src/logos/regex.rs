//! logos's patterns as regex-syntax `Hir`s, with logos's rules: `#[token]` is its bytes,
//! `#[regex]` the regex crate's syntax (`b"..."` and `utf8 = false` match bytes),
//! `ignore(case)`, `(?&name)` subpatterns, and the computed priority.

use super::attrs::{Definition, PatternDef, PatternLit};
use regex_syntax::hir::{Dot, Hir, HirKind};
use regex_syntax::ParserBuilder;

/// A pattern as a regex, and what logos checks and computes on it.
pub(crate) struct Compiled {
    pub hir: Hir,
    pub priority: usize,
}

/// The subpatterns, each already substituted into the next: `(name, "(?flags:regex)")`.
pub(crate) fn subpatterns(def: &Definition) -> Result<Vec<(String, String)>, syn::Error> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, lit) in &def.subpatterns {
        let text = substitute(&regex_text(lit), &out, lit)?;
        let flags = if lit.is_bytes { "-u" } else { "u" };
        let wrapped = format!("(?{flags}:{text})");
        parser(!lit.is_bytes, false).parse(&wrapped).map_err(|e| syn::Error::new(lit.span, e.to_string()))?;
        out.push((name.to_string(), wrapped));
    }
    Ok(out)
}

/// A `b"..."` regex's bytes as regex text: the non-ASCII ones as `\xNN` (bytes, since
/// such a regex is compiled without Unicode).
fn regex_text(lit: &PatternLit) -> String {
    if !lit.is_bytes {
        return String::from_utf8_lossy(&lit.bytes).into_owned();
    }
    let mut s = String::new();
    for &b in &lit.bytes {
        if b.is_ascii() {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

/// Replace each `(?&name)` by its subpattern.
fn substitute(text: &str, subs: &[(String, String)], lit: &PatternLit) -> Result<String, syn::Error> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("(?&") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let Some(close) = after.find(')') else {
            return Err(syn::Error::new(lit.span, "unterminated subpattern reference `(?&name)`"));
        };
        let name = &after[..close];
        match subs.iter().find(|(n, _)| n == name) {
            Some((_, pattern)) => out.push_str(pattern),
            None => {
                return Err(syn::Error::new(lit.span, format!("subpattern reference `{name}` has not been defined")))
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn parser(unicode: bool, ignore_case: bool) -> regex_syntax::Parser {
    ParserBuilder::new().utf8(false).unicode(unicode).case_insensitive(ignore_case).build()
}

/// Compile one pattern with logos's checks: not empty, no greedy `.*`/`.+` without
/// `allow_greedy`, only UTF-8 in UTF-8 mode. Every failed check is an error at the
/// pattern's literal.
pub(crate) fn compile(
    def: &Definition,
    p: &PatternDef,
    subs: &[(String, String)],
) -> Result<Compiled, Vec<syn::Error>> {
    let span = p.lit.span;
    let unicode = !p.lit.is_bytes;
    let hir = if p.is_token && !p.ignore_case {
        Hir::literal(p.lit.bytes.clone())
    } else if p.is_token {
        let escaped: String = match std::str::from_utf8(&p.lit.bytes) {
            Ok(text) if unicode => regex_syntax::escape(text),
            _ => p.lit.bytes.iter().map(|b| format!("\\x{b:02X}")).collect(),
        };
        parser(unicode, true).parse(&escaped).map_err(|e| vec![syn::Error::new(span, e.to_string())])?
    } else {
        let text = substitute(&regex_text(&p.lit), subs, &p.lit).map_err(|e| vec![e])?;
        parser(unicode, p.ignore_case).parse(&text).map_err(|e| vec![syn::Error::new(span, e.to_string())])?
    };
    let mut errors = Vec::new();
    if !p.allow_greedy && has_greedy_dot(&hir) {
        errors.push(syn::Error::new(
            span,
            "This pattern contains an unbounded greedy dot repetition, i.e. `.*` or `.+` (or a character class \
             that is equivalent to a dot, i.e., `[^\\n]*`). This will cause the entirety of the input to be read \
             for every token. Consider making your repetition non-greedy or changing it to a more specific \
             character class. If this is the intended behavior, add #[regex(..., allow_greedy = true)] or\
             #[logos(skip(..., allow_greedy = true))]",
        ));
    }
    if def.utf8 && !hir.properties().is_utf8() {
        errors.push(syn::Error::new(
            span,
            format!(
                "UTF-8 mode is requested, but the pattern {} of variant `{}` can match invalid utf8.\n\
                 You can disable UTF-8 mode with #[logos(utf8 = false)]",
                p.lit.source,
                p.describe().rsplit(']').next().unwrap_or("").trim()
            ),
        ));
    }
    if hir.properties().minimum_len() == Some(0) {
        errors.push(syn::Error::new(
            span,
            format!("The pattern {} can match the empty string, which is unsupported by logos.", p.describe()),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let priority = p.priority.map_or_else(|| complexity(&hir), |(n, _)| n);
    Ok(Compiled { hir, priority })
}

/// logos's computed priority: 2 per literal `char` (per byte outside UTF-8), 2 per
/// class, a repetition its minimum times its body, an alternation its cheapest branch.
pub(crate) fn complexity(hir: &Hir) -> usize {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => 0,
        HirKind::Literal(lit) => match std::str::from_utf8(&lit.0) {
            Ok(s) => 2 * s.chars().count(),
            Err(_) => 2 * lit.0.len(),
        },
        HirKind::Class(_) => 2,
        HirKind::Repetition(r) => r.min as usize * complexity(&r.sub),
        HirKind::Capture(c) => complexity(&c.sub),
        HirKind::Concat(hirs) => hirs.iter().map(complexity).sum(),
        HirKind::Alternation(hirs) => hirs.iter().map(complexity).min().unwrap_or(0),
    }
}

/// An unbounded greedy repetition of a dot (`.*`, `.+`, `(?s:.)*`, ...).
fn has_greedy_dot(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Repetition(r) => {
            let dots = [
                Dot::AnyChar,
                Dot::AnyByte,
                Dot::AnyByteExceptLF,
                Dot::AnyCharExceptLF,
                Dot::AnyByteExceptCRLF,
                Dot::AnyCharExceptCRLF,
            ];
            // As logos: a repetition of anything else is not looked into.
            r.max.is_none() && r.greedy && dots.iter().any(|&d| *r.sub == Hir::dot(d))
        }
        HirKind::Capture(c) => has_greedy_dot(&c.sub),
        HirKind::Concat(hirs) | HirKind::Alternation(hirs) => hirs.iter().any(has_greedy_dot),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::complexity;

    fn priority(regex: &str) -> usize {
        complexity(&regex_syntax::Parser::new().parse(regex).unwrap())
    }

    /// logos 0.16.1's computed priorities (its `Pattern::priority`).
    #[test]
    fn priorities_are_logoss() {
        assert_eq!(priority("abc"), 6); // 2 per literal char
        assert_eq!(priority("é"), 2); // per char, not per byte
        assert_eq!(priority("[a-z]"), 2); // a class counts as a char
        assert_eq!(priority("[a-z]+"), 2); // a repetition: its minimum times its body
        assert_eq!(priority("[a-z]*"), 0);
        assert_eq!(priority("a{3,5}"), 6);
        assert_eq!(priority("foo|ba"), 4); // the cheapest branch
        assert_eq!(priority("(ab)c"), 6); // groups are transparent
        assert_eq!(priority(r"\bx"), 2); // assertions count nothing
    }
}
