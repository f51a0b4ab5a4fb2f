#!/usr/bin/env python3
"""Measure the scale benchmark (issue 14): for N keywords, json-lexgen vs re2rust vs logos.

    python3 benches/scale/run.py [--crates ours,re2rust,logos] [--modes check,debug,release]
                                 [--ours-release-max 300] [--timeout 600] [--speed] N...

For each N: generates the crates (gen.py), times generation (json-lexgen's release CLI,
re2rust), then times `cargo check`, `cargo build` and `cargo build --release` of each
crate after an edit of its main.rs (CARGO_INCREMENTAL=0; dependencies prebuilt through
the `prebuilt-*` members, so only the crate itself compiles: checked from cargo's output).
Each build runs under `timeout`; one that runs out is recorded as "timeout". Builds run
one after another, never in parallel. With --speed, the release binaries tokenize the
generated input in interleaved rounds (each binary: best of 3 passes per round; best
over the rounds), and their token checksums must agree.

Results accumulate in target/scale/results.json (runs may be split by N or crate);
RESULTS.md next to this script is rewritten from them.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
WS = os.path.join(REPO, "target", "scale", "ws")
RESULTS = os.path.join(REPO, "target", "scale", "results.json")
ENV = dict(os.environ, CARGO_INCREMENTAL="0")


def timed(cmd, cwd, timeout):
    """(seconds or 'timeout' or 'error', stderr)"""
    t = time.monotonic()
    try:
        p = subprocess.run(["timeout", str(timeout)] + cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    except OSError as e:
        return "error", str(e)
    elapsed = time.monotonic() - t
    if p.returncode == 124:
        return "timeout", p.stderr
    if p.returncode != 0:
        return "error", p.stderr
    return round(elapsed, 1), p.stderr


def load():
    try:
        with open(RESULTS) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def save(results):
    with open(RESULTS, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    write_markdown(results)


def size(path):
    with open(path, "rb") as f:
        data = f.read()
    return {"bytes": len(data), "lines": data.count(b"\n")}


def cargo_mode(mode):
    return {"check": ["check"], "debug": ["build"], "release": ["build", "--release"]}[mode]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--crates", default="ours,re2rust,logos")
    ap.add_argument("--modes", default="check,debug,release")
    ap.add_argument("--ours-release-max", type=int, default=300)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--speed", action="store_true")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--label", default="", help="a note stored with these results (e.g. the branch)")
    ap.add_argument("counts", nargs="+", type=int)
    args = ap.parse_args()
    crates = args.crates.split(",")
    modes = args.modes.split(",")
    results = load()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()

    subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), *map(str, args.counts)], check=True)
    if "ours" in crates:
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "json-lexgen-cli"], cwd=REPO, env=ENV, check=True)
    for mode in modes:
        print(f"prebuilding dependencies ({mode})", flush=True)
        for deps in ["jsonlex", "logos"]:
            subprocess.run(["cargo", *cargo_mode(mode), "-q", "--offline", "-p", f"prebuilt-{deps}"], cwd=WS, env=ENV,
                           check=True)

    for n in args.counts:
        r = results.setdefault(str(n), {})
        # Generation: our CLI (release) and re2rust.
        if "ours" in crates:
            out = os.path.join(WS, f"kw{n}.rs")
            t, err = timed([os.path.join(REPO, "target", "release", "json-lexgen"), f"kw{n}.lex", "-o", out], WS, args.timeout)
            r["ours_gen"] = {"seconds": t, **(size(out) if isinstance(t, float) else {})}
            print(n, "ours generation", r["ours_gen"], flush=True)
        if "re2rust" in crates:
            src = os.path.join(WS, f"re2rust{n}", "src")
            t, err = timed(["re2rust", "-i", "-W", "lexer.re", "-o", "lexer.rs"], src, args.timeout)
            r["re2rust_gen"] = {"seconds": t, **(size(os.path.join(src, "lexer.rs")) if isinstance(t, float) else {})}
            print(n, "re2rust generation", r["re2rust_gen"], err.strip()[:300], flush=True)
        for crate in crates:
            for mode in modes:
                if crate == "ours" and mode == "release" and n > args.ours_release_max:
                    continue
                name = f"{crate}{n}"
                os.utime(os.path.join(WS, name, "src", "main.rs"))
                t, err = timed(["cargo", *cargo_mode(mode), "--offline", "-p", name], WS, args.timeout)
                compiled = [l.split()[1] for l in err.splitlines() if l.strip().startswith(("Compiling", "Checking"))]
                r[f"{crate}_{mode}"] = {"seconds": t, "commit": commit, "label": args.label, "compiled": compiled}
                print(n, crate, mode, t, "compiled:", compiled, flush=True)
                if t == "error":
                    print(err[-2000:], flush=True)
                save(results)
        if args.speed:
            bins = [c for c in crates if isinstance(r.get(f"{c}_release", {}).get("seconds"), float)]
            best, sums = {}, {}
            for _ in range(args.rounds):
                for c in bins:
                    exe = os.path.join(WS, "target", "release", f"{c}{n}")
                    p = subprocess.run([exe, f"input{n}.txt", "3"], cwd=WS, capture_output=True, text=True, check=True)
                    fields = dict(kv.split("=") for kv in p.stdout.split())
                    best[c] = min(best.get(c, 1 << 62), int(fields["best_ns"]))
                    sums[c] = (fields["tokens"], fields["checksum"], int(fields["bytes"]))
            agree = len({s[:2] for s in sums.values()}) == 1
            for c in bins:
                r[f"{c}_speed"] = {"best_ns": best[c], "bytes": sums[c][2], "tokens": sums[c][0], "agree": agree,
                                   "commit": commit, "label": args.label}
            print(n, "speed", {c: best[c] for c in bins}, "checksums agree" if agree else "CHECKSUMS DIFFER", flush=True)
        save(results)


def cell(entry):
    if not entry:
        return "–"
    t = entry.get("seconds")
    return f"{t} s" if isinstance(t, float) else str(t)


def write_markdown(results):
    rows = []
    for n in sorted(results, key=int):
        r = results[n]
        for crate, label in [("ours", "json-lexgen"), ("re2rust", "re2rust"), ("logos", "logos 0.16")]:
            if not any(k.startswith(crate) for k in r):
                continue
            gen = r.get(f"{crate}_gen", {})
            if crate == "logos":
                generated = "(in the derive)"
            elif isinstance(gen.get("seconds"), float):
                generated = f"{gen['bytes']:,} B, {gen['lines']:,} lines, {gen['seconds']} s"
            else:
                generated = cell(gen)
            speed = r.get(f"{crate}_speed")
            mbs = f"{speed['bytes'] / speed['best_ns'] * 1e3:.0f} MB/s" if speed else "–"
            rows.append(f"| {n} | {label} | {generated} | {cell(r.get(f'{crate}_check'))} | "
                        f"{cell(r.get(f'{crate}_debug'))} | {cell(r.get(f'{crate}_release'))} | {mbs} |")
    text = f"""# Scale benchmark (issue 14)

Written by `python3 benches/scale/run.py` from `target/scale/results.json` (see the
script's docstring). Each crate uses one generated token set: N case-insensitive
keywords (seeded random words, 2-12 letters), identifiers, integers, 15 punctuation
tokens, whitespace skipped. Build times: the crate alone after an edit of its main.rs
(CARGO_INCREMENTAL=0, dependencies prebuilt), `timeout` 600 s per build, builds one at a
time; json-lexgen's generated size and time are those of the release `json-lexgen` CLI
(the macro itself runs unoptimized, as proc macros do by default). Speed: the release
binary tokenizing the generated 4 MiB input, best pass over interleaved rounds; the
three lexers' token checksums agree.

| keywords | generator | generated code (size, generation time) | `cargo check` | debug build | release build | tokenizing |
|---:|---|---|---:|---:|---:|---:|
""" + "\n".join(rows) + "\n"
    with open(os.path.join(HERE, "RESULTS.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
