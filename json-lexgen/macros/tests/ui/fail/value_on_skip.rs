// `skip` produces no token, so it cannot carry a value.
json_lexgen_macros::json_lexer!(
    r#"
    %value skip: u32;
    [a-z]+ => Word;
    " "+ => skip;
"#
);

fn main() {}
