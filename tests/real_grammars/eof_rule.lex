// re2c's examples/rust/eof/03_eof_rule.re (public domain), converted in full:
// re2c's `$` with `re2c:eof` is our `$`. The caller stops at Bad and End, where
// re2c's actions return.
%name EofRuleLexer;

str = ['] ([^'\\] | [\\][^])* ['];

*     => Bad;
$     => End;
str   => Str;
[ ]+  => skip;
