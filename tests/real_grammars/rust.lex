// rust/rust.re (a Rust lexer written for this comparison) converted. Nested block
// comments use the condition stack (`-> push(COMMENT)`, `-> pop`: any depth, as re2c's
// counter), and `1.` trailing context. One action is code, approximated here
// (docs/grammar.md, "Converting re2c grammars"):
// - raw strings: re2c scans for the quote and as many '#' as opened; here each
//   number of hashes is its own regex, up to two (r##".."##). More hashes need a
//   callback that scans (`bump(n)`), not a regex.
%name RustLexer;
%encoding utf8;

ident  = [a-zA-Z_] [a-zA-Z0-9_]*;
digits = [0-9] [0-9_]*;
exp    = [eE] [+-]? "_"* [0-9] [0-9_]*;
esc    = "\\" ([nrt\\0'"] | "x" [0-9a-fA-F]{2} | "u{" [0-9a-fA-F_]{1,6} "}");
char   = "'" ([^'\\\n\r\t] | esc) "'";
str    = "\"" ([^"\\] | "\\" [^])* "\"";
// The text of a raw string after its opening quote, through the closing quote and
// hashes: the shortest text that ends in `"`, `"#` or `"##` (each a small DFA,
// written out as a regex).
raw0   = [^"]* "\"";
raw1   = ([^"] | "\"" "\""* [^"#])* "\"" "\""* "#";
raw2   = ([^"] | "\"" ("\"" | "#\"")* ([^"#] | "#" [^"#]))* "\"" ("\"" | "#\"")* "##";
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

// re2c: [bc]? "r" "#"* "\"" and a scan for the closing quote and hashes.
<CODE> [bc]? "r\"" raw0   => RawStr;
<CODE> [bc]? "r#\"" raw1  => RawStr;
<CODE> [bc]? "r##\"" raw2 => RawStr;

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
