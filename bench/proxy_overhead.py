"""Proxy overhead: the same request straight to a fast mock upstream and through Veil (mode off),
interleaved A/B/B/A, at 1, 32 and 256 concurrent clients. Targets: +1 ms p50, +5 ms p99 at 32."""

from __future__ import annotations

import asyncio
import json

from bench.common import median, mock_server, pct, table, veil_server, verdict
from bench.loadgen import Run, load, request_bytes

BODY = json.dumps({"model": "bench", "messages": [{"role": "user", "content": "Say ok."}],
                   "max_tokens": 5}).encode()
LEVELS = {1: 200, 32: 25, 256: 4}  # concurrency -> requests per client per round


def _measure(direct_port: int, veil_port: int, rounds: int) -> dict[int, dict[str, list[Run]]]:
    payload = request_bytes("/v1/chat/completions", BODY)
    out: dict[int, dict[str, list[Run]]] = {}
    for level, per_worker in LEVELS.items():
        runs: dict[str, list[Run]] = {"direct": [], "veil": []}
        asyncio.run(load(direct_port, payload, level, 2))  # warm both paths' connections
        asyncio.run(load(veil_port, payload, level, 2))
        for r in range(rounds):
            order = ("direct", "veil") if r % 2 == 0 else ("veil", "direct")
            for name in order:
                port = direct_port if name == "direct" else veil_port
                runs[name].append(asyncio.run(load(port, payload, level, per_worker)))
        out[level] = runs
    return out


def run(rounds: int = 6) -> tuple[str, bool]:
    with mock_server() as mock, veil_server("off", mock.url + "/v1") as veil:
        results = _measure(mock.port, veil.port, rounds)
    rows, ok = [], True
    for level, runs in results.items():
        lat = {k: [x for r in v for x in r.latencies] for k, v in runs.items()}
        errors = sum(r.errors for v in runs.values() for r in v)
        p50 = (pct(lat["veil"], 50) - pct(lat["direct"], 50)) * 1000
        p99 = (pct(lat["veil"], 99) - pct(lat["direct"], 99)) * 1000
        rps_d = median([r.rps for r in runs["direct"]])
        rps_v = median([r.rps for r in runs["veil"]])
        target = ""
        if level == 32:
            met = p50 <= 1.0 and p99 <= 5.0
            ok = ok and met
            target = f"<= +1 ms p50, <= +5 ms p99: {verdict(met)}"
        rows.append([level, f"{pct(lat['direct'], 50) * 1000:.2f} / {pct(lat['direct'], 99) * 1000:.2f}",
                     f"{pct(lat['veil'], 50) * 1000:.2f} / {pct(lat['veil'], 99) * 1000:.2f}",
                     f"{p50:+.2f}", f"{p99:+.2f}", f"{rps_d:.0f}", f"{rps_v:.0f}", f"{rps_v / rps_d:.2f}",
                     errors, target])
    md = table(["clients", "direct p50/p99 ms", "via Veil p50/p99 ms", "added p50 ms", "added p99 ms",
                "direct req/s", "Veil req/s", "ratio", "errors", "target"], rows)
    n = sum(len(r.latencies) for v in results[32].values() for r in v)
    return f"### Proxy overhead, mode off (interleaved A/B, {rounds} rounds, {n} requests at 32 clients)\n\n{md}\n", ok


if __name__ == "__main__":
    print(run()[0])
