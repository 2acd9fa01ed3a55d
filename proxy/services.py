"""Everything one running proxy holds: settings, pool, clients, models, keys. Built once per app."""

from __future__ import annotations

import logging
from typing import Any

import httpx
from starlette.requests import Request

from mechanisms.keys import MasterKey
from proxy.auth import Caller
from proxy.local_backend import LocalBackend, ProcessorFactory
from proxy.metrics import Metrics
from proxy.pool import InProcessWorkerPool
from mechanisms.prmpt import Sanitizer
from proxy.policies import PrmptPolicy
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
        if master_key is None and (self.uses("prmpt") or settings.watermark.enabled):
            self._master_key = MasterKey.load(settings.master_key_file)  # fail at start, not per request
        self.policies = _policy_registry()
        self.watermarks = WatermarkService(self)
        self._sanitizer: Any = None
        self.pool.register("prmpt", self._sanitize_batch, max_batch_size=settings.workers.max_batch_size,
                           max_wait_ms=0.0, max_queue=settings.workers.max_queue)

    @property
    def sanitizer(self) -> Any:
        """The Prmpt sanitizer (built on first use; ``load()`` reads Presidio and spaCy)."""
        if self._sanitizer is None:
            self._sanitizer = Sanitizer(self.settings.prmpt)
        return self._sanitizer

    def _sanitize_batch(self, jobs: Any) -> list[Any]:
        """Worker thread: each job is (texts, user keys); a failing job fails alone."""
        self.sanitizer.load()
        out: list[Any] = []
        for texts, keys in jobs:
            try:
                out.append(self.sanitizer.sanitize_many(texts, keys))
            except Exception as exc:  # noqa: BLE001 - the request fails closed with a 503
                out.append(exc)
        return out

    def uses(self, mechanism: str) -> bool:
        """Whether the configured or allowed modes need ``prmpt`` or ``cape``."""
        return any(mechanism in m.split("+") for m in {self.settings.mode, *self.settings.allowed_modes})

    def user_keys(self, caller: Caller) -> Any:
        return self.master_key.user_keys(caller.user_id, self.settings.auth.key_version)

    # ---- keys ----------------------------------------------------------------------------------
    @property
    def master_key(self) -> MasterKey:
        if self._master_key is None:
            self._master_key = MasterKey.load(self.settings.master_key_file)
        return self._master_key

    # ---- policies ------------------------------------------------------------------------------
    def policy(self, mode: str, caller: Caller) -> Policy:
        factory = self.policies.get(mode)
        if factory is None:
            from proxy.errors import BadRequest

            raise BadRequest(f"mode {mode!r} is not available in this build", param="X-Veil-Mode")
        return factory(self, mode, caller)

    # ---- watermark ------------------------------------------------------------------------------
    def watermark_for(self, request: Request, body: dict[str, Any],
                      caller: Caller) -> tuple[ProcessorFactory | None, str | None]:
        """(factory of a watermarking config for generate(), X-Veil-Watermark value) for a local call."""
        return self.watermarks.for_request(request, caller)

    # ---- start-up and extra routes ------------------------------------------------------------
    def preload(self) -> None:
        """Load the models this configuration uses (runs in a thread at start-up)."""
        if self.uses("prmpt"):
            self.sanitizer.load()
        self.local.load()

    def extra_routers(self) -> list[Any]:
        from proxy.privacy_api import router as privacy_router
        from proxy.watermark_api import router as watermark_router

        return [privacy_router, watermark_router]

    # ---- readiness -----------------------------------------------------------------------------
    def readiness(self) -> dict[str, Any]:
        models = {"local": self.local.ready}
        if self.uses("prmpt"):
            models["prmpt"] = self.sanitizer.ready
        return {"ready": all(models.values()), "models": models}

    async def aclose(self) -> None:
        if self.upstream is not None:
            await self.upstream.aclose()
        self.pool.close()


def _policy_registry() -> dict[str, Any]:
    def off(svc: Services, mode: str, caller: Caller) -> Policy:
        return Policy("off")

    def prmpt(svc: Services, mode: str, caller: Caller) -> Policy:
        return PrmptPolicy(svc, mode, svc.user_keys(caller))

    return {"off": off, "prmpt": prmpt}
