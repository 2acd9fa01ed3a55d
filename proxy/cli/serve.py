"""``veil serve``: one server process, or N of them on one port (``--workers N``, ``workers.processes``).

Veil keeps no state between requests (the per-user keys are derived from the master key on each
request), so N processes need to share nothing but the master key. The supervisor here:

* makes sure the master key exists before any process starts (so N processes never race to create it);
* binds one listening socket per process on the same port with ``SO_REUSEPORT``, so the kernel spreads
  connections over the processes (a single shared socket lets the first process that wakes accept a
  whole burst); where ``SO_REUSEPORT`` is missing, the processes share one socket;
* gives the processes a fresh folder for Prometheus' multiprocess mode, so ``/metrics`` in any process
  counts the requests of all of them (proxy/metrics.py);
* with ``workers.backend: ray`` and no ``ray_address``, starts one local Ray instance that every
  process joins (the model lanes' deployments are then shared by all of them);
* restarts a process that dies after it started serving, and stops everything when one fails to start
  or on SIGINT / SIGTERM (each process finishes its requests in flight, as a single server does).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import wait
from multiprocessing.synchronize import Event
from typing import Any

from proxy.metrics import MULTIPROC_ENV, mark_process_dead
from proxy.settings import Settings, is_loopback

log = logging.getLogger("veil.serve")
_spawn = multiprocessing.get_context("spawn")
_READY_TIMEOUT = 600.0  # a process loads its models at start-up only when preloading; the port opens after


def serve(settings: Settings) -> int:
    """Run until stopped; the exit status of ``veil serve``."""
    refusal = exposure_refusal(settings)
    if refusal:
        print(f"veil: {refusal}", file=sys.stderr, flush=True)
        return 2
    processes = settings.workers.process_count()
    if processes == 1:
        return _serve_one(settings)
    return Supervisor(settings, processes).run()


def exposure_refusal(settings: Settings) -> str | None:
    """Why Veil must not start as configured: listening beyond this machine with no proxy key lets anyone
    who reaches the port spend the upstream key, pick a mode and restore stand-ins."""
    if is_loopback(settings.host) or settings.auth.api_keys or settings.auth.allow_unauthenticated:
        return None
    return (f"refusing to listen on {settings.host} without proxy keys: anyone who reaches this address "
            "could use it. Set auth.api_keys (VEIL_AUTH__API_KEYS), listen on 127.0.0.1, or accept it with "
            "auth.allow_unauthenticated: true (VEIL_AUTH__ALLOW_UNAUTHENTICATED=true)")


def _serve_one(settings: Settings) -> int:
    import uvicorn

    from mechanisms.keys import MasterKeyError
    from proxy.app import create_app
    from proxy.runtime import settle_heap

    try:
        app = create_app(settings)
    except MasterKeyError as exc:
        print(f"veil: {exc}", file=sys.stderr)
        return 2
    settle_heap()
    _announce(settings, 1)
    uvicorn.run(app, host=settings.host, port=settings.port, log_config=None, access_log=False)
    return 0


def _announce(settings: Settings, processes: int) -> None:
    where = {"echo": "echo (answers with what it received)", "local": f"the local model {settings.local_model.id}"}.get(
        settings.upstream.provider, settings.upstream.base_url or f"the local model {settings.local_model.id}")
    many = f", {processes} processes" if processes > 1 else ""
    print(f"veil: serving on http://{settings.host}:{settings.port}/v1 (mode {settings.mode}{many}, "
          f"upstream: {where})", file=sys.stderr, flush=True)
    if is_loopback(settings.host) and not settings.auth.api_keys:
        print(next_steps(settings), file=sys.stderr, flush=True)


def next_steps(settings: Settings) -> str:
    """What to try once it serves (on this machine, no proxy key): the privacy preview, which shows what
    would leave and the same text restored with the caller's key (the small local model seldom repeats a
    value, so its answers rarely show one restored); a chat completion; the inspector."""
    base = f"http://{'[' + settings.host + ']' if ':' in settings.host else settings.host}:{settings.port}"
    json_header = "-H 'content-type: application/json'"
    lines = [
        "veil: try it from another terminal:",
        "  # what would leave the machine (stand-ins), then those stand-ins restored with your key",
        f"  curl -s {base}/v1/privacy/sanitize {json_header} \\",
        """    -d '{"text": "I am John Smith, SSN 123-45-6789, email john.smith@acme-corp.com"}' | tee /dev/stderr \\""",
        f"    | curl -s {base}/v1/privacy/desanitize {json_header} -d @-; echo",
    ]
    if not settings.upstream.base_url:
        lines += [
            "  # a chat completion from the local model (the x-veil-entities header says what was hidden)",
            f"  curl -s -D - {base}/v1/chat/completions {json_header} -d '{{\"model\": "
            f"\"{settings.local_model.id}\", \"max_tokens\": 40, \"messages\": [{{\"role\": \"user\", "
            "\"content\": \"Write one line to John Smith, SSN 123-45-6789\"}]}'",
        ]
    lines += [f"  # side by side, in a browser: {base}/inspector",
              "  # the SDK examples: pip install openai anthropic; python examples/sdk_chat.py"]
    return "\n".join(lines)


def needs_master_key(settings: Settings) -> bool:
    """Whether a request may need the master key (a privacy mode is allowed, or the watermark is on)."""
    return any(m != "off" for m in {settings.mode, *settings.allowed_modes}) or settings.watermark.enabled


# ---- the server processes ------------------------------------------------------------------------
def _child_main(settings: Settings, sock: socket.socket, ready: Event) -> None:
    """One server process: its own app (models, pool, upstream connections) on its own socket."""
    import uvicorn

    from proxy.app import create_app
    from proxy.logs import configure_logging
    from proxy.runtime import settle_heap

    _die_with_parent()
    configure_logging(settings.logging.level, settings.logging.json_format)
    app = create_app(settings)
    settle_heap()
    server = uvicorn.Server(uvicorn.Config(app, log_config=None, access_log=False))

    def report_ready() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            ready.set()

    threading.Thread(target=report_ready, name="veil-ready", daemon=True).start()
    server.run(sockets=[sock])


def _die_with_parent() -> None:
    """Linux: a server process gets SIGTERM when its supervisor dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() == 1:  # the supervisor died before prctl took effect
        os._exit(1)


