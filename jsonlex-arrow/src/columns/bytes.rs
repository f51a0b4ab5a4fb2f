//! Variable-width values: strings (offsets or views), dictionary-encoded strings, and
//! binary from hex strings.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::types::Int32Type;
use arrow_array::{
    ArrayRef, DictionaryArray, FixedSizeBinaryArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait,
    PrimitiveArray, StringViewArray,
};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType};
use json_runtime::{JsonToken, Token};

use super::{Column, Options};
use crate::cursor::{Cursor, Res};

/// A string column's value of token `t`: its bytes, `None` for null; with
/// `coerce_primitive`, numbers as written and booleans as `true`/`false`.
#[inline]
fn text<'c>(
    cur: &'c mut Cursor<'_>,
    t: Token<JsonToken>,
    coerce: bool,
    path: &str,
    wanted: fn() -> DataType,
) -> Res<Option<&'c [u8]>> {
    match t.kind {
        JsonToken::String | JsonToken::EscapedString => cur.str_bytes(t).map(Some),
        JsonToken::Null => Ok(None),
        JsonToken::Integer | JsonToken::Float if coerce => Ok(Some(&cur.input()[t.start..t.end])),
        JsonToken::True if coerce => Ok(Some(b"true")),
        JsonToken::False if coerce => Ok(Some(b"false")),
        _ => Err(cur.wrong_type(t, path, &wanted())),
    }
}

/// Utf8 and LargeUtf8: offsets and one data buffer.
pub(crate) struct StringColumn<O: OffsetSizeTrait> {
    offsets: Vec<O>,
    data: Vec<u8>,
    nulls: NullBufferBuilder,
    path: String,
    coerce: bool,
}

impl<O: OffsetSizeTrait> StringColumn<O> {
    pub(crate) fn new(path: String, opts: Options) -> Self {
        StringColumn {
            offsets: vec![O::usize_as(0)],
            data: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            path,
            coerce: opts.coerce_primitive,
        }
    }

    /// Appends `bytes` as a value (the key column of a map uses this for keys).
    #[inline]
    fn push(&mut self, cur: &Cursor<'_>, t: Token<JsonToken>, bytes: &[u8]) -> Res<()> {
        self.data.extend_from_slice(bytes);
        match O::from_usize(self.data.len()) {
            Some(end) => self.offsets.push(end),
            None => {
                return Err(
                    cur.bad(t.start, format!("field '{}': more string data than {} holds", self.path, O::PREFIX))
                )
            }
        }
        self.nulls.append_non_null();
        Ok(())
    }
}

impl<O: OffsetSizeTrait> Column for StringColumn<O> {
    #[inline]
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        match text(cur, t, self.coerce, &self.path, || GenericStringArray::<O>::DATA_TYPE)? {
            Some(bytes) => {
                self.data.extend_from_slice(bytes);
                match O::from_usize(self.data.len()) {
                    Some(end) => self.offsets.push(end),
                    None => {
                        return Err(cur.bad(
                            t.start,
                            format!(
                                "field '{}': more string data than {} holds",
                                self.path,
                                GenericStringArray::<O>::DATA_TYPE
                            ),
                        ))
                    }
                }
                self.nulls.append_non_null();
            }
            None => self.push_null(),
        }
        Ok(())
    }
    fn push_null(&mut self) {
        let end = self.offsets[self.offsets.len() - 1];
        self.offsets.push(end);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.offsets.len() - 1
    }
    fn truncate(&mut self, len: usize) {
        self.offsets.truncate(len + 1);
        self.data.truncate(self.offsets[len].as_usize());
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let mut next = Vec::with_capacity(self.offsets.len());
        next.push(O::usize_as(0));
        let offsets = std::mem::replace(&mut self.offsets, next);
        let data = {
            let n = self.data.len();
            std::mem::replace(&mut self.data, Vec::with_capacity(n))
        };
        let (offsets, data, nulls) =
            (OffsetBuffer::new(ScalarBuffer::from(offsets)), Buffer::from_vec(data), self.nulls.finish());
        // Tests (debug builds) check what the unchecked constructor takes on trust.
        debug_assert!(GenericStringArray::<O>::try_new(offsets.clone(), data.clone(), nulls.clone()).is_ok());
        // SAFETY: each value appended is a string token's body (the lexer generated
        // from grammar/json.lex accepts only strictly well-formed UTF-8 there), its
        // unescaping (`unescape` writes `char`s), or ASCII (a number's text, `true`,
        // `false`); the offsets start at 0, grow with `data` (pushed after each value,
        // cut back with it in `truncate`) and so end at its length; there is one null
        // bit per offset after the first. `try_new` would check the same again, UTF-8
        // included: 11% of the instructions of reading twitter statuses (callgrind).
        let array = unsafe { GenericStringArray::<O>::new_unchecked(offsets, data, nulls) };
        Ok(Arc::new(array))
    }
}

