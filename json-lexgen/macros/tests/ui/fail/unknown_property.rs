// A Unicode property regex-syntax does not know: the error suggests the closest name.
json_lexgen_macros::json_lexer!(
    r#"
    %encoding utf8;
    \p{ID_Strat} \p{ID_Continue}* => Ident;
"#
);

fn main() {}
