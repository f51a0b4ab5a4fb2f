// A string literal that never ends.
jsonlex::json_lexer!(
    r#"
    "abc => Word;
"#
);

fn main() {}
