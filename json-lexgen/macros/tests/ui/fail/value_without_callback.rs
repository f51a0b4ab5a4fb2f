// A kind with a value needs a callback that computes it (only text is filled in).
json_lexgen_macros::json_lexer!(
    r#"
    %value Int: u64;
    [0-9]+ => Int;
    " "+ => skip;
"#
);

fn main() {}
