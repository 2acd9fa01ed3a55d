"""Where the text is in OpenAI bodies: collect it for sanitizing, and restore it in answers and streams.

Requests: message content (string or text parts) per role, assistant ``tool_calls[].function.arguments``
(JSON: only string values are sanitized, so the arguments stay valid JSON), ``prompt`` of completions,
``input`` of embeddings. Responses: ``content``, ``refusal`` and tool-call arguments of every choice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from proxy.errors import BadRequest

Setter = Callable[[str], None]


@dataclass
class TextSlot:
    text: str
    set: Setter


def _set_key(obj: dict[str, Any] | list[Any], key: Any) -> Setter:
    def setter(value: str) -> None:
        obj[key] = value

    return setter


def _json_string_slots(value: Any, parent: Any, key: Any) -> Iterator[TextSlot]:
    if isinstance(value, str):
        yield TextSlot(value, _set_key(parent, key))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _json_string_slots(v, value, k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _json_string_slots(v, value, i)


def _arguments_slots(function: dict[str, Any]) -> Iterator[TextSlot]:
    raw = function.get("arguments")
    if not isinstance(raw, str) or not raw:
        return
    try:
        parsed = json.loads(raw)
    except ValueError:
        # Not JSON (models do emit broken arguments): sanitize it as plain text.
        yield TextSlot(raw, _set_key(function, "arguments"))
        return
    holder = {"v": parsed}
    slots = list(_json_string_slots(parsed, holder, "v"))
    pending = len(slots)

    def reencode_when_done(slot: TextSlot) -> TextSlot:
        def setter(value: str) -> None:
            nonlocal pending
            slot.set(value)
            pending -= 1
            if pending == 0:
                function["arguments"] = json.dumps(holder["v"], ensure_ascii=False)

        return TextSlot(slot.text, setter)

    for slot in slots:
        yield reencode_when_done(slot)


def _content_slots(msg: dict[str, Any]) -> Iterator[TextSlot]:
    content = msg.get("content")
    if isinstance(content, str):
        yield TextSlot(content, _set_key(msg, "content"))
    elif isinstance(content, list):
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                yield TextSlot(part["text"], _set_key(part, "text"))
    elif content is not None:
        raise BadRequest("message content must be a string or a list of content parts", param="messages")


def request_slots(route: str, body: dict[str, Any], roles: list[str], tool_arguments: bool) -> list[TextSlot]:
    """The text-bearing fields of a (copied) request body, each with a setter."""
    slots: list[TextSlot] = []
    if route == "chat":
        for msg in body["messages"]:
            if msg.get("role") not in roles:
                continue
            slots.extend(_content_slots(msg))
            if tool_arguments:
                for call in msg.get("tool_calls") or []:
                    if isinstance(call, dict) and isinstance(call.get("function"), dict):
                        slots.extend(_arguments_slots(call["function"]))
    elif route in ("completions", "embeddings"):
        key = "prompt" if route == "completions" else "input"
        value = body.get(key)
        if isinstance(value, str):
            slots.append(TextSlot(value, _set_key(body, key)))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            slots.extend(TextSlot(v, _set_key(value, i)) for i, v in enumerate(value))
        else:
            raise BadRequest(f"{key} must be text to be sanitized (token arrays cannot be inspected)",
                             param=key)
    return slots


def json_escape(text: str) -> str:
    """``text`` as it appears inside a JSON string literal."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def response_slots(route: str, data: dict[str, Any]) -> Iterator[tuple[TextSlot, bool]]:
    """Text fields of a non-stream answer; the flag says the text is JSON (tool arguments)."""
    for choice in data.get("choices") or []:
        if not isinstance(choice, dict):
            continue
        if route == "completions" and isinstance(choice.get("text"), str):
            yield TextSlot(choice["text"], _set_key(choice, "text")), False
        message = choice.get("message")
        if isinstance(message, dict):
            yield from _answer_fields(message)


def _answer_fields(message: dict[str, Any]) -> Iterator[tuple[TextSlot, bool]]:
    for key in ("content", "refusal"):
        if isinstance(message.get(key), str):
            yield TextSlot(message[key], _set_key(message, key)), False
    for call in message.get("tool_calls") or []:
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and isinstance(function.get("arguments"), str):
            yield TextSlot(function["arguments"], _set_key(function, "arguments")), True
