"""The app factory: routes, lifespan, error handlers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Route

from proxy import serving
from proxy.errors import ProxyError, error_body, json_response
from proxy.services import Services
from proxy.settings import Settings, load_settings

log = logging.getLogger("veil.app")


def create_app(settings: Settings | None = None, *, services: Services | None = None,
               upstream_transport: httpx.AsyncBaseTransport | None = None) -> FastAPI:
    settings = settings or (services.settings if services else load_settings())
    svc = services or Services(settings, upstream_transport=upstream_transport)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loader = None
        if settings.local_model.preload:
            loader = asyncio.ensure_future(asyncio.to_thread(_preload, svc))
        try:
            yield
        finally:
            if loader is not None and not loader.done():
                loader.cancel()
            await svc.aclose()

    app = FastAPI(title="Veil", version="0.1.0", lifespan=lifespan,
                  description="A local privacy proxy for OpenAI-compatible LLM APIs.")
    app.state.veil = svc
    _install_error_handlers(app)

    app.add_middleware(RequestIdMiddleware)

    for path, route in (("/v1/chat/completions", "chat"), ("/v1/completions", "completions"),
                        ("/v1/embeddings", "embeddings")):
        _add_openai_route(app, path, route)

    @app.get("/v1/models", tags=["openai"])
    async def models(request: Request) -> Response:
        return json_response({"object": "list", "data": await _list_models(request, svc)})

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"])
    async def readyz() -> Response:
        state = svc.readiness()
        return json_response(state, 200 if state["ready"] else 503)

    @app.get("/metrics", tags=["ops"])
    async def metrics() -> Response:
        return Response(svc.metrics.render(), media_type="text/plain; version=0.0.4")

    for extra in svc.extra_routers():
        app.include_router(extra)
    return app


def _add_openai_route(app: FastAPI, path: str, route: str) -> None:
    """The hot OpenAI routes are plain Starlette routes (FastAPI's request wrapping cost ~20 % of a
    proxied request's CPU); a documented twin keeps them in the OpenAPI schema at /docs."""

    async def endpoint(request: Request) -> Response:
        return await serving.handle(request, route)

    app.router.routes.insert(0, Route(path, endpoint, methods=["POST"]))
    app.post(path, tags=["openai"], name=route, openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {"schema": _REQUEST_SCHEMAS[route]}}}})(endpoint)


_TEXT_OR_PARTS = {"oneOf": [{"type": "string"}, {"type": "array", "items": {
    "type": "object", "properties": {"type": {"type": "string"}, "text": {"type": "string"}}}}]}
_REQUEST_SCHEMAS: dict[str, Any] = {  # the OpenAI fields Veil reads; any other field passes through
    "chat": {"type": "object", "required": ["model", "messages"], "properties": {
        "model": {"type": "string"}, "stream": {"type": "boolean"},
        "messages": {"type": "array", "items": {"type": "object", "required": ["role"], "properties": {
            "role": {"type": "string", "enum": ["system", "developer", "user", "assistant", "tool"]},
            "content": _TEXT_OR_PARTS}}},
        "temperature": {"type": "number"}, "max_tokens": {"type": "integer"}}},
    "completions": {"type": "object", "required": ["model", "prompt"], "properties": {
        "model": {"type": "string"}, "prompt": {"type": "string"}, "stream": {"type": "boolean"}}},
    "embeddings": {"type": "object", "required": ["model", "input"], "properties": {
        "model": {"type": "string"}, "input": {"oneOf": [{"type": "string"},
                                                          {"type": "array", "items": {"type": "string"}}]},
        "encoding_format": {"type": "string", "enum": ["float", "base64"]}}},
}


class RequestIdMiddleware:
    """Pure ASGI (no per-request task or body wrapping): echo or mint ``x-request-id``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = b""
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                rid = value[:128]
                break
        rid = rid or uuid.uuid4().hex.encode()
        scope.setdefault("state", {})["request_id"] = rid.decode("latin-1")

        async def send_with_id(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid)]
            await send(message)

        await self.app(scope, receive, send_with_id)


def _preload(svc: Services) -> None:
    try:
        svc.preload()
    except Exception as exc:  # readiness shows it; requests get 503 until a load works
        log.error("model preload failed", extra={"error_type": type(exc).__name__})


async def _list_models(request: Request, svc: Services) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = []
    if svc.upstream is not None:
        from proxy.auth import authenticate

        caller = authenticate(request.headers, svc.settings.auth)
        try:
            resp = await svc.upstream.request("GET", "/models", None,
                                              svc.upstream.headers(request.headers, caller.forward_auth))
            listed = resp.json().get("data", [])
            data.extend(m for m in listed if isinstance(m, dict))
        except (ProxyError, ValueError, AttributeError):
            svc.metrics.upstream_errors.labels("models").inc()
    data.append(svc.local.model_card())
    return data


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ProxyError)
    async def proxy_error(request: Request, exc: ProxyError) -> Response:
        return exc.response()

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        kind = "not_found" if exc.status_code == 404 else "invalid_request_error"
        message = "no such route" if exc.status_code == 404 else str(exc.detail)
        return json_response(error_body(message, "invalid_request_error", kind), exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        param = ".".join(str(p) for p in first.get("loc", [])[1:]) or None
        return json_response(error_body(str(first.get("msg", "invalid request")), "invalid_request_error",
                                        "invalid_request", param), 400)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.error("unhandled error", extra={"error_type": type(exc).__name__})
        return json_response(error_body("internal error in the proxy", "server_error", "internal_error"), 500)
