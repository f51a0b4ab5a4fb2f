//! JSON5 input ([`ReaderBuilder::with_dialect`](crate::ReaderBuilder::with_dialect)):
//! translated token by token into strict JSON before the JSON decoder sees it, by the
//! lexer generated from jsonlex's `grammar/json5.lex` and jsonlex's own JSON5 rules.
//!
//! Most tokens are JSON already and are copied. The others become the JSON text of the
//! value jsonlex's JSON5 decoder gives them: unquoted keys (and `true`, `null`,
//! `Infinity` as keys) are quoted, single-quoted strings and JSON5 escapes written as
//! JSON strings, `0x1F`, `+1`, `.5` and `5.` as JSON numbers (`5.` stays a float);
//! comments and JSON5's other white space become spaces; a trailing comma becomes a
//! space. Line breaks are kept one for one (a line continuation's after its string), so
//! lines are the input's; where a token changed length a mark says where the input
//! and the output meet again, so columns and byte offsets in errors are the input's
//! too.
//!
//! Pieces of any size: what is JSON already goes out in one copy per piece; a token
//! that a piece's end may have cut is held back (with the words right before it, which
//! may be its start: `0` then `x` of `0x1F`), and a token cut again and again is lexed
//! again when what is held has doubled, so a long string in small pieces costs linear
//! time.
//!
//! `Infinity` and `NaN` as values have no JSON text: they are errors, as in
//! `jsonlex::json5::decode`'s default. An error found here puts one byte that no JSON
//! token starts with (`#`) in the output, so the decoder stops (or, skipping bad
//! records, skips) at that record, and gives this module's message for it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use json_runtime::{JsonToken, Lexer};
use jsonlex::json5::lexer::Json5Lexer;

/// What came before the next token: enough to tell a key from a value, and a
/// trailing comma from a comma in the wrong place.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Prev {
    Start,
    Open,
    Comma,
    Key,
    Colon,
    Value,
}

/// An error found while translating: where it is in the output, and its text with
/// the input's line, column and byte.
#[derive(Debug)]
struct Found {
    output: u64,
    message: String,
}

/// A token of the piece being translated (`kind` `None`: a lexical error; `cut`: it
/// reached the end of the input).
#[derive(Clone, Copy, Debug)]
struct Item {
    kind: Option<JsonToken>,
    start: usize,
    end: usize,
    cut: bool,
}

/// The translator's state across pieces of input.
#[derive(Debug)]
pub(crate) struct Json5 {
    /// Input not translated yet: a token the piece may have cut, a ',' that the next
    /// token decides on, and the white space between them.
    held: Vec<u8>,
    /// Open containers (true: an object).
    stack: Vec<bool>,
    prev: Prev,
    /// Input bytes translated (`held` follows them) and output bytes written.
    input_at: u64,
    output_at: u64,
    /// (output, input) where the two meet again after a token that changed length,
    /// in order, since the oldest position an error may still name.
    marks: VecDeque<(u64, u64)>,
    /// (line, output, input) where each line starts, as far back as `marks` (never
    /// empty: the last is the translated input's current line).
    lines: VecDeque<(u64, u64, u64)>,
    found: VecDeque<Found>,
    /// Schema inference: the first error ends the translation.
    fail_fast: bool,
    /// Keep every position (schema inference over one array read whole).
    pub(crate) keep_all: bool,
    /// After an error: forget the open containers at the next line break, where the
    /// decoder goes on after a skipped record.
    resync: bool,
    /// Translated bytes the decoder has not taken yet (the front of the next piece).
    pub(crate) ahead: Vec<u8>,
    /// The tokens of the piece (kept for the next).
    items: Vec<Item>,
    /// Bytes at the end of the last piece the decoder gave back (translated, in `ahead`).
    pub(crate) given_back: usize,
    /// `held`'s length when it was last lexed.
    tried: usize,
    /// Bytes of the piece being translated that go out as they are, not written yet
    /// (`buf[span.0..span.1]`): most of a piece, written with one copy.
    span: (usize, usize),
}

