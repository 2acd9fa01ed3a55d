"""OpenAI embeddings: ``input`` is user text (token arrays cannot be inspected); ``model`` (a model name's
shape), ``encoding_format`` and ``dimensions`` are checked; the answer carries vectors only."""

from __future__ import annotations

from typing import Any, TypedDict

from proxy.completions.wire import PROMPT
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import ANY_STRUCT, ID, MODEL, NUM, Arr, Obj, Opaque, option
from proxy.pipeline.shapes import RequestFields

REQUEST = Obj({"model": MODEL, "input": PROMPT, "encoding_format": option("float", "base64"), "dimensions": NUM})
RESPONSE = Obj({"object": ANY_STRUCT, "model": ANY_STRUCT, "id": ID,
                "data": Arr(Obj({"object": ANY_STRUCT, "embedding": Opaque("vector")})),
                "veil": Opaque("report")})
# ---- the fields Veil reads of a request, and the answer it makes here (the local model) -----------
class EmbeddingsRequest(RequestFields, total=False):
    input: str | list[Any]
    encoding_format: str


class Embedding(TypedDict):
    object: str
    index: int
    embedding: list[float] | str  # base64 of little-endian float32 with encoding_format: base64


class EmbeddingsUsage(TypedDict):
    prompt_tokens: int
    total_tokens: int


class EmbeddingList(TypedDict):
    object: str
    data: list[Embedding]
    model: str
    usage: EmbeddingsUsage


DOC_SCHEMA: dict[str, Any] = {"type": "object", "required": ["model", "input"], "properties": {
    "model": {"type": "string"}, "input": {"oneOf": [{"type": "string"},
                                                      {"type": "array", "items": {"type": "string"}}]},
    "encoding_format": {"type": "string", "enum": ["float", "base64"]}}}


def check(body: dict[str, Any]) -> None:
    if "input" not in body:
        raise BadRequest("you must provide an input", param="input")
