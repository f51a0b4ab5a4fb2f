// A transition to a condition no rule is declared in.
json_lexgen_macros::json_lexer!(
    r#"
    <CODE> "/*" => skip -> COMENT;
    <CODE> [a-z]+ => Word;
    <COMMENT> "*/" => skip -> CODE;
"#
);

fn main() {}
