//! The reader behind a value lexer's streaming form (`NameReader`, generated for a
//! grammar with values or callbacks when streaming is on): a buffer over an
//! [`std::io::Read`] that keeps the current token's bytes across refills, and the step
//! the generated code runs over it.
//!
//! The generated lexer runs its usual code over the buffered bytes ([`BufferedStep`]);
//! where the buffer ends before a token is decided it answers [`Fill::NeedMore`] having
//! changed nothing but its offset (skipped matches may have moved it on), and
//! [`TokenReader::next`] drops the bytes before that offset, reads, and runs it again
//! (re2c's YYFILL model, as [`super::ReadLexer`]). So a callback runs once per match,
//! and only when the whole match is in the buffer: `slice()` is the whole token.

use std::io::{self, Read};

/// What a step over the buffered bytes answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill<T> {
    /// Decided: a token, an error or the end (`None`).
    Ready(T),
    /// The buffer ended before the next token was decided: refill, then step again.
    NeedMore,
}

/// One step of a lexer over buffered input: what the generated code implements for
/// [`TokenReader`].
///
/// The contract that makes [`TokenReader::next`] sound: `step` is generic over the
/// buffer's lifetime `'b`, so nothing but its result can keep a borrow of `buf`; a
/// `NeedMore` result keeps none.
pub trait BufferedStep {
    /// What a decided step gives (a token may borrow the buffer).
    type Output<'b>;

    /// The next outcome over `buf`, which holds the input from absolute offset `base`
    /// on, `eof` when nothing follows it.
    fn step<'b>(&mut self, buf: &'b [u8], base: usize, eof: bool) -> Fill<Self::Output<'b>>;

    /// Absolute offset of the next token's start: the bytes from here on must stay.
    fn offset(&self) -> usize;

    /// `bytes` leave the front of the buffer (for a line count), before the refill.
    fn dropped(&mut self, bytes: &[u8]);
}

/// An error of a value lexer reading from an [`std::io::Read`]: the lexer's own error,
/// or a failed read (after which the reader has ended; the input is never taken as
/// ending there).
#[derive(Debug)]
pub enum StreamError<E> {
    /// The lexer's error (a token that does not lex, a callback's error).
    Token(E),
    /// Reading failed after `offset` bytes of input.
    Io {
        /// The input offset where reading failed.
        offset: usize,
        /// The reader's error.
        error: io::Error,
    },
}

impl<E> StreamError<E> {
    /// The lexer's error, if it is one.
    pub fn token(self) -> Option<E> {
        match self {
            StreamError::Token(e) => Some(e),
            StreamError::Io { .. } => None,
        }
    }
}

impl<E: PartialEq> PartialEq for StreamError<E> {
    /// Two I/O errors are equal at the same offset with the same kind.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (StreamError::Token(a), StreamError::Token(b)) => a == b,
            (StreamError::Io { offset: a, error: e }, StreamError::Io { offset: b, error: f }) => {
                a == b && e.kind() == f.kind()
            }
            _ => false,
        }
    }
}

impl<E: core::fmt::Display> core::fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StreamError::Token(e) => e.fmt(f),
            StreamError::Io { offset, error } => write!(f, "cannot read the input after byte {offset}: {error}"),
        }
    }
}

impl<E: core::fmt::Debug + core::fmt::Display> std::error::Error for StreamError<E> {}

/// The buffer's size when none is given (as [`super::ReadLexer`]'s).
pub const DEFAULT_CAPACITY: usize = 64 * 1024;

/// A reader's bytes in a buffer that keeps the current token: [`TokenReader::next`]
/// runs a [`BufferedStep`] over it, refilling until the step decides.
///
/// Memory is bounded by the longest token (plus what a callback asks to see after it):
/// the buffer doubles only when the kept bytes fill more than half of it.
#[derive(Debug)]
pub struct TokenReader<R> {
    /// `buf[..filled]` is the input from absolute offset `base` on.
    buf: Vec<u8>,
    filled: usize,
    base: usize,
    eof: bool,
    /// A read failed: only that error, then nothing.
    failed: bool,
    reader: R,
}

impl<R: Read> TokenReader<R> {
    /// A buffer of `capacity` bytes (at least 1) to start with, over `reader`.
    pub fn new(reader: R, capacity: usize) -> Self {
        TokenReader { buf: vec![0; capacity.max(1)], filled: 0, base: 0, eof: false, failed: false, reader }
    }

