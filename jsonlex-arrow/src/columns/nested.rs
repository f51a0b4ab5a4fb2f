//! Nested values: Struct (the record itself is one), List, LargeList, FixedSizeList,
//! Map. Each decodes its children as the cursor reaches them.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, FixedSizeListArray, GenericListArray, MapArray, OffsetSizeTrait, StructArray};
use arrow_buffer::{NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, FieldRef, Fields};
use json_runtime::{JsonToken, Token};

use super::{child_path, make, Column, Options};
use crate::cursor::{same_key, Cursor, Res};

/// From this many fields on, keys are found through a hash map (below, by comparing
/// names), when the member's place does not already tell (see `slots`).
const INDEX_FROM: usize = 16;

/// Members of an object remembered by their place (records repeat one key order).
const SLOTS: usize = 256;

/// The member last seen at one place of the objects.
struct Slot {
    key: Box<[u8]>,
    field: Option<usize>,
    /// The key was a string token without escapes: its text is `"key"`.
    plain: bool,
}

pub(crate) struct StructColumn {
    fields: Fields,
    children: Vec<Box<dyn Column>>,
    names: Vec<Box<[u8]>>,
    index: Option<HashMap<Box<[u8]>, usize>>,
    /// The key of the member at each place of the objects so far and its field (`None`:
    /// not a column): a key equal to the one at its place last time needs no search.
    slots: Vec<Slot>,
    /// For each child, 1 + the row it last got a value in (0: none in this batch).
    set: Vec<usize>,
    nulls: NullBufferBuilder,
    nullable: bool,
    len: usize,
    path: String,
    strict: bool,
    /// `ignore_type_conflicts`: a member's value that does not fit is a null.
    ignore: bool,
    /// The root of `ReaderBuilder::new_with_field`: each record is a value of the one
    /// field, not an object.
    field_mode: bool,
    /// `StructMode::ListOnly`: the struct is a JSON array of its fields' values.
    as_list: bool,
    /// Keys that are not columns but are no error in strict mode (projected out).
    known: Vec<Box<[u8]>>,
}

impl StructColumn {
    pub(crate) fn new(
        fields: Fields,
        nullable: bool,
        path: String,
        opts: Options,
        known: Vec<Box<[u8]>>,
    ) -> Result<StructColumn, ArrowError> {
        let children = fields
            .iter()
            .map(|f| make(f.data_type(), f.is_nullable() || nullable, child_path(&path, f.name()), opts))
            .collect::<Result<Vec<_>, _>>()?;
        let names: Vec<Box<[u8]>> = fields.iter().map(|f| f.name().as_bytes().into()).collect();
        let index = (names.len() >= INDEX_FROM).then(|| {
            let mut map = HashMap::with_capacity(names.len());
            for (i, n) in names.iter().enumerate() {
                // A repeated name: the first field has it, as in arrow-json.
                map.entry(n.clone()).or_insert(i);
            }
            map
        });
        Ok(StructColumn {
            set: vec![0; fields.len()],
            fields,
            children,
            names,
            index,
            slots: Vec::new(),
            nulls: NullBufferBuilder::new(0),
            nullable,
            len: 0,
            path,
            strict: opts.strict_mode,
            ignore: opts.ignore_type_conflicts,
            field_mode: false,
            as_list: opts.structs_as_lists,
            known,
        })
    }

    /// The root for records that are values of its one field (any JSON value, not an
    /// object: arrow-json's `new_with_field`).
    pub(crate) fn field_mode(self) -> StructColumn {
        StructColumn { field_mode: true, ..self }
    }

    /// Whether a record may start with `[` (a value of the one field, or a struct as a
    /// list): then a top-level array is not the array form of records.
    pub(crate) fn takes_arrays(&self) -> bool {
        self.field_mode || self.as_list
    }

