//! The root package's integration tests, one binary (`cargo test --test integration`)
//! whose modules share helpers (`common`, `serde_models`), as regex-automata's
//! `tests/lib.rs` does: one link instead of ten, and no `#[allow(dead_code)]` for
//! helpers a file does not use.
//!
//! `decode_api` installs a counting global allocator: it counts per thread, so the other
//! modules' tests running beside it do not disturb its counts.

mod common;
// Shared with the benchmarks (benches/serde.rs), hence outside this directory.
#[path = "../serde_models/mod.rs"]
mod serde_models;

mod decode_api;
mod decode_boundary;
mod decode_differential;
mod decode_levels;
mod decode_reader;
mod decode_suite;
mod deep_values;
mod dialects_json5;
mod dialects_jsonc;
mod document;
mod encode_roundtrip;
mod lazy_get;
mod lexer_conformance;
mod lexer_differential;
mod lexer_entries;
mod lexer_streaming;
mod lexer_values;
mod ndjson;
mod serde_corpus;
mod serde_dropin;
mod serde_reader;
mod serde_roundtrip;
mod streams;
mod transcode;
