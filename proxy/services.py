"""Everything one running proxy holds: settings, pool, clients, models, keys. Built once per app."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import httpx

from mechanisms.cape import CapePerturber
from mechanisms.keys import MasterKey
from mechanisms.prmpt import Sanitizer
from proxy.auth import Caller
from proxy.errors import BadRequest
from proxy.local_backend import LocalBackend
from proxy.metrics import Metrics
from proxy.policies import CapePolicy, PrmptPolicy
from proxy.pool import InProcessWorkerPool
from proxy.privacy import Policy
from proxy.settings import Settings
from proxy.upstream import UpstreamClient
from proxy.watermark_api import WatermarkService

log = logging.getLogger("veil.services")


class Services:
    def __init__(self, settings: Settings, *, upstream_transport: httpx.AsyncBaseTransport | None = None,
                 pool: InProcessWorkerPool | None = None, master_key: MasterKey | None = None) -> None:
        self.settings = settings
        self.metrics = Metrics()
        self.pool = pool or InProcessWorkerPool(settings.local_model.device)
        self.upstream = (
            UpstreamClient(settings.upstream, transport=upstream_transport)
            if settings.upstream.base_url else None
        )
        self.local = LocalBackend(settings.local_model, settings.limits, self.pool)
        self._master_key = master_key
        if master_key is None and (settings.mode != "off" or settings.watermark.enabled):
            self._master_key = MasterKey.load(settings.master_key_file)  # fail at start, not per request
        self.watermarks = WatermarkService(self)
        self.sanitizer = Sanitizer(settings.prmpt)  # cheap; load() reads Presidio and spaCy
        self.perturber = CapePerturber(settings.cape, device=self.pool.device)  # load() reads the model
        workers = settings.workers
        self.pool.register("prmpt", self._sanitize_batch, max_batch_size=workers.max_batch_size,
                           max_wait_ms=0.0, max_queue=workers.max_queue)
        self.pool.register("cape", self._perturb_batch, max_batch_size=workers.max_batch_size,
                           max_wait_ms=workers.max_wait_ms, max_queue=workers.max_queue)

    # ---- worker-pool handlers (worker threads) --------------------------------------------------
    def _sanitize_batch(self, jobs: Sequence[tuple[list[str], Any]]) -> list[Any]:
        """Each job is (texts, user keys); a failing job fails alone."""
        self.sanitizer.load()
        out: list[Any] = []
        for texts, keys in jobs:
            try:
                out.append(self.sanitizer.sanitize_many(texts, keys))
            except Exception as exc:  # noqa: BLE001 - the request fails closed with a 503
                out.append(exc)
        return out

    def _perturb_batch(self, jobs: Sequence[tuple[list[str], list[Any], float, list[int]]]) -> list[Any]:
        """Jobs of concurrent requests with the same eps share one model batch (micro-batching)."""
        self.perturber.load()
        out: list[Any] = [None] * len(jobs)
        by_eps: dict[float, list[int]] = {}
        for i, job in enumerate(jobs):
            by_eps.setdefault(job[2], []).append(i)
        for eps, members in by_eps.items():
            texts = [t for i in members for t in jobs[i][0]]
            spans = [s for i in members for s in jobs[i][1]]
            seeds = [s for i in members for s in jobs[i][3]]
            results = self.perturber.perturb_batch(texts, eps, protected_spans=spans, seeds=seeds)
            at = 0
            for i in members:
                n = len(jobs[i][0])
                out[i], at = results[at:at + n], at + n
        return out

    # ---- keys ----------------------------------------------------------------------------------
    @property
    def master_key(self) -> MasterKey:
        if self._master_key is None:
            self._master_key = MasterKey.load(self.settings.master_key_file)
        return self._master_key

    def user_keys(self, caller: Caller) -> Any:
        return self.master_key.user_keys(caller.user_id, self.settings.auth.key_version)

    # ---- policies ------------------------------------------------------------------------------
    def policy(self, mode: str, caller: Caller) -> Policy:
        if mode == "off":
            return Policy("off")
        if mode == "prmpt":
            return PrmptPolicy(self, mode, self.user_keys(caller))
        if mode in ("cape", "prmpt+cape"):
            return CapePolicy(self, mode, self.user_keys(caller))
        raise BadRequest(f"unknown mode {mode!r}", param="X-Veil-Mode")

    # ---- start-up, readiness, extra routes ----------------------------------------------------
    def _preloaded(self) -> dict[str, Any]:
        """What start-up loads: the configured mode's mechanisms, and the local model when it answers.
        Other allowed modes load on their first request."""
        parts: dict[str, Any] = {}
        if "prmpt" in self.settings.mode.split("+"):
            parts["prmpt"] = self.sanitizer
        if "cape" in self.settings.mode.split("+"):
            parts["cape"] = self.perturber
        if self.upstream is None:
            parts["local"] = self.local
        return parts

    def preload(self) -> None:
        """Runs in a thread at start-up when ``local_model.preload`` is set."""
        for part in self._preloaded().values():
            part.load()

    def readiness(self) -> dict[str, Any]:
        models = {name: bool(part.ready) for name, part in self._preloaded().items()}
        return {"ready": all(models.values()), "models": models}

    def extra_routers(self) -> list[Any]:
        from proxy.privacy_api import router as privacy_router
        from proxy.watermark_api import router as watermark_router

        return [privacy_router, watermark_router]

    async def aclose(self) -> None:
        if self.upstream is not None:
            await self.upstream.aclose()
        self.pool.close()
