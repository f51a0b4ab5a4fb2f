// A name defined twice.
jsonlex::json_lexer!(
    r#"
    digit = [0-9];
    digit = [0-9a-f];
    digit+ => Number;
"#
);

fn main() {}
