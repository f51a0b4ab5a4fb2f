//! NDJSON (JSON Lines): one JSON document per line, checked or decoded on every core.
//!
//! The input is split at newlines into batches that run in parallel (rayon, feature
//! `parallel`, on by default); results come back in input order. Unlike a
//! [document stream](crate::ValueStream), a bad line does not stop the rest: each line
//! is a document of its own, and every bad one is reported.
//!
//! - Lines end with `\n`; a `\r` before it is dropped (CRLF files work). The last line
//!   may lack its newline; if it was cut short, it is reported like any other bad line.
//! - Empty lines, and lines of whitespace only, are skipped (they are not documents).
//! - An error names the line in the input (from 1) and the column in that line (in
//!   characters, from 1); its offset is from the start of the input.
//!
//! ```
//! let input = b"{\"a\": 1}\n\n[1, 2\r\n\"ok\"";
//! let errors = jsonlex::ndjson::validate(input);
//! assert_eq!(errors.len(), 1);
//! assert_eq!((errors[0].line(), errors[0].column()), (3, 6));
//!
//! let lines = jsonlex::ndjson::decode(input);
//! assert_eq!(lines.len(), 3);
//! assert_eq!(lines[0].0, 1);
//! assert_eq!(lines[0].1.as_ref().unwrap()["a"], 1);
//! assert!(lines[1].1.is_err());
//! assert_eq!(lines[2].1.as_ref().unwrap(), "ok");
//! ```
//!
//! Files and other readers run in constant memory: [`Ndjson::decode_reader`] and
//! [`Ndjson::validate_reader`] read a block (4 MiB unless [`Ndjson::block_size`] says
//! otherwise), process its complete lines in parallel while the next block is read,
//! and carry the unfinished line over. A line longer than the block grows the buffer.
//! An I/O error ends the iteration with an error of category [`Io`](crate::Category::Io)
//! that names the offset where reading stopped.
//!
//! ```
//! let file: &[u8] = b"1\n{\"a\":\n[]\n";
//! let bad: Vec<_> = jsonlex::ndjson::Ndjson::new().jobs(2).validate_reader(file).collect();
//! assert_eq!(bad.len(), 1);
//! assert_eq!(bad[0].to_string(), "unexpected end of input: expected a value at line 2, column 6");
//! ```

use std::collections::VecDeque;
use std::io::{self, Read};

use json_runtime::Position;

use crate::{lexer, Category, DecodeOptions, Error, Value};

/// NDJSON settings: decode options, how many threads, how much to read at a time.
#[derive(Clone, Copy, Debug)]
pub struct Ndjson {
    options: DecodeOptions,
    jobs: usize,
    block: usize,
}

impl Default for Ndjson {
    fn default() -> Self {
        Ndjson::new()
    }
}

/// Checks every line of `input`; the errors of the bad lines, in order (empty: all good).
pub fn validate(input: &[u8]) -> Vec<Error> {
    Ndjson::new().validate(input)
}

/// Decodes every line of `input`: `(line number, result)` for each non-empty line, in order.
pub fn decode(input: &[u8]) -> Vec<(usize, Result<Value, Error>)> {
    Ndjson::new().decode(input)
}

/// [`Ndjson::validate_reader`] with the default settings.
pub fn validate_reader<R: Read>(reader: R) -> BadLines<R> {
    Ndjson::new().validate_reader(reader)
}

/// [`Ndjson::decode_reader`] with the default settings.
pub fn decode_reader<R: Read>(reader: R) -> Lines<R> {
    Ndjson::new().decode_reader(reader)
}

impl Ndjson {
    /// Default [`DecodeOptions`], every core, 4 MiB blocks.
    pub fn new() -> Ndjson {
        Ndjson { options: DecodeOptions::new(), jobs: 0, block: 4 << 20 }
    }

    /// The options each line is decoded with.
    pub fn options(mut self, options: &DecodeOptions) -> Ndjson {
        self.options = *options;
        self
    }

    /// How many threads to use: 0 (the default) for rayon's global pool (every core),
    /// 1 for the calling thread alone. Without the `parallel` feature, always 1.
    pub fn jobs(mut self, jobs: usize) -> Ndjson {
        self.jobs = jobs;
        self
    }

    /// How many bytes the reader variants read at a time (at least 1; the buffer grows
    /// past it for a longer line).
    pub fn block_size(mut self, bytes: usize) -> Ndjson {
        self.block = bytes.max(1);
        self
    }

