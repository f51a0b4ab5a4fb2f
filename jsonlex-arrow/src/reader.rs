//! [`ReaderBuilder`] and [`Reader`]: arrow-json's reading surface on jsonlex's lexer.

use std::io::BufRead;
use std::sync::Arc;

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};

use crate::columns::{Options, StructColumn};
use crate::decoder::{schema_of, Decoder};
use crate::prefilter::Prefilter;

/// Builds a [`Reader`] (pull, over any [`BufRead`]) or a [`Decoder`] (push) for one
/// schema, with the options arrow-json's `ReaderBuilder` has.
///
/// ```
/// use std::sync::Arc;
/// use arrow_schema::{DataType, Field, Schema};
///
/// let schema = Arc::new(Schema::new(vec![Field::new("a", DataType::Int64, true)]));
/// let input = "{\"a\": 1}\n{\"a\": 2, \"b\": \"skipped\"}\n";
/// let reader = jsonlex_arrow::ReaderBuilder::new(schema).build(input.as_bytes()).unwrap();
/// let batches: Vec<_> = reader.collect::<Result<_, _>>().unwrap();
/// assert_eq!(batches[0].num_rows(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct ReaderBuilder {
    schema: SchemaRef,
    batch_size: usize,
    options: Options,
    projection: Option<Vec<usize>>,
    pub(crate) skip_bad_records: bool,
    prefilter: Option<Prefilter>,
    pub(crate) dialect: jsonlex::Dialect,
    /// `new_with_field`: records are values of the schema's one field.
    field_mode: bool,
}

impl ReaderBuilder {
    /// Records are objects whose keys are `schema`'s fields; other keys are skipped.
    pub fn new(schema: SchemaRef) -> ReaderBuilder {
        ReaderBuilder {
            schema,
            batch_size: 1024,
            options: Options::default(),
            projection: None,
            skip_bad_records: false,
            prefilter: None,
            dialect: jsonlex::Dialect::Json,
            field_mode: false,
        }
    }

    /// Records that are JSON values of `field`'s type, any of them, not objects (a
    /// `1` a line for an Int64 field, `[1, 2]` for a list): batches of that one column,
    /// as arrow-json's `new_with_field`. A top-level array is then a value, not the
    /// array form.
    pub fn new_with_field(field: impl Into<arrow_schema::FieldRef>) -> ReaderBuilder {
        let schema = Arc::new(arrow_schema::Schema::new(vec![field.into()]));
        ReaderBuilder { field_mode: true, ..ReaderBuilder::new(schema) }
    }

    /// The input's dialect: `Json` (the default), or `Jsonc`, JSON with `//` and `/* */`
    /// comments (jsonlex's JSONC: comments are white space, everything else strict JSON;
    /// errors keep the input's lines and columns), or `Json5` (jsonlex's JSON5: unquoted
    /// keys, single quotes, hexadecimal and loose numbers, trailing commas, comments;
    /// translated into JSON token by token, errors at the input's lines and columns;
    /// `Infinity` and `NaN` are errors, having no JSON value).
    pub fn with_dialect(self, dialect: jsonlex::Dialect) -> Self {
        ReaderBuilder { dialect, ..self }
    }

    /// Rows per batch (default 1024); the last batch may have fewer.
    pub fn with_batch_size(self, batch_size: usize) -> Self {
        ReaderBuilder { batch_size, ..self }
    }

    /// Numbers and booleans into string columns as written (`1.50`, `true`).
    pub fn with_coerce_primitive(mut self, coerce_primitive: bool) -> Self {
        self.options.coerce_primitive = coerce_primitive;
        self
    }

    /// A well-formed value that does not fit its column (`"x"` for an Int64, `300` for
    /// an Int8, an object for a list) is a null instead of an error, as in arrow-json
    /// (a null in a non-nullable field is still an error); malformed input still is.
    pub fn with_ignore_type_conflicts(mut self, ignore_type_conflicts: bool) -> Self {
        self.options.ignore_type_conflicts = ignore_type_conflicts;
        self
    }

    /// How structs (the records too) are written: as objects (the default), or as JSON
    /// arrays of their fields' values in order (`[1, [true, "cat"]]` for
    /// `a: Int32, r: Struct(b: Boolean, c: Utf8)`), as arrow-json's `with_struct_mode`.
    /// Map columns are objects either way. With a projection, `ListOnly` is an error
    /// when the reader is built.
    pub fn with_struct_mode(mut self, struct_mode: StructMode) -> Self {
        self.options.structs_as_lists = struct_mode == StructMode::ListOnly;
        self
    }

