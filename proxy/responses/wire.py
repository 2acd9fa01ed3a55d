"""OpenAI Responses API: where the text is in requests, stored responses and input item lists.

Allow-listed (structural): roles, type tags, numeric options. Checked, and refused with a 400
otherwise: ``model`` (a model name's shape), ids the provider issued (item ``id``, ``item_reference``,
``previous_response_id`` ``resp_...``, ``conversation`` ``conv_...``, ``prompt.id``), reasoning
``encrypted_content`` (a blob's shape), and enum-like options (``tool_choice: "auto"``, ``truncation``,
``reasoning.effort``, ``include``, ...). ``call_id`` (the client may invent it) leaves as a keyed
stand-in of the provider's ``call_`` shape unless it has that shape. Sanitized: ``input`` (a string or items: messages with ``input_text`` / ``output_text`` /
``refusal`` parts, ``function_call`` arguments (JSON kept valid), ``function_call_output``, reasoning
summaries, custom tool calls), ``instructions``, ``tools`` (names as identifiers, descriptions,
schemas), ``text.format`` schemas, ``metadata``, ``user``, ``safety_identifier``,
``prompt_cache_key`` and every unknown field or item type. Images, files and audio cannot be
inspected (``sanitize.non_text_content``).
"""

from __future__ import annotations

import re
from typing import Any, TypedDict

from proxy.chat.wire import REASONING_EFFORT, SERVICE_TIER
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import (
    ANY_STRUCT,
    BLOB,
    ID,
    ITEM_ID,
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
    issued,
    numbers,
    option,
)
from proxy.pipeline.restore import Delta, TypedEvents
from proxy.pipeline.shapes import RequestFields

STATUS = enum("in_progress", "completed", "incomplete", "failed", "cancelled", "queued", "searching")
ANNOTATION = Obj({"type": enum("file_citation", "url_citation", "container_file_citation", "file_path")})
TEXT_PART = Obj({"type": enum("input_text", "output_text", "summary_text", "reasoning_text"), "text": Text(),
                 "annotations": Arr(ANNOTATION),
                 "logprobs": Opaque("logprobs")})
CONTENT_PART = OneOf({
    "input_text": TEXT_PART,
    "output_text": TEXT_PART,
    "summary_text": TEXT_PART,
    "reasoning_text": TEXT_PART,
    "refusal": Obj({"type": enum("refusal"), "refusal": Text()}),
    "input_image": Opaque("image"),
    "input_file": Opaque("file"),
    "input_audio": Opaque("audio"),
})
CALL_ID = ClientId("call_")
MESSAGE = Obj({
    "type": enum("message"), "id": ITEM_ID, "status": STATUS,
    "role": enum("user", "assistant", "system", "developer"),
    "content": AnyOf(string=Text(), array=Arr(CONTENT_PART)),
}, role_key="role")
FUNCTION_CALL = Obj({"type": enum("function_call"), "id": ITEM_ID, "call_id": CALL_ID, "status": STATUS,
                     "name": Ident(), "arguments": Json()}, role="assistant")
FUNCTION_OUTPUT = Obj({"type": enum("function_call_output"), "id": ITEM_ID, "call_id": CALL_ID, "status": STATUS,
                       "output": AnyOf(string=Json(), array=Arr(CONTENT_PART))}, role="tool")
REASONING = Obj({"type": enum("reasoning"), "id": ITEM_ID, "status": STATUS, "encrypted_content": BLOB,
                 "summary": Arr(CONTENT_PART), "content": Arr(CONTENT_PART)}, role="assistant")
CUSTOM_CALL = Obj({"type": enum("custom_tool_call"), "id": ITEM_ID, "call_id": CALL_ID, "status": STATUS,
                   "name": Ident(), "input": Text()}, role="assistant")
CUSTOM_OUTPUT = Obj({"type": enum("custom_tool_call_output"), "id": ITEM_ID, "call_id": CALL_ID, "status": STATUS,
                     "output": AnyOf(string=Text(), array=Arr(CONTENT_PART))}, role="tool")
