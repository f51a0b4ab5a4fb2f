//! [`ReadLexer`]: a [`StreamLexer`] over a [`std::io::Read`], with its own buffer.

use std::io::{self, Read};

use super::{LexError, Step, StreamLexer, Token};
use crate::position::Position;

/// The buffer's size when none is given: large enough that a read amortizes its
/// system call, small enough to stay in L2.
const DEFAULT_CAPACITY: usize = 64 * 1024;

/// Bytes kept before the current token when the buffer drops what precedes it.
const LOOKBEHIND: usize = 4;

/// What [`ReadLexer`] reports instead of a token.
#[derive(Debug)]
pub enum ReadError<K> {
    /// No rule matches (absolute offsets, as the slice lexer reports them).
    Lex(LexError<K>),
    /// Reading failed after `offset` bytes of input; the lexer has ended.
    Io {
        /// How many bytes had been read: the input offset where reading failed.
        offset: usize,
        /// The reader's error.
        error: io::Error,
    },
}

impl<K: core::fmt::Debug> core::fmt::Display for ReadError<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReadError::Lex(e) => {
                write!(f, "no rule matches the input at byte {} (token from byte {})", e.offset, e.start)
            }
            ReadError::Io { offset, error } => write!(f, "cannot read the input after byte {offset}: {error}"),
        }
    }
}

impl<K: core::fmt::Debug> std::error::Error for ReadError<K> {}

/// What [`ReadLexer::next_token`] returns, but for the end of the input (`None`).
pub type ReadNext<K> = Result<Token<K>, ReadError<K>>;

/// A streaming lexer `L` over a reader `R`: the tokens of the whole input, with
/// absolute offsets, in memory bounded by the longest token (plus a fixed buffer).
///
/// The buffer holds the input from the current token's start on (and a few bytes
/// before it). Where the lexer needs more input, the bytes before the token's start are
/// dropped, the rest moved to the front, and one `read` fills the free space. When the token already fills more
/// than half of the buffer, the buffer doubles first, so that every read asks for at
/// least as many bytes as the token has: the rescans of a token from its start (see
/// [`StreamLexer`]) then cost no more than the reading, O(n) over the input, as long as
/// the reader gives what is asked (files do). A reader that returns a byte at a time
/// makes a token cost its length squared (correct, slow).
///
/// ```
/// use json_runtime::lex::ReadLexer;
/// json_lexgen_macros::json_lexer!(r#"%name Words; [a-z]+ => Word; " "+ => skip;"#, streaming);
///
/// let mut lexer = ReadLexer::<_, WordsStream>::new(&b"hello  world"[..]);
/// let mut words = Vec::new();
/// while let Some(token) = lexer.next_token() {
///     let token = token.unwrap();
///     words.push((lexer.bytes(&token).to_vec(), token.start));
/// }
/// assert_eq!(words, [(b"hello".to_vec(), 0), (b"world".to_vec(), 7)]);
/// ```
#[derive(Debug)]
pub struct ReadLexer<R, L> {
    lexer: L,
    /// `buf[..filled]` is the input from absolute offset `base` on; the rest is free.
    buf: Vec<u8>,
    filled: usize,
    base: usize,
    /// The reader has ended: nothing follows `buf[..filled]`.
    eof: bool,
    /// An error or the end was returned: only `None` from now on.
    done: bool,
    /// What only refills and error messages use. On the heap, and the cold functions
    /// get its address and the fields above by value, never the address of the
    /// `ReadLexer`: a caller that keeps one in a local (the reader parser) can then
    /// keep the fields above in registers, as it does a slice lexer's.
    source: Box<Source<R>>,
}

/// The reader, and the position of the bytes dropped from the buffer.
#[derive(Debug)]
struct Source<R> {
    reader: R,
    /// Line breaks in the bytes dropped so far, and characters after the last one.
    dropped_lines: usize,
    dropped_column: usize,
    /// The error of the read that failed, until taken.
    failed: Option<io::Error>,
}

