//! The JSON encoder: table-driven escaping, verbatim runs copied in one piece.
//!
//! [`encode`] writes exactly what `serde_json::to_string` writes for the same value;
//! [`EncodeOptions::php`] writes exactly what PHP's `json_encode` writes. Each escaping
//! option set has its own 256-entry table, built at compile time, naming what every
//! byte needs; runs of bytes that need nothing are copied by the [`crate::simd`]
//! copy kernels at the active level, which test and store whole vectors in one pass. With unicode not escaped, multibyte
//! characters stay inside the run (only U+2028/U+2029 can interrupt it, when asked).
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | the entry points: [`encode`], [`encode_with`], `encode_to_*` |
//! | `options.rs` | [`EncodeOptions`] and [`NumberFormat`]; `set_flag` for the CLI |
//! | `encoder.rs` | the walk over a [`Value`] and the string writer (escape tables, kernels) |
//! | `format.rs` | the layout, compact or pretty (spaces or tabs), shared with the serde serializer |
//! | `escape.rs` | the escape tables and the stop sets the kernels search for |
//! | `number.rs` | numbers as serde_json and as PHP write them |
//! | `transcode.rs` | [`transcode_reader`]: re-encoding while parsing (the parser drives the encoder), in constant memory |
//! | `serde.rs` (feature `serde`) | `Serializer`: serde's `Serializer` on this encoder |

pub(crate) mod encoder;
pub(crate) mod escape;
pub(crate) mod format;
pub(crate) mod number;
mod options;
#[cfg(feature = "serde")]
pub mod serde;
mod transcode;

use std::io;

pub use options::{EncodeOptions, NumberFormat};
pub use transcode::{transcode_reader, transcode_reader_trusted};

use crate::simd::Level;
use crate::value::Value;
use encoder::Encoder;

/// `v` as compact JSON, as serde_json writes it.
pub fn encode(v: &Value) -> String {
    encode_with(v, &EncodeOptions::new())
}

/// `v` as JSON under `opts`.
pub fn encode_with(v: &Value, opts: &EncodeOptions) -> String {
    let bytes = encode_to_vec_with(v, opts);
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: the encoder writes only ASCII and whole UTF-8 sequences copied from
    // `&str`s (runs start and end at ASCII bytes or character boundaries).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// `v` as compact JSON bytes, as serde_json writes it.
pub fn encode_to_vec(v: &Value) -> Vec<u8> {
    encode_to_vec_with(v, &EncodeOptions::new())
}

/// `v` as JSON bytes under `opts`.
pub fn encode_to_vec_with(v: &Value, opts: &EncodeOptions) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(v, opts, &mut out);
    out
}

/// Append `v` as JSON under `opts` to `out`.
pub fn encode_into(v: &Value, opts: &EncodeOptions, out: &mut Vec<u8>) {
    out.reserve(encoder::initial_capacity(v));
    let mut enc = Encoder::new(std::mem::take(out), opts);
    enc.value(v);
    *out = enc.out;
}

/// Append `v` as JSON under `opts` to `out`, with the kernels of `level` instead of the
/// active one (an unavailable level falls back to the best one). For tests and
/// benchmarks comparing levels in one process.
pub fn encode_into_at_level(v: &Value, opts: &EncodeOptions, level: Level, out: &mut Vec<u8>) {
    out.reserve(encoder::initial_capacity(v));
    let mut enc = Encoder::with_level(std::mem::take(out), opts, level);
    enc.value(v);
    *out = enc.out;
}

/// Write `v` as compact JSON (as serde_json writes it) to `w`.
pub fn encode_to_writer<W: io::Write>(w: W, v: &Value) -> io::Result<()> {
    encode_to_writer_with(w, v, &EncodeOptions::new())
}

/// Write `v` as JSON under `opts` to `w` (encoded in memory, then written at once).
pub fn encode_to_writer_with<W: io::Write>(mut w: W, v: &Value, opts: &EncodeOptions) -> io::Result<()> {
    w.write_all(&encode_to_vec_with(v, opts))
}

/// Compact JSON, as [`encode`]; `{:#}` pretty prints with 2 spaces, as serde_json's
/// `Display` does.
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let opts = if f.alternate() { EncodeOptions::new().pretty(2) } else { EncodeOptions::new() };
        f.write_str(&encode_with(self, &opts))
    }
}
