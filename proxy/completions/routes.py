"""``POST /v1/completions``: thin glue to the pipeline."""

from __future__ import annotations

from proxy.completions.adapter import CompletionsSurface
from proxy.pipeline.endpoint import Endpoint, surface_endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "prompt"], "properties": {
    "model": {"type": "string"}, "prompt": {"type": "string"}, "stream": {"type": "boolean"}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    return [surface_endpoint(rt.pipeline, "/v1/completions", CompletionsSurface(), request_schema=DOC_SCHEMA,
                     summary="OpenAI text completions, sanitized and restored")]
