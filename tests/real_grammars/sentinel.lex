// re2c's examples/rust/eof/01_sentinel.re (public domain), converted in full.
// The caller stops at Bad and Nul, where re2c's actions return.
%name SentinelLexer;

*      => Bad;
"\x00" => Nul;
[a-z]+ => Word;
[ ]+   => skip;
