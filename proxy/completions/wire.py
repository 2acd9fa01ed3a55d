"""OpenAI text completions: ``prompt`` and ``suffix`` are user text, ``stop`` is sanitized like the prompt,
token arrays cannot be inspected (``sanitize.non_text_content``); ``model`` must have a model name's shape;
numeric options are structural (``seed`` and unknown fields are sanitized)."""

from __future__ import annotations

from typing import Any

from proxy.chat.wire import LOGIT_BIAS, STOP
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import ANY_STRUCT, ID, MODEL, AnyOf, Arr, Obj, Opaque, Text, flags, numbers
from proxy.pipeline.restore import ChoiceChunks

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

DOC_SCHEMA = {"type": "object", "required": ["model", "prompt"], "properties": {
    "model": {"type": "string"}, "prompt": {"type": "string"}, "stream": {"type": "boolean"}}}


def check(body: dict[str, Any]) -> None:
    if "prompt" not in body:
        raise BadRequest("you must provide a prompt", param="prompt")
