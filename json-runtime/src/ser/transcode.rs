//! Re-encoding while parsing: the parser drives a [`Sink`] that writes each value
//! through the encoder as it arrives, so that reformatting a document takes memory
//! for the lexer's buffer, an output buffer and the keys of the open objects, not
//! for the document.
//!
//! The output is byte for byte what `encode_with(&decode(input)?, options)` writes.
//! Two things need care:
//!
//! - Duplicate keys. The decoder keeps one member per key, at the first one's place,
//!   with the last one's value. So an object's output is held in memory until it
//!   closes (a duplicate's value then replaces the first one's in the buffer), as long
//!   as it stays under [`HOLD`]: past that, what is held is written out, and a
//!   duplicate key met later in that object is an error (the output cannot be taken
//!   back). The keys of every open object are kept to find duplicates.
//! - [`EncodeOptions::sort_keys`] needs whole objects: with it, the document is
//!   decoded into a [`Value`](crate::Value) first and encoded after (memory of the
//!   document).
//!
//! Output goes to the writer in blocks of about [`BLOCK`] bytes; a failed write stops
//! the parse at its next read (a reader wrapper refuses to go on).

use std::cell::{Cell, RefCell};
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::{self, Read, Write};

use super::encoder::Encoder;
use super::format::{Formatter, Layout};
use super::number::write_number;
use super::options::EncodeOptions;
use crate::de::{string, DecodeOptions, LoneSurrogate, Sink};
use crate::error::{Category, Error};
use crate::lex::StreamLexer;
use crate::position::Position;
use crate::token::JsonToken;
use crate::value::Number;

/// Output is written to the writer once this much is ready.
const BLOCK: usize = 64 * 1024;

/// An open object's output is held (for a duplicate key's value to replace an earlier
/// one) while the held output stays under this.
const HOLD: usize = 4 << 20;

/// Objects with more members than this find duplicate keys through a hash index.
const INDEX_FROM: usize = 16;

/// Re-encodes the document that `reader` yields into `writer`, as
/// `encode_with(&decode_reader(reader, decode)?, encode)` followed by a write would,
/// lexing with the streaming lexer `L` (see
/// [`decode_reader`](crate::de::decode_reader)), in memory that does not grow with the
/// input: the lexer's buffer, a 64 KiB output block, the keys of the open objects, and
/// each open object's output up to 4 MiB (so that a duplicate key's value can take the
/// first one's place, as the decoder keeps it; a duplicate met after an object's output
/// passed that is an error of category [`Category::Data`]). With
/// [`EncodeOptions::sort_keys`] the document is decoded whole first (sorting needs whole
/// objects). The writer is flushed at the end.
///
/// A bad document stops with the decoder's error (message, line, column, offset), a
/// failed read or write with an error of category [`Category::Io`] at the input
/// position where reading stopped. In both cases part of the output may already have
/// been written.
pub fn transcode_reader<L, R, W>(
    reader: R,
    writer: W,
    decode: &DecodeOptions,
    encode: &EncodeOptions,
) -> Result<(), Error>
where
    L: StreamLexer<Kind = JsonToken>,
    R: Read,
    W: Write,
{
    run(
        reader,
        writer,
        encode,
        |r, sink| crate::de::parse_reader_into::<L, _, _>(r, decode, sink),
        |r| crate::de::decode_reader::<L, _>(r, decode),
    )
}

/// As [`transcode_reader`], trusting `L`'s string tokens to be UTF-8.
///
/// # Safety
/// As [`decode_trusted`](crate::de::decode_trusted)'s, for `L`.
pub unsafe fn transcode_reader_trusted<L, R, W>(
    reader: R,
    writer: W,
    decode: &DecodeOptions,
    encode: &EncodeOptions,
) -> Result<(), Error>
where
    L: StreamLexer<Kind = JsonToken>,
    R: Read,
    W: Write,
{
    run(
        reader,
        writer,
        encode,
        // SAFETY: the caller's promise, passed on.
        |r, sink| unsafe { crate::de::parse_reader_into_trusted::<L, _, _>(r, decode, sink) },
        // SAFETY: as above.
        |r| unsafe { crate::de::decode_reader_trusted::<L, _>(r, decode) },
    )
}

