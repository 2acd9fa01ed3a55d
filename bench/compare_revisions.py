"""Is this tree slower than an earlier revision? Both Veils (mode off, or another mode) in front of one
mock upstream, measured interleaved (A/B/B/A) at 1 and 32 concurrent clients, so machine load hits
both alike; the ratio is the result.

    python -m bench.compare_revisions --base 8c97e79            # mode off, chat completions
    python -m bench.compare_revisions --base HEAD~3 --mode prmpt --rounds 8

The base revision is checked out into a temporary git worktree and served with this tree's
virtualenv (same packages); the worktree is removed afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench.common import ROOT, Server, free_port, median, mock_server, pct, table
from bench.loadgen import load, request_bytes

BODY = json.dumps({"model": "bench", "messages": [{"role": "user", "content": "Say ok to John Smith, SSN "
                                                                              "123-45-6789."}],
                   "max_tokens": 5}).encode()
LEVELS = {1: 150, 32: 20}


@contextlib.contextmanager
def worktree(rev: str) -> Iterator[Path]:
    tmp = Path(tempfile.mkdtemp(prefix="veil-base-"))
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tmp), rev], cwd=ROOT, check=True)
    try:
        yield tmp
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tmp)], cwd=ROOT, check=False)


def veil_at(tree: Path, mode: str, upstream: str) -> Server:
    port = free_port()
    env = {"PYTHONPATH": str(tree), "VEIL_LOGGING__LEVEL": "WARNING", "VEIL_LOCAL_MODEL__PRELOAD": "false",
           "VEIL_MASTER_KEY": "00" * 32}
    server = Server(["-m", "proxy.cli", "serve", "--port", str(port), "--mode", mode, "--upstream-url", upstream],
                    port, env, timeout=300)
    return server


def run(base: str, mode: str = "off", rounds: int = 6) -> str:
    payload = request_bytes("/v1/chat/completions", BODY)
    with worktree(base) as tree, mock_server() as mock, \
            veil_at(tree, mode, mock.url + "/v1") as old, veil_at(ROOT, mode, mock.url + "/v1") as new:
        rows = []
        for level, per_client in LEVELS.items():
            runs: dict[str, list] = {"direct": [], "base": [], "this tree": []}
            ports = {"direct": mock.port, "base": old.port, "this tree": new.port}
            for port in ports.values():
                asyncio.run(load(port, payload, level, 3))  # warm connections and lazy loads
            for r in range(rounds):
                order = list(ports) if r % 2 == 0 else list(reversed(ports))
                for name in order:
                    runs[name].append(asyncio.run(load(ports[name], payload, level, per_client)))
            lat = {k: [x for run in v for x in run.latencies] for k, v in runs.items()}
            rps = {k: median([run.rps for run in v]) for k, v in runs.items()}
            added = {k: ((pct(lat[k], 50) - pct(lat["direct"], 50)) * 1000,
                         (pct(lat[k], 99) - pct(lat["direct"], 99)) * 1000) for k in ("base", "this tree")}
            rows.append([level, *(f"{added[k][0]:+.2f} / {added[k][1]:+.2f}" for k in ("base", "this tree")),
                         f"{rps['base']:.0f}", f"{rps['this tree']:.0f}", f"{rps['this tree'] / rps['base']:.2f}"])
    md = table(["clients", f"base {base}: added p50 / p99 ms", "this tree: added p50 / p99 ms", "base req/s",
                "this tree req/s", "req/s ratio"], rows)
    return f"### This tree vs {base}, mode {mode} (interleaved, {rounds} rounds)\n\n{md}\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compare_revisions")
    parser.add_argument("--base", required=True)
    parser.add_argument("--mode", default="off")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    print(run(args.base, args.mode, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
