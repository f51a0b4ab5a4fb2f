// A rule without '=>'.
jsonlex::json_lexer!(
    r#"
    [a-z]+ => Word;
    [0-9]+ Number;
"#
);

fn main() {}
