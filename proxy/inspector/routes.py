"""``GET /inspector``: the privacy inspector page, its static files, and its two data endpoints.

What is public and what needs a key: a browser cannot add ``Authorization`` to a page load, so the
page shell (HTML, CSS, JS, icon) is served without one. It is the same static file for everyone and
carries no data, no configuration and no secret. Every call that returns data carries the user's key
from the page and goes through ``authenticate`` like every other route: ``/inspector/api/config``,
``/inspector/api/recent`` and the existing ``/v1/privacy/*`` and ``/v1/watermark/detect`` endpoints
the page calls. With ``auth.api_keys`` set, a visitor without a key sees an empty page that asks for one.

When the inspector is off (``inspector.enabled: false``, or unset while Veil listens on a non-loopback
address) none of these routes exist: 404.
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, FastAPI, Request
from starlette.responses import Response

from proxy.auth import authenticate
from proxy.errors import BadRequest, NotFound, json_response
from proxy.inspector.recent import RecentRequests
from proxy.pipeline.handler import Pipeline
from proxy.settings import Settings, is_loopback

# Scripts, styles and connections from this origin only: no inline script or style, no other host the
# page (or an injected string) could send the key or the previews to, no framing, no form posts.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STATIC_TYPES = {
    "inspector.css": "text/css; charset=utf-8",
    "inspector.js": "text/javascript; charset=utf-8",
    "icon.svg": "image/svg+xml",
}
NO_STORE = {"Cache-Control": "no-store"}


def install(app: FastAPI, pipeline: Pipeline, surfaces: dict[str, str]) -> RecentRequests | None:
    """Mount ``/`` always, the inspector when it is on, and its ring buffer when asked for. ``surfaces``:
    name -> label of every surface a preview can read a body as (proxy/surfaces.py)."""
    settings = pipeline.settings
    app.include_router(index_router(settings))
    if not enabled(settings):
        return None
    recent = None
    if settings.inspector.recent_requests:
        recent = RecentRequests(settings.inspector.recent_size)
        pipeline.observers.append(recent)
    app.include_router(router(settings, surfaces, recent))
    return recent


def enabled(settings: Settings) -> bool:
    """``inspector.enabled`` when set; unset: on for a loopback ``host`` only."""
    if settings.inspector.enabled is not None:
        return settings.inspector.enabled
    return is_loopback(settings.host)


def _static(name: str) -> bytes:
    return (resources.files("proxy.inspector") / "static" / name).read_bytes()


def router(settings: Settings, surfaces: dict[str, str], recent: RecentRequests | None) -> APIRouter:
    """The inspector's routes; mount only when ``enabled(settings)``."""
    api = APIRouter(include_in_schema=False)
    page = _static("inspector.html")
    files = {name: _static(name) for name in STATIC_TYPES}

    @api.get("/inspector")
    async def inspector_page() -> Response:
        return Response(page, media_type="text/html; charset=utf-8",
                        headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})

    @api.get("/inspector/static/{name}")
    async def inspector_static(name: str) -> Response:
        if name not in files:  # a fixed list: no path from the URL ever reaches the file system
            raise NotFound("no such file", code="not_found")
        return Response(files[name], media_type=STATIC_TYPES[name],
                        headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})

    @api.get("/inspector/api/config")
    async def inspector_config(request: Request) -> Response:
        """What the page's controls offer: the modes a request may pick, Cape's default epsilon."""
        authenticate(request.headers, settings.auth)
        return json_response({
            "mode": settings.mode, "allowed_modes": settings.selectable_modes(), "surfaces": list(surfaces),
            "surface_labels": surfaces,
            "cape_epsilon": settings.cape.epsilon, "watermark": settings.watermark.enabled,
            "recent_requests": recent is not None,
        }, headers=NO_STORE)

    @api.get("/inspector/api/recent")
    async def inspector_recent(request: Request, after: int = 0) -> Response:
        """This process's recent requests, newest first: counts and numbers, never text or values."""
        authenticate(request.headers, settings.auth)
        if recent is None:
            raise NotFound("recent requests are off (inspector.recent_requests: false)", code="not_found")
        if after < 0:
            raise BadRequest("after must be >= 0", param="after")
        return json_response({"requests": recent.snapshot(after), "size": settings.inspector.recent_size},
                             headers=NO_STORE)

    return api


def index_router(settings: Settings) -> APIRouter:
    """``GET /``: what this server is, with a link to the inspector when it is on."""
    api = APIRouter(include_in_schema=False)
    link = ('<li><a href="/inspector">Privacy inspector</a>: see what a provider would receive</li>'
            if enabled(settings) else "")
    style = '<link rel="stylesheet" href="/inspector/static/inspector.css">' if enabled(settings) else ""
    html = _static("index.html").decode().replace("<!--inspector-link-->", link).replace(
        "<!--stylesheet-->", style).encode()

    @api.get("/")
    async def index() -> Response:
        return Response(html, media_type="text/html; charset=utf-8",
                        headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"})

    return api
