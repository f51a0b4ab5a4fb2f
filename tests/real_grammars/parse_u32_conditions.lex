// re2c's examples/rust/conditions/parse_u32_conditions.re (public domain), converted
// with its trailing context (`'0b' / [01]`, `'0x' / [0-9a-fA-F]`: a fixed-length `r`).
// What could not be converted (docs/grammar.md, "Converting re2c grammars"):
// - `"" / [1-9]`, an empty match that only switches condition, cannot be written (a rule
//   must consume input, also before `/`): the first digit switches to DEC instead, so
//   re2c's empty DecStart token has no counterpart (the test drops it and compares the
//   rest).
// The caller stops at Invalid and End, where re2c's actions return.
%name ParseU32Lexer;

<INIT> '0b' / [01]        => BinPrefix -> BIN;
<INIT> "0"                => OctPrefix -> OCT;
<INIT> [1-9]              => DecDigit -> DEC;   // re2c: "" / [1-9] :=> DEC, then <DEC> [0-9]
<INIT> '0x' / [0-9a-fA-F] => HexPrefix -> HEX;
<INIT> *                  => Invalid;

<BIN> [01]  => BinDigit;
<OCT> [0-7] => OctDigit;
<DEC> [0-9] => DecDigit;
<HEX> [0-9] => HexDigit;
<HEX> [a-f] => HexDigit;
<HEX> [A-F] => HexDigit;

<BIN, OCT, DEC, HEX> * => End;
