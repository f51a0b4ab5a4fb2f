// A rule that matches the empty string would loop forever.
jsonlex::json_lexer!(
    r#"
    [a-z]+ => Word;
    [0-9]* => Number;
"#
);

fn main() {}
