// re2c's examples/rust/eof/03_eof_rule.re (see ../SOURCES.md), adapted for the token
// comparison: re2c 3.0's generic API (CI's re2rust is 3.0), and each action records
// its rule's token (kind, start, end) instead of counting. The rules are unchanged.

pub fn tokens(s: &[u8]) -> Vec<(&'static str, usize, usize)> {
    // The input must be null-terminated, otherwise the function has UB.
    assert_eq!(s.last(), Some(&0));

    let (mut cur, mut mar) = (0, 0);
    let lim = s.len() - 1; // null-terminator not included
    let mut out = Vec::new();

    'lex: loop {
        let start = cur;
        macro_rules! token {
            ($kind:expr) => {
                out.push(($kind, start, cur))
            };
        }
        /*!re2c
        re2c:define:YYCTYPE    = u8;
        re2c:define:YYPEEK     = "*s.get_unchecked(cur)";
        re2c:define:YYSKIP     = "cur += 1;";
        re2c:define:YYBACKUP   = "mar = cur;";
        re2c:define:YYRESTORE  = "cur = mar;";
        re2c:define:YYLESSTHAN = "cur >= lim";
        re2c:yyfill:enable = 0;
        re2c:eof = 0;

        str = ['] ([^'\\] | [\\][^])* ['];

        *    { token!("Bad"); return out; }
        $    { token!("End"); return out; }
        str  { token!("Str"); continue 'lex; }
        [ ]+ { continue 'lex; }
        */
    }
}