    /// `StructMode::ListOnly`: the fields' values in order, as many as there are
    /// fields (arrow-json's rule and its error text).
    fn decode_list(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        match t.kind {
            JsonToken::ArrayStart => {}
            JsonToken::Null if self.nullable => {
                self.push_null();
                return Ok(());
            }
            _ if self.path.is_empty() => {
                let message = format!(
                    "record {}: expected an array (struct mode ListOnly), found {}",
                    cur.record,
                    cur.describe(t)
                );
                return Err(cur.bad(t.start, message));
            }
            _ => return Err(cur.wrong_type(t, &self.path, &"an array (struct mode ListOnly)")),
        }
        let fields = self.children.len();
        let mut n = 0;
        if let Some(mut v) = cur.first_element()? {
            loop {
                if n == fields {
                    let message = format!("record {}: found extra columns for {fields} fields", cur.record);
                    return Err(cur.bad(v.start, message));
                }
                super::decode_value(&mut *self.children[n], cur, v, self.ignore)?;
                n += 1;
                if !cur.element_end()? {
                    break;
                }
                v = cur.value()?;
            }
        }
        if n != fields {
            return Err(cur.bad(t.start, format!("record {}: found {n} columns for {fields} fields", cur.record)));
        }
        self.nulls.append_non_null();
        self.len += 1;
        Ok(())
    }

    /// The key token at place `at` of an object (the cursor is past `{`, or `,` when
    /// not `first`) and its field; `None`: the object ended (`{}`).
    ///
    /// Records repeat one key order, so the key is first looked for as the text
    /// `"key"` of the key last seen at this place: bytes equal to a string token the
    /// lexer accepted are that token again, so they need no lexing and no lookup.
    #[inline]
    fn next_member(
        &mut self,
        cur: &mut Cursor<'_>,
        at: usize,
        first: bool,
    ) -> Res<Option<(Token<JsonToken>, Option<usize>)>> {
        if let Some(slot) = self.slots.get(at) {
            if slot.plain {
                if let Some(k) = cur.quoted_key(&slot.key) {
                    return Ok(Some((k, slot.field)));
                }
            }
        }
        let k = if first {
            match cur.first_key()? {
                Some(k) => k,
                None => return Ok(None),
            }
        } else {
            cur.next_key()?
        };
        let key = cur.key(k)?;
        Ok(Some((k, self.find(&key, at, k.kind == JsonToken::String))))
    }

    /// The field of the member with `key` at place `at` of its object (`plain`: its
    /// token has no escapes).
    #[inline]
    fn find(&mut self, key: &[u8], at: usize, plain: bool) -> Option<usize> {
        if let Some(slot) = self.slots.get(at) {
            if same_key(&slot.key, key) {
                return slot.field;
            }
        }
        self.find_slow(key, at, plain)
    }

    #[cold]
    fn find_slow(&mut self, key: &[u8], at: usize, plain: bool) -> Option<usize> {
        let field = match &self.index {
            Some(map) => map.get(key).copied(),
            None => self.names.iter().position(|n| **n == *key),
        };
        let slot = Slot { key: key.into(), field, plain };
        if at < self.slots.len() {
            self.slots[at] = slot;
        } else if at == self.slots.len() && at < SLOTS {
            self.slots.push(slot);
        }
        field
    }

    /// Child `i` could not take the value at offset `at` in row `row`: no
    /// error if the key comes again later in the object (arrow-json reads a repeated
    /// key's last value alone, so an earlier one that does not fit is never read) and
    /// the value is well-formed: then it is stepped over and the child left as it was
    /// before the row. Else the error `e`.
    #[cold]
    #[inline(never)]
    fn overridden(&mut self, cur: &mut Cursor<'_>, at: usize, e: crate::cursor::Fail, i: usize, row: usize) -> Res<()> {
        // The member's key is the field's name (that is how it was found).
        let key = self.names[i].clone();
        match cur.overridden(at, &key, e) {
            Ok(()) => self.children[i].truncate(row),
            Err(e) if self.ignore => {
                cur.conflict_skipped(at, e)?;
                self.children[i].truncate(row);
                self.children[i].push_null();
            }
            Err(e) => return Err(e),
        }
        Ok(())
    }

