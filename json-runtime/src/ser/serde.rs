//! A `serde::Serializer` on the table-driven encoder: user types to JSON.
//!
//! Strings go through the encoder's escape tables and skip kernels, numbers through
//! its formatting, so that the output is the encoder's for the same value: under the
//! default [`EncodeOptions`], byte for byte what `serde_json::to_vec` writes (NaN and
//! infinities as `null`, map keys that are numbers or booleans in quotes).
//!
//! Commas, colons, line breaks and indentation come from the encoder's
//! `Formatter` (`ser/format.rs`; one `Layout` per serializer). Under
//! [`EncodeOptions::sort_keys`] each object's members are written aside as they come,
//! each value into a buffer of its own, and put out in key order when it closes.

use core::fmt;
use std::io;

use serde::ser::{self, Impossible, Serialize};

use crate::error::{Category, Error};
use crate::ser::encoder::Encoder;
use crate::ser::escape::{TABLES, VERBATIM};
use crate::ser::format::{Formatter, Layout};
use crate::ser::number::{write_number, write_php_float, write_serde_float};
use crate::ser::{EncodeOptions, NumberFormat};
use crate::value::raw;
use crate::value::ser::KeySerializer;
use crate::value::Number;

/// `value` as JSON bytes under `opts`.
pub fn to_vec_with<T: ?Sized + Serialize>(value: &T, opts: &EncodeOptions) -> Result<Vec<u8>, Error> {
    let mut ser = Serializer::new(Vec::with_capacity(128), opts);
    value.serialize(&mut ser)?;
    Ok(ser.into_inner())
}

/// `value` as a JSON string under `opts`.
pub fn to_string_with<T: ?Sized + Serialize>(value: &T, opts: &EncodeOptions) -> Result<String, Error> {
    let bytes = to_vec_with(value, opts)?;
    debug_assert!(core::str::from_utf8(&bytes).is_ok());
    // SAFETY: the serializer writes only ASCII (punctuation, numbers, escapes) and
    // strings through the encoder, which copies whole UTF-8 sequences from `&str`s.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Writes `value` as JSON under `opts` to `writer` (encoded in memory, then written at
/// once, as [`encode_to_writer_with`](crate::ser::encode_to_writer_with) does).
pub fn to_writer_with<W: io::Write, T: ?Sized + Serialize>(
    mut writer: W,
    value: &T,
    opts: &EncodeOptions,
) -> Result<(), Error> {
    let bytes = to_vec_with(value, opts)?;
    writer.write_all(&bytes).map_err(io_error)
}

/// An I/O error as an [`Error`] of category `Io`.
#[cold]
pub fn io_error(e: io::Error) -> Error {
    Error::io(crate::position::Position { offset: 0, line: 0, column: 0 }, &e, e.to_string())
}

/// A `serde::Serializer` writing JSON into a `Vec<u8>` under [`EncodeOptions`].
pub struct Serializer<'o> {
    enc: Encoder<'o>,
    opts: &'o EncodeOptions,
    /// The encoder's escape table for `opts`.
    table: &'static [u8; 256],
    /// `opts` escape only what JSON requires (`"`, `\`, control bytes): the default.
    plain_default: bool,
    /// Floats as serde_json writes them, `.0` kept: the default.
    serde_floats: bool,
    /// Compact or pretty.
    layout: Layout,
    /// Under [`EncodeOptions::sort_keys`]: the members of each open object, key and
    /// value as written, to be sorted when it closes.
    sorting: Vec<Vec<(String, Vec<u8>)>>,
}

impl<'o> Serializer<'o> {
    /// A serializer appending to `out`.
    pub fn new(out: Vec<u8>, opts: &'o EncodeOptions) -> Self {
        let flags = opts.escape_bits();
        Serializer {
            enc: Encoder::new(out, opts),
            opts,
            table: &TABLES[flags],
            plain_default: flags == 0,
            serde_floats: opts.number_format == NumberFormat::Serde && opts.preserve_zero_fraction,
            layout: Layout::new(opts),
            sorting: Vec::new(),
        }
    }

    /// The bytes written.
    pub fn into_inner(self) -> Vec<u8> {
        self.enc.out
    }

    #[inline(always)]
    fn out(&mut self) -> &mut Vec<u8> {
        &mut self.enc.out
    }

    #[inline]
    fn write_f64(&mut self, v: f64) {
        if !v.is_finite() {
            return self.out().extend_from_slice(b"null");
        }
        if self.serde_floats {
            let mut buf = zmij::Buffer::new();
            return self.enc.out.extend_from_slice(buf.format_finite(v).as_bytes());
        }
        let zero_fraction = self.opts.preserve_zero_fraction;
        match self.opts.number_format {
            NumberFormat::Serde => write_serde_float(&mut self.enc.out, v, zero_fraction),
            format => write_number(&mut self.enc.out, &Number::from_finite_f64(v), format, zero_fraction),
        }
    }

