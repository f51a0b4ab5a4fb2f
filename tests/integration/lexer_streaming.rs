//! Streaming lexers (`Config::streaming`) against their slice lexers: for every grammar
//! of tests/grammars/ and json-runtime/grammar/json.lex, with and without `unsafe` and SIMD hooks,
//! at every kernel level, the streaming lexer fed the input in chunks (every fixed size
//! from 1 byte to the whole input, and random boundaries) returns exactly the slice
//! lexer's tokens and error, at the same absolute offsets. Then `ReadLexer`, which
//! drives one over a `std::io::Read`: a reader of one byte at a time, a tiny buffer
//! that has to grow, I/O errors mid-stream, positions across dropped bytes.

use std::io::{self, Read};

use json_runtime::lex::{ReadError, ReadLexer, Step, StreamLexer};
use json_runtime::skip::Kernels;
use json_runtime::Lexer;
use jsonlex::lexer::{JsonLexer, JsonLexerStream};
use proptest::prelude::*;

mod json_safe {
    jsonlex::json_lexer!(file = "json-runtime/grammar/json.lex", no_unsafe, streaming);
}
mod json_plain {
    jsonlex::json_lexer!(file = "json-runtime/grammar/json.lex", no_simd, streaming);
}
mod json_tables_only {
    jsonlex::json_lexer!(file = "tests/grammars/json_tables_only.lex", streaming);
}
mod c_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex", streaming);
}
mod c_tables {
    jsonlex::json_lexer!(file = "tests/grammars/c_tables.lex", streaming);
}
mod c_safe {
    jsonlex::json_lexer!(file = "tests/grammars/c.lex", no_unsafe, streaming);
}
mod ini_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/ini.lex", streaming);
}
mod csv_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/csv.lex", no_unsafe, streaming);
}
mod esc_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/escapes.lex", streaming);
}
mod nest_lexer {
    jsonlex::json_lexer!(file = "tests/grammars/nesting.lex", streaming);
}
mod nest_safe {
    jsonlex::json_lexer!(file = "tests/grammars/nesting.lex", no_unsafe, streaming);
}
mod esc_plain {
    jsonlex::json_lexer!(file = "tests/grammars/escapes.lex", no_simd, no_unsafe, streaming);
}

/// A token as (kind, start, end), or the error as (start, offset, partial kind).
type Item = Result<(String, usize, usize), (usize, usize, String)>;

/// The slice lexer's answer on the whole input.
fn slice_run<'a, L: Lexer<'a>>(mut lexer: L) -> Vec<Item> {
    let mut items = Vec::new();
    // At most a token or an error per byte, and the end's token (lexers go on after
    // an error unless their grammar says `%on_error stop;`).
    for _ in 0..2 * lexer.input().len() + 3 {
        match lexer.next_token() {
            None => return items,
            Some(Ok(t)) => items.push(Ok((format!("{:?}", t.kind), t.start, t.end))),
            Some(Err(e)) => items.push(Err((e.start, e.offset, format!("{:?}", e.partial)))),
        }
    }
    panic!("more tokens than bytes: {items:?}");
}

