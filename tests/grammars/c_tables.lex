// tests/grammars/c.lex with '%backend tables;' (json-lexgen/tests/backends.rs): do not edit.
%backend tables;
// A C-like token set with a block-comment condition.
%name CLexer;

ident   = [A-Za-z_] [A-Za-z0-9_]*;
dec     = [1-9] [0-9]* | "0";
hex     = "0" [xX] [0-9A-Fa-f]+;
esc     = "\\" ["'\\nrt0];
char    = [\x20-\x7E] \ ["\\];

<INIT> "if" | "else" | "while" | "for" | "return" | "int" | "char" => Keyword;
<INIT> ident                       => Ident;
<INIT> dec | hex                   => Number;
<INIT> "\"" (char | esc)* "\""     => Str;
<INIT> "\"" (char | esc)* "\n"   => error;   // a string that runs into the line end
<INIT> "'" ([\x20-\x7E] \ ['\\] | esc) "'" => CharLit;
<INIT> "==" | "!=" | "<=" | ">=" | "&&" | "||" | "->" | "++" | "--" => Operator;
<INIT> [-+*/%<>=!&|^~?:;,.(){}\[\]]  => Punct;
<INIT> "//" [^\n]*                 => skip;
<INIT> "/*"                        => skip -> COMMENT;
<INIT> [ \t\r\n]+                  => skip;
<COMMENT> "*/"                     => skip -> INIT;
<COMMENT> [^*]+ | "*"              => skip;
<INIT> *                           => error;
<*> $                              => End;