/// The buffer and what is known of it (`ReadLexer`'s fields of the same names), as
/// the cold functions take and give it back: by value.
struct Window {
    buf: Vec<u8>,
    filled: usize,
    base: usize,
    eof: bool,
}

impl<R: Read, L: StreamLexer> ReadLexer<R, L> {
    /// Tokens of `reader`'s bytes, by `L::new()`, through a 64 KiB buffer (grown only for
    /// a token longer than half of it).
    #[inline]
    pub fn new(reader: R) -> Self {
        Self::with_lexer(reader, L::new())
    }

    /// Tokens of `reader`'s bytes by `lexer` (one made with chosen kernels, say),
    /// which starts at its [`StreamLexer::offset`] (0 for a new one).
    #[inline]
    pub fn with_lexer(reader: R, lexer: L) -> Self {
        Self::with_capacity(reader, lexer, DEFAULT_CAPACITY)
    }

    /// As [`ReadLexer::with_lexer`], with a buffer of `capacity` bytes to start with (at
    /// least 1).
    #[inline]
    pub fn with_capacity(reader: R, lexer: L, capacity: usize) -> Self {
        // Inlined: made by a call, the lexer would be written through a pointer to
        // the caller's local, whose fields then stay in memory.
        let base = lexer.offset();
        ReadLexer {
            lexer,
            buf: vec![0; capacity.max(1)],
            filled: 0,
            base,
            eof: false,
            done: false,
            source: Box::new(Source { reader, dropped_lines: 0, dropped_column: 0, failed: None }),
        }
    }

    /// The next token, an error, or `None` at the end of the input. After a lexing
    /// error the lexer goes on as its grammar says (after the bad bytes, or with
    /// `%on_error stop;` to the end). An I/O error (other than `Interrupted`, which is retried) ends the
    /// lexer with [`ReadError::Io`]: the input is never taken as ending there.
    #[inline(always)]
    pub fn next_token(&mut self) -> Option<ReadNext<L::Kind>> {
        if self.done {
            return None;
        }
        match self.step() {
            Step::Token(t) => Some(Ok(t)),
            // After a lexing error the lexer goes on (or, `%on_error stop;`, ends by
            // itself); after an I/O error nothing can.
            Step::Error(e) => Some(Err(match self.take_io_error() {
                Some(error) => {
                    self.done = true;
                    ReadError::Io { offset: e.offset, error }
                }
                None => ReadError::Lex(e),
            })),
            Step::End | Step::NeedMore => {
                self.done = true;
                None
            }
        }
    }

    /// The lexer's next answer, reading where it needs more input: a token, an error
    /// or the end, never `NeedMore`. A failed read is an error of no kind at the offset
    /// where reading stopped, the reader's error kept for [`ReadLexer::take_io_error`].
    /// After an error or the end, the caller stops (or moves the lexer): this path
    /// keeps no flag of its own, so that a parser's loop pays for nothing but the
    /// lexer.
    #[inline(always)]
    pub(crate) fn step(&mut self) -> Step<L::Kind> {
        loop {
            // SAFETY: `filled <= buf.len()` always holds: a read adds at most the free
            // space, a drop takes no more than `filled`, and the buffer only grows
            // (`take_window` empties both while a refill holds the buffer, so that a
            // panicking reader leaves them consistent). Unchecked: the check, and the
            // loads it needs, were paid at every token.
            let buffered = unsafe { self.buf.get_unchecked(..self.filled) };
            let step = self.lexer.next_token(buffered, self.base, self.eof);
            if !matches!(step, Step::NeedMore) {
                return step;
            }
            if self.eof {
                // `NeedMore` at the end breaks the lexer's contract: take it as the end.
                return Step::End;
            }
            let token = self.lexer.offset();
            let window = self.take_window();
            let (window, read) = self.source.refill(window, token);
            self.put_window(window);
            if let Err(error) = read {
                self.source.failed = Some(error);
                let at = self.base + self.filled;
                return Step::Error(LexError { start: at, offset: at, partial: None });
            }
        }
    }

