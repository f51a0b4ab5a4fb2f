//! `--lines`: each line of each input is a JSON document (NDJSON). Inputs are read in
//! blocks (never whole), their lines checked or decoded on `--jobs` threads; every bad
//! line is reported as `FILE:LINE:COL: message` and the rest go on.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::rc::Rc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jsonlex::ndjson::Ndjson;
use jsonlex::runtime::ser::{encode_to_writer_with, EncodeOptions};
use jsonlex::{Category, Error};

use crate::Tally;

/// Inputs bigger than this get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 64 << 20;

/// An opened input: its name, its reader (which moves its progress bar), the bar.
struct Opened {
    name: String,
    reader: Counted<Box<dyn Read>>,
    progress: Rc<RefCell<Progress>>,
}

fn open(path: Option<&str>) -> Result<Opened, String> {
    let (name, reader, size): (String, Box<dyn Read>, Option<u64>) = match path {
        None | Some("-") => ("<stdin>".to_string(), Box::new(io::stdin()), None),
        Some(p) => {
            let file = File::open(p).map_err(|e| format!("{p}: {e}"))?;
            let size = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            (p.to_string(), Box::new(file), size)
        }
    };
    let progress = Rc::new(RefCell::new(Progress::new(size)));
    Ok(Opened { name, reader: Counted { inner: reader, progress: progress.clone() }, progress })
}

/// The progress of one input on stderr: a bar when its size is known, a byte count
/// otherwise; drawn only past [`PROGRESS_FROM`] bytes and on a terminal.
struct Progress {
    bar: ProgressBar,
    shown: bool,
}

impl Progress {
    fn new(size: Option<u64>) -> Progress {
        let bar = match size {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template("{spinner} {bytes} {bytes_per_sec}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        Progress { bar, shown: false }
    }

    /// `n` more bytes read.
    fn advance(&mut self, n: usize) {
        self.bar.inc(n as u64);
        if !self.shown && self.bar.position() > PROGRESS_FROM && io::stderr().is_terminal() {
            self.shown = true;
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Prints a line on stderr above the bar.
    fn report(&self, line: &str) {
        if self.shown {
            self.bar.suspend(|| eprintln!("{line}"));
        } else {
            eprintln!("{line}");
        }
    }
}

/// A reader that moves a progress bar.
struct Counted<R> {
    inner: R,
    progress: Rc<RefCell<Progress>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.progress.borrow_mut().advance(n);
        Ok(n)
    }
}

fn message(name: &str, e: &Error) -> String {
    if e.classify() == Category::Io {
        format!("jsonlex: {name}: {}", e.message())
    } else {
        format!("{name}:{}:{}: {}", e.line(), e.column(), e.message())
    }
}

/// What `--lines` counted over all inputs.
#[derive(Default)]
pub struct LineTally {
    pub documents: usize,
    pub invalid: usize,
}

impl LineTally {
    pub fn summary(&self) -> String {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        format!("{} document{}, {} invalid", self.documents, s(self.documents), self.invalid)
    }
}

fn open_counted(path: Option<&str>, tally: &mut Tally) -> Option<Opened> {
    tally.files += 1;
    match open(path) {
        Ok(opened) => Some(opened),
        Err(msg) => {
            eprintln!("jsonlex: {msg}");
            tally.unreadable += 1;
            None
        }
    }
}

/// Reports a bad line (or a failed read) of input `name` and counts it; true for a bad
/// line.
fn count_bad(e: &Error, name: &str, progress: &RefCell<Progress>, tally: &mut Tally, lines: &mut LineTally) -> bool {
    progress.borrow().report(&message(name, e));
    if e.classify() == Category::Io {
        tally.unreadable += 1;
        false
    } else {
        lines.invalid += 1;
        true
    }
}

/// `check --lines`.
pub fn check(files: &[Option<&str>], settings: &Ndjson, tally: &mut Tally, lines: &mut LineTally) {
    for &path in files {
        let Some(Opened { name, reader, progress }) = open_counted(path, tally) else { continue };
        let mut bad = settings.validate_reader(reader);
        let mut invalid = false;
        for e in bad.by_ref() {
            invalid |= count_bad(&e, &name, &progress, tally, lines);
        }
        progress.borrow().bar.finish_and_clear();
        lines.documents += bad.documents();
        tally.invalid += usize::from(invalid);
    }
}

/// `fmt --lines`: each good line re-encoded on a line of its own. Err: writing failed
/// (a closed pipe is `Ok(false)`: stop quietly).
pub fn fmt(
    files: &[Option<&str>],
    settings: &Ndjson,
    encode: &EncodeOptions,
    tally: &mut Tally,
    lines: &mut LineTally,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    for &path in files {
        let Some(Opened { name, reader, progress }) = open_counted(path, tally) else { continue };
        let mut decoded = settings.decode_reader(reader);
        let mut invalid = false;
        for (_, result) in decoded.by_ref() {
            let written = match result {
                Ok(value) => encode_to_writer_with(&mut out, &value, encode).and_then(|()| out.write_all(b"\n")),
                Err(e) => {
                    // What came before the bad line is printed before its message.
                    let flushed = out.flush();
                    invalid |= count_bad(&e, &name, &progress, tally, lines);
                    flushed
                }
            };
            match written {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(false),
                Err(e) => return Err(e),
            }
        }
        progress.borrow().bar.finish_and_clear();
        lines.documents += decoded.documents();
        tally.invalid += usize::from(invalid);
        match out.flush() {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(false),
            Err(e) => return Err(e),
        }
    }
    Ok(true)
}
