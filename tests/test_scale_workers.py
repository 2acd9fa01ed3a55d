"""`veil serve --workers N`: N real server processes on one port, metrics across them, restarts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from proxy.settings import load_settings
from waiting import wait_until

ROOT = Path(__file__).resolve().parent.parent
CHAT = {"model": "gpt-test", "messages": [{"role": "user", "content": "hello"}]}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """`python -m proxy.cli serve --workers 2` in a subprocess; stderr kept for the log checks."""

    def __init__(self, upstream: str, workers: str = "2", mode: str = "off",
                 env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "VEIL_MASTER_KEY": "11" * 32, "HF_HUB_OFFLINE": "1",
               "VEIL_LOGGING__LEVEL": "INFO", "VEIL_LOCAL_MODEL__PRELOAD": "false", **(env or {})}
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "proxy.cli", "serve", "--port", str(self.port), "--mode", mode,
             "--upstream-url", upstream, "--workers", workers],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_until(self._ready, timeout=120, message="veil serve --workers did not start", interval=0.2)

    def _ready(self) -> bool:
        if self.proc.poll() is not None:
            raise RuntimeError(self.proc.stderr.read().decode()[-3000:])  # type: ignore[union-attr]
        try:
            return httpx.get(self.url + "/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def fresh(self, method: str, path: str, **kwargs: object) -> httpx.Response:
        """One request on a new connection (the kernel picks the process per connection)."""
        with httpx.Client(timeout=10) as client:
            return client.request(method, self.url + path, **kwargs)  # type: ignore[arg-type]

    def pids(self, tries: int = 60, tolerate: bool = False) -> set[int]:
        out = set()
        for _ in range(tries):
            try:
                out.add(self.fresh("GET", "/readyz").json()["pid"])
            except httpx.TransportError:  # a connection queued on a process just killed
                if not tolerate:
                    raise
        return out

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            _, err = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return self.proc.returncode, err.decode()


@pytest.fixture(scope="module")
def served(upstream_server) -> Iterator[Served]:  # type: ignore[no-untyped-def]
    """One server for the module (starting N processes is the slow part); the tests run in order."""
    _, up = upstream_server
    server = Served(up.url + "/v1")
    try:
        yield server
    finally:
        server.stop()


def _requests_total(metrics: str, route: str = "chat") -> float:
    total = 0.0
    for line in metrics.splitlines():
        if line.startswith("veil_requests_total{") and f'route="{route}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def _gauge(metrics: str, name: str) -> float:
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not in /metrics")


def test_requests_spread_over_processes_and_metrics_count_them_all(served: Served) -> None:
    pids = served.pids()
    assert len(pids) == 2, "connections should reach both processes"
    n = 30
    for _ in range(n):
        assert served.fresh("POST", "/v1/chat/completions", json=CHAT).status_code == 200
    # Whichever process answers /metrics, it counts the requests of both.
    answers = [served.fresh("GET", "/metrics").text for _ in range(8)]
    assert {_requests_total(m) for m in answers} == {float(n)}
    assert {_gauge(m, "veil_server_processes") for m in answers} == {2.0}


def test_a_dead_process_is_replaced_and_its_counts_kept(served: Served) -> None:
    counted = _requests_total(served.fresh("GET", "/metrics").text)
    before = served.pids()
    victim = min(before)
    os.kill(victim, signal.SIGKILL)

    def replaced() -> bool:
        now = served.pids(tries=20, tolerate=True)
        return len(now) == 2 and victim not in now

    wait_until(replaced, timeout=90, message=f"a process in place of {victim}", interval=0.5)
    metrics = served.fresh("GET", "/metrics").text
    assert _requests_total(metrics) == counted  # the dead process's counts stay in the totals
    assert _gauge(metrics, "veil_server_processes") == 2.0  # its live gauge does not

    # Logs carry the process id: both processes answered chat requests, each logged under its pid.
    code, log = served.stop()
    assert code == 0
    events = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    requests = [e for e in events if e.get("event") == "request" and e.get("route") == "chat"]
    assert len(requests) == counted
    assert len({e["pid"] for e in requests}) == 2 and victim in {e["pid"] for e in requests}
    assert "hello" not in log  # ids and counts, never text


def test_workers_setting_auto_and_numbers() -> None:
    assert load_settings(None, workers={"processes": "auto"}).workers.process_count() == len(
        os.sched_getaffinity(0))
    assert load_settings(None, workers={"processes": "3"}).workers.process_count() == 3
    with pytest.raises(ValueError):
        load_settings(None, workers={"processes": 0})


def test_serve_flag_reaches_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from proxy import cli
    from proxy.cli import serve as serve_module

    seen: list[object] = []
    monkeypatch.setattr(serve_module, "serve", lambda settings: seen.append(settings) or 0)
    with pytest.raises(SystemExit) as done:
        cli.main(["serve", "--workers", "auto", "--backend", "inprocess", "--mode", "off"])
    assert done.value.code == 0
    settings = seen[0]
    assert settings.workers.processes == "auto" and settings.workers.backend == "inprocess"  # type: ignore[attr-defined]
