// `%value`'s type must be a Rust type.
json_lexgen_macros::json_lexer!(
    r#"
    %value Int: Vec<u64;
    [0-9]+ => Int(parse);
"#
);

fn main() {}
