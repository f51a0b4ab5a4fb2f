//! [`Decoder`]: the push decoder. Bytes arrive in pieces of any size; records are
//! decoded straight from them, and only a record that a piece cuts is copied (into
//! `pending`) until the rest arrives.
//!
//! The input is a stream of JSON objects separated by whitespace (NDJSON, with `\r\n`
//! or blank lines, or several objects on a line), or one top-level array of objects
//! (told apart by the first byte that is not whitespace).

use std::sync::Arc;

use arrow_array::{RecordBatch, RecordBatchOptions};
use arrow_schema::{ArrowError, SchemaRef};
use json_runtime::{JsonToken, Token};

use crate::columns::{Column, StructColumn};
use crate::cursor::{Cursor, Fail, Res};
use crate::prefilter::Prefilter;

/// How records are laid out, once the first byte tells.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Framing {
    Unknown,
    /// Whitespace-separated objects.
    Lines,
    /// Inside `[`: before the first record, after a record, after a ',', after a
    /// skipped bad record; after the closing `]`.
    ArrayFirst,
    ArrayAfter,
    ArrayNext,
    ArraySkipped,
    ArrayEnded,
}

/// Why a run over a piece of input stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stop {
    /// `batch_size` rows are buffered.
    Full,
    /// The input ends inside a record (it starts where the run stopped).
    Incomplete,
    /// Every byte was used.
    Done,
}

/// Where the next unconsumed byte is, for error messages.
#[derive(Clone, Copy, Debug, Default)]
struct Position {
    offset: u64,
    /// Line breaks before it.
    lines: u64,
    /// Where its line starts.
    line_start: u64,
}

/// At most this many skipped records keep their error.
const KEPT_ERRORS: usize = 100;

/// Decodes JSON records pushed to it in pieces into [`RecordBatch`]es (see
/// [`ReaderBuilder::build_decoder`](crate::ReaderBuilder::build_decoder)).
pub struct Decoder {
    root: StructColumn,
    schema: SchemaRef,
    batch_size: usize,
    /// The bytes of a record cut at the end of a piece (or left when a batch filled).
    pending: Vec<u8>,
    /// `pending`'s length when a run last found it incomplete (0: not tried as it is).
    tried_len: usize,
    framing: Framing,
    pos: Position,
    /// Records decoded or skipped so far.
    records: usize,
    skip_bad: bool,
    /// Dropping the rest of a bad line that goes on past the piece.
    skipping: bool,
    skipped: usize,
    errors: Vec<ArrowError>,
    scratch: Vec<u8>,
    stack: Vec<bool>,
    prefilter: Option<Prefilter>,
    /// Records the prefilter dropped.
    filtered: usize,
    /// JSONC or JSON5: what turns the input into strict JSON before it is decoded.
    dialect: Option<Box<Translation>>,
    /// The translation of the end of input (`flush`) that a full batch left undecoded.
    end: Vec<u8>,
}

/// The dialects' translations into strict JSON.
#[derive(Debug)]
enum Translation {
    /// Comments become spaces byte for byte.
    Jsonc(crate::comments::Comments),
    /// JSON5 token by token (lengths may change: positions are mapped back).
    Json5(crate::json5::Json5),
}

impl Translation {
    fn ahead(&mut self) -> &mut Vec<u8> {
        match self {
            Translation::Jsonc(c) => &mut c.ahead,
            Translation::Json5(j) => &mut j.ahead,
        }
    }

    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        match self {
            Translation::Jsonc(c) => c.finish(out),
            Translation::Json5(j) => j.finish(out),
        }
    }
}

impl std::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decoder")
            .field("schema", &self.schema)
            .field("batch_size", &self.batch_size)
            .field("buffered_rows", &self.root.len())
            .finish()
    }
}

impl Decoder {
    pub(crate) fn new(
        root: StructColumn,
        schema: SchemaRef,
        batch_size: usize,
        skip_bad: bool,
        prefilter: Option<Prefilter>,
    ) -> Decoder {
        Decoder {
            root,
            schema,
            batch_size: batch_size.max(1),
            pending: Vec::new(),
            tried_len: 0,
            framing: Framing::Unknown,
            pos: Position::default(),
            records: 0,
            skip_bad,
            skipping: false,
            skipped: 0,
            errors: Vec::new(),
            scratch: Vec::new(),
            stack: Vec::new(),
            prefilter,
            filtered: 0,
            dialect: None,
            end: Vec::new(),
        }
    }

