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
// - `Identifier`: an unquoted key, verbatim; `EscapedIdentifier` one with `\uXXXX`
//   escapes (the decoder decodes them and checks what they stand for).

%name Json5Lexer;
%token json_runtime::JsonToken;

// Strictly well-formed UTF-8, as in json.lex.
cont   = [\x80-\xBF];
utf8   = [\xC2-\xDF] cont
       | "\xE0" [\xA0-\xBF] cont
       | [\xE1-\xEC\xEE\xEF] cont cont
       | "\xED" [\x80-\x9F] cont
       | "\xF0" [\x90-\xBF] cont cont
       | [\xF1-\xF3] cont cont cont
       | "\xF4" [\x80-\x8F] cont cont;

// The same without U+2028 and U+2029 (E2 80 A8, E2 80 A9), which end a line comment.
utf8_nols = [\xC2-\xDF] cont
       | "\xE0" [\xA0-\xBF] cont
       | [\xE1\xE3-\xEC\xEE\xEF] cont cont
       | "\xE2" [\x81-\xBF] cont
       | "\xE2\x80" [\x80-\xA7\xAA-\xBF]
       | "\xED" [\x80-\x9F] cont
       | "\xF0" [\x90-\xBF] cont cont
       | [\xF1-\xF3] cont cont cont
       | "\xF4" [\x80-\x8F] cont cont;

// White space (ECMAScript WhiteSpace and LineTerminator): tab, LF, VT, FF, CR, space,
// U+00A0, U+FEFF, U+2028, U+2029, and the other space separators (Zs).
ws = [\t\n\x0B\x0C\r ]
   | "\u00A0" | "\uFEFF" | "\u2028" | "\u2029"
   | "\u1680" | "\xE2\x80" [\x80-\x8A] | "\u202F" | "\u205F" | "\u3000";

line_comment  = "//" ([\x00-\x09\x0B\x0C\x0E-\x7F] | utf8_nols)*;
block_comment = "/*" ([\x00-\x29\x2B-\x7F] | utf8 | "*"+ ([\x00-\x29\x2B-\x2E\x30-\x7F] | utf8))* "*"+ "/";

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
dq_plain = [\x00-\x09\x0B\x0C\x0E-\x21\x23-\x5B\x5D-\x7F] | utf8;
sq_plain = [\x00-\x09\x0B\x0C\x0E-\x26\x28-\x5B\x5D-\x7F] | utf8;
escape   = "\\" ( [\x00-\x30\x3A-\x74\x76-\x77\x79-\x7F] | "\r\n" | utf8 | "x" hex{2} | "u" hex{4} );

// Identifiers (ECMAScript IdentifierName), ASCII letters for now, and `\uXXXX`.
id_start  = [A-Za-z$_];
id_part   = [A-Za-z0-9$_];
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
id_start id_part*                               => Identifier;
(id_start | id_escape) (id_part | id_escape)*   => EscapedIdentifier;

ws+           => skip;
line_comment  => skip;
block_comment => skip;
// A line comment with invalid UTF-8: longer than the comment before the bad byte, so it
// wins, and the decoder finds and names the byte. (Not before 0xE2: U+2028 and U+2029
// end a line comment.)
line_comment [\x80-\xE1\xE3-\xFF] => error;

* => error;
