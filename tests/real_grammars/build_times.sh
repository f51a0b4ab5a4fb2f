#!/usr/bin/env bash
# The value-producing C lexer's build times: json-lexgen (c_values.lex, generated in a
# build script), re2rust (re2c/derived/c_values.re, re2rust in a build script) and the
# logos derive (src/logos_values.rs), each as a crate of its own with src/values.rs, so
# that each is timed alone. Their dependencies are built first; then each edit-rebuild
# cycle is timed: the grammar touched, `cargo check`, then `cargo build --release`.
#   bash tests/real_grammars/build_times.sh [WORKDIR]
# Needs re2rust, and the crates.io dependencies in cargo's cache (it runs --offline).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"

crate() { # name, extra dependencies, build-dependencies, build.rs, lib.rs tail
    local dir="$work/$1"
    mkdir -p "$dir/src"
    cat >"$dir/Cargo.toml" <<TOML
[package]
name = "c-values-$1"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
json-runtime = { path = "$repo/json-runtime" }
$2

[build-dependencies]
$3

[workspace]

[profile.dev.package.regex-automata]
opt-level = 3
TOML
    printf '%s\n' "$4" >"$dir/build.rs"
    cp "$here/src/values.rs" "$dir/src/values.rs"
    printf 'pub mod values;\n%s\n' "$5" >"$dir/src/lib.rs"
}

cp "$here/c_values.lex" "$work/c_values.lex"
sed 's/re2c:YY/re2c:define:YY/g' "$here/re2c/derived/c_values.re" >"$work/c_values.re"

crate jsonlex "" "json-lexgen = { path = \"$repo/json-lexgen\" }" "fn main() {
    println!(\"cargo:rerun-if-changed=$work/c_values.lex\");
    let out = std::path::PathBuf::from(std::env::var(\"OUT_DIR\").unwrap());
    json_lexgen::Builder::new().build_from_file(\"$work/c_values.lex\").unwrap().write_to_file(out.join(\"lexer.rs\")).unwrap();
}" "pub mod lexer { include!(concat!(env!(\"OUT_DIR\"), \"/lexer.rs\")); }"

crate re2rust "" "" "fn main() {
    println!(\"cargo:rerun-if-changed=$work/c_values.re\");
    let out = std::path::PathBuf::from(std::env::var(\"OUT_DIR\").unwrap());
    let ok = std::process::Command::new(\"re2rust\").args([\"-W\", \"--no-unsafe\", \"$work/c_values.re\", \"-o\"]).arg(out.join(\"lexer.rs\")).status().unwrap().success();
    assert!(ok);
}" "#[allow(dead_code, unused_mut, unused_assignments, unused_variables, unreachable_code)]
pub mod lexer { include!(concat!(env!(\"OUT_DIR\"), \"/lexer.rs\")); }"

crate logos 'logos = "0.16"' "" "fn main() {}" "pub type Tok = (String, usize, usize);
#[path = \"logos_values.rs\"]
pub mod logos_values;"
cp "$here/src/logos_values.rs" "$work/logos/src/logos_values.rs"
cp "$here/Cargo.lock" "$work/logos/Cargo.lock" 2>/dev/null || true

touch_grammar() {
    case $1 in
    jsonlex) touch "$work/c_values.lex" ;;
    re2rust) touch "$work/c_values.re" ;;
    logos) touch "$work/logos/src/logos_values.rs" ;;
    esac
}

seconds() { # command...: wall seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

printf '%-8s %14s %24s\n' lexer "cargo check" "cargo build --release"
for name in jsonlex re2rust logos; do
    manifest="$work/$name/Cargo.toml"
    export CARGO_TARGET_DIR="$work/target-$name"
    cargo check --offline --manifest-path "$manifest" >/dev/null 2>&1
    cargo build --release --offline --manifest-path "$manifest" >/dev/null 2>&1
    touch_grammar $name
    check=$(seconds cargo check --offline --manifest-path "$manifest")
    touch_grammar $name
    release=$(seconds cargo build --release --offline --manifest-path "$manifest")
    printf '%-8s %13.1fs %23.1fs\n' $name "$check" "$release"
done
