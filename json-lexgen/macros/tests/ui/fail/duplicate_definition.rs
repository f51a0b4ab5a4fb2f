// A name defined twice.
json_lexgen_macros::json_lexer!(
    r#"
    digit = [0-9];
    digit = [0-9a-f];
    digit+ => Number;
"#
);

fn main() {}
