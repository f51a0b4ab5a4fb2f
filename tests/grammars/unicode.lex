// A grammar in %encoding utf8 for the differential test (tests/integration/
// lexer_differential.rs): identifiers two ways, Unicode digits, strings whose bodies are
// negated classes, '.'-based comments, Unicode spaces, \P{..}.
%name UnicodeLexer;
%encoding utf8;

"let"                                   => Let;
\p{L} [\p{L}\p{N}_]*                    => Ident;
"$" \p{ID_Start} \p{ID_Continue}*       => Var;
\p{Nd}+                                 => Number;
"@" \P{L}+                              => NonLetters;
"\"" [^"\\\n]* "\""                     => Str;
"\"" ([^"\\\n] | "\\" [^\n])* "\""      => EscapedStr;
"//" .*                                 => skip;
[\p{Zs}\t\n\u{FEFF}\u2028\u2029]+       => skip;
[^\p{L}\p{N}\p{Zs}\t\n\u{FEFF}\u2028\u2029"$@/\\] => Other;
* => error;
