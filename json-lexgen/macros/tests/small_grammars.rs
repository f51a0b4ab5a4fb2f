//! The three small grammars whose generated code json-lexgen's snapshot tests pin
//! (json-lexgen/tests/snapshots.rs: keywords, default_and_eof, backtracking), compiled
//! by the macro and run: the token sequences and errors are worked out by hand from
//! each grammar's rules (longest match, then the earlier rule).
//!
//! Each grammar is compiled twice, as is and with `no_unsafe`: both must agree with the
//! hand-derived answers.

use json_runtime::Lexer;

/// Same text as the snapshot test's grammars.
macro_rules! small_grammar {
    (keywords $($option:ident)?) => {
        json_lexgen_macros::json_lexer!(
            "%name Kw;\n\"if\" => If;\n\"in\" => In;\n[a-z]+ => Ident;\n\" \"+ => skip;\n" $(, $option)?
        );
    };
    (default_and_eof $($option:ident)?) => {
        json_lexgen_macros::json_lexer!("%name De;\n[0-9]+ => Number;\n* => Other;\n$ => End;\n" $(, $option)?);
    };
    (backtracking $($option:ident)?) => {
        json_lexgen_macros::json_lexer!("%name Bt;\n\"a\" => A;\n\"abc\" => Abc;\n" $(, $option)?);
    };
}

// keywords and backtracking have no `*` rule: the macro warns about the bytes no rule
// starts with (as a deprecation), which is expected here.
#[allow(deprecated)]
mod kw {
    small_grammar!(keywords);
}
#[allow(deprecated)]
mod kw_safe {
    small_grammar!(keywords no_unsafe);
}
mod de {
    small_grammar!(default_and_eof);
}
mod de_safe {
    small_grammar!(default_and_eof no_unsafe);
}
#[allow(deprecated)]
mod bt {
    small_grammar!(backtracking);
}
#[allow(deprecated)]
mod bt_safe {
    small_grammar!(backtracking no_unsafe);
}

/// A token as (kind, start, end); an error as (start, offset, partial kind).
type Lexed<K> = Vec<Result<(K, usize, usize), (usize, usize, Option<K>)>>;

fn lex<'a, L: Lexer<'a>>(input: &'a [u8]) -> Lexed<L::Kind> {
    let mut lexer = L::new(input);
    let mut out = Vec::new();
    // After an error the lexer goes on after the bad bytes (at least one): at most a
    // token or an error per byte, and `$`.
    while let Some(next) = lexer.next_token() {
        out.push(next.map(|t| (t.kind, t.start, t.end)).map_err(|e| (e.start, e.offset, e.partial)));
        assert!(out.len() <= input.len() + 1, "{input:?}: more tokens than bytes");
    }
    // After the end, a lexer stays done.
    assert!(lexer.next_token().is_none(), "{input:?}: a token after the end");
    out
}

#[test]
fn keywords() {
    use kw::KwToken::*;
    let cases: &[(&[u8], Lexed<kw::KwToken>)] = &[
        (b"", vec![]),
        (b"if", vec![Ok((If, 0, 2))]),
        (b"in", vec![Ok((In, 0, 2))]),
        // Longer identifiers win over the keywords they start with.
        (b"ifx int i", vec![Ok((Ident, 0, 3)), Ok((Ident, 4, 7)), Ok((Ident, 8, 9))]),
        (b"  if   in if", vec![Ok((If, 2, 4)), Ok((In, 7, 9)), Ok((If, 10, 12))]),
        (b"xif", vec![Ok((Ident, 0, 3))]),
        // A byte no rule starts with is an error where it is; nothing was alive there.
        (b"if X", vec![Ok((If, 0, 2)), Err((3, 3, None))]),
        (b"in9", vec![Ok((In, 0, 2)), Err((2, 2, None))]),
        (b"\xC3\xA9", vec![Err((0, 0, None)), Err((1, 1, None))]),
        // Lexing goes on after the bad byte.
        (b"if X in", vec![Ok((If, 0, 2)), Err((3, 3, None)), Ok((In, 5, 7))]),
    ];
    for (input, expected) in cases {
        assert_eq!(&lex::<kw::Kw>(input), expected, "{input:?}");
        let safe: Lexed<kw::KwToken> = lex::<kw_safe::Kw>(input)
            .into_iter()
            .map(|r| r.map(|(k, s, e)| (same_kind_kw(k), s, e)).map_err(|(s, o, p)| (s, o, p.map(same_kind_kw))))
            .collect();
        assert_eq!(&safe, expected, "no_unsafe: {input:?}");
    }
}

