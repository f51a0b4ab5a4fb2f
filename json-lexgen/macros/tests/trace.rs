//! The `trace` option (re2c's `-d`): the lexer prints each state it enters and each
//! outcome it chooses to standard error. The test runs itself again as a child process
//! (the harness captures a test's output) and reads the child's standard error.

use std::process::Command;

/// Both lexers' grammar, as `ab_lexer!` spells it: a fallback (`ab` is `a`), a skip
/// loop, the error rule.
const GRAMMAR: &str = "%name Ab;\n\"a\" => A;\n\"abc\" => Abc;\n\" \"+ => skip;\n* => error;\n";

macro_rules! ab_lexer {
    ($($option:ident),*) => {
        json_lexgen_macros::json_lexer!(
            "%name Ab;\n\"a\" => A;\n\"abc\" => Abc;\n\" \"+ => skip;\n* => error;\n", $($option),*
        );
    };
}

mod traced {
    ab_lexer!(trace);
}

mod traced_stream {
    ab_lexer!(trace, streaming, no_unsafe);
}

/// In the child: lex with both lexers (their traces go to standard error).
fn lex() {
    use json_runtime::lex::{Step, StreamLexer};
    // docs/grammar.md's example ("Trace mode").
    let kinds: Vec<_> = traced::Ab::new(b"abc ab!").map(|t| t.map(|t| t.kind).map_err(|e| e.offset)).collect();
    // After the error at `b` the lexer goes on: `!` is the next error.
    assert_eq!(kinds, [Ok(traced::AbToken::Abc), Ok(traced::AbToken::A), Err(5), Err(6)]);
    // `ab` at offset 10 of the input: the trace's offsets are absolute.
    let mut stream = traced_stream::AbStream::new();
    stream.set_offset(10);
    let a = json_runtime::Token { kind: traced_stream::AbToken::A, start: 10, end: 11 };
    assert_eq!(stream.next_token(b"ab", 10, true), Step::Token(a));
}

#[test]
fn trace_reports_each_state_and_outcome() {
    if std::env::var_os("JSON_LEXGEN_TRACE_CHILD").is_some() {
        lex();
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "trace_reports_each_state_and_outcome", "--nocapture", "--test-threads=1"])
        .env("JSON_LEXGEN_TRACE_CHILD", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{}\n{stderr}", String::from_utf8_lossy(&out.stdout));
    let expected = "\
Ab INITIAL: state 0 at 0, byte 'a'
Ab INITIAL: state 2 at 1, byte 'b'
Ab INITIAL: state 3 at 2, byte 'c'
Ab INITIAL: rule 1 (<grammar>:3): Abc, 0..3
Ab INITIAL: state 0 at 3, byte ' '
Ab INITIAL: state 1 at 4, byte 'a'
Ab INITIAL: rule 2 (<grammar>:4): skip, 3..4
Ab INITIAL: state 0 at 4, byte 'a'
Ab INITIAL: state 2 at 5, byte 'b'
Ab INITIAL: state 3 at 6, byte '!'
Ab INITIAL: rule 0 (<grammar>:2): A, 4..5
Ab INITIAL: state 0 at 5, byte 'b'
Ab INITIAL: no rule matches, 5..5
Ab INITIAL: state 0 at 6, byte '!'
Ab INITIAL: no rule matches, 6..6
Ab INITIAL: state 0 at 10, byte 'a'
Ab INITIAL: state 2 at 11, byte 'b'
Ab INITIAL: state 3 at 12, end of the buffer
Ab INITIAL: rule 0 (<grammar>:2): A, 10..11
";
    let traced: String = stderr.lines().filter(|l| l.starts_with("Ab ")).map(|l| format!("{l}\n")).collect();
    assert_eq!(traced, expected, "{stderr}");
    // The states are those of `--dot`: each step of a token is one of its edges.
    let dot = json_lexgen::Builder::new().build_from_str(GRAMMAR).unwrap().dot();
    let states: Vec<Option<u32>> = expected
        .lines()
        .map(|l| l.split_once(": state ").and_then(|(_, rest)| rest.split(' ').next()?.parse().ok()))
        .collect();
    for step in states.windows(2) {
        if let [Some(from), Some(to)] = step {
            assert!(dot.contains(&format!("\"INITIAL{from}\" -> \"INITIAL{to}\"")), "{from} -> {to}: {dot}");
        }
    }
}
