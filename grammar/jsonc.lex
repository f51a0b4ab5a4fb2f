// JSONC: JSON with comments, as VS Code's settings.json and tsconfig.json use it.
//
// The same tokens as json-runtime/grammar/json.lex (so the same decoder, with the same guarantees:
// string tokens are well-formed UTF-8 with valid escapes), plus `//` line comments and
// `/* */` block comments, which are skipped like whitespace. Trailing commas are not
// part of the grammar: the decoder's `DecodeOptions::trailing_commas` allows them.

%name JsoncLexer;
%on_error stop;                  // the parser stops at the first error: no recovery code
%token json_runtime::JsonToken;

ws     = [ \t\n\r]+;
digit  = [0-9];
int    = "-"? ("0" | [1-9] digit*);
frac   = "." digit+;
exp    = [eE] [+\-]? digit+;

cont   = [\x80-\xBF];
utf8   = [\xC2-\xDF] cont
       | "\xE0" [\xA0-\xBF] cont
       | [\xE1-\xEC\xEE\xEF] cont cont
       | "\xED" [\x80-\x9F] cont
       | "\xF0" [\x90-\xBF] cont cont
       | [\xF1-\xF3] cont cont cont
       | "\xF4" [\x80-\x8F] cont cont;

plain  = [\x20\x21\x23-\x5B\x5D-\x7F] | utf8;
escape = "\\" ( ["\\/bfnrt] | "u" [0-9A-Fa-f]{4} );

// A line comment runs to the end of the line (LF or CR) or of the input; a block
// comment to the first `*/`. Comments are text: well-formed UTF-8, any control
// character. An unterminated block comment matches no rule: the lexer reports it where
// it starts, and the decoder says which it is.
line_comment  = "//" ([\x00-\x09\x0B\x0C\x0E-\x7F] | utf8)*;
block_comment = "/*" ([\x00-\x29\x2B-\x7F] | utf8 | "*"+ ([\x00-\x29\x2B-\x2E\x30-\x7F] | utf8))* "*"+ "/";

"{"     => ObjectStart;
"}"     => ObjectEnd;
"["     => ArrayStart;
"]"     => ArrayEnd;
":"     => Colon;
","     => Comma;
"true"  => True;
"false" => False;
"null"  => Null;

int             => Integer;
int frac? exp?  => Float;

"\"" plain* "\""              => String;
"\"" (plain | escape)* "\""   => EscapedString;

ws            => skip;
line_comment  => skip;
block_comment => skip;
// A line comment with invalid UTF-8: longer than the comment before the bad byte, so it
// wins, and the decoder finds and names the byte.
line_comment [\x80-\xFF] => error;

* => error;

// Entry points for the parser (docs/grammar.md, "Entry points"): where it knows which
// tokens can come next, the first byte has only those to tell apart (and whitespace);
// anything else is lexed again by the whole lexer, so the answers never change.
%entry key:         String EscapedString ObjectEnd;   // after '{' or ',' in an object
%entry colon:       Colon;                           // after a key
%entry object_next: Comma ObjectEnd;                 // after a member's value
%entry array_next:  Comma ArrayEnd;                  // after an element
