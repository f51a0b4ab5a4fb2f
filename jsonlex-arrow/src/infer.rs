//! [`infer_json_schema`]: arrow-json's schema inference rules (`Int64`, `Float64`,
//! `Utf8` widening, nested structs, lists, scalars widened to lists of them, nulls as
//! `Null`), run on the lexer's tokens instead of `serde_json::Value`s; timestamps as an
//! option ([`InferOptions::with_timestamps`]).

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::BufRead;
use std::sync::Arc;

use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, TimeUnit};
use json_runtime::{JsonToken, Token};

use crate::cursor::{same_key, Cursor, Fail, Res};

/// Choices beyond arrow-json's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct InferOptions {
    timestamps: bool,
    jsonc: bool,
    json5: bool,
}

impl InferOptions {
    pub fn new() -> InferOptions {
        InferOptions::default()
    }

    /// A field whose every string is an RFC 3339 date and time
    /// (`2024-05-01T12:30:00Z`, `2024-05-01 12:30:00.5+02:00`) is
    /// `Timestamp(Microsecond, "+00:00")` instead of `Utf8` (off by default, as
    /// arrow-json has no such inference).
    pub fn with_timestamps(self, timestamps: bool) -> InferOptions {
        InferOptions { timestamps, ..self }
    }

    /// The input's dialect, as [`ReaderBuilder::with_dialect`](crate::ReaderBuilder::with_dialect):
    /// `Jsonc`'s comments are white space (a record may not go on past a line break
    /// inside a comment: inference reads one record a line, as arrow-json's does);
    /// `Json5` is translated into JSON (as the reader does; a record a line here too).
    pub fn with_dialect(self, dialect: jsonlex::Dialect) -> InferOptions {
        InferOptions { jsonc: dialect == jsonlex::Dialect::Jsonc, json5: dialect == jsonlex::Dialect::Json5, ..self }
    }
}

/// The schema of the NDJSON records `reader` yields (or of the objects of one
/// top-level array), from the first `max_records` (all if `None`), and how many
/// records were read: arrow-json's `infer_json_schema`.
pub fn infer_json_schema<R: BufRead>(reader: R, max_records: Option<usize>) -> Result<(Schema, usize), ArrowError> {
    infer_json_schema_with(reader, max_records, InferOptions::default())
}

/// [`infer_json_schema`] over bytes in memory.
pub fn infer_json_schema_from_slice(input: &[u8], max_records: Option<usize>) -> Result<(Schema, usize), ArrowError> {
    infer_json_schema_with(input, max_records, InferOptions::default())
}

/// [`infer_json_schema`] with [`InferOptions`].
pub fn infer_json_schema_with<R: BufRead>(
    reader: R,
    max_records: Option<usize>,
    options: InferOptions,
) -> Result<(Schema, usize), ArrowError> {
    if options.json5 {
        let json5 = std::rc::Rc::new(std::cell::RefCell::new(crate::json5::Json5::new(true)));
        let reader = crate::translated::Translated::new(reader, json5.clone());
        return infer_json(reader, max_records, options, Some(json5));
    }
    if options.jsonc {
        let reader = crate::translated::Translated::new(reader, crate::comments::Comments::new());
        return infer_json(reader, max_records, options, None);
    }
    infer_json(reader, max_records, options, None)
}

