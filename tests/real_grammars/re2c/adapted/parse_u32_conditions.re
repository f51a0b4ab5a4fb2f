// re2c's examples/rust/conditions/parse_u32_conditions.re (see ../SOURCES.md), adapted
// for the token comparison. The rules are re2c's, unchanged; what changed and why:
// - re2c 3.0's generic API (`re2c:define:YYPEEK` and so on, as Debian's re2c 3.0 ships
//   the same example), since CI's re2rust is 3.0 and the original needs 4.x's `--api simple`;
// - each action records its rule's token (kind, start, end) instead of adding a digit,
//   and `:=> COND` is written `=> COND { record; continue }` so that it records too.
// re2rust -c

/*!conditions:re2c*/

pub fn tokens(str: &[u8]) -> Vec<(&'static str, usize, usize)> {
    assert_eq!(str.last(), Some(&0)); // expect null-terminated input

    let (mut cur, mut mar) = (0, 0);
    let mut cond = YYC_INIT;
    let mut out = Vec::new();

    'lex: loop {
        let start = cur;
        macro_rules! token {
            ($kind:expr) => {
                out.push(($kind, start, cur))
            };
        }
        /*!re2c
        re2c:define:YYCTYPE   = u8;
        re2c:define:YYPEEK    = "*str.get_unchecked(cur)";
        re2c:define:YYSKIP    = "cur += 1;";
        re2c:define:YYBACKUP  = "mar = cur;";
        re2c:define:YYRESTORE = "cur = mar;";
        re2c:define:YYSHIFT   = "cur = (cur as isize + @@) as usize;";
        re2c:define:YYGETCONDITION = "cond";
        re2c:define:YYSETCONDITION = "cond = @@;";
        re2c:yyfill:enable = 0;

        <INIT> '0b' / [01]        => BIN { token!("BinPrefix"); continue 'lex; }
        <INIT> "0"                => OCT { token!("OctPrefix"); continue 'lex; }
        <INIT> "" / [1-9]         => DEC { token!("DecStart"); continue 'lex; }
        <INIT> '0x' / [0-9a-fA-F] => HEX { token!("HexPrefix"); continue 'lex; }
        <INIT> * { token!("Invalid"); return out; }

        <BIN> [01]  { token!("BinDigit"); continue 'lex; }
        <OCT> [0-7] { token!("OctDigit"); continue 'lex; }
        <DEC> [0-9] { token!("DecDigit"); continue 'lex; }
        <HEX> [0-9] { token!("HexDigit"); continue 'lex; }
        <HEX> [a-f] { token!("HexDigit"); continue 'lex; }
        <HEX> [A-F] { token!("HexDigit"); continue 'lex; }

        <BIN, OCT, DEC, HEX> * { token!("End"); return out; }
        */
    }
}
