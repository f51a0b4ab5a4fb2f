#!/usr/bin/env bash
# What json_lexer! costs a crate that uses it: generated code size and automaton sizes
# for a grammar (default json-runtime/grammar/json.lex), and the wall time the macro adds to
# building a scratch crate (dependencies prebuilt; median of 5 builds with the macro
# minus the median of 5 builds of the same crate without it).
#
#   bash benches/generation-cost.sh [GRAMMAR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
grammar=$(realpath "${1:-$root/json-runtime/grammar/json.lex}")
cd "$root"
echo "== json-lexgen --stats $grammar"
cargo run -q --release -p json-lexgen-cli -- "$grammar" --stats -o /dev/null
echo "== json-lexgen --stats --no-simd"
cargo run -q --release -p json-lexgen-cli -- "$grammar" --stats --no-simd -o /dev/null 2>&1 | tail -1

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src"
cat > "$scratch/Cargo.toml" <<TOML
[package]
name = "scratch"
version = "0.1.0"
edition = "2021"
[dependencies]
json-runtime = { path = "$root/json-runtime" }
json-lexgen-macros = { path = "$root/json-lexgen/macros" }
TOML
with_macro="json_lexgen_macros::json_lexer!(file = \"$grammar\", runtime = \"::json_runtime\");"
build() { # label, lib source
    echo "$2" > "$scratch/src/lib.rs"
    (cd "$scratch" && cargo build -q 2>/dev/null) # dependencies
    local times=()
    for _ in 1 2 3 4 5; do
        touch "$scratch/src/lib.rs"
        local t0 t1
        t0=$(date +%s.%N)
        (cd "$scratch" && cargo build -q 2>/dev/null)
        t1=$(date +%s.%N)
        times+=("$(python3 -c "print($t1 - $t0)")")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}
plain=$(build plain "pub fn nothing() {}")
macro=$(build macro "$with_macro")
python3 -c "print(f'== build of the scratch crate: {$plain:.2f} s without the macro, {$macro:.2f} s with it: the macro adds {$macro - $plain:.2f} s (debug profile)')"
