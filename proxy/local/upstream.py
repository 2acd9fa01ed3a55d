"""Upstreams in this process: the local model, and the echo upstream.

Both sit behind the interface of a remote provider (``proxy.upstream.Upstream``): the pipeline posts
them the sanitized body as it would post it to OpenAI or Anthropic, and reads their answer, whole or as
an event stream, with the same code (restoring, stream ends, errors). ``ModelUpstream`` serves every
surface: the surface says what its request asks (``Surface.prompt``) and writes the answer in its own
shape (``Surface.answer``, ``Surface.events``); a ``Generator`` makes the text. ``LocalModel`` runs
the local model (its worker lane, sampling, prompt tokens, the watermark); ``Echo`` answers with the
text it received, the last message of the (sanitized) request, so that with no model and no key the
answer shows Veil restoring the values in it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Protocol, cast

import httpx

from mechanisms.synthid import sampling_supports_watermark
from proxy.errors import BadRequest, ServiceUnavailable
from proxy.local.backend import GenerationJob, GenerationResult, LocalBackend, SamplingParams, message_text
from proxy.pipeline.shapes import Out
from proxy.pipeline.surface import Made, Prompt, Surface
from proxy.pool import PoolSaturated, PoolUnavailable
from proxy.upstream import Call
from proxy.watermark.service import WatermarkService
from proxy.workers.jobs import WatermarkSpec


@dataclass
class Run:
    """A prompt prepared for its choices: checked, tokenized (before a stream starts: bad input is a 400,
    not a broken stream), with what the generator needs to make each choice."""

    n: int
    prompt_tokens: int
    job: Any = None


class Generator(Protocol):
    async def prepare(self, prompt: Prompt, call: Call) -> Run: ...

    async def complete(self, run: Run) -> list[GenerationResult]: ...

    def stream(self, run: Run, i: int) -> AsyncIterator[str | GenerationResult]: ...

    async def embed(self, inputs: list[str | list[int]]) -> tuple[list[list[float]], int]: ...

    async def count(self, prompt: Prompt) -> int: ...

    def model_cards(self) -> list[dict[str, Any]]: ...


def choices(n: Any) -> int:
    if not isinstance(n, int) or not 1 <= n <= 8:
        raise BadRequest("n must be an integer between 1 and 8", param="n")
    return n


class ModelUpstream:
    """An upstream answered in this process by ``generator``, in every surface's own shape."""

    def __init__(self, generator: Generator) -> None:
        self.generator = generator

    async def post(self, call: Call, content: bytes) -> httpx.Response:
        surface, body = call.surface, json.loads(content)
        prompt = surface.prompt(body)
        made = Made(surface.model(body), body)
        if prompt.task == "embed":
            made.vectors, made.tokens = await self.generator.embed(prompt.inputs)
        elif prompt.task == "count":
            made.tokens = await self.generator.count(prompt)
        else:
            run = await self.generator.prepare(prompt, call)
            made.prompt_tokens, made.results = run.prompt_tokens, await self.generator.complete(run)
        data = json.dumps(surface.answer(made), ensure_ascii=False, separators=(",", ":")).encode()
        return httpx.Response(200, headers={"content-type": "application/json"}, content=data)

    async def open_stream(self, call: Call, content: bytes) -> httpx.Response:
        surface, body = call.surface, json.loads(content)
        run = await self.generator.prepare(surface.prompt(body), call)
        made = Made(surface.model(body), body, run.prompt_tokens,
                    choices=[self.generator.stream(run, i) for i in range(run.n)])
        return httpx.Response(200, headers={"content-type": surface.media_type},
                              stream=_EventStream(surface, surface.events(made)))

    def iter_stream(self, response: httpx.Response) -> AsyncIterator[bytes]:
        return cast(_EventStream, response.stream).__aiter__()

    def model_cards(self) -> list[dict[str, Any]]:
        return self.generator.model_cards()

    async def aclose(self) -> None:
        pass


class _EventStream(httpx.AsyncByteStream):
    """A surface's events as the SSE an API would send (its done marker last)."""

    def __init__(self, surface: Surface[Any], events: AsyncIterator[Out]) -> None:
        self.surface = surface
        self.events = events

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for event in self.events:
            yield self.surface.encode(event)
        if self.surface.done_marker:
            yield self.surface.done_marker

    async def aclose(self) -> None:
        aclose = getattr(self.events, "aclose", None)
        if aclose is not None:
            await aclose()


# ---- the local model -------------------------------------------------------------------------------
@dataclass
class _LocalJob:
    prompt_ids: list[int]
    params: SamplingParams
    watermark: WatermarkSpec | None

    def choice(self, i: int) -> GenerationJob:
        """Choice i uses seed + i when a seed is given."""
        p = self.params
        params = p if p.seed is None or i == 0 else SamplingParams(**{**p.__dict__, "seed": p.seed + i})
        return GenerationJob(self.prompt_ids, params, self.watermark)