/// Tokens that cannot go on past their last byte.
fn self_delimiting(kind: JsonToken) -> bool {
    !matches!(
        kind,
        JsonToken::Integer
            | JsonToken::Float
            | JsonToken::LooseNumber
            | JsonToken::HexInteger
            | JsonToken::NonFinite
            | JsonToken::True
            | JsonToken::False
            | JsonToken::Null
            | JsonToken::Identifier
    )
}

/// What jsonlex's JSON5 decoder says of `buf` from `from` to the end of `item`'s line:
/// where in `item` the error is, and its message (else `fallback`, at its start).
#[cold]
fn diagnose(buf: &[u8], item: Item, from: usize, fallback: String) -> (usize, String) {
    let line_end = memchr::memchr(b'\n', &buf[item.end..]).map_or(buf.len(), |i| item.end + i);
    match jsonlex::json5::validate(&buf[from..line_end]) {
        Err(d) => ((from + d.offset()).clamp(item.start, item.end), d.message().to_string()),
        Ok(()) => (item.start, fallback),
    }
}

/// Whether a string token's escapes are all JSON's (`\uXXXX` has its four hex digits,
/// the lexer says) and no byte needs one: then its text is a JSON string.
fn json_escapes_only(token: &[u8]) -> bool {
    let mut i = 0;
    while i < token.len() {
        match token[i] {
            b'\\' => {
                if !matches!(token.get(i + 1), Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' | b'u')) {
                    return false;
                }
                i += 2;
            }
            0..=0x1F => return false,
            _ => i += 1,
        }
    }
    true
}

/// `body` (UTF-8, no escapes) as the body of a JSON string.
fn escape_into(body: &[u8], out: &mut Vec<u8>) {
    for &b in body {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0..=0x1F => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
            _ => out.push(b),
        }
    }
}

impl Json5 {
    pub(crate) fn new(fail_fast: bool) -> Json5 {
        Json5 {
            held: Vec::new(),
            stack: Vec::new(),
            prev: Prev::Start,
            input_at: 0,
            output_at: 0,
            marks: VecDeque::new(),
            lines: VecDeque::from([(1, 0, 0)]),
            found: VecDeque::new(),
            fail_fast,
            keep_all: false,
            resync: false,
            ahead: Vec::new(),
            items: Vec::new(),
            given_back: 0,
            tried: 0,
            span: (0, 0),
        }
    }

