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
from proxy.privacy import Policy
from proxy.settings import Settings
from proxy.upstream import UpstreamClient

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
        self.policies = _policy_registry()

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

    # ---- watermark (the synthid issue fills these in) ------------------------------------------
    def watermark_for(self, request: Request, body: dict[str, Any],
                      caller: Caller) -> tuple[ProcessorFactory | None, str | None]:
        return None, None

    def watermark_sampling_defaults(self) -> dict[str, Any]:
        return {}

    # ---- start-up and extra routes ------------------------------------------------------------
    def preload(self) -> None:
        """Load the models this configuration uses (runs in a thread at start-up)."""
        self.local.load()

    def extra_routers(self) -> list[Any]:
        return []

    # ---- readiness -----------------------------------------------------------------------------
    def readiness(self) -> dict[str, Any]:
        models = {"local": self.local.ready}
        return {"ready": all(models.values()), "models": models}

    async def aclose(self) -> None:
        if self.upstream is not None:
            await self.upstream.aclose()
        self.pool.close()


def _policy_registry() -> dict[str, Any]:
    def off(svc: Services, mode: str, caller: Caller) -> Policy:
        return Policy("off")

    return {"off": off}
