"""Scale (issue 16): mode prmpt with 1 and 2 server processes, and mode off's tail, at 32 clients.

Every request is a 300-character prompt with 5 values (a name, an email, a phone number, a card and an
SSN); the mock upstream echoes it, so every answer must come back equal to the prompt (all 5 values
restored). Rounds interleave the paths being compared (A/B/B/A) so that a busy machine slows them alike.

Targets: prmpt with ``--workers 2``: >= 250 requests/s and p99 <= 150 ms with every answer restored;
mode off: added p99 <= 20 ms over the direct path.
"""

from __future__ import annotations

import asyncio
import json
import os
import time

import httpx
from faker import Faker

from bench.common import Server, median, mock_server, pct, table, tree_cpu_seconds, veil_server, verdict
from bench.loadgen import CheckedRun, checked_load, request_bytes

CLIENTS = 32
FILLER = ("Please write a short, friendly note to my bank asking them to update my contact details, and "
          "keep it under one hundred words. Thank you so much for the help today. ")


def prompts(n: int = 64, chars: int = 300, seed: int = 16) -> list[str]:
    """``n`` prompts of exactly ``chars`` characters, each with 5 sensitive values up front."""
    fake = Faker("en_US")
    Faker.seed(seed)
    out = []
    for _ in range(n):
        head = (f"I am {fake.name()}, email {fake.free_email()}, phone {fake.numerify('(###) 555-0###')}, "
                f"card {fake.credit_card_number(card_type='visa16')}, SSN {fake.ssn()}. ")
        out.append((head + FILLER * 3)[:chars - 1].rstrip() + ".")
    return out


def payloads(texts: list[str], mode: str) -> list[bytes]:
    return [request_bytes("/v1/chat/completions", json.dumps({
        "model": "bench", "x-bench-echo": True, "messages": [{"role": "user", "content": t}]}).encode(),
        {"x-veil-mode": mode}) for t in texts]


def restored(texts: list[str]):  # type: ignore[no-untyped-def]
    def check(i: int, body: bytes) -> bool:
        return json.loads(body)["choices"][0]["message"]["content"] == texts[i]
    return check


def wait_ready(server: Server, processes: int, timeout: float = 300.0) -> None:
    """Until ``processes`` different processes have answered /readyz with 200 (models loaded)."""
    seen: set[int] = set()
    deadline = time.monotonic() + timeout
    while len(seen) < processes:
        if time.monotonic() > deadline:
            raise RuntimeError(f"only {len(seen)} of {processes} processes became ready")
        with httpx.Client(timeout=5) as client:  # a new connection: the kernel may pick another process
            r = client.get(server.url + "/readyz")
        if r.status_code == 200:
            seen.add(r.json()["pid"])
        else:
            time.sleep(0.2)


