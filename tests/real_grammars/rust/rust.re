// A lexer for Rust source, for re2rust 3.0. Written for this comparison (no re2c lexer
// for a nesting language with a compatible licence was found); public domain like
// re2c's examples (MIT OR Apache-2.0 as the rest of this repository, if you prefer).
// The nesting is where re2c's actions are code: block comments nest through a depth
// counter, and a raw string's closing quote and hashes are found by a scan in the
// action. rust.lex beside it is the conversion; docs/grammar.md says what it cannot do.
// re2rust -c

/*!re2c
    re2c:encoding:utf8 = 1;
*/

/*!conditions:re2c*/

/// The tokens of `s` (which ends with a NUL that is not part of the text), up to an
/// End token or an error token.
pub fn tokens(s: &[u8]) -> Vec<(&'static str, usize, usize)> {
    assert_eq!(s.last(), Some(&0));

    let (mut cur, mut mar, mut ctx) = (0, 0, 0);
    let lim = s.len() - 1; // the NUL is not text
    let mut cond = YYC_CODE;
    let mut depth = 0usize; // nesting depth of block comments
    let mut out = Vec::new();

    'lex: loop {
        let start = cur;
        macro_rules! token {
            ($kind:expr) => {
                out.push(($kind, start, cur))
            };
        }
        /*!re2c
        re2c:define:YYCTYPE        = u8;
        re2c:define:YYPEEK         = "*s.get_unchecked(cur)";
        re2c:define:YYSKIP         = "cur += 1;";
        re2c:define:YYBACKUP       = "mar = cur;";
        re2c:define:YYRESTORE      = "cur = mar;";
        re2c:define:YYBACKUPCTX    = "ctx = cur;";
        re2c:define:YYRESTORECTX   = "cur = ctx;";
        re2c:define:YYLESSTHAN     = "cur >= lim";
        re2c:define:YYSHIFT        = "cur = (cur as isize + @@) as usize;";
        re2c:define:YYGETCONDITION = "cond";
        re2c:define:YYSETCONDITION = "cond = @@;";
        re2c:yyfill:enable = 0;
        re2c:eof = 0;

        ident  = [a-zA-Z_] [a-zA-Z0-9_]*;
        digits = [0-9] [0-9_]*;
        exp    = [eE] [+-]? "_"* [0-9] [0-9_]*;
        esc    = "\\" ([nrt\\0'"] | "x" [0-9a-fA-F]{2} | "u{" [0-9a-fA-F_]{1,6} "}");
        char   = "'" ([^'\\\n\r\t] | esc) "'";
        str    = "\"" ([^"\\] | "\\" [^])* "\"";

        <CODE> [ \t\r\n]+ { continue 'lex; }
        <CODE> "//" [^\n]* { token!("LineComment"); continue 'lex; }
        <CODE> "/*" => COMMENT { depth = 1; continue 'lex; }

        <CODE> "as" | "break" | "const" | "continue" | "crate" | "else" | "enum" | "extern"
             | "false" | "fn" | "for" | "if" | "impl" | "in" | "let" | "loop" | "match"
             | "mod" | "move" | "mut" | "pub" | "ref" | "return" | "self" | "Self"
             | "static" | "struct" | "super" | "trait" | "true" | "type" | "unsafe"
             | "use" | "where" | "while" | "async" | "await" | "dyn" | "_"
             { token!("Keyword"); continue 'lex; }
        <CODE> ident        { token!("Ident"); continue 'lex; }
        <CODE> "r#" ident   { token!("RawIdent"); continue 'lex; }
        <CODE> "'" ident    { token!("Lifetime"); continue 'lex; }

        <CODE> digits "." digits exp? ident? { token!("Float"); continue 'lex; }
        <CODE> digits exp ident?             { token!("Float"); continue 'lex; }
        // `1.` is a float only where no '.', identifier or digit follows (`1..2`, `1.max()`).
        <CODE> digits "." / [^._a-zA-Z0-9]   { token!("Float"); continue 'lex; }
        <CODE> (digits | "0x" [0-9a-fA-F_]+ | "0o" [0-7_]+ | "0b" [01_]+) ident?
             { token!("Int"); continue 'lex; }

        <CODE> char       { token!("Char"); continue 'lex; }
        <CODE> "b" char   { token!("Byte"); continue 'lex; }
        <CODE> [bc]? str  { token!("Str"); continue 'lex; }

        // r"..", r#".."#, r##".."##: the closing quote must be followed by as many
        // '#' as the opening one was preceded by, which a regex cannot count.
        <CODE> [bc]? "r" "#"* "\"" {
            let hashes = s[start..cur].iter().filter(|&&b| b == b'#').count();
            let closing = s[cur..lim]
                .windows(hashes + 1)
                .position(|w| w[0] == b'"' && w[1..].iter().all(|&b| b == b'#'));
            match closing {
                Some(at) => {
                    cur += at + 1 + hashes;
                    token!("RawStr");
                    continue 'lex;
                }
                None => {
                    cur = lim;
                    token!("UnterminatedRawStr");
                    return out;
                }
            }
        }

        <CODE> "::" | "->" | "=>" | "==" | "!=" | "<=" | ">=" | "&&" | "||" | "+=" | "-="
             | "*=" | "/=" | "%=" | "^=" | "&=" | "|=" | "<<=" | ">>=" | "<<" | ">>"
             | ".." | "..." | "..=" | [-+*/%^!&|=<>@.,;:#$?~]
             { token!("Op"); continue 'lex; }
        <CODE> [(){}[\]] { token!("Delim"); continue 'lex; }

        <CODE> *  { token!("Unknown"); continue 'lex; }
        <CODE> $  { token!("End"); return out; }

        <COMMENT> "/*" { depth += 1; continue 'lex; }
        <COMMENT> "*/" {
            depth -= 1;
            if depth == 0 {
                cond = YYC_CODE;
            }
            continue 'lex;
        }
        <COMMENT> [^*/]+ | [*/] { continue 'lex; }
        <COMMENT> *  { continue 'lex; }
        <COMMENT> $  { token!("UnterminatedComment"); return out; }
        */
    }
}
