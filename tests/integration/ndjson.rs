//! `jsonlex::ndjson`: empty lines, CRLF, bad lines in the middle and at the end, a last
//! line with and without its newline, errors placed in the whole input; parallel,
//! sequential and reader results (every block size on small inputs) equal to decoding
//! each line alone, on a generated NDJSON of a few thousand records from benches/data.

use std::io::{self, Read};

use jsonlex::ndjson::{self, Ndjson};
use jsonlex::{Category, Error, Value};

use crate::common::assert_same;

/// What each line should give: `(line, Ok(value) | Err((offset, line, column, message)))`,
/// found by splitting at '\n' and decoding each line alone, errors moved by hand.
type Expected = Vec<(usize, Result<Value, (usize, usize, usize, String)>)>;

fn expected(input: &[u8]) -> Expected {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        if !line.iter().all(|b| b" \t\r".contains(b)) {
            let r = jsonlex::decode(line).map_err(|e| {
                assert_eq!(e.line(), 1, "a line has no newline");
                (start + e.offset(), i + 1, e.column(), e.message().to_string())
            });
            out.push((i + 1, r));
        }
        start += raw.len() + 1;
    }
    out
}

fn placed(e: &Error) -> (usize, usize, usize, String) {
    (e.offset(), e.line(), e.column(), e.message().to_string())
}

#[track_caller]
fn assert_lines(got: &[(usize, Result<Value, Error>)], want: &Expected, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: number of documents");
    for ((gl, g), (wl, w)) in got.iter().zip(want) {
        assert_eq!(gl, wl, "{what}: line numbers");
        match (g, w) {
            (Ok(g), Ok(w)) => assert_same(g, w),
            (Err(g), Err(w)) => assert_eq!(&placed(g), w, "{what}: line {wl}"),
            _ => panic!("{what}: line {wl}: got {g:?}, want {w:?}"),
        }
    }
}

/// Every way to get the lines of `input`: the slice functions on 1 and 2 threads and
/// the reader on several block sizes, each against [`expected`].
#[track_caller]
fn check_all_ways(input: &[u8], blocks: &[usize]) {
    let want = expected(input);
    let bad: Vec<_> = want.iter().filter_map(|(_, r)| r.as_ref().err().cloned()).collect();
    for jobs in [1, 2, 0] {
        let s = Ndjson::new().jobs(jobs);
        assert_lines(&s.decode(input), &want, &format!("decode, jobs {jobs}"));
        let v: Vec<_> = s.validate(input).iter().map(placed).collect();
        assert_eq!(v, bad, "validate, jobs {jobs}");
        for &block in blocks {
            let s = s.block_size(block);
            let got: Vec<_> = s.decode_reader(input).collect();
            assert_lines(&got, &want, &format!("decode_reader, jobs {jobs}, block {block}"));
            let mut it = s.validate_reader(input);
            let v: Vec<_> = it.by_ref().map(|e| placed(&e)).collect();
            assert_eq!(v, bad, "validate_reader, jobs {jobs}, block {block}");
            assert_eq!(it.documents(), want.len(), "documents(), block {block}");
            assert_eq!(it.bytes(), input.len(), "bytes(), block {block}");
        }
    }
}

#[test]
fn empty_lines_crlf_and_a_bad_line_in_the_middle() {
    let input = b"{\"a\": 1}\r\n\r\n\n  \t\n[1, 2\r\n\"\xc3\xa9t\xc3\xa9\" x\n[true, null]\r\n";
    let got = ndjson::decode(input);
    let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [1, 5, 6, 7]);
    assert_eq!(got[0].1.as_ref().unwrap()["a"], 1);
    let e = got[1].1.as_ref().unwrap_err();
    // The '\r' is not part of the line: the end of input is right after "[1, 2".
    assert_eq!((e.line(), e.column(), e.classify()), (5, 6, Category::Eof));
    assert_eq!(e.offset(), input.iter().position(|&b| b == b'[').unwrap() + 5);
    // Columns count characters: "été" is 3 columns, 5 bytes.
    let e = got[2].1.as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (6, 7));
    assert_eq!(e.to_string(), "unexpected character `x` at line 6, column 7");
    assert_eq!(got[3].1.as_ref().unwrap()[0], true);
    check_all_ways(input, &[1, 2, 3, 7, 64]);
}

#[test]
fn last_line_with_and_without_newline() {
    for input in [&b"1\n[2]\n{\"x\":3}"[..], b"1\n[2]\n{\"x\":3}\n", b"1\n[2]\n{\"x\":3}\r\n", b"1\n[2]\n{\"x\":3}\n\n"]
    {
        let got = ndjson::decode(input);
        assert_eq!(got.len(), 3, "{:?}", String::from_utf8_lossy(input));
        assert_eq!(got[2].0, 3);
        assert_eq!(got[2].1.as_ref().unwrap()["x"], 3);
        check_all_ways(input, &[1, 4, 100]);
    }
    assert!(ndjson::decode(b"").is_empty());
    assert!(ndjson::validate(b"\n\r\n\n").is_empty());
}

