// The second rule is shadowed: every keyword it matches, the first rule matches too.
jsonlex::json_lexer!(
    r#"
    [a-z]+            => Ident;
    "if" | "else"     => Keyword;
    " "+              => skip;
"#
);

fn main() {}