fn infer_json<R: BufRead>(
    mut reader: R,
    max_records: Option<usize>,
    options: InferOptions,
    json5: Option<std::rc::Rc<std::cell::RefCell<crate::json5::Json5>>>,
) -> Result<(Schema, usize), ArrowError> {
    let mut infer = Infer {
        top: Obj::default(),
        records: 0,
        max: max_records.unwrap_or(usize::MAX),
        options,
        line: 0,
        changes: 0,
        duplicate: false,
        dedupe: false,
        saved: Obj::default(),
        saved_at: 0,
        record_at: 0,
        read: 0,
        copied: 0,
        stamp: 0,
        depth: 0,
        json5,
    };
    let mut carry: Vec<u8> = Vec::new();
    let mut started = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() || infer.records >= infer.max {
            break;
        }
        let n = buf.len();
        if !started {
            match buf.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'[') => {
                    if let Some(j) = &infer.json5 {
                        j.borrow_mut().keep_all = true;
                    }
                    // One array of records: read it whole.
                    let mut all = buf.to_vec();
                    reader.consume(n);
                    reader.read_to_end(&mut all)?;
                    infer.array(&all)?;
                    return Ok((infer.top.schema(), infer.records));
                }
                Some(_) => started = true,
                None => {}
            }
        }
        let mut start = 0;
        if !carry.is_empty() {
            match memchr::memchr(b'\n', buf) {
                Some(i) => {
                    carry.extend_from_slice(&buf[..=i]);
                    infer.lines(&carry)?;
                    carry.clear();
                    start = i + 1;
                }
                None => {
                    carry.extend_from_slice(buf);
                    reader.consume(n);
                    continue;
                }
            }
        }
        match memchr::memrchr(b'\n', &buf[start..]) {
            Some(j) => {
                infer.lines(&buf[start..start + j + 1])?;
                carry.extend_from_slice(&buf[start + j + 1..]);
            }
            None => carry.extend_from_slice(&buf[start..]),
        }
        reader.consume(n);
    }
    if !carry.is_empty() && infer.records < infer.max {
        infer.lines(&carry)?;
    }
    Ok((infer.top.schema(), infer.records))
}

/// Scalar JSON types seen, as bits.
const BOOL: u8 = 1;
const INT: u8 = 2;
const FLOAT: u8 = 4;
const UTF8: u8 = 8;
const TIMESTAMP: u8 = 16;

/// arrow-json's `InferredType`.
#[derive(Clone, Debug)]
enum Ty {
    Any,
    Scalar(u8),
    Array(Box<Ty>),
    Object(Obj),
}

/// Fields in the order arrow-json gives them, with an index by name.
#[derive(Clone, Debug, Default)]
struct Obj {
    names: Vec<Box<[u8]>>,
    types: Vec<Ty>,
    index: HashMap<Box<[u8]>, usize>,
    /// Whether each name, quoted, is a string token as it stands (no `"`, `\\` or
    /// control bytes: it needs no escapes).
    plain: Vec<bool>,
    /// The field of the member at each place of the last object (records repeat one
    /// key order: a key equal to the name there needs no search).
    slots: Vec<usize>,
    /// For each field from the 65th on, the stamp of the last object that had it (a
    /// key twice in one object is seen by its stamp; the first 64 by a mask, and fields
    /// the object added by their place).
    seen: Vec<u64>,
}

impl Obj {
    /// The field named `key`, the member at place `at` of its object.
    #[inline]
    fn find(&mut self, key: &[u8], at: usize) -> Option<usize> {
        if let Some(&i) = self.slots.get(at) {
            if self.names.get(i).is_some_and(|n| same_key(n, key)) {
                return Some(i);
            }
        }
        let found = self.index.get(key).copied();
        if let Some(i) = found {
            self.remember(at, i);
        }
        found
    }

    /// The key at place `at` of an object, if it is the text `"name"` of the field
    /// last seen there (a name without escapes: bytes equal to a string token the
    /// lexer accepted are that token again, so they are stepped over unlexed).
    #[inline(always)]
    fn quoted(&self, cur: &mut Cursor<'_>, at: usize) -> Option<(Token<JsonToken>, usize)> {
        let &i = self.slots.get(at)?;
        if !self.plain[i] {
            return None;
        }
        cur.quoted_key(&self.names[i]).map(|k| (k, i))
    }

    #[inline]
    fn remember(&mut self, at: usize, i: usize) {
        if at < self.slots.len() {
            self.slots[at] = i;
        } else if at == self.slots.len() && at < 256 {
            self.slots.push(i);
        }
    }

    fn insert(&mut self, key: &[u8], ty: Ty) -> usize {
        let i = self.names.len();
        self.names.push(key.into());
        self.types.push(ty);
        self.plain.push(is_plain(key));
        self.seen.push(0);
        self.index.insert(key.into(), i);
        i
    }

