// \p{..} without %encoding utf8: the grammar matches bytes.
json_lexgen_macros::json_lexer!(
    r#"
    %name Words;
    \p{L}+ => Word;
"#
);

fn main() {}
