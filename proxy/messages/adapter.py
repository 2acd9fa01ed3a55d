"""Anthropic Messages API: its error body, its event stream, and the local model's answers."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.errors import ProxyError, anthropic_error
from proxy.pipeline.local import LocalContext, LocalRun
from proxy.messages import wire
from proxy.pipeline.restore import TextRestorer
from proxy.pipeline.surface import Event, StreamRestorer, Surface
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy

# content_block_delta types that carry text to restore: (field, is it partial JSON)
_DELTA_TEXT = {"text_delta": ("text", False), "input_json_delta": ("partial_json", True),
               "thinking_delta": ("thinking", False)}


class MessagesStreamRestorer(StreamRestorer):
    """Restores ``text_delta`` and ``input_json_delta`` per content block (a stand-in split across
    deltas, or across its JSON escaping, is held back); a block's held tail goes out as one more delta
    just before its ``content_block_stop``. ``thinking`` deltas are restored like text (requests sanitize
the block's text again, to what the provider signed); ``signature`` deltas pass unchanged."""

    def __init__(self, text: TextRestorer) -> None:
        super().__init__(text)
        self.kinds: dict[int, str] = {}  # block index -> delta type seen

    def transform(self, event: Event) -> list[Event]:
        kind = event.get("type")
        if kind == "content_block_delta":
            delta = event.get("delta")
            if isinstance(delta, dict) and delta.get("type") in _DELTA_TEXT:
                field, in_json = _DELTA_TEXT[delta["type"]]
                index = event.get("index", 0)
                if isinstance(delta.get(field), str):
                    self.kinds[index] = delta["type"]
                    delta[field] = self.feed((index, delta["type"]), delta[field], in_json)
            elif isinstance(delta, dict) and delta.get("type") == "citations_delta":
                self.text.body(wire.RESPONSE, {"content": [delta.get("citation") or {}]})
            return [event]
        if kind == "content_block_stop":
            return [*self._flush(event.get("index", 0)), event]
        if kind == "message_start" and isinstance(event.get("message"), dict):
            self.text.body(wire.RESPONSE, event["message"])
        elif kind == "content_block_start" and isinstance(event.get("content_block"), dict):
            self.text.body(wire.RESPONSE, {"content": [event["content_block"]]})
        elif kind == "message_delta" and isinstance(event.get("delta"), dict):
            stop = event["delta"].get("stop_sequence")
            if isinstance(stop, str):
                event["delta"]["stop_sequence"] = self.text.text(stop)
        return [event]

    def _flush(self, index: int) -> list[Event]:
        kind = self.kinds.pop(index, None)
        held = self.text.flush((index, kind)) if kind else ""
        if not held:
            return []
        field = _DELTA_TEXT[kind][0]  # type: ignore[index]
        return [{"type": "content_block_delta", "index": index, "delta": {"type": kind, field: held}}]

    def finish(self) -> list[Event]:
        out: list[Event] = []
        for index in sorted(self.kinds):
            out.extend(self._flush(index))
        return out


class MessagesSurface(Surface):
    name = "messages"
    upstream_path = "/messages"
    provider = "anthropic"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    named_events = True
    end_events = ("message_stop", "error")

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body, limits)

    def error_body(self, exc: ProxyError) -> dict[str, Any]:
        return anthropic_error(exc)

    def is_error_event(self, event: Event) -> bool:
        return event.get("type") == "error"

    def stream_restorer(self, text: TextRestorer) -> StreamRestorer:
        return MessagesStreamRestorer(text)

    async def answer_locally(self, ctx: LocalContext, body: dict[str, Any],
                             policy: "Policy") -> dict[str, Any] | AsyncIterator[Event]:
        sampling = {"max_tokens": body.get("max_tokens"), "temperature": body.get("temperature"),
                    "top_p": body.get("top_p"), "top_k": body.get("top_k"), "stop": body.get("stop_sequences")}
        run = await ctx.prepare({k: v for k, v in sampling.items() if v is not None}, messages=chat_messages(body))
        if self.is_stream(body):
            return self._stream(ctx, run)
        result = (await ctx.generate(run))[0]
        return {"id": "msg_" + uuid.uuid4().hex, "type": "message", "role": "assistant",
                "model": ctx.backend.model_id, "content": [{"type": "text", "text": result.text}],
                "stop_reason": _stop_reason(result.finish_reason, result.stop_sequence),
                "stop_sequence": result.stop_sequence,
                "usage": {"input_tokens": result.prompt_tokens, "output_tokens": result.completion_tokens}}

    async def _stream(self, ctx: LocalContext, run: LocalRun) -> AsyncIterator[Event]:
        message = {"id": "msg_" + uuid.uuid4().hex, "type": "message", "role": "assistant",
                   "model": ctx.backend.model_id, "content": [], "stop_reason": None, "stop_sequence": None,
                   "usage": {"input_tokens": len(run.prompt_ids), "output_tokens": 0}}
        yield {"type": "message_start", "message": message}
        yield {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}
        yield {"type": "ping"}
        result = None
        async for item in ctx.stream(run):
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
    upstream_path = "/messages/count_tokens"
    response_schema = wire.COUNT
    streams = False

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body, limits, need_max_tokens=False)

    async def answer_locally(self, ctx: LocalContext, body: dict[str, Any],
                             policy: "Policy") -> dict[str, Any] | AsyncIterator[Event]:
        await ctx.load()
        return {"input_tokens": len(ctx.backend.chat_prompt_ids(chat_messages(body)))}


def chat_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Messages as chat turns for the local model (tool use and results as text)."""
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
