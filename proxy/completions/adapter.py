"""OpenAI text completions: the ``choices`` stream format of chat, with ``text`` instead of deltas."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.completions import wire
from proxy.errors import BadRequest
from proxy.local.backend import completion_id, now
from proxy.pipeline.local import LocalContext, LocalRun, usage
from proxy.pipeline.stream import DONE
from proxy.pipeline.surface import Event, Surface
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy


class CompletionsSurface(Surface):
    name = "completions"
    label = "Completions"
    path = "/v1/completions"
    summary = "OpenAI text completions, sanitized and restored"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/completions"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    done_marker = DONE
    stream_format = wire.STREAM

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body)

    async def answer_locally(self, ctx: LocalContext, body: dict[str, Any],
                             policy: "Policy") -> dict[str, Any] | AsyncIterator[Event]:
        prompt = body.get("prompt")
        if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], str):
            prompt = prompt[0]
        if not isinstance(prompt, str):
            raise BadRequest("the local model takes one string prompt", param="prompt")
        run = await ctx.prepare(body, prompt=prompt, n=body.get("n", 1) or 1)
        if self.is_stream(body):
            return self._stream(ctx, run, body)
        results = await ctx.generate(run)
        prompt_tokens, completion = usage(results)
        return {
            "id": completion_id("cmpl"), "object": "text_completion", "created": now(),
            "model": ctx.backend.model_id,
            "choices": [{"index": i, "text": r.text, "logprobs": None, "finish_reason": r.finish_reason}
                        for i, r in enumerate(results)],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                      "total_tokens": prompt_tokens + completion},
        }

    async def _stream(self, ctx: LocalContext, run: LocalRun, body: dict[str, Any]) -> AsyncIterator[Event]:
        base = {"id": completion_id("cmpl"), "object": "text_completion", "created": now(),
                "model": ctx.backend.model_id}
        results = []
        for i in range(run.n):
            async for item in ctx.stream(run, i):
                if isinstance(item, str):
                    yield {**base, "choices": [{"index": i, "text": item, "logprobs": None, "finish_reason": None}]}
                else:
                    results.append(item)
                    yield {**base, "choices": [{"index": i, "text": "", "logprobs": None,
                                                "finish_reason": item.finish_reason}]}
        if (body.get("stream_options") or {}).get("include_usage"):
            prompt_tokens, completion = usage(results)
            yield {**base, "choices": [], "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                                                    "total_tokens": prompt_tokens + completion}}
