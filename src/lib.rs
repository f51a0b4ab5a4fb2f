//! jsonlex: a JSON decoder and encoder driven by a lexer compiled from `grammar/json.lex`.

pub use json_runtime as runtime;
pub use json_runtime::{JsonToken, LexError, Lexer, Map, Number, Token, Value};
