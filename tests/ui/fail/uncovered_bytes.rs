// Bytes no rule can start with: a warning, made an error here to show it.
#![deny(deprecated)]

jsonlex::json_lexer!(
    r#"
    [a-z]+ => Word;
    " "+   => skip;
"#
);

fn main() {}