    #[inline]
    fn write_f32(&mut self, v: f32) {
        if !v.is_finite() {
            return self.out().extend_from_slice(b"null");
        }
        let zero_fraction = self.opts.preserve_zero_fraction;
        let mut buf = zmij::Buffer::new();
        let s = buf.format_finite(v).as_bytes();
        match self.opts.number_format {
            NumberFormat::Serde => match s.strip_suffix(b".0") {
                Some(int) if !zero_fraction => self.enc.out.extend_from_slice(int),
                _ => self.enc.out.extend_from_slice(s),
            },
            // The f32's shortest digits, read as the f64 they name (the same digits).
            NumberFormat::Php => {
                let f = crate::de::number::parse_float(s).unwrap_or(v as f64);
                write_php_float(&mut self.enc.out, f, zero_fraction);
            }
        }
    }

    /// A string in quotes. Short strings that need no escape (struct field names,
    /// most keys) are copied after a table check, as serde_json does: the encoder's
    /// copy kernel costs more to reach than such a string takes to check.
    #[inline(always)]
    fn string(&mut self, s: &str) {
        let b = s.as_bytes();
        let plain = if self.plain_default {
            b.len() <= 32 && !needs_default_escape(b)
        } else {
            let table = self.table;
            b.len() <= 32 && b.iter().all(|&c| table[c as usize] == VERBATIM)
        };
        if plain {
            let out = &mut self.enc.out;
            out.reserve(b.len() + 2);
            out.push(b'"');
            out.extend_from_slice(b);
            out.push(b'"');
        } else {
            self.enc.string(s);
        }
    }

    #[inline(always)]
    fn int(&mut self, v: impl itoa::Integer) {
        self.enc.out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    #[inline(always)]
    fn open(&mut self, bracket: u8) {
        self.layout.open(&mut self.enc.out, bracket);
    }

    /// Closes an array or object; `empty` ones stay `[]`/`{}` in pretty output.
    #[inline(always)]
    fn close(&mut self, bracket: u8, empty: bool) {
        self.layout.close(&mut self.enc.out, bracket, empty);
    }

    /// Before an element or a key: the comma and the line break.
    #[inline(always)]
    fn item(&mut self, first: bool) {
        self.layout.item(&mut self.enc.out, first);
    }

    /// Between a key and its value.
    #[inline(always)]
    fn colon(&mut self) {
        self.layout.colon(&mut self.enc.out);
    }

    /// `{"variant":` (an enum's object form) opened.
    #[inline]
    fn variant_key(&mut self, variant: &str) {
        self.open(b'{');
        self.item(true);
        self.string(variant);
        self.colon();
    }

    /// An object opened: its members are written as they come, or, under
    /// [`EncodeOptions::sort_keys`], kept until it closes.
    #[inline(always)]
    fn open_object(&mut self, in_variant: bool) -> State {
        self.open(b'{');
        match (self.opts.sort_keys, in_variant) {
            (false, false) => State::First,
            (false, true) => State::FirstInVariant,
            (true, variant) => self.begin_sorted(variant),
        }
    }

    #[cold]
    fn begin_sorted(&mut self, in_variant: bool) -> State {
        self.sorting.push(Vec::new());
        if in_variant {
            State::SortedInVariant
        } else {
            State::Sorted
        }
    }

    /// A member's value, written aside into the open sorted object's last member.
    #[cold]
    fn sorted_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let outer = core::mem::take(&mut self.enc.out);
        let written = value.serialize(&mut *self);
        let bytes = core::mem::replace(&mut self.enc.out, outer);
        written?;
        if let Some((_, slot)) = self.sorting.last_mut().and_then(|members| members.last_mut()) {
            *slot = bytes;
        }
        Ok(())
    }

    /// Writes the innermost sorted object's members in key order (a stable sort: equal
    /// keys keep their order) and closes it.
    #[cold]
    fn end_sorted(&mut self) {
        let mut members = self.sorting.pop().unwrap_or_default();
        members.sort_by(|a, b| a.0.cmp(&b.0));
        for (i, (key, value)) in members.iter().enumerate() {
            self.item(i == 0);
            self.string(key);
            self.colon();
            self.enc.out.extend_from_slice(value);
        }
        self.close(b'}', members.is_empty());
    }
}