/// The transcoder around a parse (`parse`), or the [`Value`](crate::Value) path
/// (`decode`) under `sort_keys`.
fn run<R: Read, W: Write>(
    reader: R,
    mut writer: W,
    encode: &EncodeOptions,
    parse: impl FnOnce(Feed<'_, R>, Transcoder<'_, W>) -> Result<(), Error>,
    decode: impl FnOnce(Feed<'_, R>) -> Result<crate::Value, Error>,
) -> Result<(), Error> {
    let shared = Shared {
        stop: Cell::new(false),
        failure: RefCell::new(None),
        read: Cell::new(Position { offset: 0, line: 1, column: 1 }),
    };
    let feed = Feed { inner: reader, shared: &shared };
    if encode.sort_keys {
        let value = decode(feed)?;
        let bytes = super::encode_to_vec_with(&value, encode);
        return writer.write_all(&bytes).and_then(|()| writer.flush()).map_err(|e| write_error(&shared, 0, &e));
    }
    let parsed = parse(feed, Transcoder::new(writer, encode, &shared));
    // A failure of the output comes first: the parse may have gone on past it (to the
    // next read) and found something else.
    if let Some(failure) = shared.failure.borrow_mut().take() {
        return Err(match failure {
            Failure::Write { written, error } => write_error(&shared, written, &error),
            Failure::Duplicate(key) => Error::at(
                Category::Data,
                shared.read.get(),
                format!(
                    "duplicate key {key:?} in an object whose output was already written (over {} MiB): \
                     streaming cannot move its value to the first member's place",
                    HOLD >> 20
                ),
            ),
        });
    }
    parsed
}

fn write_error(shared: &Shared, written: u64, error: &io::Error) -> Error {
    Error::at(Category::Io, shared.read.get(), format!("cannot write the output (after {written} bytes): {error}"))
}

/// What the reader wrapper and the sink share: the sink stops the reading when the
/// output fails, and places its errors where reading stands.
struct Shared {
    stop: Cell<bool>,
    failure: RefCell<Option<Failure>>,
    /// Where reading stands: the end of the bytes read so far.
    read: Cell<Position>,
}

enum Failure {
    Write { written: u64, error: io::Error },
    Duplicate(String),
}

/// The input, counting lines and columns as it is read (for errors of the output),
/// and refusing to go on once the output failed.
struct Feed<'s, R> {
    inner: R,
    shared: &'s Shared,
}

impl<R: Read> Read for Feed<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.shared.stop.get() {
            return Err(io::Error::other("the output failed"));
        }
        let n = self.inner.read(buf)?;
        let got = &buf[..n];
        let mut at = self.shared.read.get();
        at.offset += n;
        let chars = |b: &[u8]| count(b, |b| (b & 0xC0) != 0x80);
        match got.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                at.line += count(&got[..=last], |b| b == b'\n');
                at.column = 1 + chars(&got[last + 1..]);
            }
            None => at.column += chars(got),
        }
        self.shared.read.set(at);
        Ok(n)
    }
}

/// How many bytes of `bytes` match, counted in byte lanes (255 bytes at most per
/// lane sum): the compiler makes this a vector loop.
#[inline]
fn count(bytes: &[u8], matches: impl Fn(u8) -> bool) -> usize {
    bytes.chunks(255).map(|c| c.iter().fold(0u8, |n, &b| n + matches(b) as u8) as usize).sum()
}

/// One open array or object.
struct Frame {
    object: bool,
    /// No element or member written yet.
    first: bool,
    /// Object: its output is all in the buffer, from `start` (it can still be rewritten).
    held: bool,
    /// Object: where its `{` is in the buffer.
    start: usize,
    /// Object: its first member in [`Transcoder::members`], its first key's byte in
    /// [`Transcoder::keys`].
    members: usize,
    keys: usize,
    /// Object: where the value of the member being read starts in the buffer.
    value_start: usize,
    /// Object: the key just read repeats this member's (index in `members`): the value
    /// coming replaces that member's.
    dup: Option<usize>,
    /// Object with more than [`INDEX_FROM`] members: an open-addressing table of its
    /// members (index from `members`, plus 1; 0 is free), by key hash.
    index: Option<Vec<u32>>,
}

