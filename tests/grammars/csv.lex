// RFC 4180 CSV: quoted fields with doubled quotes, bare fields, commas, line ends.
%name CsvLexer;

"\"" ([^"] | "\"\"")* "\""    => Quoted;
[^,"\r\n]+                    => Bare;
","                           => Comma;
"\r\n" | "\n"                 => RecordEnd;