    /// The fields added since `from`, in key order: serde_json's map (arrow-json reads
    /// each record into one) iterates its keys sorted, so a record's new fields arrive
    /// in that order.
    fn sort_from(&mut self, from: usize) {
        if self.names.len() - from < 2 {
            return;
        }
        let mut tail: Vec<(Box<[u8]>, Ty)> = self.names.drain(from..).zip(self.types.drain(from..)).collect();
        self.plain.truncate(from);
        tail.sort_by(|a, b| a.0.cmp(&b.0));
        for (k, t) in tail {
            let i = self.names.len();
            self.index.insert(k.clone(), i);
            self.plain.push(is_plain(&k));
            self.names.push(k);
            self.types.push(t);
        }
    }

    /// Merges `other`'s fields into these; whether anything changed.
    fn merge(&mut self, other: Obj) -> Result<bool, String> {
        let mut changed = false;
        for (k, v) in other.names.into_iter().zip(other.types) {
            let i = match self.index.get(&k) {
                Some(&i) => i,
                None => {
                    changed = true;
                    self.insert(&k, Ty::Any)
                }
            };
            changed |= self.types[i].merge(v)?;
        }
        Ok(changed)
    }

    /// Fields here and in every nested struct: what a clone costs.
    fn size(&self) -> usize {
        fn of(t: &Ty) -> usize {
            match t {
                Ty::Object(o) => o.size(),
                Ty::Array(e) => of(e),
                _ => 0,
            }
        }
        self.names.len() + self.types.iter().map(of).sum::<usize>()
    }

    fn fields(&self) -> Fields {
        self.names
            .iter()
            .zip(&self.types)
            .map(|(n, t)| Field::new(String::from_utf8_lossy(n), t.data_type(), true))
            .collect()
    }

    fn schema(&self) -> Schema {
        Schema::new(self.fields())
    }
}

impl Ty {
    /// Widens this type by `other`, as arrow-json does; whether it changed.
    fn merge(&mut self, other: Ty) -> Result<bool, String> {
        Ok(match (&mut *self, other) {
            (Ty::Array(s), Ty::Array(o)) => s.merge(*o)?,
            (Ty::Scalar(s), Ty::Scalar(o)) => {
                let changed = *s | o != *s;
                *s |= o;
                changed
            }
            (Ty::Object(s), Ty::Object(o)) => s.merge(o)?,
            (Ty::Any, o) => {
                let changed = !matches!(o, Ty::Any);
                *self = o;
                changed
            }
            (_, Ty::Any) => false,
            (Ty::Array(s), o @ Ty::Scalar(_)) => s.merge(o)?,
            (Ty::Scalar(s), Ty::Array(mut o)) => {
                o.merge(Ty::Scalar(*s))?;
                *self = Ty::Array(o);
                true
            }
            (s, o) => return Err(format!("incompatible types: {} and {}", s.describe(), o.describe())),
        })
    }

    fn describe(&self) -> String {
        match self {
            Ty::Any => "null".into(),
            Ty::Scalar(_) => "a scalar".into(),
            Ty::Array(_) => "an array".into(),
            Ty::Object(_) => "an object".into(),
        }
    }

    fn data_type(&self) -> DataType {
        match self {
            Ty::Any => DataType::Null,
            Ty::Scalar(bits) => match *bits {
                BOOL => DataType::Boolean,
                INT => DataType::Int64,
                FLOAT | 6 => DataType::Float64,
                TIMESTAMP => DataType::Timestamp(TimeUnit::Microsecond, Some(Arc::from("+00:00"))),
                _ => DataType::Utf8,
            },
            Ty::Object(o) => DataType::Struct(o.fields()),
            Ty::Array(e) => DataType::List(Arc::new(Field::new_list_field(e.data_type(), true))),
        }
    }
}

/// Objects and arrays nested this deep are an error, as in arrow-json.
const MAX_DEPTH: usize = 128;

/// Fields `Infer` may copy beyond the bytes it has read (see `Infer::copied`).
const COPY_HEAD_START: usize = 1 << 16;

