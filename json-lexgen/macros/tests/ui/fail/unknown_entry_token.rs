// An entry point that names a token no rule produces.
json_lexgen_macros::json_lexer!(
    r#"
    %name Words;
    %entry word: Word Number;
    [a-z]+ => Word;
    " "+   => skip;
"#
);

fn main() {}
