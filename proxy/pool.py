"""The worker pool: model work off the event loop, micro-batched across concurrent requests.

Interface: ``register(lane, handler, ...)`` once, then ``await pool.run(lane, payload)`` per request, or
``async for item in pool.stream(lane, payload)`` for a lane registered with ``streams=True`` (items as
the handler makes them, then its result). A lane is one kind of work (``prmpt``, ``cape``, ``generate``,
``embed``) with its own thread, bounded queue and batching policy; its handler takes a list of payloads
and returns one result (or exception) per payload. Payloads of the model lanes are plain data
(proxy/workers/jobs.py), so that a lane can run elsewhere: ``RayWorkerPool``
(proxy/workers/ray_backend.py) runs ``cape`` and ``generate`` in Ray Serve deployments, and
``remote_part(lane)`` then gives readiness its view of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from mechanisms.models import resolve_device
from proxy.workers.jobs import items_then_result

log = logging.getLogger("veil.pool")

BatchHandler = Callable[[Sequence[Any]], Sequence[Any]]


class PoolSaturated(Exception):
    """The lane's queue is full: answer 503 with Retry-After."""


class PoolUnavailable(Exception):
    """The lane is not registered, not started, or its worker died."""


class RemotePart(Protocol):
    """A lane that runs elsewhere, as readiness sees it (like a model: ``ready``, ``load()``)."""

    @property
    def ready(self) -> bool: ...

    def load(self) -> None: ...


class WorkerPool(Protocol):
    device: str

    def register(self, lane: str, handler: BatchHandler, *, max_batch_size: int = 1,
                 max_wait_ms: float = 0.0, max_queue: int = 256, streams: bool = False,
                 is_large: Callable[[Any], bool] | None = None) -> None: ...

    def submit(self, lane: str, payload: Any) -> asyncio.Future[Any]: ...

    async def run(self, lane: str, payload: Any, timeout: float | None = None) -> Any: ...

    def stream(self, lane: str, payload: Any) -> AsyncIterator[Any]: ...

    def remote_part(self, lane: str) -> RemotePart | None: ...

    def close(self) -> None: ...


@dataclass
class Streamed:
    """What the handler of a ``streams=True`` lane gets for each job: the payload, ``emit(item)`` to
    send an item to the caller (from the worker thread), and ``cancel``, set when the caller is gone."""

    payload: Any
    emit: Callable[[Any], object]
    cancel: threading.Event = field(default_factory=threading.Event)


def _ignore(item: Any) -> None:
    return None


@dataclass
class _Job:
    payload: Any
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    enqueued: float = field(default_factory=time.perf_counter)
    large: bool = False


class _Lane:
    """One thread and a bounded queue. With ``is_large``, the jobs it names (the lane's costly ones) wait
    until no other job is queued, and run alone: a large job never makes a small one wait behind it
    for longer than the one large job that is running."""

    def __init__(self, name: str, handler: BatchHandler, max_batch_size: int, max_wait_ms: float,
                 max_queue: int, streams: bool = False, is_large: Callable[[Any], bool] | None = None) -> None:
        self.name = name
        self.handler = handler
        self.streams = streams
        self.is_large = is_large
        self.max_batch_size = max_batch_size
        self.max_wait = max_wait_ms / 1000.0
        self.max_queue = max_queue
        self._small: deque[_Job] = deque()
        self._large: deque[_Job] = deque()
        self._ready = threading.Condition()
        self._stopping = False
        self.batches = 0
        self.items = 0
        self.thread = threading.Thread(target=self._loop, name=f"veil-{name}", daemon=True)
        self.thread.start()

    def qsize(self) -> int:
        return len(self._small) + len(self._large)

    def put(self, job: _Job) -> None:
        with self._ready:
            if self.qsize() >= self.max_queue:
                raise queue.Full
            (self._large if job.large else self._small).append(job)
            self._ready.notify()

    def _collect(self) -> list[_Job] | None:
        with self._ready:
            while not (self._small or self._large or self._stopping):
                self._ready.wait()
            if self._stopping:
                return None
            if not self._small:
                return [self._large.popleft()]
            batch = [self._small.popleft()]
            deadline = time.perf_counter() + self.max_wait
            while len(batch) < self.max_batch_size and not self._stopping:
                if self._small:
                    batch.append(self._small.popleft())
                    continue
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    break
                self._ready.wait(remaining)
            return batch

    def _loop(self) -> None:
        while True:
            batch = self._collect()
            if batch is None:
                return
            live = [job for job in batch if not job.future.cancelled()]
            if not live:
                continue
            try:
                results: Sequence[Any] = self.handler([job.payload for job in live])
                if len(results) != len(live):
                    raise RuntimeError(f"lane {self.name}: handler returned {len(results)} results")
            except BaseException as exc:  # noqa: BLE001 - every job of the batch gets the error
                log.warning("lane %s: batch of %d failed: %s", self.name, len(live), type(exc).__name__)
                results = [exc] * len(live)
            self.batches += 1
            self.items += len(live)
            for job, result in zip(live, results):
                job.loop.call_soon_threadsafe(settle, job.future, result)

    def stop(self) -> None:
        """The thread ends after its batch in hand; jobs still queued fail now (nothing runs them)."""
        with self._ready:
            self._stopping = True
            left = [*self._small, *self._large]
            self._small.clear()
            self._large.clear()
            self._ready.notify_all()
        for job in left:
            with contextlib.suppress(RuntimeError):  # its event loop may be closed already
                job.loop.call_soon_threadsafe(settle, job.future, PoolUnavailable("worker pool is closed"))


