// The macro's expansion under deny(warnings): a grammar without `skip` and without
// conditions, in a private module, whose `condition()` nobody calls. rustc does not
// report `unused_labels` or `dead_code` inside a proc macro's expansion (this case
// passed before they were fixed): tests/generated.rs, which builds generated files,
// is the test that catches them.
#![deny(warnings, dead_code)]

mod lexer {
    json_lexgen_macros::json_lexer!(r#"%name NoSkip; "a" => A; * => error;"#, streaming, trace);
}

fn main() {
    assert_eq!(lexer::NoSkip::new(b"aa").count(), 2);
    let _ = lexer::NoSkipStream::new().next_token(b"a", 0, true);
}