    /// The next decided outcome of `step`, reading as it needs; `Err` when a read
    /// failed (`Interrupted` is retried). After a failed read every call is that
    /// error again, without its `io::Error`: the input is never taken as ending there.
    /// Always inlined: the step (the generated state machine) is then in the caller's
    /// loop, as a slice lexer's `next_token` is.
    #[inline(always)]
    pub fn next<'a, S: BufferedStep>(&'a mut self, step: &mut S) -> Result<S::Output<'a>, StreamReadError> {
        loop {
            if self.failed {
                return Err(StreamReadError { offset: self.base + self.filled, error: None });
            }
            let buf: &[u8] = self.buf.get(..self.filled).unwrap_or_default();
            // SAFETY: `buf` borrows `self.buf` for `'a`, the lifetime of `&'a mut self`,
            // while the loop may still refill `self.buf`. That is sound because the
            // borrow ends before any refill: `step` is generic over the buffer's lifetime
            // (see `BufferedStep`), so its `self` cannot keep `buf`, and a `NeedMore`
            // answer holds nothing; only a `Ready` answer keeps it, and that one is
            // returned at once, leaving `self` borrowed for `'a` by the caller. (The
            // borrow checker cannot see this yet: NLL's "problem case 3".)
            let buf: &'a [u8] = unsafe { &*(buf as *const [u8]) };
            if let Fill::Ready(out) = step.step(buf, self.base, self.eof) {
                return Ok(out);
            }
            if self.eof {
                // A step that asks for more after the end: a broken step, ended here.
                self.failed = true;
                return Err(StreamReadError { offset: self.base + self.filled, error: None });
            }
            if let Err(error) = self.refill(step) {
                self.failed = true;
                return Err(StreamReadError { offset: self.base + self.filled, error: Some(error) });
            }
        }
    }

    /// Drop the bytes before the step's offset, grow when the rest fills more than
    /// half of the buffer, read once. An offset past the buffered bytes (a callback's
    /// `bump` past them) drops them all and reads on to it.
    #[cold]
    #[inline(never)]
    fn refill<S: BufferedStep>(&mut self, step: &mut S) -> io::Result<()> {
        loop {
            let keep_from = step.offset().saturating_sub(self.base).min(self.filled);
            if keep_from > 0 {
                step.dropped(&self.buf[..keep_from]);
                self.buf.copy_within(keep_from..self.filled, 0);
                self.filled -= keep_from;
                self.base += keep_from;
            }
            if self.filled * 2 > self.buf.len() {
                let grown = self.buf.len() * 2;
                self.buf.resize(grown, 0);
            }
            self.read_once()?;
            // A bump past the buffered bytes: read (and drop) on to the offset.
            if step.offset() <= self.base + self.filled || self.eof {
                return Ok(());
            }
        }
    }

    fn read_once(&mut self) -> io::Result<()> {
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.filled += n.min(self.buf.len() - self.filled),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(());
        }
    }

    /// Start over with a buffer of `capacity` bytes (at least 1, and at least what is
    /// buffered).
    pub fn set_capacity(&mut self, capacity: usize) {
        let capacity = capacity.max(1).max(self.filled);
        self.buf.resize(capacity, 0);
        self.buf.shrink_to(capacity);
    }

    /// The buffered input: its bytes and the absolute offset of the first.
    pub fn buffered(&self) -> (&[u8], usize) {
        (&self.buf[..self.filled], self.base)
    }

    /// The reader, and the bytes read from it from absolute offset `from` on (the
    /// lexer's offset: what it has not consumed).
    pub fn into_parts(self, from: usize) -> (R, Vec<u8>) {
        let from = from.saturating_sub(self.base).min(self.filled);
        (self.reader, self.buf[from..self.filled].to_vec())
    }
}

/// A failed read of [`TokenReader::next`]: where, and the reader's error (taken by
/// the first caller that reports it).
#[derive(Debug)]
pub struct StreamReadError {
    /// The input offset where reading failed.
    pub offset: usize,
    /// The reader's error (`None`: a step that asked for more after the end).
    pub error: Option<io::Error>,
}

impl<E> From<StreamReadError> for StreamError<E> {
    fn from(e: StreamReadError) -> Self {
        StreamError::Io {
            offset: e.offset,
            error: e.error.unwrap_or_else(|| io::Error::other("the lexer asked for input after its end")),
        }
    }
}
