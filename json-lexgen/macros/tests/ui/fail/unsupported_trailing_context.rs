// Trailing context where both sides vary in length: only tags could split the match.
json_lexgen_macros::json_lexer!(
    r#"
    [a-z]+ / [0-9]+ => Word;
    [0-9]+ => Number;
"#
);

fn main() {}
