//! [`Sink`]: what the parser drives when it builds, one call per value, key and
//! container boundary, in document order.

use super::options::LoneSurrogate;
use super::string::StrError;
use crate::value::Number;

/// The receiver of a document's values as the parser checks them: the [`Value`](crate::Value)
/// builder, a `Document`'s tape. The parser calls it only for input it has accepted so
/// far, in document order: `begin_*` before a non-empty container's first element or
/// member, `end_*` after its last, `empty_*` for `[]` and `{}`; in an object, a string
/// with `key` set and then the member's value. `finish` gives the one top-level value.
///
/// Strings come three ways: `str` borrows from the input (no escapes in it: a sink can
/// keep the borrow), `escaped` gives the body between the quotes to unescape (with
/// [`unescape`](super::string::unescape) and the lone-surrogate choice), and
/// `scratch_str` says the string is in [`Sink::scratch`] (a string the decoder repaired,
/// e.g. invalid UTF-8 under [`InvalidUtf8::Substitute`](super::InvalidUtf8::Substitute)).
pub(crate) trait Sink<'a> {
    /// What the parse gives.
    type Output;

    /// Whether the sink takes values at all: `false` only for [`Validator`], so that
    /// the validator's loop is compiled without the building code.
    const BUILDS: bool = true;

    /// With `arbitrary_precision`: the sink keeps numbers as their text, so the parser
    /// hands it every number token whole (no range check: `1e400` is a number).
    #[cfg(feature = "arbitrary_precision")]
    const NUMBER_TEXT: bool = false;

    fn null(&mut self);
    fn boolean(&mut self, b: bool);
    fn number(&mut self, n: Number);
    /// A string without escapes, borrowed from the input; a key if `key`.
    fn str(&mut self, s: &'a str, key: bool);
    /// A string with escapes: `body` is between the quotes, at `base` in the input (for
    /// error offsets). Errors (lone surrogates, bad escapes) come from the unescaper.
    fn escaped(&mut self, body: &'a [u8], base: usize, lone: LoneSurrogate, key: bool) -> Result<(), StrError>;
    /// The buffer a repaired string is written into before [`Sink::scratch_str`].
    fn scratch(&mut self) -> &mut Vec<u8>;
    /// The string in [`Sink::scratch`] (UTF-8: the repair writes only whole characters).
    fn scratch_str(&mut self, key: bool);
    fn begin_array(&mut self);
    fn end_array(&mut self);
    fn begin_object(&mut self);
    fn end_object(&mut self);
    fn empty_array(&mut self);
    fn empty_object(&mut self);
    /// The top-level value, once the input has ended after it.
    fn finish(self) -> Self::Output;
}

/// The validator's sink: takes no values (the parser, told `BUILDS` is `false`, does
/// not give it any), so that validation has a parser loop of its own, without the
/// builder's code and its registers. `scratch` is never asked for (a parse that builds
/// nothing repairs into `Discard`): an empty buffer, so that the method has no panic.
#[derive(Default)]
pub(crate) struct Validator {
    scratch: Vec<u8>,
}

impl<'a> Sink<'a> for Validator {
    type Output = ();
    const BUILDS: bool = false;

    fn null(&mut self) {}
    fn boolean(&mut self, _: bool) {}
    fn number(&mut self, _: Number) {}
    fn str(&mut self, _: &'a str, _: bool) {}
    fn escaped(&mut self, _: &'a [u8], _: usize, _: LoneSurrogate, _: bool) -> Result<(), StrError> {
        Ok(())
    }
    fn scratch(&mut self) -> &mut Vec<u8> {
        &mut self.scratch
    }
    fn scratch_str(&mut self, _: bool) {}
    fn begin_array(&mut self) {}
    fn end_array(&mut self) {}
    fn begin_object(&mut self) {}
    fn end_object(&mut self) {}
    fn empty_array(&mut self) {}
    fn empty_object(&mut self) {}
    fn finish(self) {}
}
