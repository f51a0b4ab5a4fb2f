//! The value-producing C lexer as a logos 0.16 derive: [`crate::logos_c`]'s rules, with
//! callbacks that call [`crate::values`] as c_values.lex's do (the same interner in
//! `extras`, the same parsing), and c.re's errors as callbacks' errors. Same rules,
//! regex-crate syntax. Over bytes (`utf8 = false`), so that c.re's `*` can be a
//! one-byte rule of the lowest priority as in c.re: logos's own error would span the
//! bytes it read before failing (`'\` of `'\u2028'`, two of them, in a C++ header).
//! On valid UTF-8, c.re's negated ASCII classes match the same bytes as characters.
//!
//! In a file of its own so that `build_times.sh` can build it alone.

use crate::values::{count_lines, parse_char, parse_float, parse_int, CError, CState};
use logos::Logos;

#[derive(Logos, Debug, Clone, Copy, PartialEq)]
#[logos(utf8 = false)]
#[logos(extras = CState)]
#[logos(error = CError)]
#[logos(subpattern o = r"[0-7]")]
#[logos(subpattern d = r"[0-9]")]
#[logos(subpattern nz = r"[1-9]")]
#[logos(subpattern l = r"[a-zA-Z_]")]
#[logos(subpattern a = r"[a-zA-Z_0-9]")]
#[logos(subpattern h = r"[a-fA-F0-9]")]
#[logos(subpattern hp = r"0[xX]")]
#[logos(subpattern e = r"[Ee][+-]?[0-9]+")]
#[logos(subpattern p = r"[Pp][+-]?[0-9]+")]
#[logos(subpattern fs = r"[fFlL]")]
#[logos(subpattern is = r"(([uU](l|L|ll|LL)?)|((l|L|ll|LL)[uU]?))")]
#[logos(subpattern cp = r"(u|U|L)")]
#[logos(subpattern sp = r"(u8|u|U|L)")]
#[logos(subpattern es = r#"(\\(['"?\\abfnrtv]|[0-7]{1,3}|x[a-fA-F0-9]+))"#)]
pub enum CValue {
    #[regex(r"/\*([^\x00*]|\*+[^\x00/])*\*+/", lines, allow_greedy = true)]
    #[regex(r"//[^\x00\n]*", allow_greedy = true)]
    Comment,
    #[regex(r"/\*([^\x00*]|\*+[^\x00/])*", |_| error("unterminated comment"), allow_greedy = true)]
    UnterminatedComment,

    #[token("_Alignas")]
    Alignas,
    #[token("_Alignof")]
    Alignof,
    #[token("_Atomic")]
    Atomic,
    #[token("_Bool")]
    Bool,
    #[token("_Complex")]
    Complex,
    #[token("_Generic")]
    Generic,
    #[token("_Imaginary")]
    Imaginary,
    #[token("_Noreturn")]
    Noreturn,
    #[token("_Static_assert")]
    StaticAssert,
    #[token("_Thread_local")]
    ThreadLocal,
    #[token("auto")]
    Auto,
    #[token("break")]
    Break,
    #[token("case")]
    Case,
    #[token("char")]
    Char,
    #[token("const")]
    Const,
    #[token("continue")]
    Continue,
    #[token("default")]
    Default,
    #[token("do")]
    Do,
    #[token("double")]
    Double,
    #[token("else")]
    Else,
    #[token("enum")]
    Enum,
    #[token("extern")]
    Extern,
    #[token("float")]
    Float,
    #[token("for")]
    For,
    #[token("goto")]
    Goto,
    #[token("if")]
    If,
    #[token("inline")]
    Inline,
    #[token("int")]
    Int,
    #[token("long")]
    Long,
    #[token("register")]
    Register,
    #[token("restrict")]
    Restrict,
    #[token("return")]
    Return,
    #[token("short")]
    Short,
    #[token("signed")]
    Signed,
    #[token("sizeof")]
    Sizeof,
    #[token("static")]
    Static,
    #[token("struct")]
    Struct,
    #[token("switch")]
    Switch,
    #[token("typedef")]
    Typedef,
    #[token("union")]
    Union,
    #[token("unsigned")]
    Unsigned,
    #[token("void")]
    Void,
    #[token("volatile")]
    Volatile,
    #[token("while")]
    While,

    #[regex(r"(?&l)(?&a)*", |lex| { let name = lex.slice(); lex.extras.intern(name) })]
    Id(u32),

    #[regex(r"(?&hp)(?&h)+(?&is)?", |lex| parse_int(lex.slice()))]
    #[regex(r"(?&nz)(?&d)*(?&is)?", |lex| parse_int(lex.slice()))]
    #[regex(r"0(?&o)*(?&is)?", |lex| parse_int(lex.slice()))]
    #[regex(r"(?&cp)?'([^\x00'\\\n]|(?&es))+'", |lex| parse_char(lex.slice()))]
    IntConst(u64),
    #[regex(r"(?&cp)?'([^\x00'\\\n]|(?&es))+", |_| error("unterminated character constant"))]
    UnterminatedCharacterConstant,

