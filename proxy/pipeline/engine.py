"""The privacy engine: Prmpt and Cape behind the worker pool, failing closed.

Sanitization and perturbation run in the pool's ``prmpt`` and ``cape`` lanes (off the event loop,
micro-batched across concurrent requests; ``cape`` may run in a Ray Serve deployment, with plain-data
jobs: proxy/workers/jobs.py). Prmpt's detection is a lane of its own as well, ``prmpt_detect`` (texts
in, spans out): where the pool runs it elsewhere (Ray Serve replicas), a request's texts go there and
only the encryption, under the user's key, runs in the ``prmpt`` lane here; otherwise the ``prmpt`` lane
does both in one pass. Any failure means nothing is forwarded and the caller gets a 503 with
Retry-After.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from mechanisms.cape import CapeConfig, CapePerturber
from mechanisms.keys import UserKeys
from mechanisms.prmpt import PrmptConfig, Sanitizer
from proxy.budget import check_texts, is_large
from proxy.errors import ProxyError, ServiceUnavailable
from proxy.metrics import Metrics
from proxy.pool import PoolSaturated, PoolUnavailable, WorkerPool
from proxy.settings import LimitsSettings, WorkerSettings
from proxy.workers.jobs import CapeJob, PrmptDetectJob, check_spans, detect_jobs, perturb_jobs

log = logging.getLogger("veil.engine")
T = TypeVar("T")


class PrivacyEngine:
    def __init__(self, prmpt: PrmptConfig, cape: CapeConfig, workers: WorkerSettings, pool: WorkerPool,
                 timeout: float, metrics: Metrics, limits: LimitsSettings | None = None) -> None:
        self.sanitizer = Sanitizer(prmpt)  # cheap; load() reads Presidio and spaCy
        self.perturber = CapePerturber(cape, device=pool.device)  # load() reads the model
        self.pool = pool
        self.timeout = timeout
        self.metrics = metrics
        self.limits = limits or LimitsSettings()
        # Large jobs (proxy/budget.py) run alone, after the small ones queued beside them.
        pool.register("prmpt", self._sanitize_batch, max_batch_size=workers.max_batch_size,
                      max_wait_ms=0.0, max_queue=workers.max_queue, is_large=lambda job: is_large(job[0]))
        pool.register("prmpt_detect", self._detect_batch, max_batch_size=workers.max_batch_size,
                      max_wait_ms=0.0, max_queue=workers.max_queue, is_large=lambda job: is_large(job.texts))
        pool.register("cape", self._perturb_batch, max_batch_size=workers.max_batch_size,
                      max_wait_ms=workers.max_wait_ms, max_queue=workers.max_queue,
                      is_large=lambda job: is_large(job.texts))

    # ---- worker-pool handlers (worker threads) --------------------------------------------------
    def _sanitize_batch(self, jobs: Sequence[tuple[Any, ...]]) -> list[Any]:
        """Each job is (texts, user keys, dependencies) of one request, and its spans when they were
        found elsewhere (the ``prmpt_detect`` lane's replicas). The others share one NER pass here;
        each request is finished on its own and fails alone (``Sanitizer.sanitize_requests``)."""
        found: list[Any] = [job[3] if len(job) > 3 else None for job in jobs]
        here = [i for i, spans in enumerate(found) if spans is None]
        try:
            if here:
                self.sanitizer.load()
                for i, spans in zip(here, detect_jobs(self.sanitizer.annotator,
                                                      [PrmptDetectJob(jobs[i][0]) for i in here])):
                    found[i] = spans
            else:
                self.sanitizer.load_codecs()  # no NER model in this process
            return self.sanitizer.apply_requests([job[:3] for job in jobs], found)
        finally:
            if any(is_large(job[0]) for job in jobs):
                return_freed_memory()

    def _detect_batch(self, jobs: Sequence[PrmptDetectJob]) -> list[Any]:
        """Detection alone (the in-process ``prmpt_detect`` lane): the same function as a replica's."""
        return detect_jobs(self.sanitizer.annotator, jobs)

    def _perturb_batch(self, jobs: Sequence[CapeJob]) -> list[Any]:
        """Jobs of concurrent requests with the same eps share one model batch (micro-batching)."""
        return perturb_jobs(self.perturber, jobs)

    # ---- async API ------------------------------------------------------------------------------
    async def sanitize(self, texts: list[str], keys: UserKeys, dependencies: Sequence[Any] = ()) -> list[Any]:
        check_texts(texts, self.limits)  # 413 before any work: the cost of one request is bounded
        results = await self.guarded(self._sanitize(texts, keys, list(dependencies)))
        if len(results) != len(texts):
            raise ServiceUnavailable("sanitization failed; nothing was sent upstream", retry_after=5)
        return results

    async def _sanitize(self, texts: list[str], keys: UserKeys, dependencies: list[Any]) -> list[Any]:
        results: list[Any]
        if self.pool.remote_part("prmpt_detect") is None:
            results = await self.pool.run("prmpt", (texts, keys, dependencies), self.timeout)
            return results
        found = await self._detect(texts)  # the replicas see the texts; the keys stay here
        results = await self.pool.run("prmpt", (texts, keys, dependencies, found), self.timeout)
        return results

    async def detect(self, texts: list[str]) -> list[Any]:
        """The spans of one request's texts (one list per text) from the ``prmpt_detect`` lane, wherever
        the pool runs it: what ``sanitize`` encrypts."""
        check_texts(texts, self.limits)
        return await self.guarded(self._detect(texts))

    async def _detect(self, texts: list[str]) -> list[Any]:
        return check_spans(texts, await self.pool.run("prmpt_detect", PrmptDetectJob(list(texts)), self.timeout))

    async def perturb(self, texts: list[str], spans: list[Any], eps: float, seeds: list[int]) -> list[Any]:
        check_texts(texts, self.limits)
        job = CapeJob(list(texts), [list(s) for s in spans], float(eps), list(seeds))
        return await self.guarded(self.pool.run("cape", job, self.timeout))

    async def desanitize_stateless(self, text: str, keys: UserKeys, original: str | None = None) -> str:
        await asyncio.to_thread(self.sanitizer.load)
        return await asyncio.to_thread(self.sanitizer.desanitize_stateless, text, keys, original)

    async def guarded(self, work: Awaitable[T]) -> T:
        """Any failure of sanitization means nothing is forwarded and the caller gets a 503."""
        try:
            async with asyncio.timeout(self.timeout):
                return await work
        except ProxyError:
            raise
        except PoolSaturated:
            self.metrics.fail_closed.labels("saturated").inc()
            raise ServiceUnavailable("the privacy workers are busy; nothing was sent upstream",
                                     retry_after=2) from None
        except (TimeoutError, PoolUnavailable) as exc:
            self.metrics.fail_closed.labels(type(exc).__name__).inc()
            raise ServiceUnavailable("sanitization is unavailable; nothing was sent upstream",
                                     retry_after=5) from None
        except Exception as exc:  # noqa: BLE001 - the type only: messages may quote prompt text
            self.metrics.fail_closed.labels("error").inc()
            log.error("sanitization failed", extra={"error_type": type(exc).__name__})
            raise ServiceUnavailable("sanitization failed; nothing was sent upstream", retry_after=5) from None

    def parts_for(self, mode: str) -> dict[str, Any]:
        """The mechanisms a mode needs loaded (for start-up and readiness)."""
        parts: dict[str, Any] = {}
        if "prmpt" in mode.split("+"):
            remote = self.pool.remote_part("prmpt_detect")
            parts["prmpt"] = self.sanitizer if remote is None else RemoteDetection(self.sanitizer, remote)
        if "cape" in mode.split("+"):
            parts["cape"] = self.pool.remote_part("cape") or self.perturber
        return parts


class RemoteDetection:
    """Prmpt as readiness sees it when its detection runs in replicas: ready once they run; loading it
    reads the codecs' tables here and deploys (or finds) the replicas. No NER model in this process."""

    def __init__(self, sanitizer: Sanitizer, lane: Any) -> None:
        self.sanitizer = sanitizer
        self.lane = lane

    @property
    def ready(self) -> bool:
        return bool(self.lane.ready)

    def load(self) -> None:
        self.sanitizer.load_codecs()
        self.lane.load()


def return_freed_memory() -> None:
    """Give the heap that a large job freed back to the system (glibc keeps it otherwise, and the
    process's RSS stays at its peak after a burst). Linux with glibc only; a no-op elsewhere."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