/// The streaming lexer's answer when `input` arrives in chunks ending at `cuts`
/// (increasing; the last chunk ends at the input's end). With `shift`, the buffer drops
/// the bytes before the lexer's offset at each refill (as `ReadLexer` does); without,
/// it keeps them (`base` stays 0).
fn stream_run<L: StreamLexer>(mut lexer: L, input: &[u8], cuts: &[usize], shift: bool) -> Vec<Item> {
    let mut items = Vec::new();
    let (mut buf, mut base, mut delivered, mut eof) = (Vec::new(), 0usize, 0usize, false);
    let mut next_cut = cuts.iter().copied().chain(std::iter::once(input.len())).filter(|&c| c > 0);
    let mut calls = 0;
    loop {
        calls += 1;
        assert!(calls <= 4 * (input.len() + cuts.len()) + 8, "the streaming lexer does not progress: {items:?}");
        match lexer.next_token(&buf, base, eof) {
            Step::Token(t) => items.push(Ok((format!("{:?}", t.kind), t.start, t.end))),
            // The lexer goes on after the bad bytes (or, `%on_error stop;`, ends).
            Step::Error(e) => items.push(Err((e.start, e.offset, format!("{:?}", e.partial)))),
            Step::End => {
                // A lexer that stops at its first error (`%on_error stop;`) ends there.
                assert!(eof || matches!(items.last(), Some(Err(_))), "End before the input's end");
                assert_eq!(lexer.next_token(&buf, base, eof), Step::End, "the end stays");
                return items;
            }
            Step::NeedMore => {
                assert!(!eof, "NeedMore at the end of the input");
                assert!(lexer.offset() >= base && lexer.offset() <= base + buf.len(), "offset left the buffer");
                if shift {
                    let keep = lexer.offset() - base;
                    buf.drain(..keep);
                    base += keep;
                }
                match next_cut.next() {
                    Some(cut) if cut > delivered => {
                        buf.extend_from_slice(&input[delivered..cut]);
                        delivered = cut;
                    }
                    // Not a new chunk: the input has ended.
                    _ if delivered == input.len() => eof = true,
                    _ => {}
                }
            }
        }
    }
}

type SliceRun = Box<dyn Fn(&[u8]) -> Vec<Item>>;
type StreamRun = Box<dyn Fn(&[u8], &[usize], bool) -> Vec<Item>>;

/// (name, slice lexer, streaming lexer) at every level for lexers with hooks.
macro_rules! pairs {
    ($($kind:ident $name:literal => $slice:ty, $stream:ty);* $(;)?) => {{
        let mut v: Vec<(String, SliceRun, StreamRun)> = Vec::new();
        $( pairs!(@one v, $kind, $name, $slice, $stream); )*
        v
    }};
    (@one $v:ident, hooked, $name:literal, $slice:ty, $stream:ty) => {
        for level in crate::common::levels() {
            let kernels = Kernels::new(level).expect("available");
            $v.push((
                format!("{} at {}", $name, level.name()),
                Box::new(move |i: &[u8]| slice_run(<$slice>::with_kernels(i, kernels))),
                Box::new(move |i: &[u8], cuts: &[usize], shift| stream_run(<$stream>::with_kernels(kernels), i, cuts, shift)),
            ));
        }
    };
    (@one $v:ident, plain, $name:literal, $slice:ty, $stream:ty) => {
        let slice: SliceRun = Box::new(|i: &[u8]| slice_run(<$slice>::new(i)));
        let stream: StreamRun = Box::new(|i: &[u8], cuts: &[usize], shift| stream_run(<$stream>::new(), i, cuts, shift));
        $v.extend([($name.to_string(), slice, stream)]);
    };
}

struct Grammar {
    name: &'static str,
    pairs: Vec<(String, SliceRun, StreamRun)>,
    samples: Vec<Vec<u8>>,
    alphabet: Vec<Vec<u8>>,
}

/// An alphabet of text snippets and raw bytes.
fn alphabet(text: &[&str], raw: &[&[u8]]) -> Vec<Vec<u8>> {
    text.iter().map(|s| s.as_bytes().to_vec()).chain(raw.iter().map(|b| b.to_vec())).collect()
}

