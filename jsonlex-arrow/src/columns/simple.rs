//! Boolean and Null columns.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray, NullArray};
use arrow_buffer::{BooleanBufferBuilder, NullBufferBuilder};
use arrow_schema::{ArrowError, DataType};
use json_runtime::{JsonToken, Token};

use super::Column;
use crate::cursor::{Cursor, Res};

pub(crate) struct BooleanColumn {
    values: BooleanBufferBuilder,
    nulls: NullBufferBuilder,
    path: String,
}

impl BooleanColumn {
    pub(crate) fn new(path: String) -> Self {
        BooleanColumn { values: BooleanBufferBuilder::new(0), nulls: NullBufferBuilder::new(0), path }
    }
}

impl Column for BooleanColumn {
    #[inline]
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        match t.kind {
            JsonToken::True | JsonToken::False => {
                self.values.append(t.kind == JsonToken::True);
                self.nulls.append_non_null();
                Ok(())
            }
            JsonToken::Null => {
                self.push_null();
                Ok(())
            }
            _ => Err(cur.wrong_type(t, &self.path, &DataType::Boolean)),
        }
    }
    fn push_null(&mut self) {
        self.values.append(false);
        self.nulls.append_null();
    }
    fn len(&self) -> usize {
        self.values.len()
    }
    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        self.nulls.truncate(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let values = {
            let n = self.values.len();
            std::mem::replace(&mut self.values, BooleanBufferBuilder::new(n))
        };
        let mut values = values;
        Ok(Arc::new(BooleanArray::new(values.finish(), self.nulls.finish())))
    }
}

/// A column of nulls: any other value is an error.
pub(crate) struct NullColumn {
    len: usize,
    path: String,
}

impl NullColumn {
    pub(crate) fn new(path: String) -> Self {
        NullColumn { len: 0, path }
    }
}

impl Column for NullColumn {
    fn decode(&mut self, cur: &mut Cursor<'_>, t: Token<JsonToken>) -> Res<()> {
        if t.kind != JsonToken::Null {
            return Err(cur.wrong_type(t, &self.path, &DataType::Null));
        }
        self.len += 1;
        Ok(())
    }
    fn push_null(&mut self) {
        self.len += 1;
    }
    fn len(&self) -> usize {
        self.len
    }
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        Ok(Arc::new(NullArray::new(std::mem::take(&mut self.len))))
    }
}
