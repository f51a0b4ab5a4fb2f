//! `Generated::stats()` and `Generated::dot()` through the public API, on grammars small
//! enough to draw their automata by hand.

use json_lexgen::{Builder, Config, Generated};

fn build(grammar: &str, config: Config) -> Generated {
    Builder::new().configure(config).build_from_str(grammar).unwrap_or_else(|e| panic!("{e}"))
}

/// "a" or "abc": states 0 -a-> 1 (A) -b-> 2 -c-> 3 (Abc).
const BACKTRACKING: &str = "%name Bt;\n\"a\" => A;\n\"abc\" => Abc;\n";

/// A string (its body loops over 254 bytes: wide enough for a hook), words, spaces.
const STRINGS: &str = "%name S;\n\"\\\"\" [^\"\\n]* \"\\\"\" => Str;\n[a-z]+ => Word;\n\" \"+ => skip;\n* => error;\n";

/// Two conditions, each with its own automaton.
const CONDITIONS: &str = "%name C;\n<A> \"x\" => X -> B;\n<B> [0-9]+ => N -> A;\n<*> * => error;\n";

#[test]
fn stats_count_states_transitions_and_loops() {
    let generated = build(BACKTRACKING, Config::new());
    let stats = generated.stats().to_string();
    assert!(stats.starts_with("condition INITIAL:\n"), "{stats}");
    assert!(stats.contains(", 4 after folding the delayed match\n"), "{stats}");
    assert!(stats.contains("  transitions (byte ranges): 3\n"), "{stats}");
    assert!(stats.contains("  loop states: 0\n"), "{stats}");
    assert!(stats.contains("  SIMD skip hooks: 0\n"), "{stats}");
    let code = generated.to_file_string();
    let size = format!("generated code: {} lines, {} bytes", code.lines().count(), code.len());
    assert!(stats.contains(&size), "expected `{size}` in {stats}");
}

#[test]
fn stats_list_loops_and_hooks() {
    let stats = build(STRINGS, Config::new()).stats().to_string();
    // States: 0 start, 1 spaces, 2 string body, 3 word, 4 closed string.
    assert!(stats.contains(", 5 after folding the delayed match\n"), "{stats}");
    assert!(stats.contains("  loop states: 3\n"), "{stats}");
    assert!(stats.contains("    state 1: 1 bytes [' ']\n"), "{stats}");
    assert!(stats.contains("    state 2: 254 bytes [0x00-0x09 0x0B-'!' '#'-0xFF]\n"), "{stats}");
    assert!(stats.contains("    state 3: 26 bytes ['a'-'z']\n"), "{stats}");
    // Only the string body is wide enough for a hook; it has no multibyte exit, so the
    // class kernel.
    assert!(stats.contains("  SIMD skip hooks: 1\n"), "{stats}");
    assert!(stats.contains("    state 2: skip_class over [0x00-0x09 0x0B-'!' '#'-0xFF]"), "{stats}");

    let plain = build(STRINGS, Config::new().simd(false)).stats().to_string();
    assert!(plain.contains("  loop states: 3\n"), "{plain}");
    assert!(plain.contains("  SIMD skip hooks: 0\n"), "{plain}");
}

#[test]
fn stats_have_one_section_per_condition() {
    let stats = build(CONDITIONS, Config::new()).stats().to_string();
    let a = stats.find("condition A:\n").expect(&stats);
    let b = stats.find("condition B:\n").expect(&stats);
    assert!(a < b, "{stats}");
    // <A>: 0 -x-> 1; <B>: 0 -digit-> 1, which loops on digits.
    assert!(stats[a..b].contains("  loop states: 0\n"), "{stats}");
    assert!(stats[b..].contains("  loop states: 1\n    state 1: 10 bytes ['0'-'9']\n"), "{stats}");
}

#[test]
fn dot_draws_every_state_and_edge() {
    let dot = build(BACKTRACKING, Config::new()).dot();
    let expected = r#"digraph lexer {
  rankdir=LR;
  node [shape=circle, fontsize=10];
  edge [fontsize=9];
  subgraph "cluster_INITIAL" {
    label="<INITIAL>";
    "INITIAL0" [label="0"];
    "INITIAL0" -> "INITIAL1" [label="['a']"];
    "INITIAL1" [shape=doublecircle, label="1\nA"];
    "INITIAL1" -> "INITIAL2" [label="['b']"];
    "INITIAL2" [label="2"];
    "INITIAL2" -> "INITIAL3" [label="['c']"];
    "INITIAL3" [shape=doublecircle, label="3\nAbc"];
  }
}
"#;
    assert_eq!(dot, expected);
}

#[test]
fn dot_has_a_cluster_per_condition_and_labels_loops_and_skips() {
    let dot = build(CONDITIONS, Config::new()).dot();
    assert!(dot.starts_with("digraph lexer {\n") && dot.ends_with("}\n"), "{dot}");
    assert!(dot.contains("  subgraph \"cluster_A\" {\n    label=\"<A>\";\n"), "{dot}");
    assert!(dot.contains("  subgraph \"cluster_B\" {\n    label=\"<B>\";\n"), "{dot}");
    assert!(dot.contains("    \"A0\" -> \"A1\" [label=\"['x']\"];\n"), "{dot}");
    assert!(dot.contains("    \"B1\" [shape=doublecircle, label=\"1\\nN\"];\n"), "{dot}");
    assert!(dot.contains("    \"B1\" -> \"B1\" [label=\"['0'-'9']\"];\n"), "{dot}");

    let dot = build(STRINGS, Config::new()).dot();
    assert!(dot.contains("    \"INITIAL1\" [shape=doublecircle, label=\"1\\nskip\"];\n"), "{dot}");
    assert!(dot.contains("    \"INITIAL2\" -> \"INITIAL2\" [label=\"[0x00-0x09 0x0B-'!' '#'-0xFF]\"];\n"), "{dot}");
    assert_eq!(dot.matches("doublecircle").count(), 3, "skip, Word, Str: {dot}");
}
