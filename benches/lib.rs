//! Shared helpers for the benchmarks: the vendored corpus and generated payloads.