    /// JSONC input: comments are white space.
    pub(crate) fn with_comments(mut self) -> Decoder {
        self.dialect = Some(Box::new(Translation::Jsonc(crate::comments::Comments::new())));
        self
    }

    /// JSON5 input, translated into JSON.
    pub(crate) fn with_json5(mut self) -> Decoder {
        self.dialect = Some(Box::new(Translation::Json5(crate::json5::Json5::new(false))));
        self
    }

    /// Decodes records from `buf`; returns how many of its bytes it took. Less than
    /// `buf.len()` means a batch is full: [`Decoder::flush`] it, then pass the rest.
    /// A record cut at the end of `buf` is kept until the next call completes it.
    pub fn decode(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        match self.dialect.as_deref() {
            None => self.decode_json(buf),
            Some(Translation::Jsonc(_)) => self.decode_jsonc(buf),
            Some(Translation::Json5(_)) => self.decode_json5(buf),
        }
    }

    /// [`decode`](Decoder::decode) of JSONC: its comments are spaces, byte for byte.
    fn decode_jsonc(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        let Some(Translation::Jsonc(c)) = self.dialect.as_deref_mut() else { unreachable!("JSONC") };
        // The front of `buf` that an earlier call translated and gave back (a batch
        // filled): the caller passes those bytes again.
        let ahead = c.ahead.len().min(buf.len());
        let mut text = std::mem::take(&mut c.ahead);
        text.truncate(ahead);
        c.translate(&buf[ahead..], &mut text);
        let r = self.decode_json(&text);
        if let Ok(used) = r {
            text.drain(..used);
        }
        let Some(Translation::Jsonc(c)) = self.dialect.as_deref_mut() else { unreachable!("JSONC") };
        c.ahead = text;
        // All of `buf` taken but what is given back (a held `/` counts as taken).
        r.map(|_| buf.len() - c.ahead.len())
    }

    /// [`decode`](Decoder::decode) of JSON5: translated into JSON (lengths change).
    fn decode_json5(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        if self.root.len() >= self.batch_size {
            // Full (translated bytes wait in `ahead`): flush first.
            return Ok(0);
        }
        let Some(Translation::Json5(j)) = self.dialect.as_deref_mut() else { unreachable!("JSON5") };
        // The front of `buf` that the last call gave back (a batch filled) is translated
        // already: the caller passes those bytes again.
        let skip = j.given_back.min(buf.len());
        let from = j.received() - skip as u64;
        let mut text = std::mem::take(&mut j.ahead);
        // Not inferring: an error in a JSON5 token goes into the text, for the decoder.
        j.translate(&buf[skip..], &mut text, false).unwrap_or(());
        let r = self.decode_json(&text);
        if let Ok(used) = r {
            text.drain(..used);
        }
        let Some(Translation::Json5(j)) = self.dialect.as_deref_mut() else { unreachable!("JSON5") };
        j.ahead = text;
        // The bytes not taken yet are given back when they are all `buf`'s; when the
        // first of them came before it (a token cut by the last piece), they are all
        // kept, and decoded at the next call or flush.
        let untaken = j.input_of_ahead();
        j.given_back = if untaken >= from { (j.input_at() - untaken) as usize } else { 0 };
        // Errors name what follows the current line's start at the earliest.
        j.forget_before(self.pos.line_start.min(self.pos.offset));
        r.map(|_| buf.len() - j.given_back)
    }

