#!/usr/bin/env python3
"""Writes a seeded NDJSON file of records from benches/data, for `jsonlex check --lines`.

    python3 benches/ndjson-gen.py /tmp/big.ndjson --size 1GiB --seed 1

Records: twitter.json's statuses, citm_catalog.json's performances and events, and
canada.json's rings in pieces of 200 points as GeoJSON polygons (text-heavy and
number-heavy lines, 0.1 to 10 KB each; each source a third of the lines), compact,
one a line. The same seed and size
give the same bytes. Write the output under /tmp; never commit it.
"""

import argparse
import json
import os
import random

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def size(text):
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    t = text.lower().rstrip("ib").rstrip("b")
    if t and t[-1] in units:
        return int(float(t[:-1]) * units[t[-1]])
    return int(t)


def records():
    def load(name):
        with open(os.path.join(DATA, name), encoding="utf-8") as f:
            return json.load(f)

    twitter = list(load("twitter.json")["statuses"])
    citm = load("citm_catalog.json")
    citm = citm["performances"] + list(citm["events"].values())
    canada = []
    for feature in load("canada.json")["features"]:
        for ring in feature["geometry"]["coordinates"]:
            # Long rings in pieces of at most 200 points.
            for i in range(0, len(ring), 200):
                canada.append({"type": "Polygon", "coordinates": [ring[i : i + 200]]})

    def dump(rs):
        return [json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode("utf-8") for r in rs]

    # Each source as likely as the others, whatever its number of records.
    return [dump(twitter), dump(citm), dump(canada)]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("output")
    p.add_argument("--size", default="1GiB", help="at least this many bytes (k/M/G suffixes)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    target = size(a.size)
    pool = records()
    rng = random.Random(a.seed)
    written = lines = 0
    with open(a.output, "wb") as f:
        while written < target:
            chunk = []
            for _ in range(4096):
                source = pool[rng.randrange(len(pool))]
                chunk.append(source[rng.randrange(len(source))])
            data = b"\n".join(chunk) + b"\n"
            f.write(data)
            written += len(data)
            lines += len(chunk)
    print(f"{a.output}: {written} bytes, {lines} lines, {sum(map(len, pool))} distinct records, seed {a.seed}")


if __name__ == "__main__":
    main()
