// Grammars with conditions need one on every rule.
json_lexgen_macros::json_lexer!(
    r#"
    <CODE> [a-z]+ => Word;
    [0-9]+ => Number;
"#
);

fn main() {}
