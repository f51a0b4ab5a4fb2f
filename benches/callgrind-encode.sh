#!/usr/bin/env bash
# Instruction counts of the encoder per payload class and kernel level, with callgrind
# (machine-independent; cycles come from `cargo bench --bench encode`).
#
#     bash benches/callgrind-encode.sh [iterations]   # needs valgrind
#
# Builds the `encode_instructions` driver, then for every class runs it under
# `valgrind --tool=callgrind --toggle-collect=*encode_loop*` (only the encode loop is
# counted, not building the input) at each available level and prints a Markdown
# table of instructions per encode, and each level's count relative to scalar.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5}
cargo bench -p jsonlex-benches --bench encode_instructions --no-run >/dev/null 2>&1
bin=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/encode_instructions-* | grep -v '\.d$' | head -1)
levels=(scalar swar sse2 avx2)
grep -q avx2 /proc/cpuinfo || levels=(scalar swar sse2)
[ "$(uname -m)" = aarch64 ] && levels=(scalar swar neon)
count() { # class level [php]
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*encode_loop*' \
        "$bin" "$1" "$2" "$n" ${3:-} 2>&1 | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p; s/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d , | tail -1
}
printf '| class |'; for l in "${levels[@]}"; do printf ' %s |' "$l"; done; printf ' best / scalar |\n'
printf '|---|'; for l in "${levels[@]}"; do printf -- '---:|'; done; printf -- '---:|\n'
for class in $("$bin" list); do
    printf '| %s |' "$class"
    base=; last=
    for l in "${levels[@]}"; do
        c=$(count "$class" "$l")
        per=$((c / n))
        [ -z "$base" ] && base=$per
        last=$per
        printf ' %s |' "$per"
    done
    awk -v a="$last" -v b="$base" 'BEGIN { printf " %.3f |\n", a / b }'
done