fn json() -> Grammar {
    let mut samples: Vec<Vec<u8>> = [
        &br#"{"a": [1, 2.5e-3, -0, true, false, null], "b": "x\"y\\u00e9"}"#[..],
        "  [\"日本語のテキストです\", -12.5E+10, 123456789012345678901234567890]\r\n".as_bytes(),
        // Ends in the middle of a token: a string, an escape, a number, a literal.
        b"[\"abc",
        b"[\"a\\u00",
        b"[1, 2.5e",
        b"[tru",
        b"[12",
        // Errors: a stray byte, invalid UTF-8, a control byte, a bad escape.
        b"[1, @]",
        b"[\"a\xC3(\"]",
        b"[\"a\x01\"]",
        b"[\"\\x\"]",
        b"",
        b" ",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    // A run long enough for the inline probe and the out-of-line kernel, multibyte text
    // in it, then a truncated character at the very end.
    let mut long = b"[\"".to_vec();
    long.extend(std::iter::repeat_n(b'a', 300));
    long.extend("é日本😀".as_bytes());
    long.extend(std::iter::repeat_n(b'b', 40));
    long.extend(b"\", \"");
    long.extend(std::iter::repeat_n("日".as_bytes(), 30).flatten());
    long.extend(b"\xE6\x97");
    samples.push(long);
    Grammar {
        name: "json",
        pairs: pairs![
            hooked "json (build.rs)" => JsonLexer, JsonLexerStream;
            hooked "json (no unsafe)" => json_safe::JsonLexer, json_safe::JsonLexerStream;
            plain "json (tables only)" => json_tables_only::JsonLexer, json_tables_only::JsonLexerStream;
            plain "json (no simd)" => json_plain::JsonLexer, json_plain::JsonLexerStream;
        ],
        samples,
        alphabet: alphabet(
            &[
                "{",
                "}",
                "[",
                "]",
                ":",
                ",",
                " ",
                "\n",
                "true",
                "tru",
                "null",
                "0",
                "1",
                "-",
                ".",
                "e",
                "+",
                "12",
                "\"",
                "\\",
                "\\n",
                "\\u00e9",
                "\\u",
                "a",
                "é",
                "日",
                "😀",
                "\x01",
                "\u{7f}",
                "the quick brown fox jumps over the lazy dog and keeps running",
                "                ",
            ],
            &[b"\x80", b"\xE6\x97", b"\xED\xA0\x80"],
        ),
    }
}

fn c() -> Grammar {
    let samples = [
        &b"int main() { return 0x1F + 'a'; } /* done */ x"[..],
        b"if (x == \"s\\n\") // c\n y++;",
        // A comment switches the condition and is unterminated at the end: its `$`.
        b"a /* still ** in the comment",
        // The error rule: a string that runs into the line end; a stray byte.
        b"s = \"abc\ndef",
        b"a @ b",
        // Ends in the middle of tokens.
        b"0x",
        b"'a",
        b"\"abc",
        b"x ->",
        b"",
    ];
    Grammar {
        name: "c",
        pairs: pairs![
            hooked "c" => c_lexer::CLexer, c_lexer::CLexerStream;
            hooked "c (no unsafe)" => c_safe::CLexer, c_safe::CLexerStream;
            hooked "c (tables)" => c_tables::CLexer, c_tables::CLexerStream;
        ],
        samples: samples.iter().map(|s| s.to_vec()).collect(),
        alphabet: alphabet(
            &[
                "int",
                "if",
                "iff",
                "\"ab\n",
                "a long run of words inside a string or a comment",
                "**//**",
                "x",
                "_a1",
                " ",
                "\n",
                "0",
                "0x1F",
                "0x",
                "12",
                "\"",
                "\\",
                "\\n",
                "'",
                "'a'",
                "/",
                "*",
                "/*",
                "*/",
                "//",
                "=",
                "==",
                "->",
                "-",
                "(",
                ";",
                "@",
                "é",
            ],
            &[],
        ),
    }
}

fn ini() -> Grammar {
    let samples = [
        &b"[section]\nkey = value with spaces\r\n; comment\n# other\nk2=v2"[..],
        b"key =",
        b"key = \n[bad section\n",
        b"\xFF[s]",
        b"",
    ];
    Grammar {
        name: "ini",
        pairs: pairs![hooked "ini" => ini_lexer::IniLexer, ini_lexer::IniLexerStream],
        samples: samples.iter().map(|s| s.to_vec()).collect(),
        alphabet: alphabet(
            &["[", "]", "sec", "key", "=", " ", "\t", "\n", "\r\n", ";", "#", "value", "x.y-z", "\r"],
            &[b"\xFF"],
        ),
    }
}

fn csv() -> Grammar {
    let samples = [&b"a,b,\"c \"\"quoted\"\"\",d\r\n1,2,3,4\n"[..], b"a,\"unterminated", b"a,\"q\"\"", b"x\r", b""];
    Grammar {
        name: "csv",
        pairs: pairs![plain "csv (no unsafe)" => csv_lexer::CsvLexer, csv_lexer::CsvLexerStream],
        samples: samples.iter().map(|s| s.to_vec()).collect(),
        alphabet: alphabet(&["a", "bc", ",", "\"", "\"\"", "\r\n", "\n", "\r", " ", "field with spaces"], &[]),
    }
}

/// tests/grammars/escapes.lex: string bodies with escapes of two, three and four bytes
/// that the generated code tests in place (and ways out that do not come back).
fn escapes() -> Grammar {
    let samples = [
        &br#""a\nb\07c\x1Fd\"e\\" <ab\!CD> 'it''s' {a\xx;b} w"#[..],
        br#""\n\t\x00\x41\101\\\"\n\x7e" "\x4" "\0"#,
        br#""\x1"#,
        br#""ab\07"#,
        br#""ab\0"#,
        br#""\x"#,
        br#""\"#,
        b"\"\\\n\"",
    ];
    Grammar {
        name: "escapes",
        pairs: pairs![
            hooked "escapes" => esc_lexer::EscLexer, esc_lexer::EscLexerStream;
            plain "escapes (no simd, no unsafe)" => esc_plain::EscLexer, esc_plain::EscLexerStream;
        ],
        samples: samples.iter().map(|s| s.to_vec()).collect(),
        alphabet: alphabet(
            &[
                "\"", "\\", "\\n", "\\07", "\\x1F", "\\x", "\\0", "a", "x", "7", " ", "<", ">", "\\!", "'", "{", "}",
                ";",
            ],
            &[],
        ),
    }
}

/// tests/grammars/nesting.lex: trailing context (whose lookahead a buffer may cut), the
/// condition stack kept across calls, and errors the lexer goes on after.
fn nesting() -> Grammar {
    let samples = [
        &b"let r = 1..20; f(2.5) /* a /* nested */ comment */ `x ${ y + `in ${z}` } w` \"s\""[..],
        b"}} \"unterminated\n 3.14 g(h) `${ {a} }`",
        b"/* never closed /* */",
        b"12.",
        b"ab",
    ];
    Grammar {
        name: "nesting",
        pairs: pairs![
            hooked "nesting" => nest_lexer::NestLexer, nest_lexer::NestLexerStream;
            hooked "nesting (no unsafe)" => nest_safe::NestLexer, nest_safe::NestLexerStream;
        ],
        samples: samples.iter().map(|s| s.to_vec()).collect(),
        alphabet: alphabet(
            &["1", "..", ".", "a", "f", "(", ")", "/*", "*/", "*", "/", "`", "${", "$", "{", "}", "\"", "\n", " ", "#"],
            &[b"\xFF"],
        ),
    }
}

fn grammars() -> Vec<Grammar> {
    vec![json(), c(), ini(), csv(), escapes(), nesting()]
}

/// The escapes grammar's samples, and a long escape-heavy string, split once at every
/// byte: a buffer that ends inside an escape asks for more instead of failing.
#[test]
fn escapes_split_at_every_byte() {
    let g = escapes();
    let mut long = b"\"".to_vec();
    for _ in 0..8 {
        long.extend_from_slice(br"ab\n\07\x1F");
    }
    long.extend_from_slice(b"\" w");
    for input in g.samples.iter().chain([&long]) {
        for cut in 0..=input.len() {
            check(&g, input, &[cut]).unwrap();
        }
    }
}

/// Each pair agrees on `input` cut at `cuts`, with and without shifting the buffer.
fn check(g: &Grammar, input: &[u8], cuts: &[usize]) -> Result<(), TestCaseError> {
    for (name, slice, stream) in &g.pairs {
        let want = slice(input);
        for shift in [true, false] {
            let got = stream(input, cuts, shift);
            prop_assert_eq!(
                &got,
                &want,
                "{} ({}): {:?} cut at {:?}, shift {}",
                name,
                g.name,
                String::from_utf8_lossy(input),
                cuts,
                shift
            );
        }
    }
    Ok(())
}

#[test]
fn every_chunk_size_gives_the_slice_lexers_tokens() {
    let mut runs = 0;
    for g in grammars() {
        for input in &g.samples {
            for size in 1..=input.len().max(1) {
                let cuts: Vec<usize> = (size..input.len()).step_by(size).collect();
                check(&g, input, &cuts).unwrap();
                runs += 1;
            }
        }
    }
    assert!(runs > 900, "{runs}");
}

/// The end of input in the middle of a token is the slice lexer's error, with its
/// partial kind; `$` fires at the end of a buffer only once the input has ended.
#[test]
fn truncated_tokens_and_end_rules() {
    let mut lexer = JsonLexerStream::new();
    assert_eq!(lexer.next_token(b"[\"ab", 0, false), Step::Token(token(json_runtime::JsonToken::ArrayStart, 0, 1)));
    assert_eq!(lexer.next_token(b"[\"ab", 0, false), Step::NeedMore);
    assert_eq!(lexer.offset(), 1, "NeedMore leaves the lexer at the token's start");
    let Step::Error(e) = lexer.next_token(b"\"abc", 1, true) else { panic!("an unterminated string") };
    assert_eq!((e.start, e.offset, e.partial), (1, 5, Some(json_runtime::JsonToken::String)));

    // c.lex has `<*> $ => End`: only at the input's end.
    let mut c = c_lexer::CLexerStream::new();
    assert_eq!(c.next_token(b"/* x", 0, false), Step::NeedMore);
    assert_eq!(c.next_token(b"/* x", 0, true), Step::Token(token(c_lexer::CLexerToken::End, 4, 4)));
    assert_eq!(c.next_token(b"/* x", 0, true), Step::End);
    assert_eq!(c.condition(), c_lexer::CLexerCondition::COMMENT);
}

mod split_runs {
    jsonlex::json_lexer!(
        r#"%name SplitRuns; "a"+ => skip; "ab" => Ab; " "+ => skip; [b-z]+ => Word; * => error;"#,
        streaming
    );
}

/// A skipped run cut by the buffer's end is split there (the rest lexed afresh after
/// the refill, no `NeedMore`) only where that is exact: spaces here, whose rest is
/// skipped the same way. A run of `a` is not split: its rest, lexed afresh, could be
/// `ab` (`aaab` is `aaa` skipped then `b`, never `aa` then `ab`).
#[test]
fn skipped_runs_are_split_at_the_buffer_end_only_where_exact() {
    use split_runs::{SplitRuns, SplitRunsStream};
    for input in [&b"aaab"[..], b"a   aab  b", b"  aaaaab  ab", b"aab", b"aaaa   "] {
        let whole = slice_run(SplitRuns::new(input));
        for shift in [false, true] {
            for cut in 0..=input.len() {
                let streamed = stream_run(SplitRunsStream::new(), input, &[cut], shift);
                assert_eq!(streamed, whole, "{:?} cut at {cut}", String::from_utf8_lossy(input));
            }
            for size in 1..=input.len() {
                let cuts: Vec<usize> = (size..input.len()).step_by(size).collect();
                let streamed = stream_run(SplitRunsStream::new(), input, &cuts, shift);
                assert_eq!(streamed, whole, "{:?} in chunks of {size}", String::from_utf8_lossy(input));
            }
        }
    }
    // The whole run of spaces at the buffer's end is skipped: the next call asks for
    // more at the offset after it, not at its start.
    let mut lexer = SplitRunsStream::new();
    assert_eq!(lexer.next_token(b"b   ", 0, false), Step::Token(token(split_runs::SplitRunsToken::Word, 0, 1)));
    assert_eq!(lexer.next_token(b"b   ", 0, false), Step::NeedMore);
    assert_eq!(lexer.offset(), 4);
    // A run of `a` waits for the refill at its start.
    let mut lexer = SplitRunsStream::new();
    assert_eq!(lexer.next_token(b"aaa", 0, false), Step::NeedMore);
    assert_eq!(lexer.offset(), 0);
}

fn token<K>(kind: K, start: usize, end: usize) -> json_runtime::Token<K> {
    json_runtime::Token { kind, start, end }
}

/// Random inputs from each grammar's alphabet and its samples, cut at random places.
fn case() -> impl Strategy<Value = (usize, Vec<u8>, Vec<usize>)> {
    (0..4usize, prop::collection::vec(any::<prop::sample::Index>(), 0..24), prop::collection::vec(any::<u16>(), 0..12))
        .prop_map(|(g, parts, cuts)| {
            let mut input: Vec<u8> = Vec::new();
            GRAMMARS.with(|grammars| {
                let grammar = &grammars[g];
                for (k, part) in parts.iter().enumerate() {
                    // A third of the cases start with a sample.
                    let from: &[Vec<u8>] =
                        if k == 0 && parts.len() % 3 == 0 { &grammar.samples } else { &grammar.alphabet };
                    let chosen: &Vec<u8> = part.get(from);
                    input.extend_from_slice(chosen);
                }
            });
            let mut cuts: Vec<usize> = cuts.iter().map(|&c| c as usize % (input.len() + 1)).collect();
            cuts.sort_unstable();
            cuts.dedup();
            (g, input, cuts)
        })
}

thread_local!(static GRAMMARS: Vec<Grammar> = grammars());

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_chunk_boundaries_give_the_slice_lexers_tokens((g, input, cuts) in case()) {
        GRAMMARS.with(|grammars| check(&grammars[g], &input, &cuts))?;
    }
}

