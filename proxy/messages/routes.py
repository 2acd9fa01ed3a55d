"""``POST /v1/messages`` and ``POST /v1/messages/count_tokens``: thin glue to the pipeline."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from proxy.messages.adapter import CountTokensSurface, MessagesSurface
from proxy.pipeline.endpoint import Endpoint
from proxy.runtime import Runtime

DOC_SCHEMA = {"type": "object", "required": ["model", "messages", "max_tokens"], "properties": {
    "model": {"type": "string"}, "max_tokens": {"type": "integer"}, "stream": {"type": "boolean"},
    "system": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role", "content"], "properties": {
        "role": {"type": "string", "enum": ["user", "assistant"]},
        "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]}}}}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    messages, count = MessagesSurface(), CountTokensSurface()

    async def create(request: Request) -> Response:
        return await rt.pipeline.handle(request, messages)

    async def count_tokens(request: Request) -> Response:
        return await rt.pipeline.handle(request, count)

    return [
        Endpoint("/v1/messages", create, "messages", tag="anthropic", request_schema=DOC_SCHEMA,
                 summary="Anthropic Messages API, sanitized and restored", surface=messages),
        Endpoint("/v1/messages/count_tokens", count_tokens, "messages_count_tokens", tag="anthropic",
                 summary="Anthropic token count of the sanitized request", surface=count),
    ]
