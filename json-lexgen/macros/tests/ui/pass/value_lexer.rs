// A value lexer with every feature, warning-free (`deny(warnings)`) in a private module.
#![deny(warnings)]

mod lexer {
    #[derive(Default)]
    pub struct Lines {
        pub lines: usize,
    }

    #[derive(Debug, PartialEq)]
    pub enum MyError {
        Lex(json_runtime::lex::TokenError),
        Overflow,
    }

    impl From<json_runtime::lex::TokenError> for MyError {
        fn from(e: json_runtime::lex::TokenError) -> Self {
            MyError::Lex(e)
        }
    }

    fn int(lex: &mut Calc) -> Result<u64, MyError> {
        lex.text()?.parse().map_err(|_| MyError::Overflow)
    }

    json_lexgen_macros::json_lexer!(
        r##"
        %name Calc;
        %extras Lines;
        %error MyError;
        %value Int: u64;
        %value Name: &'s str;
        <MAIN> [0-9]+           => Int(int);
        <MAIN> [a-z]+ / "("     => Name;
        <MAIN> [a-z]+           => Name;
        <MAIN> "("              => Open -> push(MAIN);
        <MAIN> ")"              => Close -> pop;
        <MAIN> "\n"             => skip({ lex.extras.lines += 1; });
        <MAIN> " "+             => skip;
        <MAIN> "#" [^\n]*       => skip(|_lex| json_runtime::lex::Skip);
        <MAIN> "!"              => error("no bangs");
        <MAIN> *                => error;
"##
    );
}

fn main() {
    let mut lexer = lexer::Calc::new("f(12)\n!");
    let tokens: Vec<_> = lexer.by_ref().collect();
    assert_eq!(tokens.len(), 5);
    assert_eq!(lexer.extras.lines, 1);
}