    /// As [`ReadLexer::step`], with the lexer kept at offsets relative to the buffer
    /// (it is given `base` 0, and moved back as the buffer drops bytes): tokens and
    /// errors come out relative to [`ReadLexer::buffered`]'s bytes. For a caller that
    /// works on the buffer (the reader parser): no offset is converted per token.
    /// Use one of the two steps from the start on, not both.
    #[inline(always)]
    pub(crate) fn step_relative(&mut self) -> Step<L::Kind> {
        self.step_relative_in(usize::MAX)
    }

    /// As [`ReadLexer::step_relative`], through the lexer's entry point `entry`
    /// (`StreamLexer::next_token_entry`; `usize::MAX`: `next_token`).
    #[inline(always)]
    pub(crate) fn step_relative_in(&mut self, entry: usize) -> Step<L::Kind> {
        loop {
            // SAFETY: as in `step`.
            let buffered = unsafe { self.buf.get_unchecked(..self.filled) };
            let step = self.lexer.next_token_entry(entry, buffered, 0, self.eof);
            if !matches!(step, Step::NeedMore) {
                return step;
            }
            if self.eof {
                return Step::End;
            }
            let (token, base) = (self.lexer.offset(), self.base);
            let window = self.take_window();
            let (window, read) = self.source.refill(window, base + token);
            self.put_window(window);
            // The buffer dropped `self.base - base` bytes before the token.
            self.lexer.set_offset(token - (self.base - base));
            if let Err(error) = read {
                self.source.failed = Some(error);
                return Step::Error(LexError { start: self.filled, offset: self.filled, partial: None });
            }
        }
    }

    /// The I/O error behind the last error [`ReadLexer::step`] returned, if it was one.
    #[inline(always)]
    pub(crate) fn take_io_error(&mut self) -> Option<io::Error> {
        self.source.failed.take()
    }

    /// The bytes of `token`, the last one [`ReadLexer::next_token`] returned (the
    /// buffer keeps the input from that token's start on until the next call). An
    /// empty slice for a span no longer (or never) in the buffer.
    #[inline(always)]
    pub fn bytes(&self, token: &Token<L::Kind>) -> &[u8] {
        self.window(token.start, token.end)
    }

    /// The input bytes `start..end` (absolute offsets), as far as the buffer holds them.
    #[inline(always)]
    pub fn window(&self, start: usize, end: usize) -> &[u8] {
        let (from, to) = (start.wrapping_sub(self.base), end.wrapping_sub(self.base));
        self.buf[..self.filled].get(from..to).unwrap_or_default()
    }

    /// The buffered input: its bytes and the absolute offset of the first.
    #[inline(always)]
    pub fn buffered(&self) -> (&[u8], usize) {
        (&self.buf[..self.filled], self.base)
    }

    /// Line and column of absolute offset `offset` (clamped to the buffered bytes),
    /// counting the line breaks of the bytes already dropped from the buffer.
    #[inline(always)]
    pub fn position(&self, offset: usize) -> Position {
        self.source.position(&self.buf[..self.filled], self.base, offset)
    }

    /// Reads until the buffer holds the input up to absolute offset `end` (or all of
    /// it, if it ends before), keeping what it holds: for a caller that looks ahead of
    /// the lexer (an error message, say).
    #[inline(always)]
    pub fn read_to(&mut self, end: usize) -> io::Result<()> {
        let window = self.take_window();
        let (window, read) = self.source.read_to(window, end);
        self.put_window(window);
        read
    }

    /// Reads until the buffer holds the end of the string that opens at absolute offset
    /// `start` (its closing quote, `"` or `'` as it opened, escapes skipped) or the
    /// input ends, keeping what it holds: for a caller that rescans a string the lexer
    /// rejected (a repair of invalid UTF-8), whatever its length.
    #[inline(always)]
    pub(crate) fn read_string(&mut self, start: usize) -> io::Result<()> {
        let window = self.take_window();
        let (window, read) = self.source.read_string(window, start);
        self.put_window(window);
        read
    }

