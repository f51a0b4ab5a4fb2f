// A regex refers to a definition that does not exist.
jsonlex::json_lexer!(
    r#"
    digit = [0-9];
    digt+ => Number;
"#
);

fn main() {}
