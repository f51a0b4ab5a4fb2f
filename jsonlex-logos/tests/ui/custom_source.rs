use jsonlex_logos::Logos;

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
#[logos(source = [u16])]
enum Token {
    #[token("a")]
    A,
}

fn main() {}
