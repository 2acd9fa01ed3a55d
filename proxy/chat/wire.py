"""OpenAI chat completions: where the text is in requests and answers, and the checks Veil makes.

Allow-listed (structural): message ``role``, type tags and numeric options (``max_tokens``,
``temperature``, ...). Checked, and refused with a 400 otherwise: ``model`` (a model name's shape) and
enum-like options (``tool_choice: "auto"``, ``reasoning_effort``, ``audio.voice``, ...). Ids the client
invents (``tool_call_id``, tool call ``id``) leave as keyed stand-ins of the provider's ``call_`` shape.
Everything else is sanitized (strings, numbers with enough digits, object keys that are data): message
content and ``name``, ``refusal``, tool call arguments and legacy ``function_call`` (JSON kept valid),
tool and function definitions (names as identifiers, descriptions, JSON schemas), ``response_format``
schemas, ``prediction``, ``stop``, ``user``, ``metadata``, ``seed`` and any field this map does not
know. Images, audio and files cannot be inspected (``sanitize.non_text_content``).
"""

from __future__ import annotations

import re
from typing import Any, TypedDict

from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import (
    ANY_STRUCT,
    ID,
    JSON_SCHEMA,
    MODEL,
    NUM,
    AnyOf,
    Arr,
    ClientId,
    Ident,
    Json,
    Map,
    Obj,
    OneOf,
    Opaque,
    Struct,
    Text,
    enum,
    flags,
    issued,
    numbers,
    option,
)
from proxy.pipeline.restore import ChoiceChunks
from proxy.pipeline.shapes import RequestFields, Usage
from proxy.settings import LimitsSettings

ROLES = ("system", "developer", "user", "assistant", "tool", "function")

CONTENT_PART = OneOf({
    "text": Obj({"type": enum("text"), "text": Text()}),
    "refusal": Obj({"type": enum("refusal"), "refusal": Text()}),
    "image_url": Opaque("image"),
    "input_audio": Opaque("audio"),
    "file": Opaque("file"),
})
CONTENT = AnyOf(string=Text(), array=Arr(CONTENT_PART))
FUNCTION_CALL = Obj({"name": Ident(), "arguments": Json()})
CALL_ID = ClientId("call_")
TOOL_CALL = Obj({
    "id": CALL_ID, "type": enum("function", "custom"), "index": NUM,
    "function": FUNCTION_CALL,
    "custom": Obj({"name": Ident(), "input": Text()}),
})
MESSAGE = Obj({
    "role": enum(*ROLES),
    "content": CONTENT,
    "name": Ident(),
    "refusal": Text(),
    "tool_call_id": CALL_ID,
    "tool_calls": Arr(TOOL_CALL),
    "function_call": FUNCTION_CALL,
    "audio": Obj({"id": issued("audio")}),
}, role_key="role")
FUNCTION_DEF = Obj({"name": Ident(), "description": Text(), "parameters": JSON_SCHEMA}, role="tools")
TOOL = Obj({
    "type": enum("function", "custom"),
    "function": FUNCTION_DEF,
    "custom": Obj({"name": Ident(), "description": Text()}, role="tools"),
}, role="tools")
NAMED_TOOL = Obj({"type": enum("function", "custom"), "function": Obj({"name": Ident()}),
                  "custom": Obj({"name": Ident()})})
TOOL_CHOICE = AnyOf(string=enum("none", "auto", "required"), object=OneOf({
    "function": NAMED_TOOL, "custom": NAMED_TOOL,
    "allowed_tools": Obj({"type": enum("allowed_tools"), "allowed_tools": Obj({
        "mode": enum("auto", "required"), "tools": Arr(NAMED_TOOL)})}),
}))
RESPONSE_FORMAT = OneOf({
    "text": Obj({"type": enum("text")}),
    "json_object": Obj({"type": enum("json_object")}),
    "json_schema": Obj({"type": enum("json_schema"), "json_schema": Obj({
        "name": Ident(), "description": Text(), "schema": JSON_SCHEMA})}),
})
STOP = AnyOf(string=Text(), array=Arr(Text()))
# The SDK's voices, or a custom voice's id
VOICES = ("alloy", "ash", "ballad", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer", "verse",
          "marin", "cedar")
VOICE = AnyOf(string=option(*VOICES), object=Obj({"id": issued("voice")}))
LOGIT_BIAS = Map(NUM, keys=Struct(pattern=re.compile(r"[0-9]{1,7}"), what="a token id (`[0-9]{1,7}`)"))
REASONING_EFFORT = option("none", "minimal", "low", "medium", "high", "xhigh")
SERVICE_TIER = option("auto", "default", "flex", "scale", "priority")