#[test]
fn a_truncated_last_line_is_reported_not_dropped() {
    for input in [&b"[1]\n{\"a\": [1, 2"[..], b"[1]\n\"abc", b"[1]\ntru", b"[1]\n-"] {
        let bad = ndjson::validate(input);
        assert_eq!(bad.len(), 1, "{:?}", String::from_utf8_lossy(input));
        assert_eq!(bad[0].line(), 2);
        let via_reader: Vec<_> = ndjson::validate_reader(input).collect();
        assert_eq!(via_reader.len(), 1);
        assert_eq!(placed(&via_reader[0]), placed(&bad[0]));
        check_all_ways(input, &[1, 3]);
    }
}

/// Every split of small inputs into the reader's blocks: each block size from 1 byte up.
#[test]
fn reader_blocks_of_every_size() {
    let input = b"{\"k\": \"v\\n\"}\n\n[1,\n2]\r\n\"long line long line long line\"\n  7  \n{]\nnull";
    check_all_ways(input, &(1..=input.len() + 1).collect::<Vec<_>>());
}

/// A reader that fails after `ok` bytes.
struct Failing<'a> {
    data: &'a [u8],
    ok: usize,
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ok == 0 {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.ok).min(self.data.len()).min(3);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.ok -= n;
        Ok(n)
    }
}

#[test]
fn io_error_mid_stream_names_the_offset_after_the_lines_before_it() {
    let data = b"1\n2\n[3,\n4]\n";
    // Fails 3 bytes into line 3: lines 1 and 2 come first, then the error.
    let got: Vec<_> = Ndjson::new().block_size(2).decode_reader(Failing { data, ok: 7 }).collect();
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(*got[0].1.as_ref().unwrap(), 1);
    assert_eq!(*got[1].1.as_ref().unwrap(), 2);
    let (line, e) = (got[2].0, got[2].1.as_ref().unwrap_err());
    assert_eq!((line, e.line(), e.column(), e.offset()), (3, 3, 4, 7));
    assert_eq!(e.classify(), Category::Io);
    assert_eq!(e.message(), "reading failed after byte 7: disk on fire");
    // A reader that fails at once: the error is at the start.
    let bad: Vec<_> = ndjson::validate_reader(Failing { data, ok: 0 }).collect();
    assert_eq!(bad.len(), 1);
    assert_eq!((bad[0].classify(), bad[0].offset()), (Category::Io, 0));
}

/// A reader interrupted before every byte.
struct Interrupted<'a> {
    data: &'a [u8],
    flip: bool,
}

impl Read for Interrupted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.flip = !self.flip;
        if self.flip {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(self.data.len()).min(1);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn interrupted_reads_are_retried() {
    let data = b"1\n[2]\n{}\n";
    let got: Vec<_> = Ndjson::new().block_size(4).decode_reader(Interrupted { data, flip: false }).collect();
    assert_eq!(got.len(), 3);
    assert!(got.iter().all(|(_, r)| r.is_ok()));
}

/// A seeded generator: records from benches/data as compact lines, with empty lines,
/// CRLF endings and cut-short (bad) lines among them.
fn generated(records: usize, seed: u64) -> Vec<u8> {
    let data = |name: &str| {
        let path = format!("{}/benches/data/{name}", env!("CARGO_MANIFEST_DIR"));
        jsonlex::decode(&std::fs::read(path).unwrap()).unwrap()
    };
    let twitter = data("twitter.json");
    let citm = data("citm_catalog.json");
    let mut pool: Vec<String> = Vec::new();
    for s in twitter["statuses"].as_array().unwrap() {
        pool.push(jsonlex::encode(s));
    }
    for p in citm["performances"].as_array().unwrap() {
        pool.push(jsonlex::encode(p));
    }
    for (_, e) in citm["events"].as_object().unwrap().iter() {
        pool.push(jsonlex::encode(e));
    }
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut out = Vec::new();
    for _ in 0..records {
        let r = &pool[next() % pool.len()];
        match next() % 50 {
            0 => out.extend_from_slice(&r.as_bytes()[..next() % r.len()]), // cut short
            1 => out.push(b'\n'),                                          // an empty line
            _ => out.extend_from_slice(r.as_bytes()),
        }
        out.extend_from_slice(if next() % 10 == 0 { b"\r\n" } else { b"\n" });
    }
    out
}

#[test]
fn parallel_sequential_and_reader_agree_on_generated_ndjson() {
    let input = generated(2000, 12);
    let want = expected(&input);
    assert!(want.iter().filter(|(_, r)| r.is_err()).count() > 20, "the generator makes bad lines");
    assert!(input.len() > 1 << 20, "big enough for many batches: {}", input.len());
    for jobs in [1, 2, 3] {
        let s = Ndjson::new().jobs(jobs);
        assert_lines(&s.decode(&input), &want, &format!("decode, jobs {jobs}"));
        // Blocks smaller than some lines (a status is several KiB): the buffer grows.
        for block in [1000, 64 << 10] {
            let got: Vec<_> = s.block_size(block).decode_reader(&input[..]).collect();
            assert_lines(&got, &want, &format!("decode_reader, jobs {jobs}, block {block}"));
        }
    }
    // Without its last newline too.
    check_all_ways(&input[..input.len() - 1], &[1 << 16]);
}
