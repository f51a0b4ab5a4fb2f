// json_lexer!(file = ...) compiles, and the lexer it makes works.
json_lexgen_macros::json_lexer!(file = "words.lex");

fn main() {
    let kinds: Vec<WordsToken> = Words::new(b"abc 42 !x").map(|t| t.unwrap().kind).collect();
    assert_eq!(kinds, [WordsToken::Word, WordsToken::Number, WordsToken::Other, WordsToken::Word]);
}
