//! [`Prefilter`]: a condition on a record's text that a query's filter implies, so
//! that records which cannot pass the filter are checked as JSON and stepped over
//! instead of decoded.

use memchr::memmem::Finder;

/// Byte strings that every record a filter keeps must contain.
///
/// A record whose text lacks one of them, and has no `\` (an escape could spell a
/// needle another way), is validated (a malformed one is still an error) and dropped
/// without being decoded; the others are decoded as usual. It is a necessary
/// condition, not the filter: the caller still filters the rows it gets. A dropped
/// record's values are not checked against the schema's types.
///
/// ```
/// use std::sync::Arc;
/// use arrow_schema::{DataType, Field, Schema};
///
/// let schema = Arc::new(Schema::new(vec![Field::new("level", DataType::Utf8, true)]));
/// let input = "{\"level\": \"INFO\"}\n{\"level\": \"ERROR\"}\n";
/// // For `WHERE level = 'ERROR'`:
/// let prefilter = jsonlex_arrow::Prefilter::all_of(["\"ERROR\""]);
/// let mut reader = jsonlex_arrow::ReaderBuilder::new(schema).with_prefilter(prefilter).build(input.as_bytes()).unwrap();
/// assert_eq!(reader.next().unwrap().unwrap().num_rows(), 1);
/// assert_eq!(reader.filtered_records(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Prefilter {
    needles: Vec<Finder<'static>>,
}

impl Prefilter {
    /// Records must contain each of `needles` (empty needles are left out).
    pub fn all_of<I, N>(needles: I) -> Prefilter
    where
        I: IntoIterator<Item = N>,
        N: AsRef<[u8]>,
    {
        let mut out = Prefilter::default();
        for n in needles {
            out.push(n.as_ref());
        }
        out
    }

    /// One more needle (a duplicate or an empty one changes nothing).
    pub fn push(&mut self, needle: &[u8]) {
        if !needle.is_empty() && !self.needles.iter().any(|f| f.needle() == needle) {
            self.needles.push(Finder::new(needle).into_owned());
        }
    }

    /// The needles, in the order given.
    pub fn needles(&self) -> impl Iterator<Item = &[u8]> {
        self.needles.iter().map(|f| f.needle())
    }

    /// No needles: every record passes.
    pub fn is_empty(&self) -> bool {
        self.needles.is_empty()
    }

    /// Whether a record with this text may pass the filter.
    #[inline]
    pub(crate) fn may_match(&self, text: &[u8]) -> bool {
        self.needles.iter().all(|f| f.find(text).is_some()) || memchr::memchr(b'\\', text).is_some()
    }
}