    /// Appends `input` translated to `out`; `last`: no input follows (a token at the
    /// end is whole, a cut one an error). Without `last`, the end of `input` may be held
    /// until the next call. An error only in schema inference's mode (else it is in
    /// the output, for the decoder).
    pub(crate) fn translate(&mut self, input: &[u8], out: &mut Vec<u8>, last: bool) -> Result<(), String> {
        if !last && self.held.len() + input.len() < 2 * self.tried {
            // A token cut again and again (a long string over many pieces) is lexed
            // again when it has doubled, not at every piece: linear, not quadratic.
            self.held.extend_from_slice(input);
            return Ok(());
        }
        let joined;
        let buf: &[u8] = if self.held.is_empty() {
            input
        } else {
            let mut held = std::mem::take(&mut self.held);
            held.extend_from_slice(input);
            joined = held;
            &joined
        };
        self.span = (0, 0);
        // The tokens and errors first, to know what the end of `buf` may have cut.
        let mut items = std::mem::take(&mut self.items);
        items.clear();
        let mut lexer = Json5Lexer::new(buf);
        loop {
            match lexer.next_token() {
                None => break,
                Some(Ok(t)) => items.push(Item { kind: Some(t.kind), start: t.start, end: t.end, cut: false }),
                Some(Err(e)) => {
                    let end = e.offset.max(e.start + 1).min(buf.len());
                    items.push(Item { kind: None, start: e.start, end, cut: e.offset >= buf.len() });
                    lexer = Json5Lexer::new(buf);
                    lexer.set_offset(end);
                }
            }
        }
        let mut emit = items.len();
        let mut hold = buf.len();
        if !last {
            // White space or a line comment at the end may go on.
            hold = items.last().map_or(0, |i| i.end);
            if let Some(i) = items.last() {
                if i.cut || i.end == buf.len() && i.kind.is_some_and(|k| !self_delimiting(k)) {
                    // The lexer read to the end: the words right before it, with no gap,
                    // may be a longer token's start (`0` `x` of `0x1F`). (Not a string or
                    // punctuation: no token goes on past those, so minified text is not
                    // held back whole.)
                    emit -= 1;
                    while emit > 0
                        && items[emit - 1].end == items[emit].start
                        && !items[emit - 1].kind.is_some_and(self_delimiting)
                    {
                        emit -= 1;
                    }
                    hold = items[emit].start;
                }
            }
            // A ',' waits for the token after it.
            if emit > 0 && items[emit - 1].kind == Some(JsonToken::Comma) {
                emit -= 1;
                hold = items[emit].start;
            }
        }
        let mut at = 0;
        let mut result = Ok(());
        for k in 0..emit {
            let item = items[k];
            if item.kind == Some(JsonToken::Comma) {
                // The white space before it first (as when the ',' was held back at the
                // end of the last piece: a line break there may reset the state).
                self.gap(buf, at, item.start, out);
                let next = items.get(k + 1).and_then(|i| i.kind);
                // A trailing comma (after a value, before a closer) is white space.
                let trailing =
                    matches!(next, Some(JsonToken::ObjectEnd | JsonToken::ArrayEnd)) && self.prev == Prev::Value;
                if trailing {
                    self.copy(buf, item.start, item.end, b" ", out);
                } else {
                    self.verbatim(item.start, item.end);
                }
                self.prev = Prev::Comma;
                at = item.end;
                continue;
            }
            self.gap(buf, at, item.start, out);
            at = item.end;
            // A name right after a number may be the number's cut-off end (`0` then `x`).
            // (A number is never given out at a piece's end, so the two stay together.)
            let number = |k: Option<JsonToken>| {
                matches!(k, Some(JsonToken::Integer | JsonToken::Float | JsonToken::LooseNumber))
            };
            let adjacent =
                k.checked_sub(1).map(|j| items[j]).filter(|p| p.end == item.start && number(p.kind)).map(|p| p.start);
            // Two words with nothing between them (`-.25+1`, `1e`) are two tokens in
            // JSON5 (an error there), and must not become one in JSON (`-0.251`).
            let word = |k: Option<JsonToken>| {
                !matches!(
                    k,
                    None | Some(
                        JsonToken::ObjectStart
                            | JsonToken::ObjectEnd
                            | JsonToken::ArrayStart
                            | JsonToken::ArrayEnd
                            | JsonToken::Colon
                            | JsonToken::Comma
                            | JsonToken::String
                            | JsonToken::Json5String
                    )
                )
            };
            if word(item.kind) && k.checked_sub(1).is_some_and(|j| items[j].end == item.start && word(items[j].kind)) {
                self.copy(buf, item.start, item.start, b" ", out);
            }
            if let Err(e) = self.token(buf, item, adjacent, out) {
                result = Err(e);
                break;
            }
        }
        if result.is_ok() {
            self.gap(buf, at, hold, out);
            self.flush(buf, out);
            self.held = buf[hold..].to_vec();
            self.tried = self.held.len();
        }
        self.items = items;
        result
    }

