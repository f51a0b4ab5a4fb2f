// The grammar file does not exist.
jsonlex::json_lexer!(file = "grammar/no_such.lex");

fn main() {}
