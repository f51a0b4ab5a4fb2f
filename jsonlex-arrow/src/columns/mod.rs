//! Column decoders: one per Arrow type family, each appending the values of one field
//! to its own buffers as the cursor reads them (no tape, no intermediate values).
//!
//! | file | types |
//! |---|---|
//! | `primitive.rs` | integers, floats, dates, times, durations, timestamps, decimals |
//! | `simple.rs` | Boolean, Null |
//! | `bytes.rs` | Utf8, LargeUtf8, Utf8View, Dictionary(_, Utf8), Binary/LargeBinary/BinaryView/FixedSizeBinary from hex |
//! | `nested.rs` | Struct (and the record itself), List, LargeList, ListView, LargeListView, FixedSizeList, Map, RunEndEncoded |
//!
//! Every column can be cut back to a row count ([`Column::truncate`]): a record that
//! fails, or that the input ends inside, leaves no trace, and a repeated key replaces
//! its earlier value (as in arrow-json, the last one wins).

mod bytes;
mod nested;
mod primitive;
mod simple;

use arrow_array::types::*;
use arrow_array::ArrayRef;
use arrow_schema::{ArrowError, DataType, TimeUnit};
use json_runtime::{JsonToken, Token};

use crate::cursor::{Cursor, Res};
pub(crate) use nested::StructColumn;

/// The reader's options that change how values are decoded.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Options {
    pub(crate) coerce_primitive: bool,
    pub(crate) strict_mode: bool,
    /// A value that does not fit its column is a null (arrow-json's option).
    pub(crate) ignore_type_conflicts: bool,
    /// Structs are JSON arrays of their fields' values in order (`StructMode::ListOnly`).
    pub(crate) structs_as_lists: bool,
}

/// `col.decode(cur, v)`; with `ignore` (`ignore_type_conflicts`) a well-formed value that
/// does not fit is a null instead of an error, as in arrow-json.
#[inline(always)]
pub(crate) fn decode_value(col: &mut dyn Column, cur: &mut Cursor<'_>, v: Token<JsonToken>, ignore: bool) -> Res<()> {
    if !ignore {
        return col.decode(cur, v);
    }
    let len = col.len();
    if let Err(e) = col.decode(cur, v) {
        cur.conflict_skipped(v.start, e)?;
        col.truncate(len);
        col.push_null();
    }
    Ok(())
}

pub(crate) trait Column: Send {
    /// Decodes the value whose first token is `t` (the cursor is past it).
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()>;
    /// A missing field's null (a `null` in the input goes through `decode`).
    fn push_null(&mut self);
    /// Rows so far.
    fn len(&self) -> usize;
    /// Drops the rows from `len` on.
    fn truncate(&mut self, len: usize);
    /// The array of the rows so far; the column starts again empty.
    fn finish(&mut self) -> Result<ArrayRef, ArrowError>;
}

