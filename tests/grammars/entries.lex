// Entry points whose tokens are prefixes of other tokens, or extended by them, in a
// grammar with two conditions: tests/integration/lexer_entries.rs checks every entry
// against next_token on random inputs.

%name EntryLexer;
%entry ints:  Integer;          // "1.5" is a Float: the entry must not stop at "1"
%entry words: Ident Colon;      // "if" is a keyword: not an Ident here
%entry kw:    If;               // "iffy" is an Ident, not "if" and "fy"
%entry arrow: Minus;            // "->" is an Arrow; "-" alone is Minus
%entry str:   Str;              // an unterminated string is an error of next_token's

digit = [0-9];

<INITIAL> "if"                  => If;
<INITIAL> [a-z]+                => Ident;
<INITIAL> digit+                => Integer;
<INITIAL> digit+ "." digit+     => Float;
<INITIAL> "->"                  => Arrow;
<INITIAL> "-"                   => Minus;
<INITIAL> ":"                   => Colon;
<INITIAL> "\"" [^"\n]* "\""     => Str;
<INITIAL> [ \t\n]+              => skip;
<INITIAL> "/*"                  => skip -> COMMENT;
<INITIAL> "#" [^\n]* / "\n"     => Note;
<COMMENT> "*/"                  => skip -> INITIAL;
<COMMENT> [^*]+                 => Text;
<COMMENT> "*"                   => Text;
<INITIAL> "!"                   => error;
<INITIAL> *                     => error;