    /// One token (or lexical error) `item` of `buf`, translated up to its start.
    fn token(&mut self, buf: &[u8], item: Item, adjacent: Option<usize>, out: &mut Vec<u8>) -> Result<(), String> {
        // What jsonlex's JSON5 decoder says of the text from `from` (to the line's end).
        let diagnose = |from: usize, fallback: String| diagnose(buf, item, from, fallback);
        let Some(kind) = item.kind else {
            let (inner, message) = diagnose(item.start, "invalid JSON5 token".into());
            return self.fail(buf, item.start, inner, item.end, message, out);
        };
        let (start, end) = (item.start, item.end);
        let key = self.stack.last() == Some(&true) && matches!(self.prev, Prev::Open | Prev::Comma);
        let bytes = &buf[start..end];
        let mut prev = Prev::Value;
        match kind {
            JsonToken::ObjectStart | JsonToken::ArrayStart => {
                self.stack.push(kind == JsonToken::ObjectStart);
                self.verbatim(start, end);
                prev = Prev::Open;
            }
            JsonToken::ObjectEnd | JsonToken::ArrayEnd => {
                self.stack.pop();
                self.verbatim(start, end);
            }
            JsonToken::Colon => {
                self.verbatim(start, end);
                prev = Prev::Colon;
            }
            JsonToken::String if bytes[0] == b'"' && !bytes.iter().any(|&b| b < 0x20) => {
                self.verbatim(start, end);
                prev = if key { Prev::Key } else { Prev::Value };
            }
            JsonToken::String => {
                let mut text = vec![b'"'];
                escape_into(&bytes[1..bytes.len() - 1], &mut text);
                text.push(b'"');
                self.copy(buf, start, end, &text, out);
                prev = if key { Prev::Key } else { Prev::Value };
            }
            JsonToken::Identifier | JsonToken::True | JsonToken::False | JsonToken::Null | JsonToken::NonFinite
                if key && (kind == JsonToken::Identifier || bytes[0].is_ascii_alphabetic()) =>
            {
                let name = if bytes.contains(&b'\\') {
                    // Escapes in a name: decoded and checked as jsonlex's JSON5 decoder does.
                    let mut doc = b"{".to_vec();
                    doc.extend_from_slice(bytes);
                    doc.extend_from_slice(b":0}");
                    match jsonlex::json5::decode(&doc) {
                        Ok(jsonlex::Value::Object(map)) => map.keys().next().map(|k| k.to_string()),
                        Ok(_) => None,
                        Err(e) => {
                            let inner = (start + e.offset()).saturating_sub(1).clamp(start, end);
                            return self.fail(buf, start, inner, end, e.message().to_string(), out);
                        }
                    }
                } else {
                    std::str::from_utf8(bytes).ok().map(str::to_string)
                };
                let Some(name) = name else {
                    return self.fail(buf, start, start, end, "invalid unquoted key".into(), out);
                };
                let text = jsonlex::encode(&jsonlex::Value::from(name));
                self.copy(buf, start, end, text.as_bytes(), out);
                prev = Prev::Key;
            }
            JsonToken::Identifier => {
                let name = String::from_utf8_lossy(bytes);
                let message = format!("unexpected name `{name}`: strings must be quoted (only keys may be bare names)");
                let (inner, message) = match adjacent {
                    Some(from) => diagnose(from, message),
                    None => (start, message),
                };
                return self.fail(buf, start, inner, end, message, out);
            }
            JsonToken::NonFinite => {
                let text = String::from_utf8_lossy(bytes);
                let message = if key {
                    format!("expected a key, found `{text}`")
                } else {
                    format!("`{text}` has no JSON value: jsonlex-arrow does not read JSON5's Infinity and NaN")
                };
                return self.fail(buf, start, start, end, message, out);
            }
            JsonToken::Json5String if bytes[0] == b'"' && json_escapes_only(bytes) => {
                // A JSON string already (the decoder checks its escapes as JSON's).
                self.verbatim(start, end);
                prev = if key { Prev::Key } else { Prev::Value };
            }
            JsonToken::Json5String | JsonToken::LooseNumber | JsonToken::HexInteger => {
                // The value jsonlex's JSON5 decoder gives the token, as JSON text.
                match jsonlex::json5::decode(bytes) {
                    Ok(v) => {
                        let text = jsonlex::encode(&v);
                        self.copy(buf, start, end, text.as_bytes(), out);
                    }
                    Err(e) => {
                        let inner = (start + e.offset()).min(end);
                        return self.fail(buf, start, inner, end, e.message().to_string(), out);
                    }
                }
                if kind == JsonToken::Json5String && key {
                    prev = Prev::Key;
                }
            }
            _ => self.verbatim(start, end),
        }
        self.prev = prev;
        Ok(())
    }

