// INI files (a copy of tests/grammars/ini.lex): sections, keys, values, comments.
%name IniLexer;

name = [A-Za-z0-9_.\-]+;

<LINE> "[" name "]"          => Section;
<LINE> name                  => Key;
<LINE> [ \t]* "=" [ \t]*     => Equals -> VALUE;
<LINE> [;#] [^\n]*           => Comment;
<LINE> [ \t]+                => skip;
<LINE> "\r"? "\n"            => Newline;
<VALUE> [^\r\n]+             => Value;
<VALUE> "\r"? "\n"           => Newline -> LINE;
<*> *                        => Invalid;
