"""Ollama ``/api/chat``: where the text is in requests, answers and streams, and the checks Veil makes.

Allow-listed (structural): ``role``, type tags, numeric ``options``, ``stream``, ``think``,
``keep_alive`` (a duration). Checked, and refused with a 400 otherwise: ``model`` (a model name's
shape, ``llama3.2:3b``) and ``think`` levels. Sanitized: message ``content`` and ``thinking``,
``tool_calls`` (names as identifiers, arguments: objects whose values and keys are data),
``tool_name``, ``tools`` (names, descriptions, JSON schemas), ``format`` schemas, ``options.stop``
and every unknown field. Images cannot be inspected (``sanitize.non_text_content``).
Answers stream as JSON lines: ``message.content`` (and ``thinking``) deltas, tool calls whole, the
last line ``"done": true``.
"""

from __future__ import annotations

import re
from typing import Any, TypedDict

from proxy.chat import wire as chat
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import (
    ANY_STRUCT,
    BOOL,
    JSON_SCHEMA,
    MODEL,
    NUM,
    AnyOf,
    Arr,
    Ident,
    Json,
    Obj,
    Opaque,
    Struct,
    Text,
    enum,
    flags,
    numbers,
    option,
)
from proxy.pipeline.restore import ChoiceChunks
from proxy.pipeline.shapes import RequestFields
from proxy.settings import LimitsSettings

TOOL_CALL = Obj({"type": enum("function"), "function": Obj({"index": NUM, "name": Ident(), "arguments": Json()})},
                role="assistant")
MESSAGE = Obj({"role": enum("system", "user", "assistant", "tool"), "content": Text(), "thinking": Text(),
               "images": Arr(Opaque("image")), "tool_calls": Arr(TOOL_CALL), "tool_name": Ident()}, role_key="role")
TOOL = Obj({"type": enum("function"), "function": Obj({"name": Ident(), "description": Text(),
                                                       "parameters": JSON_SCHEMA})}, role="tools")
OPTIONS = Obj({**numbers("temperature", "top_p", "top_k", "min_p", "num_predict", "num_ctx", "repeat_penalty",
                         "repeat_last_n", "presence_penalty", "frequency_penalty", "typical_p", "num_keep"),
               "stop": Arr(Text())})
DURATION = Struct(pattern=re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,3})?(?:ms|s|m|h)?"), refuse=True,
                  what="a duration (`5m`, `1h`, `-1`)")

REQUEST = Obj({
    "model": MODEL,
    "messages": Arr(MESSAGE),
    "tools": Arr(TOOL),
    "format": AnyOf(string=option("json"), object=JSON_SCHEMA),
    "options": OPTIONS,
    "keep_alive": AnyOf(string=DURATION, number=NUM),
    "think": AnyOf(string=option("low", "medium", "high")),
    **flags("stream"),
})
ANSWER_MESSAGE = Obj({"role": ANY_STRUCT, "content": Text(), "thinking": Text(), "tool_calls": Arr(TOOL_CALL)})
RESPONSE = Obj({
    "model": ANY_STRUCT, "created_at": ANY_STRUCT, "message": ANSWER_MESSAGE, "done": BOOL,
    "done_reason": ANY_STRUCT,
    **numbers("total_duration", "load_duration", "prompt_eval_count", "prompt_eval_duration", "eval_count",
              "eval_duration"),
    "veil": Opaque("report"),
})
# Streams: every line is the one choice, its content and thinking deltas restored as they come, its tool
# calls whole; the held tail goes into the line with "done": true
STREAM = ChoiceChunks(fields=("message.content", "message.thinking"), choices=None, ends="done",
                      whole={"message.tool_calls": Arr(TOOL_CALL)})

# ---- the fields Veil reads of a request, and the answers it makes here (the local model) ----------
class Options(TypedDict, total=False):
    """The sampling options the local model reads (in Ollama's names)."""

    num_predict: int
    temperature: float
    top_p: float
    top_k: int
    stop: str | list[str]
    seed: int


class OllamaRequest(RequestFields, total=False):
    messages: list[dict[str, Any]]
    options: Options


class OllamaMessage(TypedDict):
    role: str
    content: str


class Line(TypedDict, total=False):
    """One line of an answer (a whole answer is its last line, with the whole text)."""

    model: str
    created_at: str
    message: OllamaMessage
    done: bool
    done_reason: str
    prompt_eval_count: int
    eval_count: int


DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model", "messages"], "properties": {
    "model": {"type": "string"}, "stream": {"type": "boolean"},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role"], "properties": {
        "role": {"type": "string", "enum": ["system", "user", "assistant", "tool"]},
        "content": {"type": "string"}}}},
    "options": {"type": "object"}}}


def check(body: dict[str, Any], limits: LimitsSettings) -> None:
    chat.check(body, limits)  # a non-empty list of messages with roles, within the limit
    for i, msg in enumerate(body["messages"]):
        if isinstance(msg.get("content"), list):
            raise BadRequest("message content must be a string", param=f"messages[{i}].content")
