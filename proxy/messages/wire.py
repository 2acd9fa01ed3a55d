"""Anthropic Messages API: where the text is in requests and answers, and the checks Veil makes.

Allow-listed (structural): ``role``, block ``type`` tags, ``cache_control``, numeric options. Checked,
and refused with a 400 otherwise: ``model`` (a model name's shape), the ``signature`` of ``thinking``
blocks and the ``data`` of ``redacted_thinking`` blocks (a blob's shape: the provider signs them), and
enum-like options (``thinking.type``, ``service_tier``). Ids the client may invent (``tool_use.id``,
``tool_use_id``) leave as keyed stand-ins of the provider's ``toolu_`` shape. ``thinking`` text is
sanitized like text, and restored in answers, so a block sent back as the answer gave it leaves as
the provider wrote it (stand-ins are deterministic) and its signature still holds.
Sanitized: ``system`` (string or text blocks), message content (string or blocks: ``text``,
``tool_use`` input, ``tool_result`` content, text documents), ``tools`` (names as identifiers,
descriptions, ``input_schema``), ``metadata.user_id``, ``stop_sequences``, ``workspace_id`` and
``user_profile_id`` (as identifiers) and every unknown field or block type. Images and base64 / URL / file documents cannot be inspected (``sanitize.non_text_content``).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, TypedDict

from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import (
    ANY_STRUCT,
    BLOB,
    ID,
    JSON_SCHEMA,
    MODEL,
    NUM,
    AnyOf,
    Arr,
    ClientId,
    Ident,
    Json,
    Obj,
    OneOf,
    Opaque,
    Struct,
    Text,
    enum,
    flags,
    numbers,
    option,
)
from proxy.pipeline.restore import Delta, TypedEvents
from proxy.pipeline.shapes import RequestFields
from proxy.settings import LimitsSettings

CACHE = Obj({"type": enum("ephemeral"), "ttl": enum("5m", "1h")})
TEXT_BLOCK = Obj({"type": enum("text"), "text": Text(), "cache_control": CACHE})
THINKING = Obj({"type": enum("thinking"), "thinking": Text(), "signature": BLOB}, role="assistant")
REDACTED = Obj({"type": enum("redacted_thinking"), "data": BLOB})
TOOL_USE_ID = ClientId("toolu_")
TOOL_USE = Obj({"type": enum("tool_use"), "id": TOOL_USE_ID, "name": Ident(), "input": Json(), "cache_control": CACHE},
               role="assistant")
BLOCK = OneOf({
    "text": TEXT_BLOCK,
    "thinking": THINKING,
    "redacted_thinking": REDACTED,
    "tool_use": TOOL_USE,
    "image": Opaque("image"),
    "container_upload": Opaque("file"),
})
TOOL_RESULT = Obj({"type": enum("tool_result"), "tool_use_id": TOOL_USE_ID, "cache_control": CACHE,
                   "content": AnyOf(string=Text(), array=Arr(BLOCK))}, role="tool")
DOCUMENT = Obj({
    "type": enum("document"), "title": Text(), "context": Text(), "cache_control": CACHE,
    "citations": Obj({}),
    "source": OneOf({
        "text": Obj({"type": enum("text"), "media_type": enum("text/plain"), "data": Text()}),
        "content": Obj({"type": enum("content"), "content": AnyOf(string=Text(), array=Arr(BLOCK))}),
        "base64": Opaque("document"),
        "url": Opaque("document"),
        "file": Opaque("document"),
    }),
})
BLOCK.variants.update({"tool_result": TOOL_RESULT, "document": DOCUMENT})
CONTENT = AnyOf(string=Text(), array=Arr(BLOCK))
MESSAGE = Obj({"role": enum("user", "assistant"), "content": CONTENT}, role_key="role")
CLIENT_TOOL = Obj({"type": enum("custom"), "name": Ident(), "description": Text(),
                   "input_schema": JSON_SCHEMA, "cache_control": CACHE}, role="tools")
TOOL = OneOf({"custom": CLIENT_TOOL}, missing=CLIENT_TOOL,
             default=Obj({"type": Struct(pattern=re.compile(r"^[a-z_0-9]{1,64}$")), "name": Ident(),
                          "cache_control": CACHE}, role="tools"))

REQUEST = Obj({
    "model": MODEL,
    "system": AnyOf(string=Text(role="system"), array=Arr(OneOf({"text": Obj(
        {"type": enum("text"), "text": Text(role="system"), "cache_control": CACHE})}))),
    "messages": Arr(MESSAGE),
    "tools": Arr(TOOL),
    "tool_choice": Obj({"type": enum("auto", "any", "tool", "none"), "name": Ident()}),
    "stop_sequences": Arr(Text()),
    "thinking": Obj({"type": option("enabled", "disabled", "adaptive"), "budget_tokens": NUM}),
    "service_tier": option("auto", "standard_only"),
    "cache_control": CACHE,
    "workspace_id": Ident(),
    "user_profile_id": Ident(),
    **numbers("max_tokens", "temperature", "top_p", "top_k"),
    **flags("stream"),
})

RESPONSE = Obj({
    "id": ID, "type": ANY_STRUCT, "role": ANY_STRUCT, "model": ANY_STRUCT,
    "content": Arr(BLOCK), "stop_reason": ANY_STRUCT, "stop_sequence": Text(),
    "veil": Opaque("report"),
})
COUNT = Obj({"input_tokens": ANY_STRUCT, "veil": Opaque("report")})

# ---- the fields Veil reads of a request, and the answers it makes here (the local model) ----------
class MessagesRequest(RequestFields, total=False):
    """What the local model reads: the system prompt, the turns and the sampling options."""

    messages: list[dict[str, Any]]
    system: str | list[dict[str, Any]]
    max_tokens: int
    temperature: float
    top_p: float
    top_k: int
    stop_sequences: list[str]


class TextBlock(TypedDict):
    type: str
    text: str


class MessagesUsage(TypedDict, total=False):
    input_tokens: int
    output_tokens: int


class Message(TypedDict):
    id: str
    type: str
    role: str
    model: str
    content: list[TextBlock]
    stop_reason: str | None
    stop_sequence: str | None
    usage: MessagesUsage


class MessagesEvent(TypedDict, total=False):
    """A stream event: its ``type`` says which of the other fields it has."""

    type: str
    message: Message
    index: int
    content_block: TextBlock
    delta: dict[str, Any]  # a text_delta's type and text; message_delta's stop_reason and stop_sequence
    usage: MessagesUsage


class TokenCount(TypedDict):
    input_tokens: int


DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model", "messages", "max_tokens"], "properties": {
    "model": {"type": "string"}, "max_tokens": {"type": "integer"}, "stream": {"type": "boolean"},
    "system": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role", "content"], "properties": {
        "role": {"type": "string", "enum": ["user", "assistant"]},
        "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]}}}}}}

# Streams: text, partial JSON (tool input; a stand-in may be split across deltas or across its JSON
# escaping) and thinking per content block, its held tail let out just before ``content_block_stop``.
# ``thinking`` deltas are restored like text (requests sanitize the block's text again, to what the
# provider signed); ``signature`` deltas pass unchanged; the message, blocks, citations and the stop
# sequence are restored whole.
_block_delta = partial(Delta, event="content_block_delta", key=("index",), end="content_block_stop", carry=("index",))
STREAM = TypedEvents(
    deltas=(_block_delta(text="delta.text", subtype="text_delta"),
            _block_delta(text="delta.partial_json", subtype="input_json_delta", in_json=True),
            _block_delta(text="delta.thinking", subtype="thinking_delta")),
    objects={"message": RESPONSE, "content_block": BLOCK,
             "delta": OneOf({"citations_delta": Obj({"type": ANY_STRUCT, "citation": BLOCK})},
                            default=Obj({"type": ANY_STRUCT, "signature": ANY_STRUCT}),
                            missing=Obj({"stop_reason": ANY_STRUCT, "stop_sequence": Text()}))},  # message_delta
)


def check(body: dict[str, Any], limits: LimitsSettings, need_max_tokens: bool = True) -> None:
    if need_max_tokens:
        max_tokens = body.get("max_tokens")
        if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
            raise BadRequest("max_tokens: field required (a positive integer)", param="max_tokens")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages: must be a non-empty list", param="messages")
    if len(messages) > limits.max_messages:
        raise BadRequest(f"too many messages (limit {limits.max_messages})", param="messages")
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict) or msg.get("role") not in ("user", "assistant"):
            raise BadRequest("each message must be an object with role 'user' or 'assistant'",
                             param=f"messages.{i}.role")
        if not isinstance(msg.get("content"), (str, list)):
            raise BadRequest("message content must be a string or a list of content blocks",
                             param=f"messages.{i}.content")
    system = body.get("system")
    if system is not None and not isinstance(system, (str, list)):
        raise BadRequest("system must be a string or a list of text blocks", param="system")
