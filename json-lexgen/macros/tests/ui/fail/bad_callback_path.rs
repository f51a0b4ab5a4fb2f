// A callback naming a function that does not exist: rustc says so.
mod lexer {
    json_lexgen_macros::json_lexer!(
        r#"
        %value Int: u64;
        [0-9]+ => Int(parse_number);
        * => error;
"#
    );
}

fn main() {}
