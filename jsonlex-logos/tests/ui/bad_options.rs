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

// `stream` and `unsafe` take a bool, if anything.
#[derive(Logos)]
#[logos(crate = jsonlex_logos, stream = "yes")]
enum BadStream {
    #[token("a")]
    A,
}

#[derive(Logos)]
#[logos(crate = jsonlex_logos, unsafe)]
enum BadUnsafe {
    #[token("a")]
    A,
}

fn main() {}