/// Utf8View: a view per value (the bytes inline up to 12, else a prefix and a place in
/// the one data buffer).
pub(crate) struct ViewColumn {
    views: Vec<u128>,
    data: Vec<u8>,
    nulls: NullBufferBuilder,
    path: String,
    coerce: bool,
}

impl ViewColumn {
    pub(crate) fn new(path: String, opts: Options) -> Self {
        ViewColumn {
            views: Vec::new(),
            data: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            path,
            coerce: opts.coerce_primitive,
        }
    }
}

impl Column for ViewColumn {
    #[inline]
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        let Some(bytes) = text(cur, t, self.coerce, &self.path, || DataType::Utf8View)? else {
            self.push_null();
            return Ok(());
        };
        let mut view = [0u8; 16];
        let len = bytes.len();
        let (Ok(len32), Ok(offset)) = (u32::try_from(len), u32::try_from(self.data.len())) else {
            return Err(cur.bad(t.start, format!("field '{}': more string data than Utf8View holds", self.path)));
        };
        view[..4].copy_from_slice(&len32.to_le_bytes());
        if len <= 12 {
            view[4..4 + len].copy_from_slice(bytes);
        } else {
            view[4..8].copy_from_slice(&bytes[..4]);
            // Buffer 0, at `offset`.
            view[12..].copy_from_slice(&offset.to_le_bytes());
            self.data.extend_from_slice(bytes);
        }
        self.views.push(u128::from_le_bytes(view));
        self.nulls.append_non_null();
        Ok(())
    }
    fn push_null(&mut self) {
        self.views.push(0);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.views.len()
    }
    fn truncate(&mut self, len: usize) {
        // Bytes of dropped long strings stay in `data`, unreferenced.
        self.views.truncate(len);
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let views = ScalarBuffer::from({
            let n = self.views.len();
            std::mem::replace(&mut self.views, Vec::with_capacity(n))
        });
        let data = {
            let n = self.data.len();
            std::mem::replace(&mut self.data, Vec::with_capacity(n))
        };
        let buffers = if data.is_empty() { vec![] } else { vec![Buffer::from_vec(data)] };
        let nulls = self.nulls.finish();
        debug_assert!(StringViewArray::try_new(views.clone(), buffers.clone(), nulls.clone()).is_ok());
        // SAFETY: the bytes are UTF-8 as a `StringColumn`'s are (see there); each view
        // holds its value's length and, up to 12 bytes, the value itself, else its
        // first 4 bytes, buffer 0 and its offset in `data`, which holds it whole;
        // one null bit per view.
        Ok(Arc::new(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) }))
    }
}

/// Dictionary(Int32, Utf8): each distinct string once, a key per row.
pub(crate) struct DictionaryColumn {
    keys: Vec<i32>,
    nulls: NullBufferBuilder,
    index: HashMap<Box<[u8]>, i32>,
    values: StringColumn<i32>,
    path: String,
    coerce: bool,
}

impl DictionaryColumn {
    pub(crate) fn new(path: String, opts: Options) -> Self {
        DictionaryColumn {
            keys: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            index: HashMap::new(),
            values: StringColumn::new(path.clone(), opts),
            path,
            coerce: opts.coerce_primitive,
        }
    }
}

impl Column for DictionaryColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        let dt = || DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8));
        let Some(bytes) = text(cur, t, self.coerce, &self.path, dt)? else {
            self.push_null();
            return Ok(());
        };
        let key = match self.index.get(bytes) {
            Some(&k) => k,
            None => {
                let Ok(k) = i32::try_from(self.values.len()) else {
                    return Err(
                        cur.bad(t.start, format!("field '{}': more distinct values than Int32 keys", self.path))
                    );
                };
                let owned: Box<[u8]> = bytes.into();
                self.values.push(cur, t, &owned)?;
                self.index.insert(owned, k);
                k
            }
        };
        self.keys.push(key);
        self.nulls.append_non_null();
        Ok(())
    }
    fn push_null(&mut self) {
        self.keys.push(0);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.keys.len()
    }
    fn truncate(&mut self, len: usize) {
        // Values only the dropped rows used stay in the dictionary.
        self.keys.truncate(len);
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let keys = PrimitiveArray::<Int32Type>::try_new(std::mem::take(&mut self.keys).into(), self.nulls.finish())?;
        let values = self.values.finish()?;
        self.index.clear();
        Ok(Arc::new(DictionaryArray::<Int32Type>::try_new(keys, values)?))
    }
}

/// Hex digits into bytes as arrow-json decodes them (an odd last digit is a byte of its
/// own); `Err(i)`: the bad digit's index.
fn unhex(s: &[u8], out: &mut Vec<u8>) -> Result<(), usize> {
    fn digit(b: u8, i: usize) -> Result<u8, usize> {
        (b as char).to_digit(16).map(|d| d as u8).ok_or(i)
    }
    let mut pairs = s.chunks_exact(2);
    for (i, p) in (&mut pairs).enumerate() {
        out.push(digit(p[0], 2 * i)? << 4 | digit(p[1], 2 * i + 1)?);
    }
    if let [last] = pairs.remainder() {
        out.push(digit(*last, s.len() - 1)?);
    }
    Ok(())
}