    /// The input is over: what is held, translated as the end.
    pub(crate) fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        self.translate(&[], out, true)
    }

    /// `buf[start..end]` goes out as it is (it follows what is translated so far).
    #[inline(always)]
    fn verbatim(&mut self, start: usize, end: usize) {
        if self.span.0 == self.span.1 {
            self.span = (start, end);
        } else {
            debug_assert_eq!(self.span.1, start);
            self.span.1 = end;
        }
    }

    /// A line of the input starts at `input`, of the output at `output`.
    fn line_starts(&mut self, output: u64, input: u64) {
        let line = self.lines.back().map_or(1, |l| l.0) + 1;
        self.lines.push_back((line, output, input));
    }

    /// Writes the bytes that go out as they are, and counts their line breaks.
    fn flush(&mut self, buf: &[u8], out: &mut Vec<u8>) {
        let (start, end) = std::mem::take(&mut self.span);
        if start == end {
            return;
        }
        let bytes = &buf[start..end];
        out.extend_from_slice(bytes);
        let (output, input) = (self.output_at, self.input_at);
        for i in memchr::memchr_iter(b'\n', bytes) {
            self.line_starts(output + i as u64 + 1, input + i as u64 + 1);
        }
        self.output_at += bytes.len() as u64;
        self.input_at += bytes.len() as u64;
    }

    /// Writes `text` for the input `buf[start..end]` (translated up to `start`), then
    /// the line breaks inside that input.
    fn copy(&mut self, buf: &[u8], start: usize, end: usize, text: &[u8], out: &mut Vec<u8>) {
        let source = &buf[start..end];
        if text == source {
            // (No line break: a token's own text never holds one.)
            return self.verbatim(start, end);
        }
        self.flush(buf, out);
        let (output, input) = (self.output_at, self.input_at);
        out.extend_from_slice(text);
        self.output_at += text.len() as u64;
        self.input_at += source.len() as u64;
        let changed = text.len() != source.len();
        if changed {
            self.marks.push_back((output, input));
        }
        let mut breaks = false;
        for i in memchr::memchr_iter(b'\n', source) {
            out.push(b'\n');
            self.output_at += 1;
            self.line_starts(self.output_at, input + i as u64 + 1);
            breaks = true;
        }
        if changed || breaks {
            self.marks.push_back((self.output_at, self.input_at));
        }
    }

    /// White space and comments `buf[start..end]`: spaces, line breaks kept.
    #[inline(always)]
    fn gap(&mut self, buf: &[u8], start: usize, end: usize, out: &mut Vec<u8>) {
        if !self.resync && buf[start..end].iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
            return self.verbatim(start, end);
        }
        self.spaces(buf, start, end, out);
    }

    /// A gap with comments or other white space (or after an error: a line break there
    /// forgets the open containers): spaces, line breaks kept.
    #[inline(never)]
    fn spaces(&mut self, buf: &[u8], start: usize, end: usize, out: &mut Vec<u8>) {
        self.flush(buf, out);
        let mut from = start;
        for i in memchr::memchr_iter(b'\n', &buf[start..end]) {
            let i = start + i;
            out.extend(buf[from..i].iter().map(|&b| if matches!(b, b' ' | b'\t' | b'\r') { b } else { b' ' }));
            out.push(b'\n');
            self.output_at += (i + 1 - from) as u64;
            self.input_at += (i + 1 - from) as u64;
            self.line_starts(self.output_at, self.input_at);
            from = i + 1;
            if self.resync {
                self.stack.clear();
                self.prev = Prev::Start;
                self.resync = false;
            }
        }
        out.extend(buf[from..end].iter().map(|&b| if matches!(b, b' ' | b'\t' | b'\r') { b } else { b' ' }));
        self.output_at += (end - from) as u64;
        self.input_at += (end - from) as u64;
    }

    /// An error for the input `buf[start..end]` (translated up to `start`) at `inner`:
    /// `#` in its place for the decoder (or the error itself, inferring).
    fn fail(
        &mut self,
        buf: &[u8],
        start: usize,
        inner: usize,
        end: usize,
        message: String,
        out: &mut Vec<u8>,
    ) -> Result<(), String> {
        self.flush(buf, out);
        let (line, line_start) = self.lines.back().map_or((1, 0), |l| (l.0, l.2));
        let before = &buf[start..inner];
        let breaks = memchr::memchr_iter(b'\n', before).count() as u64;
        let line_start = match memchr::memrchr(b'\n', before) {
            Some(i) => self.input_at + i as u64 + 1,
            None => line_start,
        };
        let byte = self.input_at + (inner - start) as u64;
        let message = format!("line {}, column {} (byte {byte}): {message}", line + breaks, byte - line_start + 1);
        if self.fail_fast {
            return Err(message);
        }
        self.found.push_back(Found { output: self.output_at, message });
        self.copy(buf, start, end, b"#", out);
        self.resync = true;
        self.prev = Prev::Value;
        Ok(())
    }

    /// Input bytes translated so far.
    pub(crate) fn input_at(&self) -> u64 {
        self.input_at
    }

    /// Input bytes received so far (translated or held).
    pub(crate) fn received(&self) -> u64 {
        self.input_at + self.held.len() as u64
    }

    /// Where in the input the output not taken yet (`ahead`) starts.
    pub(crate) fn input_of_ahead(&self) -> u64 {
        self.input_of(self.output_at - self.ahead.len() as u64)
    }

    /// The input offset of output offset `output` (at a token's start or inside
    /// copied text: exact; inside a token that changed length: its start or end).
    fn input_of(&self, output: u64) -> u64 {
        // The later of the last mark and the last line start at or before it (a mark
        // on a tie): both are places where output and input meet.
        let line = self.lines.iter().rev().find(|l| l.1 <= output).map(|l| (l.1, l.2));
        let mark = self.marks.iter().rev().find(|m| m.0 <= output).copied();
        let (o, i) = [line, mark].into_iter().flatten().max_by_key(|p| p.0).unwrap_or((0, 0));
        let next = self.marks.iter().find(|m| m.0 > output).map_or(self.input_at, |m| m.1);
        (i + (output - o)).min(next)
    }

    /// The message (with its place) of the error put at output offset `output`, if
    /// one was.
    pub(crate) fn found_at(&self, output: u64) -> Option<&str> {
        self.found.iter().find(|f| f.output == output).map(|f| f.message.as_str())
    }

    /// The input's column and byte for output offset `output` (its line is the
    /// output's: line breaks are kept one for one).
    pub(crate) fn column_and_byte(&self, output: u64) -> (u64, u64) {
        let byte = self.input_of(output);
        let start = self.lines.iter().rev().find(|l| l.1 <= output).map_or(0, |l| l.2);
        (byte.saturating_sub(start) + 1, byte)
    }

    /// The input's column for output column `column` (from 1) of line `line`.
    pub(crate) fn column(&self, line: u64, column: u64) -> Option<u64> {
        let &(_, out, start) = self.lines.iter().find(|l| l.0 == line)?;
        Some(self.input_of(out + column.saturating_sub(1)).saturating_sub(start) + 1)
    }

    /// Forgets the positions before output offset `output` (no error will name them).
    pub(crate) fn forget_before(&mut self, output: u64) {
        if self.keep_all {
            return;
        }
        while self.marks.len() > 1 && self.marks[1].0 <= output {
            self.marks.pop_front();
        }
        while self.lines.len() > 1 && self.lines[1].1 <= output {
            self.lines.pop_front();
        }
        while self.found.front().is_some_and(|f| f.output < output) {
            self.found.pop_front();
        }
    }

    /// Output offset where the last line given so far starts.
    pub(crate) fn last_line_start(&self) -> u64 {
        self.lines.back().map_or(0, |l| l.1)
    }
}