// ---- ReadLexer ----

/// A reader that hands out `step` bytes per call, with an `Interrupted` error before
/// each (which `ReadLexer` retries), and then fails with `fail` once, if given.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
    interrupt: bool,
    fail: Option<io::ErrorKind>,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.interrupt {
            self.interrupt = false;
            return Err(io::ErrorKind::Interrupted.into());
        }
        self.interrupt = true;
        if self.data.is_empty() {
            if let Some(kind) = self.fail.take() {
                return Err(io::Error::new(kind, "the disk went away"));
            }
        }
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// A JSON document of about `n` bytes, over many lines, with long strings.
fn document(n: usize) -> Vec<u8> {
    let mut doc = b"[\n".to_vec();
    let mut i = 0;
    while doc.len() < n {
        doc.extend(
            format!("  {{\"id\": {i}, \"name\": \"número {i} — {}\", \"x\": -1.5e3}},\n", "é".repeat(i % 90)).bytes(),
        );
        i += 1;
    }
    doc.extend(b"  null\n]\n");
    doc
}

fn read_all<R: Read>(mut lexer: ReadLexer<R, JsonLexerStream>) -> (Vec<Item>, Vec<Vec<u8>>) {
    let (mut items, mut bytes) = (Vec::new(), Vec::new());
    while let Some(t) = lexer.next_token() {
        match t {
            Ok(t) => {
                bytes.push(lexer.bytes(&t).to_vec());
                items.push(Ok((format!("{:?}", t.kind), t.start, t.end)));
            }
            Err(ReadError::Lex(e)) => items.push(Err((e.start, e.offset, format!("{:?}", e.partial)))),
            Err(e @ ReadError::Io { .. }) => panic!("{e}"),
        }
    }
    (items, bytes)
}