    fn decode_json(&mut self, buf: &[u8]) -> Result<usize, ArrowError> {
        let mut used = 0;
        if !self.pending.is_empty() {
            if self.tried_len != self.pending.len() && self.run_pending(false)? == Stop::Full {
                return Ok(0);
            }
            // Complete the cut record a line at a time (a record ends at a line break at
            // the latest in NDJSON), trying again when a line break arrived or the record
            // has doubled (records that span lines, the array form).
            while !self.pending.is_empty() {
                if used == buf.len() {
                    return Ok(used);
                }
                let rest = &buf[used..];
                let (take, newline) = match memchr::memchr(b'\n', rest) {
                    Some(i) => (i + 1, true),
                    None => (rest.len(), false),
                };
                self.pending.extend_from_slice(&rest[..take]);
                used += take;
                if (newline || self.pending.len() >= 2 * self.tried_len) && self.run_pending(false)? == Stop::Full {
                    return Ok(used);
                }
            }
        }
        let rest = &buf[used..];
        let (n, stop) = self.run(rest, false)?;
        self.advance(&rest[..n]);
        match stop {
            Stop::Full => Ok(used + n),
            Stop::Incomplete => {
                self.pending.extend_from_slice(&rest[n..]);
                self.tried_len = self.pending.len();
                Ok(buf.len())
            }
            Stop::Done => Ok(buf.len()),
        }
    }

    /// `rows` (serde values, each a record: a struct or map) as records, all of them
    /// whatever the batch size, as arrow-json's `Decoder::serialize`: written as JSON by
    /// jsonlex's serde serializer and decoded as any input is. An error if a record
    /// from [`decode`](Decoder::decode) is still cut.
    #[cfg(feature = "serde")]
    pub fn serialize<S: serde::Serialize>(&mut self, rows: &[S]) -> Result<(), ArrowError> {
        if !self.pending.is_empty() {
            return Err(ArrowError::JsonError("cannot serialize rows while a decoded record is cut".into()));
        }
        let mut text = Vec::new();
        for row in rows {
            jsonlex::to_writer(&mut text, row).map_err(|e| ArrowError::JsonError(e.to_string()))?;
            text.push(b'\n');
        }
        // Strict JSON whatever the dialect: past the comment stripper (and its state).
        // Not part of the input: the input's positions (in errors) do not count it.
        let batch_size = std::mem::replace(&mut self.batch_size, usize::MAX);
        let pos = self.pos;
        let used = self.decode_json(&text);
        self.batch_size = batch_size;
        self.pos = pos;
        if used? != text.len() || !self.pending.is_empty() {
            return Err(ArrowError::JsonError("serialized rows did not decode whole".into()));
        }
        Ok(())
    }

    /// The rows decoded so far as a batch (`None` if there are none). The input
    /// ending inside a record is an error here (or, skipping bad records, a skip).
    pub fn flush(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        if let Some(Translation::Json5(j)) = self.dialect.as_deref_mut() {
            if j.given_back == 0 && !j.ahead.is_empty() && self.root.len() < self.batch_size {
                // Translated bytes the decoder kept (none given back): decoded now.
                let mut text = std::mem::take(&mut j.ahead);
                let used = self.decode_json(&text)?;
                text.drain(..used);
                if let Some(Translation::Json5(j)) = self.dialect.as_deref_mut() {
                    j.ahead = text;
                }
            }
        }
        if !self.end.is_empty() && self.root.len() < self.batch_size {
            // The end's translation that a full batch left (below).
            let end = std::mem::take(&mut self.end);
            let used = self.decode_json(&end)?;
            self.end = end[used..].to_vec();
        }
        if self.root.len() < self.batch_size
            && self.end.is_empty()
            && self.dialect.as_mut().is_some_and(|d| d.ahead().is_empty())
        {
            // As the end of input (see below): a held `/`, a comment left open, the
            // tokens held back (JSON5's may be records).
            let mut end = Vec::new();
            if let Some(d) = self.dialect.as_mut() {
                d.finish(&mut end).map_err(ArrowError::JsonError)?;
            }
            if !end.is_empty() {
                // What a batch filling leaves is decoded by the next flush.
                let used = self.decode_json(&end)?;
                self.end = end[used..].to_vec();
            }
        }
        if !self.pending.is_empty() && self.tried_len != self.pending.len() {
            self.run_pending(false)?;
        }
        if !self.pending.is_empty() && self.tried_len == self.pending.len() && self.root.len() < self.batch_size {
            // The last record is cut: as the end of input, for the real error.
            self.run_pending(true)?;
        }
        if self.root.len() == 0 {
            return Ok(None);
        }
        let (arrays, len) = self.root.finish_columns()?;
        self.root.check_nullability(&arrays, None)?;
        let options = RecordBatchOptions::new().with_row_count(Some(len));
        Ok(Some(RecordBatch::try_new_with_options(self.schema.clone(), arrays, &options)?))
    }

