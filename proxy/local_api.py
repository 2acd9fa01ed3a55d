"""OpenAI wire objects for the local backend: chat and text completions, whole or streamed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from proxy.errors import BadRequest
from proxy.local_backend import (
    GenerationJob,
    GenerationResult,
    LocalBackend,
    ProcessorFactory,
    SamplingParams,
    completion_id,
    now,
)


def prompt_ids(backend: LocalBackend, route: str, body: dict[str, Any]) -> list[int]:
    """Tokenize before the response starts, so bad input is a 400 and not a broken stream."""
    _n(body)
    if route == "chat":
        return backend.chat_prompt_ids(body["messages"])
    return backend.text_prompt_ids(_prompt_text(body))


def _n(body: dict[str, Any]) -> int:
    n = body.get("n", 1) or 1
    if not isinstance(n, int) or not 1 <= n <= 8:
        raise BadRequest("n must be an integer between 1 and 8", param="n")
    return n


def _seeded(params: SamplingParams, i: int) -> SamplingParams:
    if params.seed is None or i == 0:
        return params
    return SamplingParams(**{**params.__dict__, "seed": params.seed + i})


def _usage(results: list[GenerationResult]) -> dict[str, int]:
    prompt = results[0].prompt_tokens if results else 0
    completion = sum(r.completion_tokens for r in results)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


async def _generate_n(backend: LocalBackend, body: dict[str, Any], prompt_ids: list[int], params: SamplingParams,
                      factory: ProcessorFactory | None, timeout: float) -> list[GenerationResult]:
    """``n`` choices, one after the other (choice i uses seed + i when a seed is given)."""
    results = []
    for i in range(_n(body)):
        job = GenerationJob(prompt_ids, _seeded(params, i), processor_factory=factory)
        results.append(await backend.generate(job, timeout))
    return results


async def chat_completion(backend: LocalBackend, body: dict[str, Any], prompt_ids: list[int], params: SamplingParams,
                          factory: ProcessorFactory | None, timeout: float) -> dict[str, Any]:
    results = await _generate_n(backend, body, prompt_ids, params, factory, timeout)
    return {
        "id": completion_id("chatcmpl"), "object": "chat.completion", "created": now(),
        "model": backend.model_id, "system_fingerprint": None,
        "choices": [
            {"index": i, "message": {"role": "assistant", "content": r.text, "refusal": None},
             "logprobs": None, "finish_reason": r.finish_reason}
            for i, r in enumerate(results)
        ],
        "usage": _usage(results),
    }


async def chat_completion_stream(backend: LocalBackend, body: dict[str, Any], prompt_ids: list[int],
                                 params: SamplingParams,
                                 factory: ProcessorFactory | None) -> AsyncIterator[dict[str, Any]]:
    base = {"id": completion_id("chatcmpl"), "object": "chat.completion.chunk", "created": now(),
            "model": backend.model_id, "system_fingerprint": None}
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    results = []
    for i in range(_n(body)):
        yield {**base, "choices": [{"index": i, "delta": {"role": "assistant", "content": ""},
                                    "logprobs": None, "finish_reason": None}]}
        job = GenerationJob(prompt_ids, _seeded(params, i), processor_factory=factory)
        async for item in backend.generate_stream(job):
            if isinstance(item, str):
                yield {**base, "choices": [{"index": i, "delta": {"content": item},
                                            "logprobs": None, "finish_reason": None}]}
            else:
                results.append(item)
                yield {**base, "choices": [{"index": i, "delta": {}, "logprobs": None,
                                            "finish_reason": item.finish_reason}]}
    if include_usage:
        yield {**base, "choices": [], "usage": _usage(results)}


def _prompt_text(body: dict[str, Any]) -> str:
    prompt = body.get("prompt")
    if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], str):
        prompt = prompt[0]
    if not isinstance(prompt, str):
        raise BadRequest("the local model takes one string prompt", param="prompt")
    return prompt


async def text_completion(backend: LocalBackend, body: dict[str, Any], prompt_ids: list[int], params: SamplingParams,
                          factory: ProcessorFactory | None, timeout: float) -> dict[str, Any]:
    results = await _generate_n(backend, body, prompt_ids, params, factory, timeout)
    return {
        "id": completion_id("cmpl"), "object": "text_completion", "created": now(),
        "model": backend.model_id,
        "choices": [{"index": i, "text": r.text, "logprobs": None, "finish_reason": r.finish_reason}
                    for i, r in enumerate(results)],
        "usage": _usage(results),
    }


async def text_completion_stream(backend: LocalBackend, body: dict[str, Any], prompt_ids: list[int],
                                 params: SamplingParams,
                                 factory: ProcessorFactory | None) -> AsyncIterator[dict[str, Any]]:
    base = {"id": completion_id("cmpl"), "object": "text_completion", "created": now(),
            "model": backend.model_id}
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    results = []
    for i in range(_n(body)):
        job = GenerationJob(prompt_ids, _seeded(params, i), processor_factory=factory)
        async for item in backend.generate_stream(job):
            if isinstance(item, str):
                yield {**base, "choices": [{"index": i, "text": item, "logprobs": None, "finish_reason": None}]}
            else:
                results.append(item)
                yield {**base, "choices": [{"index": i, "text": "", "logprobs": None,
                                            "finish_reason": item.finish_reason}]}
    if include_usage:
        yield {**base, "choices": [], "usage": _usage(results)}
