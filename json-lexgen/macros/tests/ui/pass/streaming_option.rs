// The `streaming` option: beside the slice lexer, `WordsStream`, a
// `json_runtime::lex::StreamLexer` over a buffer the caller refills; with the other
// options, and through `ReadLexer` over a reader.
use json_runtime::lex::{ReadLexer, Step, StreamLexer};
use json_runtime::Token;

json_lexgen_macros::json_lexer!(r#"%name Words; [a-z]+ => Word; " "+ => skip; $ => End; * => error;"#, streaming);

mod safe {
    json_lexgen_macros::json_lexer!(file = "words.lex", no_unsafe, no_simd, streaming);
}

/// Every token and the error, fed one byte at a time.
fn bytewise<L: StreamLexer>(input: &[u8]) -> Vec<Step<L::Kind>> {
    let mut lexer = L::new();
    let (mut steps, mut have) = (Vec::new(), 0);
    loop {
        match lexer.next_token(&input[..have], 0, have == input.len()) {
            Step::NeedMore => have += 1,
            Step::End => return steps,
            step => steps.push(step),
        }
    }
}

fn main() {
    let tok = |kind, start, end| Step::Token(Token { kind, start, end });
    assert_eq!(
        bytewise::<WordsStream>(b"ab cde"),
        [tok(WordsToken::Word, 0, 2), tok(WordsToken::Word, 3, 6), tok(WordsToken::End, 6, 6)]
    );
    // The slice lexer is there, as without the option.
    assert_eq!(Words::new(b"ab cde").count(), 3);

    let steps = bytewise::<safe::WordsStream>(b"abc 42 !");
    assert_eq!(steps.len(), 3, "{steps:?}");
    assert!(matches!(steps[2], Step::Token(t) if t.kind == safe::WordsToken::Other && t.start == 7));

    let words: Vec<_> = ReadLexer::<_, WordsStream>::new(&b"one two"[..]).map(|t| t.unwrap().kind).collect();
    assert_eq!(words, [WordsToken::Word, WordsToken::Word, WordsToken::End]);
}