    /// The arrays of the rows so far, one per field, and the row count (the record
    /// batch's columns); the column starts again empty.
    pub(crate) fn finish_columns(&mut self) -> Result<(Vec<ArrayRef>, usize), ArrowError> {
        let len = std::mem::take(&mut self.len);
        self.set.iter_mut().for_each(|s| *s = 0);
        let arrays = self.children.iter_mut().map(|c| c.finish()).collect::<Result<Vec<_>, _>>()?;
        Ok((arrays, len))
    }

    /// Checks that a non-nullable field has no nulls where its parent (`nulls`) has none.
    pub(crate) fn check_nullability(&self, arrays: &[ArrayRef], nulls: Option<&NullBuffer>) -> Result<(), ArrowError> {
        for (a, f) in arrays.iter().zip(self.fields.iter()) {
            if f.is_nullable() || a.null_count() == 0 || *f.data_type() == DataType::Null {
                continue;
            }
            let masked = match (nulls, a.nulls()) {
                (Some(parent), Some(child)) => parent.contains(child),
                _ => false,
            };
            if !masked {
                return Err(ArrowError::JsonError(format!(
                    "field '{}' is not nullable, but some record has it null or lacks it",
                    child_path(&self.path, f.name())
                )));
            }
        }
        Ok(())
    }
}

impl Column for StructColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if self.field_mode {
            super::decode_value(&mut *self.children[0], cur, t, self.ignore)?;
            self.nulls.append_non_null();
            self.len += 1;
            return Ok(());
        }
        if self.as_list {
            return self.decode_list(cur, t);
        }
        match t.kind {
            JsonToken::ObjectStart if self.children.is_empty() && !self.strict => {
                // No column to fill (`SELECT count(*)`): the object in one validating
                // skip, without looking up each key.
                cur.skip_record(t)?;
                self.nulls.append_non_null();
                self.len += 1;
                return Ok(());
            }
            JsonToken::ObjectStart => {}
            JsonToken::Null if self.nullable => {
                self.push_null();
                return Ok(());
            }
            _ if self.path.is_empty() => {
                let message = format!("record {}: expected an object, found {}", cur.record, cur.describe(t));
                return Err(cur.bad(t.start, message));
            }
            _ => return Err(cur.wrong_type(t, &self.path, &"an object")),
        }
        let row = self.len;
        let mark = row + 1;
        let mut at = 0;
        while let Some((k, found)) = self.next_member(cur, at, at == 0)? {
            let v = cur.colon_value()?;
            at += 1;
            match found {
                Some(i) => {
                    if self.set[i] == mark {
                        // A repeated key: its last value wins.
                        self.children[i].truncate(row);
                    }
                    self.set[i] = mark;
                    let at = v.start;
                    if let Err(e) = self.children[i].decode(cur, v) {
                        self.overridden(cur, at, e, i, row)?;
                    }
                }
                None => {
                    let key = if self.strict { Some(cur.key(k)?) } else { None };
                    if let Some(key) = key.filter(|key| !self.known.iter().any(|n| **n == **key)) {
                        let name = child_path(&self.path, &String::from_utf8_lossy(&key));
                        let message =
                            format!("record {}: field '{name}' is not in the schema (strict mode)", cur.record);
                        return Err(cur.bad(k.start, message));
                    }
                    cur.skip(v)?;
                }
            }
            if !cur.member_end()? {
                break;
            }
        }
        for (c, s) in self.children.iter_mut().zip(&self.set) {
            if *s != mark {
                c.push_null();
            }
        }
        self.nulls.append_non_null();
        self.len += 1;
        Ok(())
    }

    fn push_null(&mut self) {
        for c in &mut self.children {
            c.push_null();
        }
        self.nulls.append_null();
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn truncate(&mut self, len: usize) {
        let len = len.min(self.len);
        // Children too when `len` is our length: a failed row may have reached them.
        for c in &mut self.children {
            c.truncate(len);
        }
        for s in &mut self.set {
            if *s > len {
                *s = 0;
            }
        }
        self.nulls.truncate(len);
        self.len = self.len.min(len);
    }

    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let (arrays, len) = self.finish_columns()?;
        let nulls = self.nulls.finish();
        self.check_nullability(&arrays, nulls.as_ref())?;
        Ok(Arc::new(StructArray::try_new_with_length(self.fields.clone(), arrays, nulls, len)?))
    }
}