ITEM = OneOf({
    "message": MESSAGE,
    "function_call": FUNCTION_CALL,
    "function_call_output": FUNCTION_OUTPUT,
    "reasoning": REASONING,
    "custom_tool_call": CUSTOM_CALL,
    "custom_tool_call_output": CUSTOM_OUTPUT,
    "item_reference": Obj({"type": enum("item_reference"), "id": ITEM_ID}),
}, missing=MESSAGE)  # an "easy input message" has no type

FUNCTION_TOOL = Obj({"type": enum("function"), "name": Ident(), "description": Text(),
                     "parameters": JSON_SCHEMA}, role="tools")
TOOL = OneOf({
    "function": FUNCTION_TOOL,
    "custom": Obj({"type": enum("custom"), "name": Ident(), "description": Text()}, role="tools"),
    "file_search": Obj({"type": enum("file_search"), "vector_store_ids": Arr(issued("vs")),
                        "max_num_results": NUM}, role="tools"),
}, default=Obj({"type": Struct(pattern=re.compile(r"^[a-z_0-9]{1,64}$"))}, role="tools"))
TOOL_CHOICE = AnyOf(string=enum("none", "auto", "required"), object=OneOf({
    "function": Obj({"type": enum("function"), "name": Ident()}),
    "custom": Obj({"type": enum("custom"), "name": Ident()}),
    "allowed_tools": Obj({"type": enum("allowed_tools"), "mode": enum("auto", "required"), "tools": Arr(TOOL)}),
}, default=Obj({"type": Struct(pattern=re.compile(r"^[a-z_0-9]{1,64}$"))})))
TEXT_CONFIG = Obj({
    "format": OneOf({
        "text": Obj({"type": enum("text")}),
        "json_object": Obj({"type": enum("json_object")}),
        "json_schema": Obj({"type": enum("json_schema"), "name": Ident(), "description": Text(),
                            "schema": JSON_SCHEMA}),
    }),
    "verbosity": option("low", "medium", "high"),
})
INPUT = AnyOf(string=Text(role="user"), array=Arr(ITEM))

# The SDK's ResponseIncludable values
INCLUDABLE = ("file_search_call.results", "web_search_call.results", "web_search_call.action.sources",
              "message.input_image.image_url", "computer_call_output.output.image_url",
              "code_interpreter_call.outputs", "reasoning.encrypted_content", "message.output_text.logprobs")
CONVERSATION = issued("conv")
RESPONSE_ID = issued("resp")  # previous_response_id and the id in /v1/responses/{id}

REQUEST = Obj({
    "model": MODEL,
    "input": INPUT,
    "instructions": AnyOf(string=Text(role="system"), array=Arr(ITEM)),
    "tools": Arr(TOOL),
    "tool_choice": TOOL_CHOICE,
    "text": TEXT_CONFIG,
    "reasoning": Obj({"effort": REASONING_EFFORT,
                      "summary": option("auto", "concise", "detailed"),
                      "generate_summary": option("auto", "concise", "detailed")}),
    "previous_response_id": RESPONSE_ID,
    "conversation": AnyOf(string=CONVERSATION, object=Obj({"id": CONVERSATION})),
    "include": Arr(option(*INCLUDABLE)),
    "truncation": option("auto", "disabled"),
    "service_tier": SERVICE_TIER,
    "prompt": Obj({"id": issued("pmpt"), "version": option(pattern=r"[0-9]{1,6}")}),
    "stream_options": Obj(flags("include_obfuscation")),
    **numbers("max_output_tokens", "max_tool_calls", "temperature", "top_p", "top_logprobs"),
    **flags("stream", "store", "background", "parallel_tool_calls"),
})

RESPONSE = Obj({
    "id": ID, "object": ANY_STRUCT, "status": STATUS, "model": ANY_STRUCT,
    "output": Arr(ITEM),
    "instructions": AnyOf(string=Text(), array=Arr(ITEM)),
    "tools": Arr(TOOL), "tool_choice": TOOL_CHOICE, "text": TEXT_CONFIG,
    "previous_response_id": ID, "conversation": AnyOf(string=ID, object=Obj({"id": ID})),
    "truncation": ANY_STRUCT, "service_tier": ANY_STRUCT, "reasoning": Obj({}),
    "veil": Opaque("report"),
})
INPUT_ITEMS = Obj({"object": ANY_STRUCT, "data": Arr(ITEM), "first_id": ID, "last_id": ID})

