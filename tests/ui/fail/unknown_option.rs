// An option the macro does not know.
jsonlex::json_lexer!(r#"[a-z]+ => Word;"#, fast);

fn main() {}
