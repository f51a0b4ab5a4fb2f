// A regex refers to a definition that does not exist.
json_lexgen_macros::json_lexer!(
    r#"
    digit = [0-9];
    digt+ => Number;
"#
);

fn main() {}