# ---- the fields Veil reads of a request, and the answers it makes here (the local model) ----------
class ResponsesRequest(RequestFields, total=False):
    """What Veil reads: whether the request continues a stored conversation and is stored (its turn's
    stand-ins are remembered), and what the local model reads (instructions, input, sampling)."""

    input: str | list[dict[str, Any]]
    instructions: str
    previous_response_id: str
    conversation: str | dict[str, Any]
    store: bool
    max_output_tokens: int
    temperature: float
    top_p: float
    top_k: int
    metadata: dict[str, str]


class OutputText(TypedDict):
    type: str
    text: str
    annotations: list[Any]
    logprobs: list[Any]


class MessageItem(TypedDict):
    type: str
    id: str
    status: str
    role: str
    content: list[OutputText]


class Response(TypedDict, total=False):
    id: str
    object: str
    created_at: int
    status: str
    model: str
    output: list[MessageItem]
    error: None
    incomplete_details: dict[str, str] | None
    instructions: str | None
    metadata: dict[str, str]
    temperature: float | None
    top_p: float | None
    max_output_tokens: int | None
    tools: list[Any]
    tool_choice: str
    parallel_tool_calls: bool
    text: dict[str, Any]
    store: bool
    previous_response_id: str | None
    usage: dict[str, Any] | None


class ResponsesEvent(TypedDict, total=False):
    """A stream event: its ``type`` says which of the other fields it has."""

    type: str
    sequence_number: int
    response: Response
    output_index: int
    item_id: str
    item: MessageItem
    content_index: int
    part: OutputText
    delta: str
    text: str
    logprobs: list[Any]


DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model"], "properties": {
    "model": {"type": "string"}, "stream": {"type": "boolean"}, "instructions": {"type": "string"},
    "input": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
    "previous_response_id": {"type": "string"}, "max_output_tokens": {"type": "integer"}}}


def _delta(kind: str, key: tuple[str, ...], done: str, in_json: bool = False, **extra: object) -> Delta:
    """``response.<kind>.delta`` events, ended by ``response.<kind>.done`` (whose ``done`` field holds the
    whole text): a field's held tail goes out as one more delta just before its ``.done``."""
    return Delta(f"response.{kind}.delta", "delta", key, f"response.{kind}.done", in_json=in_json,
                 carry=("item_id", "output_index", "content_index", "summary_index"), extra=extra, done=done)


# Streams: deltas per (event kind, output item, part); the whole objects of every other event
# (``response``, ``item``, ``part``, else every string of it) restored in place; ``sequence_number``
# renumbered so that it stays contiguous. A stream cut short keeps what it held.
STREAM = TypedEvents(
    deltas=(_delta("output_text", ("output_index", "content_index"), "text", logprobs=[]),
            _delta("refusal", ("output_index", "content_index"), "refusal"),
            _delta("function_call_arguments", ("output_index",), "arguments", in_json=True),
            _delta("custom_tool_call_input", ("output_index",), "input"),
            _delta("reasoning_summary_text", ("output_index", "summary_index"), "text"),
            _delta("reasoning_text", ("output_index", "content_index"), "text")),
    objects={"response": RESPONSE, "item": ITEM, "part": CONTENT_PART},
    rest=Obj(), numbered="response.", flush_at_end=False,
)


def check(body: dict[str, Any]) -> None:
    value = body.get("input")
    if value is None and not body.get("previous_response_id") and not body.get("prompt"):
        raise BadRequest("you must provide an input", param="input")
    if value is not None and not isinstance(value, (str, list)):
        raise BadRequest("input must be a string or a list of input items", param="input")
    if isinstance(value, list) and not all(isinstance(item, dict) for item in value):
        raise BadRequest("each input item must be an object", param="input")
