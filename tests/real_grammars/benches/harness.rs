//! What both C lexer benchmarks share: the lexers' input (the C files under a path,
//! repeated to a length) and the one function callgrind measures, `measure`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

/// A lexer to measure, returning `T`. re2c's c.re lexes an `Input` that owns its bytes,
/// so its lexers take a copy, made before the clock starts.
pub enum Run<T> {
    Slice(fn(&[u8]) -> T),
    Owned(fn(Vec<u8>) -> T),
}

// Derived `Clone` and `Copy` would ask the same of `T`; a `Run` is two function pointers.
impl<T> Clone for Run<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Run<T> {}

/// The input as a `Run` takes it: borrowed, or a copy for re2rust's lexers.
pub enum Prepared<'a> {
    Slice(&'a [u8]),
    Owned(Vec<u8>),
}

pub fn prepare<T>(run: Run<T>, input: &[u8]) -> Prepared<'_> {
    match run {
        Run::Slice(_) => Prepared::Slice(input),
        Run::Owned(_) => Prepared::Owned(input.to_vec()),
    }
}

#[inline(never)]
pub fn measure<T>(run: Run<T>, input: Prepared) -> T {
    match (run, input) {
        (Run::Slice(lexer), Prepared::Slice(input)) => lexer(black_box(input)),
        (Run::Owned(lexer), Prepared::Owned(input)) => lexer(black_box(input)),
        _ => unreachable!("prepare() matches the run"),
    }
}

fn c_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path).unwrap().filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for entry in entries {
            c_files(&entry, out);
        }
    } else if path.extension().is_some_and(|x| x == "c" || x == "h") {
        out.push(path.to_path_buf());
    }
}

/// The files' text, each valid UTF-8 and without NUL (c.re's end of input), joined,
/// NUL-terminated for every lexer.
pub fn load(path: &Path, min_len: usize) -> Vec<u8> {
    let mut files = Vec::new();
    c_files(path, &mut files);
    let mut text = Vec::new();
    while text.len() < min_len.max(1) {
        let before = text.len();
        for file in &files {
            let bytes = std::fs::read(file).unwrap();
            if std::str::from_utf8(&bytes).is_ok() && !bytes.contains(&0) {
                text.extend_from_slice(&bytes);
                text.push(b'\n');
            }
        }
        assert!(text.len() > before, "no C text under {}", path.display());
    }
    text.push(0);
    text
}
