"""Where model work runs: threads of this process (proxy/pool.py), or Ray Serve deployments
(proxy/workers/ray_backend.py) that any number of Veil processes and machines share."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from proxy.pool import WorkerPool
    from proxy.settings import Settings


def build_pool(settings: Settings) -> WorkerPool:
    """The pool ``workers.backend`` names (``VEIL_WORKERS__BACKEND``)."""
    if settings.workers.backend == "ray":
        from proxy.workers.ray_backend import RayWorkerPool

        return RayWorkerPool(settings)
    from proxy.pool import InProcessWorkerPool

    return InProcessWorkerPool(settings.local_model.device)