    /// Checks every line of `input`; the errors of the bad lines, in order.
    pub fn validate(&self, input: &[u8]) -> Vec<Error> {
        let pool = Pool::new(self.jobs);
        let mut out = Vec::new();
        let mut at = Cursor::default();
        let batches = run(&pool, input, &self.options, check_line, false);
        at.emit(batches, |_, r| {
            if let Err(e) = r {
                out.push(e);
            }
        });
        out
    }

    /// Decodes every non-empty line of `input`: `(line number, result)` in order.
    pub fn decode(&self, input: &[u8]) -> Vec<(usize, Result<Value, Error>)> {
        let pool = Pool::new(self.jobs);
        let mut out = Vec::new();
        let mut at = Cursor::default();
        let batches = run(&pool, input, &self.options, decode_line, true);
        at.emit(batches, |line, r| out.push((line, r)));
        out
    }

    /// The bad lines of `reader`'s NDJSON, as an iterator of errors, in constant memory.
    /// A read failure is the last item (category [`Io`](crate::Category::Io)).
    pub fn validate_reader<R: Read>(&self, reader: R) -> BadLines<R> {
        BadLines(Reader::new(self, reader, check_line, false))
    }

    /// Each non-empty line of `reader`'s NDJSON decoded: `(line number, result)` in
    /// order, in constant memory. A read failure is the last item.
    pub fn decode_reader<R: Read>(&self, reader: R) -> Lines<R> {
        Lines(Reader::new(self, reader, decode_line, true))
    }
}

/// How one line is handled: checked or decoded.
type Parse<T> = fn(&[u8], &DecodeOptions) -> Result<T, Error>;

fn check_line(line: &[u8], options: &DecodeOptions) -> Result<(), Error> {
    json_runtime::de::validate_trusted::<lexer::JsonLexer>(line, options)
}

fn decode_line(line: &[u8], options: &DecodeOptions) -> Result<Value, Error> {
    crate::decode_with(line, options)
}

/// What one batch of lines gave. Positions are relative to the batch: `line` counts
/// from 0 at its first line, `start` is the offset of that line in the batch.
struct Batch<T> {
    /// Bytes in the batch.
    len: usize,
    /// Lines in the batch (a last line without its newline counts).
    lines: usize,
    /// Non-empty lines.
    documents: usize,
    items: Vec<Item<T>>,
}

struct Item<T> {
    line: usize,
    start: usize,
    result: Result<T, Error>,
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Handles each line of `bytes` in turn; keeps the successes too if `keep_ok`.
fn batch<T>(bytes: &[u8], options: &DecodeOptions, parse: Parse<T>, keep_ok: bool) -> Batch<T> {
    let mut items = Vec::new();
    let (mut pos, mut line, mut documents) = (0, 0, 0);
    while pos < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
        let mut text = &bytes[pos..end];
        if let [rest @ .., b'\r'] = text {
            text = rest;
        }
        if !text.is_empty() {
            documents += 1;
            match parse(text, options) {
                Ok(v) if keep_ok => items.push(Item { line, start: pos, result: Ok(v) }),
                Ok(_) => {}
                // Only now, on the error path, see whether it was a blank line.
                Err(_) if is_blank(text) => documents -= 1,
                Err(e) => items.push(Item { line, start: pos, result: Err(e) }),
            }
        }
        line += 1;
        pos = end + 1;
    }
    Batch { len: bytes.len(), lines: line, documents, items }
}

/// Splits `input` (whole lines, but for a last one without newline) into batches for
/// the pool's threads, and runs them; the batches' results in input order.
fn run<T: Send>(pool: &Pool, input: &[u8], options: &DecodeOptions, parse: Parse<T>, keep_ok: bool) -> Vec<Batch<T>> {
    let threads = pool.threads();
    if threads <= 1 || input.len() < 2 * MIN_BATCH {
        return vec![batch(input, options, parse, keep_ok)];
    }
    // Several batches a thread, so that one slow batch does not idle the others.
    let target = (input.len() / (threads * 8)).clamp(MIN_BATCH, MAX_BATCH);
    let mut parts = Vec::new();
    let mut start = 0;
    while start < input.len() {
        let mut end = start + target;
        if end >= input.len() {
            end = input.len();
        } else {
            end = memchr::memchr(b'\n', &input[end..]).map_or(input.len(), |i| end + i + 1);
        }
        parts.push(&input[start..end]);
        start = end;
    }
    pool.map(&parts, |bytes| batch(bytes, options, parse, keep_ok))
}