/// Whether `b` (at most a few words) holds a byte the default options escape: `"`,
/// `\` or a control byte. Eight bytes at a time; the flags are exact for "any".
#[inline(always)]
fn needs_default_escape(b: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    #[inline(always)]
    fn special(w: u64) -> bool {
        let control = w.wrapping_sub(LO * 0x20) & !w;
        let q = w ^ (LO * b'"' as u64);
        let quote = q.wrapping_sub(LO) & !q;
        let s = w ^ (LO * b'\\' as u64);
        let backslash = s.wrapping_sub(LO) & !s;
        (control | quote | backslash) & HI != 0
    }
    #[inline(always)]
    fn word(c: &[u8]) -> u64 {
        u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])
    }
    if b.len() < 8 {
        // Byte by byte: a word assembled on the stack from a copy would be loaded
        // before the copy's narrower stores retire (a store-forwarding stall).
        return b.iter().any(|&c| c < 0x20 || c == b'"' || c == b'\\');
    }
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        if special(word(c)) {
            return true;
        }
    }
    // The last eight bytes, overlapping the words already checked.
    !chunks.remainder().is_empty() && special(word(&b[b.len() - 8..]))
}

impl ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::unplaced(Category::Data, msg.to_string())
    }
}

impl<'a, 'o> ser::Serializer for &'a mut Serializer<'o> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, 'o>;
    type SerializeTuple = Compound<'a, 'o>;
    type SerializeTupleStruct = Compound<'a, 'o>;
    type SerializeTupleVariant = Compound<'a, 'o>;
    type SerializeMap = Compound<'a, 'o>;
    type SerializeStruct = Compound<'a, 'o>;
    type SerializeStructVariant = Compound<'a, 'o>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out().extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    #[inline]
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        if self.opts.number_format == NumberFormat::Php && v > i64::MAX as u64 {
            self.write_f64(v as f64);
        } else {
            self.int(v);
        }
        Ok(())
    }
    #[inline]
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.write_f32(v);
        Ok(())
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.write_f64(v);
        Ok(())
    }
    #[inline]
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = ser::Serializer::serialize_seq(self, Some(v.len()))?;
        for b in v {
            ser::SerializeSeq::serialize_element(&mut seq, b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    #[inline]
    fn serialize_none(self) -> Result<(), Error> {
        self.out().extend_from_slice(b"null");
        Ok(())
    }
    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    #[inline]
    fn serialize_unit(self) -> Result<(), Error> {
        self.serialize_none()
    }
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_none()
    }
    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }
    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    #[inline]
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.variant_key(variant);
        value.serialize(&mut *self)?;
        self.close(b'}', false);
        Ok(())
    }
    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, 'o>, Error> {
        self.open(b'[');
        Ok(Compound { ser: self, state: State::First })
    }
    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, 'o>, Error> {
        self.serialize_seq(Some(len))
    }
    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, 'o>, Error> {
        self.serialize_seq(Some(len))
    }
    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'o>, Error> {
        self.variant_key(variant);
        self.open(b'[');
        Ok(Compound { ser: self, state: State::FirstInVariant })
    }
    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a, 'o>, Error> {
        let state = self.open_object(false);
        Ok(Compound { ser: self, state })
    }
    #[inline]
    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<Compound<'a, 'o>, Error> {
        if name == raw::TOKEN {
            // A raw value: its one field is written as it is, no brackets.
            return Ok(Compound { ser: self, state: State::Raw });
        }
        #[cfg(feature = "arbitrary_precision")]
        if name == crate::value::precise::TOKEN {
            // A number's text (arbitrary_precision): written as it is, as serde_json does.
            return Ok(Compound { ser: self, state: State::Raw });
        }
        self.serialize_map(None)
    }
    #[inline]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, 'o>, Error> {
        self.variant_key(variant);
        let state = self.open_object(true);
        Ok(Compound { ser: self, state })
    }
    #[inline]
    fn collect_str<T: ?Sized + fmt::Display>(self, value: &T) -> Result<(), Error> {
        self.string(&value.to_string());
        Ok(())
    }
}

/// An array or object being written.
pub struct Compound<'a, 'o> {
    ser: &'a mut Serializer<'o>,
    state: State,
}

/// Whether an element or member was written yet, whether the array or object is
/// inside an enum's `{"variant": ...}` (which closes too), and whether its members are
/// kept for sorting ([`EncodeOptions::sort_keys`]). One word, no padding: a
/// `Result<Compound, Error>` with two `bool`s was copied through odd-offset loads
/// that stalled store forwarding (17% of canada's serialization).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(usize)]
enum State {
    First,
    Rest,
    FirstInVariant,
    RestInVariant,
    /// An object whose members go to `Serializer::sorting`.
    Sorted,
    SortedInVariant,
    /// A raw value (`value::raw`): its field is JSON text, written verbatim.
    Raw,
}

impl Compound<'_, '_> {
    /// Before an element or a key: the comma and the line break.
    #[inline(always)]
    fn item(&mut self) {
        let first = matches!(self.state, State::First | State::FirstInVariant);
        self.ser.item(first);
        self.state = match self.state {
            State::First | State::Rest => State::Rest,
            State::FirstInVariant | State::RestInVariant => State::RestInVariant,
            sorted => sorted,
        };
    }