REQUEST = Obj({
    "model": MODEL,
    "messages": Arr(MESSAGE),
    "tools": Arr(TOOL),
    "tool_choice": TOOL_CHOICE,
    "functions": Arr(FUNCTION_DEF),
    "function_call": AnyOf(string=enum("none", "auto"), object=Obj({"name": Ident()})),
    "response_format": RESPONSE_FORMAT,
    "prediction": Obj({"type": enum("content"), "content": CONTENT}),
    "stop": STOP,
    "modalities": Arr(option("text", "audio")),
    "audio": Obj({"voice": VOICE, "format": option("wav", "aac", "mp3", "flac", "opus", "pcm16")}),
    "reasoning_effort": REASONING_EFFORT,
    "verbosity": option("low", "medium", "high"),
    "service_tier": SERVICE_TIER,
    "stream_options": Obj(flags("include_usage", "include_obfuscation")),
    "web_search_options": Obj({"search_context_size": option("low", "medium", "high")}),
    "logit_bias": LOGIT_BIAS,
    **numbers("max_tokens", "max_completion_tokens", "temperature", "top_p", "n", "presence_penalty",
              "frequency_penalty", "top_logprobs"),
    **flags("stream", "store", "logprobs", "parallel_tool_calls"),
})

ANSWER_MESSAGE = Obj({
    "role": ANY_STRUCT, "content": Text(), "refusal": Text(),
    "tool_calls": Arr(TOOL_CALL), "function_call": FUNCTION_CALL,
    "audio": Obj({"id": ID, "data": Opaque("audio"), "expires_at": ANY_STRUCT}),
})
RESPONSE = Obj({
    "id": ID, "object": ANY_STRUCT, "model": ANY_STRUCT, "system_fingerprint": ANY_STRUCT,
    "service_tier": ANY_STRUCT,
    "choices": Arr(Obj({"finish_reason": ANY_STRUCT, "message": ANSWER_MESSAGE, "text": Text(),
                        "logprobs": Opaque("logprobs")})),
    "veil": Opaque("report"),
})

# Streams: chunks of choices whose deltas carry content, refusal and tool-call arguments
STREAM = ChoiceChunks(fields=("delta.content", "delta.refusal"), tool_calls=True)


# ---- the fields Veil reads of a request, and the answers it makes here (the local model) ----------
class ChatRequest(RequestFields, total=False):
    """What the local model reads: the turns, the number of choices, and (proxy/local/backend.py)
    the sampling options."""

    messages: list[dict[str, Any]]
    n: int
    max_tokens: int
    max_completion_tokens: int
    temperature: float
    top_p: float
    top_k: int
    stop: str | list[str]
    seed: int


class AnswerMessage(TypedDict):
    role: str
    content: str | None
    refusal: str | None


class Choice(TypedDict):
    index: int
    message: AnswerMessage
    logprobs: None
    finish_reason: str


class ChatCompletion(TypedDict):
    id: str
    object: str
    created: int
    model: str
    system_fingerprint: str | None
    choices: list[Choice]
    usage: Usage


class ChunkDelta(TypedDict, total=False):
    role: str
    content: str


class ChunkChoice(TypedDict, total=False):
    index: int
    delta: ChunkDelta
    logprobs: None
    finish_reason: str | None


class ChatChunk(TypedDict, total=False):
    id: str
    object: str
    created: int
    model: str
    system_fingerprint: str | None
    choices: list[ChunkChoice]
    usage: Usage


# The request as /docs shows it (the fields Veil reads)
_TEXT_OR_PARTS = {"oneOf": [{"type": "string"}, {"type": "array", "items": {
    "type": "object", "properties": {"type": {"type": "string"}, "text": {"type": "string"}}}}]}
DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model", "messages"], "properties": {
    "model": {"type": "string"}, "stream": {"type": "boolean"},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role"], "properties": {
        "role": {"type": "string", "enum": ["system", "developer", "user", "assistant", "tool"]},
        "content": _TEXT_OR_PARTS}}},
    "temperature": {"type": "number"}, "max_tokens": {"type": "integer"}}}


def check(body: dict[str, Any], limits: LimitsSettings) -> None:
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty list", param="messages")
    if len(messages) > limits.max_messages:
        raise BadRequest(f"too many messages (limit {limits.max_messages})", param="messages")
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict) or not isinstance(msg.get("role"), str):
            raise BadRequest("each message must be an object with a role", param=f"messages[{i}]")
        content = msg.get("content")
        if content is not None and not isinstance(content, (str, list)):
            raise BadRequest("message content must be a string or a list of content parts",
                             param=f"messages[{i}].content")
