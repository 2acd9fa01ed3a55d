"""OpenAI-format errors: ``{"error": {"message", "type", "param", "code"}}`` with the right status.

Messages are written here, never built from prompt text, values or keys.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import Response


class ProxyError(Exception):
    """An error Veil answers itself, in the OpenAI error format."""

    status = 500
    type = "server_error"
    code: str | None = None

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        type: str | None = None,
        code: str | None = None,
        param: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if type is not None:
            self.type = type
        if code is not None:
            self.code = code
        self.param = param
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        return error_body(self.message, self.type, self.code, self.param)

    def response(self, extra_headers: dict[str, str] | None = None) -> Response:
        return json_response(self.body(), self.status, {**self.headers, **(extra_headers or {})})


class BadRequest(ProxyError):
    status, type, code = 400, "invalid_request_error", "invalid_request"


class Unauthorized(ProxyError):
    status, type, code = 401, "authentication_error", "invalid_api_key"


class NotFound(ProxyError):
    status, type, code = 404, "invalid_request_error", "model_not_found"


class PayloadTooLarge(ProxyError):
    status, type, code = 413, "invalid_request_error", "request_too_large"


class UpstreamUnavailable(ProxyError):
    status, type, code = 502, "upstream_error", "upstream_unavailable"


class UpstreamTimeout(ProxyError):
    status, type, code = 504, "upstream_error", "upstream_timeout"


class ServiceUnavailable(ProxyError):
    """Fail closed: nothing was sent upstream. Always carries Retry-After."""

    status, type, code = 503, "service_unavailable", "privacy_unavailable"

    def __init__(self, message: str, *, retry_after: int = 1, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.headers.setdefault("Retry-After", str(retry_after))


def error_body(
    message: str, type: str = "server_error", code: str | None = None, param: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type, "param": param, "code": code}}


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        content=json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode(),
        status_code=status,
        headers=headers,
        media_type="application/json",
    )


def normalize_upstream_error(status: int, content: bytes) -> dict[str, Any]:
    """Keep an upstream's OpenAI error body; wrap anything else so clients always get the format."""
    try:
        data = json.loads(content)
    except (ValueError, UnicodeDecodeError):
        data = None
    if isinstance(data, dict) and isinstance(data.get("error"), dict):
        return data
    if isinstance(data, dict) and isinstance(data.get("error"), str):  # e.g. Ollama, vLLM variants
        return error_body(data["error"], "upstream_error", f"upstream_{status}")
    return error_body(f"upstream returned HTTP {status}", "upstream_error", f"upstream_{status}")