const MIN_BATCH: usize = 16 << 10;
const MAX_BATCH: usize = 1 << 20;

/// Where the batches being emitted start in the whole input.
#[derive(Default, Clone, Copy)]
struct Cursor {
    /// Lines before them.
    lines: usize,
    /// Bytes before them.
    offset: usize,
    /// Non-empty lines handed out so far.
    documents: usize,
}

impl Cursor {
    /// Hands each item of `batches` to `f` with its line number, errors placed in the
    /// whole input; moves past the batches.
    fn emit<T>(&mut self, batches: Vec<Batch<T>>, mut f: impl FnMut(usize, Result<T, Error>)) {
        for b in batches {
            for item in b.items {
                let line = self.lines + item.line + 1;
                let result =
                    item.result.map_err(|e| e.shifted(Position { offset: self.offset + item.start, line, column: 1 }));
                f(line, result);
            }
            self.lines += b.lines;
            self.offset += b.len;
            self.documents += b.documents;
        }
    }
}

/// Where batches run: this thread, rayon's global pool, or a pool of `jobs` threads.
enum Pool {
    Here,
    #[cfg(feature = "parallel")]
    Global,
    #[cfg(feature = "parallel")]
    Own(rayon::ThreadPool),
}

impl Pool {
    #[cfg(feature = "parallel")]
    fn new(jobs: usize) -> Pool {
        match jobs {
            0 if rayon::current_num_threads() > 1 => Pool::Global,
            0 | 1 => Pool::Here,
            n => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
                Ok(pool) => Pool::Own(pool),
                // No threads to be had: one is enough to get the answer.
                Err(_) => Pool::Here,
            },
        }
    }

    #[cfg(not(feature = "parallel"))]
    fn new(_jobs: usize) -> Pool {
        Pool::Here
    }

    fn threads(&self) -> usize {
        match self {
            Pool::Here => 1,
            #[cfg(feature = "parallel")]
            Pool::Global => rayon::current_num_threads(),
            #[cfg(feature = "parallel")]
            Pool::Own(pool) => pool.current_num_threads(),
        }
    }

    /// `f` of each part, in order.
    fn map<'a, T: Send>(&self, parts: &[&'a [u8]], f: impl Fn(&'a [u8]) -> Batch<T> + Sync) -> Vec<Batch<T>> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            match self {
                Pool::Here => {}
                Pool::Global => return parts.par_iter().map(|p| f(p)).collect(),
                Pool::Own(pool) => return pool.install(|| parts.par_iter().map(|p| f(p)).collect()),
            }
        }
        parts.iter().map(|p| f(p)).collect()
    }

    /// Runs `work` on the pool while `here` runs on this thread (one after the other
    /// without a pool).
    fn overlap<W: FnOnce() + Send>(&self, work: W, here: impl FnOnce()) {
        match self {
            Pool::Here => {
                work();
                here();
            }
            #[cfg(feature = "parallel")]
            Pool::Global => rayon::in_place_scope(|s| {
                s.spawn(|_| work());
                here();
            }),
            #[cfg(feature = "parallel")]
            Pool::Own(pool) => pool.in_place_scope(|s| {
                s.spawn(|_| work());
                here();
            }),
        }
    }
}

/// The block reader under [`Lines`] and [`BadLines`].
struct Reader<R, T> {
    reader: R,
    pool: Pool,
    options: DecodeOptions,
    parse: Parse<T>,
    keep_ok: bool,
    block: usize,
    /// Read and not yet handled: an unfinished line, then what was read after it.
    buf: Vec<u8>,
    /// The next block is read into this one while `buf`'s lines are handled.
    spare: Vec<u8>,
    /// Where `buf` starts in the input.
    at: Cursor,
    out: VecDeque<(usize, Result<T, Error>)>,
    eof: bool,
    failed: Option<io::Error>,
    done: bool,
}

impl<R: Read, T: Send> Reader<R, T> {
    fn new(settings: &Ndjson, reader: R, parse: Parse<T>, keep_ok: bool) -> Self {
        Reader {
            reader,
            pool: Pool::new(settings.jobs),
            options: settings.options,
            parse,
            keep_ok,
            block: settings.block,
            buf: Vec::new(),
            spare: Vec::new(),
            at: Cursor::default(),
            out: VecDeque::new(),
            eof: false,
            failed: None,
            done: false,
        }
    }

