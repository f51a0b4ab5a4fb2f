// re2c's C lexer (re2c/original/real_world/c.re, public domain), converted rule for rule
// in the same order. What could not be converted as written (see docs/grammar.md,
// "Converting re2c grammars"):
// - `input.error("...")` actions become token kinds (Unterminated*, BadCharacter):
//   `error` stops the lexer and carries no message, and c.re's caller goes on after
//   an error, as the token comparison does;
// - `input.check_type()` (an identifier looked up in a symbol table: code) becomes
//   `Id`, which is what c.re's stand-in symbol table always answers;
// - `[\x00] { input.eof = true; ... }`, the sentinel that ends the input, is a token
//   kind `Eof` where the caller stops (so an embedded NUL ends lexing in both).
%name CLexer;
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

"/" "*" ([^\x00*] | "*"+ [^\x00/])* "*"+ "/" => Comment;
"/" "*" ([^\x00*] | "*"+ [^\x00/])*          => UnterminatedComment;
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

L A*       => Id;             // c.re: input.check_type()

HP H+ IS?  => IntConst;
NZ D* IS?  => IntConst;
"0" O* IS? => IntConst;

CP? "'" ([^\x00'\\\n] | ES)+ "'" => IntConst;
CP? "'" ([^\x00'\\\n] | ES)+     => UnterminatedCharacterConstant;

D+ E FS?           => FloatConst;
D* "." D+ E? FS?   => FloatConst;
D+ "." E? FS?      => FloatConst;
HP H+ P FS?        => FloatConst;
HP H* "." H+ P FS? => FloatConst;
HP H+ "." P FS?    => FloatConst;

(SP? "\"" ([^\x00"\\\n] | ES)* "\"" WS*)+ => StringLiteral;
(SP? "\"" ([^\x00"\\\n] | ES)*)            => UnterminatedString;

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
"\n" => Newline;

*      => BadCharacter;       // c.re: input.error("bad character")
[\x00] => Eof;                // c.re: input.eof = true
