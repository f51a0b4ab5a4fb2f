// Nesting and lookahead, as a Rust or JavaScript lexer needs them: block comments that
// nest and template literals with `${ ... }` inside (a condition stack), a range `1..2`
// told from a float `1.5` and a call `f(` from a name (trailing context), and errors the
// lexer goes on after (an unterminated string, a stray '}').
%name NestLexer;

<CODE> [0-9]+ / ".."          => Int;
<CODE> [0-9]+ "." [0-9]+      => Float;
<CODE> [0-9]+                 => Int;
<CODE> ".." | "."             => Dot;
<CODE> [a-z_]+ / "("          => Call;
<CODE> [a-z_]+                => Ident;
<CODE> [()]                   => Paren;
<CODE> "/*"                   => skip -> push(COMMENT);
<CODE> "\"" [^"\n]* "\""      => Str;
<CODE> "\"" [^"\n]* "\n"      => error;
<CODE> "`"                    => Tick -> push(TEMPLATE);
<CODE> "{"                    => Open -> push(CODE);
<CODE> "}"                    => Close -> pop;
<CODE> [ \n]+                 => skip;
<CODE> *                      => error;
<COMMENT> "/*"                => skip -> push(COMMENT);
<COMMENT> "*/"                => skip -> pop;
<COMMENT> [^*/]+ | "*" | "/"  => skip;
<TEMPLATE> "${"               => Interp -> push(CODE);
<TEMPLATE> "`"                => Tick -> pop;
<TEMPLATE> [^`$]+ | "$"       => Text;
<*> $                         => Eof;
