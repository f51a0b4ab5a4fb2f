//! Compile tests of `json_lexer!`: grammars that must compile (and whose lexers run),
//! and grammars whose diagnostics must point at the grammar's own line and column.
//! Refresh the `.stderr` files with `TRYBUILD=overwrite cargo test -p json-lexgen-macros --test ui`.

#[test]
fn macro_ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