    /// The streaming lexer (its condition, its offset).
    pub fn lexer(&self) -> &L {
        &self.lexer
    }

    /// The streaming lexer, to change its condition or offset (an offset before the
    /// buffered bytes cannot be lexed again: the lexer then ends).
    #[inline(always)]
    pub fn lexer_mut(&mut self) -> &mut L {
        self.done = false;
        &mut self.lexer
    }

    /// The reader, and the bytes read from it that the lexer has not consumed.
    pub fn into_parts(self) -> (R, Vec<u8>) {
        let from = self.lexer.offset().saturating_sub(self.base).min(self.filled);
        (self.source.reader, self.buf[from..self.filled].to_vec())
    }

    #[inline(always)]
    fn take_window(&mut self) -> Window {
        let filled = core::mem::take(&mut self.filled);
        Window { buf: core::mem::take(&mut self.buf), filled, base: self.base, eof: self.eof }
    }

    #[inline(always)]
    fn put_window(&mut self, window: Window) {
        self.buf = window.buf;
        self.filled = window.filled;
        self.base = window.base;
        self.eof = window.eof;
    }
}

impl<R: Read> Source<R> {
    /// Drop the bytes before the token's start (absolute offset `token`), grow if the
    /// token fills more than half of the buffer, and read once (`Ok` with `eof` set
    /// when the reader has ended).
    #[cold]
    #[inline(never)]
    fn refill(&mut self, mut w: Window, token: usize) -> (Window, io::Result<()>) {
        let token = token.wrapping_sub(w.base);
        if token > w.filled {
            // The lexer's offset left the buffer (moved by `lexer_mut`): nothing to read
            // it from.
            w.eof = true;
            return (w, Ok(()));
        }
        // A few bytes before the token stay: what an error message looks back at (`01`
        // lexes as `0` then `1`: a leading zero).
        let keep = token.saturating_sub(LOOKBEHIND);
        if keep > 0 {
            let dropped = &w.buf[..keep];
            match last_newline(dropped) {
                Some(last) => {
                    self.dropped_lines += count_newlines(dropped);
                    self.dropped_column = count_chars(&dropped[last + 1..]);
                }
                None => self.dropped_column += count_chars(dropped),
            }
            w.buf.copy_within(keep..w.filled, 0);
            w.filled -= keep;
            w.base += keep;
        }
        if w.filled * 2 > w.buf.len() {
            let grown = w.buf.len() * 2;
            w.buf.resize(grown, 0);
        }
        let read = self.read_once(&mut w);
        (w, read)
    }

    /// See [`ReadLexer::read_to`].
    #[cold]
    #[inline(never)]
    fn read_to(&mut self, mut w: Window, end: usize) -> (Window, io::Result<()>) {
        while w.base + w.filled < end && !w.eof {
            if w.filled == w.buf.len() {
                let grown = w.buf.len() * 2;
                w.buf.resize(grown, 0);
            }
            if let Err(e) = self.read_once(&mut w) {
                return (w, Err(e));
            }
        }
        (w, Ok(()))
    }

    /// See [`ReadLexer::read_string`].
    #[cold]
    #[inline(never)]
    fn read_string(&mut self, mut w: Window, start: usize) -> (Window, io::Result<()>) {
        let Some(&quote) = start.checked_sub(w.base).and_then(|s| w.buf[..w.filled].get(s)) else {
            return (w, Ok(()));
        };
        if quote != b'"' && quote != b'\'' {
            return (w, Ok(()));
        }
        let mut i = start - w.base + 1;
        loop {
            while i < w.filled {
                match w.buf[i] {
                    b if b == quote => return (w, Ok(())),
                    b'\\' => i += 2,
                    _ => i += 1,
                }
            }
            if w.eof {
                return (w, Ok(()));
            }
            if w.filled == w.buf.len() {
                let grown = w.buf.len() * 2;
                w.buf.resize(grown, 0);
            }
            if let Err(e) = self.read_once(&mut w) {
                return (w, Err(e));
            }
        }
    }

