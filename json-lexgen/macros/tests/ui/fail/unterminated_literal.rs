// A string literal that never ends.
json_lexgen_macros::json_lexer!(
    r#"
    "abc => Word;
"#
);

fn main() {}
