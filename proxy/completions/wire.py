"""OpenAI text completions: ``prompt`` and ``suffix`` are user text, ``stop`` is sanitized like the prompt,
token arrays cannot be inspected (``sanitize.non_text_content``); ``model`` must have a model name's shape;
numeric options are structural (``seed`` and unknown fields are sanitized)."""

from __future__ import annotations

from typing import Any, TypedDict

from proxy.chat.wire import LOGIT_BIAS, STOP
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import ANY_STRUCT, ID, MODEL, AnyOf, Arr, Obj, Opaque, Text, flags, numbers
from proxy.pipeline.restore import ChoiceChunks
from proxy.pipeline.shapes import RequestFields, Usage

TOKENS = Opaque("token_ids")
PROMPT = AnyOf(string=Text(role="user"), number=TOKENS,
               array=Arr(AnyOf(string=Text(role="user"), number=TOKENS, array=TOKENS)))
REQUEST = Obj({"model": MODEL, "prompt": PROMPT, "suffix": Text(role="user"), "stop": STOP, "logit_bias": LOGIT_BIAS,
               **numbers("max_tokens", "temperature", "top_p", "n", "best_of", "logprobs", "presence_penalty",
                         "frequency_penalty"),
               **flags("stream", "echo"), "stream_options": Obj(flags("include_usage", "include_obfuscation"))})
RESPONSE = Obj({
    "id": ID, "object": ANY_STRUCT, "model": ANY_STRUCT, "system_fingerprint": ANY_STRUCT,
    "choices": Arr(Obj({"text": Text(), "finish_reason": ANY_STRUCT, "logprobs": Opaque("logprobs")})),
    "veil": Opaque("report"),
})
STREAM = ChoiceChunks(fields=("text",))  # chunks of choices whose text is a delta

# ---- the fields Veil reads of a request, and the answers it makes here (the local model) ----------
class CompletionRequest(RequestFields, total=False):
    """What the local model reads: the prompt (one string), the number of choices, and
    (proxy/local/backend.py) the sampling options."""

    prompt: str | list[Any]
    n: int
    max_tokens: int
    temperature: float
    top_p: float
    top_k: int
    stop: str | list[str]
    seed: int


class Choice(TypedDict):
    index: int
    text: str
    logprobs: None
    finish_reason: str | None


class Completion(TypedDict, total=False):
    """A whole answer, and (without ``usage`` but the last) a stream chunk."""

    id: str
    object: str
    created: int
    model: str
    choices: list[Choice]
    usage: Usage


DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model", "prompt"], "properties": {
    "model": {"type": "string"}, "prompt": {"type": "string"}, "stream": {"type": "boolean"}}}


def check(body: dict[str, Any]) -> None:
    if "prompt" not in body:
        raise BadRequest("you must provide a prompt", param="prompt")
