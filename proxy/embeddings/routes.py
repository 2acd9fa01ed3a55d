"""``POST /v1/embeddings``: thin glue to the pipeline."""

from __future__ import annotations

from proxy.embeddings.adapter import EmbeddingsSurface
from proxy.pipeline.endpoint import Endpoint, surface_endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "input"], "properties": {
    "model": {"type": "string"}, "input": {"oneOf": [{"type": "string"},
                                                      {"type": "array", "items": {"type": "string"}}]},
    "encoding_format": {"type": "string", "enum": ["float", "base64"]}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    return [surface_endpoint(rt.pipeline, "/v1/embeddings", EmbeddingsSurface(), request_schema=DOC_SCHEMA,
                     summary="OpenAI embeddings of sanitized input")]
