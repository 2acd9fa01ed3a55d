"""Reading request bodies: a size limit enforced while reading, and a JSON object or a 400."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.requests import Request

from proxy.errors import BadRequest, PayloadTooLarge


async def read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLarge(f"request body is larger than the limit of {limit} bytes")
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            raise PayloadTooLarge(f"request body is larger than the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


# A \uD800-\uDFFF escape: JSON may write a character outside the BMP as a pair of them, and only a
# lone one is invalid Unicode (it cannot be encoded, so no text tool downstream can take it).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def parse_body(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest("the request body is not valid JSON (or nested too deeply)") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    if _SURROGATE_ESCAPE.search(raw) and _has_lone_surrogate(body):
        raise BadRequest("the request body is not valid Unicode: it has a lone surrogate escape (\\ud800 to "
                         "\\udfff without its pair)", code="invalid_unicode")
    return body


def _has_lone_surrogate(body: dict[str, Any]) -> bool:
    try:
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


async def read_json(request: Request, limit: int) -> dict[str, Any]:
    return parse_body(await read_body(request, limit))
