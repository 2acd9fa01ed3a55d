"""``POST /v1/completions``: thin glue to the pipeline."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from proxy.completions.adapter import CompletionsSurface
from proxy.pipeline.endpoint import Endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "prompt"], "properties": {
    "model": {"type": "string"}, "prompt": {"type": "string"}, "stream": {"type": "boolean"}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    surface = CompletionsSurface()

    async def completions(request: Request) -> Response:
        return await rt.pipeline.handle(request, surface)

    return [Endpoint("/v1/completions", completions, "completions", request_schema=DOC_SCHEMA,
                     summary="OpenAI text completions, sanitized and restored", surface=surface)]
