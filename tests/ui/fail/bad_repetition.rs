// A repetition whose minimum exceeds its maximum.
jsonlex::json_lexer!(
    r#"
    [a-z]{3,1} => Word;
"#
);

fn main() {}