/// The null of a list or map: allowed if the field is nullable.
#[inline]
fn null_or_wrong(cur: &Cursor<'_>, t: Token<JsonToken>, nullable: bool, path: &str, want: &str) -> Res<()> {
    if t.kind == JsonToken::Null && nullable {
        Ok(())
    } else {
        Err(cur.wrong_type(t, path, &want))
    }
}

pub(crate) struct ListColumn<O: OffsetSizeTrait> {
    offsets: Vec<O>,
    nulls: NullBufferBuilder,
    child: Box<dyn Column>,
    field: FieldRef,
    nullable: bool,
    path: String,
    /// ListView or LargeListView: gathered as a list, viewed when finished.
    view: bool,
    /// `ignore_type_conflicts`: an element that does not fit is a null.
    ignore: bool,
}

impl<O: OffsetSizeTrait> ListColumn<O> {
    pub(crate) fn new(field: FieldRef, nullable: bool, path: String, opts: Options) -> Result<Self, ArrowError> {
        let child = make(field.data_type(), field.is_nullable(), format!("{path}[]"), opts)?;
        let nulls = NullBufferBuilder::new(0);
        let ignore = opts.ignore_type_conflicts;
        Ok(ListColumn { offsets: vec![O::usize_as(0)], nulls, child, field, nullable, path, view: false, ignore })
    }

    /// The same, finished as a list view (`ListView`, `LargeListView`).
    pub(crate) fn view(field: FieldRef, nullable: bool, path: String, opts: Options) -> Result<Self, ArrowError> {
        Ok(ListColumn { view: true, ..ListColumn::new(field, nullable, path, opts)? })
    }
}

impl<O: OffsetSizeTrait> Column for ListColumn<O> {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if t.kind != JsonToken::ArrayStart {
            null_or_wrong(cur, t, self.nullable, &self.path, "an array")?;
            self.push_null();
            return Ok(());
        }
        if let Some(mut v) = cur.first_element()? {
            loop {
                super::decode_value(&mut *self.child, cur, v, self.ignore)?;
                if !cur.element_end()? {
                    break;
                }
                v = cur.value()?;
            }
        }
        let Some(end) = O::from_usize(self.child.len()) else {
            return Err(cur.bad(t.start, format!("field '{}': more elements than {}List holds", self.path, O::PREFIX)));
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
        let end = self.offsets[self.offsets.len() - 1];
        self.child.truncate(end.as_usize());
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let mut next = Vec::with_capacity(self.offsets.len());
        next.push(O::usize_as(0));
        let offsets = std::mem::replace(&mut self.offsets, next);
        let values = self.child.finish()?;
        let nulls = self.nulls.finish();
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        let list = GenericListArray::<O>::try_new(self.field.clone(), offsets, values, nulls)?;
        if self.view {
            return Ok(Arc::new(arrow_array::GenericListViewArray::<O>::from(list)));
        }
        Ok(Arc::new(list))
    }
}

pub(crate) struct FixedListColumn {
    size: usize,
    nulls: NullBufferBuilder,
    child: Box<dyn Column>,
    field: FieldRef,
    nullable: bool,
    path: String,
    /// `ignore_type_conflicts`: an element that does not fit is a null.
    ignore: bool,
}