#[test]
fn read_lexer_gives_the_slice_lexers_tokens_and_bytes() {
    let doc = document(3000);
    let want = slice_run(JsonLexer::new(&doc));
    let want_bytes: Vec<Vec<u8>> =
        want.iter().map(|t| t.as_ref().map(|&(_, s, e)| doc[s..e].to_vec()).unwrap_or_default()).collect();
    for (step, capacity) in [(1, 1), (1, 64), (7, 3), (4096, 16), (4096, 1 << 16)] {
        let reader = Trickle { data: &doc, step, interrupt: true, fail: None };
        let lexer = ReadLexer::with_capacity(reader, JsonLexerStream::new(), capacity);
        let (items, bytes) = read_all(lexer);
        assert_eq!(items, want, "{step} bytes per read, buffer of {capacity}");
        assert_eq!(bytes, want_bytes, "{step} bytes per read, buffer of {capacity}");
    }
    // An error ends the lexer, as in the slice lexer.
    let bad = b"[1, \"abc\x01\", 2]";
    let (items, _) = read_all(ReadLexer::with_capacity(&bad[..], JsonLexerStream::new(), 2));
    assert_eq!(items, slice_run(JsonLexer::new(bad)));
    assert!(items.last().unwrap().is_err());
}

/// The buffer holds the longest token, not the input: it grows for a long token only.
#[test]
fn read_lexer_memory_is_bounded_by_the_longest_token() {
    let doc = document(200_000);
    let mut lexer = ReadLexer::with_capacity(&doc[..], JsonLexerStream::new(), 64);
    let (mut longest, mut buffer) = (0, 0);
    while let Some(t) = lexer.next_token() {
        let t = t.unwrap();
        longest = longest.max(t.end - t.start);
        buffer = buffer.max(lexer.buffered().0.len());
    }
    // Grown to at most four times the longest token (doubling when a token fills half).
    assert!(longest > 64 && buffer <= 4 * longest, "longest token {longest}, buffer {buffer}");
    let (reader, rest) = lexer.into_parts();
    assert!(reader.is_empty() && rest.is_empty());
}

