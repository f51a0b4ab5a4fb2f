//! [`Translated`]: a [`BufRead`](std::io::BufRead) of what a dialect's translation into
//! JSON makes of another reader's bytes (schema inference reads JSONC and JSON5 so;
//! the push decoder translates its pieces itself).

/// A translation into JSON that goes on across pieces of input.
pub(crate) trait Translate {
    /// Appends `input` translated to `out` (more input may follow).
    fn translate(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), String>;
    /// The input has ended: what is held, translated as the end.
    fn finish(&mut self, out: &mut Vec<u8>) -> Result<(), String>;
}

/// `inner`'s bytes through `translation`; its errors are `InvalidData` errors.
pub(crate) struct Translated<R, T> {
    inner: R,
    translation: T,
    out: Vec<u8>,
    pos: usize,
    done: bool,
}

impl<R: std::io::BufRead, T: Translate> Translated<R, T> {
    pub(crate) fn new(inner: R, translation: T) -> Translated<R, T> {
        Translated { inner, translation, out: Vec::new(), pos: 0, done: false }
    }
}

impl<R: std::io::BufRead, T: Translate> std::io::Read for Translated<R, T> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let have = std::io::BufRead::fill_buf(self)?;
            let n = have.len().min(buf.len());
            buf[..n].copy_from_slice(&have[..n]);
            n
        };
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl<R: std::io::BufRead, T: Translate> std::io::BufRead for Translated<R, T> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let invalid = |e| std::io::Error::new(std::io::ErrorKind::InvalidData, e);
        while self.pos == self.out.len() && !self.done {
            self.out.clear();
            self.pos = 0;
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                self.done = true;
                self.translation.finish(&mut self.out).map_err(invalid)?;
                break;
            }
            let n = buf.len();
            self.translation.translate(buf, &mut self.out).map_err(invalid)?;
            self.inner.consume(n);
        }
        Ok(&self.out[self.pos..])
    }

    fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt).min(self.out.len());
    }
}
