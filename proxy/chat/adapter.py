"""OpenAI chat completions: streams of ``choices`` chunks, the local model's answers, Cape's extraction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.chat import wire
from proxy.local.backend import completion_id, now
from proxy.pipeline.local import LocalContext, LocalRun, usage
from proxy.pipeline.restore import TextRestorer
from proxy.pipeline.surface import Event, StreamRestorer, Surface
from proxy.settings import LimitsSettings
from proxy.sse import DONE

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy


class ChoiceStreamRestorer(StreamRestorer):
    """OpenAI ``choices`` chunks (chat deltas or completion text): one restorer per (choice, field,
    tool call); a choice's held text is flushed into its finishing chunk."""

    def __init__(self, text: TextRestorer, chat: bool = True) -> None:
        super().__init__(text)
        self.chat = chat
        self.last_chunk: Event | None = None

    def transform(self, event: Event) -> list[Event]:
        self.last_chunk = event
        for choice in event.get("choices") or []:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            if not self.chat and isinstance(choice.get("text"), str):
                choice["text"] = self.feed((index, "text", -1), choice["text"])
            delta = choice.get("delta")
            if isinstance(delta, dict):
                self._delta(index, delta)
            if choice.get("finish_reason") is not None:
                self._merge(choice, self._flush_choice(index))
        return [event]

    def _delta(self, index: int, delta: dict[str, Any]) -> None:
        for key in ("content", "refusal"):
            if isinstance(delta.get(key), str):
                delta[key] = self.feed((index, key, -1), delta[key])
        calls = [(c.get("index", 0), c.get("function")) for c in delta.get("tool_calls") or [] if isinstance(c, dict)]
        if isinstance(delta.get("function_call"), dict):
            calls.append((-1, delta["function_call"]))
        for call_index, function in calls:
            if not isinstance(function, dict):
                continue
            if isinstance(function.get("name"), str):  # names arrive whole
                function["name"] = self.text.text(function["name"])
            if isinstance(function.get("arguments"), str):
                function["arguments"] = self.feed((index, "tool", call_index), function["arguments"], in_json=True)

    def _flush_choice(self, index: int) -> dict[tuple[str, int], str]:
        flushed = {}
        for key in [k for k in self.text.open_keys() if isinstance(k, tuple) and k[0] == index]:
            text = self.text.flush(key)
            if text:
                flushed[(key[1], key[2])] = text
        return flushed

    def _merge(self, choice: dict[str, Any], flushed: dict[tuple[str, int], str]) -> None:
        if not flushed:
            return
        if not self.chat:
            choice["text"] = (choice.get("text") or "") + flushed.pop(("text", -1), "")
            return
        delta = choice.setdefault("delta", {})
        for (field, call_index), text in flushed.items():
            if field in ("content", "refusal"):
                delta[field] = (delta.get(field) or "") + text
            elif call_index == -1:
                fn = delta.setdefault("function_call", {})
                fn["arguments"] = (fn.get("arguments") or "") + text
            else:
                calls = delta.setdefault("tool_calls", [])
                for call in calls:
                    if call.get("index", 0) == call_index:
                        fn = call.setdefault("function", {})
                        fn["arguments"] = (fn.get("arguments") or "") + text
                        break
                else:
                    calls.append({"index": call_index, "function": {"arguments": text}})

    def finish(self) -> list[Event]:
        """End of stream with text still held (no finish_reason came): one last chunk carries it."""
        indexes = sorted({k[0] for k in self.text.open_keys() if isinstance(k, tuple)})
        if not indexes:
            return []
        base = {k: v for k, v in (self.last_chunk or {}).items() if k not in ("choices", "usage")}
        choices = []
        for index in indexes:
            choice: dict[str, Any] = {"index": index, "finish_reason": None}
            if self.chat:
                choice["delta"] = {}
            self._merge(choice, self._flush_choice(index))
            choices.append(choice)
        return [{**base, "choices": choices}]


class ChatSurface(Surface):
    name = "chat"
    upstream_path = "/chat/completions"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    done_marker = DONE
    supports_extraction = True

    def check(self, body: dict[str, Any], limits: LimitsSettings) -> None:
        wire.check(body, limits)

    def stream_restorer(self, text: TextRestorer) -> StreamRestorer:
        return ChoiceStreamRestorer(text, chat=True)

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