impl FixedListColumn {
    pub(crate) fn new(
        field: FieldRef,
        size: i32,
        nullable: bool,
        path: String,
        opts: Options,
    ) -> Result<Self, ArrowError> {
        let child = make(field.data_type(), field.is_nullable(), format!("{path}[]"), opts)?;
        let size = usize::try_from(size)
            .map_err(|_| ArrowError::InvalidArgumentError(format!("FixedSizeList({size}) for field '{path}'")))?;
        let ignore = opts.ignore_type_conflicts;
        Ok(FixedListColumn { size, nulls: NullBufferBuilder::new(0), child, field, nullable, path, ignore })
    }
}

impl Column for FixedListColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if t.kind != JsonToken::ArrayStart {
            null_or_wrong(cur, t, self.nullable, &self.path, "an array")?;
            self.push_null();
            return Ok(());
        }
        let start = self.nulls.len() * self.size;
        if let Some(mut v) = cur.first_element()? {
            loop {
                super::decode_value(&mut *self.child, cur, v, self.ignore)?;
                if !cur.element_end()? {
                    break;
                }
                v = cur.value()?;
            }
        }
        let found = self.child.len() - start;
        if found != self.size {
            let message =
                format!("record {}: field '{}': expected {} elements, found {found}", cur.record, self.path, self.size);
            return Err(cur.bad(t.start, message));
        }
        self.nulls.append_non_null();
        Ok(())
    }
    fn push_null(&mut self) {
        for _ in 0..self.size {
            self.child.push_null();
        }
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.nulls.len()
    }
    fn truncate(&mut self, len: usize) {
        let len = len.min(self.nulls.len());
        self.nulls.truncate(len);
        self.child.truncate(len * self.size);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let values = self.child.finish()?;
        let nulls = self.nulls.finish();
        Ok(Arc::new(FixedSizeListArray::try_new(self.field.clone(), self.size as i32, values, nulls)?))
    }
}

pub(crate) struct MapColumn {
    offsets: Vec<i32>,
    nulls: NullBufferBuilder,
    keys: Box<dyn Column>,
    values: Box<dyn Column>,
    entries: FieldRef,
    kv: Fields,
    ordered: bool,
    nullable: bool,
    path: String,
    /// `ignore_type_conflicts`: a value that does not fit is a null.
    ignore: bool,
}

impl MapColumn {
    pub(crate) fn new(
        entries: FieldRef,
        ordered: bool,
        nullable: bool,
        path: String,
        opts: Options,
    ) -> Result<Self, ArrowError> {
        let DataType::Struct(kv) = entries.data_type() else {
            return Err(ArrowError::InvalidArgumentError(format!("map field '{path}' without a struct of entries")));
        };
        if kv.len() != 2 {
            return Err(ArrowError::InvalidArgumentError(format!(
                "map field '{path}': entries of {} fields",
                kv.len()
            )));
        }
        let keys = make(kv[0].data_type(), kv[0].is_nullable(), format!("{path}.{}", kv[0].name()), opts)?;
        let values = make(kv[1].data_type(), kv[1].is_nullable(), format!("{path}.{}", kv[1].name()), opts)?;
        Ok(MapColumn {
            offsets: vec![0],
            nulls: NullBufferBuilder::new(0),
            keys,
            values,
            kv: kv.clone(),
            entries,
            ordered,
            nullable,
            path,
            ignore: opts.ignore_type_conflicts,
        })
    }
}

