// An unknown directive.
jsonlex::json_lexer!(
    r#"
    %name Words;
    %tokens Tok;
    [a-z]+ => Word;
"#
);

fn main() {}
