"""OpenAI text completions: the ``choices`` stream format of chat, with ``text`` instead of deltas."""

from __future__ import annotations

from collections.abc import AsyncIterator

from proxy.completions import wire
from proxy.completions.wire import Completion, CompletionRequest
from proxy.errors import BadRequest
from proxy.pipeline.shapes import Body
from proxy.pipeline.stream import DONE
from proxy.pipeline.surface import Made, Prompt, Surface, completion_id, now
from proxy.settings import LimitsSettings


class CompletionsSurface(Surface[CompletionRequest]):
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

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body)

    def prompt(self, body: CompletionRequest) -> Prompt:
        prompt = body.get("prompt")
        if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], str):
            prompt = prompt[0]
        if not isinstance(prompt, str):
            raise BadRequest("the local model takes one string prompt", param="prompt")
        return Prompt(text=prompt, sampling=body, n=body.get("n", 1) or 1)

    def answer(self, made: Made[CompletionRequest]) -> Completion:
        prompt_tokens, completion = made.usage()
        return {
            "id": completion_id("cmpl"), "object": "text_completion", "created": now(), "model": made.model,
            "choices": [{"index": i, "text": r.text, "logprobs": None, "finish_reason": r.finish_reason}
                        for i, r in enumerate(made.results)],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                      "total_tokens": prompt_tokens + completion},
        }

    async def events(self, made: Made[CompletionRequest]) -> AsyncIterator[Completion]:
        base: Completion = {"id": completion_id("cmpl"), "object": "text_completion", "created": now(),
                            "model": made.model}
        for i, choice in enumerate(made.choices):
            async for item in choice:
                if isinstance(item, str):
                    yield {**base, "choices": [{"index": i, "text": item, "logprobs": None, "finish_reason": None}]}
                else:
                    made.results.append(item)
                    yield {**base, "choices": [{"index": i, "text": "", "logprobs": None,
                                                "finish_reason": item.finish_reason}]}
        if (made.body.get("stream_options") or {}).get("include_usage"):
            prompt_tokens, completion = made.usage()
            yield {**base, "choices": [], "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion,
                                                    "total_tokens": prompt_tokens + completion}}