impl Column for MapColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if t.kind != JsonToken::ObjectStart {
            null_or_wrong(cur, t, self.nullable, &self.path, "an object")?;
            self.push_null();
            return Ok(());
        }
        if let Some(mut k) = cur.first_key()? {
            loop {
                self.keys.decode(cur, k)?;
                let v = cur.colon_value()?;
                super::decode_value(&mut *self.values, cur, v, self.ignore)?;
                if !cur.member_end()? {
                    break;
                }
                k = cur.next_key()?;
            }
        }
        let Ok(end) = i32::try_from(self.keys.len()) else {
            return Err(cur.bad(t.start, format!("field '{}': more entries than a Map holds", self.path)));
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
        let end = self.offsets[self.offsets.len() - 1] as usize;
        self.keys.truncate(end);
        self.values.truncate(end);
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let offsets = std::mem::replace(&mut self.offsets, vec![0]);
        let (k, v) = (self.keys.finish()?, self.values.finish()?);
        let len = k.len();
        let entries = StructArray::try_new_with_length(self.kv.clone(), vec![k, v], None, len)?;
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        Ok(Arc::new(MapArray::try_new(self.entries.clone(), offsets, entries, self.nulls.finish(), self.ordered)?))
    }
}

/// RunEndEncoded: the values decoded as a column of the values' type, then each run of
/// equal neighbours (nulls equal to nulls) kept once, as arrow-json does.
pub(crate) struct RunEndColumn {
    child: Box<dyn Column>,
    data_type: DataType,
}

impl RunEndColumn {
    pub(crate) fn new(data_type: &DataType, nullable: bool, path: String, opts: Options) -> Result<Self, ArrowError> {
        let DataType::RunEndEncoded(_, values) = data_type else {
            return Err(ArrowError::InvalidArgumentError(format!("{data_type} is not RunEndEncoded")));
        };
        let child = make(values.data_type(), values.is_nullable() || nullable, path, opts)?;
        Ok(RunEndColumn { child, data_type: data_type.clone() })
    }
}

/// `flat` as runs: their ends (of type `R`) and each run's first value.
fn runs<R: arrow_array::types::RunEndIndexType>(flat: ArrayRef, data_type: &DataType) -> Result<ArrayRef, ArrowError> {
    let n = flat.len();
    let (mut starts, mut ends) = (vec![0u32], Vec::new());
    for i in 1..n {
        if flat.slice(i, 1).as_ref() != flat.slice(i - 1, 1).as_ref() {
            ends.push(i);
            starts.push(i as u32);
        }
    }
    ends.push(n);
    let ends = ends
        .into_iter()
        .map(|e| {
            <R::Native as arrow_buffer::ArrowNativeType>::from_usize(e)
                .ok_or_else(|| ArrowError::JsonError(format!("Run end value {e} exceeds {:?} range", R::DATA_TYPE)))
        })
        .collect::<Result<Vec<R::Native>, _>>()?;
    let values = arrow_select::take::take(flat.as_ref(), &arrow_array::UInt32Array::from(starts), None)?;
    let run_ends = arrow_array::PrimitiveArray::<R>::from_iter_values(ends);
    let array = arrow_array::RunArray::<R>::try_new(&run_ends, values.as_ref())?;
    // The schema's names and nullability for the two children.
    let data = array.into_data().into_builder().data_type(data_type.clone()).build()?;
    Ok(Arc::new(arrow_array::RunArray::<R>::from(data)))
}

impl Column for RunEndColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        self.child.decode(cur, t)
    }
    fn push_null(&mut self) {
        self.child.push_null();
    }
    fn len(&self) -> usize {
        self.child.len()
    }
    fn truncate(&mut self, len: usize) {
        self.child.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let flat = self.child.finish()?;
        if flat.is_empty() {
            return Ok(arrow_array::new_empty_array(&self.data_type));
        }
        let DataType::RunEndEncoded(ends, _) = &self.data_type else { unreachable!("checked in new") };
        match ends.data_type() {
            DataType::Int16 => runs::<arrow_array::types::Int16Type>(flat, &self.data_type),
            DataType::Int32 => runs::<arrow_array::types::Int32Type>(flat, &self.data_type),
            DataType::Int64 => runs::<arrow_array::types::Int64Type>(flat, &self.data_type),
            other => Err(ArrowError::InvalidArgumentError(format!("run ends of type {other}"))),
        }
    }
}
