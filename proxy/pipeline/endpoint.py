"""A surface route as data: the app mounts it as a plain Starlette route (FastAPI's request wrapping
cost ~20 % of a proxied request's CPU) and documents it with an OpenAPI twin at /docs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

if TYPE_CHECKING:
    from proxy.pipeline.handler import Pipeline
    from proxy.pipeline.surface import Surface

Handler = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True)
class Endpoint:
    path: str
    handler: Handler
    name: str
    methods: tuple[str, ...] = ("POST",)
    tag: str = "openai"
    request_schema: dict[str, Any] | None = None  # what /docs shows (the fields Veil reads)
    summary: str = ""
    surface: Any = None  # the Surface behind it (the preview endpoint can sanitize its bodies)
    extra: dict[str, Any] = field(default_factory=dict)


def surface_endpoint(pipeline: Pipeline, path: str, surface: Surface[Any], **doc: Any) -> Endpoint:
    """The endpoint of a surface route: the request goes to ``pipeline.handle(request, surface)``."""
    async def handle(request: Request) -> Response:
        return await pipeline.handle(request, surface)

    return Endpoint(path, handle, surface.name, surface=surface, **doc)
