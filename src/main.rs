//! The `jsonlex` command line.
fn main() {}
