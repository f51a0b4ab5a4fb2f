#!/usr/bin/env python3
"""Writes seeded NDJSON log events, the input of jsonlex-datafusion's tests and benchmark.

    python3 jsonlex-datafusion/benches/events-gen.py /tmp/events.ndjson --size 1GiB --seed 1

Each line is one event of ~300 bytes: a timestamp, level, service, a nested `user`
(id, country, plan), `http` (method, path, status), a latency, a message with escapes
now and then, tags (a list) and fields that are null or missing in some events. The same
seed and size give the same bytes. Big outputs go under /tmp; never commit them (the
tests' tests/data/events.ndjson is `--lines 400 --seed 7`).
"""

import argparse
import json
import random


def size(text):
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    t = text.lower().rstrip("ib").rstrip("b")
    if t and t[-1] in units:
        return int(float(t[:-1]) * units[t[-1]])
    return int(t)


WORDS = ["request", "served", "cache", "miss", "retry", "timeout", "user", "login", "failed",
         "ok", "upstream", "queue", "drained", "héllo", "naïve", "日本", "slow", "query"]
SERVICES = ["api", "auth", "billing", "search", "frontend", "worker"]
COUNTRIES = ["DE", "FR", "US", "JP", "BR", "IN", "NG", "SE"]
PATHS = ["/", "/login", "/search", "/cart", "/api/v1/items", "/api/v1/users", "/health"]


def event(rng, i):
    level = rng.choices(["DEBUG", "INFO", "WARN", "ERROR"], [20, 60, 15, 5])[0]
    msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
    if rng.random() < 0.05:
        msg += ' "quoted"\n\ttab \\ slash'
    e = {
        "id": i,
        "ts": "2024-%02d-%02dT%02d:%02d:%02d.%03dZ" % (rng.randint(1, 12), rng.randint(1, 28),
                                                     rng.randint(0, 23), rng.randint(0, 59),
                                                     rng.randint(0, 59), rng.randint(0, 999)),
        "level": level,
        "service": rng.choice(SERVICES),
        "user": {"id": rng.randint(1, 100000), "country": rng.choice(COUNTRIES),
                 "plan": rng.choice(["free", "pro", "team", None])},
        "http": {"method": rng.choice(["GET", "GET", "GET", "POST", "PUT", "DELETE"]),
                 "path": rng.choice(PATHS), "status": rng.choice([200, 200, 200, 201, 304, 404, 500])},
        "latency_ms": round(rng.expovariate(1 / 40.0), 3),
        "msg": msg,
        "tags": [rng.choice(["a", "b", "c", "beta", "canary"]) for _ in range(rng.randint(0, 3))],
    }
    if rng.random() < 0.1:
        e["error"] = {"code": rng.randint(1000, 1100), "retryable": rng.random() < 0.5}
    if rng.random() < 0.2:
        del e["tags"]
    return e


POOL = 1 << 16


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", default=None, help="stop after this many bytes (1GiB, 200MiB)")
    ap.add_argument("--lines", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    limit = size(args.size) if args.size else None
    written = 0
    # Big outputs cycle through a pool of POOL events (each with its own id): json.dumps
    # of every event would take an hour for a gigabyte.
    pool = []
    with open(args.out, "wb") as f:
        i = 0
        while True:
            if args.lines is not None and i >= args.lines:
                break
            if limit is not None and written >= limit:
                break
            if i < POOL:
                e = event(rng, i)
                rest = json.dumps(e, ensure_ascii=False, separators=(",", ":"))[len('{"id":%d' % i):]
                pool.append(rest.encode("utf-8") + b"\n")
            line = b'{"id":%d' % i + pool[i % POOL]
            f.write(line)
            written += len(line)
            i += 1


if __name__ == "__main__":
    main()
