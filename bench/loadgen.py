"""A small keep-alive HTTP/1.1 load generator on asyncio streams (lighter than a full client library,
so the client's own cost stays small and equal for both paths being compared)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    elapsed: float = 0.0
    errors: int = 0

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0


def request_bytes(path: str, body: bytes, headers: dict[str, str] | None = None) -> bytes:
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    return (f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{extra}\r\n").encode() + body


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """(status, body) of one HTTP/1.1 response, chunked or with a content-length."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    lower = head.lower()
    parts = []
    if b"transfer-encoding: chunked" in lower:
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            parts.append((await reader.readexactly(size + 2))[:-2])
            if size == 0:
                break
    else:
        at = lower.index(b"content-length:") + 15
        length = int(lower[at:lower.index(b"\r\n", at)])
        parts.append(await reader.readexactly(length))
    return status, b"".join(parts)


async def _worker(port: int, payload: bytes, n: int, run: Run) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            writer.write(payload)
            status, _ = await read_response(reader)
            if status != 200:
                run.errors += 1
            run.latencies.append(time.perf_counter() - t0)
    finally:
        writer.close()


async def load(port: int, payload: bytes, concurrency: int, per_worker: int) -> Run:
    run = Run()
    t0 = time.perf_counter()
    await asyncio.gather(*(_worker(port, payload, per_worker, run) for _ in range(concurrency)))
    run.elapsed = time.perf_counter() - t0
    return run


@dataclass
class CheckedRun(Run):
    """A run whose answers were checked (e.g. every value restored)."""

    wrong: int = 0


async def _checked_worker(port: int, payloads: list[bytes], start: int, n: int, run: CheckedRun,
                          check: Callable[[int, bytes], bool]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for k in range(n):
            payload = payloads[(start + k) % len(payloads)]
            t0 = time.perf_counter()
            writer.write(payload)
            status, body = await read_response(reader)
            run.latencies.append(time.perf_counter() - t0)
            if status != 200:
                run.errors += 1
            elif not check((start + k) % len(payloads), body):
                run.wrong += 1
    finally:
        writer.close()


async def checked_load(port: int, payloads: list[bytes], concurrency: int, per_worker: int,
                       check: Callable[[int, bytes], bool]) -> CheckedRun:
    """Like ``load``, cycling over ``payloads``; ``check(i, body)`` judges the answer to payload i."""
    run = CheckedRun()
    t0 = time.perf_counter()
    await asyncio.gather(*(_checked_worker(port, payloads, w * 7, per_worker, run, check)
                           for w in range(concurrency)))
    run.elapsed = time.perf_counter() - t0
    return run