def settle(future: asyncio.Future[Any], result: Any) -> None:
    """A job's result, or its exception, to the future its caller awaits (unless given up on)."""
    if future.done():
        return
    if isinstance(result, BaseException):
        future.set_exception(result)
    else:
        future.set_result(result)


class InProcessWorkerPool:
    """Threads in this process, one per lane; model tensors live on ``device`` (cuda when present)."""

    def __init__(self, device: str = "auto") -> None:
        self.device = resolve_device(device)
        self._lanes: dict[str, _Lane] = {}
        self.closed = False

    def register(self, lane: str, handler: BatchHandler, *, max_batch_size: int = 1,
                 max_wait_ms: float = 0.0, max_queue: int = 256, streams: bool = False,
                 is_large: Callable[[Any], bool] | None = None) -> None:
        """``streams``: the handler gets ``Streamed`` jobs (emit items, watch ``cancel``). ``is_large``:
        the payloads it names run alone, once no other job waits."""
        if lane in self._lanes:
            raise ValueError(f"lane {lane!r} already registered")
        self._lanes[lane] = _Lane(lane, handler, max_batch_size, max_wait_ms, max_queue, streams, is_large)

    def remote_part(self, lane: str) -> None:
        return None  # every lane runs here

    def stats(self) -> dict[str, dict[str, int]]:
        return {
            name: {"queued": ln.qsize(), "batches": ln.batches, "items": ln.items}
            for name, ln in self._lanes.items()
        }

    def submit(self, lane: str, payload: Any) -> asyncio.Future[Any]:
        """Queue one job; the future resolves on the caller's event loop."""
        if self.closed:
            raise PoolUnavailable("worker pool is closed")
        target = self._lanes.get(lane)
        if target is None or not target.thread.is_alive():
            raise PoolUnavailable(f"worker lane {lane!r} is not running")
        if target.streams and not isinstance(payload, Streamed):
            payload = Streamed(payload, _ignore)
        loop = asyncio.get_running_loop()
        large = target.is_large is not None and target.is_large(payload)
        job = _Job(payload, loop.create_future(), loop, large=large)
        try:
            target.put(job)
        except queue.Full:
            raise PoolSaturated(f"worker lane {lane!r} is full") from None
        if isinstance(payload, Streamed):  # a job given up on (timeout, client gone) stops early
            job.future.add_done_callback(lambda f: payload.cancel.set() if f.cancelled() else None)
        return job.future

    async def run(self, lane: str, payload: Any, timeout: float | None = None) -> Any:
        future = self.submit(lane, payload)
        try:
            async with asyncio.timeout(timeout):  # not wait_for: on 3.11 it can swallow a cancellation
                return await future
        except asyncio.CancelledError:
            future.cancel()
            raise

    async def stream(self, lane: str, payload: Any) -> AsyncIterator[Any]:
        """The items the handler emits for this job as they come, then its result. Closing the
        iterator (client gone) sets the job's ``cancel``."""
        loop = asyncio.get_running_loop()
        items: asyncio.Queue[Any] = asyncio.Queue()
        job = Streamed(payload, lambda item: loop.call_soon_threadsafe(items.put_nowait, item))
        future = self.submit(lane, job)
        try:
            async for item in items_then_result(items, future):
                yield item
        finally:
            job.cancel.set()
            if not future.done():
                future.cancel()

    def close(self) -> None:
        self.closed = True
        for lane in self._lanes.values():
            lane.stop()