    /// A key that is not a field of its (nested) struct is an error, not skipped.
    pub fn with_strict_mode(mut self, strict_mode: bool) -> Self {
        self.options.strict_mode = strict_mode;
        self
    }

    /// Decode only these fields of the schema (indices into it, in the order given):
    /// the batches have the projected schema, and the other fields are skipped (no
    /// error in strict mode).
    pub fn with_projection(self, projection: Vec<usize>) -> Self {
        ReaderBuilder { projection: Some(projection), ..self }
    }

    /// A record that is malformed or does not fit the schema is dropped with the rest
    /// of its line, and counted ([`Decoder::skipped_records`], [`Reader::skipped_records`]),
    /// instead of ending the read with its error.
    pub fn with_skip_bad_records(self, skip: bool) -> Self {
        ReaderBuilder { skip_bad_records: skip, ..self }
    }

    /// Records without each of the prefilter's needles (and without escapes) are
    /// validated and dropped, not decoded, and counted ([`Decoder::filtered_records`]):
    /// for a query whose filter implies the needles. See [`Prefilter`].
    pub fn with_prefilter(self, prefilter: Prefilter) -> Self {
        let prefilter = if prefilter.is_empty() { None } else { Some(prefilter) };
        ReaderBuilder { prefilter, ..self }
    }

    /// A reader of batches from `reader`.
    pub fn build<R: BufRead>(self, reader: R) -> Result<Reader<R>, ArrowError> {
        Ok(Reader { reader, decoder: self.build_decoder()?, done: false })
    }

    /// A push decoder.
    pub fn build_decoder(self) -> Result<Decoder, ArrowError> {
        if self.options.structs_as_lists && self.projection.is_some() {
            return Err(ArrowError::NotYetImplemented(
                "a projection with StructMode::ListOnly (project the batches instead)".into(),
            ));
        }
        let (schema, known) = match &self.projection {
            Some(p) => {
                let projected = Arc::new(self.schema.project(p)?);
                let known = self
                    .schema
                    .fields()
                    .iter()
                    .filter(|f| projected.field_with_name(f.name()).is_err())
                    .map(|f| f.name().as_bytes().into())
                    .collect();
                (projected, known)
            }
            None => (self.schema.clone(), Vec::new()),
        };
        let mut root = StructColumn::new(schema.fields().clone(), false, String::new(), self.options, known)?;
        if self.field_mode {
            root = root.field_mode();
        }
        let decoder = Decoder::new(root, schema, self.batch_size, self.skip_bad_records, self.prefilter);
        match self.dialect {
            jsonlex::Dialect::Json => Ok(decoder),
            jsonlex::Dialect::Jsonc => Ok(decoder.with_comments()),
            jsonlex::Dialect::Json5 => Ok(decoder.with_json5()),
        }
    }
}

/// How structs are written in the input ([`ReaderBuilder::with_struct_mode`]), as
/// arrow-json's `StructMode`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StructMode {
    /// `{"a": 1, "b": "c"}` (the default).
    #[default]
    ObjectOnly,
    /// `[1, "c"]`: the fields' values in order, all of them.
    ListOnly,
}

/// Batches of records read from a [`BufRead`]; an iterator of
/// `Result<RecordBatch, ArrowError>` that ends after the first error.
pub struct Reader<R> {
    reader: R,
    decoder: Decoder,
    done: bool,
}

impl<R> std::fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader").field("decoder", &self.decoder).finish()
    }
}

impl<R: BufRead> Reader<R> {
    fn read(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let read = buf.len();
            let used = self.decoder.decode(buf)?;
            self.reader.consume(used);
            if used != read {
                break;
            }
        }
        self.decoder.flush()
    }

    /// Records skipped as bad so far.
    pub fn skipped_records(&self) -> usize {
        self.decoder.skipped_records()
    }

    /// The errors of the first 100 skipped records.
    pub fn skipped_errors(&self) -> &[ArrowError] {
        self.decoder.skipped_errors()
    }

    /// Records dropped by the prefilter so far.
    pub fn filtered_records(&self) -> usize {
        self.decoder.filtered_records()
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.read().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

impl<R: BufRead> RecordBatchReader for Reader<R> {
    fn schema(&self) -> SchemaRef {
        schema_of(&self.decoder)
    }
}