/// A member of an open object: its key's end in [`Transcoder::keys`] (it starts where the
/// previous one ends), its value's place in the buffer (while the object is held).
struct Member {
    key_start: usize,
    key_end: usize,
    /// The key's hash, once the object is indexed.
    hash: u64,
    value: (usize, usize),
}

/// Puts member `slot` (from 1) of hash `hash` into `table` (which has a free slot).
#[inline]
fn insert(table: &mut [u32], hash: u64, slot: usize) {
    let mask = table.len() - 1;
    let mut i = hash as usize & mask;
    while table[i] != 0 {
        i = (i + 1) & mask;
    }
    table[i] = slot as u32;
}

/// The encoding [`Sink`].
pub(crate) struct Transcoder<'s, W: Write> {
    enc: Encoder<'s>,
    layout: Layout,
    opts: EncodeOptions,
    writer: W,
    /// Bytes given to the writer so far.
    written: u64,
    /// The buffer is looked at for writing out when it reaches this length.
    flush_at: usize,
    frames: Vec<Frame>,
    members: Vec<Member>,
    /// Index tables of closed objects, for the next ones (no allocation per object).
    tables: Vec<Vec<u32>>,
    /// Keyed (per process) hashes: keys come from the input.
    hasher: RandomState,
    keys: String,
    scratch: Vec<u8>,
    shared: &'s Shared,
    /// The output failed: nothing more is done.
    failed: bool,
}

impl<'s, W: Write> Transcoder<'s, W> {
    fn new(writer: W, opts: &'s EncodeOptions, shared: &'s Shared) -> Self {
        let enc = Encoder::new(Vec::with_capacity(BLOCK + BLOCK / 4), opts);
        Transcoder {
            enc,
            layout: Layout::new(opts),
            opts: *opts,
            writer,
            written: 0,
            flush_at: BLOCK,
            frames: Vec::new(),
            members: Vec::new(),
            tables: Vec::new(),
            hasher: RandomState::new(),
            keys: String::new(),
            scratch: Vec::new(),
            shared,
            failed: false,
        }
    }

    #[inline(always)]
    fn out(&mut self) -> &mut Vec<u8> {
        &mut self.enc.out
    }

