// Value lexers have no streaming form yet: the macro says so.
json_lexgen_macros::json_lexer!(
    r#"
    %name Words;
    %value Word: &'s str;
    [a-z]+ => Word;
    " "+ => skip;
"#,
    streaming
);

fn main() {}