/// The bytes of a hex string token, or `None` for null. Its errors are never type
/// conflicts: arrow-json's binary decoders do not take `ignore_type_conflicts`.
fn hex_value(cur: &mut Cursor<'_>, t: Token<JsonToken>, path: &str, dt: &DataType, out: &mut Vec<u8>) -> Res<bool> {
    match t.kind {
        JsonToken::String | JsonToken::EscapedString => {
            let s = cur.str_bytes(t)?;
            if let Err(i) = unhex(s, out) {
                let why = format!("invalid hex digit at position {i}");
                return Err(cur.unparsable(t, path, dt, &why).fatal());
            }
            Ok(true)
        }
        JsonToken::Null => Ok(false),
        _ => Err(cur.wrong_type(t, path, dt).fatal()),
    }
}

/// Binary, LargeBinary and BinaryView from hex strings.
pub(crate) struct HexColumn<O: OffsetSizeTrait> {
    offsets: Vec<O>,
    data: Vec<u8>,
    nulls: NullBufferBuilder,
    path: String,
    /// BinaryView: the values gathered as Binary, viewed when finished.
    view: bool,
}

impl<O: OffsetSizeTrait> HexColumn<O> {
    pub(crate) fn new(path: String) -> Self {
        HexColumn {
            offsets: vec![O::usize_as(0)],
            data: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            path,
            view: false,
        }
    }
}

impl HexColumn<i32> {
    pub(crate) fn view(path: String) -> Self {
        HexColumn { view: true, ..HexColumn::new(path) }
    }
}

impl<O: OffsetSizeTrait> Column for HexColumn<O> {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        let dt = if self.view { DataType::BinaryView } else { GenericBinaryArray::<O>::DATA_TYPE };
        let start = self.data.len();
        match hex_value(cur, t, &self.path, &dt, &mut self.data) {
            Ok(true) => {}
            Ok(false) => {
                self.push_null();
                return Ok(());
            }
            Err(e) => {
                self.data.truncate(start);
                return Err(e);
            }
        }
        let Some(end) = O::from_usize(self.data.len()) else {
            return Err(cur.bad(t.start, format!("field '{}': more data than {dt} holds", self.path)));
        };
        self.offsets.push(end);
        self.nulls.append_non_null();
        Ok(())
    }
    fn push_null(&mut self) {
        let end = self.offsets[self.offsets.len() - 1];
        self.offsets.push(end);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.offsets.len() - 1
    }
    fn truncate(&mut self, len: usize) {
        self.offsets.truncate(len + 1);
        self.data.truncate(self.offsets[len].as_usize());
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let offsets = std::mem::replace(&mut self.offsets, vec![O::usize_as(0)]);
        let array = GenericBinaryArray::<O>::try_new(
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Buffer::from_vec(std::mem::take(&mut self.data)),
            self.nulls.finish(),
        )?;
        if self.view {
            return Ok(Arc::new(arrow_array::BinaryViewArray::from_iter(array.iter())));
        }
        Ok(Arc::new(array))
    }
}

/// FixedSizeBinary(n) from hex strings of n bytes.
pub(crate) struct FixedHexColumn {
    width: usize,
    data: Vec<u8>,
    nulls: NullBufferBuilder,
    scratch: Vec<u8>,
    path: String,
}

impl FixedHexColumn {
    pub(crate) fn new(path: String, width: i32) -> Result<Self, ArrowError> {
        let width = usize::try_from(width)
            .map_err(|_| ArrowError::InvalidArgumentError(format!("FixedSizeBinary({width}) for field '{path}'")))?;
        Ok(FixedHexColumn { width, data: Vec::new(), nulls: NullBufferBuilder::new(0), scratch: Vec::new(), path })
    }
}

impl Column for FixedHexColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        let dt = DataType::FixedSizeBinary(self.width as i32);
        self.scratch.clear();
        if !hex_value(cur, t, &self.path, &dt, &mut self.scratch)? {
            self.push_null();
            return Ok(());
        }
        if self.scratch.len() != self.width {
            let why = format!("{} bytes, not {}", self.scratch.len(), self.width);
            return Err(cur.unparsable(t, &self.path, &dt, &why).fatal());
        }
        self.data.extend_from_slice(&self.scratch);
        self.nulls.append_non_null();
        Ok(())
    }
    fn push_null(&mut self) {
        self.data.resize(self.data.len() + self.width, 0);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.nulls.len()
    }
    fn truncate(&mut self, len: usize) {
        self.data.truncate(len * self.width);
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let data = Buffer::from_vec(std::mem::take(&mut self.data));
        Ok(Arc::new(FixedSizeBinaryArray::try_new(self.width as i32, data, self.nulls.finish())?))
    }
}
