"""The Ray Serve deployments of the model lanes and of Prmpt's detection. This module is imported inside Ray replicas: every
node of the Ray cluster needs Veil installed (the same version as the Veil processes that call it).

Each replica loads its model once, at start (Serve reports the application RUNNING only after every
replica's constructor returned, so Veil's readiness waits for the models). Jobs are plain data
(proxy/workers/jobs.py) and run through the same functions as in a Veil process, so both backends give
the same answers for the same seeds.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ray import serve

from proxy.workers.jobs import (
    CapeJob,
    DetectionFailed,
    PrmptDetectJob,
    detect_jobs,
    items_then_result,
    perturb_jobs,
)

# The batch bounds below are replaced per deployment in __init__ (workers.max_batch_size, max_wait_ms).
_DEFAULT_BATCH = 16
_DEFAULT_WAIT_S = 0.005


def _device(device: str) -> str:
    from mechanisms.models import resolve_device

    return resolve_device(device)


@serve.deployment
class CapeDeployment:
    """Cape's perturbation: concurrent jobs (from any Veil process) share one model batch."""

    def __init__(self, cape: dict[str, Any], device: str, max_batch_size: int, batch_wait_s: float) -> None:
        from mechanisms.cape import CapeConfig, CapePerturber

        self.perturber = CapePerturber(CapeConfig(**cape), device=_device(device))
        self.perturber.load()
        self.perturb.set_max_batch_size(max_batch_size)
        self.perturb.set_batch_wait_timeout_s(batch_wait_s)
        self.model = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veil-cape")

    @serve.batch(max_batch_size=_DEFAULT_BATCH, batch_wait_timeout_s=_DEFAULT_WAIT_S)
    async def perturb(self, jobs: list[CapeJob]) -> list[list[Any]]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.model, perturb_jobs, self.perturber, jobs)

    async def __call__(self, job: CapeJob) -> list[Any]:
        return await self.perturb(job)


@serve.deployment
class GenerateDeployment:
    """Local generation. One generation at a time per replica, as in a Veil process: a seed set with
    ``torch.manual_seed`` then gives the same tokens as the in-process backend. ``@serve.batch`` gathers
    non-stream jobs; they run one after the other (jobs of different requests differ in seed, sampling
    and watermark, so they cannot share a forward pass and keep their answers)."""

    def __init__(self, local_model: dict[str, Any], device: str, max_batch_size: int, batch_wait_s: float) -> None:
        from mechanisms.models import ModelSpec, load_causal_lm
        from proxy.local.generator import Generator

        spec = ModelSpec(name=local_model["id"], path=local_model.get("path"))
        model, tokenizer = load_causal_lm(spec, device=_device(device))
        self.generator = Generator(model, tokenizer)
        self.generate.set_max_batch_size(max_batch_size)
        self.generate.set_batch_wait_timeout_s(batch_wait_s)
        self.model = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veil-generate")

    def _run_all(self, jobs: list[Any]) -> list[Any]:
        out: list[Any] = []
        for job in jobs:
            try:
                out.append(self.generator.generate(job))
            except Exception as exc:  # noqa: BLE001 - one failing job fails alone
                out.append(exc)
        return out

    @serve.batch(max_batch_size=_DEFAULT_BATCH, batch_wait_timeout_s=_DEFAULT_WAIT_S)
    async def generate(self, jobs: list[Any]) -> list[Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.model, self._run_all, jobs)

    async def __call__(self, job: Any) -> Any:
        result = await self.generate(job)
        if isinstance(result, Exception):
            raise result
        return result

    async def stream(self, job: Any) -> AsyncIterator[Any]:
        """Text deltas as they are made, then the GenerationResult; a cancelled call stops generating."""
        loop = asyncio.get_running_loop()
        deltas: asyncio.Queue[str] = asyncio.Queue()
        cancel = threading.Event()

        def emit(text: str) -> None:
            loop.call_soon_threadsafe(deltas.put_nowait, text)

        done = loop.run_in_executor(self.model, self.generator.generate, job, emit, cancel)
        try:
            async for item in items_then_result(deltas, done):
                yield item
        finally:
            cancel.set()


def _jobs_in(calls: list[list[Any]]) -> int:
    return sum(len(call) for call in calls)


@serve.deployment
class PrmptDetectDeployment:
    """Prmpt's detection (spaCy's NER and the finders, ``mechanisms.prmpt.detect``). Texts in, spans
    out; encryption stays in Veil. A call carries the jobs that one Veil process had waiting (see
    ``Gathered`` in proxy/workers/ray_backend.py); concurrent calls, from any Veil process, share one NER
    pass of at most ``max_batch_size`` jobs. Each job's answer is its spans, or ``DetectionFailed``: a
    job fails alone. The NER runs on the replica's CPU (a GPU reserved with
    ``workers.ray_prmpt_detect_gpus`` is for a detector that uses one)."""

    def __init__(self, prmpt: dict[str, Any], max_batch_size: int, batch_wait_s: float) -> None:
        from mechanisms.prmpt import PrmptConfig, Sanitizer

        sanitizer = Sanitizer(PrmptConfig(**prmpt))
        sanitizer.load()  # the annotator and the tables its finders read, before Serve says RUNNING
        self.annotator = sanitizer.annotator
        self.detect.set_max_batch_size(max_batch_size)
        self.detect.set_batch_wait_timeout_s(batch_wait_s)
        self.model = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veil-prmpt-detect")

    @serve.batch(max_batch_size=_DEFAULT_BATCH, batch_wait_timeout_s=_DEFAULT_WAIT_S, batch_size_fn=_jobs_in)
    async def detect(self, calls: list[list[PrmptDetectJob]]) -> list[list[Any]]:
        loop = asyncio.get_running_loop()
        results = await loop.run_in_executor(self.model, detect_jobs, self.annotator,
                                             [job for call in calls for job in call])
        out, at = [], 0
        for call in calls:
            out.append(results[at:at + len(call)])
            at += len(call)
        return out

    async def __call__(self, jobs: list[PrmptDetectJob]) -> list[Any]:
        results = await self.detect(list(jobs))
        # the type only: a message could quote the text, and it crosses back (and may be logged there)
        return [DetectionFailed(type(r).__name__) if isinstance(r, Exception) else r for r in results]
