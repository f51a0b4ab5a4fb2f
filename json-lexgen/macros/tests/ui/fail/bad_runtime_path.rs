// A `runtime` option that is not a Rust path is an error at the string, not a silent
// `::json_runtime`.
json_lexgen_macros::json_lexer!(r#"[a-z]+ => Word; * => error;"#, runtime = "not a path");

fn main() {}
