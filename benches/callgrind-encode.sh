#!/usr/bin/env bash
# Instruction counts of the encoder per payload class and kernel level, with callgrind
# (machine-independent; cycles come from `cargo bench --bench encode`).
#
#     bash benches/callgrind-encode.sh [iterations]   # needs valgrind
#
# Builds the `encode_instructions` driver, then for every class runs it under
# `valgrind --tool=callgrind --toggle-collect=*encode_loop*` (only the encode loop is
# counted, not building the input) at each available level, at the default level
# (`JSONLEX_SIMD` or the best), and with serde_json and sonic-rs (their loop is
# `peer_loop`), and prints a Markdown table of instructions per encode.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5}
cargo bench -p jsonlex-benches --bench encode_instructions --no-run >/dev/null 2>&1
bin=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/encode_instructions-* | grep -v '\.d$' | head -1)
levels=(scalar swar sse2 avx2)
grep -q avx2 /proc/cpuinfo || levels=(scalar swar sse2)
[ "$(uname -m)" = aarch64 ] && levels=(scalar swar neon)
count() { # class level|serde_json|sonic-rs
    local fn='*encode_loop*'
    case $2 in serde_json|sonic-rs) fn='*peer_loop*' ;; esac
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$fn" \
        "$bin" "$1" "$2" "$n" 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p; s/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d , | tail -1
}
printf '| class |'; for l in "${levels[@]}"; do printf ' %s |' "$l"; done; printf ' default / scalar | serde_json | sonic-rs | default / serde_json | default / sonic-rs |\n'
printf '|---|'; for l in "${levels[@]}"; do printf -- '---:|'; done; printf -- '---:|---:|---:|---:|---:|\n'
for class in $("$bin" list); do
    printf '| %s |' "$class"
    base=
    for l in "${levels[@]}"; do
        per=$(($(count "$class" "$l") / n))
        [ -z "$base" ] && base=$per
        printf ' %s |' "$per"
    done
    def=$(($(count "$class" default) / n))
    serde=$(($(count "$class" serde_json) / n))
    sonic=$(($(count "$class" sonic-rs) / n))
    awk -v d="$def" -v b="$base" -v s="$serde" -v so="$sonic" \
        'BEGIN { printf " %.3f | %d | %d | %.2f | %.2f |\n", d / b, s, so, d / s, d / so }'
done
