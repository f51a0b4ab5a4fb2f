// The second rule is shadowed: every keyword it matches, the first rule matches too.
json_lexgen_macros::json_lexer!(
    r#"
    [a-z]+            => Ident;
    "if" | "else"     => Keyword;
    " "+              => skip;
"#
);

fn main() {}
