// re2c's examples/rust/submatch/01_stags.re (public domain), converted but for its
// tags: the token is the same, but `@t1 .. @t5` (the positions of the version's
// parts) have no counterpart here, so a caller must split the token's text itself.
%name StagsLexer;

num = [0-9]+;

num "." num ("." num)? "\x00" => SemVer;   // re2c: @t1 num @t2 "." @t3 num @t4 ("." @t5 num)? [\x00]
*                             => Bad;
