// A rule that matches the empty string would loop forever.
json_lexgen_macros::json_lexer!(
    r#"
    [a-z]+ => Word;
    [0-9]* => Number;
"#
);

fn main() {}
