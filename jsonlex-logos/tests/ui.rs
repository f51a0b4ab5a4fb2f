//! The derive's diagnostics beyond logos's own (those are logos's compile-fail cases in
//! tests/logos_suite): each at the attribute or pattern it is about.

#[test]
fn diagnostics() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
