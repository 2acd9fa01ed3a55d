"""``workers.backend: ray``: Cape perturbation, local generation and Prmpt's detection as Ray Serve
deployments.

Any number of Veil processes, on any number of machines, send their jobs to the same deployments
(``workers.ray_address``), whose replicas batch them (``@serve.batch``). The other lanes (``prmpt``,
which encrypts what detection found under the user's key, and ``embed``) stay in threads of each Veil
process. What a job carries is listed in proxy/workers/jobs.py: never the master key, never a user's
Prmpt key.

Every Veil process deploys the applications it needs on first use (or at start-up, when it preloads).
An application's name ends with a fingerprint of its settings (``veil-cape-<fingerprint>``): a process
whose settings match finds the running application and uses it; one with other settings deploys its
own beside it. Without ``ray_address`` the process (or, with ``--workers N``, the supervisor) starts a
local Ray instance and owns it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import Any, cast

from proxy.pool import BatchHandler, InProcessWorkerPool, PoolSaturated, PoolUnavailable, settle
from proxy.settings import Settings, WorkerSettings

log = logging.getLogger("veil.ray")
NAMESPACE = "veil"
REMOTE_LANES = ("cape", "generate", "prmpt_detect")
_STATUS_TTL = 1.0  # seconds a readiness answer is reused (each check is a call to the Serve controller)


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - the error names the fix
        raise PoolUnavailable("workers.backend is 'ray' but Ray is not installed "
                              "(pip install 'ray[serve]')") from exc
    return ray


def start_local_cluster(workers: WorkerSettings) -> str:
    """Start a local Ray instance owned by this process; its address, for other processes to join."""
    ray = _ray()
    # A privacy proxy does not report usage to anyone, and its cluster needs no dashboard.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not ray.is_initialized():
        ray.init(num_cpus=workers.ray_num_cpus, include_dashboard=False, log_to_driver=False,
                 namespace=NAMESPACE)
    return str(ray.get_runtime_context().gcs_address)


def connect(workers: WorkerSettings) -> bool:
    """Join ``ray_address`` (or start a local instance); True when this call started Ray here."""
    ray = _ray()
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if workers.ray_address:
        ray.init(address=workers.ray_address, namespace=NAMESPACE, log_to_driver=False)
        return False
    start_local_cluster(workers)
    return True


def fingerprint(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]


class RayLane:
    """One model lane as a Ray Serve application; readiness sees it as a part (``ready``, ``load()``)."""

    def __init__(self, app: str, build: Callable[[], Any], start_timeout: float,
                 on_connect: Callable[[], None]) -> None:
        self.app = app  # name-fingerprint
        self._build = build  # -> a bound Serve application
        self.start_timeout = start_timeout
        self._on_connect = on_connect
        self._lock = threading.Lock()
        self.handle: Any = None
        self._checked = (0.0, False)

    @property
    def ready(self) -> bool:
        if self.handle is None:
            return False
        at, answer = self._checked
        if time.monotonic() - at > _STATUS_TTL:
            answer = self._running()
            self._checked = (time.monotonic(), answer)
        return answer

    def _running(self) -> bool:
        from ray import serve

        try:
            status = serve.status().applications.get(self.app)
        except Exception:  # noqa: BLE001 - the cluster is gone: not ready
            return False
        return status is not None and str(status.status).endswith("RUNNING")

    def load(self) -> None:
        """Deploy (or find) the application and wait until its replicas are up (models loaded)."""
        with self._lock:
            if self.handle is not None:
                return
            self._on_connect()
            from ray import serve

            started = time.monotonic()
            if self._running():  # deployed by another Veil process with the same settings
                handle = serve.get_app_handle(self.app)
            else:
                serve.start(proxy_location="Disabled")  # handles only: no HTTP port on the cluster
                handle = serve.run(self._build(), name=self.app, route_prefix=None)
            log.info("ray application ready", extra={"app": self.app,
                                                      "seconds": round(time.monotonic() - started, 1)})
            self.handle = handle
            self._checked = (time.monotonic(), True)


class Gathered:
    """The jobs of a lane that this process has waiting go to its deployment together: one Serve call
    carries every job waiting when a call can go (at most ``max_batch_size``), with at most ``calls`` in
    flight. A lone job goes at once; under load, Serve's cost per call (the handle's here, the replica's
    there: several ms of CPU each on a small machine, as much as detecting a text) is paid once per call
    rather than once per request. The deployment answers one result per job, an error as a value, so
    a job fails alone. At most ``max_queue`` jobs wait; beyond, PoolSaturated (503, retry soon)."""

    def __init__(self, max_batch_size: int, calls: int, max_queue: int) -> None:
        self.max_batch_size = max_batch_size
        self.calls = calls
        self.max_queue = max_queue
        self._waiting: deque[tuple[Any, asyncio.Future[Any]]] = deque()
        self._in_flight: set[asyncio.Task[None]] = set()

    async def run(self, handle: Any, job: Any) -> Any:
        if len(self._waiting) >= self.max_queue:
            raise PoolSaturated("the detection lane's queue is full")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((job, future))
        self._send(handle)
        return await future  # cancelled (timeout, client gone): its answer is dropped when it comes

    def _sent(self, handle: Any) -> Callable[[asyncio.Future[Any]], None]:
        """When a call is done: it leaves the calls in flight, and what waits can go."""
        def done(task: asyncio.Future[Any]) -> None:
            self._in_flight.discard(task)
            self._send(handle)
        return done

    def _send(self, handle: Any) -> None:
        while self._waiting and len(self._in_flight) < self.calls:
            batch: list[tuple[Any, asyncio.Future[Any]]] = []
            while self._waiting and len(batch) < self.max_batch_size:
                job, future = self._waiting.popleft()
                if not future.done():  # given up on before it went: not sent
                    batch.append((job, future))
            if batch:
                task = asyncio.ensure_future(self._call(handle, batch))
                self._in_flight.add(task)
                task.add_done_callback(self._sent(handle))

    @staticmethod
    async def _call(handle: Any, batch: list[tuple[Any, asyncio.Future[Any]]]) -> None:
        try:
            results = await handle.remote([job for job, _ in batch])
            if len(results) != len(batch):
                raise RuntimeError("the deployment answered another number of jobs")
        except Exception as exc:  # noqa: BLE001 - every job of the call gets the error
            results = [_mapped(exc)] * len(batch)
        for (_, future), result in zip(batch, results):
            settle(future, result)


class RayWorkerPool:
    """``cape``, ``generate`` and ``prmpt_detect`` in Ray Serve deployments; every other lane in threads,
    as in-process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.local = InProcessWorkerPool(settings.local_model.device)
        self.device = self.local.device  # what in-process lanes (embeddings) use
        self._owns_ray = False
        self._connect_lock = threading.Lock()
        self._connected = False
        w = settings.workers
        self.lanes: dict[str, RayLane] = {
            "cape": RayLane(f"veil-cape-{self._version('cape')}", self._cape_app, w.ray_start_timeout,
                            self._connect),
            "generate": RayLane(f"veil-generate-{self._version('generate')}", self._generate_app,
                                w.ray_start_timeout, self._connect),
            "prmpt_detect": RayLane(f"veil-prmpt-detect-{self._version('prmpt_detect')}", self._detect_app,
                                    w.ray_start_timeout, self._connect),
        }
        # two calls per replica in flight: one running, the next already there when it ends
        self.gathered = {"prmpt_detect": Gathered(w.max_batch_size, 2 * w.ray_prmpt_detect_replicas,
                                                  w.max_queue)}
        self.closed = False

    # ---- the applications
    def _replica_options(self, replicas: int, gpus: float | None = None) -> dict[str, Any]:
        w = self.settings.workers
        gpus = w.ray_replica_gpus if gpus is None else gpus
        return {"num_replicas": replicas, "max_queued_requests": w.max_queue,
                "max_ongoing_requests": max(2 * w.max_batch_size, 8),
                "ray_actor_options": {"num_cpus": w.ray_replica_cpus, "num_gpus": gpus}}

    def _version(self, lane: str) -> str:
        from proxy import __version__ as veil

        s = self.settings
        configs = {"cape": s.cape, "generate": s.local_model, "prmpt_detect": s.prmpt}
        config = configs[lane].model_dump(mode="json")
        w = s.workers.model_dump(mode="json", exclude={"processes", "ray_address", "ray_num_cpus"})
        return fingerprint(veil, lane, config, w)

    def _batch(self) -> tuple[int, float]:
        w = self.settings.workers
        return w.max_batch_size, w.max_wait_ms / 1000.0

    def _cape_app(self) -> Any:
        from proxy.workers.ray_deployments import CapeDeployment

        s = self.settings
        # @serve.deployment made the class a Deployment (.options, .bind): the type checker sees the class
        deployment = cast(Any, CapeDeployment).options(name="cape",
                                                       **self._replica_options(s.workers.ray_cape_replicas))
        return deployment.bind(s.cape.model_dump(mode="json"), s.local_model.device, *self._batch())

    def _generate_app(self) -> Any:
        from proxy.workers.ray_deployments import GenerateDeployment

        s = self.settings
        deployment = cast(Any, GenerateDeployment).options(name="generate",
                                                **self._replica_options(s.workers.ray_generate_replicas))
        return deployment.bind(s.local_model.model_dump(mode="json"), s.local_model.device, *self._batch())

    def _detect_app(self) -> Any:
        from proxy.workers.ray_deployments import PrmptDetectDeployment

        w = self.settings.workers
        # no access log line per call (CPU spent for nothing; calls carry no identifiers worth logging)
        deployment = cast(Any, PrmptDetectDeployment).options(
            name="prmpt_detect", logging_config={"enable_access_log": False},
            **self._replica_options(w.ray_prmpt_detect_replicas, w.ray_prmpt_detect_gpus))
        # batches take what is queued and wait for nothing more, as the in-process ``prmpt`` lane does
        return deployment.bind(self.settings.prmpt.model_dump(mode="json"), w.max_batch_size, 0.0)

    def _connect(self) -> None:
        with self._connect_lock:
            if not self._connected:
                self._owns_ray = connect(self.settings.workers)
                self._connected = True

    # ---- the pool interface
    def register(self, lane: str, handler: BatchHandler, *, max_batch_size: int = 1, max_wait_ms: float = 0.0,
                 max_queue: int = 256, streams: bool = False,
                 is_large: Callable[[Any], bool] | None = None) -> None:
        # A remote lane's in-process handler is kept as well: nothing calls it unless Ray is bypassed.
        self.local.register(lane, handler, max_batch_size=max_batch_size, max_wait_ms=max_wait_ms,
                            max_queue=max_queue, streams=streams, is_large=is_large)

    def remote_part(self, lane: str) -> RayLane | None:
        return self.lanes.get(lane)

    async def _handle(self, lane: RayLane, timeout: float | None) -> Any:
        if self.closed:
            raise PoolUnavailable("worker pool is closed")
        if lane.handle is None:
            try:
                await asyncio.wait_for(asyncio.to_thread(lane.load), timeout or lane.start_timeout)
            except TimeoutError:
                raise
            except Exception as exc:  # noqa: BLE001 - the type only: the cluster is not reachable
                log.error("ray deployment unavailable", extra={"app": lane.app, "error_type": type(exc).__name__})
                raise PoolUnavailable(f"the {lane.app} deployment is unavailable") from None
        return lane.handle

    def submit(self, lane: str, payload: Any) -> asyncio.Future[Any]:
        if lane not in self.lanes:
            return self.local.submit(lane, payload)
        return asyncio.ensure_future(self.run(lane, payload))

    async def run(self, lane: str, payload: Any, timeout: float | None = None) -> Any:
        remote = self.lanes.get(lane)
        if remote is None:
            return await self.local.run(lane, payload, timeout)
        handle = await self._handle(remote, timeout)
        if lane in self.gathered:
            return await asyncio.wait_for(self.gathered[lane].run(handle, payload), timeout)
        response = handle.remote(payload)
        try:
            return await asyncio.wait_for(_awaited(response), timeout)
        except (TimeoutError, asyncio.CancelledError):
            response.cancel()  # the replica stops the job (a generation ends at its next token)
            raise
        except Exception as exc:  # noqa: BLE001
            raise _mapped(exc) from None

    async def stream(self, lane: str, payload: Any) -> AsyncIterator[Any]:
        remote = self.lanes.get(lane)
        if remote is None:
            async for item in self.local.stream(lane, payload):
                yield item
            return
        handle = await self._handle(remote, None)
        responses = handle.options(method_name="stream", stream=True).remote(payload)
        finished = False
        try:
            async for item in responses:
                yield item
            finished = True
        except Exception as exc:  # noqa: BLE001
            raise _mapped(exc) from None
        finally:
            if not finished:
                responses.cancel()  # client gone: the replica stops generating

    def close(self) -> None:
        self.closed = True
        self.local.close()
        if self._owns_ray:
            ray = _ray()
            try:
                from ray import serve

                serve.shutdown()
            finally:
                ray.shutdown()


async def _awaited(response: Any) -> Any:
    return await response


def _mapped(exc: Exception) -> Exception:
    """Ray's errors as the pool's: full queues are PoolSaturated (503, retry soon), a cluster or replica
    that is gone is PoolUnavailable; a job's own error keeps its type (the caller fails closed)."""
    from ray.serve import exceptions as serve_errors

    if isinstance(exc, serve_errors.BackPressureError):
        return PoolSaturated("the Ray deployment's queue is full")
    unavailable = (serve_errors.DeploymentUnavailableError, serve_errors.ReplicaUnavailableError,
                   serve_errors.RequestCancelledError)
    if isinstance(exc, unavailable) or type(exc).__name__ in ("RayActorError", "ActorDiedError",
                                                               "ActorUnavailableError"):
        return PoolUnavailable("the Ray deployment is unavailable")
    cause = getattr(exc, "cause", None)  # a RayTaskError wraps the replica's exception
    return cause if isinstance(cause, Exception) else exc
