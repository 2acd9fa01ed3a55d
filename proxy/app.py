"""The app factory: mounts every API surface's endpoints, the preview and watermark routes and the
operational ones around one runtime; lifespan and error handlers."""

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
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Route

from mechanisms.keys import MasterKey
from proxy.auth import authenticate
from proxy.errors import ProxyError, error_body, json_response
from proxy.inspector import routes as inspector_routes
from proxy.pipeline.endpoint import Endpoint
from proxy.pool import WorkerPool
from proxy.privacy.routes import router as privacy_router
from proxy.provider import OPENAI, Provider
from proxy.runtime import Runtime, build_runtime
from proxy.settings import Settings, load_settings
from proxy.surfaces import SURFACES
from proxy.watermark.routes import router as watermark_router

log = logging.getLogger("veil.app")


def create_app(settings: Settings | None = None, *, master_key: MasterKey | None = None,
               upstream_transport: httpx.AsyncBaseTransport | None = None,
               pool: WorkerPool | None = None) -> FastAPI:
    settings = settings or load_settings()
    rt = build_runtime(settings, master_key=master_key, upstream_transport=upstream_transport, pool=pool)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loader = None
        if settings.local_model.preload:
            loader = asyncio.ensure_future(asyncio.to_thread(_preload, rt))
        try:
            yield
        finally:
            if loader is not None and not loader.done():
                loader.cancel()
            await rt.aclose()

    app = FastAPI(title="Veil", version="0.2.0", lifespan=lifespan,
                  description="A local privacy proxy for the OpenAI and Anthropic APIs.")
    app.state.veil = rt
    providers: dict[str, Provider] = {}  # route path -> the provider whose error format it answers in
    _install_error_handlers(app, providers)
    guarded = _keyed_ops_paths(settings)
    if guarded:
        app.add_middleware(KeyedPathsMiddleware, paths=guarded, settings=settings)
    app.add_middleware(RequestIdMiddleware)  # outermost: its 401s carry the request id too

    mounted = 0
    for kind in SURFACES:  # in this order at the head of the route list: chat is matched first
        surface = rt.surfaces[kind.name] = kind.create(rt)
        for endpoint in surface.endpoints(rt):
            _mount(app, endpoint, mounted)
            mounted += 1
            providers[endpoint.path] = surface.provider

    @app.get("/v1/models", tags=["openai"])
    async def models(request: Request) -> Response:
        return json_response({"object": "list", "data": await _list_models(request, rt)})

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"])
    async def readyz() -> Response:
        state = rt.readiness()
        return json_response(state, 200 if state["ready"] else 503)

    @app.get("/metrics", tags=["ops"])
    async def metrics() -> Response:
        return Response(rt.metrics.render(), media_type="text/plain; version=0.0.4")

    app.include_router(privacy_router(rt.pipeline, rt.surfaces))
    app.include_router(watermark_router(settings, rt.watermarks, rt.local))
    inspector_routes.install(app, rt.pipeline, {s.name: s.label for s in SURFACES})
    return app


def _mount(app: FastAPI, endpoint: Endpoint, at: int) -> None:
    """A plain Starlette route first (the hot path), and a documented twin for the OpenAPI schema."""
    app.router.routes.insert(at, Route(endpoint.path, endpoint.handler, methods=list(endpoint.methods),
                                      name=endpoint.name))
    extra: dict[str, Any] = dict(endpoint.extra)
    if endpoint.request_schema is not None:
        extra["requestBody"] = {"required": True, "content": {
            "application/json": {"schema": endpoint.request_schema}}}
    for method in endpoint.methods:
        app.add_api_route(endpoint.path, endpoint.handler, methods=[method], tags=[endpoint.tag],
                          name=f"{endpoint.name}_{method.lower()}", summary=endpoint.summary or None,
                          openapi_extra=extra or None)


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


_DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


def _keyed_ops_paths(settings: Settings) -> frozenset[str]:
    """The operational routes that need a proxy key: with ``auth.api_keys`` set, ``/metrics`` (it shows
    when each entity type was first seen) and the API docs, unless ``auth.open_metrics`` /
    ``auth.open_docs`` open them. Every API route authenticates on its own."""
    if not settings.auth.api_keys:
        return frozenset()
    paths: set[str] = set()
    if not settings.auth.open_metrics:
        paths.add("/metrics")
    if not settings.auth.open_docs:
        paths |= _DOCS_PATHS
    return frozenset(paths)


class KeyedPathsMiddleware:
    """Pure ASGI: a request for one of ``paths`` without a valid proxy key gets the 401 every route gives."""

    def __init__(self, app: Any, paths: frozenset[str], settings: Settings) -> None:
        self.app = app
        self.paths = paths
        self.settings = settings

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].rstrip("/") in self.paths:
            try:
                authenticate(Headers(scope=scope), self.settings.auth)
            except ProxyError as exc:
                await exc.response()(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _preload(rt: Runtime) -> None:
    try:
        rt.preload()
    except Exception as exc:  # noqa: BLE001 - readiness shows it; requests get 503 until a load works
        log.error("model preload failed", extra={"error_type": type(exc).__name__})


async def _list_models(request: Request, rt: Runtime) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = []
    for upstream in rt.upstreams.remote.values():
        if upstream.provider.models_path is None:
            continue
        caller = authenticate(request.headers, rt.settings.auth)
        headers = upstream.headers(request.headers, caller.forward_auth)
        try:
            resp = await upstream.request("GET", upstream.provider.models_path, None, headers)
            listed = resp.json().get("data", [])
            data.extend(m for m in listed if isinstance(m, dict))
        except (ProxyError, ValueError, AttributeError):
            rt.metrics.upstream_errors.labels("models").inc()
    data.extend(rt.upstreams.here().model_cards())
    return data


def _install_error_handlers(app: FastAPI, providers: dict[str, Provider]) -> None:
    @app.exception_handler(ProxyError)
    async def proxy_error(request: Request, exc: ProxyError) -> Response:
        return exc.response()

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """In the format of the surface under whose route the path is (``/v1/messages/x``: Anthropic's)."""
        kind = "not_found" if exc.status_code == 404 else "invalid_request_error"
        message = "no such route" if exc.status_code == 404 else str(exc.detail)
        path = request.url.path
        under = [p for p in providers if path == p or path.startswith(p.rstrip("/") + "/")]
        provider = providers[max(under, key=len)] if under else OPENAI
        error = ProxyError(message, status=exc.status_code, type="invalid_request_error", code=kind)
        return json_response(provider.error_body(error), exc.status_code)

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
