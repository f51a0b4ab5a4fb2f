#!/usr/bin/env bash
# DataFusion over generated NDJSON: the jsonlex format against DataFusion's JSON format
# (count(*), GROUP BY a nested field, a string filter), and `jsonlex-sql convert` to
# Parquet against arrow-json + the same Parquet writer (its pipeline in
# jsonlex-arrow/benches/convert.rs, `CONVERT_ONE=arrow-json`). Each measurement is a process
# of its own under /usr/bin/time -v (peak RSS); the two sides run in turns, ROUNDS
# times, and the best time of each is kept.
#
#     SIZE=1GiB ROUNDS=3 bash jsonlex-datafusion/benches/datafusion.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZE=${SIZE:-1GiB}
ROUNDS=${ROUNDS:-3}
DATA=${DATA:-/tmp/jsonlex-events-$SIZE.ndjson}
TARGET=${CARGO_TARGET_DIR:-target}

[ -f "$DATA" ] || python3 jsonlex-datafusion/benches/events-gen.py "$DATA" --size "$SIZE" --seed 1
cargo bench -p jsonlex-datafusion --bench queries --no-run >/dev/null 2>&1
# The convert baseline: arrow-json + the same Parquet writer (jsonlex-arrow/benches/convert.rs).
cargo bench -p jsonlex-arrow --bench convert --no-run >/dev/null 2>&1
cargo build --release -p jsonlex-sql >/dev/null 2>&1
queries=$(ls -t "$TARGET"/release/deps/queries-* | grep -v '\.d$' | head -1)
baseline=$(ls -t "$TARGET"/release/deps/convert-* | grep -v '\.d$' | head -1)
cli="$TARGET/release/jsonlex-sql"

echo "input: $DATA ($(du -h "$DATA" | cut -f1)), $(nproc) cores, $ROUNDS rounds"
best() { sort -n | head -1; }
measure() { # prints "SECONDS RSS_KIB": the query's time as the program prints it, else the wall time
    local log stdout
    log=$(mktemp)
    stdout=$(mktemp)
    /usr/bin/time -v "$@" >"$stdout" 2>"$log" || { cat "$log" >&2; exit 1; }
    local wall rss
    wall=$(awk '{print $3}' "$stdout" | tail -1)
    [ -n "$wall" ] || wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
    rss=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
    rm -f "$log" "$stdout"
    echo "$wall $rss"
}

printf '%-8s %12s %12s %7s %14s %14s\n' query jsonlex_s json_s ratio jsonlex_MiB json_MiB
for q in count group filter; do
    lex_t=(); js_t=(); lex_m=0; js_m=0
    for _ in $(seq "$ROUNDS"); do
        read -r t m < <(measure "$queries" "$DATA" jsonlex "$q" 1); lex_t+=("$t"); lex_m=$m
        read -r t m < <(measure "$queries" "$DATA" json "$q" 1); js_t+=("$t"); js_m=$m
    done
    l=$(printf '%s\n' "${lex_t[@]}" | best); j=$(printf '%s\n' "${js_t[@]}" | best)
    printf '%-8s %12.2f %12.2f %6.2fx %14d %14d\n' "$q" "$l" "$j" "$(echo "$j / $l" | bc -l)" $((lex_m / 1024)) $((js_m / 1024))
done

out=$(mktemp -d)
lex_t=(); js_t=()
for _ in $(seq "$ROUNDS"); do
    read -r t lex_m < <(measure "$cli" convert "$DATA" -o "$out/lex.parquet" -q); lex_t+=("$t")
    read -r t js_m < <(measure env CONVERT="$DATA" CONVERT_ONE=arrow-json "$baseline"); js_t+=("$t")
done
l=$(printf '%s\n' "${lex_t[@]}" | best); j=$(printf '%s\n' "${js_t[@]}" | best)
printf '%-8s %12.2f %12.2f %6.2fx %14d %14d\n' convert "$l" "$j" "$(echo "$j / $l" | bc -l)" $((lex_m / 1024)) $((js_m / 1024))
ls -l "$out"
rm -rf "$out"
