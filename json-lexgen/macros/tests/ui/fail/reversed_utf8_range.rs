// A range of characters from high to low.
json_lexgen_macros::json_lexer!(
    r#"
    %encoding utf8;
    [ω-α]+ => Greek;
"#
);

fn main() {}
