// A grammar used from a file by file_form.rs.
%name Words;

[a-z]+    => Word;
[0-9]+    => Number;
[ \t\n]+  => skip;
*         => Other;
