// A definition defined in terms of itself.
json_lexgen_macros::json_lexer!(
    r#"
    list = item ("," list)?;
    item = [a-z]+ | "(" list ")";
    list => List;
"#
);

fn main() {}
