"""The worker pool: micro-batching across concurrent callers, bounded queues, failures per batch."""

from __future__ import annotations

import asyncio
import threading

import pytest

from proxy.pool import InProcessWorkerPool, PoolSaturated, PoolUnavailable, Streamed
from waiting import until


def _queued(pool: InProcessWorkerPool, lane: str, n: int):  # type: ignore[no-untyped-def]
    """A condition: ``n`` jobs wait in ``lane`` (not counting the batch its thread holds)."""
    return lambda: pool.stats()[lane]["queued"] == n


def _gated(started: threading.Event, gate: threading.Event):  # type: ignore[no-untyped-def]
    """A handler that says when it holds a batch, then waits for the gate (at most 5 s)."""
    def handler(items):  # type: ignore[no-untyped-def]
        started.set()
        gate.wait(5)
        return items
    return handler


async def test_concurrent_jobs_are_batched() -> None:
    pool = InProcessWorkerPool("cpu")
    sizes: list[int] = []
    gate = threading.Event()

    def handler(items):  # type: ignore[no-untyped-def]
        sizes.append(len(items))
        gate.wait(5)  # the first batch holds the lane until every other job is queued
        return [x * 2 for x in items]

    pool.register("double", handler, max_batch_size=8, max_wait_ms=20)
    jobs = asyncio.gather(*(pool.run("double", i) for i in range(16)))
    await until(lambda: sizes and pool.stats()["double"]["queued"] == 16 - sizes[0])
    gate.set()
    results = await jobs
    pool.close()
    assert results == [i * 2 for i in range(16)]
    assert max(sizes) > 1 and all(s <= 8 for s in sizes)  # batched, never above the bound
    assert sum(sizes) == 16


async def test_full_queue_raises_saturated_and_recovers() -> None:
    pool = InProcessWorkerPool("cpu")
    started, gate = threading.Event(), threading.Event()
    pool.register("slow", _gated(started, gate), max_batch_size=1, max_queue=2)
    first = asyncio.ensure_future(pool.run("slow", 1))
    await until(started.is_set)  # the worker holds job 1; the queue has room for 2 more
    queued = [asyncio.ensure_future(pool.run("slow", i)) for i in (2, 3)]
    await until(_queued(pool, "slow", 2))
    with pytest.raises(PoolSaturated):
        pool.submit("slow", 4)
    gate.set()
    assert await first == 1 and [await q for q in queued] == [2, 3]
    assert await pool.run("slow", 5) == 5  # recovered without a restart
    pool.close()


async def test_handler_error_fails_its_batch_only() -> None:
    pool = InProcessWorkerPool("cpu")

    def handler(items):  # type: ignore[no-untyped-def]
        if "boom" in items:
            raise MemoryError("out of memory in a batch")
        return items

    pool.register("x", handler, max_batch_size=1)
    with pytest.raises(MemoryError):
        await pool.run("x", "boom")
    assert await pool.run("x", "fine") == "fine"
    pool.close()
    with pytest.raises(PoolUnavailable):
        pool.submit("x", "after close")
    with pytest.raises(PoolUnavailable):
        InProcessWorkerPool("cpu").submit("missing", 1)


async def test_timeout_cancels_queued_job() -> None:
    pool = InProcessWorkerPool("cpu")
    ran: list[int] = []
    started, gate = threading.Event(), threading.Event()
    hold = _gated(started, gate)
    pool.register("t", lambda items: [ran.append(x) or x for x in hold(items)], max_batch_size=1)
    slow = asyncio.ensure_future(pool.run("t", 1))
    await until(started.is_set)
    with pytest.raises(asyncio.TimeoutError):
        await pool.run("t", 2, timeout=0.05)  # still queued behind job 1 when it times out
    gate.set()
    await slow
    assert await pool.run("t", 3) == 3  # the lane is first in, first out: job 2's turn has passed
    assert ran == [1, 3]  # the timed-out job never ran
    pool.close()


def test_device_auto_picks_cpu_without_cuda() -> None:
    import torch

    assert InProcessWorkerPool("auto").device == ("cuda" if torch.cuda.is_available() else "cpu")


def _counting(emitted: list[int], done: list[str], pause: float = 0.0):  # type: ignore[no-untyped-def]
    """A streams=True handler: emits 0, 1, 2, ... up to the payload, stopping early when cancelled. After
    each item it waits up to ``pause`` seconds for a cancellation (a stream the client leaves)."""
    def handler(jobs):  # type: ignore[no-untyped-def]
        out = []
        for job in jobs:
            assert isinstance(job, Streamed)
            n = 0
            while n < job.payload and not job.cancel.is_set():
                job.emit(n)
                emitted.append(n)
                n += 1
                job.cancel.wait(pause)
            done.append("cancelled" if job.cancel.is_set() else "finished")
            out.append(f"made {n}")
        return out
    return handler


async def test_stream_yields_items_then_the_result() -> None:
    pool = InProcessWorkerPool("cpu")
    pool.register("count", _counting([], []), streams=True)
    items = [item async for item in pool.stream("count", 4)]
    assert items == [0, 1, 2, 3, "made 4"]
    assert await pool.run("count", 3) == "made 3"  # run() on a streams lane: items dropped, result kept
    pool.close()


async def test_closing_a_stream_or_timing_out_cancels_the_job() -> None:
    pool = InProcessWorkerPool("cpu")
    emitted: list[int] = []
    done: list[str] = []
    pool.register("count", _counting(emitted, done, pause=5.0), streams=True)
    stream = pool.stream("count", 50)
    assert await stream.__anext__() == 0
    await stream.aclose()  # the client went away
    await until(lambda: done, message="the job ended")
    assert done == ["cancelled"] and emitted == [0]
    with pytest.raises(asyncio.TimeoutError):
        await pool.run("count", 50, timeout=0.05)
    await until(lambda: len(done) == 2, message="the timed-out job ended")
    assert done == ["cancelled", "cancelled"] and emitted == [0, 0]
    pool.close()


async def test_large_jobs_run_alone_after_the_small_ones() -> None:
    """A small job queued behind large ones runs next, never in their batch (proxy/budget.py's lane)."""
    pool = InProcessWorkerPool("cpu")
    started, gate = threading.Event(), threading.Event()
    batches: list[list[str]] = []
    hold = _gated(started, gate)

    def handler(items):  # type: ignore[no-untyped-def]
        batches.append(list(hold(items)))
        return items

    pool.register("p", handler, max_batch_size=8, is_large=lambda item: item.startswith("L"))
    first = asyncio.ensure_future(pool.run("p", "L1"))
    await until(started.is_set)  # the lane holds L1; these queue behind it
    rest = [asyncio.ensure_future(pool.run("p", x)) for x in ("L2", "L3", "s1", "s2")]
    await until(_queued(pool, "p", 4))
    gate.set()
    assert await first == "L1" and [await r for r in rest] == ["L2", "L3", "s1", "s2"]
    pool.close()
    assert batches == [["L1"], ["s1", "s2"], ["L2"], ["L3"]]


async def test_close_fails_the_jobs_still_queued() -> None:
    pool = InProcessWorkerPool("cpu")
    started, gate = threading.Event(), threading.Event()
    pool.register("c", _gated(started, gate), max_batch_size=1)
    running = asyncio.ensure_future(pool.run("c", 1))
    await until(started.is_set)
    queued = asyncio.ensure_future(pool.run("c", 2))
    await until(_queued(pool, "c", 1))
    pool.close()
    with pytest.raises(PoolUnavailable):
        await asyncio.wait_for(queued, 2)
    gate.set()
    assert await running == 1
