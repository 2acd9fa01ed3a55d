"""``POST /v1/chat/completions``: thin glue to the pipeline."""

from __future__ import annotations

from proxy.chat.adapter import ChatSurface
from proxy.pipeline.endpoint import Endpoint, surface_endpoint
from proxy.runtime import Runtime

_TEXT_OR_PARTS = {"oneOf": [{"type": "string"}, {"type": "array", "items": {
    "type": "object", "properties": {"type": {"type": "string"}, "text": {"type": "string"}}}}]}
DOC_SCHEMA = {"type": "object", "required": ["model", "messages"], "properties": {
    "model": {"type": "string"}, "stream": {"type": "boolean"},
    "messages": {"type": "array", "items": {"type": "object", "required": ["role"], "properties": {
        "role": {"type": "string", "enum": ["system", "developer", "user", "assistant", "tool"]},
        "content": _TEXT_OR_PARTS}}},
    "temperature": {"type": "number"}, "max_tokens": {"type": "integer"}}}


def endpoints(rt: Runtime) -> list[Endpoint]:
    return [surface_endpoint(rt.pipeline, "/v1/chat/completions", ChatSurface(), request_schema=DOC_SCHEMA,
                     summary="OpenAI chat completions, sanitized and restored")]
