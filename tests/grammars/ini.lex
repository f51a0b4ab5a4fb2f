// INI files: sections, keys, values, comments. A value runs to the end of the line.
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