/// The decoder of a column of `data_type`, at `path` (for errors).
pub(crate) fn make(
    data_type: &DataType,
    nullable: bool,
    path: String,
    opts: Options,
) -> Result<Box<dyn Column>, ArrowError> {
    use primitive::{Decimal, Numeric, Primitive, Timestamp};
    macro_rules! numeric {
        ($t:ty) => {
            Box::new(Primitive::<$t, _>::new(data_type.clone(), path, Numeric))
        };
    }
    macro_rules! timestamp {
        ($t:ty, $tz:expr) => {
            Box::new(Primitive::<$t, _>::new(data_type.clone(), path, Timestamp::new($tz)?))
        };
    }
    macro_rules! decimal {
        ($t:ty, $p:expr, $s:expr) => {
            Box::new(Primitive::<$t, _>::new(data_type.clone(), path, Decimal { precision: *$p, scale: *$s }))
        };
    }
    let tz = |tz: &Option<std::sync::Arc<str>>| tz.as_deref().map(str::to_owned);
    Ok(match data_type {
        DataType::Int8 => numeric!(Int8Type),
        DataType::Int16 => numeric!(Int16Type),
        DataType::Int32 => numeric!(Int32Type),
        DataType::Int64 => numeric!(Int64Type),
        DataType::UInt8 => numeric!(UInt8Type),
        DataType::UInt16 => numeric!(UInt16Type),
        DataType::UInt32 => numeric!(UInt32Type),
        DataType::UInt64 => numeric!(UInt64Type),
        DataType::Float16 => numeric!(Float16Type),
        DataType::Float32 => numeric!(Float32Type),
        DataType::Float64 => numeric!(Float64Type),
        DataType::Date32 => numeric!(Date32Type),
        DataType::Date64 => numeric!(Date64Type),
        DataType::Time32(TimeUnit::Second) => numeric!(Time32SecondType),
        DataType::Time32(TimeUnit::Millisecond) => numeric!(Time32MillisecondType),
        DataType::Time64(TimeUnit::Microsecond) => numeric!(Time64MicrosecondType),
        DataType::Time64(TimeUnit::Nanosecond) => numeric!(Time64NanosecondType),
        DataType::Duration(TimeUnit::Second) => numeric!(DurationSecondType),
        DataType::Duration(TimeUnit::Millisecond) => numeric!(DurationMillisecondType),
        DataType::Duration(TimeUnit::Microsecond) => numeric!(DurationMicrosecondType),
        DataType::Duration(TimeUnit::Nanosecond) => numeric!(DurationNanosecondType),
        DataType::Timestamp(TimeUnit::Second, z) => timestamp!(TimestampSecondType, tz(z)),
        DataType::Timestamp(TimeUnit::Millisecond, z) => timestamp!(TimestampMillisecondType, tz(z)),
        DataType::Timestamp(TimeUnit::Microsecond, z) => timestamp!(TimestampMicrosecondType, tz(z)),
        DataType::Timestamp(TimeUnit::Nanosecond, z) => timestamp!(TimestampNanosecondType, tz(z)),
        DataType::Decimal32(p, s) => decimal!(Decimal32Type, p, s),
        DataType::Decimal64(p, s) => decimal!(Decimal64Type, p, s),
        DataType::Decimal128(p, s) => decimal!(Decimal128Type, p, s),
        DataType::Decimal256(p, s) => decimal!(Decimal256Type, p, s),
        DataType::Boolean => Box::new(simple::BooleanColumn::new(path)),
        DataType::Null => Box::new(simple::NullColumn::new(path)),
        DataType::Utf8 => Box::new(bytes::StringColumn::<i32>::new(path, opts)),
        DataType::LargeUtf8 => Box::new(bytes::StringColumn::<i64>::new(path, opts)),
        DataType::Utf8View => Box::new(bytes::ViewColumn::new(path, opts)),
        DataType::Binary => Box::new(bytes::HexColumn::<i32>::new(path)),
        DataType::LargeBinary => Box::new(bytes::HexColumn::<i64>::new(path)),
        DataType::BinaryView => Box::new(bytes::HexColumn::<i32>::view(path)),
        DataType::FixedSizeBinary(n) => Box::new(bytes::FixedHexColumn::new(path, *n)?),
        DataType::Dictionary(k, v) if **k == DataType::Int32 && **v == DataType::Utf8 => {
            Box::new(bytes::DictionaryColumn::new(path, opts))
        }
        DataType::Struct(fields) => Box::new(StructColumn::new(fields.clone(), nullable, path, opts, Vec::new())?),
        DataType::List(f) => Box::new(nested::ListColumn::<i32>::new(f.clone(), nullable, path, opts)?),
        DataType::LargeList(f) => Box::new(nested::ListColumn::<i64>::new(f.clone(), nullable, path, opts)?),
        DataType::ListView(f) => Box::new(nested::ListColumn::<i32>::view(f.clone(), nullable, path, opts)?),
        DataType::LargeListView(f) => Box::new(nested::ListColumn::<i64>::view(f.clone(), nullable, path, opts)?),
        DataType::FixedSizeList(f, n) => Box::new(nested::FixedListColumn::new(f.clone(), *n, nullable, path, opts)?),
        DataType::RunEndEncoded(ends, _)
            if matches!(ends.data_type(), DataType::Int16 | DataType::Int32 | DataType::Int64) =>
        {
            Box::new(nested::RunEndColumn::new(data_type, nullable, path, opts)?)
        }
        DataType::Map(f, ordered) => Box::new(nested::MapColumn::new(f.clone(), *ordered, nullable, path, opts)?),
        other => {
            return Err(ArrowError::NotYetImplemented(format!("jsonlex-arrow cannot read {other} (field '{path}')")))
        }
    })
}

/// A child's path: `parent.name` (the name alone at the top).
pub(crate) fn child_path(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_owned()
    } else {
        format!("{parent}.{name}")
    }
}

/// The text of number token `t` (ASCII: the lexer matched a JSON number).
#[inline]
pub(crate) fn number_text<'c>(cur: &Cursor<'c>, t: Token<JsonToken>) -> &'c str {
    std::str::from_utf8(&cur.input()[t.start..t.end]).unwrap_or_default()
}