@dataclass
class _Worker:
    index: int
    process: Any
    sock: socket.socket
    ready: Event
    served: bool = False  # it answered on its port at least once (a later death is restarted)


class Supervisor:
    """N server processes on one port; see the module docstring."""

    def __init__(self, settings: Settings, processes: int) -> None:
        self.settings = settings
        self.count = processes
        self.workers: list[_Worker] = []
        self.stopping = threading.Event()
        self.metrics_dir: str | None = None
        self.reuse_port = hasattr(socket, "SO_REUSEPORT")
        self.shared: socket.socket | None = None
        self.owns_ray = False

    # ---- sockets
    def _bind(self, port: int) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.settings.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if self.reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((self.settings.host, port))
        sock.set_inheritable(True)
        return sock

    def _socket_for_new_worker(self) -> socket.socket:
        if not self.reuse_port:
            if self.shared is None:
                self.shared = self._bind(self.settings.port)
            return self.shared
        return self._bind(self.settings.port)

    # ---- processes
    def _start(self, index: int) -> _Worker:
        sock = self._socket_for_new_worker()
        if self.settings.port == 0:  # the first bind picked a free port: every other process joins it
            self.settings = self.settings.model_copy(update={"port": sock.getsockname()[1]})
        ready = _spawn.Event()
        process = _spawn.Process(target=_child_main, args=(self.settings, sock, ready),
                                 name=f"veil-server-{index}", daemon=False)
        process.start()
        return _Worker(index, process, sock, ready)

    def _retire(self, worker: _Worker) -> None:
        if worker.process.pid is not None:
            mark_process_dead(worker.process.pid)
        if self.reuse_port:
            worker.sock.close()  # connections queued on a dead process's socket go to the others now

    def run(self) -> int:
        status = self._prepare()
        if status:
            return status
        previous = {sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            self.workers = [self._start(i) for i in range(self.count)]
            if not self._wait_ready():
                return 1
            _announce(self.settings, self.count)
            while not self.stopping.is_set():
                # Wake as soon as a process ends: the sooner its socket closes, the fewer connections
                # the kernel hands to a port nobody accepts on.
                wait([w.process.sentinel for w in self.workers], timeout=0.5)
                if not self._keep_alive():
                    return 1
            return 0
        finally:
            self._stop_all()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            if self.metrics_dir:  # made here for this run
                shutil.rmtree(self.metrics_dir, ignore_errors=True)
            if self.owns_ray:
                import ray

                ray.shutdown()

    def _prepare(self) -> int:
        from mechanisms.keys import MasterKey, MasterKeyError

        if needs_master_key(self.settings):
            try:
                MasterKey.load(self.settings.master_key_file)  # created once here, if it must be
            except MasterKeyError as exc:
                print(f"veil: {exc}", file=sys.stderr)
                return 2
        # N processes each running torch with one thread per core would oversubscribe the cores (OpenMP
        # threads spin-wait on each other: measured 9x slower generation with 2 threads on 2 busy
        # cores); give each process its share unless the operator chose.
        share = str(max(1, (os.cpu_count() or 1) // self.count))
        for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(name, share)
        if not os.environ.get(MULTIPROC_ENV):
            self.metrics_dir = tempfile.mkdtemp(prefix="veil-metrics-")
            os.environ[MULTIPROC_ENV] = self.metrics_dir  # the processes inherit it
        workers = self.settings.workers
        if workers.backend == "ray" and not workers.ray_address:
            # One local Ray instance for all the processes, owned here; they join it as clients.
            from proxy.workers.ray_backend import start_local_cluster

            address = start_local_cluster(workers)
            self.owns_ray = True
            self.settings = self.settings.model_copy(
                update={"workers": workers.model_copy(update={"ray_address": address})})
        return 0

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + _READY_TIMEOUT
        while not self.stopping.is_set():
            if all(w.ready.is_set() for w in self.workers):
                for w in self.workers:
                    w.served = True
                return True
            dead = [w for w in self.workers if not w.process.is_alive()]
            if dead or time.monotonic() > deadline:
                print(f"veil: a server process failed to start (exit code {dead[0].process.exitcode if dead else None})",
                      file=sys.stderr, flush=True)
                return False
            time.sleep(0.05)
        return False

    def _keep_alive(self) -> bool:
        """Restart processes that died after they served; False when one cannot start again."""
        for i, worker in enumerate(self.workers):
            if worker.ready.is_set():
                worker.served = True
            if worker.process.is_alive():
                continue
            if self.stopping.is_set():
                return True
            if not worker.served:
                print(f"veil: server process {worker.process.pid} failed to start (exit code "
                      f"{worker.process.exitcode})", file=sys.stderr, flush=True)
                return False
            log.warning("server process died; starting another",
                        extra={"dead_pid": worker.process.pid, "exit_code": worker.process.exitcode})
            self._retire(worker)
            self.workers[i] = self._start(worker.index)
        return True

    def _on_signal(self, signum: int, frame: Any) -> None:
        self.stopping.set()

    def _stop_all(self, grace: float = 30.0) -> None:
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.terminate()  # SIGTERM: uvicorn finishes requests in flight, then exits
        deadline = time.monotonic() + grace
        for worker in self.workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(5)
            self._retire(worker)
        if self.shared is not None:
            self.shared.close()
