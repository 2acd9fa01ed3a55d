"""Preview endpoints: what would leave the machine, and what comes back.

``POST /v1/privacy/sanitize``   {"text": ...} or {"messages": [...]} -> sanitized text + entity records
``POST /v1/privacy/desanitize`` {"text": ..., "original"?: ...} or {"messages": [...]} -> restored text
Both use the caller's per-user key, exactly as the proxy would for a real request.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from proxy.auth import authenticate
from proxy.errors import BadRequest, json_response
from proxy.serving import sanitize_texts, parse_body, read_body

router = APIRouter(prefix="/v1/privacy", tags=["privacy"])


def _texts(body: dict[str, Any]) -> tuple[list[str], bool]:
    if isinstance(body.get("text"), str):
        return [body["text"]], False
    messages = body.get("messages")
    if isinstance(messages, list) and all(isinstance(m, dict) and isinstance(m.get("content"), str)
                                          for m in messages):
        return [m["content"] for m in messages], True
    raise BadRequest('send {"text": "..."} or {"messages": [{"role": ..., "content": "..."}]}', param="text")


@router.post("/sanitize")
async def sanitize(request: Request) -> Response:
    svc = request.app.state.veil
    body = parse_body(await read_body(request, svc.settings.limits.max_body_bytes))
    texts, as_messages = _texts(body)
    keys = svc.user_keys(authenticate(request.headers, svc.settings.auth))
    results = await sanitize_texts(svc, texts, keys)
    records = [r.to_dict() for r in results]
    if not as_messages:
        return json_response({"text": results[0].text, **_public(records[0])})
    messages = [{**m, "content": r.text} for m, r in zip(body["messages"], results)]
    return json_response({"messages": messages, "results": [_public(r) for r in records]})


def _public(record: dict[str, Any]) -> dict[str, Any]:
    """Entity records without the original values (the caller has them; responses should not echo them)."""
    out = {k: v for k, v in record.items() if k not in ("text", "mapping", "mldp_mapping")}
    out["entities"] = [{k: v for k, v in e.items() if k not in ("original", "value")}
                       for e in record.get("entities", [])]
    return out


@router.post("/desanitize")
async def desanitize(request: Request) -> Response:
    svc = request.app.state.veil
    body = parse_body(await read_body(request, svc.settings.limits.max_body_bytes))
    texts, as_messages = _texts(body)
    original = body.get("original")
    if original is not None and not isinstance(original, str):
        raise BadRequest("original must be a string", param="original")
    keys = svc.user_keys(authenticate(request.headers, svc.settings.auth))
    await asyncio.to_thread(svc.sanitizer.load)
    restored = [await asyncio.to_thread(svc.sanitizer.desanitize_stateless, t, keys, original) for t in texts]
    if not as_messages:
        return json_response({"text": restored[0]})
    return json_response({"messages": [{**m, "content": t} for m, t in zip(body["messages"], restored)]})