class LocalModel:
    """The local model: loaded on first use, sampled with the request's options (the watermark's top-k
    when it is on), its prompt tokenized here, generation in the worker pool's lane."""

    def __init__(self, backend: LocalBackend, watermarks: WatermarkService, watermark_top_k: int,
                 timeout: float) -> None:
        self.backend = backend
        self.watermarks = watermarks
        self.watermark_top_k = watermark_top_k
        self.timeout = timeout

    async def prepare(self, prompt: Prompt, call: Call) -> Run:
        n = choices(prompt.n)
        await self.load()
        watermark, verdict = self.watermarks.for_request(call.headers, call.caller)
        # With the watermark on, sample from the paper's top-k (100) unless the request sets top_k.
        params = self.backend.sampling_params(prompt.sampling,
                                              default_top_k=self.watermark_top_k if watermark else 50)
        if prompt.messages is not None:
            ids = await asyncio.to_thread(self.backend.chat_prompt_ids, prompt.messages)
        else:
            ids = await asyncio.to_thread(self.backend.text_prompt_ids, prompt.text or "")
        if verdict is not None:
            check = sampling_supports_watermark(not params.greedy, params.temperature, params.top_k, params.top_p)
            call.report.watermark = verdict if check else f"off; {check.reason} cannot carry it"
            watermark = watermark if check else None
        return Run(n, len(ids), _LocalJob(ids, params, watermark))

    async def load(self) -> None:
        if self.backend.ready:
            return
        try:
            await asyncio.wait_for(asyncio.to_thread(self.backend.load), self.timeout)
        except (TimeoutError, OSError, RuntimeError, ValueError):
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None

    async def complete(self, run: Run) -> list[GenerationResult]:
        """The n choices, one after the other."""
        results = []
        try:
            for i in range(run.n):
                results.append(await self.backend.generate(run.job.choice(i), self.timeout))
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except (TimeoutError, PoolUnavailable):
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None
        return results

    async def stream(self, run: Run, i: int) -> AsyncIterator[str | GenerationResult]:
        """Text deltas of choice i, then its GenerationResult."""
        try:
            async for item in self.backend.generate_stream(run.job.choice(i)):
                yield item
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except PoolUnavailable:
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None

    async def embed(self, inputs: list[str | list[int]]) -> tuple[list[list[float]], int]:
        await self.load()
        try:
            return await self.backend.embed(inputs, self.timeout)
        except PoolSaturated:
            raise ServiceUnavailable("the local model is busy", retry_after=2) from None
        except PoolUnavailable:
            raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None

    async def count(self, prompt: Prompt) -> int:
        await self.load()
        return len(self.backend.chat_prompt_ids(prompt.messages or []))

    def model_cards(self) -> list[dict[str, Any]]:
        return [self.backend.model_card()]


# ---- the echo upstream -----------------------------------------------------------------------------
_PIECES = re.compile(r"\S+\s*|\s+")  # a stream's deltas: word by word (a stand-in may span two)


def _words(text: str) -> int:
    return len(text.split())


class Echo:
    """Answers every request with the text of its last message (or its prompt), as the upstream received
    it: sanitized. Veil restores it like any answer, so the caller sees their own values come back. Its
    "tokens" are words; embeddings are 8 numbers drawn from each input's hash."""

    MODEL_ID = "echo"

    async def prepare(self, prompt: Prompt, call: Call) -> Run:
        n = choices(prompt.n)
        turns = prompt.messages or []
        text = message_text(turns[-1].get("content")) if turns else prompt.text or ""
        read = sum(_words(message_text(t.get("content"))) for t in turns) if turns else _words(text)
        return Run(n, read, text)

    async def complete(self, run: Run) -> list[GenerationResult]:
        return [self._result(run) for _ in range(run.n)]

    async def stream(self, run: Run, i: int) -> AsyncIterator[str | GenerationResult]:
        for piece in _PIECES.findall(run.job):
            yield piece
        yield self._result(run)

    @staticmethod
    def _result(run: Run) -> GenerationResult:
        return GenerationResult(run.job, "stop", run.prompt_tokens, _words(run.job), [])

    async def embed(self, inputs: list[str | list[int]]) -> tuple[list[list[float]], int]:
        vectors = []
        for item in inputs:
            digest = hashlib.sha256(json.dumps(item).encode()).digest()
            vectors.append([round(b / 127.5 - 1.0, 6) for b in digest[:8]])
        return vectors, sum(len(x) if isinstance(x, list) else _words(x) for x in inputs)

    async def count(self, prompt: Prompt) -> int:
        return sum(_words(message_text(t.get("content"))) for t in prompt.messages or [])

    def model_cards(self) -> list[dict[str, Any]]:
        return [{"id": self.MODEL_ID, "object": "model", "created": 0, "owned_by": "veil-echo"}]
