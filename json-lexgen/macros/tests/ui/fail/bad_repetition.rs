// A repetition whose minimum exceeds its maximum.
json_lexgen_macros::json_lexer!(
    r#"
    [a-z]{3,1} => Word;
"#
);

fn main() {}