struct Infer {
    top: Obj,
    records: usize,
    max: usize,
    options: InferOptions,
    /// Lines before the current block, for errors.
    line: usize,
    /// Changes made to `top` so far (a count, to tell whether `saved` is current).
    changes: u64,
    /// A key twice in one object, and what arrow-json makes of it: each object there
    /// is a serde_json map, which keeps the last value. Merging as they come would
    /// keep both, so such a record is inferred again from `top` as it was before it
    /// (`saved`, taken at `saved_at` changes), each object on its own, a repeated
    /// key's earlier value forgotten (`dedupe`).
    duplicate: bool,
    dedupe: bool,
    saved: Obj,
    saved_at: u64,
    /// `changes` when the current record began.
    record_at: u64,
    /// Bytes of records read, and fields copied into `saved`, so far: `top` is copied
    /// only while the copies stay within the bytes read (and a head start), so that a
    /// schema that keeps growing is not copied whole for every record. (Then `saved`
    /// may be older than the record, and a repeated key whose earlier value does not
    /// fit is an error.)
    read: usize,
    copied: usize,
    /// The last object's stamp (`Obj::seen`).
    stamp: u64,
    /// Objects and arrays open (the record's own included).
    depth: usize,
    /// JSON5 input: its translation into JSON, which maps columns back.
    json5: Option<std::rc::Rc<std::cell::RefCell<crate::json5::Json5>>>,
}

impl Infer {
    /// Complete lines, one record each (blank lines skipped).
    fn lines(&mut self, block: &[u8]) -> Result<(), ArrowError> {
        let mut start = 0;
        while start < block.len() && self.records < self.max {
            let end = memchr::memchr(b'\n', &block[start..]).map_or(block.len(), |i| start + i);
            self.line += 1;
            let line = &block[start..end];
            if line.iter().any(|b| !b.is_ascii_whitespace()) {
                self.records += 1;
                let mut c = Cursor::new(line, true, Vec::new(), Vec::new());
                c.record = self.records;
                if let Err(e) = self.record(&mut c) {
                    return Err(self.error(line, e));
                }
            }
            start = end + 1;
        }
        Ok(())
    }

    /// The objects of one top-level array.
    fn array(&mut self, input: &[u8]) -> Result<(), ArrowError> {
        let mut cur = Cursor::new(input, true, Vec::new(), Vec::new());
        let r = (|| -> Res<()> {
            let t = cur.next()?;
            if t.kind != JsonToken::ArrayStart {
                return Err(cur.expected(t, "'['"));
            }
            let mut next = cur.first_element()?;
            while let Some(t) = next {
                if self.records >= self.max {
                    return Ok(());
                }
                self.records += 1;
                cur.record = self.records;
                self.top_object(&mut cur, t)?;
                next = if cur.element_end()? { Some(cur.value()?) } else { None };
            }
            match cur.next_or_end()? {
                None => Ok(()),
                Some(t) => Err(cur.expected(t, "the end of input after the array")),
            }
        })();
        r.map_err(|e| {
            self.line = 0;
            self.error(input, e)
        })
    }

    fn record(&mut self, cur: &mut Cursor<'_>) -> Res<()> {
        let t = cur.next()?;
        self.top_object(cur, t)?;
        match cur.next_or_end()? {
            None => Ok(()),
            Some(t) => Err(cur.expected(t, "the end of the line after the record")),
        }
    }

    fn top_object(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if t.kind != JsonToken::ObjectStart {
            return Err(
                cur.bad(t.start, format!("record {}: expected an object, found {}", cur.record, cur.describe(t)))
            );
        }
        if self.saved_at != self.changes && self.copied <= self.read + COPY_HEAD_START {
            self.saved = self.top.clone();
            self.saved_at = self.changes;
            self.copied += self.saved.size();
        }
        self.record_at = self.changes;
        self.depth = 0;
        self.duplicate = false;
        let mut top = std::mem::take(&mut self.top);
        let r = self.object(cur, &mut top);
        self.top = top;
        self.read += cur.offset() - t.start;
        // A repeated key, seen, or (after an error) anywhere in the record, which may
        // be its earlier value's doing: read again, the last values alone decide.
        let again = self.saved_at == self.record_at
            && match &r {
                Ok(()) => self.duplicate,
                Err(Fail::Bad(_)) => self.duplicate || cur.has_repeated_key(t),
                Err(Fail::Incomplete) => false,
            };
        if again {
            return self.again(cur, t);
        }
        r
    }

