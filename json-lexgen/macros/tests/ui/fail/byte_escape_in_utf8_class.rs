// Under %encoding utf8 a class holds characters: \xFF is a byte, not U+00FF.
json_lexgen_macros::json_lexer!(
    r#"
    %encoding utf8;
    [a-z\xFF]+ => Word;
"#
);

fn main() {}