    /// Before a value (not a key): an array's comma and line break.
    #[inline(always)]
    fn before_value(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            if !f.object {
                self.layout.item(&mut self.enc.out, f.first);
                f.first = false;
            }
        }
    }

    /// After a value: an object's member is complete (a duplicate's value moves to the
    /// first one's place); write out what is ready.
    #[inline(always)]
    fn after_value(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            if f.object {
                let end = self.enc.out.len();
                match f.dup.take() {
                    None => {
                        if let Some(m) = self.members.last_mut() {
                            m.value = (f.value_start, end);
                        }
                    }
                    Some(slot) => {
                        let (from, held) = (f.value_start, f.held);
                        let last = self.members.len();
                        self.replace(slot, last, from, held);
                    }
                }
            }
        }
        if self.enc.out.len() >= self.flush_at {
            self.write_out();
        }
    }

    /// The value at `from..` (the end of the buffer) replaces member `slot`'s (members
    /// up to `last` are the object's).
    #[cold]
    fn replace(&mut self, slot: usize, last: usize, from: usize, held: bool) {
        if !held {
            return self.duplicate_written(slot);
        }
        let out = &mut self.enc.out;
        let new = out.split_off(from);
        let (s, e) = self.members[slot].value;
        out.splice(s..e, new.iter().copied());
        let grown = new.len().wrapping_sub(e - s);
        self.members[slot].value = (s, s + new.len());
        for m in &mut self.members[slot + 1..last] {
            m.value = (m.value.0.wrapping_add(grown), m.value.1.wrapping_add(grown));
        }
    }

    /// Member `slot`'s key comes again, and its object's output is already written.
    #[cold]
    fn duplicate_written(&mut self, slot: usize) {
        let m = &self.members[slot];
        let key = self.keys[m.key_start..m.key_end].to_string();
        self.fail(Failure::Duplicate(key));
    }

    /// Writes out the buffer up to the first held object; if what is held is past
    /// [`HOLD`], all of it (those objects can no longer be rewritten).
    #[cold]
    #[inline(never)]
    fn write_out(&mut self) {
        if self.failed {
            return;
        }
        // Objects deeper than the first held one were opened after it: held too.
        let first_held = self.frames.iter().position(|f| f.object && f.held);
        let mut ready = first_held.map_or(self.enc.out.len(), |k| self.frames[k].start);
        if ready < self.enc.out.len() && self.enc.out.len() - ready >= HOLD {
            ready = self.enc.out.len();
            for f in &mut self.frames {
                f.held = false;
            }
        }
        if ready > 0 {
            if let Err(error) = self.writer.write_all(&self.enc.out[..ready]) {
                return self.fail(Failure::Write { written: self.written, error });
            }
            self.written += ready as u64;
            self.enc.out.drain(..ready);
            // Held objects' places move with the bytes after `ready`.
            if let Some(k) = first_held {
                for f in self.frames[k..].iter_mut().filter(|f| f.held) {
                    f.start -= ready;
                    f.value_start = f.value_start.wrapping_sub(ready);
                }
                for m in &mut self.members[self.frames[k].members..] {
                    m.value = (m.value.0.wrapping_sub(ready), m.value.1.wrapping_sub(ready));
                }
            }
        }
        self.flush_at = self.enc.out.len() + BLOCK;
    }

    #[cold]
    fn fail(&mut self, failure: Failure) {
        self.failed = true;
        self.shared.stop.set(true);
        let mut slot = self.shared.failure.borrow_mut();
        if slot.is_none() {
            *slot = Some(failure);
        }
    }

    /// A string value, or a key (`key`) of the innermost object.
    #[inline(always)]
    fn string(&mut self, s: &str, key: bool) {
        if self.failed {
            return;
        }
        if key {
            self.key(s);
        } else {
            self.before_value();
            self.enc.string(s);
            self.after_value();
        }
    }

    /// A key: a new member (written), or one repeating an earlier member's (not
    /// written: its value will replace that member's).
    fn key(&mut self, s: &str) {
        let Some(f) = self.frames.last_mut() else { return };
        let base = f.members;
        let count = self.members.len() - base;
        let (members, keys) = (&self.members, &self.keys);
        let same = |i: usize| keys[members[i].key_start..members[i].key_end] == *s;
        let mut hash = 0;
        let dup = match &f.index {
            Some(table) => {
                hash = self.hasher.hash_one(s);
                let mask = table.len() - 1;
                let mut i = hash as usize & mask;
                loop {
                    match table[i] as usize {
                        0 => break None,
                        slot if members[base + slot - 1].hash == hash && same(base + slot - 1) => {
                            break Some(base + slot - 1)
                        }
                        _ => i = (i + 1) & mask,
                    }
                }
            }
            None => (base..members.len()).find(|&i| same(i)),
        };
        f.value_start = self.enc.out.len();
        if let Some(slot) = dup {
            if !f.held {
                // Stop now: the value would be written out without its key.
                return self.duplicate_written(slot);
            }
            f.dup = Some(slot);
            return;
        }
        self.layout.item(&mut self.enc.out, f.first);
        f.first = false;
        let key_start = self.keys.len();
        self.keys.push_str(s);
        self.members.push(Member { key_start, key_end: self.keys.len(), hash, value: (0, 0) });
        let count = count + 1;
        match &mut f.index {
            Some(table) if 2 * count <= table.len() => insert(table, hash, count),
            _ if count > INDEX_FROM => {
                // A table twice the members' number (at least), rebuilt from their hashes.
                let mut table = f.index.take().or_else(|| self.tables.pop()).unwrap_or_default();
                table.clear();
                table.resize((4 * count).next_power_of_two(), 0);
                for (k, m) in self.members[base..].iter_mut().enumerate() {
                    if m.hash == 0 {
                        m.hash = self.hasher.hash_one(&self.keys[m.key_start..m.key_end]);
                    }
                    insert(&mut table, m.hash, k + 1);
                }
                f.index = Some(table);
            }
            _ => {}
        }
        self.enc.string(s);
        self.layout.colon(&mut self.enc.out);
        f.value_start = self.enc.out.len();
    }

    fn open(&mut self, object: bool) {
        self.before_value();
        let start = self.enc.out.len();
        self.layout.open(&mut self.enc.out, if object { b'{' } else { b'[' });
        self.frames.push(Frame {
            object,
            first: true,
            held: object,
            start,
            members: self.members.len(),
            keys: self.keys.len(),
            value_start: 0,
            dup: None,
            index: None,
        });
    }

    fn close(&mut self) {
        let Some(f) = self.frames.pop() else { return };
        if f.object {
            self.members.truncate(f.members);
            self.keys.truncate(f.keys);
            if let Some(table) = f.index {
                self.tables.push(table);
            }
        }
        self.layout.close(&mut self.enc.out, if f.object { b'}' } else { b']' }, false);
        self.after_value();
    }

    fn empty(&mut self, bracket: [u8; 2]) {
        self.before_value();
        self.layout.open(&mut self.enc.out, bracket[0]);
        self.layout.close(&mut self.enc.out, bracket[1], true);
        self.after_value();
    }

    fn literal(&mut self, text: &[u8]) {
        self.before_value();
        self.out().extend_from_slice(text);
        self.after_value();
    }
}

