// A transition to a condition no rule is declared in.
jsonlex::json_lexer!(
    r#"
    <CODE> "/*" => skip -> COMENT;
    <CODE> [a-z]+ => Word;
    <COMMENT> "*/" => skip -> CODE;
"#
);

fn main() {}
