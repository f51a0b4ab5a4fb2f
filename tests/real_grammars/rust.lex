// rust/rust.re (a Rust lexer written for this comparison) converted. Two of its
// actions are code, and both are approximated here (docs/grammar.md, "Converting
// re2c grammars"):
// - nested block comments: re2c counts the depth in a variable; here the depth is
//   the condition, COMMENT1 to COMMENT4, so comments nest four deep (deeper is the
//   CommentTooDeep token). A condition stack (`-> push(COMMENT)`, `-> pop`) removes
//   the bound;
// - raw strings: re2c scans for the quote and as many '#' as opened; here each
//   number of hashes is its own regex, up to two (r##".."##). More hashes need a
//   callback that scans (`bump(n)`), not a regex;
// - `1.` (a float only where no '.', identifier or digit follows) needs trailing
//   context (`digits "." / [^._a-zA-Z0-9]`), so it is left out: `1.` is Int, then Op.
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

<CODE> [ \t\r\n]+  => skip;
<CODE> "//" [^\n]* => LineComment;
<CODE> "/*"        => skip -> COMMENT1;

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
// re2c: digits "." / [^._a-zA-Z0-9] => Float (trailing context)
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
<COMMENT1> "/*" => skip -> COMMENT2;
<COMMENT2> "/*" => skip -> COMMENT3;
<COMMENT3> "/*" => skip -> COMMENT4;
<COMMENT4> "/*" => CommentTooDeep;
<COMMENT1> "*/" => skip -> CODE;
<COMMENT2> "*/" => skip -> COMMENT1;
<COMMENT3> "*/" => skip -> COMMENT2;
<COMMENT4> "*/" => skip -> COMMENT3;
<COMMENT1, COMMENT2, COMMENT3, COMMENT4> [^*/]+ | [*/] => skip;
<COMMENT1, COMMENT2, COMMENT3, COMMENT4> *             => skip;
<COMMENT1, COMMENT2, COMMENT3, COMMENT4> $             => UnterminatedComment;
