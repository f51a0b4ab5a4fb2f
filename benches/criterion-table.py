#!/usr/bin/env python3
"""Markdown table of the decode benchmark (benches/decode.rs) from criterion's results.

    cargo bench -p jsonlex-benches --bench decode -- --warm-up-time 1 --measurement-time 3
    python3 benches/criterion-table.py [--criterion-dir DIR]

Reads <target>/criterion/**/new/{benchmark,estimates}.json, where <target> is
$CARGO_TARGET_DIR if set, else target/ next to benches/ (or --criterion-dir DIR).
One row per corpus file (group `decode/<file>`) and payload class (group
`decode-payload/<class>`); cells are criterion's median point estimate (and the
throughput it implies). Issue 4's targets are the two ratio columns:

    IgnoredAny / validate = serde_json IgnoredAny time / jsonlex validate time
    simd-json / decode    = simd-json OwnedValue time / jsonlex decode time

>= 1 means jsonlex is at least as fast; a ratio below 1 is bold. serde_json Value and
sonic-rs Value are for reference. A benchmark that has no result prints as "-".
The results are whatever criterion last wrote: run every row in the same run.
"""

import argparse
import json
import os
import sys
from pathlib import Path

GROUPS = [("decode", "corpus"), ("decode-payload", "payload")]
# Payload classes in the order of decode_payloads() (benches/decode_payloads.rs);
# classes not listed here follow, sorted.
PAYLOAD_ORDER = [
    "english", "japanese-dense", "cjk-mixed", "cyrillic", "u-escaped", "escape-heavy",
    "sweep-0", "sweep-5", "sweep-15", "sweep-30", "sweep-50", "sweep-100",
    "numbers", "records-pretty",
]
VALIDATE, IGNORED = "jsonlex-validate", "serde_json-IgnoredAny"
DECODE, SIMD = "jsonlex-decode", "simd-json-OwnedValue"
SERDE_VALUE, SONIC = "serde_json-Value", "sonic-rs-Value"


def default_dir():
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target) / "criterion"
    return Path(__file__).resolve().parent.parent / "target" / "criterion"


def load(root):
    """{(group prefix, input name): {decoder: (median ns, bytes or None)}}."""
    results = {}
    for bench in root.glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        group = meta.get("group_id") or ""
        prefix, _, name = group.partition("/")
        if prefix not in dict(GROUPS) or not name:
            continue
        decoder = meta.get("function_id") or meta.get("value_str")
        estimates = bench.with_name("estimates.json")
        if not estimates.exists():
            continue
        median = json.loads(estimates.read_text())["median"]["point_estimate"]
        size = (meta.get("throughput") or {}).get("Bytes")
        results.setdefault((prefix, name), {})[decoder] = (median, size)
    return results


def order(results):
    keys = []
    for prefix, _ in GROUPS:
        names = [n for p, n in results if p == prefix]
        if prefix == "decode-payload":
            known = [n for n in PAYLOAD_ORDER if n in names]
            names = known + sorted(n for n in names if n not in PAYLOAD_ORDER)
        else:
            names.sort()
        keys += [(prefix, n) for n in names]
    return keys


def time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3f} {unit}"
    return f"{ns:.1f} ns"


def cell(row, decoder):
    if decoder not in row:
        return "-"
    ns, size = row[decoder]
    if not size:
        return time(ns)
    return f"{time(ns)} ({size / (ns / 1e9) / (1 << 20):.0f} MiB/s)"


def ratio(row, theirs, ours):
    """(text, met) of their time / our time."""
    if theirs not in row or ours not in row:
        return "-", None
    r = row[theirs][0] / row[ours][0]
    return (f"{r:.2f}x" if r >= 1 else f"**{r:.2f}x**"), r >= 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--criterion-dir", type=Path, default=None,
                        help="criterion's output directory (default: $CARGO_TARGET_DIR/criterion "
                             "or target/criterion)")
    args = parser.parse_args()
    root = args.criterion_dir or default_dir()
    if not root.is_dir():
        sys.exit(f"no criterion results in {root} (run the decode bench first)")
    results = load(root)
    if not results:
        sys.exit(f"no decode/ or decode-payload/ results in {root}")

    print("| input | kind | jsonlex-validate | serde_json-IgnoredAny | IgnoredAny / validate "
          "| jsonlex-decode | simd-json-OwnedValue | simd-json / decode "
          "| serde_json-Value | sonic-rs-Value |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    missed = {"validate": [], "decode": []}
    for prefix, name in order(results):
        row = results[(prefix, name)]
        v_text, v_met = ratio(row, IGNORED, VALIDATE)
        d_text, d_met = ratio(row, SIMD, DECODE)
        if v_met is False:
            missed["validate"].append(name)
        if d_met is False:
            missed["decode"].append(name)
        print(f"| {name} | {dict(GROUPS)[prefix]} | {cell(row, VALIDATE)} | {cell(row, IGNORED)} | {v_text} "
              f"| {cell(row, DECODE)} | {cell(row, SIMD)} | {d_text} "
              f"| {cell(row, SERDE_VALUE)} | {cell(row, SONIC)} |")
    print()
    for what, against in (("validate", "serde_json IgnoredAny"), ("decode", "simd-json OwnedValue")):
        names = missed[what]
        if names:
            print(f"`{what}` slower than {against} on {len(names)}: {', '.join(names)}.")
        else:
            print(f"`{what}` at least as fast as {against} on every row above.")


if __name__ == "__main__":
    main()