def _interleaved(ports: dict[str, int], loads: dict[str, list[bytes]], checks: dict[str, object],
                 rounds: int, per_client: int, pids: dict[str, int] | None = None,
                 cpu: dict[str, float] | None = None) -> dict[str, list[CheckedRun]]:
    """Rounds A/B/C then C/B/A; ``cpu[name]`` gets the CPU seconds per request of ``pids[name]``'s tree."""
    names = list(ports)
    for name in names:  # warm-up: connections, lazy loads, first batches
        asyncio.run(checked_load(ports[name], loads[name], CLIENTS, 3, checks[name]))  # type: ignore[arg-type]
    runs: dict[str, list[CheckedRun]] = {n: [] for n in names}
    spent: dict[str, float] = {n: 0.0 for n in names}
    for r in range(rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            pid = (pids or {}).get(name)
            before = tree_cpu_seconds(pid) if pid else 0.0
            runs[name].append(asyncio.run(checked_load(ports[name], loads[name], CLIENTS, per_client,
                                                       checks[name])))  # type: ignore[arg-type]
            spent[name] += (tree_cpu_seconds(pid) - before) if pid else 0.0
    if cpu is not None:
        for name in names:
            cpu[name] = spent[name] / max(1, sum(len(r.latencies) for r in runs[name]))
    return runs


def _summary(runs: list[CheckedRun]) -> tuple[float, float, float, int, int]:
    lat = [x for r in runs for x in r.latencies]
    return (median([r.rps for r in runs]), pct(lat, 50) * 1000, pct(lat, 99) * 1000,
            sum(r.errors for r in runs), sum(r.wrong for r in runs))


def run_prmpt(rounds: int = 4, per_client: int = 12) -> tuple[str, bool]:
    texts = prompts()
    check = restored(texts)
    with mock_server() as mock:
        up = mock.url + "/v1"
        with veil_server("prmpt", up, preload=True) as one, \
                veil_server("prmpt", up, preload=True, env={"VEIL_WORKERS__PROCESSES": "2"}) as two:
            wait_ready(one, 1)
            wait_ready(two, 2)
            ports = {"direct": mock.port, "workers 1": one.port, "workers 2": two.port}
            loads = {"direct": payloads(texts, "off"), "workers 1": payloads(texts, "prmpt"),
                     "workers 2": payloads(texts, "prmpt")}
            cpu: dict[str, float] = {}
            results = _interleaved(ports, loads, {k: check for k in ports}, rounds, per_client,
                                   {"workers 1": one.proc.pid, "workers 2": two.proc.pid}, cpu)
    rows, ok = [], True
    base = _summary(results["direct"])
    cores = os.cpu_count() or 1
    for name, runs in results.items():
        rps, p50, p99, errors, wrong = _summary(runs)
        per = cpu.get(name, 0.0) * 1000
        capacity = f"{per:.1f} ms / {cores * 1000 / per:.0f}" if per else ""
        target = ""
        if name == "workers 2":
            met = rps >= 250 and p99 <= 150 and errors == 0 and wrong == 0
            ok = met
            target = f">= 250 req/s, p99 <= 150 ms, all restored: {verdict(met)}"
        added = "" if name == "direct" else f"{p50 - base[1]:+.1f} / {p99 - base[2]:+.1f}"
        rows.append([name if name == "direct" else f"Veil prmpt, {name}", f"{rps:.0f}", f"{p50:.1f} / {p99:.1f}",
                     added, capacity, errors, wrong, target])
    n = sum(len(r.latencies) for r in results["workers 2"])
    md = table(["path", "req/s", "p50 / p99 ms", "added p50 / p99 ms",
                f"Veil CPU per request / req/s it would take to fill {cores} free cores", "errors", "not restored",
                "target"], rows)
    return (f"### Scale: mode prmpt at {CLIENTS} clients, 300-character prompts with 5 values, echoed and "
            f"restored (interleaved, {rounds} rounds, {n} requests per path; load average {_load()})\n\n{md}\n"), ok


def run_off(rounds: int = 6, per_client: int = 25) -> tuple[str, bool]:
    texts = prompts(8)
    with mock_server() as mock:
        up = mock.url + "/v1"
        with veil_server("off", up) as one, veil_server("off", up, env={"VEIL_WORKERS__PROCESSES": "2"}) as two:
            wait_ready(two, 2)
            ports = {"direct": mock.port, "workers 1": one.port, "workers 2": two.port}
            loads = {k: payloads(texts, "off") for k in ports}
            cpu: dict[str, float] = {}
            results = _interleaved(ports, loads, {k: restored(texts) for k in ports}, rounds, per_client,
                                   {"workers 1": one.proc.pid, "workers 2": two.proc.pid}, cpu)
    rows, ok = [], True
    base = _summary(results["direct"])
    for name, runs in results.items():
        rps, p50, p99, errors, wrong = _summary(runs)
        target = ""
        if name == "workers 1":
            met = p99 - base[2] <= 20 and errors == 0
            ok = met
            target = f"added p99 <= 20 ms: {verdict(met)}"
        added = "" if name == "direct" else f"{p50 - base[1]:+.2f} / {p99 - base[2]:+.2f}"
        per = cpu.get(name, 0.0) * 1000
        rows.append([name if name == "direct" else f"Veil off, {name}", f"{rps:.0f}",
                     f"{p50:.2f} / {p99:.2f}", f"{p99 / p50:.1f}", added, f"{per:.2f}" if per else "", errors,
                     target])
    md = table(["path", "req/s", "p50 / p99 ms", "p99 / p50", "added p50 / p99 ms", "Veil CPU ms per request",
                "errors", "target"], rows)
    return (f"### Scale: mode off's tail at {CLIENTS} clients (interleaved, {rounds} rounds; load average "
            f"{_load()})\n\n{md}\n"), ok


def _load() -> str:
    return "{:.1f} / {:.1f} / {:.1f}".format(*os.getloadavg())


def run(quick: bool = False) -> tuple[str, bool]:
    off, ok_off = run_off(rounds=2 if quick else 6)
    prmpt, ok_prmpt = run_prmpt(rounds=2 if quick else 4, per_client=6 if quick else 12)
    return off + "\n" + prmpt, ok_off and ok_prmpt


if __name__ == "__main__":
    print(run()[0])
