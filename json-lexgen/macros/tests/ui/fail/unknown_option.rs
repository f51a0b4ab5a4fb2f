// An option the macro does not know.
json_lexgen_macros::json_lexer!(r#"[a-z]+ => Word;"#, fast);

fn main() {}
