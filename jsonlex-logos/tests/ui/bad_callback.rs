use jsonlex_logos::Logos;

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
enum Tokens {
    // A callback that does not exist: rustc's error, at the path.
    #[regex("[0-9]+", no_such_callback)]
    Int(u64),
    // A callback whose value is not the field's type.
    #[regex("[a-z]+", |lex| lex.slice().len())]
    Word(bool),
}

fn main() {}
