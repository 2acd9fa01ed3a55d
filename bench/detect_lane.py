"""Prmpt's detection lane on Ray (issue 24): texts/s with 1 and with 2 CPU replicas, side by side.

Each job is what one mode-prmpt request sends to the ``prmpt_detect`` lane: its one text, a 300-character
prompt with 5 values (bench/scale.py's prompts). The load generator is this process: it holds
``CONCURRENCY`` jobs in flight through the same path as the proxy (``PrivacyEngine.detect`` on a
``RayWorkerPool``: the jobs gathered into calls, the Serve handle, the check of the spans that come
back). It runs on the same cores as the replicas and Ray's own processes; the table gives the CPU each
of them used. Both deployments stay up for the whole run (their CPU reservations are Ray's logical
ones: only the replicas of the configuration being measured are busy), and rounds interleave them (A/B
then B/A) so that a busy machine slows them alike. For reference, the in-process ``prmpt_detect`` lane (one thread of this
process) gets the same load.

Target: 2 replicas >= 1.6x the texts/s of 1 replica on the same machine. No GPU row is measured: spaCy's
NER computes on the CPU, so a replica that reserves a GPU detects at a CPU replica's speed.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from bench.common import median, table, tree_cpu_seconds, verdict
from bench.scale import prompts

# Jobs in flight: the scale benchmark's 32 clients, each waiting for its answer before the next request.
CONCURRENCY = 32
IDLE_SECONDS = 5.0
TARGET = 1.6


def _machine_busy_seconds() -> float:
    """CPU seconds every process of the machine has spent (/proc/stat: all but idle and iowait)."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:8]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


async def _load(engine: Any, texts: list[str], jobs: int) -> float:
    """Texts/s of ``jobs`` one-text jobs, ``CONCURRENCY`` in flight."""
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(i: int) -> None:
        async with gate:
            await engine.detect([texts[i % len(texts)]])

    t0 = time.perf_counter()
    await asyncio.gather(*[one(i) for i in range(jobs)])
    return jobs / (time.perf_counter() - t0)


def _engine(replicas: int | None) -> Any:
    """A privacy engine whose detection runs in a Ray deployment of ``replicas`` (None: in process)."""
    from proxy.metrics import Metrics
    from proxy.pipeline.engine import PrivacyEngine
    from proxy.pool import InProcessWorkerPool
    from proxy.settings import load_settings
    from proxy.workers.ray_backend import RayWorkerPool

    workers = {"backend": "ray" if replicas else "inprocess", "ray_prmpt_detect_replicas": replicas or 1,
               "ray_replica_cpus": 1.0}
    settings = load_settings(None, mode="prmpt", workers=workers, local_model={"preload": False})
    pool = RayWorkerPool(settings) if replicas else InProcessWorkerPool("cpu")
    return PrivacyEngine(settings.prmpt, settings.cape, settings.workers, pool, 600.0, Metrics())


def run(quick: bool = False) -> tuple[str, bool]:
    import ray
    from ray import serve

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    cores = os.cpu_count() or 1
    # 1 + 2 replicas reserve one logical CPU each (all deployed at once); the idle ones use next to none
    ray.init(num_cpus=max(cores, 4), include_dashboard=False, log_to_driver=False, namespace="veil")
    texts = prompts(64)
    jobs = 200 if quick else 600
    rounds = 2 if quick else 4
    configs = {"in process (one thread of the load generator's process)": None,
               "Ray, 1 CPU replica": 1, "Ray, 2 CPU replicas": 2}
    engines = {name: _engine(replicas) for name, replicas in configs.items()}
    rates: dict[str, list[float]] = {name: [] for name in configs}
    cpu: dict[str, list[float]] = {name: [0.0, 0.0] for name in configs}  # load generator, all of it
    others: dict[str, list[float]] = {name: [] for name in configs}  # cores the machine's other work used
    idle: list[float] = []  # CPU seconds per second of Ray's processes and the idle replicas, nothing sent

    async def measure() -> None:
        for engine in engines.values():  # deploy, load the models, warm every replica
            await engine.detect(texts[:1])
            await _load(engine, texts, 4 * CONCURRENCY)
        before, mine = tree_cpu_seconds(os.getpid()), time.process_time()
        await asyncio.sleep(IDLE_SECONDS)
        idle.append((tree_cpu_seconds(os.getpid()) - before - (time.process_time() - mine)) / IDLE_SECONDS)
        names = list(configs)
        for r in range(rounds):
            for name in (names if r % 2 == 0 else names[::-1]):
                mine, everything = time.process_time(), tree_cpu_seconds(os.getpid())
                machine, t0 = _machine_busy_seconds(), time.perf_counter()
                rates[name].append(await _load(engines[name], texts, jobs))
                ours = tree_cpu_seconds(os.getpid()) - everything
                others[name].append((_machine_busy_seconds() - machine - ours) / (time.perf_counter() - t0))
                cpu[name][0] += (time.process_time() - mine) / (jobs * rounds)
                cpu[name][1] += ours / (jobs * rounds)

    try:
        asyncio.run(measure())
    finally:
        for engine in engines.values():
            engine.pool.close()
        serve.shutdown()
        ray.shutdown()
    one, two = median(rates["Ray, 1 CPU replica"]), median(rates["Ray, 2 CPU replicas"])
    ratio = two / one
    ok = ratio >= TARGET
    rows = []
    for name in configs:
        gen, total = cpu[name][0] * 1000, cpu[name][1] * 1000
        target = ""
        if name == "Ray, 2 CPU replicas":
            target = f"{ratio:.2f}x 1 replica; >= {TARGET}x: {verdict(ok)}"
        rows.append([name, f"{median(rates[name]):.0f}", " / ".join(f"{x:.0f}" for x in rates[name]),
                     f"{gen:.2f}", f"{max(0.0, total - gen):.2f}", f"{max(0.0, median(others[name])):.2f}", target])
    rows.append(["Ray, 1 GPU replica", "not measured", "", "", "", "",
                 "no GPU lent to this work (spaCy's NER computes on the CPU in any case)"])
    md = table(["detection lane", "texts/s (median)", "texts/s per round",
                "load generator CPU ms per text", "replicas + Ray CPU ms per text",
                "cores used by other work on the machine (median)", "target"], rows)
    return (f"### Detection lane (`prmpt_detect`): 300-character prompts with 5 values, one text per job, "
            f"{CONCURRENCY} jobs in flight, {rounds} interleaved rounds of {jobs} jobs; the load generator, "
            f"Ray's processes and the replicas share the same {cores} cores (Ray and its 3 replicas idle: "
            f"{idle[0] * 100:.0f} % of a core; load average "
            "{:.1f} / {:.1f} / {:.1f} at the end)\n\n".format(*os.getloadavg()) + md + "\n"), ok


if __name__ == "__main__":
    print(run()[0])
