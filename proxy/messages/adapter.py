"""Anthropic Messages API (and its token count): its route, and its answers made here (whole and streamed)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

from proxy.messages import wire
from proxy.messages.wire import Message, MessagesEvent, MessagesRequest, TokenCount
from proxy.pipeline.shapes import Body, Event, Out
from proxy.pipeline.surface import Made, Prompt, Surface
from proxy.provider import ANTHROPIC
from proxy.settings import LimitsSettings


class MessagesSurface(Surface[MessagesRequest]):
    name = "messages"
    label = "Anthropic Messages"
    path = "/v1/messages"
    summary = "Anthropic Messages API, sanitized and restored"
    doc_schema: dict[str, Any] | None = wire.DOC_SCHEMA
    upstream_path = "/messages"
    provider = ANTHROPIC
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    named_events = True
    end_events = ("message_stop", "error")
    stream_format = wire.STREAM

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body, limits)

    def is_error_event(self, event: Event) -> bool:
        return event.get("type") == "error"

    def prompt(self, body: MessagesRequest) -> Prompt:
        sampling = {"max_tokens": body.get("max_tokens"), "temperature": body.get("temperature"),
                    "top_p": body.get("top_p"), "top_k": body.get("top_k"), "stop": body.get("stop_sequences")}
        return Prompt(messages=chat_messages(body), sampling={k: v for k, v in sampling.items() if v is not None})

    def answer(self, made: Made[MessagesRequest]) -> Out:  # a Message (the token count: a TokenCount)
        result = made.results[0]
        message: Message = {"id": "msg_" + uuid.uuid4().hex, "type": "message", "role": "assistant",
                            "model": made.model, "content": [{"type": "text", "text": result.text}],
                            "stop_reason": _stop_reason(result.finish_reason, result.stop_sequence),
                            "stop_sequence": result.stop_sequence,
                            "usage": {"input_tokens": result.prompt_tokens,
                                      "output_tokens": result.completion_tokens}}
        return message

    async def events(self, made: Made[MessagesRequest]) -> AsyncIterator[MessagesEvent]:
        message: Message = {"id": "msg_" + uuid.uuid4().hex, "type": "message", "role": "assistant",
                            "model": made.model, "content": [], "stop_reason": None, "stop_sequence": None,
                            "usage": {"input_tokens": made.prompt_tokens, "output_tokens": 0}}
        yield {"type": "message_start", "message": message}
        yield {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
        yield {"type": "ping"}
        result = None
        async for item in made.choices[0]:
            if isinstance(item, str):
                yield {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": item}}
            else:
                result = item
        yield {"type": "content_block_stop", "index": 0}
        assert result is not None
        yield {"type": "message_delta", "delta": {"stop_reason": _stop_reason(result.finish_reason,
                                                                             result.stop_sequence),
                                                  "stop_sequence": result.stop_sequence},
               "usage": {"output_tokens": result.completion_tokens}}
        yield {"type": "message_stop"}


class CountTokensSurface(MessagesSurface):
    """``POST /v1/messages/count_tokens``: counted on the sanitized request."""

    name = "messages_count_tokens"
    label = "Anthropic token count"
    path = "/v1/messages/count_tokens"
    summary = "Anthropic token count of the sanitized request"
    doc_schema = None
    upstream_path = "/messages/count_tokens"
    response_schema = wire.COUNT
    streams = False

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body, limits, need_max_tokens=False)

    def prompt(self, body: MessagesRequest) -> Prompt:
        return Prompt(messages=chat_messages(body), task="count")

    def answer(self, made: Made[MessagesRequest]) -> TokenCount:
        return {"input_tokens": made.tokens}


def chat_messages(body: MessagesRequest) -> list[dict[str, Any]]:
    """Messages as chat turns for a model here (tool use and results as text)."""
    turns: list[dict[str, Any]] = []
    system = body.get("system")
    if isinstance(system, list):
        system = "\n".join(b.get("text", "") for b in system if isinstance(b, dict))
    if system:
        turns.append({"role": "system", "content": system})
    for msg in body["messages"]:
        turns.append({"role": msg["role"], "content": _text_of(msg["content"])})
    return turns


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for block in content:
        kind = block.get("type") if isinstance(block, dict) else None
        if kind == "text":
            parts.append(str(block.get("text", "")))
        elif kind == "tool_use":
            parts.append(f"[call {block.get('name')}({json.dumps(block.get('input'), ensure_ascii=False)})]")
        elif kind == "tool_result":
            parts.append("[tool result] " + _text_of(block.get("content") or ""))
        elif kind == "document" and isinstance(block.get("source"), dict):
            parts.append(str(block["source"].get("data", "")))
    return "\n".join(p for p in parts if p)


def _stop_reason(finish_reason: str, stop_sequence: str | None) -> str:
    if stop_sequence is not None:
        return "stop_sequence"
    return "max_tokens" if finish_reason == "length" else "end_turn"
