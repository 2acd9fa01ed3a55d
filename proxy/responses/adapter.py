"""OpenAI Responses API: its routes, earlier turns' stand-ins, and its answers made here (whole and streamed)."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from proxy.auth import Caller
from proxy.errors import BadRequest, ProxyError, openai_error
from proxy.pipeline.endpoint import Endpoint
from proxy.pipeline.shapes import Body, Event
from proxy.pipeline.surface import Made, Prompt, Surface
from proxy.responses import wire
from proxy.responses.turn_store import open_turns
from proxy.responses.wire import MessageItem, OutputText, Response, ResponsesEvent, ResponsesRequest
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy
    from proxy.responses.turn_store import Turns
    from proxy.runtime import Runtime


class ResponsesSurface(Surface[ResponsesRequest]):
    name = "responses"
    label = "Responses"
    path = "/v1/responses"
    summary = "OpenAI Responses API, sanitized and restored"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/responses"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    named_events = True
    end_events = ("response.completed", "response.failed", "response.incomplete", "error")
    stream_format = wire.STREAM

    def __init__(self, turns: Turns) -> None:
        self.turns = turns

    @classmethod
    def create(cls, rt: Runtime) -> ResponsesSurface:
        version = rt.settings.auth.key_version
        return cls(open_turns(rt.settings.sanitize.turn_cache, rt.settings.state_dir,
                              lambda user: rt.keyring.master().user_keys(user, version)))

    def endpoints(self, rt: Runtime) -> list[Endpoint]:
        from proxy.responses.routes import stored_endpoints

        return [*super().endpoints(rt), *stored_endpoints(rt, self)]

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body)

    def is_error_event(self, event: Event) -> bool:
        return event.get("type") == "error"

    def error_event(self, exc: ProxyError) -> bytes:
        err = openai_error(exc)["error"]
        # The documented fields, and the error object itself: the openai SDK raises APIError on an event
        # whose data has "error" (it yields a documented-only error event as an ordinary event).
        return self.encode({"type": "error", "code": err.get("code"), "message": err.get("message"),
                            "param": err.get("param"), "sequence_number": 0, "error": err})

    def after_sanitize(self, policy: Policy, body: ResponsesRequest, caller: Caller) -> None:
        """Answers that continue a stored conversation may repeat earlier turns' values."""
        earlier: dict[str, str] = {}
        if body.get("previous_response_id") or body.get("conversation"):
            earlier = self.earlier(caller)
            policy.add_mapping(earlier)
        if body.get("store") is not False or body.get("conversation"):  # this turn's new pairs
            self.turns.remember(caller.user_id, {s: o for s, o in policy.mapping.items() if earlier.get(s) != o})

    def earlier(self, caller: Caller) -> dict[str, str]:
        return self.turns.recall(caller.user_id)

    # ---- answers made here ---------------------------------------------------------------------
    def prompt(self, body: ResponsesRequest) -> Prompt:
        if body.get("previous_response_id") or body.get("conversation"):
            raise BadRequest("the local model does not store responses: send the whole conversation as input",
                             param="previous_response_id")
        sampling = {"max_tokens": body.get("max_output_tokens"), "temperature": body.get("temperature"),
                    "top_p": body.get("top_p"), "top_k": body.get("top_k")}
        return Prompt(messages=chat_messages(body), sampling={k: v for k, v in sampling.items() if v is not None})

    def answer(self, made: Made[ResponsesRequest]) -> Response:
        result = made.results[0]
        message = _message_item(result.text, "completed")
        return _completed(_response_object(made.body, made.model), [message], result.prompt_tokens,
                          result.completion_tokens, result.finish_reason)

    async def events(self, made: Made[ResponsesRequest]) -> AsyncIterator[ResponsesEvent]:
        """The events of a model's answer, numbered as the API numbers them (``sequence_number``)."""
        sequence = 0
        async for event in self._events(made):
            event["sequence_number"] = sequence
            sequence += 1
            yield event

    async def _events(self, made: Made[ResponsesRequest]) -> AsyncIterator[ResponsesEvent]:
        base = _response_object(made.body, made.model)
        item = _message_item("", "in_progress")
        where: ResponsesEvent = {"item_id": item["id"], "output_index": 0}
        yield {"type": "response.created", "response": {**base, "status": "in_progress"}}
        yield {"type": "response.in_progress", "response": {**base, "status": "in_progress"}}
        yield {"type": "response.output_item.added", "output_index": 0, "item": item}
        part: OutputText = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
        yield {"type": "response.content_part.added", **where, "content_index": 0, "part": part}
        text, result = "", None
        async for delta in made.choices[0]:
            if isinstance(delta, str):
                text += delta
                yield {"type": "response.output_text.delta", **where, "content_index": 0, "delta": delta,
                       "logprobs": []}
            else:
                result = delta
        yield {"type": "response.output_text.done", **where, "content_index": 0, "text": text, "logprobs": []}
        yield {"type": "response.content_part.done", **where, "content_index": 0, "part": {**part, "text": text}}
        done = _message_item(text, "completed", item["id"])
        yield {"type": "response.output_item.done", "output_index": 0, "item": done}
        assert result is not None
        final = _completed(base, [done], result.prompt_tokens, result.completion_tokens, result.finish_reason)
        yield {"type": f"response.{final['status']}", "response": final}


