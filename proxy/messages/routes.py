"""``POST /v1/messages`` and ``POST /v1/messages/count_tokens``: thin glue to the pipeline."""

from __future__ import annotations

from proxy.messages.adapter import CountTokensSurface, MessagesSurface
from proxy.pipeline.endpoint import Endpoint, surface_endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "messages", "max_tokens"], "properties": {
    "model": {"type": "string"}, "max_tokens": {"type": "integer"}, "stream": {"type": "boolean"},
    "system": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role", "content"], "properties": {
        "role": {"type": "string", "enum": ["user", "assistant"]},
        "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]}}}}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    return [
        surface_endpoint(rt.pipeline, "/v1/messages", MessagesSurface(), tag="anthropic",
                         request_schema=DOC_SCHEMA, summary="Anthropic Messages API, sanitized and restored"),
        surface_endpoint(rt.pipeline, "/v1/messages/count_tokens", CountTokensSurface(), tag="anthropic",
                         summary="Anthropic token count of the sanitized request"),
    ]