/// Schema inference reads JSON5 through this, the translator shared with the
/// inference, which maps its errors' columns back (a JSON5 error ends the reading).
impl crate::translated::Translate for Rc<RefCell<Json5>> {
    fn translate(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
        let mut json5 = self.borrow_mut();
        // The inference has read every line before the last one it was given.
        let keep = json5.last_line_start();
        json5.forget_before(keep);
        json5.translate(input, out, false)
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        self.borrow_mut().finish(out)
    }
}

#[cfg(test)]
mod tests {
    use super::Json5;

    /// Minified text (no white space between tokens) cut into pieces: only the cut
    /// word is held back, never the tokens before it.
    #[test]
    fn minified_text_is_not_held_back_whole() {
        let text = "[".to_string() + &"{a:1,b:'x',c:0x1F,d:[true,null]},".repeat(500) + "{}]";
        let whole = {
            let mut j = Json5::new(false);
            let mut out = Vec::new();
            j.translate(text.as_bytes(), &mut out, true).unwrap();
            out
        };
        for size in [1, 7, 64, 1000] {
            let mut j = Json5::new(false);
            let mut out = Vec::new();
            for piece in text.as_bytes().chunks(size) {
                j.translate(piece, &mut out, false).unwrap();
                // At most a word (`0x1F`) and a ',' waiting for what follows it (and the
                // pieces that came before the held bytes doubled).
                assert!(j.held.len() <= 16, "pieces of {size}: {} bytes held", j.held.len());
            }
            j.finish(&mut out).unwrap();
            assert_eq!(out, whole, "pieces of {size}");
        }
    }

