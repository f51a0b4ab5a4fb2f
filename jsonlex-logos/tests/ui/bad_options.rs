use jsonlex_logos::Logos;

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
#[logos(skipp " ")]
enum Unknown {
    #[token("a", ignore(everything))]
    A,
}

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
enum Fields {
    #[token("a")]
    A(u8, u8),
}

#[derive(Logos)]
#[logos(crate = jsonlex_logos)]
enum NoType<T> {
    #[regex("[a-z]+")]
    Word(T),
}

fn main() {}