    /// Sorted or raw: the members do not go straight out (one test for both).
    #[inline(always)]
    fn aside(&self) -> bool {
        self.state as usize >= State::Sorted as usize
    }

    #[inline(always)]
    fn sorted(&self) -> bool {
        matches!(self.state, State::Sorted | State::SortedInVariant)
    }

    /// The text of a raw value, as it is.
    #[cold]
    fn raw<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let text = value.serialize(raw::TextSerializer)?;
        self.ser.enc.out.extend_from_slice(text.as_bytes());
        Ok(())
    }

    /// A member of a sorted object: its key kept as the map key serializer writes it.
    #[cold]
    fn sorted_key(&mut self, key: String) {
        if let Some(members) = self.ser.sorting.last_mut() {
            members.push((key, Vec::new()));
        }
    }

    #[inline(always)]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.item();
        value.serialize(&mut *self.ser)
    }

    #[inline(always)]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        if self.aside() {
            if self.state == State::Raw {
                return self.raw(value);
            }
            self.sorted_key(key.to_owned());
            return self.ser.sorted_value(value);
        }
        self.item();
        self.ser.string(key);
        self.ser.colon();
        value.serialize(&mut *self.ser)
    }

    #[inline(always)]
    fn end(self, bracket: u8) -> Result<(), Error> {
        if self.state == State::Raw {
            return Ok(());
        }
        if self.sorted() {
            self.ser.end_sorted();
        } else {
            self.ser.close(bracket, matches!(self.state, State::First | State::FirstInVariant));
        }
        if matches!(self.state, State::FirstInVariant | State::RestInVariant | State::SortedInVariant) {
            self.ser.close(b'}', false);
        }
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b']')
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b']')
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b']')
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b']')
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        if self.sorted() {
            self.sorted_key(key.serialize(KeySerializer)?);
            return Ok(());
        }
        self.item();
        key.serialize(MapKeySerializer { ser: &mut *self.ser })
    }
    #[inline]
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        if self.sorted() {
            return self.ser.sorted_value(value);
        }
        self.ser.colon();
        value.serialize(&mut *self.ser)
    }
    /// Key and value at once: one test of the state for both.
    #[inline]
    fn serialize_entry<K: ?Sized + Serialize, V: ?Sized + Serialize>(
        &mut self,
        key: &K,
        value: &V,
    ) -> Result<(), Error> {
        if self.sorted() {
            self.sorted_key(key.serialize(KeySerializer)?);
            return self.ser.sorted_value(value);
        }
        self.item();
        key.serialize(MapKeySerializer { ser: &mut *self.ser })?;
        self.ser.colon();
        value.serialize(&mut *self.ser)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b'}')
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b'}')
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    #[inline]
    fn end(self) -> Result<(), Error> {
        Compound::end(self, b'}')
    }
}

/// Object keys: strings, and (as serde_json writes them) numbers, booleans and chars
/// in quotes; anything else is an error.
struct MapKeySerializer<'a, 'o> {
    ser: &'a mut Serializer<'o>,
}

/// A map key that is not a string, number, boolean or char.
#[cold]
pub(crate) fn key_must_be_a_string() -> Error {
    Error::unplaced(Category::Data, "key must be a string")
}

/// A float map key that is NaN or infinite.
#[cold]
pub(crate) fn float_key_must_be_finite() -> Error {
    Error::unplaced(Category::Data, "float key must be finite (got NaN or +/-inf)")
}

impl MapKeySerializer<'_, '_> {
    /// Writes a key that `write` produces unquoted, in quotes.
    #[inline]
    fn quoted(self, write: impl FnOnce(&mut Serializer<'_>)) -> Result<(), Error> {
        self.ser.enc.out.push(b'"');
        write(self.ser);
        self.ser.enc.out.push(b'"');
        Ok(())
    }
}

impl ser::Serializer for MapKeySerializer<'_, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.ser.string(v);
        Ok(())
    }
    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(|s| s.enc.out.extend_from_slice(if v { b"true" } else { b"false" }))
    }
    #[inline]
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.quoted(|s| s.int(v))
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|s| s.enc.out.extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes()))
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|s| s.enc.out.extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes()))
    }
    #[inline]
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    #[inline]
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    #[inline]
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    #[inline]
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_tuple(self, _len: usize) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Impossible<(), Error>, Error> {
        Err(key_must_be_a_string())
    }
    #[inline]
    fn collect_str<T: ?Sized + fmt::Display>(self, value: &T) -> Result<(), Error> {
        self.ser.string(&value.to_string());
        Ok(())
    }
}
