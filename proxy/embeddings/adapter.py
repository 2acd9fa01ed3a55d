"""OpenAI embeddings: no stream, nothing to restore; made here, vectors of the local model (it mean-pools
its hidden states), as floats or base64."""

from __future__ import annotations

import base64
import struct

from proxy.embeddings import wire
from proxy.embeddings.wire import Embedding, EmbeddingList, EmbeddingsRequest
from proxy.errors import BadRequest
from proxy.pipeline.shapes import Body
from proxy.pipeline.surface import Made, Prompt, Surface
from proxy.settings import LimitsSettings


class EmbeddingsSurface(Surface[EmbeddingsRequest]):
    name = "embeddings"
    label = "Embeddings"
    path = "/v1/embeddings"
    summary = "OpenAI embeddings of sanitized input"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/embeddings"
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    streams = False

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body)

    def prompt(self, body: EmbeddingsRequest) -> Prompt:
        raw = body.get("input")
        inputs: list[str | list[int]]
        if isinstance(raw, str) or (isinstance(raw, list) and raw and all(isinstance(x, int) for x in raw)):
            inputs = [raw]
        elif isinstance(raw, list) and raw and all(isinstance(x, (str, list)) for x in raw):
            inputs = raw
        else:
            raise BadRequest("input must be a string, a list of strings or token arrays", param="input")
        if (body.get("encoding_format") or "float") not in ("float", "base64"):
            raise BadRequest("encoding_format must be 'float' or 'base64'", param="encoding_format")
        return Prompt(task="embed", inputs=inputs)

    def answer(self, made: Made[EmbeddingsRequest]) -> EmbeddingList:
        base64_out = made.body.get("encoding_format") == "base64"
        data: list[Embedding] = []
        for i, vec in enumerate(made.vectors):
            value: list[float] | str = base64.b64encode(struct.pack(f"<{len(vec)}f", *vec)).decode() if base64_out else vec
            data.append({"object": "embedding", "index": i, "embedding": value})
        return {"object": "list", "data": data, "model": made.model,
                "usage": {"prompt_tokens": made.tokens, "total_tokens": made.tokens}}
