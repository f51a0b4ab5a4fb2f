// JSON5 1.0 (https://spec.json5.org), as tokens for the JSON decoder.
//
// What the tokens promise the decoder (json-runtime's `JsonToken` documents each kind):
// - `String`: a string of either quote without a backslash, well-formed UTF-8; its
//   body is the span less the quotes, verbatim.
// - `Json5String`: a string of either quote with at least one backslash; its escapes
//   are JSON5's (the decoder unescapes them and rejects `\0` before a digit, which a
//   regex cannot see without lookahead).
// - `Integer`, `Float`: exactly json.lex's numbers, so most JSON5 numbers take the
//   strict fast paths; `LooseNumber` is every other decimal form (`+1`, `.5`, `5.`),
//   `HexInteger` a hexadecimal one, `NonFinite` a signed or unsigned Infinity or NaN.
// - `Identifier`: an unquoted key; verbatim unless it has `\uXXXX` escapes, which the
//   decoder decodes and checks. (One rule, not two kinds: a second copy of the
//   ID_Start/ID_Continue automaton, for names with escapes, cost a third of the states.)

%name Json5Lexer;
%on_error stop;                  // the parser stops at the first error: no recovery code
%token json_runtime::JsonToken;
// Classes hold characters and compile to strictly well-formed UTF-8 (no overlong forms,
// no surrogates, nothing above U+10FFFF): every token is UTF-8.
%encoding utf8;

// White space (ECMAScript WhiteSpace and LineTerminator): tab, LF, VT, FF, CR, space,
// U+00A0, U+FEFF, U+2028, U+2029, and the other space separators (Zs).
ws = [\t\n\x0B\x0C\r\u00A0\uFEFF\u2028\u2029\p{Zs}];

// A line comment ends at a line terminator (LF, CR, U+2028, U+2029) or at the end of
// the input; a block comment at the first `*/`. Both hold any character.
line_comment  = "//" [^\n\r\u2028\u2029]*;
block_comment = "/*" ([^*] | "*"+ [^*/])* "*"+ "/";

digit  = [0-9];
hex    = [0-9A-Fa-f];
int    = "0" | [1-9] digit*;
frac   = "." digit+;
exp    = [eE] [+\-]? digit+;

// Strings: any character but the quote, a backslash, LF and CR (control characters,
// U+2028 and U+2029 may stand for themselves). Escapes: the ECMAScript ones, `\xHH`,
// a line continuation (a backslash before LF, CR, CRLF, U+2028 or U+2029), and a
// backslash before any other character but the digits 1-9, which stands for that
// character.
dq_plain = [^"\\\n\r];
sq_plain = [^'\\\n\r];
escape   = "\\" ( [^1-9xu] | "\r\n" | "x" hex{2} | "u" hex{4} );

// Names (ECMAScript IdentifierName): ID_Start, `$`, `_` or a `\uXXXX` escape, then
// ID_Continue, `$`, ZWNJ, ZWJ or escapes. (The decoder checks what escapes stand for.)
id_start  = [\p{ID_Start}$_];
id_part   = [\p{ID_Continue}$\u200C\u200D];
id_escape = "\\u" hex{4};

"{"     => ObjectStart;
"}"     => ObjectEnd;
"["     => ArrayStart;
"]"     => ArrayEnd;
":"     => Colon;
","     => Comma;
"true"  => True;
"false" => False;
"null"  => Null;

// Strict JSON numbers first: on a tie the earlier rule wins, so they keep their kinds.
"-"? int                                        => Integer;
"-"? int frac? exp?                             => Float;
[+\-]? (int ("." digit*)? exp? | "." digit+ exp?) => LooseNumber;
[+\-]? "0" [xX] hex+                            => HexInteger;
[+\-]? ("Infinity" | "NaN")                     => NonFinite;

"\"" dq_plain* "\""                             => String;
"'" sq_plain* "'"                               => String;
"\"" (dq_plain | escape)* "\""                  => Json5String;
"'" (sq_plain | escape)* "'"                    => Json5String;

// After the keywords: `true`, `null`, `Infinity` are keywords, `trueish` a name.
(id_start | id_escape) (id_part | id_escape)*   => Identifier;

ws+           => skip;
line_comment  => skip;
block_comment => skip;

* => error;

// Entry points for the parser (docs/grammar.md, "Entry points"): where it knows which
// tokens can come next, the first byte has only those to tell apart (and whitespace);
// anything else is lexed again by the whole lexer, so the answers never change.
%entry key:         String Json5String Identifier ObjectEnd;   // after '{' or ',' in an object
%entry colon:       Colon;                           // after a key
%entry object_next: Comma ObjectEnd;                 // after a member's value
%entry array_next:  Comma ArrayEnd;                  // after an element
