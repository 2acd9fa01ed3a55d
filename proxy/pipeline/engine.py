"""The privacy engine: Prmpt and Cape behind the worker pool, failing closed.

Sanitization and perturbation run in the pool's ``prmpt`` and ``cape`` lanes (off the event loop,
micro-batched across concurrent requests; ``cape`` may run in a Ray Serve deployment, with plain-data
jobs: proxy/workers/jobs.py). Any failure means nothing is forwarded and the caller
gets a 503 with Retry-After.
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
from proxy.workers.jobs import CapeJob, perturb_jobs

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
        pool.register("cape", self._perturb_batch, max_batch_size=workers.max_batch_size,
                      max_wait_ms=workers.max_wait_ms, max_queue=workers.max_queue,
                      is_large=lambda job: is_large(job.texts))

    # ---- worker-pool handlers (worker threads) --------------------------------------------------
    def _sanitize_batch(self, jobs: Sequence[tuple[list[str], UserKeys, Any]]) -> list[Any]:
        """Each job is (texts, user keys, dependencies) of one request; the batch shares one NER pass,
        each request is finished on its own and fails alone (``Sanitizer.sanitize_requests``)."""
        self.sanitizer.load()
        try:
            return self.sanitizer.sanitize_requests(jobs)
        finally:
            if any(is_large(job[0]) for job in jobs):
                return_freed_memory()

    def _perturb_batch(self, jobs: Sequence[CapeJob]) -> list[Any]:
        """Jobs of concurrent requests with the same eps share one model batch (micro-batching)."""
        return perturb_jobs(self.perturber, jobs)

    # ---- async API ------------------------------------------------------------------------------
    async def sanitize(self, texts: list[str], keys: UserKeys, dependencies: Sequence[Any] = ()) -> list[Any]:
        check_texts(texts, self.limits)  # 413 before any work: the cost of one request is bounded
        results = await self.guarded(self.pool.run("prmpt", (texts, keys, list(dependencies)), self.timeout))
        if len(results) != len(texts):
            raise ServiceUnavailable("sanitization failed; nothing was sent upstream", retry_after=5)
        return results

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
        except (asyncio.TimeoutError, PoolUnavailable) as exc:
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
            parts["prmpt"] = self.sanitizer
        if "cape" in mode.split("+"):
            parts["cape"] = self.pool.remote_part("cape") or self.perturber
        return parts


def return_freed_memory() -> None:
    """Give the heap that a large job freed back to the system (glibc keeps it otherwise, and the
    process's RSS stays at its peak after a burst). Linux with glibc only; a no-op elsewhere."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