    /// One read into the free space (`Interrupted` is retried).
    fn read_once(&mut self, w: &mut Window) -> io::Result<()> {
        loop {
            match self.reader.read(&mut w.buf[w.filled..]) {
                Ok(0) => w.eof = true,
                Ok(n) => w.filled += n.min(w.buf.len() - w.filled),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(());
        }
    }

    /// See [`ReadLexer::position`]: `buffered` holds the input from `base` on.
    #[cold]
    #[inline(never)]
    fn position(&self, buffered: &[u8], base: usize, offset: usize) -> Position {
        let offset = offset.clamp(base, base + buffered.len());
        let before = &buffered[..offset - base];
        let at = Position::at(before, before.len());
        if at.line == 1 {
            Position { offset, line: 1 + self.dropped_lines, column: self.dropped_column + at.column }
        } else {
            Position { offset, line: self.dropped_lines + at.line, column: at.column }
        }
    }
}

/// The line breaks in `bytes`, and the characters after the last one (all of them
/// when there is none): how far `bytes` move a position on.
pub(super) fn lines_and_column(bytes: &[u8]) -> (usize, usize) {
    match last_newline(bytes) {
        Some(last) => (count_newlines(bytes), count_chars(&bytes[last + 1..])),
        None => (0, count_chars(bytes)),
    }
}

/// Characters (bytes that are not UTF-8 continuation bytes), as [`Position`] counts.
fn count_chars(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_cmplt_epi8, _mm_set1_epi8};
        // Continuation bytes, 0x80..=0xBF, are the bytes below -64 as `i8`.
        // SAFETY: SSE2 is part of x86_64.
        bytes.len()
            - count_bytes_sse2(bytes, |v| unsafe { _mm_cmplt_epi8(v, _mm_set1_epi8(-64)) }, |b| b & 0xC0 == 0x80)
    }
    #[cfg(not(target_arch = "x86_64"))]
    count_bytes(bytes, |b| (b & 0xC0) != 0x80)
}

/// Line breaks.
fn count_newlines(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_set1_epi8};
        // SAFETY: SSE2 is part of x86_64.
        count_bytes_sse2(bytes, |v| unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8)) }, |b| b == b'\n')
    }
    #[cfg(not(target_arch = "x86_64"))]
    count_bytes(bytes, |b| b == b'\n')
}

/// Bytes for which `pick` holds: the loop shaped for the vectorizer, a `u8` sum per
/// 64-byte block (plain `filter().count()` stays scalar). Every byte of the input
/// passes through here (or [`count_bytes_sse2`]) once, as it leaves the buffer.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn count_bytes(bytes: &[u8], pick: impl Fn(u8) -> bool + Copy) -> usize {
    const BLOCK: usize = 64;
    let (blocks, rest) = bytes.as_chunks::<BLOCK>();
    let mut total = 0;
    // Three blocks per group: at most 192 matches, within a `u8`.
    for group in blocks.chunks(3) {
        let mut n = 0u8;
        for block in group {
            n = n.wrapping_add(block.iter().fold(0u8, |a, &b| a.wrapping_add(u8::from(pick(b)))));
        }
        total += usize::from(n);
    }
    total + rest.iter().filter(|&&b| pick(b)).count()
}

