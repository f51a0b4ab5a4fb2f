//! JSONC input ([`ReaderBuilder::with_dialect`](crate::ReaderBuilder::with_dialect)):
//! `//` and `/* */` comments turned into spaces, byte for byte (line breaks kept), before
//! the JSON decoder sees the bytes. So every offset, line and column the decoder reports
//! is the input's own, and the decoder itself stays strict JSON's. A comment is what
//! jsonlex's JSONC dialect (`grammar/jsonc.lex`) skips: outside strings, `//` to the end
//! of the line, `/*` to the first `*/`.

/// Where the translation is (it goes on across pieces).
#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Json,
    /// After `"`.
    String,
    /// After `\` in a string.
    Escape,
    /// After a `/` not yet given out: it starts a comment or is itself an error.
    Slash,
    Line,
    Block,
    /// After `*` in a block comment.
    BlockStar,
}

/// The comment stripper: its state, and where the input is (for an unterminated block
/// comment's error).
#[derive(Debug)]
pub(crate) struct Comments {
    state: State,
    /// Bytes seen so far, lines seen, and where the current line starts.
    offset: usize,
    line: usize,
    line_start: usize,
    /// Where the open block comment started: line, column, byte.
    block_at: (usize, usize, usize),
    /// Translated bytes the decoder has not taken yet (the front of the next piece).
    pub(crate) ahead: Vec<u8>,
}

impl Comments {
    pub(crate) fn new() -> Comments {
        Comments { state: State::Json, offset: 0, line: 1, line_start: 0, block_at: (0, 0, 0), ahead: Vec::new() }
    }

    /// Appends `input` translated to `out`. A `/` at the end is held until the next
    /// byte tells what it is (so `out` may be one byte shorter than `input`).
    pub(crate) fn translate(&mut self, input: &[u8], out: &mut Vec<u8>) {
        out.reserve(input.len() + 1);
        for &b in input {
            let at = self.offset;
            self.offset += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.offset;
            }
            self.state = match (self.state, b) {
                (State::Json, b'"') => {
                    out.push(b);
                    State::String
                }
                (State::Json, b'/') => State::Slash,
                (State::Json, _) => {
                    out.push(b);
                    State::Json
                }
                (State::String, b'\\') => {
                    out.push(b);
                    State::Escape
                }
                (State::String, b'"') => {
                    out.push(b);
                    State::Json
                }
                (State::String | State::Escape, _) => {
                    out.push(b);
                    State::String
                }
                (State::Slash, b'/') => {
                    out.extend_from_slice(b"  ");
                    State::Line
                }
                (State::Slash, b'*') => {
                    out.extend_from_slice(b"  ");
                    let start = at - 1;
                    // The `/` is on this line (a `/` then a line break is no comment).
                    self.block_at = (self.line, start - self.line_start + 1, start);
                    State::Block
                }
                (State::Slash, _) => {
                    // No comment: the `/` as it was (the decoder's error), then `b`.
                    out.push(b'/');
                    self.offset -= 1;
                    if b == b'\n' {
                        self.line -= 1;
                    }
                    self.state = State::Json;
                    self.translate(&[b], out);
                    continue;
                }
                (State::Line, b'\n') => {
                    out.push(b'\n');
                    State::Json
                }
                (State::Line, _) => {
                    out.push(b' ');
                    State::Line
                }
                (State::Block | State::BlockStar, b'\n') => {
                    out.push(b'\n');
                    State::Block
                }
                (State::Block | State::BlockStar, b'*') => {
                    out.push(b' ');
                    State::BlockStar
                }
                (State::BlockStar, b'/') => {
                    out.push(b' ');
                    State::Json
                }
                (State::Block | State::BlockStar, _) => {
                    out.push(b' ');
                    State::Block
                }
            };
        }
    }

    /// The input has ended: the held `/` (given out now: the decoder's error), or the
    /// error of a block comment left open.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        match self.state {
            State::Slash => {
                out.push(b'/');
                self.state = State::Json;
                Ok(())
            }
            State::Block | State::BlockStar => {
                let (line, column, byte) = self.block_at;
                Err(format!(
                    "line {line}, column {column} (byte {byte}): unterminated block comment (no `*/` after it)"
                ))
            }
            _ => Ok(()),
        }
    }
}

/// Schema inference reads JSONC through this (comments are spaces; an open block
/// comment at the end is an error).
impl crate::translated::Translate for Comments {
    fn translate(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
        Comments::translate(self, input, out);
        Ok(())
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        Comments::finish(self, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(pieces: &[&str]) -> (String, Result<(), String>) {
        let mut c = Comments::new();
        let mut out = Vec::new();
        for p in pieces {
            c.translate(p.as_bytes(), &mut out);
        }
        let end = c.finish(&mut out);
        (String::from_utf8(out).unwrap(), end)
    }

    #[test]
    fn comments_become_spaces_byte_for_byte() {
        let text = "{\"a\": 1, // one\n \"b/*\": \"//x\\\"/*\", /* two\n lines */ \"c\": 2}\n";
        let want = "{\"a\": 1,       \n \"b/*\": \"//x\\\"/*\",       \n          \"c\": 2}\n";
        assert_eq!(strip(&[text]), (want.to_string(), Ok(())));
        // Cut anywhere, the same.
        for cut in 0..=text.len() {
            let (a, b) = text.split_at(cut);
            assert_eq!(strip(&[a, b]), (want.to_string(), Ok(())), "cut at {cut}");
        }
        assert_eq!(strip(&["[1 /", "/ x\n]"]).0, "[1     \n]");
        assert_eq!(strip(&["[1 /**/ ,/***/2]"]).0, "[1      ,     2]");
    }

    #[test]
    fn a_lone_slash_stays_and_an_open_block_is_an_error() {
        assert_eq!(strip(&["[1, /"]), ("[1, /".to_string(), Ok(())));
        assert_eq!(strip(&["[1, /", "2]"]), ("[1, /2]".to_string(), Ok(())));
        assert_eq!(strip(&["[/\n1]"]).0, "[/\n1]");
        let (_, end) = strip(&["{}\n[1, /* open", "\n ..."]);
        assert_eq!(end, Err("line 2, column 5 (byte 7): unterminated block comment (no `*/` after it)".into()));
    }
}
