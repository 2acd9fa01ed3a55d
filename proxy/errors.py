"""Errors Veil answers itself, and the two wire formats they are written in.

A ``ProxyError`` is surface-neutral (status, kind, code, param, message); the surface that answers
renders it: OpenAI's ``{"error": {"message", "type", "param", "code"}}`` or Anthropic's
``{"type": "error", "error": {"type", "message"}}``, with the status codes each SDK maps to its
exceptions. Messages are written here, never built from prompt text, values or keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.responses import Response


class ProxyError(Exception):
    """An error Veil answers itself; ``type`` is the OpenAI error type."""

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
        self.upstream_body: dict[str, Any] | None = None  # an upstream's own error body, kept as sent

    def body(self) -> dict[str, Any]:
        """The OpenAI form (kept for callers that only speak OpenAI)."""
        return openai_error(self)

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


class UpstreamInvalid(ProxyError):
    """The upstream answered 2xx with a body that is not what the surface expects (not JSON)."""

    status, type, code = 502, "upstream_error", "upstream_invalid_json"


class UpstreamStreamBroken(ProxyError):
    """An upstream stream that is not an event stream, or that ended without its end event: the answer
    is cut short, and the client must learn it (an error event, not a normal end)."""

    status, type, code = 502, "upstream_error", "upstream_stream_incomplete"


class UpstreamTimeout(ProxyError):
    status, type, code = 504, "upstream_error", "upstream_timeout"


class ServiceUnavailable(ProxyError):
    """Fail closed: nothing was sent upstream. Always carries Retry-After."""

    status, type, code = 503, "service_unavailable", "privacy_unavailable"

    def __init__(self, message: str, *, retry_after: int = 1, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.headers.setdefault("Retry-After", str(retry_after))


# ---- OpenAI format --------------------------------------------------------------------------------
def error_body(
    message: str, type: str = "server_error", code: str | None = None, param: str | None = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type, "param": param, "code": code}}


def openai_error(exc: ProxyError) -> dict[str, Any]:
    up = exc.upstream_body
    if up is not None and up.get("type") != "error" and isinstance(up.get("error"), dict):
        return up
    return error_body(exc.message, exc.type, exc.code, exc.param)


# ---- Anthropic format -----------------------------------------------------------------------------
# The anthropic SDK maps 400/401/403/404/413/429/5xx/529 to its exception classes; the body's type
# names the same thing (docs.anthropic.com, "Errors").
_ANTHROPIC_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
                    404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error",
                    529: "overloaded_error"}


def anthropic_error_type(status: int) -> str:
    return _ANTHROPIC_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")


def anthropic_error(exc: ProxyError) -> dict[str, Any]:
    up = exc.upstream_body
    if up is not None and up.get("type") == "error" and isinstance(up.get("error"), dict):
        return up
    message = exc.message if exc.param is None else f"{exc.param}: {exc.message}"
    return {"type": "error", "error": {"type": anthropic_error_type(exc.status), "message": message}}


ErrorFormat = Callable[[ProxyError], dict[str, Any]]


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        content=json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode(),
        status_code=status,
        headers=headers,
        media_type="application/json",
    )


def upstream_error(status: int, content: bytes, headers: dict[str, str]) -> ProxyError:
    """A non-2xx upstream answer: keep its status; keep its body when it is an OpenAI or Anthropic
    error body (the surface that answers picks the form it speaks), else describe it."""
    try:
        data = json.loads(content)
    except (ValueError, UnicodeDecodeError):
        data = None
    message, kind, code, param = f"upstream returned HTTP {status}", "upstream_error", f"upstream_{status}", None
    if isinstance(data, dict):
        err = data.get("error")
        if isinstance(err, dict):
            message = str(err.get("message") or message)
            kind = str(err.get("type") or kind)
            code = err.get("code", code) if data.get("type") != "error" else code
            param = err.get("param")
        elif isinstance(err, str):  # e.g. Ollama, vLLM variants
            message = err
    exc = ProxyError(message, status=status, type=kind, code=code, param=param, headers=headers)
    if isinstance(data, dict) and isinstance(data.get("error"), dict):
        exc.upstream_body = data
    return exc
