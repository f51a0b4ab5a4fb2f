//! The [`Sink`] that builds a [`Value`].

use super::options::LoneSurrogate;
use super::sink::Sink;
use super::string;
use crate::value::{Map, Number, Str, Value};

/// One open array or object of the value being built.
struct Frame {
    /// Where its pending elements (array) or members (object) start in the scratch
    /// stack.
    start: usize,
    /// Object: the member the next value belongs to.
    slot: usize,
    /// Object past `INDEX_THRESHOLD` members: its further keys are not checked for
    /// repeats as they come, [`Map::from_decoded`] does that once at the end.
    many: bool,
    object: bool,
}

/// Builds a [`Value`].
pub(super) struct Builder {
    values: Vec<Value>,
    members: Vec<(Str, Value)>,
    frames: Vec<Frame>,
    scratch: Vec<u8>,
    root: Value,
}

/// Escaped strings up to this long are unescaped in the scratch buffer and copied out;
/// longer ones in a buffer of their own, trimmed after.
const SHORT_ESCAPED: usize = 1024;

/// An array that alone fills the value stack takes the stack's buffer from this many
/// elements up.
const TAKE_STACK: usize = 64;

impl Builder {
    pub(super) fn new() -> Builder {
        Builder { values: Vec::new(), members: Vec::new(), frames: Vec::new(), scratch: Vec::new(), root: Value::Null }
    }

    #[inline(always)]
    fn emit(&mut self, v: Value) {
        match self.frames.last() {
            Some(f) if !f.object => self.values.push(v),
            Some(f) => self.members[f.slot].1 = v,
            None => self.root = v,
        }
    }

    /// A key arrives in the innermost (object) frame: a new member, or (in a small
    /// object) the slot of the earlier member with the same key, whose value the next
    /// one replaces. Past `INDEX_THRESHOLD` members repeats are left to `end_object`,
    /// which indexes the keys once at the final size.
    #[inline(always)]
    fn key(members: &mut Vec<(Str, Value)>, frame: &mut Frame, key: &str) {
        if !frame.many {
            let pending = &members[frame.start..];
            if let Some(i) = pending.iter().position(|(k, _)| k == key) {
                frame.slot = frame.start + i;
                return;
            }
            frame.many = pending.len() == Map::INDEX_THRESHOLD;
        }
        frame.slot = members.len();
        members.push((Str::from(key), Value::Null));
    }
}

impl<'a> Sink<'a> for Builder {
    type Output = Value;
    #[cfg(feature = "arbitrary_precision")]
    const NUMBER_TEXT: bool = true;

    #[inline(always)]
    fn scratch(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }
    #[inline(always)]
    fn null(&mut self) {
        self.emit(Value::Null)
    }
    #[inline(always)]
    fn boolean(&mut self, b: bool) {
        self.emit(Value::Bool(b))
    }
    #[inline(always)]
    fn number(&mut self, n: Number) {
        self.emit(Value::Number(n))
    }
    #[inline(always)]
    fn str(&mut self, s: &'a str, key: bool) {
        if key {
            let frame = self.frames.last_mut().expect("a key inside an object");
            Builder::key(&mut self.members, frame, s);
        } else {
            self.emit(Value::String(Str::from(s)));
        }
    }
    #[inline(always)]
    fn scratch_str(&mut self, key: bool) {
        debug_assert!(core::str::from_utf8(&self.scratch).is_ok());
        // SAFETY: the scratch buffer holds either an unescaped string body that was
        // UTF-8 before unescaping (checked by `from_utf8`, or promised by the caller of
        // `decode_trusted`; unescaping splits it only at ASCII backslashes and appends
        // whole `char`s), or a string rebuilt by `scan_string`, which appends only ASCII,
        // whole well-formed sequences and whole `char`s.
        let s = unsafe { core::str::from_utf8_unchecked(&self.scratch) };
        if key {
            let frame = self.frames.last_mut().expect("a key inside an object");
            Builder::key(&mut self.members, frame, s);
        } else {
            let s = Str::from(s);
            self.emit(Value::String(s));
        }
    }
    #[inline(always)]
    fn escaped(&mut self, body: &'a [u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), string::StrError> {
        // A key, or a short string: into the reused scratch buffer, then copied into an
        // allocation of exactly its size (cheaper than a `realloc` per string).
        if key || body.len() <= SHORT_ESCAPED {
            self.scratch.clear();
            string::unescape(body, base, lone, &mut self.scratch)?;
            self.scratch_str(key);
            return Ok(());
        }
        // A long one straight into the value's own buffer: unescaping never lengthens a
        // body, and the buffer is then trimmed to size (in place), so the peak stays one
        // string, not a scratch buffer grown by doubling plus the copy.
        let mut buf = Vec::with_capacity(body.len());
        string::unescape(body, base, lone, &mut buf)?;
        buf.shrink_to_fit();
        debug_assert!(core::str::from_utf8(&buf).is_ok());
        // SAFETY: as in `scratch_str`: a UTF-8 body, split at ASCII backslashes, plus
        // whole `char`s.
        let s = unsafe { String::from_utf8_unchecked(buf) };
        self.emit(Value::String(Str::from(s)));
        Ok(())
    }
    #[inline(always)]
    fn begin_array(&mut self) {
        self.frames.push(Frame { start: self.values.len(), slot: 0, many: false, object: false });
    }
    #[inline(always)]
    fn end_array(&mut self) {
        let frame = self.frames.pop().expect("an open array");
        let elements = if frame.start == 0 && self.values.len() >= TAKE_STACK {
            // Nothing else pending (a root array, or one under objects only) and long: the
            // stack's buffer becomes the array, no copy of its elements, trimmed in place;
            // the stack starts over empty. (Short ones: one exact allocation is cheaper
            // than a trim and regrowing the stack.)
            let mut elements = core::mem::take(&mut self.values);
            elements.shrink_to_fit();
            elements
        } else {
            // `split_off` allocates exactly the elements' size and moves them in one copy.
            self.values.split_off(frame.start)
        };
        self.emit(Value::Array(elements.into()));
    }
    #[inline(always)]
    fn begin_object(&mut self) {
        self.frames.push(Frame { start: self.members.len(), slot: 0, many: false, object: true });
    }
    #[inline(always)]
    fn end_object(&mut self) {
        let frame = self.frames.pop().expect("an open object");
        let members = self.members.split_off(frame.start);
        self.emit(Value::Object(Map::from_decoded(members)));
    }
    #[inline(always)]
    fn empty_array(&mut self) {
        self.emit(Value::Array(Vec::new().into()))
    }
    #[inline(always)]
    fn empty_object(&mut self) {
        self.emit(Value::Object(Map::new()))
    }
    fn finish(self) -> Value {
        self.root
    }
}
