"""OpenAI chat completions: streams of ``choices`` chunks, the local model's answers, Cape's extraction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.chat import wire
from proxy.local.backend import completion_id, now
from proxy.pipeline.local import LocalContext, LocalRun, usage
from proxy.pipeline.stream import DONE
from proxy.pipeline.surface import Event, Surface
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy


class ChatSurface(Surface):
    name = "chat"
    label = "Chat completions"
    path = "/v1/chat/completions"
    summary = "OpenAI chat completions, sanitized and restored"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/chat/completions"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    done_marker = DONE
    supports_extraction = True
    stream_format = wire.STREAM

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body, limits)

    async def answer_locally(self, ctx: LocalContext, body: dict[str, Any],
                             policy: "Policy") -> dict[str, Any] | AsyncIterator[Event]:
        run = await ctx.prepare(body, messages=body["messages"], n=body.get("n", 1) or 1)
        if self.is_stream(body) and not (policy.extracts and self.supports_extraction):
            return self._stream(ctx, run, body)
        results = await ctx.generate(run)
        prompt, completion = usage(results)
        return {
            "id": completion_id("chatcmpl"), "object": "chat.completion", "created": now(),
            "model": ctx.backend.model_id, "system_fingerprint": None,
            "choices": [{"index": i, "message": {"role": "assistant", "content": r.text, "refusal": None},
                         "logprobs": None, "finish_reason": r.finish_reason} for i, r in enumerate(results)],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
        }

    async def _stream(self, ctx: LocalContext, run: LocalRun, body: dict[str, Any]) -> AsyncIterator[Event]:
        base = {"id": completion_id("chatcmpl"), "object": "chat.completion.chunk", "created": now(),
                "model": ctx.backend.model_id, "system_fingerprint": None}
        results = []
        for i in range(run.n):
            yield {**base, "choices": [{"index": i, "delta": {"role": "assistant", "content": ""},
                                        "logprobs": None, "finish_reason": None}]}
            async for item in ctx.stream(run, i):
                if isinstance(item, str):
                    yield {**base, "choices": [{"index": i, "delta": {"content": item}, "logprobs": None,
                                                "finish_reason": None}]}
                else:
                    results.append(item)
                    yield {**base, "choices": [{"index": i, "delta": {}, "logprobs": None,
                                                "finish_reason": item.finish_reason}]}
        if (body.get("stream_options") or {}).get("include_usage"):
            prompt, completion = usage(results)
            yield {**base, "choices": [], "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                                                    "total_tokens": prompt + completion}}

    async def extract(self, data: dict[str, Any], policy: "Policy") -> dict[str, Any]:
        for choice in data.get("choices") or []:
            message = choice.get("message") if isinstance(choice, dict) else None
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                message["content"] = await policy.extract(message["content"])
        return data

    def replay(self, data: dict[str, Any], body: dict[str, Any]) -> list[Event]:
        """A whole chat answer as a stream (the extraction step needs the whole answer first)."""
        base = {k: data.get(k) for k in ("id", "created", "model", "system_fingerprint")}
        base["object"] = "chat.completion.chunk"
        out: list[Event] = []
        for choice in data.get("choices") or []:
            message = choice.get("message") or {}
            index = choice.get("index", 0)
            out.append({**base, "choices": [{"index": index, "delta": {"role": "assistant",
                        "content": message.get("content") or ""}, "finish_reason": None}]})
            out.append({**base, "choices": [{"index": index, "delta": {},
                                             "finish_reason": choice.get("finish_reason", "stop")}]})
        if (body.get("stream_options") or {}).get("include_usage") and data.get("usage"):
            out.append({**base, "choices": [], "usage": data["usage"]})
        return out
