//! `json_lexer!`: compile a token grammar into a lexer at build time.
