"""What a surface needs to answer with the local model: load it, pick sampling and watermark, tokenize
before the response starts (bad input is a 400, not a broken stream), generate n choices or stream one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

from mechanisms.synthid import sampling_supports_watermark
from proxy.auth import Caller
from proxy.errors import BadRequest, ServiceUnavailable
from proxy.local.backend import GenerationJob, GenerationResult, LocalBackend, SamplingParams
from proxy.pipeline.report import PrivacyReport
from proxy.pool import PoolSaturated, PoolUnavailable
from proxy.watermark.service import WatermarkService
from proxy.workers.jobs import WatermarkSpec


@dataclass
class LocalRun:
    prompt_ids: list[int]
    params: SamplingParams
    watermark: WatermarkSpec | None
    n: int = 1

    def seeded(self, i: int) -> SamplingParams:
        """Choice i uses seed + i when a seed is given."""
        p = self.params
        if p.seed is None or i == 0:
            return p
        return SamplingParams(**{**p.__dict__, "seed": p.seed + i})


@dataclass
class LocalContext:
    backend: LocalBackend
    watermarks: WatermarkService
    watermark_top_k: int
    headers: Mapping[str, str]
    caller: Caller
    report: PrivacyReport
    timeout: float

    async def prepare(self, sampling: dict[str, Any], *, messages: list[dict[str, Any]] | None = None,
                      prompt: str | None = None, n: Any = 1) -> LocalRun:
        """``sampling`` uses the chat names (max_tokens, temperature, top_p, top_k, stop, seed)."""
        if not isinstance(n, int) or not 1 <= n <= 8:
            raise BadRequest("n must be an integer between 1 and 8", param="n")
        await self.load()
        watermark, verdict = self.watermarks.for_request(self.headers, self.caller)
        # With the watermark on, sample from the paper's top-k (100) unless the request sets top_k.
        params = self.backend.sampling_params(sampling, default_top_k=self.watermark_top_k if watermark else 50)
        if messages is not None:
            ids = await asyncio.to_thread(self.backend.chat_prompt_ids, messages)
        else:
            ids = await asyncio.to_thread(self.backend.text_prompt_ids, prompt or "")
        if verdict is not None:
            check = sampling_supports_watermark(not params.greedy, params.temperature, params.top_k, params.top_p)
            self.report.watermark = verdict if check else f"off; {check.reason} cannot carry it"
            watermark = watermark if check else None
        return LocalRun(ids, params, watermark, n)

    async def load(self) -> None:
        if self.backend.ready:
            return
        try:
            await asyncio.wait_for(asyncio.to_thread(self.backend.load), self.timeout)
        except (asyncio.TimeoutError, OSError, RuntimeError, ValueError):
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None

    async def generate(self, run: LocalRun) -> list[GenerationResult]:
        """The n choices, one after the other."""
        results = []
        try:
            for i in range(run.n):
                job = GenerationJob(run.prompt_ids, run.seeded(i), run.watermark)
                results.append(await self.backend.generate(job, self.timeout))
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except (PoolUnavailable, asyncio.TimeoutError):
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None
        return results

    async def stream(self, run: LocalRun, i: int = 0) -> AsyncIterator[str | GenerationResult]:
        """Text deltas of choice i, then its GenerationResult."""
        job = GenerationJob(run.prompt_ids, run.seeded(i), run.watermark)
        try:
            async for item in self.backend.generate_stream(job):
                yield item
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except PoolUnavailable:
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None


def usage(results: list[GenerationResult]) -> tuple[int, int]:
    """(prompt tokens, completion tokens over all choices)."""
    prompt = results[0].prompt_tokens if results else 0
    return prompt, sum(r.completion_tokens for r in results)