    #[regex(r"(?&d)+(?&e)(?&fs)?", |lex| parse_float(lex.slice()))]
    #[regex(r"(?&d)*\.(?&d)+(?&e)?(?&fs)?", |lex| parse_float(lex.slice()))]
    #[regex(r"(?&d)+\.(?&e)?(?&fs)?", |lex| parse_float(lex.slice()))]
    #[regex(r"(?&hp)(?&h)+(?&p)(?&fs)?", |lex| parse_float(lex.slice()))]
    #[regex(r"(?&hp)(?&h)*\.(?&h)+(?&p)(?&fs)?", |lex| parse_float(lex.slice()))]
    #[regex(r"(?&hp)(?&h)+\.(?&p)(?&fs)?", |lex| parse_float(lex.slice()))]
    FloatConst(f64),

    #[regex(r#"((?&sp)?"([^\x00"\\\n]|(?&es))*"[ \t\x0B\n\x0C]*)+"#, lines)]
    StringLiteral,
    #[regex(r#"(?&sp)?"([^\x00"\\\n]|(?&es))*"#, |_| error("unterminated string"))]
    UnterminatedString,

    #[token("...")]
    Ellipsis,
    #[token(">>=")]
    RSAsgn,
    #[token("<<=")]
    LSAsgn,
    #[token("+=")]
    AddAsgn,
    #[token("-=")]
    SubAsgn,
    #[token("*=")]
    MulAsgn,
    #[token("/=")]
    DivAsgn,
    #[token("%=")]
    ModAsgn,
    #[token("&=")]
    BAndAsgn,
    #[token("^=")]
    BXorAsgn,
    #[token("|=")]
    BOrAsgn,
    #[token(">>")]
    RShift,
    #[token("<<")]
    LShift,
    #[token("++")]
    Incr,
    #[token("--")]
    Decr,
    #[token("->")]
    Arrow,
    #[token("&&")]
    LAnd,
    #[token("||")]
    LOr,
    #[token("<=")]
    LE,
    #[token(">=")]
    GE,
    #[token("==")]
    Eq,
    #[token("!=")]
    NEq,
    #[token(";")]
    Semi,
    #[token("{")]
    OBrace,
    #[token("}")]
    CBrace,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    #[token("=")]
    Asgn,
    #[token("(")]
    OParen,
    #[token(")")]
    CParen,
    #[token("[")]
    OBrack,
    #[token("]")]
    CBrack,
    #[token(".")]
    Dot,
    #[token("&")]
    Amper,
    #[token("!")]
    LNot,
    #[token("~")]
    BNot,
    #[token("-")]
    Sub,
    #[token("+")]
    Add,
    #[token("*")]
    Aster,
    #[token("/")]
    Div,
    #[token("%")]
    Mod,
    #[token("<")]
    LT,
    #[token(">")]
    GT,
    #[token("^")]
    BXor,
    #[token("|")]
    BOr,
    #[token("?")]
    Ques,

    #[regex(r"[ \t\x0B\x0C]+")]
    Whitespace,
    #[token("\n", |lex| lex.extras.lines += 1)]
    Newline,

    #[regex(r"[\x00-\xFF]", |_| error("bad character"), priority = 0)]
    BadCharacter,

    #[token("\0")]
    Eof,
}

fn lines(lex: &mut logos::Lexer<CValue>) {
    lex.extras.lines += count_lines(lex.slice());
}

fn error(message: &'static str) -> Result<(), CError> {
    Err(CError::Message(message))
}

/// Lexes `text` (NUL-terminated) to its end, for the benchmark. (The loop is written as
/// c_values_count's is: `next()` and `extras` on the same lexer.)
#[allow(clippy::while_let_on_iterator)]
pub fn count(text: &[u8]) -> crate::values::Summary {
    let mut lexer = CValue::lexer(text);
    let mut summary = crate::values::Summary::default();
    while let Some(token) = lexer.next() {
        match token {
            Ok(CValue::Eof) => break,
            Ok(CValue::IntConst(v)) => summary.token(v),
            Ok(CValue::FloatConst(v)) => summary.token(v.to_bits()),
            Ok(CValue::Id(v)) => summary.token(v as u64),
            Ok(_) => summary.token(0),
            Err(_) => summary.errors += 1,
        }
    }
    summary.finish(lexer.extras.names.len(), lexer.extras.lines)
}

/// The tokens of `text` (NUL-terminated) with their values, as c_values.lex shows
/// them; then the lines counted.
pub fn tokens(text: &str) -> (Vec<crate::Tok>, usize) {
    let mut lexer = CValue::lexer(text.as_bytes());
    let mut out = Vec::new();
    while let Some(token) = lexer.next() {
        let span = lexer.span();
        let shown = match token {
            Ok(value) => format!("{value:?}"),
            Err(e) => format!("error: {e:?}"),
        };
        let eof = shown == "Eof";
        out.push((shown, span.start, span.end));
        if eof {
            break;
        }
    }
    (out, lexer.extras.lines)
}
