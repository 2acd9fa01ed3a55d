"""Load: hundreds of concurrent streaming clients on loopback for a bounded time, modes off and prmpt.
Checks zero errors, every stream restored exactly, and memory that stays flat."""

from __future__ import annotations

import asyncio
import json
import time

from bench.common import mock_server, pct, table, veil_server
from bench.loadgen import read_response, request_bytes

TEXT = "Ship to John Smith, john.smith@acme-corp.com, card 4111 1111 1111 1111, SSN 123-45-6789. Thanks!"


def _content(body: bytes) -> str:
    out = ""
    for line in body.decode().splitlines():
        if line.startswith("data: {"):
            for choice in json.loads(line[6:]).get("choices", []):
                out += choice.get("delta", {}).get("content") or ""
    return out


async def _client(port: int, payload: bytes, stop: float, stats: dict) -> None:  # type: ignore[type-arg]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            writer.write(payload)
            status, body = await read_response(reader)
            stats["latency"].append(time.perf_counter() - t0)
            if status != 200:
                stats["errors"] += 1
            elif _content(body) != TEXT:
                stats["wrong"] += 1
            stats["done"] += 1
    except (OSError, asyncio.IncompleteReadError):
        stats["errors"] += 1
    finally:
        writer.close()


async def _drive(port: int, mode: str, clients: int, seconds: float, server) -> dict:  # type: ignore[no-untyped-def,type-arg]
    body = json.dumps({"model": "bench", "stream": True, "x-bench-echo": True,
                       "messages": [{"role": "user", "content": TEXT}]}).encode()
    payload = request_bytes("/v1/chat/completions", body,
                            {"x-veil-mode": mode, "x-bench-chunks": "10", "x-bench-gap-ms": "20"})
    stats: dict = {"latency": [], "errors": 0, "wrong": 0, "done": 0, "rss": []}  # type: ignore[type-arg]
    stop = time.monotonic() + seconds

    async def sample() -> None:
        while time.monotonic() < stop:
            stats["rss"].append(server.rss_mb())
            await asyncio.sleep(seconds / 12)

    await asyncio.gather(sample(), *(_client(port, payload, stop, stats) for _ in range(clients)))
    return stats


def run(seconds: float = 60.0, clients: int = 200) -> tuple[str, bool]:
    rows, ok = [], True
    with mock_server() as mock, veil_server("prmpt", mock.url + "/v1", preload=True,
                                            env={"VEIL_WORKERS__MAX_QUEUE": "1024"}) as veil:
        for mode in ("off", "prmpt"):
            stats = asyncio.run(_drive(veil.port, mode, clients, seconds, veil))
            rss = stats["rss"]
            growth = (rss[-1] - rss[len(rss) // 3]) if len(rss) > 3 else float("nan")
            good = stats["errors"] == 0 and stats["wrong"] == 0 and growth < 50
            ok = ok and good
            rows.append([mode, clients, f"{seconds:.0f} s", stats["done"], stats["errors"], stats["wrong"],
                         f"{pct(stats['latency'], 50) * 1000:.0f} / {pct(stats['latency'], 99) * 1000:.0f}",
                         f"{rss[0]:.0f} -> {max(rss):.0f} -> {rss[-1]:.0f}", f"{growth:+.1f}"])
    md = table(["mode", "clients", "duration", "streams", "errors", "not restored", "stream p50/p99 ms",
                "RSS MB first -> max -> last", "RSS growth after warm-up MB"], rows)
    return ("### Load: concurrent streaming clients on loopback (10 chunks, 20 ms apart; prompt with "
            f"4 PII values)\n\n{md}\n"), ok
