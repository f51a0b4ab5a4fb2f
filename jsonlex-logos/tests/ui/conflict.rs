use jsonlex_logos::Logos;

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
enum Tokens {
    // A token and a regex of one priority (2) that both match "a".
    #[token("a")]
    A,
    #[regex("[ab]")]
    AorB,
}

// A higher priority settles it: no error, "a" is `A`.
#[derive(Logos, Debug, PartialEq)]
#[logos(crate = jsonlex_logos)]
enum Settled {
    #[token("a", priority = 3)]
    A,
    #[regex("[ab]")]
    AorB,
}

fn main() {}
