// json-runtime/grammar/json.lex with '%backend tables_only;' (json-lexgen/tests/backends.rs): do not edit.
%backend tables_only;
// RFC 8259 JSON, as tokens.
//
// The decoder in json-runtime trusts these rules: a String or EscapedString token is
// already well-formed UTF-8 with valid escapes, and an Integer has no fraction or
// exponent. Strings and numbers come in two kinds each so that the decoder knows,
// without looking at the bytes again, whether a string can be copied in one piece
// and whether a number can stay an integer.

%name JsonLexer;
%on_error stop;                  // the parser stops at the first error: no recovery code
%token json_runtime::JsonToken;

ws     = [ \t\n\r]+;
digit  = [0-9];
int    = "-"? ("0" | [1-9] digit*);
frac   = "." digit+;
exp    = [eE] [+\-]? digit+;

// Strictly well-formed UTF-8 (RFC 3629): no overlong forms, no encoded surrogates
// (U+D800..U+DFFF), nothing above U+10FFFF.
cont   = [\x80-\xBF];
utf8   = [\xC2-\xDF] cont
       | "\xE0" [\xA0-\xBF] cont
       | [\xE1-\xEC\xEE\xEF] cont cont
       | "\xED" [\x80-\x9F] cont
       | "\xF0" [\x90-\xBF] cont cont
       | [\xF1-\xF3] cont cont cont
       | "\xF4" [\x80-\x8F] cont cont;

// Any character but '"', '\' and the control bytes U+0000..U+001F.
plain  = [\x20\x21\x23-\x5B\x5D-\x7F] | utf8;
escape = "\\" ( ["\\/bfnrt] | "u" [0-9A-Fa-f]{4} );

"{"     => ObjectStart;
"}"     => ObjectEnd;
"["     => ArrayStart;
"]"     => ArrayEnd;
":"     => Colon;
","     => Comma;
"true"  => True;
"false" => False;
"null"  => Null;

// On a tie the earlier rule wins: a number without fraction or exponent is an Integer.
int             => Integer;
int frac? exp?  => Float;

"\"" plain* "\""              => String;
"\"" (plain | escape)* "\""   => EscapedString;

ws => skip;

// Anything else is malformed JSON: a lexing error, on purpose.
* => error;

// Entry points for the parser (docs/grammar.md, "Entry points"): where it knows which
// tokens can come next, the first byte has only those to tell apart (and whitespace);
// anything else is lexed again by the whole lexer, so the answers never change.
%entry key:         String EscapedString ObjectEnd;   // after '{' or ',' in an object
%entry colon:       Colon;                           // after a key
%entry object_next: Comma ObjectEnd;                 // after a member's value
%entry array_next:  Comma ArrayEnd;                  // after an element

// The parser may read a number where a value starts without the lexer (json-lexgen
// checks on the automaton that the lexer would give the same tokens).
%promise json_numbers;
