// The value-producing C lexer: c.lex's rules (re2c's c.re, public domain) with
// values. Integers and character constants are parsed to u64 and floats to f64 (with
// their errors), identifiers interned through `%extras` (c.re's check_type() would
// look them up there), and newlines counted in Newline tokens, comments and string
// literals (c.re's line bookkeeping). The callbacks call src/values.rs, as the logos
// derive (src/lib.rs, logos_values) and re2c/derived/c_values.re do.
%name CValuesLexer;
%extras crate::values::CState;
%error crate::values::CError;
%value Id: u32;
%value IntConst: u64;
%value FloatConst: f64;
// re2c:encoding:utf8 = 1 (with re2c's "ignore" policy; the input is a Rust String, so
// valid UTF-8, where strict and ignoring policies agree).
%encoding utf8;

O  = [0-7];
D  = [0-9];
NZ = [1-9];
L  = [a-zA-Z_];
A  = [a-zA-Z_0-9];
H  = [a-fA-F0-9];
HP = ("0" [xX]);
E  = ([Ee] [+-]? D+);
P  = ([Pp] [+-]? D+);
FS = [fFlL];
IS = (([uU] ("l" | "L" | "ll" | "LL")?) | (("l" | "L" | "ll" | "LL") [uU]?));
CP = ("u" | "U" | "L");
SP = ("u8" | "u" | "U" | "L");
ES = ("\\" (['"?\\abfnrtv] | [0-7]{1,3} | "x" [a-fA-F0-9]+));
LWS = [ \t\v\f];
WS = [ \t\v\n\f];
// Any one byte: ASCII as a class, the others as byte literals (which stay bytes in
// UTF-8 mode, where a class would be a character).
ANY_BYTE = [\x00-\x7F]
     | "\x80" | "\x81" | "\x82" | "\x83" | "\x84" | "\x85" | "\x86" | "\x87" | "\x88" | "\x89" | "\x8A" | "\x8B" | "\x8C" | "\x8D" | "\x8E" | "\x8F"
     | "\x90" | "\x91" | "\x92" | "\x93" | "\x94" | "\x95" | "\x96" | "\x97" | "\x98" | "\x99" | "\x9A" | "\x9B" | "\x9C" | "\x9D" | "\x9E" | "\x9F"
     | "\xA0" | "\xA1" | "\xA2" | "\xA3" | "\xA4" | "\xA5" | "\xA6" | "\xA7" | "\xA8" | "\xA9" | "\xAA" | "\xAB" | "\xAC" | "\xAD" | "\xAE" | "\xAF"
     | "\xB0" | "\xB1" | "\xB2" | "\xB3" | "\xB4" | "\xB5" | "\xB6" | "\xB7" | "\xB8" | "\xB9" | "\xBA" | "\xBB" | "\xBC" | "\xBD" | "\xBE" | "\xBF"
     | "\xC0" | "\xC1" | "\xC2" | "\xC3" | "\xC4" | "\xC5" | "\xC6" | "\xC7" | "\xC8" | "\xC9" | "\xCA" | "\xCB" | "\xCC" | "\xCD" | "\xCE" | "\xCF"
     | "\xD0" | "\xD1" | "\xD2" | "\xD3" | "\xD4" | "\xD5" | "\xD6" | "\xD7" | "\xD8" | "\xD9" | "\xDA" | "\xDB" | "\xDC" | "\xDD" | "\xDE" | "\xDF"
     | "\xE0" | "\xE1" | "\xE2" | "\xE3" | "\xE4" | "\xE5" | "\xE6" | "\xE7" | "\xE8" | "\xE9" | "\xEA" | "\xEB" | "\xEC" | "\xED" | "\xEE" | "\xEF"
     | "\xF0" | "\xF1" | "\xF2" | "\xF3" | "\xF4" | "\xF5" | "\xF6" | "\xF7" | "\xF8" | "\xF9" | "\xFA" | "\xFB" | "\xFC" | "\xFD" | "\xFE" | "\xFF";

"/" "*" ([^\x00*] | "*"+ [^\x00/])* "*"+ "/" => Comment({ lex.extras.lines += crate::values::count_lines(lex.slice()); });
"/" "*" ([^\x00*] | "*"+ [^\x00/])*          => error("unterminated comment");
"//" [^\x00\n]*                              => Comment;

"_Alignas"       => Alignas;
"_Alignof"       => Alignof;
"_Atomic"        => Atomic;
"_Bool"          => Bool;
"_Complex"       => Complex;
"_Generic"       => Generic;
"_Imaginary"     => Imaginary;
"_Noreturn"      => Noreturn;
"_Static_assert" => StaticAssert;
"_Thread_local"  => ThreadLocal;

"auto"     => Auto;
"break"    => Break;
"case"     => Case;
"char"     => Char;
"const"    => Const;
"continue" => Continue;
"default"  => Default;
"do"       => Do;
"double"   => Double;
"else"     => Else;
"enum"     => Enum;
"extern"   => Extern;
"float"    => Float;
"for"      => For;
"goto"     => Goto;
"if"       => If;
"inline"   => Inline;
"int"      => Int;
"long"     => Long;
"register" => Register;
"restrict" => Restrict;
"return"   => Return;
"short"    => Short;
"signed"   => Signed;
"sizeof"   => Sizeof;
"static"   => Static;
"struct"   => Struct;
"switch"   => Switch;
"typedef"  => Typedef;
"union"    => Union;
"unsigned" => Unsigned;
"void"     => Void;
"volatile" => Volatile;
"while"    => While;

L A*       => Id({ let name = lex.slice(); lex.extras.intern(name) });

HP H+ IS?  => IntConst({ crate::values::parse_int(lex.slice()) });
NZ D* IS?  => IntConst({ crate::values::parse_int(lex.slice()) });
"0" O* IS? => IntConst({ crate::values::parse_int(lex.slice()) });

CP? "'" ([^\x00'\\\n] | ES)+ "'" => IntConst({ crate::values::parse_char(lex.slice()) });
CP? "'" ([^\x00'\\\n] | ES)+     => error("unterminated character constant");

D+ E FS?           => FloatConst({ crate::values::parse_float(lex.slice()) });
D* "." D+ E? FS?   => FloatConst({ crate::values::parse_float(lex.slice()) });
D+ "." E? FS?      => FloatConst({ crate::values::parse_float(lex.slice()) });
HP H+ P FS?        => FloatConst({ crate::values::parse_float(lex.slice()) });
HP H* "." H+ P FS? => FloatConst({ crate::values::parse_float(lex.slice()) });
HP H+ "." P FS?    => FloatConst({ crate::values::parse_float(lex.slice()) });

(SP? "\"" ([^\x00"\\\n] | ES)* "\"" WS*)+ => StringLiteral({ lex.extras.lines += crate::values::count_lines(lex.slice()); });
(SP? "\"" ([^\x00"\\\n] | ES)*)            => error("unterminated string");

"..." => Ellipsis;
">>=" => RSAsgn;
"<<=" => LSAsgn;
"+="  => AddAsgn;
"-="  => SubAsgn;
"*="  => MulAsgn;
"/="  => DivAsgn;
"%="  => ModAsgn;
"&="  => BAndAsgn;
"^="  => BXorAsgn;
"|="  => BOrAsgn;
">>"  => RShift;
"<<"  => LShift;
"++"  => Incr;
"--"  => Decr;
"->"  => Arrow;
"&&"  => LAnd;
"||"  => LOr;
"<="  => LE;
">="  => GE;
"=="  => Eq;
"!="  => NEq;
";"   => Semi;
"{"   => OBrace;
"}"   => CBrace;
","   => Comma;
":"   => Colon;
"="   => Asgn;
"("   => OParen;
")"   => CParen;
"["   => OBrack;
"]"   => CBrack;
"."   => Dot;
"&"   => Amper;
"!"   => LNot;
"~"   => BNot;
"-"   => Sub;
"+"   => Add;
"*"   => Aster;
"/"   => Div;
"%"   => Mod;
"<"   => LT;
">"   => GT;
"^"   => BXor;
"|"   => BOr;
"?"   => Ques;

LWS+ => Whitespace;
"\n" => Newline({ lex.extras.lines += 1; });

[\x00] => Eof;                // c.re: input.eof = true
// c.re: `* { return input.error("bad character") }`. Written as a one-byte rule of the
// lowest priority (c.re's `*` is one: a byte, also in UTF-8 mode) rather than as `*`:
// json-lexgen reports a `*` rule's error as `NoMatch` without its message wherever the
// default rule fires (a bug, docs/grammar.md). The benchmark's kinds-only build has `*`.
ANY_BYTE => error("bad character");
