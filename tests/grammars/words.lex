// Self-loops whose classes the generated code tests eight bytes at a time as one word
// (json-lexgen/src/codegen/loops.rs): each form of the word test, each kind of stop
// byte, and a string body with its UTF-8 kernel. Tested against the regex reference, at
// every SIMD level (tests/integration/lexer_differential.rs).
%name WordsLexer;

cont  = [\x80-\xBF];
utf8  = [\xC2-\xDF] cont | [\xE0-\xEF] cont cont | [\xF0-\xF4] cont cont cont;

// Every ASCII byte: no stop kind but bytes >= 0x80.
"~" [\x00-\x7F]*                                   => Ascii;
// A low range, single bytes and a high range of stops; with multibyte characters.
"'" ([\x20-\x26\x28-\x5B\x5D-\x7E] | utf8)* "'"    => Quoted;
// A gap of two bytes in the middle (`,` and `-`), taken as two single bytes.
"#" [\x20-\x2B\x2E-\x7F]*                          => Hash;
// A wide gap in the middle (the digits): the exact test, as a union of ranges.
"!" [\x20-\x2F\x3A-\x7F]*                          => Bang;
// Three ranges: no word test cheap enough, the byte tests.
"&" [\x00-\x09\x0B-\x2F\x3A-\x7F]*                 => Amp;
// One range: a low and a high range of stops.
[0-9]+                                             => Digits;
[a-z]+                                             => Word;
"\n"                                               => Newline;
*                                                  => error;
