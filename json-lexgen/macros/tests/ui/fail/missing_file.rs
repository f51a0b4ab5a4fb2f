// The grammar file does not exist.
json_lexgen_macros::json_lexer!(file = "grammar/no_such.lex");

fn main() {}
