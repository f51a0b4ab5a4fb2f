//! [`ReaderBuilder::read_parallel`]: NDJSON in memory split at line ends into ranges,
//! each decoded on its own rayon thread, the batches in input order.

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use rayon::prelude::*;

use crate::ReaderBuilder;

/// Ranges smaller than this are not worth a thread.
const MIN_RANGE: usize = 1 << 20;

impl ReaderBuilder {
    /// Decodes `input` on every rayon thread: NDJSON is cut at line ends into one range
    /// per thread (at least 1 MiB each), each range decoded by its own decoder, and the
    /// batches come back in input order. Every batch but the last of each range holds
    /// `batch_size` rows. The rows, and the first error, are those of the sequential
    /// [`Reader`](crate::Reader): on any error (or when skipping bad records, or for the
    /// array form) the input is decoded sequentially instead, so that errors keep their
    /// line, record and byte in the whole input.
    pub fn read_parallel(self, input: &[u8]) -> Result<Vec<RecordBatch>, ArrowError> {
        let first = input.iter().find(|b| !b.is_ascii_whitespace());
        let threads = rayon::current_num_threads();
        // JSONC: a range may start inside a comment, so one pass.
        let jsonc = self.dialect != jsonlex::Dialect::Json;
        if jsonc || self.skip_bad_records || first == Some(&b'[') || threads < 2 || input.len() < 2 * MIN_RANGE {
            return self.read_sequential(input);
        }
        let ranges = split_at_lines(input, threads.min(input.len() / MIN_RANGE));
        let parts: Result<Vec<Vec<RecordBatch>>, ArrowError> =
            ranges.par_iter().map(|r| self.clone().read_sequential(&input[r.clone()])).collect();
        match parts {
            Ok(parts) => Ok(parts.into_iter().flatten().collect()),
            // Again in one piece, for the error's place in the whole input.
            Err(_) => self.read_sequential(input),
        }
    }

    fn read_sequential(self, input: &[u8]) -> Result<Vec<RecordBatch>, ArrowError> {
        self.build(input)?.collect()
    }
}

/// `input` in about `n` ranges, each ending just after a line break (the last at the end).
fn split_at_lines(input: &[u8], n: usize) -> Vec<std::ops::Range<usize>> {
    let n = n.max(1);
    let step = input.len() / n;
    let mut ranges = Vec::with_capacity(n);
    let mut start = 0;
    for i in 1..n {
        let target = (i * step).max(start);
        let end = match memchr::memchr(b'\n', &input[target..]) {
            Some(j) => target + j + 1,
            None => break,
        };
        if end > start {
            ranges.push(start..end);
            start = end;
        }
    }
    ranges.push(start..input.len());
    ranges
}

#[cfg(test)]
mod tests {
    use super::split_at_lines;

    #[test]
    fn ranges_end_at_line_breaks_and_cover_the_input() {
        let input = b"{\"a\":1}\n{\"a\":22}\n\n{\"a\":333}\n{}";
        for n in 1..8 {
            let r = split_at_lines(input, n);
            assert_eq!(r.first().unwrap().start, 0);
            assert_eq!(r.last().unwrap().end, input.len());
            for w in r.windows(2) {
                assert_eq!(w[0].end, w[1].start);
                assert_eq!(input[w[0].end - 1], b'\n');
            }
        }
    }
}
