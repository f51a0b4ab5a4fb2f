//! Filters pushed into the scan as jsonlex-arrow [`Prefilter`] needles: byte strings
//! that every row a filter keeps has in its record's text. Records without them are
//! validated and dropped instead of decoded; DataFusion's `FilterExec` stays above the
//! scan (the filters are answered `PushedDown::No`), so the rows are exact either way.

use std::sync::Arc;

use datafusion::arrow::datatypes::{DataType, Schema};
use datafusion::common::ScalarValue;
use datafusion::logical_expr::Operator;
use datafusion::physical_expr::expressions::{BinaryExpr, Column, LikeExpr, Literal};
use datafusion::physical_expr::ScalarFunctionExpr;
use datafusion::physical_plan::PhysicalExpr;
use jsonlex_arrow::Prefilter;

/// Adds to `out` the needles that `filter` implies. `file` is the file schema: only
/// its columns (not partition columns) are in a record's text. What it knows:
/// conjunctions, `s = 'lit'` (the needle `"lit"`, quotes included) and
/// `s LIKE '%lit%'` (the longest literal run of the pattern), where `s` is a string
/// column or a string field of a struct column (`get_field`); anything else adds
/// nothing.
pub(crate) fn add_needles(filter: &Arc<dyn PhysicalExpr>, file: &Schema, out: &mut Prefilter) {
    if let Some(b) = filter.downcast_ref::<BinaryExpr>() {
        match b.op() {
            Operator::And => {
                add_needles(b.left(), file, out);
                add_needles(b.right(), file, out);
            }
            Operator::Eq => {
                let text = match (string_literal(b.left()), string_literal(b.right())) {
                    (None, Some(s)) if from_record(b.left(), file) => s,
                    (Some(s), None) if from_record(b.right(), file) => s,
                    _ => return,
                };
                if verbatim(text) {
                    out.push(format!("\"{text}\"").as_bytes());
                }
            }
            _ => {}
        }
    } else if let Some(like) = filter.downcast_ref::<LikeExpr>() {
        if like.negated() || like.case_insensitive() || !from_record(like.expr(), file) {
            return;
        }
        let Some(pattern) = string_literal(like.pattern()) else { return };
        if pattern.contains('\\') {
            return; // LIKE's escape character: not worth reading.
        }
        if let Some(run) = pattern.split(['%', '_']).filter(|r| verbatim(r)).max_by_key(|r| r.len()) {
            out.push(run.as_bytes());
        }
    }
}

/// A non-null string literal.
fn string_literal(e: &Arc<dyn PhysicalExpr>) -> Option<&str> {
    match e.downcast_ref::<Literal>()?.value() {
        ScalarValue::Utf8(Some(s)) | ScalarValue::LargeUtf8(Some(s)) | ScalarValue::Utf8View(Some(s)) => Some(s),
        _ => None,
    }
}

/// Text that JSON writes as it is inside a string (no quote, backslash or control
/// byte): a value equal to it has these bytes in the record, or an escape.
fn verbatim(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\')
}

/// A string value read from the record: a string column of the file, or a string
/// field of one (`get_field(col, 'a', ...)`, `col['a']`).
fn from_record(e: &Arc<dyn PhysicalExpr>, file: &Schema) -> bool {
    is_string(&value_type(e, file))
}

fn is_string(t: &Option<DataType>) -> bool {
    matches!(t, Some(DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View))
}

/// The type of a file column or of a field path into one; `None` for anything else.
fn value_type(e: &Arc<dyn PhysicalExpr>, file: &Schema) -> Option<DataType> {
    if let Some(c) = e.downcast_ref::<Column>() {
        return file.field_with_name(c.name()).ok().map(|f| f.data_type().clone());
    }
    let f = e.downcast_ref::<ScalarFunctionExpr>()?;
    if f.name() != "get_field" {
        return None;
    }
    let (base, path) = f.args().split_first()?;
    let mut t = value_type(base, file)?;
    for key in path {
        let key = string_literal(key)?;
        t = match t {
            DataType::Struct(fields) => fields.iter().find(|f| f.name() == key)?.data_type().clone(),
            _ => return None,
        };
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::arrow::datatypes::Field;
    use datafusion::physical_expr::expressions::{binary, col, like, lit};

    fn schema() -> Schema {
        let user = DataType::Struct(vec![Field::new("country", DataType::Utf8, true)].into());
        Schema::new(vec![
            Field::new("level", DataType::Utf8, true),
            Field::new("msg", DataType::Utf8, true),
            Field::new("n", DataType::Int64, true),
            Field::new("user", user, true),
        ])
    }

    fn needles(e: Arc<dyn PhysicalExpr>) -> Vec<String> {
        let mut p = Prefilter::default();
        add_needles(&e, &schema(), &mut p);
        p.needles().map(|n| String::from_utf8(n.to_vec()).unwrap()).collect()
    }

    #[test]
    fn needles_of_filters() {
        let s = schema();
        let eq = |c: &str, v: &str| binary(col(c, &s).unwrap(), Operator::Eq, lit(v), &s).unwrap();
        let like_ = |c: &str, p: &str, neg: bool| like(neg, false, col(c, &s).unwrap(), lit(p), &s).unwrap();
        assert_eq!(needles(eq("level", "ERROR")), ["\"ERROR\""]);
        assert_eq!(needles(binary(lit("ERROR"), Operator::Eq, col("level", &s).unwrap(), &s).unwrap()), ["\"ERROR\""]);
        assert_eq!(needles(like_("msg", "%time_out or%", false)), ["out or"]);
        let both = binary(eq("level", "ERROR"), Operator::And, like_("msg", "%timeout%", false), &s).unwrap();
        assert_eq!(needles(both), ["\"ERROR\"", "timeout"]);
        // What implies no needle: OR, NOT LIKE, a quote in the value, a number column, escapes in LIKE.
        let either = binary(eq("level", "ERROR"), Operator::Or, eq("level", "WARN"), &s).unwrap();
        assert!(needles(either).is_empty());
        assert!(needles(like_("msg", "%timeout%", true)).is_empty());
        assert!(needles(eq("level", "say \"hi\"")).is_empty());
        assert!(needles(like_("msg", "%50\\%%", false)).is_empty());
        let n = binary(col("n", &s).unwrap(), Operator::Eq, lit(5i64), &s).unwrap();
        assert!(needles(n).is_empty());
    }
}