#[test]
fn default_and_eof() {
    use de::DeToken::*;
    let cases: &[(&[u8], Lexed<de::DeToken>)] = &[
        // `$` matches once, at the end, with no bytes.
        (b"", vec![Ok((End, 0, 0))]),
        (b"42", vec![Ok((Number, 0, 2)), Ok((End, 2, 2))]),
        // `*` takes one byte where no other rule matches, whatever the byte.
        (b"12a3", vec![Ok((Number, 0, 2)), Ok((Other, 2, 3)), Ok((Number, 3, 4)), Ok((End, 4, 4))]),
        (b"ab", vec![Ok((Other, 0, 1)), Ok((Other, 1, 2)), Ok((End, 2, 2))]),
        (
            b"\xC3\xA9 7",
            vec![Ok((Other, 0, 1)), Ok((Other, 1, 2)), Ok((Other, 2, 3)), Ok((Number, 3, 4)), Ok((End, 4, 4))],
        ),
        (b"\x00\xFF", vec![Ok((Other, 0, 1)), Ok((Other, 1, 2)), Ok((End, 2, 2))]),
    ];
    for (input, expected) in cases {
        assert_eq!(&lex::<de::De>(input), expected, "{input:?}");
        let safe: Lexed<de::DeToken> = lex::<de_safe::De>(input)
            .into_iter()
            .map(|r| r.map(|(k, s, e)| (same_kind_de(k), s, e)).map_err(|(s, o, p)| (s, o, p.map(same_kind_de))))
            .collect();
        assert_eq!(&safe, expected, "no_unsafe: {input:?}");
    }
}

#[test]
fn backtracking() {
    use bt::BtToken::*;
    let cases: &[(&[u8], Lexed<bt::BtToken>)] = &[
        (b"a", vec![Ok((A, 0, 1))]),
        (b"abc", vec![Ok((Abc, 0, 3))]),
        (b"abca", vec![Ok((Abc, 0, 3)), Ok((A, 3, 4))]),
        (b"aa", vec![Ok((A, 0, 1)), Ok((A, 1, 2))]),
        // "ab" is a prefix of "abc" only: the lexer backs up to the last match ("a") and
        // goes on after it, where "b" starts no rule.
        (b"ab", vec![Ok((A, 0, 1)), Err((1, 1, None))]),
        (b"abd", vec![Ok((A, 0, 1)), Err((1, 1, None)), Err((2, 2, None))]),
        (b"abda", vec![Ok((A, 0, 1)), Err((1, 1, None)), Err((2, 2, None)), Ok((A, 3, 4))]),
        (b"aabc", vec![Ok((A, 0, 1)), Ok((Abc, 1, 4))]),
        (b"x", vec![Err((0, 0, None))]),
    ];
    for (input, expected) in cases {
        assert_eq!(&lex::<bt::Bt>(input), expected, "{input:?}");
        let safe: Lexed<bt::BtToken> = lex::<bt_safe::Bt>(input)
            .into_iter()
            .map(|r| r.map(|(k, s, e)| (same_kind_bt(k), s, e)).map_err(|(s, o, p)| (s, o, p.map(same_kind_bt))))
            .collect();
        assert_eq!(&safe, expected, "no_unsafe: {input:?}");
    }
}

// The `no_unsafe` copies have their own token enums: map their kinds by name.
fn same_kind_kw(k: kw_safe::KwToken) -> kw::KwToken {
    match k {
        kw_safe::KwToken::If => kw::KwToken::If,
        kw_safe::KwToken::In => kw::KwToken::In,
        kw_safe::KwToken::Ident => kw::KwToken::Ident,
    }
}

fn same_kind_de(k: de_safe::DeToken) -> de::DeToken {
    match k {
        de_safe::DeToken::Number => de::DeToken::Number,
        de_safe::DeToken::Other => de::DeToken::Other,
        de_safe::DeToken::End => de::DeToken::End,
    }
}

fn same_kind_bt(k: bt_safe::BtToken) -> bt::BtToken {
    match k {
        bt_safe::BtToken::A => bt::BtToken::A,
        bt_safe::BtToken::Abc => bt::BtToken::Abc,
    }
}
