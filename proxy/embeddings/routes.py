"""``POST /v1/embeddings``: thin glue to the pipeline."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from proxy.embeddings.adapter import EmbeddingsSurface
from proxy.pipeline.endpoint import Endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "input"], "properties": {
    "model": {"type": "string"}, "input": {"oneOf": [{"type": "string"},
                                                      {"type": "array", "items": {"type": "string"}}]},
    "encoding_format": {"type": "string", "enum": ["float", "base64"]}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    surface = EmbeddingsSurface()

    async def embeddings(request: Request) -> Response:
        return await rt.pipeline.handle(request, surface)

    return [Endpoint("/v1/embeddings", embeddings, "embeddings", request_schema=DOC_SCHEMA,
                     summary="OpenAI embeddings of sanitized input", surface=surface)]