#[test]
fn read_lexer_reports_an_io_error_with_its_offset_never_a_truncation() {
    // The reader fails in the middle of a string: no "unterminated string" error, no
    // end of input, but the I/O error at the offset where reading stopped.
    let doc = b"[1, 2, \"abc";
    for step in [1, 3, 64] {
        let reader = Trickle { data: doc, step, interrupt: false, fail: Some(io::ErrorKind::BrokenPipe) };
        let mut lexer = ReadLexer::<_, JsonLexerStream>::new(reader);
        let mut kinds = Vec::new();
        let error = loop {
            match lexer.next_token().expect("an error before the end") {
                Ok(t) => kinds.push(format!("{:?}", t.kind)),
                Err(e) => break e,
            }
        };
        assert_eq!(kinds, ["ArrayStart", "Integer", "Comma", "Integer", "Comma"], "{step}");
        match &error {
            ReadError::Io { offset, error } => {
                assert_eq!((*offset, error.kind()), (doc.len(), io::ErrorKind::BrokenPipe));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(error.to_string(), "cannot read the input after byte 11: the disk went away");
        assert!(lexer.next_token().is_none(), "the lexer ends after an I/O error");
    }
}

/// Line and column of any offset still buffered, counting the lines of the bytes the
/// buffer has dropped, as `Position::at` counts them on the whole input.
#[test]
fn read_lexer_positions_count_dropped_lines() {
    let doc = document(5000);
    let reader = Trickle { data: &doc, step: 5, interrupt: false, fail: None };
    let mut lexer = ReadLexer::with_capacity(reader, JsonLexerStream::new(), 8);
    let mut checked = 0;
    while let Some(t) = lexer.next_token() {
        let t = t.unwrap();
        for at in [t.start, t.end] {
            assert_eq!(lexer.position(at), json_runtime::Position::at(&doc, at), "offset {at}");
        }
        checked += 1;
    }
    assert!(checked > 500);
}
