#!/usr/bin/env bash
# Instruction counts (callgrind) of validate, decode and the bare lexer on every payload
# class and corpus file, at the scalar level (no skip kernels: the plain DFA) and at the
# default level (the best this CPU has), and their ratio. Repeatable on noisy machines.
#
#   bash benches/callgrind-levels.sh [iterations] [ops]      (default: 3 "validate decode tokenize")
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-3}
ops=${2:-"validate decode tokenize"}
default_level=$(cargo run -q --release -p jsonlex-benches --example simd_level 2>/dev/null || echo avx2)
bin=$(cargo bench -q -p jsonlex-benches --bench levels_instructions --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json, sys; print([m["executable"] for m in map(json.loads, sys.stdin) if m.get("executable")][-1])')
# CLASSES overrides the list, e.g. CLASSES="len-8 len-9 len-12" (the length sweep).
classes=${CLASSES:-"english japanese-dense cjk-mixed cyrillic u-escaped escape-heavy sweep-0 sweep-5 sweep-15 sweep-30 sweep-50 sweep-100 numbers records-pretty canada citm_catalog twitter utf-8-escaped utf-8-unescaped"}
count() { # class op level
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*run_loop*' "$bin" "$1" "$2" "$3" "$iterations" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    rm -f "$out"
}
printf '| class | op | scalar instr | %s instr | %s/scalar |\n|---|---|---:|---:|---:|\n' "$default_level" "$default_level"
for class in $classes; do
    for op in $ops; do
        s=$(count "$class" "$op" scalar)
        d=$(count "$class" "$op" "$default_level")
        printf '| %s | %s | %s | %s | %s |\n' "$class" "$op" "$s" "$d" "$(python3 -c "print(f'{$d/$s:.3f}')")"
    done
done