    /// The record whose object starts at `t` once more, from `saved`, each object's
    /// repeated keys reduced to their last value (`dedupe`).
    #[cold]
    fn again(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        self.depth = 0;
        self.top = self.saved.clone();
        self.changes += 1;
        cur.set_offset(t.end);
        self.dedupe = true;
        let mut top = std::mem::take(&mut self.top);
        let r = self.object(cur, &mut top);
        self.top = top;
        self.dedupe = false;
        r
    }

    #[cold]
    fn error(&self, input: &[u8], e: Fail) -> ArrowError {
        match e {
            Fail::Bad(bad) => {
                let (offset, message) = (bad.offset, bad.message);
                let before = &input[..offset.min(input.len())];
                let line = self.line.max(1) + memchr::memchr_iter(b'\n', before).count();
                let col = offset - memchr::memrchr(b'\n', before).map_or(0, |i| i + 1) + 1;
                // JSON5: the column in the input (the translation keeps lines).
                let col = match &self.json5 {
                    Some(j) => j.borrow().column(line as u64, col as u64).map_or(col, |c| c as usize),
                    None => col,
                };
                ArrowError::JsonError(format!("line {line}, column {col}: {message}"))
            }
            Fail::Incomplete => ArrowError::JsonError("unexpected end of input".into()),
        }
    }

