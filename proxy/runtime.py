"""Building one running proxy: each part gets the few dependencies it needs, wired here once.

    settings -> metrics, worker pool, key ring
             -> privacy engine (pool, Prmpt and Cape configs)
             -> local backend (pool), watermarks (key ring)
             -> upstreams: one client per provider, the local model (backend, watermarks), echo
             -> pipeline (all of the above) -> surfaces' endpoints
"""

from __future__ import annotations

import gc
import logging
import os
from dataclasses import dataclass, field
from typing import Any

import httpx

from mechanisms.keys import MasterKey
from proxy.keyring import KeyRing
from proxy.local.backend import LocalBackend
from proxy.local.upstream import Echo, LocalModel, ModelUpstream
from proxy.metrics import Metrics
from proxy.pipeline.engine import PrivacyEngine
from proxy.pipeline.handler import Pipeline
from proxy.pipeline.surface import Surface
from proxy.pool import WorkerPool
from proxy.settings import Settings
from proxy.surfaces import providers
from proxy.upstream import UpstreamClient, Upstreams
from proxy.watermark.service import WatermarkService
from proxy.workers import build_pool

log = logging.getLogger("veil.runtime")


@dataclass
class Runtime:
    settings: Settings
    metrics: Metrics
    pool: WorkerPool
    keyring: KeyRing
    engine: PrivacyEngine
    upstreams: Upstreams
    local: LocalBackend
    watermarks: WatermarkService
    pipeline: Pipeline
    surfaces: dict[str, Surface] = field(default_factory=dict)

    def _preloaded(self) -> dict[str, Any]:
        """What start-up loads: the configured mode's mechanisms, and the local model when it answers.
        Other allowed modes load on their first request."""
        parts = self.engine.parts_for(self.settings.mode)
        # The local model answers some surface of the providers with their own settings (OpenAI, Anthropic);
        # those of upstream.base_urls (Ollama) without a URL load it on their first request.
        main = [p.name for p in providers() if p.url_settings]
        if self.upstreams.local_answers and any(name not in self.upstreams.remote for name in main):
            parts["local"] = self.local
        return parts

    def preload(self) -> None:
        """Runs in a thread at start-up when ``local_model.preload`` is set."""
        for part in self._preloaded().values():
            part.load()
        settle_heap()

    def readiness(self) -> dict[str, Any]:
        """Of the process that answers (with ``--workers N`` each process loads its own models)."""
        models = {name: bool(part.ready) for name, part in self._preloaded().items()}
        state: dict[str, Any] = {"ready": all(models.values()), "models": models, "pid": os.getpid()}
        known = self.engine.sanitizer.annotator.known
        if known.enabled and self.engine.sanitizer.ready:
            state["known_values"] = known.status()  # counts per source and type, failures: never a value
        return state

    async def aclose(self) -> None:
        await self.upstreams.aclose()
        self.pool.close()


def settle_heap() -> None:
    """Move what start-up built (modules, models, tables: ~200,000 objects in mode off, far more with
    spaCy loaded) out of the garbage collector's reach. Otherwise each full collection walks all of it:
    ~60-240 ms with every request of the process waiting, which was most of mode off's p99 at 32 clients.
    Objects made later are collected as usual."""
    gc.collect()
    gc.freeze()


def build_upstreams(settings: Settings, local: LocalBackend, watermarks: WatermarkService,
                    transport: httpx.AsyncBaseTransport | None = None) -> Upstreams:
    """Each provider with a base URL (unless ``upstream.provider`` says local or echo), the local model,
    and the echo upstream when it is chosen."""
    chosen = settings.upstream.provider
    remote = {provider.name: UpstreamClient(settings.upstream, transport=transport, provider=provider)
              for provider in providers() if chosen == "auto" and provider.base_url(settings.upstream)}
    model = ModelUpstream(LocalModel(local, watermarks, settings.watermark.top_k, settings.upstream.read_timeout))
    return Upstreams(remote, model, ModelUpstream(Echo()) if chosen == "echo" else None)


def build_runtime(settings: Settings, *, master_key: MasterKey | None = None,
                  upstream_transport: httpx.AsyncBaseTransport | None = None,
                  pool: WorkerPool | None = None) -> Runtime:
    metrics = Metrics()
    pool = pool or build_pool(settings)
    needs_key = settings.mode != "off" or settings.watermark.enabled
    keyring = KeyRing(settings.master_key_file, settings.auth.key_version, master_key, load_now=needs_key)
    engine = PrivacyEngine(settings.prmpt, settings.cape, settings.workers, pool, settings.sanitize_timeout,
                           metrics, settings.limits)
    local = LocalBackend(settings.local_model, settings.limits, pool)
    watermarks = WatermarkService(settings.watermark, keyring.master)
    upstreams = build_upstreams(settings, local, watermarks, upstream_transport)
    pipeline = Pipeline(settings, keyring, engine, upstreams, local, metrics)
    return Runtime(settings, metrics, pool, keyring, engine, upstreams, local, watermarks, pipeline)