    /// Reads into `buf` until it holds `want` bytes, the input ends, or reading fails.
    fn fill(reader: &mut R, buf: &mut Vec<u8>, want: usize, eof: &mut bool, failed: &mut Option<io::Error>) {
        while buf.len() < want && !*eof && failed.is_none() {
            let len = buf.len();
            buf.resize(want, 0);
            match reader.read(&mut buf[len..]) {
                Ok(0) => {
                    buf.truncate(len);
                    *eof = true;
                }
                Ok(n) => buf.truncate(len + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(len),
                Err(e) => {
                    buf.truncate(len);
                    *failed = Some(e);
                }
            }
        }
    }

    /// The next item, reading and handling blocks until there is one.
    fn next_item(&mut self) -> Option<(usize, Result<T, Error>)> {
        loop {
            if let Some(item) = self.out.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            self.step();
        }
    }

    /// Handles the complete lines in `buf`, reading the next block meanwhile.
    fn step(&mut self) {
        let mut want = self.block;
        let ended = loop {
            Self::fill(&mut self.reader, &mut self.buf, want, &mut self.eof, &mut self.failed);
            let ended = self.eof || self.failed.is_some();
            // The lines to hand out: up to the last newline, or everything at the end.
            match memchr::memrchr(b'\n', &self.buf) {
                _ if self.eof => break self.buf.len(),
                Some(i) => break i + 1,
                None if ended => break 0,
                // A line longer than the block: read on.
                None => want = self.buf.len() + self.block,
            }
        };
        let (work, rest) = self.buf.split_at(ended);
        let mut batches = Vec::new();
        {
            let (pool, options, parse, keep_ok) = (&self.pool, &self.options, self.parse, self.keep_ok);
            let (reader, spare, block) = (&mut self.reader, &mut self.spare, self.block);
            let (eof, failed) = (&mut self.eof, &mut self.failed);
            let batches = &mut batches;
            spare.clear();
            spare.extend_from_slice(rest);
            pool.overlap(
                || *batches = run(pool, work, options, parse, keep_ok),
                || {
                    if !work.is_empty() {
                        Self::fill(reader, spare, block.max(rest.len() + 1), eof, failed);
                    }
                },
            );
        }
        let out = &mut self.out;
        self.at.emit(batches, |line, r| out.push_back((line, r)));
        std::mem::swap(&mut self.buf, &mut self.spare);
        if ended == 0 || (self.eof && self.buf.is_empty()) {
            self.finish();
        }
    }

    /// Nothing more can be handled: report a read failure, if any, and stop.
    fn finish(&mut self) {
        self.done = true;
        if let Some(e) = self.failed.take() {
            // What is in `buf` is an unfinished line.
            let offset = self.at.offset + self.buf.len();
            let message = format!("reading failed after byte {offset}: {e}");
            let line = self.at.lines + 1;
            let error = Error::new(Category::Io, &self.buf, self.buf.len(), message).shifted(Position {
                offset: self.at.offset,
                line,
                column: 1,
            });
            self.out.push_back((line, Err(error)));
        }
    }
}

/// The lines of a reader's NDJSON, decoded: `(line number, result)` for each non-empty
/// line, in order (from [`Ndjson::decode_reader`]).
pub struct Lines<R>(Reader<R, Value>);

impl<R: Read> Iterator for Lines<R> {
    type Item = (usize, Result<Value, Error>);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next_item()
    }
}

/// The errors of a reader's bad NDJSON lines, in order (from [`Ndjson::validate_reader`]).
pub struct BadLines<R>(Reader<R, ()>);

impl<R: Read> Iterator for BadLines<R> {
    type Item = Error;

    fn next(&mut self) -> Option<Error> {
        loop {
            match self.0.next_item()? {
                (_, Err(e)) => return Some(e),
                (_, Ok(())) => {}
            }
        }
    }
}

macro_rules! counters {
    ($t:ident) => {
        impl<R> $t<R> {
            /// Lines read so far (empty ones included).
            pub fn lines(&self) -> usize {
                self.0.at.lines
            }

            /// Bytes read and handled so far.
            pub fn bytes(&self) -> usize {
                self.0.at.offset
            }

            /// Documents (non-empty lines) handled so far, good and bad.
            pub fn documents(&self) -> usize {
                self.0.at.documents
            }
        }
    };
}
counters!(Lines);
counters!(BadLines);
