"""Stored responses (``GET /v1/responses/{id}``, its ``/input_items``) restored with the caller's earlier
stand-ins; ``DELETE`` and ``/cancel`` passed on."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from proxy.errors import BadRequest
from proxy.pipeline.endpoint import Endpoint
from proxy.pipeline.fieldmap import ITEM_ID
from proxy.pipeline.handler import Fetch
from proxy.responses import wire

if TYPE_CHECKING:
    from proxy.responses.adapter import ResponsesSurface
    from proxy.runtime import Runtime

_ID_PARAM = {"parameters": [{"name": "response_id", "in": "path", "required": True, "schema": {"type": "string"}}]}


# The query parameters of the stored-response routes, and what each accepts (any other is refused)
_QUERY: dict[str, Callable[[str], object]] = {  # a true value: accepted
    "include": wire.INCLUDABLE.__contains__, "include[]": wire.INCLUDABLE.__contains__,
    "stream": ("true", "false").__contains__, "include_obfuscation": ("true", "false").__contains__,
    "starting_after": re.compile(r"[0-9]{1,6}").fullmatch, "limit": re.compile(r"[0-9]{1,3}").fullmatch,
    "order": ("asc", "desc").__contains__, "after": ITEM_ID.allows, "before": ITEM_ID.allows,
}


def checked_query(request: Request) -> str:
    """The query string with only known parameters holding what they are for; else a 400 (nothing sent)."""
    pairs = request.query_params.multi_items()
    for name, value in pairs:
        check = _QUERY.get(name)
        if check is None or not check(value):
            raise BadRequest(f"query parameter {name!r} is not one Veil forwards with this value; it was not sent"
                             if name in _QUERY else "unknown query parameter; it was not sent", param=name
                             if name in _QUERY else "query")
    return urlencode(pairs)


def stored_endpoints(rt: Runtime, surface: ResponsesSurface) -> list[Endpoint]:
    """``GET`` / ``DELETE /v1/responses/{id}``, its ``/input_items`` and ``/cancel``, through the pipeline."""

    def route(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            return await rt.pipeline.handle_stored(request, surface, name, stored)

        return handle

    routes = (
        ("/v1/responses/{response_id}", "responses_stored", ("GET", "DELETE"),
         "A stored response, restored with the caller's stand-ins of earlier turns"),
        ("/v1/responses/{response_id}/input_items", "responses_input_items", ("GET",),
         "A stored response's input items, restored"),
        ("/v1/responses/{response_id}/cancel", "responses_cancel", ("POST",),
         "Cancel a background response (restored answer)"),
    )
    return [Endpoint(path, route(name), name, methods=methods, summary=summary, extra=_ID_PARAM)
            for path, name, methods, summary in routes]


async def stored(request: Request, mode: str) -> Fetch:
    """What Veil asks the provider for: only an id it issued reaches its URL, with only known query
    parameters in a privacy mode; ``cancel`` takes no body (in a privacy mode nothing the client wrote
    there is forwarded)."""
    response_id = request.path_params.get("response_id", "")
    if not wire.RESPONSE_ID.allows(response_id):
        raise BadRequest("invalid response id: not an id the provider issued (resp_...); it was not sent",
                         param="response_id")
    tail = request.url.path.rsplit("/", 1)[-1]
    path = f"/responses/{response_id}" + (f"/{tail}" if tail in ("input_items", "cancel") else "")
    schema = None if request.method == "DELETE" else wire.INPUT_ITEMS if tail == "input_items" else wire.RESPONSE
    if request.url.query:
        path += "?" + (request.url.query if mode == "off" else checked_query(request))
    body = await request.body() if request.method == "POST" and mode == "off" else None
    return Fetch(request.method, path, body or None, schema)
