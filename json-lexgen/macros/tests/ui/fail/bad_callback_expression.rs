// A callback that is not Rust: the error points at it in the grammar.
json_lexgen_macros::json_lexer!(
    r#"
    %value Int: u64;
    [0-9]+ => Int({ lex.text() + });
    " "+ => skip;
"#
);

fn main() {}
