//! logos's own benchmark (`tests/benches/bench.rs` of logos v0.16.1: its token enum and
//! its three inputs, vendored unchanged; MIT or Apache-2.0, see ../LICENSE-MIT) with both
//! derives in one run: the same enum derived by logos 0.16.1 and by jsonlex-logos.
//!
//! Time: `cargo bench --manifest-path tests/logos_suite/Cargo.toml --bench compare`,
//! interleaved rounds (`ROUNDS`, default 200), each lexer over each input `REPS` times
//! per round; the best round of each is reported, and their ratio.
//! Instructions: `--callgrind CASE IMPL` runs one case once, for
//!   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measure*' \
//!     target/release/deps/compare-* --callgrind strings jsonlex
//! (callgrind's Ir over the bytes it prints).

use std::hint::black_box;
use std::time::Instant;

macro_rules! token_enum {
    ($module:ident, $derive:path, $krate:path) => {
        pub mod $module {
            use $derive;

            #[derive(Debug, Clone, Copy, PartialEq, Logos)]
            #[logos(crate = $krate)]
            pub enum Token {
                #[regex(r"[ \n\t\f]", skip)]
                InvalidToken,

                #[regex("[a-zA-Z_$][a-zA-Z0-9_$]*")]
                Identifier,

                #[regex(r#""([^"\\]|\\t|\\u|\\n|\\")*""#)]
                String,

                #[token("private")]
                Private,

                #[token("primitive")]
                Primitive,

                #[token("protected")]
                Protected,

                #[token("in")]
                In,

                #[token("instanceof")]
                Instanceof,

                #[token(".")]
                Accessor,

                #[token("...")]
                Ellipsis,

                #[token("(")]
                ParenOpen,

                #[token(")")]
                ParenClose,

                #[token("{")]
                BraceOpen,

                #[token("}")]
                BraceClose,

                #[token("+")]
                OpAddition,

                #[token("++")]
                OpIncrement,

                #[token("=")]
                OpAssign,

                #[token("==")]
                OpEquality,

                #[token("===")]
                OpStrictEquality,

                #[token("=>")]
                FatArrow,
            }

            #[allow(unused_imports)]
            use krate::skip;
            use $krate as krate;

            /// logos's `iterate`: every token, through `black_box`.
            #[inline(never)]
            pub fn measure_iterate(s: &str) -> usize {
                let mut lex = <Token as krate::Logos>::lexer(s);
                let mut n = 0;
                while let Some(token) = lex.next() {
                    std::hint::black_box(token).ok();
                    n += 1;
                }
                n
            }

            /// logos's `count_ok`.
            #[inline(never)]
            pub fn measure_count_ok(s: &str) -> usize {
                <Token as krate::Logos>::lexer(s).filter_map(|res| res.ok()).count()
            }
        }
    };
}

token_enum!(theirs, real_logos::Logos, real_logos);
token_enum!(ours, logos::Logos, logos);

static SOURCE: &str = "
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
foobar(protected primitive private instanceof in) { + ++ = == === => }
";

static IDENTIFIERS: &str = "It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton \
                            It was the year when they finally immanentized the Eschaton";

static STRINGS: &str = r#""tree" "to" "a" "graph" "that can" "more adequately represent" "loops and arbitrary state jumps" "with\"\"\"out" "the\n\n\n\n\n" "expl\"\"\"osive" "nature\"""of trying to build up all possible permutations in a tree." "tree" "to" "a" "graph" "that can" "more adequately represent" "loops and arbitrary state jumps" "with\"\"\"out" "the\n\n\n\n\n" "expl\"\"\"osive" "nature\"""of trying to build up all possible permutations in a tree." "tree" "to" "a" "graph" "that can" "more adequately represent" "loops and arbitrary state jumps" "with\"\"\"out" "the\n\n\n\n\n" "expl\"\"\"osive" "nature\"""of trying to build up all possible permutations in a tree." "tree" "to" "a" "graph" "that can" "more adequately represent" "loops and arbitrary state jumps" "with\"\"\"out" "the\n\n\n\n\n" "expl\"\"\"osive" "nature\"""of trying to build up all possible permutations in a tree.""#;

static CANDIDATES: [(&str, &str); 3] =
    [("identifiers", IDENTIFIERS), ("keywords_operators_and_punctators", SOURCE), ("strings", STRINGS)];

type Run = fn(&str) -> usize;

/// The second logos entry is the A/A control: the same function timed again in the same
/// rounds, whose ratio to the first is the noise a ratio has to beat.
fn runs() -> [(&'static str, &'static str, Run); 6] {
    [
        ("iterate", "logos", theirs::measure_iterate),
        ("iterate", "jsonlex", ours::measure_iterate),
        ("iterate", "logos (A/A)", theirs::measure_iterate),
        ("count_ok", "logos", theirs::measure_count_ok),
        ("count_ok", "jsonlex", ours::measure_count_ok),
        ("count_ok", "logos (A/A)", theirs::measure_count_ok),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // Both derives give the same tokens on every input.
    for (name, input) in CANDIDATES {
        let a: Vec<_> =
            <theirs::Token as real_logos::Logos>::lexer(input).spanned().map(|(t, s)| (format!("{t:?}"), s)).collect();
        let b: Vec<_> =
            <ours::Token as logos::Logos>::lexer(input).spanned().map(|(t, s)| (format!("{t:?}"), s)).collect();
        assert_eq!(a, b, "{name}: the two derives differ");
    }
    if let Some(at) = args.iter().position(|a| a == "--callgrind") {
        let (case, who) = (&args[at + 1], &args[at + 2]);
        let (_, input) = CANDIDATES.iter().find(|(n, _)| n == case).expect("a case");
        let (_, _, run) = runs().into_iter().find(|(m, w, _)| *m == "iterate" && w == who).expect("logos or jsonlex");
        println!("{case} {who}: {} tokens, {} bytes", run(black_box(input)), input.len());
        return;
    }
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(200);
    let reps: usize = std::env::var("REPS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    println!("{:<36} {:<9} {:>8} {:>8} {:>10} {:>10}", "case", "method", "logos", "jsonlex", "ratio", "A/A");
    for (name, input) in CANDIDATES {
        for method in ["iterate", "count_ok"] {
            let mine: Vec<(&str, Run)> =
                runs().into_iter().filter(|(m, _, _)| *m == method).map(|(_, w, r)| (w, r)).collect();
            let mut best = vec![f64::INFINITY; mine.len()];
            for _ in 0..rounds {
                for (i, (_, run)) in mine.iter().enumerate() {
                    let t = Instant::now();
                    for _ in 0..reps {
                        black_box(run(black_box(input)));
                    }
                    let ns = t.elapsed().as_nanos() as f64 / reps as f64;
                    best[i] = best[i].min(ns);
                }
            }
            let mbs = |ns: f64| input.len() as f64 / ns * 1e3;
            println!(
                "{name:<36} {method:<9} {:>6.0}MB/s {:>6.0}MB/s {:>9.2}x {:>9.2}x",
                mbs(best[0]),
                mbs(best[1]),
                best[0] / best[1],
                best[0] / best[2]
            );
        }
    }
}
