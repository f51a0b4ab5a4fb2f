// re2c's examples/rust/eof/01_sentinel.re (see ../SOURCES.md), adapted for the token
// comparison: re2c 3.0's generic API (CI's re2rust is 3.0), and each action records
// its rule's token (kind, start, end) instead of counting. The rules are unchanged.

pub fn tokens(s: &[u8]) -> Vec<(&'static str, usize, usize)> {
    // The input must be null-terminated, otherwise the function has UB.
    assert_eq!(s.last(), Some(&0));

    let mut cur = 0;
    let mut out = Vec::new();

    'lex: loop {
        let start = cur;
        macro_rules! token {
            ($kind:expr) => {
                out.push(($kind, start, cur))
            };
        }
        /*!re2c
        re2c:define:YYCTYPE = u8;
        re2c:define:YYPEEK  = "*s.get_unchecked(cur)";
        re2c:define:YYSKIP  = "cur += 1;";
        re2c:yyfill:enable = 0;

        *      { token!("Bad"); return out; }
        [\x00] { token!("Nul"); return out; }
        [a-z]+ { token!("Word"); continue 'lex; }
        [ ]+   { continue 'lex; }
        */
    }
}
