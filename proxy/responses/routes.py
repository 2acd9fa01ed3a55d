"""Stored responses (``GET /v1/responses/{id}``, its ``/input_items``) restored with the caller's earlier
stand-ins; ``DELETE`` and ``/cancel`` passed on."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from proxy.auth import authenticate
from proxy.errors import BadRequest, NotFound, ProxyError, UpstreamInvalid, json_response
from proxy.pipeline.endpoint import Endpoint
from proxy.pipeline.fieldmap import ITEM_ID
from proxy.pipeline.policy import Policy
from proxy.responses import wire

if TYPE_CHECKING:
    from proxy.responses.adapter import ResponsesSurface
    from proxy.runtime import Runtime

_ID_PARAM = {"parameters": [{"name": "response_id", "in": "path", "required": True, "schema": {"type": "string"}}]}


# The query parameters of the stored-response routes, and what each accepts (any other is refused)
_QUERY: dict[str, Callable[[str], bool]] = {
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
    """``GET`` / ``DELETE /v1/responses/{id}``, its ``/input_items`` and ``/cancel``."""

    async def stored(request: Request) -> Response:
        """A stored response or its input items: forwarded, then restored with this user's stand-ins."""
        try:
            return await _stored(request)
        except ProxyError as exc:
            return json_response(surface.error_body(exc), exc.status, exc.headers)

    async def _stored(request: Request) -> Response:
        caller = authenticate(request.headers, rt.settings.auth)
        mode = rt.pipeline.pick_mode(request)
        upstream = rt.upstreams.remote.get(surface.provider.name)
        if upstream is None:
            raise NotFound("the local model does not store responses", param="response_id", code="not_found")
        response_id = request.path_params.get("response_id", "")
        if not wire.RESPONSE_ID.allows(response_id):  # only an id the provider issued reaches its URL
            raise BadRequest("invalid response id: not an id the provider issued (resp_...); it was not sent",
                             param="response_id")
        tail = request.url.path.rsplit("/", 1)[-1]
        path = f"/responses/{response_id}" + (f"/{tail}" if tail in ("input_items", "cancel") else "")
        if request.url.query:
            path += "?" + (request.url.query if mode == "off" else checked_query(request))
        # cancel takes no body: in a privacy mode nothing the client wrote there is forwarded
        body = await request.body() if request.method == "POST" and mode == "off" else None
        resp = await upstream.request(request.method, path, body or None,
                                      upstream.headers(request.headers, caller.forward_auth))
        try:
            data = json.loads(resp.content)
        except ValueError:
            raise UpstreamInvalid("the upstream API returned a body that is not JSON") from None
        if mode != "off" and isinstance(data, dict) and request.method != "DELETE":
            policy = Policy(mode)
            policy.add_mapping(surface.turns.recall(caller.user_id))
            schema = wire.INPUT_ITEMS if path.split("?")[0].endswith("/input_items") else wire.RESPONSE
            data = surface.restore_stored(data, policy, schema)
        return json_response(data, resp.status_code)

    return [
        Endpoint("/v1/responses/{response_id}", stored, "responses_stored", methods=("GET", "DELETE"),
                 summary="A stored response, restored with the caller's stand-ins of earlier turns", extra=_ID_PARAM),
        Endpoint("/v1/responses/{response_id}/input_items", stored, "responses_input_items", methods=("GET",),
                 summary="A stored response's input items, restored", extra=_ID_PARAM),
        Endpoint("/v1/responses/{response_id}/cancel", stored, "responses_cancel", methods=("POST",),
                 summary="Cancel a background response (restored answer)", extra=_ID_PARAM),
    ]
