"""Known values at scale: N seeded values (Faker names and emails in an SQLite table) against none.

    python -m bench known                   # 1,000,000 seeds (part of make bench)
    python -m bench.known_values --seeds 100000

Two sanitizer processes, one with the SQLite source configured and one without, each loaded once;
then the same 300-character English prompts go to each in turn (interleaved). Reported: load time of
the seeds, resident memory after load, the sanitize time p50 of both and the difference.
Targets (issue "Known values"): <= 2 ms added p50, <= 500 MB resident memory for the seeds, load
<= 30 s from SQLite.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT
from bench.external import Worker

SCRIPT = r"""
import json, os, sys, time, resource
from mechanisms.keys import MasterKey
from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.sanitizer import Sanitizer
config = PrmptConfig.model_validate(json.loads(os.environ["VEIL_BENCH_PRMPT"]))
s = Sanitizer(config)
t0 = time.perf_counter()
s.load()
loaded = time.perf_counter() - t0
keys = MasterKey.from_bytes(bytes(32)).user_keys("bench")
print(json.dumps({"load_s": loaded, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "known_load_s": s.annotator.known.load_seconds}), flush=True)
for line in sys.stdin:
    text = json.loads(line)["text"]
    t0 = time.perf_counter()
    out = s.sanitize(text, keys)
    print(json.dumps({"secs": time.perf_counter() - t0, "out": out.text}), flush=True)
"""


def make_seeds(path: Path, n: int) -> list[tuple[str, str]]:
    from faker import Faker

    fake = Faker(["en_US", "fr_FR", "es_ES", "de_DE", "pl_PL"])
    Faker.seed(11)
    rows = [(fake.name(), fake.email()) for _ in range(n // 2)]
    with sqlite3.connect(path) as conn:
        conn.execute("create table customers (name text, email text)")
        conn.executemany("insert into customers values (?, ?)", rows)
    return rows


def run(seeds: int = 1_000_000, prompts: int = 40, rounds: int = 5) -> tuple[str, bool]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "crm.db"
        t0 = time.perf_counter()
        rows = make_seeds(db, seeds)
        made = time.perf_counter() - t0
        source = {"name": "crm", "url": f"sqlite:///{db}", "query": "select name, email from customers",
                  "columns": {"name": "PERSON", "email": "EMAIL_ADDRESS"}}
        plain, seeded = (Worker(ROOT, SCRIPT, {"VEIL_BENCH_PRMPT": json.dumps(prmpt)})
                         for prmpt in ({}, {"known_values": {"sources": [source]}}))
        try:
            base = "Please draft a short reply to the customer who wrote about the delayed shipment; " \
                   "apologise, confirm the new delivery date and offer a discount on the next order. "
            texts = [(base + f"The customer is {rows[(i * 7919) % len(rows)][0]}.")[:300] for i in range(prompts)]
            found = sum(rows[(i * 7919) % len(rows)][0].split()[-1] not in seeded(t)["out"]
                        for i, t in enumerate(texts))
            times: dict[str, list[float]] = {"without seeds": [], "with seeds": []}
            for r in range(rounds):
                for i, text in enumerate(texts):
                    pair = [("without seeds", plain), ("with seeds", seeded)]
                    for name, proc in (pair if (i + r) % 2 == 0 else pair[::-1]):
                        times[name].append(proc(text)["secs"])
        finally:
            plain.close()
            seeded.close()
    p50 = {k: 1000 * statistics.median(v) for k, v in times.items()}
    added = p50["with seeds"] - p50["without seeds"]
    rss = seeded.info["rss_mb"] - plain.info["rss_mb"]
    load = seeded.info["known_load_s"]
    ok = added <= 2.0 and rss <= 500 and load <= 30
    lines = [f"## Known values ({len(rows) * 2:,} seeded values: {len(rows):,} names and {len(rows):,} emails, "
             f"SQLite; made in {made:.0f} s)", "",
             "| | without seeds | with seeds | difference | target |", "|---|---:|---:|---:|---|",
             f"| sanitize p50, 300-char prompt (ms) | {p50['without seeds']:.2f} | {p50['with seeds']:.2f} | "
             f"{added:+.2f} | <= +2 ms: {'met' if added <= 2 else 'NOT met'} |",
             f"| resident memory after load (MB) | {plain.info['rss_mb']:.0f} | {seeded.info['rss_mb']:.0f} | "
             f"{rss:+.0f} | <= 500 MB: {'met' if rss <= 500 else 'NOT met'} |",
             f"| load of the seeds from SQLite (s) | | {load:.1f} | | <= 30 s: {'met' if load <= 30 else 'NOT met'} |",
             "", f"Seeded surnames found in the {prompts} prompts: {found} / {prompts}.", ""]
    return "\n".join(lines), ok


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.known_values")
    ap.add_argument("--seeds", type=int, default=1_000_000)
    args = ap.parse_args(argv)
    text, ok = run(args.seeds)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
