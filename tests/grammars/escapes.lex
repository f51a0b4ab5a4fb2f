// Strings whose body loops with short ways out and back in (escapes), which the
// generated code tests in place where the body's loop stops; and ways out that do not
// come back (a different body after `\!`, an accepting state on the way back, a state
// with a self-loop on the way). Tested against the regex reference, at every SIMD level
// and streaming (tests/integration/lexer_differential.rs, lexer_streaming.rs).
%name EscLexer;

hex = [0-9a-fA-F];

// Escapes of two bytes (`\n`), three (`\07`) and four (`\x1F`).
"\"" ([^"\\\n] | "\\" [nt"\\] | "\\" [0-7] [0-7] | "\\x" hex hex)* "\""  => Str;
// `\!` leads to another body (upper case): no way back to the first.
"<" [a-z ]* ("\\!" [A-Z ]*)? ">"                                        => Shout;
// The way back passes an accepting state (`'` ends the token, `''` goes on).
"'" ([^'] | "''")* "'"                                                  => Quoted;
// The way back passes a state with a self-loop (`\xxx;`).
"{" ([^}\\] | "\\" "x"+ ";")* "}"                                       => Braced;
[a-z]+                                                                  => Word;
[ \n]+                                                                  => skip;
*                                                                       => error;
