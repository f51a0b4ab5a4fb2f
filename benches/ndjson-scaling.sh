#!/usr/bin/env bash
# `jsonlex check --lines` with one and two jobs, and, as the machine's own ceiling, two
# independent one-job processes at once (what two cores give to work that shares nothing).
# Interleaved rounds; wall seconds, best and median.
#
#   bash benches/ndjson-scaling.sh FILE.ndjson [rounds]     (default 5 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
file=$1
rounds=${2:-5}
cargo build -q --release -p jsonlex-cli
bin=target/release/jsonlex
cat "$file" >/dev/null # into the page cache
wall() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
one=() two=() pair=()
for _ in $(seq "$rounds"); do
    one+=("$(wall "$bin" check --lines --jobs 1 "$file")")
    two+=("$(wall "$bin" check --lines --jobs 2 "$file")")
    pair+=("$(wall bash -c "$bin check --lines --jobs 1 '$file' & $bin check --lines --jobs 1 '$file'; wait")")
done
python3 - "$rounds" "${one[@]}" "${two[@]}" "${pair[@]}" <<'PY'
import statistics, sys
n = int(sys.argv[1]); v = list(map(float, sys.argv[2:]))
one, two, pair = v[:n], v[n:2*n], v[2*n:]
best = lambda xs: min(xs)
med = statistics.median
print("| run | wall best | wall median | throughput vs one job (best / median) |")
print("|---|---:|---:|---:|")
print(f"| --jobs 1 | {best(one):.2f} s | {med(one):.2f} s | 1.00x |")
print(f"| --jobs 2 | {best(two):.2f} s | {med(two):.2f} s | {best(one)/best(two):.2f}x / {med(one)/med(two):.2f}x |")
print(f"| two --jobs 1 processes at once (twice the bytes) | {best(pair):.2f} s | {med(pair):.2f} s | {2*best(one)/best(pair):.2f}x / {2*med(one)/med(pair):.2f}x |")
PY
