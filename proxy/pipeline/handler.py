"""The request path every surface shares: read, check, authenticate, pick the policy and the upstream,
sanitize (default deny), forward, restore, report.

Nothing here knows a wire format: the surface says where the text is (its field map), how its
errors and streams look, and which provider it speaks to. Nothing here knows which upstream answers
either: a remote API, the local model and the echo upstream look the same (proxy/upstream.py).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from starlette.requests import Request
from starlette.responses import Response

from mechanisms.cape import CapeConfig
from mechanisms.prmpt import DependencySpecError, parse_dependencies
from proxy.auth import Caller, authenticate
from proxy.bodies import parse_body, read_body
from proxy.budget import check_body
from proxy.errors import BadRequest, NotFound, ProxyError, UpstreamInvalid, json_response
from proxy.keyring import KeyRing
from proxy.local.backend import LocalBackend
from proxy.metrics import Metrics
from proxy.pipeline.engine import PrivacyEngine
from proxy.pipeline.fieldmap import Node, iter_strings
from proxy.pipeline.policy import CapePolicy, Policy, PrmptPolicy
from proxy.pipeline.report import splice_veil_field
from proxy.pipeline.shapes import Body, Out, VeilOptions
from proxy.pipeline.stream import pass_upstream, relay_events, relay_upstream, sse_response
from proxy.pipeline.surface import Surface
from proxy.settings import MODES, LimitsSettings, Settings
from proxy.upstream import RETURNED_HEADERS, Call, Upstream, Upstreams

log = logging.getLogger("veil.request")


@dataclass(frozen=True)
class Fetch:
    """A request for something the provider stores, as Veil sends it: ``schema`` restores its answer
    (None: the answer is not restored, e.g. of a DELETE)."""

    method: str
    path: str
    body: bytes | None = None
    schema: Node | None = None


@dataclass(frozen=True)
class RequestRecord:
    """What observers (the inspector's recent-requests panel) see of a request: never text or values."""

    time: float
    route: str
    mode: str
    status: int
    latency_ms: float
    stream: bool
    entities: dict[str, int] = field(default_factory=dict)
    epsilon: float = 0.0
    uninspected: dict[str, int] = field(default_factory=dict)


class Pipeline:
    def __init__(self, settings: Settings, keyring: KeyRing, engine: PrivacyEngine, upstreams: Upstreams,
                 local: LocalBackend, metrics: Metrics) -> None:
        self.settings = settings
        self.keyring = keyring
        self.engine = engine
        self.upstreams = upstreams
        self.local = local  # Cape's extraction step runs on it
        self.metrics = metrics
        self.observers: list[Callable[[RequestRecord], None]] = []

    # ---- the request path -----------------------------------------------------------------------
    async def handle(self, request: Request, surface: Surface[Any]) -> Response:
        started = time.perf_counter()
        mode: str = self.settings.mode
        status, stream = 500, False
        caller: Caller | None = None
        policy: Policy | None = None
        try:
            raw = await read_body(request, self.settings.limits.max_body_bytes)
            body = parse_body(raw)
            extension = body.pop("veil", None)  # Veil's own request options: never forwarded
            if extension is not None:
                raw = json.dumps(body, ensure_ascii=False).encode()
            self._check(surface, body, len(raw))
            caller = authenticate(request.headers, self.settings.auth)
            mode = self.pick_mode(request)
            dependencies = _dependencies(request, extension)
            stream = surface.is_stream(body)
            upstream = self.upstreams.pick(surface, surface.model(body), self.local.model_id)
            policy = self.policy(mode, caller, dependencies)
            sanitized = body
            if not policy.passthrough:
                sanitized = await self.sanitized(policy, surface, body)
                surface.after_sanitize(policy, sanitized, caller)
            content = raw if sanitized is body else json.dumps(sanitized, ensure_ascii=False).encode()
            call = Call(surface, request.headers, caller, policy.report)
            response = await self._forward(call, upstream, sanitized, content, policy)
            status = response.status_code
            for name, value in policy.report.headers().items():
                response.headers[name] = value
            return response
        except ProxyError as exc:
            status = exc.status
            return self._error(surface, exc)
        finally:
            self._observe(request, surface, mode, status, stream, started, caller, policy)

    async def handle_stored(self, request: Request, surface: Surface[Any], route: str,
                            fetch: Callable[[Request, str], Awaitable[Fetch]]) -> Response:
        """What the provider stores of earlier requests (a response, its input items): asked for as
        ``fetch`` says once it checked the request, and restored with the caller's stand-ins of earlier
        turns (``Surface.earlier``). Only the provider's API stores: the local model has nothing."""
        started = time.perf_counter()
        mode: str = self.settings.mode
        status = 500
        caller: Caller | None = None
        policy: Policy | None = None
        try:
            caller = authenticate(request.headers, self.settings.auth)
            mode = self.pick_mode(request)
            upstream = self.upstreams.remote.get(surface.provider.name)
            if upstream is None:
                raise NotFound("the local model does not store responses", param="response_id", code="not_found")
            want = await fetch(request, mode)
            response = await upstream.request(want.method, want.path, want.body,
                                              upstream.headers(request.headers, caller.forward_auth))
            try:
                data = json.loads(response.content)
            except ValueError:
                raise UpstreamInvalid("the upstream API returned a body that is not JSON") from None
            if mode != "off" and isinstance(data, dict) and want.schema is not None:
                policy = Policy(mode)
                policy.add_mapping(surface.earlier(caller))
                data = policy.restorer.body(want.schema, data)
            status = response.status_code
            return json_response(data, response.status_code)
        except ProxyError as exc:
            status = exc.status
            return self._error(surface, exc)
        finally:
            self._observe(request, surface, mode, status, False, started, caller, policy, route)

    def _error(self, surface: Surface[Any], exc: ProxyError) -> Response:
        if exc.status in (502, 504):
            self.metrics.upstream_errors.labels(exc.code or "error").inc()
        return json_response(surface.error_body(exc), exc.status, exc.headers)

    async def sanitized(self, policy: Policy, surface: Surface[Any], body: Body) -> Body:
        """``body`` as it would leave under ``policy`` (the proxy's requests and the privacy preview)."""
        return await self.engine.guarded(self._sanitize(policy, surface, body, self.settings.limits))

    @staticmethod
    async def _sanitize(policy: Policy, surface: Surface[Any], body: Body, limits: LimitsSettings) -> Body:
        check_body(body, limits)  # depth and size before the walk; the texts' budget: engine.sanitize
        try:
            return await policy.sanitize(surface.request_schema, body)
        except RecursionError:
            raise BadRequest("the request body is nested too deeply") from None

    def _check(self, surface: Surface[Any], body: Body, raw_size: int) -> None:
        model = body.get("model")
        if not isinstance(model, str) or not model:
            raise BadRequest("you must provide a model parameter", param="model")
        if "stream" in body and not isinstance(body["stream"], bool):
            raise BadRequest("stream must be a boolean", param="stream")
        surface.check(body, self.settings.limits)
        limit = self.settings.limits.max_prompt_chars
        # bounds the token count (a token is >= 1 char); a string of n chars takes >= n bytes of the body
        if raw_size > limit and sum(len(s) for s in iter_strings(body)) > limit:
            raise BadRequest(f"the request has more than {limit} characters of text", param="messages",
                             code="context_length_exceeded")

    def pick_mode(self, request: Request) -> str:
        asked = request.headers.get("x-veil-mode")
        if not asked:
            return self.settings.mode
        asked = asked.strip().lower()
        selectable = self.settings.selectable_modes()
        if asked not in selectable:
            # the value is named back only when it is a mode: a header can carry anything, and the error is logged
            named = f" {asked!r}" if asked in MODES else ""
            raise BadRequest(f"X-Veil-Mode{named} is not allowed here (allowed: {', '.join(selectable)}); "
                             "the operator can allow it in allowed_modes", param="X-Veil-Mode",
                             code="mode_not_allowed")
        return asked

    def policy(self, mode: str, caller: Caller, dependencies: Sequence[Any] = ()) -> Policy:
        if mode == "off":
            return Policy("off")
        keys = self.keyring.user_keys(caller)
        scope = self.settings.sanitize
        if mode == "prmpt":
            return PrmptPolicy(mode, self.engine, scope, keys, self.metrics, dependencies)
        if mode in ("cape", "prmpt+cape"):
            cape: CapeConfig = self.settings.cape
            return CapePolicy(mode, self.engine, scope, keys, self.metrics, cape, local=self.local,
                              extract_timeout=self.settings.upstream.read_timeout, dependencies=dependencies)
        raise BadRequest(f"unknown mode {mode!r}", param="X-Veil-Mode")

    # ---- upstream -------------------------------------------------------------------------------
    async def _forward(self, call: Call, upstream: Upstream, body: Body, content: bytes,
                       policy: Policy) -> Response:
        """The same for every upstream: a remote API, the local model, the echo upstream."""
        surface = call.surface
        mode = policy.report.mode
        if surface.is_stream(body) and policy.extracts and surface.supports_extraction:
            # The extraction step needs the whole answer: ask for it whole, then replay it as a stream.
            inner = {k: v for k, v in body.items() if k not in ("stream", "stream_options")}
            response = await upstream.post(call, json.dumps(inner).encode())
            data = await self._finish(surface, policy, _json_object(response.content))
            return sse_response(_replayed(surface, data, body), surface, self.metrics, mode)
        if surface.is_stream(body):
            response = await upstream.open_stream(call, content)
            passed = _returned_headers(response.headers)
            raw = upstream.iter_stream(response)
            events = pass_upstream(raw, surface) if policy.passthrough else relay_upstream(
                raw, surface, surface.stream_restorer(policy.restorer))
            return sse_response(events, surface, self.metrics, mode, passed)
        response = await upstream.post(call, content)
        passed = _returned_headers(response.headers)
        if policy.passthrough:  # mode off: bytes as sent, once they are known to be a JSON object
            _json_object(response.content)
            return Response(splice_veil_field(response.content, policy.report), response.status_code,
                            headers=passed, media_type="application/json")
        data = await self._finish(surface, policy, _json_object(response.content))
        return json_response(data, response.status_code, passed)

    async def _finish(self, surface: Surface[Any], policy: Policy, data: Body) -> Body:
        """Restore a whole answer, run the extraction step if configured, attach the report."""
        data = surface.restore_body(data, policy)
        if policy.extracts and surface.supports_extraction:
            data = await surface.extract(data, policy)
        data["veil"] = policy.report.body()
        return data

    # ---- metrics, logs, observers --------------------------------------------------------------
    def _observe(self, request: Request, surface: Surface[Any], mode: str, status: int, stream: bool, started: float,
                 caller: Caller | None, policy: Policy | None, route: str | None = None) -> None:
        route = route or surface.name
        elapsed = time.perf_counter() - started
        self.metrics.requests.labels(route, mode, str(status)).inc()
        self.metrics.latency.labels(route, mode).observe(elapsed)
        report = policy.report if policy else None
        if log.isEnabledFor(logging.INFO):  # counts and ids only: never text, values or keys
            log.info("request", extra={
                "request_id": request.scope.get("state", {}).get("request_id"), "route": route,
                "mode": mode, "status": status, "latency_ms": round(elapsed * 1000, 2),
                "user": caller.user_hash if caller else None, "entities": report.entities if report else {}})
        if self.observers:
            record = RequestRecord(time.time(), route, mode, status, round(elapsed * 1000, 2), stream,
                                   dict(report.entities) if report else {}, report.epsilon if report else 0.0,
                                   dict(report.uninspected) if report else {})
            for observer in self.observers:
                observer(record)


def _dependencies(request: Request, extension: Any) -> list[Any]:
    """Per-request dependency rules (Prmpt's helper string): the ``X-Veil-Dependencies`` header or
    the body's ``veil.dependencies``. They name prompt values: never logged, never forwarded."""
    header = request.headers.get("x-veil-dependencies")
    if extension is not None and not isinstance(extension, dict):
        raise BadRequest("veil must be an object of Veil's request options", param="veil")
    options = cast(VeilOptions, extension or {})
    spec = options.get("dependencies", header)
    try:
        return parse_dependencies(spec)
    except DependencySpecError as exc:  # its message names the entry and field, never values
        raise BadRequest(str(exc), param="X-Veil-Dependencies" if header else "veil.dependencies") from None


def _returned_headers(headers: Any) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k.lower() in RETURNED_HEADERS}


def _json_object(content: bytes) -> Body:
    """The upstream's 2xx body as a JSON object; anything else is a 502 in every mode."""
    try:
        data = json.loads(content)
    except (ValueError, UnicodeDecodeError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise UpstreamInvalid("the upstream API returned a body that is not a JSON object")
    return data


async def _replayed(surface: Surface[Any], data: Body, body: Body) -> AsyncIterator[bytes]:
    """A whole (already restored) answer as the surface's stream."""
    async def events() -> AsyncIterator[Out]:
        for event in surface.replay(data, body):
            yield event

    async for chunk in relay_events(events(), surface):
        yield chunk
