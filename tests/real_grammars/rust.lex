// rust/rust.re (a Rust lexer written for this comparison) converted in full. Nested
// block comments use the condition stack (`-> push(COMMENT)`, `-> pop`: any depth, as
// re2c's counter), `1.` trailing context, and raw strings a callback that scans for the
// closing quote and as many '#' as opened (`bump(n)`; src/lib.rs, rust_raw_string), as
// re2c's action does: that makes this a value lexer (without values).
%name RustLexer;
%encoding utf8;

ident  = [a-zA-Z_] [a-zA-Z0-9_]*;
digits = [0-9] [0-9_]*;
exp    = [eE] [+-]? "_"* [0-9] [0-9_]*;
esc    = "\\" ([nrt\\0'"] | "x" [0-9a-fA-F]{2} | "u{" [0-9a-fA-F_]{1,6} "}");
char   = "'" ([^'\\\n\r\t] | esc) "'";
str    = "\"" ([^"\\] | "\\" [^])* "\"";
// re2c's `[^._a-zA-Z0-9]` after `1.`, as one byte: trailing context needs `r` or `s`
// of one length in bytes, and in UTF-8 mode a negated class is a character of 1 to 4.
// On valid UTF-8 a character is decided by its first byte: an ASCII one, or a lead
// byte (\xC2..\xF4, written as byte literals, which stay bytes in UTF-8 mode).
not_float_tail = ([\x00-\x7F] \ [._a-zA-Z0-9])
               | "\xC2" | "\xC3" | "\xC4" | "\xC5" | "\xC6" | "\xC7" | "\xC8" | "\xC9" | "\xCA" | "\xCB"
               | "\xCC" | "\xCD" | "\xCE" | "\xCF" | "\xD0" | "\xD1" | "\xD2" | "\xD3" | "\xD4" | "\xD5"
               | "\xD6" | "\xD7" | "\xD8" | "\xD9" | "\xDA" | "\xDB" | "\xDC" | "\xDD" | "\xDE" | "\xDF"
               | "\xE0" | "\xE1" | "\xE2" | "\xE3" | "\xE4" | "\xE5" | "\xE6" | "\xE7" | "\xE8" | "\xE9"
               | "\xEA" | "\xEB" | "\xEC" | "\xED" | "\xEE" | "\xEF" | "\xF0" | "\xF1" | "\xF2" | "\xF3"
               | "\xF4";

<CODE> [ \t\r\n]+  => skip;
<CODE> "//" [^\n]* => LineComment;
<CODE> "/*"        => skip -> push(COMMENT);

<CODE> "as" | "break" | "const" | "continue" | "crate" | "else" | "enum" | "extern"
     | "false" | "fn" | "for" | "if" | "impl" | "in" | "let" | "loop" | "match"
     | "mod" | "move" | "mut" | "pub" | "ref" | "return" | "self" | "Self"
     | "static" | "struct" | "super" | "trait" | "true" | "type" | "unsafe"
     | "use" | "where" | "while" | "async" | "await" | "dyn" | "_"
     => Keyword;
<CODE> ident      => Ident;
<CODE> "r#" ident => RawIdent;
<CODE> "'" ident  => Lifetime;

<CODE> digits "." digits exp? ident? => Float;
<CODE> digits exp ident?             => Float;
// `1.` is a float only where no '.', identifier or digit follows (`1..2`, `1.max()`).
<CODE> digits "." / not_float_tail   => Float;
<CODE> (digits | "0x" [0-9a-fA-F_]+ | "0o" [0-7_]+ | "0b" [01_]+) ident? => Int;

<CODE> char      => Char;
<CODE> "b" char  => Byte;
<CODE> [bc]? str => Str;

// r"..", r#".."#, r##".."##: the closing quote must be followed by as many '#' as
// the opening one was preceded by, which a regex cannot count: the callback scans.
<CODE> [bc]? "r" "#"* "\"" => RawStr(crate::rust_raw_string);

<CODE> "::" | "->" | "=>" | "==" | "!=" | "<=" | ">=" | "&&" | "||" | "+=" | "-="
     | "*=" | "/=" | "%=" | "^=" | "&=" | "|=" | "<<=" | ">>=" | "<<" | ">>"
     | ".." | "..." | "..=" | [-+*/%^!&|=<>@.,;:#$?~]
     => Op;
<CODE> [(){}[\]] => Delim;

<CODE> * => Unknown;
<CODE> $ => End;

// re2c: depth += 1 / depth -= 1, back to CODE at 0.
<COMMENT> "/*"          => skip -> push(COMMENT);
<COMMENT> "*/"          => skip -> pop;
<COMMENT> [^*/]+ | [*/] => skip;
<COMMENT> *             => skip;
<COMMENT> $             => UnterminatedComment;
