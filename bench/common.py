"""Shared bench plumbing: machine description, servers in subprocesses, percentiles, tables."""

from __future__ import annotations

import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
FAKERJS_VALUES = ROOT / "bench" / "data" / "fakerjs_values.json"


def fakerjs_values() -> dict[str, list[dict[str, str | None]]]:
    """faker-js' values per locale (``bench/data/fakerjs_values.json``, made by ``bench/data/make_fakerjs_values.mjs``),
    in the file's order, without its licence line."""
    import json

    data = json.loads(FAKERJS_VALUES.read_text(encoding="utf-8"))
    return {locale: rows for locale, rows in data.items() if not locale.startswith("_")}


def write_word_list(path: Path, header: str, words: Sequence[str], noun: str, check: bool = False) -> int:
    """Write a shipped word list (its header, then a word a line), or with ``check`` only say whether the shipped one
    is what would be written; the exit status of a ``make`` target that rebuilds it."""
    text = header.format(count=f"{len(words):,}") + "\n".join(words) + "\n"
    if check:
        same = path.exists() and path.read_text("utf-8") == text
        print(f"{path.name}: {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    path.write_text(text, "utf-8")
    print(f"{path.name}: {len(words)} {noun}")
    return 0


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import torch

    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no GPU"
    return (f"{cpu}, {os.cpu_count()} cores, {gpu}; Python {platform.python_version()}, "
            f"torch {torch.__version__}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Server:
    """A server in a subprocess; waits for ``health`` to answer."""

    def __init__(self, args: list[str], port: int, env: dict[str, str] | None = None,
                 health: str = "/healthz", timeout: float = 120.0) -> None:
        self.port = port
        full_env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1", **(env or {})}
        self.proc = subprocess.Popen([sys.executable, *args], env=full_env, cwd=ROOT,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server {args} exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.url + health, timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"server {args} did not become healthy")
            time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def veil_server(mode: str, upstream: str | None, env: dict[str, str] | None = None,
                preload: bool = False) -> Server:
    port = free_port()
    args = ["-m", "proxy.cli", "serve", "--port", str(port), "--mode", mode,
            "--upstream-url", upstream or ""]
    base_env = {"VEIL_LOGGING__LEVEL": "WARNING", "VEIL_LOCAL_MODEL__PRELOAD": str(preload).lower(),
                "VEIL_MASTER_KEY": "00" * 32,
                # benches compare modes per request on one server: every mode opted in
                "VEIL_ALLOWED_MODES": '["off", "prmpt", "cape", "prmpt+cape"]'}
    return Server(args, port, {**base_env, **(env or {})},
                  health="/readyz" if preload else "/healthz", timeout=300)


def mock_server() -> Server:
    port = free_port()
    return Server(["-m", "bench.mock_server", "--port", str(port)], port)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def tree_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its descendants alive now: what a server spent,
    whatever else the machine was running (wall-clock figures on a shared machine are not)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    tree, frontier = {pid}, [pid]
    while frontier:
        current = frontier.pop()
        for child, parent in parents.items():
            if parent == current and child not in tree:
                tree.add(child)
                frontier.append(child)
    return sum(times.get(p, 0.0) for p in tree)
