use jsonlex_logos::Logos;

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
enum Tokens {
    // Not a regex.
    #[regex("[a-z")]
    Open,
    // An undefined subpattern.
    #[regex("(?&digits)x")]
    Sub,
}

fn main() {}
