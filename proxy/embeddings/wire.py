"""OpenAI embeddings: ``input`` is user text (token arrays cannot be inspected); ``model``,
``encoding_format`` are allow-listed; the answer carries vectors only."""

from __future__ import annotations

from typing import Any

from proxy.completions.wire import PROMPT
from proxy.errors import BadRequest
from proxy.pipeline.fieldmap import ANY_STRUCT, ID, Arr, Obj, Opaque, enum

REQUEST = Obj({"model": ANY_STRUCT, "input": PROMPT, "encoding_format": enum("float", "base64")})
RESPONSE = Obj({"object": ANY_STRUCT, "model": ANY_STRUCT, "id": ID,
                "data": Arr(Obj({"object": ANY_STRUCT, "embedding": Opaque("vector")})),
                "veil": Opaque("report")})


def check(body: dict[str, Any]) -> None:
    if "input" not in body:
        raise BadRequest("you must provide an input", param="input")
