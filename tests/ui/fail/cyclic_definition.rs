// A definition defined in terms of itself.
jsonlex::json_lexer!(
    r#"
    list = item ("," list)?;
    item = [a-z]+ | "(" list ")";
    list => List;
"#
);

fn main() {}