impl<'a, W: Write> Sink<'a> for Transcoder<'_, W> {
    type Output = ();
    #[cfg(feature = "arbitrary_precision")]
    const NUMBER_TEXT: bool = true;

    fn null(&mut self) {
        if !self.failed {
            self.literal(b"null");
        }
    }
    fn boolean(&mut self, b: bool) {
        if !self.failed {
            self.literal(if b { b"true" } else { b"false" });
        }
    }
    fn number(&mut self, n: Number) {
        if self.failed {
            return;
        }
        self.before_value();
        write_number(&mut self.enc.out, &n, self.opts.number_format, self.opts.preserve_zero_fraction);
        self.after_value();
    }
    fn str(&mut self, s: &'a str, key: bool) {
        self.string(s, key);
    }
    fn escaped(&mut self, body: &'a [u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), string::StrError> {
        if self.failed {
            return Ok(());
        }
        self.scratch.clear();
        string::unescape(body, base, lone, &mut self.scratch)?;
        self.scratch_str(key);
        Ok(())
    }
    fn scratch(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }
    fn scratch_str(&mut self, key: bool) {
        let scratch = std::mem::take(&mut self.scratch);
        debug_assert!(core::str::from_utf8(&scratch).is_ok());
        // SAFETY: as the value builder's `scratch_str`: an unescaped UTF-8 body (split
        // at ASCII backslashes, whole `char`s appended) or a repaired string (ASCII,
        // whole well-formed sequences, whole `char`s).
        self.string(unsafe { core::str::from_utf8_unchecked(&scratch) }, key);
        self.scratch = scratch;
    }
    fn begin_array(&mut self) {
        if !self.failed {
            self.open(false);
        }
    }
    fn end_array(&mut self) {
        if !self.failed {
            self.close();
        }
    }
    fn begin_object(&mut self) {
        if !self.failed {
            self.open(true);
        }
    }
    fn end_object(&mut self) {
        if !self.failed {
            self.close();
        }
    }
    fn empty_array(&mut self) {
        if !self.failed {
            self.empty(*b"[]");
        }
    }
    fn empty_object(&mut self) {
        if !self.failed {
            self.empty(*b"{}");
        }
    }
    fn finish(mut self) {
        if self.failed {
            return;
        }
        let out = std::mem::take(&mut self.enc.out);
        match self.writer.write_all(&out).and_then(|()| self.writer.flush()) {
            Ok(()) => self.written += out.len() as u64,
            Err(error) => self.fail(Failure::Write { written: self.written, error }),
        }
    }
}