    /// Rows buffered for the next batch.
    pub fn len(&self) -> usize {
        self.root.len()
    }

    /// No rows buffered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the bytes so far end inside a record.
    pub fn has_partial_record(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The schema of the batches.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// Records skipped as bad so far (with [`ReaderBuilder::with_skip_bad_records`](crate::ReaderBuilder::with_skip_bad_records)).
    pub fn skipped_records(&self) -> usize {
        self.skipped
    }

    /// The errors of the first 100 skipped records.
    pub fn skipped_errors(&self) -> &[ArrowError] {
        &self.errors
    }

    /// Records the prefilter dropped so far (with [`ReaderBuilder::with_prefilter`](crate::ReaderBuilder::with_prefilter)).
    pub fn filtered_records(&self) -> usize {
        self.filtered
    }

    fn run_pending(&mut self, last: bool) -> Result<Stop, ArrowError> {
        let mut pending = std::mem::take(&mut self.pending);
        let result = self.run(&pending, last);
        if let Ok((n, _)) = result {
            self.advance(&pending[..n]);
            pending.drain(..n);
        }
        self.pending = pending;
        let (_, stop) = result?;
        self.tried_len = if stop == Stop::Incomplete { self.pending.len() } else { 0 };
        if last {
            // Nothing can complete it now: a cut record was an error (or skipped).
            self.pending.clear();
            self.tried_len = 0;
        }
        Ok(stop)
    }

    /// Decodes the records of `input` (which starts at `self.pos`); how many bytes were
    /// used, and why it stopped. `last`: no more input follows.
    fn run(&mut self, input: &[u8], last: bool) -> Result<(usize, Stop), ArrowError> {
        let mut cur = Cursor::new(input, last, std::mem::take(&mut self.scratch), std::mem::take(&mut self.stack));
        let result = self.records(&mut cur);
        (self.scratch, self.stack) = cur.into_buffers();
        result
    }

    fn records(&mut self, cur: &mut Cursor<'_>) -> Result<(usize, Stop), ArrowError> {
        let input = cur.input();
        let mut pos = 0;
        loop {
            if self.skipping {
                match memchr::memchr(b'\n', &input[pos..]) {
                    Some(i) => {
                        pos += i + 1;
                        self.skipping = false;
                    }
                    None => return Ok((input.len(), Stop::Done)),
                }
            }
            while pos < input.len() && matches!(input[pos], b' ' | b'\t' | b'\n' | b'\r') {
                pos += 1;
            }
            if pos == input.len() {
                return Ok((pos, Stop::Done));
            }
            let byte = input[pos];
            match self.framing {
                Framing::Unknown if byte == b'[' && !self.root.takes_arrays() => {
                    self.framing = Framing::ArrayFirst;
                    pos += 1;
                    continue;
                }
                Framing::Unknown => self.framing = Framing::Lines,
                Framing::Lines | Framing::ArrayNext => {}
                Framing::ArrayFirst | Framing::ArraySkipped if byte == b']' => {
                    self.framing = Framing::ArrayEnded;
                    pos += 1;
                    continue;
                }
                Framing::ArraySkipped if byte == b',' => {
                    self.framing = Framing::ArrayNext;
                    pos += 1;
                    continue;
                }
                Framing::ArrayFirst | Framing::ArraySkipped => {}
                Framing::ArrayAfter => {
                    self.framing = match byte {
                        b',' => Framing::ArrayNext,
                        b']' => Framing::ArrayEnded,
                        _ => {
                            let e =
                                self.error_at(input, pos, "expected ',' or ']' after a record of the top-level array");
                            return Err(e);
                        }
                    };
                    pos += 1;
                    continue;
                }
                Framing::ArrayEnded => {
                    return Err(self.error_at(input, pos, "unexpected data after the top-level array"));
                }
            }
            if self.root.len() >= self.batch_size {
                return Ok((pos, Stop::Full));
            }
            let row = self.root.len();
            cur.record = self.records + 1;
            cur.set_offset(pos);
            let decoded = match cur.next() {
                Ok(t) => match &self.prefilter {
                    Some(p) if t.kind == JsonToken::ObjectStart => prefiltered(&mut self.root, p, cur, t, pos),
                    _ => self.root.decode(cur, t).map(|()| true),
                },
                Err(f) => Err(f),
            };
            match decoded {
                Ok(kept) => {
                    pos = cur.offset();
                    self.records += 1;
                    self.filtered += usize::from(!kept);
                    if self.framing != Framing::Lines {
                        self.framing = Framing::ArrayAfter;
                    }
                }
                Err(Fail::Incomplete) => {
                    self.root.truncate(row);
                    return Ok((pos, Stop::Incomplete));
                }
                Err(Fail::Bad(bad)) => {
                    let (offset, message) = (bad.offset, bad.message);
                    self.root.truncate(row);
                    let error = self.error_at(input, offset, &message);
                    if !self.skip_bad {
                        return Err(error);
                    }
                    self.records += 1;
                    self.skipped += 1;
                    if self.errors.len() < KEPT_ERRORS {
                        self.errors.push(error);
                    }
                    if self.framing != Framing::Lines {
                        self.framing = Framing::ArraySkipped;
                    }
                    // The rest of the line goes with the bad record.
                    match memchr::memchr(b'\n', &input[offset.min(input.len())..]) {
                        Some(i) => pos = offset + i + 1,
                        None if cur_is_last(cur) => return Ok((input.len(), Stop::Done)),
                        None => {
                            self.skipping = true;
                            return Ok((input.len(), Stop::Done));
                        }
                    }
                }
            }
        }
    }

    /// `consumed` (the bytes at `self.pos`) are used.
    fn advance(&mut self, consumed: &[u8]) {
        let mut lines = 0;
        let mut last = None;
        for i in memchr::memchr_iter(b'\n', consumed) {
            lines += 1;
            last = Some(i);
        }
        if let Some(i) = last {
            self.pos.lines += lines;
            self.pos.line_start = self.pos.offset + i as u64 + 1;
        }
        self.pos.offset += consumed.len() as u64;
    }

    /// An error at `offset` in `input` (which starts at `self.pos`), with its line,
    /// column and byte offset in the whole stream.
    #[cold]
    fn error_at(&self, input: &[u8], offset: usize, message: &str) -> ArrowError {
        let offset = offset.min(input.len());
        let before = &input[..offset];
        let lines = memchr::memchr_iter(b'\n', before).count() as u64;
        let line_start = match memchr::memrchr(b'\n', before) {
            Some(i) => self.pos.offset + i as u64 + 1,
            None => self.pos.line_start,
        };
        let at = self.pos.offset + offset as u64;
        let (line, column) = (self.pos.lines + lines + 1, at - line_start + 1);
        if let Some(Translation::Json5(j)) = self.dialect.as_deref() {
            // Where that is in the JSON5 input (lines are the same), or the translation's
            // own error put there.
            if let Some(found) = j.found_at(at) {
                return ArrowError::JsonError(found.to_string());
            }
            let (column, byte) = j.column_and_byte(at);
            return ArrowError::JsonError(format!("line {line}, column {column} (byte {byte}): {message}"));
        }
        ArrowError::JsonError(format!("line {line}, column {column} (byte {at}): {message}"))
    }
}

/// The record at `start` (its first token `t`): checked by the validating skip, then
/// decoded only if its text may pass the prefilter. Whether it was decoded.
fn prefiltered(
    root: &mut StructColumn,
    prefilter: &Prefilter,
    cur: &mut Cursor<'_>,
    t: Token<JsonToken>,
    start: usize,
) -> Res<bool> {
    cur.skip_record(t)?;
    if !prefilter.may_match(&cur.input()[start..cur.offset()]) {
        return Ok(false);
    }
    cur.set_offset(start);
    let t = cur.next()?;
    root.decode(cur, t).map(|()| true)
}

fn cur_is_last(cur: &Cursor<'_>) -> bool {
    cur.is_last()
}

/// A decoder's schema as a shared reference (for [`Reader`](crate::Reader)).
pub(crate) fn schema_of(d: &Decoder) -> SchemaRef {
    Arc::clone(&d.schema)
}
