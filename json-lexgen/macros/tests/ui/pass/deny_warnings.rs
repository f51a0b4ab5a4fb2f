// The macro's expansion builds warning-free too: a grammar without `skip` and without
// conditions, in a private module, whose `condition()` nobody calls.
#![deny(warnings, dead_code)]

mod lexer {
    json_lexgen_macros::json_lexer!(r#"%name NoSkip; "a" => A; * => error;"#, streaming, trace);
}

fn main() {
    assert_eq!(lexer::NoSkip::new(b"aa").count(), 2);
    let _ = lexer::NoSkipStream::new().next_token(b"a", 0, true);
}
