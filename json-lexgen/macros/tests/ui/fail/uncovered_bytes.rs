// Bytes no rule can start with: a warning, made an error here to show it.
#![deny(deprecated)]

json_lexgen_macros::json_lexer!(
    r#"
    [a-z]+ => Word;
    " "+   => skip;
"#
);

fn main() {}