    /// The members of an object (the cursor is past its `{`) into `obj`, as
    /// arrow-json's `collect_field_types_from_object`.
    fn object(&mut self, cur: &mut Cursor<'_>, obj: &mut Obj) -> Res<()> {
        self.enter(cur)?;
        if !self.dedupe {
            self.members::<false>(cur, obj)?;
        } else {
            // The object on its own, then merged (as arrow-json merges each map).
            let start = cur.offset().saturating_sub(1);
            let mut own = Obj::default();
            self.members::<true>(cur, &mut own)?;
            obj.merge(own).map_err(|w| cur.bad(start, format!("record {}: {w}", cur.record)))?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// One level deeper (an object or array just opened): arrow-json's limit (its
    /// records go through serde_json, which stops at 128 levels) is an error here too,
    /// and keeps the recursion off the end of the stack.
    #[inline(always)]
    fn enter(&mut self, cur: &Cursor<'_>) -> Res<()> {
        self.depth += 1;
        if self.depth >= MAX_DEPTH {
            return Err(self.too_deep(cur));
        }
        Ok(())
    }

    #[cold]
    fn too_deep(&self, cur: &Cursor<'_>) -> Fail {
        let at = cur.offset().saturating_sub(1);
        cur.bad(at, format!("record {}: nested deeper than {} levels", cur.record, MAX_DEPTH - 1))
    }

    /// The members loop; with `DEDUPE` (a record read again), a repeated key's earlier
    /// value is forgotten, and one that does not fit is no error.
    fn members<const DEDUPE: bool>(&mut self, cur: &mut Cursor<'_>, obj: &mut Obj) -> Res<()> {
        let added_from = obj.names.len();
        self.stamp += 1;
        let stamp = self.stamp;
        // The fields this object has had: the first 64 here, the others by stamp.
        let mut seen = 0u64;
        let mut at = 0;
        loop {
            let (key, found) = match obj.quoted(cur, at) {
                Some((k, i)) => (Cow::Borrowed(&cur.input()[k.start + 1..k.end - 1]), Some(i)),
                None => {
                    let k = if at == 0 {
                        match cur.first_key()? {
                            Some(k) => k,
                            None => break,
                        }
                    } else {
                        cur.next_key()?
                    };
                    let key = cur.key(k)?;
                    let found = obj.find(&key, at);
                    (key, found)
                }
            };
            let v = cur.colon_value()?;
            at += 1;
            if let Some(i) = found {
                // A field added by this object (a member before this one), or one it
                // has had before.
                let again =
                    i >= added_from || if i < 64 { seen >> i & 1 != 0 } else { obj.seen.get(i) == Some(&stamp) };
                if again {
                    if DEDUPE {
                        // The last value is the member's.
                        obj.types[i] = Ty::Any;
                    } else {
                        self.duplicate = true;
                    }
                }
                if i < 64 {
                    seen |= 1 << i;
                } else {
                    obj.seen[i] = stamp;
                }
            }
            if DEDUPE {
                let depth = self.depth;
                if let Err(e) = self.member(cur, obj, &key, found, v) {
                    self.depth = depth;
                    self.earlier_value(cur, obj, &key, v, e)?;
                }
            } else {
                self.member(cur, obj, &key, found, v)?;
            }
            if !cur.member_end()? {
                break;
            }
        }
        obj.sort_from(added_from);
        Ok(())
    }

    /// The value at `v` of member `key` did not fit (`e`): no error if the key comes
    /// again later in the object and the value is well-formed (arrow-json never sees a
    /// repeated key's earlier values). Only when reading a record again (`dedupe`).
    #[cold]
    #[inline(never)]
    fn earlier_value(
        &mut self,
        cur: &mut Cursor<'_>,
        obj: &mut Obj,
        key: &[u8],
        v: Token<JsonToken>,
        e: Fail,
    ) -> Res<()> {
        cur.overridden(v.start, key, e)?;
        if let Some(&i) = obj.index.get(key) {
            obj.types[i] = Ty::Any;
        }
        Ok(())
    }

    /// The value at `v` of member `key` (field `found`) into `obj`.
    #[inline(always)]
    fn member(
        &mut self,
        cur: &mut Cursor<'_>,
        obj: &mut Obj,
        key: &[u8],
        found: Option<usize>,
        v: Token<JsonToken>,
    ) -> Res<()> {
        let fail = |cur: &Cursor<'_>, why: String| {
            let name = String::from_utf8_lossy(key);
            cur.bad(v.start, format!("record {}: field '{name}': {why}", cur.record))
        };
        match v.kind {
            JsonToken::ArrayStart if self.objects_to_known_struct(cur, obj, found, key)? => {}
            JsonToken::ArrayStart => {
                let ele = self.elements(cur)?;
                let i = match found {
                    Some(i) if !matches!(obj.types[i], Ty::Any) => i,
                    _ => {
                        let fresh = match ele {
                            Ty::Scalar(_) => Ty::Array(Box::new(Ty::Scalar(0))),
                            Ty::Object(_) => Ty::Array(Box::new(Ty::Object(Obj::default()))),
                            Ty::Any | Ty::Array(_) => Ty::Array(Box::new(Ty::Any)),
                        };
                        self.changes += 1;
                        set(obj, found, key, fresh)
                    }
                };
                match &mut obj.types[i] {
                    Ty::Array(inner) => {
                        if inner.merge(ele).map_err(|w| fail(cur, w))? {
                            self.changes += 1;
                        }
                    }
                    t @ Ty::Scalar(_) => {
                        t.merge(ele).map_err(|w| fail(cur, w))?;
                        *t = Ty::Array(Box::new(t.clone()));
                        self.changes += 1;
                    }
                    t => return Err(fail(cur, format!("expected {}, found an array", t.describe()))),
                }
            }
            JsonToken::ObjectStart => {
                let i = match found {
                    Some(i) if !matches!(obj.types[i], Ty::Any) => i,
                    _ => {
                        self.changes += 1;
                        set(obj, found, key, Ty::Object(Obj::default()))
                    }
                };
                match &mut obj.types[i] {
                    Ty::Object(inner) => {
                        let mut inner = std::mem::take(inner);
                        let r = self.object(cur, &mut inner);
                        obj.types[i] = Ty::Object(inner);
                        r?;
                    }
                    t => return Err(fail(cur, format!("expected {}, found an object", t.describe()))),
                }
            }
            JsonToken::Null => {
                if found.is_none() {
                    self.changes += 1;
                    obj.insert(key, Ty::Any);
                }
            }
            _ => {
                let bit = self.scalar(cur, v)?;
                let i = match found {
                    Some(i) if !matches!(obj.types[i], Ty::Any) => i,
                    _ => {
                        self.changes += 1;
                        set(obj, found, key, Ty::Scalar(0))
                    }
                };
                match &mut obj.types[i] {
                    Ty::Scalar(bits) => {
                        if *bits & bit == 0 {
                            self.changes += 1;
                            *bits |= bit;
                        }
                    }
                    t @ Ty::Array(_) => {
                        if t.merge(Ty::Scalar(bit)).map_err(|w| fail(cur, w))? {
                            self.changes += 1;
                        }
                    }
                    t => return Err(fail(cur, format!("expected {}, found a scalar", t.describe()))),
                }
            }
        }
        Ok(())
    }

    /// An array of objects where the field is (or may become) a list of structs: the
    /// objects go straight into that struct's fields, not into a fresh set of fields
    /// merged afterwards (the same fields, in the same order: both keep first
    /// appearances). Whether it applied (else nothing was read).
    fn objects_to_known_struct(
        &mut self,
        cur: &mut Cursor<'_>,
        obj: &mut Obj,
        found: Option<usize>,
        key: &[u8],
    ) -> Res<bool> {
        let fits = match found.map(|i| &obj.types[i]) {
            None | Some(Ty::Any) => true,
            Some(Ty::Array(inner)) => matches!(**inner, Ty::Object(_) | Ty::Any),
            _ => false,
        };
        if !fits {
            return Ok(false);
        }
        let at = cur.offset();
        let first = cur.first_element()?;
        cur.set_offset(at);
        if !first.is_some_and(|t| t.kind == JsonToken::ObjectStart) {
            return Ok(false);
        }
        let i = match found {
            Some(i) if matches!(obj.types[i], Ty::Array(_)) => i,
            _ => {
                self.changes += 1;
                set(obj, found, key, Ty::Array(Box::new(Ty::Object(Obj::default()))))
            }
        };
        let mut inner = match std::mem::replace(&mut obj.types[i], Ty::Any) {
            Ty::Array(b) => match *b {
                Ty::Object(o) => o,
                _ => Obj::default(),
            },
            _ => Obj::default(),
        };
        let r = self.enter(cur).and_then(|()| self.object_elements(cur, &mut inner));
        self.depth -= 1;
        obj.types[i] = Ty::Array(Box::new(Ty::Object(inner)));
        r.map(|()| true)
    }

    /// The elements of an array of objects (the cursor is past its `[`) into `obj`.
    fn object_elements(&mut self, cur: &mut Cursor<'_>, obj: &mut Obj) -> Res<()> {
        let mut next = cur.first_element()?;
        while let Some(t) = next {
            if t.kind != JsonToken::ObjectStart {
                return Err(self.mixed(cur, t, "an object"));
            }
            self.object(cur, obj)?;
            next = if cur.element_end()? { Some(cur.value()?) } else { None };
        }
        Ok(())
    }

    /// An array's elements (the cursor is past its `[`), as arrow-json's
    /// `infer_array_element_type`: the first element says whether it is an array of
    /// scalars, of arrays or of objects, and the others must agree.
    fn elements(&mut self, cur: &mut Cursor<'_>) -> Res<Ty> {
        self.enter(cur)?;
        let ty = self.elements_in(cur)?;
        self.depth -= 1;
        Ok(ty)
    }

    fn elements_in(&mut self, cur: &mut Cursor<'_>) -> Res<Ty> {
        let Some(first) = cur.first_element()? else { return Ok(Ty::Any) };
        let mut t = first;
        match first.kind {
            JsonToken::ArrayStart => {
                let mut inner = Ty::Any;
                loop {
                    if t.kind != JsonToken::ArrayStart {
                        return Err(self.mixed(cur, t, "an array"));
                    }
                    let e = self.elements(cur)?;
                    inner.merge(e).map_err(|w| cur.bad(t.start, format!("record {}: {w}", cur.record)))?;
                    if !cur.element_end()? {
                        return Ok(Ty::Array(Box::new(inner)));
                    }
                    t = cur.value()?;
                }
            }
            JsonToken::ObjectStart => {
                let mut obj = Obj::default();
                loop {
                    if t.kind != JsonToken::ObjectStart {
                        return Err(self.mixed(cur, t, "an object"));
                    }
                    self.object(cur, &mut obj)?;
                    if !cur.element_end()? {
                        return Ok(Ty::Object(obj));
                    }
                    t = cur.value()?;
                }
            }
            _ => {
                let mut bits = 0;
                loop {
                    match t.kind {
                        JsonToken::Null => {}
                        JsonToken::ArrayStart | JsonToken::ObjectStart => return Err(self.mixed(cur, t, "a scalar")),
                        _ => bits |= self.scalar(cur, t)?,
                    }
                    if !cur.element_end()? {
                        return Ok(Ty::Scalar(bits));
                    }
                    t = cur.value()?;
                }
            }
        }
    }

    #[cold]
    fn mixed(&self, cur: &Cursor<'_>, t: Token<JsonToken>, want: &str) -> Fail {
        let found = cur.describe(t);
        cur.bad(t.start, format!("record {}: an array of mixed kinds: expected {want}, found {found}", cur.record))
    }

    /// A scalar's type bit. An integer is `Int64` if it fits one (serde_json's
    /// `is_i64`; `-0` is a float there), else `Float64`.
    #[inline(always)]
    fn scalar(&self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<u8> {
        Ok(match t.kind {
            JsonToken::True | JsonToken::False => BOOL,
            JsonToken::Float => FLOAT,
            JsonToken::Integer => {
                let text = &cur.input()[t.start..t.end];
                let digits = text.len() - usize::from(text[0] == b'-');
                // Up to 18 digits always fit (the lexer matched `-?(0|[1-9][0-9]*)`).
                let fits = text != b"-0"
                    && (digits <= 18 || std::str::from_utf8(text).is_ok_and(|s| s.parse::<i64>().is_ok()));
                if fits {
                    INT
                } else {
                    FLOAT
                }
            }
            // Without timestamp inference a string's text does not matter: an escaped
            // one is only checked (for lone surrogates), not unescaped.
            JsonToken::String | JsonToken::EscapedString if !self.options.timestamps => {
                cur.check_string(t)?;
                UTF8
            }
            JsonToken::String | JsonToken::EscapedString => {
                if is_rfc3339(cur.str_bytes(t)?) {
                    TIMESTAMP
                } else {
                    UTF8
                }
            }
            _ => return Err(cur.expected(t, "a value")),
        })
    }
}

/// Whether `"name"` is a string token as it stands (`name` is UTF-8: a key's bytes,
/// unescaped).
fn is_plain(name: &[u8]) -> bool {
    name.iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\')
}

/// Sets the type of field `key` (at `found`, or a new one).
fn set(obj: &mut Obj, found: Option<usize>, key: &[u8], ty: Ty) -> usize {
    match found {
        Some(i) => {
            obj.types[i] = ty;
            i
        }
        None => obj.insert(key, ty),
    }
}

/// `YYYY-MM-DD[Tt ]HH:MM:SS[.fraction](Z|z|±HH:MM)` with values in range (checked by
/// the parser that will read it).
fn is_rfc3339(s: &[u8]) -> bool {
    fn digits(s: &[u8], r: std::ops::Range<usize>) -> bool {
        s.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    }
    if s.len() < 20
        || !digits(s, 0..4)
        || s[4] != b'-'
        || !digits(s, 5..7)
        || s[7] != b'-'
        || !digits(s, 8..10)
        || !matches!(s[10], b'T' | b't' | b' ')
        || !digits(s, 11..13)
        || s[13] != b':'
        || !digits(s, 14..16)
        || s[16] != b':'
        || !digits(s, 17..19)
    {
        return false;
    }
    let mut i = 19;
    if s[i] == b'.' {
        i += 1;
        let from = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i == from {
            return false;
        }
    }
    let zone_ok = match &s[i..] {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', ..] => s.len() == i + 6 && digits(s, i + 1..i + 3) && s[i + 3] == b':' && digits(s, i + 4..i + 6),
        _ => false,
    };
    let utc: Option<arrow_array::timezone::Tz> = "+00:00".parse().ok();
    zone_ok
        && utc
            .is_some_and(|z| std::str::from_utf8(s).is_ok_and(|t| arrow_cast::parse::string_to_datetime(&z, t).is_ok()))
}