    /// A long string in small pieces is lexed again only when what is held has doubled.
    #[test]
    fn a_long_cut_string_is_not_lexed_at_every_piece() {
        let text = format!("{{s: '{}'}}\n", "x".repeat(100_000));
        let mut j = Json5::new(false);
        let mut out = Vec::new();
        let mut lexed = 0;
        for piece in text.as_bytes().chunks(100) {
            let before = j.tried;
            j.translate(piece, &mut out, false).unwrap();
            lexed += usize::from(j.tried != before);
        }
        j.finish(&mut out).unwrap();
        assert_eq!(out, format!("{{\"s\": \"{}\"}}\n", "x".repeat(100_000)).into_bytes());
        assert!(lexed < 20, "lexed {lexed} times");
    }
}

#[cfg(test)]
mod pieces_differential {
    use super::Json5;

    fn translate(text: &[u8], size: usize) -> Vec<u8> {
        let mut j = Json5::new(false);
        let mut out = Vec::new();
        for piece in text.chunks(size) {
            j.translate(piece, &mut out, false).unwrap();
        }
        j.finish(&mut out).unwrap();
        out
    }

    #[test]
    fn pieces_translate_as_the_whole() {
        let words = [
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "'a\\\"b'",
            "\"x\"",
            "aa",
            "-0",
            "+42",
            "0x7",
            ".5",
            "-1.25",
            "9007199254740993",
            "/* c, } */",
            " ",
            "\n",
            "null",
            "true",
            "'\\u00E9'",
            "5e-324",
            "-0.0",
        ];
        let mut state = 88172645463325252u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..20000 {
            let mut text = String::new();
            for _ in 0..next(60) {
                text.push_str(words[next(words.len())]);
                if next(3) == 0 {
                    text.push(' ');
                }
            }
            let whole = translate(text.as_bytes(), usize::MAX);
            for size in [1, 2, 3, 5, 7, 20] {
                let got = translate(text.as_bytes(), size);
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&whole),
                    "round {round}, pieces of {size}: {text:?}"
                );
            }
        }
    }
}