/// Bytes whose lane `mask` sets to all ones (`pick`: the same test on one byte, for
/// the tail), with SSE2: four 16-byte counters of `u8` lanes, summed (`psadbw`)
/// every 255 blocks of 64 bytes, before a lane can overflow. About half the
/// instructions of [`count_bytes`]' vectorized loop.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn count_bytes_sse2(
    bytes: &[u8],
    mask: impl Fn(core::arch::x86_64::__m128i) -> core::arch::x86_64::__m128i,
    pick: impl Fn(u8) -> bool,
) -> usize {
    use core::arch::x86_64::*;
    let (blocks, rest) = bytes.as_chunks::<64>();
    let mut total = 0;
    for group in blocks.chunks(255) {
        // SAFETY: SSE2 is part of x86_64; each load reads 16 of the 64 bytes of
        // `block` (unaligned loads).
        unsafe {
            let zero = _mm_setzero_si128();
            let (mut a, mut b, mut c, mut d) = (zero, zero, zero, zero);
            for block in group {
                let p = block.as_ptr();
                a = _mm_sub_epi8(a, mask(_mm_loadu_si128(p.cast())));
                b = _mm_sub_epi8(b, mask(_mm_loadu_si128(p.add(16).cast())));
                c = _mm_sub_epi8(c, mask(_mm_loadu_si128(p.add(32).cast())));
                d = _mm_sub_epi8(d, mask(_mm_loadu_si128(p.add(48).cast())));
            }
            let sums = _mm_add_epi64(
                _mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)),
                _mm_add_epi64(_mm_sad_epu8(c, zero), _mm_sad_epu8(d, zero)),
            );
            total += _mm_cvtsi128_si64(sums) as usize + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)) as usize;
        }
    }
    total + rest.iter().filter(|&&b| pick(b)).count()
}

/// The index of the last `\n` in `bytes`: 32-byte blocks from the end, each tested
/// whole (a minified document may have no line break in the whole buffer).
fn last_newline(bytes: &[u8]) -> Option<usize> {
    const BLOCK: usize = 32;
    let (rest, blocks) = bytes.as_rchunks::<BLOCK>();
    for (i, block) in blocks.iter().enumerate().rev() {
        if block.iter().fold(false, |any, &b| any | (b == b'\n')) {
            let at = block.iter().rposition(|&b| b == b'\n')?;
            return Some(rest.len() + i * BLOCK + at);
        }
    }
    rest.iter().rposition(|&b| b == b'\n')
}

impl<R: Read, L: StreamLexer> Iterator for ReadLexer<R, L> {
    type Item = ReadNext<L::Kind>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.next_token()
    }
}

#[cfg(test)]
mod tests {
    use super::{count_bytes, count_chars, count_newlines, last_newline};
    use proptest::prelude::*;

    #[test]
    fn counts_across_blocks_and_groups() {
        // Past one group of 255 blocks of 64 bytes, so that the lane counters are
        // emptied at least twice.
        let mut text = Vec::new();
        for i in 0..40_000usize {
            text.push(match i % 7 {
                0 => b'\n',
                1 => 0xC3,
                2 => 0xA4,
                _ => b'a',
            });
        }
        for len in [0, 1, 31, 32, 33, 63, 64, 65, 8160, 16319, 16320, 16321, 16384, text.len()] {
            let t = &text[..len];
            assert_eq!(count_newlines(t), t.iter().filter(|&&b| b == b'\n').count(), "{len}");
            assert_eq!(count_bytes(t, |b| b == b'\n'), t.iter().filter(|&&b| b == b'\n').count(), "{len}");
            assert_eq!(count_chars(t), t.iter().filter(|&&b| (b & 0xC0) != 0x80).count(), "{len}");
            assert_eq!(last_newline(t), t.iter().rposition(|&b| b == b'\n'), "{len}");
        }
        assert_eq!(last_newline(&[b'a'; 100]), None);
        // Every lane full in every group.
        let lines = vec![b'\n'; 40_000];
        assert_eq!(count_newlines(&lines), lines.len());
        assert_eq!(count_chars(&lines), lines.len());
        let continuations = vec![0x80u8; 40_000];
        assert_eq!(count_chars(&continuations), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn counts_match_the_plain_loops(bytes in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(0x80u8), any::<u8>()], 0..700)) {
            prop_assert_eq!(count_newlines(&bytes), bytes.iter().filter(|&&b| b == b'\n').count());
            prop_assert_eq!(count_bytes(&bytes, |b| b == b'\n'), bytes.iter().filter(|&&b| b == b'\n').count());
            prop_assert_eq!(count_chars(&bytes), bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count());
            prop_assert_eq!(last_newline(&bytes), bytes.iter().rposition(|&b| b == b'\n'));
        }
    }
}
