// `-> pop` in a grammar that never pushes: the stack is always empty.
json_lexgen_macros::json_lexer!(
    r#"
    <CODE> "/*" => skip -> COMMENT;
    <CODE> [a-z]+ => Word;
    <COMMENT> "*/" => skip -> pop;
    <COMMENT> [^*]+ | "*" => skip;
"#
);

fn main() {}