def chat_messages(body: ResponsesRequest) -> list[dict[str, Any]]:
    """Responses input as chat turns for a model here (tool calls and results as text)."""
    turns: list[dict[str, Any]] = []
    if isinstance(body.get("instructions"), str) and body["instructions"]:
        turns.append({"role": "system", "content": body["instructions"]})
    value = body.get("input")
    if isinstance(value, str):
        return [*turns, {"role": "user", "content": value}]
    for item in value or []:
        kind = item.get("type", "message")
        if kind == "message":
            role = item.get("role", "user")
            turns.append({"role": "system" if role == "developer" else role, "content": item.get("content")})
        elif kind in ("function_call", "custom_tool_call"):
            args = item.get("arguments", item.get("input", ""))
            turns.append({"role": "assistant", "content": f"[call {item.get('name')}({args})]"})
        elif kind in ("function_call_output", "custom_tool_call_output"):
            output = item.get("output")
            text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
            turns.append({"role": "user", "content": f"[tool result] {text}"})
    return turns


def _response_object(body: ResponsesRequest, model: str) -> Response:
    return {
        "id": "resp_" + uuid.uuid4().hex, "object": "response", "created_at": int(time.time()),
        "status": "in_progress", "model": model, "output": [], "error": None, "incomplete_details": None,
        "instructions": body.get("instructions"), "metadata": body.get("metadata") or {},
        "temperature": body.get("temperature"), "top_p": body.get("top_p"),
        "max_output_tokens": body.get("max_output_tokens"), "tools": [], "tool_choice": "auto",
        "parallel_tool_calls": False, "text": {"format": {"type": "text"}}, "store": False,
        "previous_response_id": None, "usage": None,
    }


def _message_item(text: str, status: str, item_id: str | None = None) -> MessageItem:
    content: list[OutputText] = [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}] \
        if status == "completed" else []
    return {"type": "message", "id": item_id or "msg_" + uuid.uuid4().hex, "status": status, "role": "assistant",
            "content": content}


def _completed(base: Response, output: list[MessageItem], prompt: int, completion: int,
               finish_reason: str) -> Response:
    incomplete = finish_reason == "length"
    return {**base, "status": "incomplete" if incomplete else "completed", "output": output,
            "incomplete_details": {"reason": "max_output_tokens"} if incomplete else None,
            "usage": {"input_tokens": prompt, "input_tokens_details": {"cached_tokens": 0},
                      "output_tokens": completion, "output_tokens_details": {"reasoning_tokens": 0},
                      "total_tokens": prompt + completion}}
