// An unknown directive.
json_lexgen_macros::json_lexer!(
    r#"
    %name Words;
    %tokens Tok;
    [a-z]+ => Word;
"#
);

fn main() {}
