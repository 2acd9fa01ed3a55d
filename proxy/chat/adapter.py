"""OpenAI chat completions: its route, its answers made here (whole and streamed), Cape's extraction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from proxy.chat import wire
from proxy.chat.wire import ChatChunk, ChatCompletion, ChatRequest
from proxy.pipeline.shapes import Body, Out
from proxy.pipeline.stream import DONE
from proxy.pipeline.surface import Made, Prompt, Surface, completion_id, now
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy


class ChatSurface(Surface[ChatRequest]):
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

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body, limits)

    def prompt(self, body: ChatRequest) -> Prompt:
        return Prompt(messages=body["messages"], sampling=body, n=body.get("n", 1) or 1)

    def answer(self, made: Made[ChatRequest]) -> ChatCompletion:
        prompt, completion = made.usage()
        return {
            "id": completion_id("chatcmpl"), "object": "chat.completion", "created": now(),
            "model": made.model, "system_fingerprint": None,
            "choices": [{"index": i, "message": {"role": "assistant", "content": r.text, "refusal": None},
                         "logprobs": None, "finish_reason": r.finish_reason} for i, r in enumerate(made.results)],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
        }

    async def events(self, made: Made[ChatRequest]) -> AsyncIterator[ChatChunk]:
        base: ChatChunk = {"id": completion_id("chatcmpl"), "object": "chat.completion.chunk",
                           "created": now(), "model": made.model, "system_fingerprint": None}
        for i, choice in enumerate(made.choices):
            yield {**base, "choices": [{"index": i, "delta": {"role": "assistant", "content": ""},
                                        "logprobs": None, "finish_reason": None}]}
            async for item in choice:
                if isinstance(item, str):
                    yield {**base, "choices": [{"index": i, "delta": {"content": item}, "logprobs": None,
                                                "finish_reason": None}]}
                else:
                    made.results.append(item)
                    yield {**base, "choices": [{"index": i, "delta": {}, "logprobs": None,
                                                "finish_reason": item.finish_reason}]}
        if (made.body.get("stream_options") or {}).get("include_usage"):
            prompt, completion = made.usage()
            yield {**base, "choices": [], "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                                                    "total_tokens": prompt + completion}}

    async def extract(self, data: Body, policy: Policy) -> Body:
        for choice in data.get("choices") or []:
            message = choice.get("message") if isinstance(choice, dict) else None
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                message["content"] = await policy.extract(message["content"])
        return data

    def replay(self, data: Body, body: ChatRequest) -> list[Out]:
        """A whole chat answer as a stream (the extraction step needs the whole answer first): the
        upstream's fields, as they came."""
        base = {k: data.get(k) for k in ("id", "created", "model", "system_fingerprint")}
        base["object"] = "chat.completion.chunk"
        out: list[Out] = []
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
