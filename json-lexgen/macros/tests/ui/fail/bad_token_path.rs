// A `%token` path that is not a Rust path (`type` is a keyword) is an error at the
// directive's line and column, not a silent `Token`.
json_lexgen_macros::json_lexer!(
    r#"
    %name Bad;
    %token my::type::Tok;
    [a-z]+ => Word;
    * => error;
"#
);

fn main() {}
