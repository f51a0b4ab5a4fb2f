//! json-runtime's integration tests, one binary (as regex-automata's `tests/lib.rs`):
//! the modules share the helpers in `util`, and cargo links one test executable
//! instead of one per file.
//!
//! | module | what it checks |
//! |---|---|
//! | `skip_kernels` | `skip_class` / `skip_utf8` at every level against a byte-by-byte reference, every matcher shape |
//! | `skip_long` | the `_long` entry points agree with the plain ones |
//! | `skip_const` | the entry points compiled for a `ConstClass` agree with those taking the class by reference, every level and shape |
//! | `skip_probe` | the inline probe against the scalar loops |
//! | `encode_boundary` | each special character at every position, at every level, against a reference encoder |
//! | `encode_serde` | byte-identical to serde_json on the corpus and generated values, at every level |
//! | `encode_php` | golden outputs of PHP's `json_encode` |

mod util;

mod encode_boundary;
mod encode_php;
mod encode_serde;
mod skip_const;
mod skip_kernels;
mod skip_long;
mod skip_probe;
