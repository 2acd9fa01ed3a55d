"""Peers: LiteLLM's proxy beside Veil on the same mock upstream and the same load (`make bench-peers`).

Paths, measured in interleaved rounds (A/B/C/D, then reversed) so that a busy machine slows them alike:
  direct       the mock upstream itself
  veil off     Veil forwarding untouched
  veil prmpt   Veil sanitizing 5 values per prompt and restoring them in the answer (checked)
  litellm      LiteLLM's proxy (`litellm --config`, 1 worker, no guardrail), installed by `make bench-peers`
               into its own virtualenv (bench/.peers-venv), pointed at the same mock
Each request is a 300-character prompt with 5 sensitive values (bench/scale.py); 1 and 32 clients,
non-stream and stream (the mock streams 20 chunks, 5 ms apart).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.common import ROOT, free_port, median, mock_server, pct, table, veil_server
from bench.loadgen import CheckedRun, checked_load, request_bytes
from bench.scale import prompts, wait_ready

PEERS_VENV = ROOT / "bench" / ".peers-venv"
LITELLM_VERSION = "1.81.13"
LEVELS = {1: {"plain": 60, "stream": 12}, 32: {"plain": 8, "stream": 3}}  # requests per client per round


class LiteLLM:
    """LiteLLM's proxy in a subprocess, with one model routed to the mock upstream."""

    def __init__(self, upstream: str) -> None:
        exe = PEERS_VENV / "bin" / "litellm"
        if not exe.exists():
            raise RuntimeError(f"{exe} is missing: run `make bench-peers` (it installs litellm[proxy]=="
                               f"{LITELLM_VERSION} there)")
        self.dir = tempfile.TemporaryDirectory(prefix="veil-peers-")
        config = Path(self.dir.name) / "litellm.yaml"
        config.write_text(json.dumps({  # JSON is YAML
            "model_list": [{"model_name": "bench", "litellm_params": {
                "model": "openai/bench", "api_base": upstream, "api_key": "sk-bench"}}],
            "litellm_settings": {"drop_params": True, "telemetry": False},
        }))
        self.port = free_port()
        env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "LITELLM_LOG": "ERROR",
               "LITELLM_TELEMETRY": "False", "DISABLE_SCHEMA_UPDATE": "True"}
        env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen(
            [str(exe), "--config", str(config), "--host", "127.0.0.1", "--port", str(self.port),
             "--num_workers", "1"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 180
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("litellm exited: " + self.proc.stderr.read().decode()[-2000:])  # type: ignore[union-attr]
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/health/liveliness", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("litellm did not start")
            time.sleep(0.3)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.dir.cleanup()

    def __enter__(self) -> LiteLLM:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _payloads(texts: list[str], stream: bool, mode: str | None) -> list[bytes]:
    headers = {"authorization": "Bearer sk-bench"}
    if mode:
        headers["x-veil-mode"] = mode
    return [request_bytes("/v1/chat/completions", json.dumps({
        "model": "bench", "stream": stream, "x-bench-echo": True,
        "messages": [{"role": "user", "content": t}]}).encode(), headers) for t in texts]


def _answer(body: bytes) -> str:
    if body.startswith(b"data:") or b"\ndata:" in body[:200]:
        out = ""
        for line in body.decode().splitlines():
            if line.startswith("data: {"):
                for choice in json.loads(line[6:]).get("choices", []):
                    out += (choice.get("delta") or {}).get("content") or ""
        return out
    return json.loads(body)["choices"][0]["message"]["content"] or ""


def _check(texts: list[str], must_restore: bool):  # type: ignore[no-untyped-def]
    def check(i: int, body: bytes) -> bool:
        try:
            answer = _answer(body)
        except (ValueError, KeyError, IndexError):
            return False
        return answer == texts[i] if must_restore else bool(answer)
    return check


def _measure(ports: dict[str, int], texts: list[str], rounds: int) -> dict[tuple[int, str], dict[str, list[CheckedRun]]]:
    out: dict[tuple[int, str], dict[str, list[CheckedRun]]] = {}
    names = list(ports)
    for clients, per in LEVELS.items():
        for kind in ("plain", "stream"):
            loads = {n: _payloads(texts, kind == "stream", "prmpt" if n == "veil prmpt" else
                                  "off" if n == "veil off" else None) for n in names}
            checks = {n: _check(texts, n == "veil prmpt") for n in names}
            for n in names:  # warm-up
                asyncio.run(checked_load(ports[n], loads[n], clients, 2, checks[n]))
            runs: dict[str, list[CheckedRun]] = {n: [] for n in names}
            for r in range(rounds):
                for n in (names if r % 2 == 0 else names[::-1]):
                    runs[n].append(asyncio.run(checked_load(ports[n], loads[n], clients, per[kind], checks[n])))
            out[(clients, kind)] = runs
    return out


def run(rounds: int = 4) -> tuple[str, bool]:
    texts = prompts()
    with mock_server() as mock:
        up = mock.url + "/v1"
        with veil_server("off", up) as off, veil_server("prmpt", up, preload=True) as prmpt, LiteLLM(up) as peer:
            wait_ready(prmpt, 1)
            ports = {"direct": mock.port, "veil off": off.port, "veil prmpt": prmpt.port, "litellm": peer.port}
            results = _measure(ports, texts, rounds)
    rows = []
    for (clients, kind), runs in results.items():
        base = pct([x for r in runs["direct"] for x in r.latencies], 50)
        rps = {n: median([r.rps for r in v]) for n, v in runs.items()}
        for name, v in runs.items():
            lat = [x for r in v for x in r.latencies]
            added = "" if name == "direct" else f"{(pct(lat, 50) - base) * 1000:+.2f}"
            ratio = "" if name in ("direct", "litellm") else f"{rps[name] / rps['litellm']:.1f}x"
            rows.append([clients, kind, name, f"{rps[name]:.0f}", f"{pct(lat, 50) * 1000:.1f} / {pct(lat, 99) * 1000:.1f}",
                         added, ratio, sum(r.errors for r in v), sum(r.wrong for r in v)])
    md = table(["clients", "request", "path", "req/s", "p50 / p99 ms", "added p50 ms", "req/s vs LiteLLM",
                "errors", "wrong"], rows)
    load = "{:.1f} / {:.1f} / {:.1f}".format(*os.getloadavg())
    text = (f"### Peers: LiteLLM proxy {LITELLM_VERSION} (1 worker, no guardrail) beside Veil, same mock and load "
            f"(interleaved, {rounds} rounds; load average {load})\n\n{md}\n\n'wrong' counts Veil prmpt answers "
            "whose 5 values did not come back restored, and empty answers elsewhere.\n")
    ok = all(r.errors == 0 and r.wrong == 0 for runs in results.values() for n, v in runs.items()
             if n != "litellm" for r in v)
    return text, ok


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    print(run(rounds=2 if quick else 4)[0])
