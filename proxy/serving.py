"""The OpenAI-compatible request path: read, check, sanitize, forward (or answer locally), restore."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response

from mechanisms.synthid import sampling_supports_watermark
from proxy import local_api
from proxy.auth import Caller, authenticate
from proxy.errors import BadRequest, NotFound, PayloadTooLarge, ProxyError, ServiceUnavailable, json_response
from proxy.pool import PoolSaturated, PoolUnavailable
from proxy.privacy import ROUTE_PATHS, Policy, StreamRestorer, splice_veil_field
from proxy.services import Services
from proxy.sse import DONE, SSEParser, encode_event
from proxy.streaming import DisconnectAwareStream
from proxy.upstream import RETURNED_HEADERS

log = logging.getLogger("veil.request")
T = TypeVar("T")


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


def parse_body(raw: bytes) -> dict[str, Any]:
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest("the request body is not valid JSON (or nested too deeply)") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    return body


def check_body(route: str, body: dict[str, Any], svc: Services) -> None:
    limits = svc.settings.limits
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise BadRequest("you must provide a model parameter", param="model")
    if route == "chat":
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise BadRequest("messages must be a non-empty list", param="messages")
        if len(messages) > limits.max_messages:
            raise BadRequest(f"too many messages (limit {limits.max_messages})", param="messages")
        for msg in messages:
            if not isinstance(msg, dict) or not isinstance(msg.get("role"), str):
                raise BadRequest("each message must be an object with a role", param="messages")
    elif route == "completions" and "prompt" not in body:
        raise BadRequest("you must provide a prompt", param="prompt")
    elif route == "embeddings" and "input" not in body:
        raise BadRequest("you must provide an input", param="input")
    if "stream" in body and not isinstance(body["stream"], bool):
        raise BadRequest("stream must be a boolean", param="stream")
    if _text_chars(route, body) > limits.max_prompt_chars:  # bounds the token count: a token is >= 1 char
        raise BadRequest(f"the request has more than {limits.max_prompt_chars} characters of text",
                         param="messages" if route == "chat" else ("prompt" if route == "completions" else "input"),
                         code="context_length_exceeded")


def _text_chars(route: str, body: dict[str, Any]) -> int:
    def size(value: Any) -> int:
        if isinstance(value, str):
            return len(value)
        if isinstance(value, list):
            return sum(size(v.get("text") if isinstance(v, dict) else v) for v in value)
        return 0

    if route == "chat":
        return sum(size(m.get("content")) for m in body["messages"])
    return size(body.get("prompt" if route == "completions" else "input"))


def pick_mode(request: Request, svc: Services) -> str:
    asked = request.headers.get("x-veil-mode")
    if not asked:
        return svc.settings.mode
    asked = asked.strip().lower()
    if asked not in svc.settings.allowed_modes:
        allowed = ", ".join(svc.settings.allowed_modes)
        raise BadRequest(f"X-Veil-Mode {asked!r} is not allowed here (allowed: {allowed})", param="X-Veil-Mode")
    return asked


async def handle(request: Request, route: str) -> Response:
    svc: Services = request.app.state.veil
    started = time.perf_counter()
    mode = svc.settings.mode
    status = 500
    caller: Caller | None = None
    policy: Policy | None = None
    try:
        raw = await read_body(request, svc.settings.limits.max_body_bytes)
        body = parse_body(raw)
        check_body(route, body, svc)
        caller = authenticate(request.headers, svc.settings.auth)
        mode = pick_mode(request, svc)
        use_local = svc.upstream is None or body["model"] == svc.local.model_id
        if use_local and body["model"] != svc.local.model_id:
            raise NotFound(f"the model {body['model']!r} does not exist here; available: {svc.local.model_id}",
                           param="model")
        policy = svc.policy(mode, caller)
        sanitized = await _sanitize(svc, policy, route, body)
        if use_local:
            response = await _answer_locally(request, svc, route, sanitized, policy, caller)
        else:
            content = raw if sanitized is body else json.dumps(sanitized, ensure_ascii=False).encode()
            response = await _forward(request, svc, route, sanitized, content, policy, caller)
        status = response.status_code
        for name, value in policy.report.headers().items():
            response.headers[name] = value
        return response
    except ProxyError as exc:
        status = exc.status
        if exc.status in (502, 504):
            svc.metrics.upstream_errors.labels(exc.code or "error").inc()
        return exc.response()
    finally:
        svc.metrics.requests.labels(route, mode, str(status)).inc()
        svc.metrics.latency.labels(route, mode).observe(time.perf_counter() - started)
        if log.isEnabledFor(logging.INFO):  # counts and ids only: never text, values or keys
            log.info("request", extra={
                "request_id": request.scope.get("state", {}).get("request_id"), "route": route, "mode": mode,
                "status": status, "latency_ms": round((time.perf_counter() - started) * 1000, 2),
                "user": caller.user_hash if caller else None,
                "entities": policy.report.entities if policy else {}})


async def _sanitize(svc: Services, policy: Policy, route: str, body: dict[str, Any]) -> dict[str, Any]:
    if policy.passthrough:  # mode off: nothing to do, no task or timer on the hot path
        return body
    return await fail_closed(svc, policy.sanitize(route, body))


async def fail_closed(svc: Services, work: Awaitable[T]) -> T:
    """Any failure of sanitization means nothing is forwarded and the caller gets a 503."""
    try:
        return await asyncio.wait_for(work, svc.settings.sanitize_timeout)
    except ProxyError:
        raise
    except PoolSaturated:
        svc.metrics.fail_closed.labels("saturated").inc()
        raise ServiceUnavailable("the privacy workers are busy; nothing was sent upstream", retry_after=2) from None
    except (asyncio.TimeoutError, PoolUnavailable) as exc:
        svc.metrics.fail_closed.labels(type(exc).__name__).inc()
        raise ServiceUnavailable("sanitization is unavailable; nothing was sent upstream", retry_after=5) from None
    except Exception as exc:  # noqa: BLE001 - the type only: messages may quote prompt text
        svc.metrics.fail_closed.labels("error").inc()
        log.error("sanitization failed", extra={"error_type": type(exc).__name__})
        raise ServiceUnavailable("sanitization failed; nothing was sent upstream", retry_after=5) from None


async def sanitize_texts(svc: Services, texts: list[str], keys: Any) -> list[Any]:
    """Sanitize texts in the worker pool, failing closed like the proxy path."""
    return await fail_closed(svc, svc.pool.run("prmpt", (texts, keys), svc.settings.sanitize_timeout))


def _sse_response(events: AsyncIterator[bytes], svc: Services, route: str, mode: str,
                  headers: dict[str, str] | None = None) -> Response:
    svc.metrics.streams.labels(route, mode).inc()
    return DisconnectAwareStream(
        _count_active(events, svc), media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **(headers or {})},
    )


async def _count_active(events: AsyncIterator[bytes], svc: Services) -> AsyncIterator[bytes]:
    svc.metrics.streams_active.inc()
    try:
        async for item in events:
            yield item
    except ProxyError as exc:  # headers are gone: end the stream with an OpenAI error event
        svc.metrics.stream_errors.labels(exc.code or "error").inc()
        yield encode_event(exc.body())
    finally:
        svc.metrics.streams_active.dec()
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()


async def _restored_events(chunks: AsyncIterator[dict[str, Any]], restorer: StreamRestorer,
                           done: bool = True) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        for out in restorer.transform(chunk):
            yield encode_event(out)
    for out in restorer.finish():
        yield encode_event(out)
    if done:
        yield DONE


async def _parsed_upstream(raw: AsyncIterator[bytes], restorer: StreamRestorer) -> AsyncIterator[bytes]:
    """Upstream SSE -> chunk dicts -> restorer -> SSE. Upstream error events pass through unrestored."""
    parser = SSEParser()
    saw_done = False

    def handle(data: str) -> list[bytes]:
        nonlocal saw_done
        if data.strip() == "[DONE]":
            saw_done = True
            return [encode_event(c) for c in restorer.finish()] + [DONE]
        try:
            chunk = json.loads(data)
        except ValueError:
            return []  # not JSON: nothing a client could use, and it may hold unrestored text
        if not isinstance(chunk, dict) or "error" in chunk:
            return [encode_event(chunk)]
        return [encode_event(c) for c in restorer.transform(chunk)]

    async for piece in raw:
        for data in parser.feed(piece):
            for out in handle(data):
                yield out
    for data in parser.close():
        for out in handle(data):
            yield out
    if not saw_done:  # upstream ended without [DONE]: flush what is held, then end cleanly
        for chunk in restorer.finish():
            yield encode_event(chunk)


async def _forward(request: Request, svc: Services, route: str, body: dict[str, Any], content: bytes,
                   policy: Policy, caller: Caller) -> Response:
    upstream = svc.upstream
    assert upstream is not None
    headers = upstream.headers(request.headers, caller.forward_auth)
    path = ROUTE_PATHS[route]
    if policy.extracts and route == "chat" and body.get("stream"):
        inner = {k: v for k, v in body.items() if k not in ("stream", "stream_options")}
        response = await upstream.request("POST", path, json.dumps(inner).encode(), headers)
        data = await _finish(policy, route, _json_body(response))
        return _sse_response(_replay_as_stream(data, body), svc, route, policy.report.mode)
    if body.get("stream") and route != "embeddings":
        response = await upstream.open_stream(path, content, headers)
        passed = {k: v for k, v in response.headers.items() if k.lower() in RETURNED_HEADERS}
        raw = upstream.iter_stream(response)
        events = raw if policy.passthrough else _parsed_upstream(raw, policy.stream_restorer(route))
        return _sse_response(events, svc, route, policy.report.mode, passed)
    response = await upstream.request("POST", path, content, headers)
    passed = {k: v for k, v in response.headers.items() if k.lower() in RETURNED_HEADERS}
    if policy.passthrough:
        return Response(splice_veil_field(response.content, policy.report), response.status_code,
                        headers=passed, media_type="application/json")
    data = await _finish(policy, route, _json_body(response))
    return json_response(data, response.status_code, passed)


def _json_body(response: Any) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise ProxyError("the upstream API returned invalid JSON", status=502, type="upstream_error",
                         code="upstream_invalid_json")
    return data


async def _finish(policy: Policy, route: str, data: dict[str, Any]) -> dict[str, Any]:
    """Restore a whole answer, run the extraction step if configured, attach the report."""
    data = policy.restore(route, data)
    if policy.extracts and route == "chat":
        for choice in data.get("choices") or []:
            message = choice.get("message") if isinstance(choice, dict) else None
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                message["content"] = await policy.extract(message["content"])
        policy.report.extracted = True
    data["veil"] = policy.report.body()
    return data


async def _replay_as_stream(data: dict[str, Any], request_body: dict[str, Any]) -> AsyncIterator[bytes]:
    """A whole chat answer as an OpenAI stream (used when extraction needs the full answer first)."""
    base = {k: data.get(k) for k in ("id", "created", "model", "system_fingerprint")}
    base["object"] = "chat.completion.chunk"
    for choice in data.get("choices") or []:
        message = choice.get("message") or {}
        delta = {"role": "assistant", "content": message.get("content") or ""}
        yield encode_event({**base, "choices": [{"index": choice.get("index", 0), "delta": delta,
                                                 "finish_reason": None}]})
        yield encode_event({**base, "choices": [{"index": choice.get("index", 0), "delta": {},
                                                 "finish_reason": choice.get("finish_reason", "stop")}]})
    if (request_body.get("stream_options") or {}).get("include_usage") and data.get("usage"):
        yield encode_event({**base, "choices": [], "usage": data["usage"]})
    yield DONE


async def _answer_locally(request: Request, svc: Services, route: str, body: dict[str, Any], policy: Policy,
                          caller: Caller) -> Response:
    local = svc.local
    timeout = svc.settings.upstream.read_timeout  # the local model is the upstream here
    try:
        if not local.ready:
            await asyncio.wait_for(asyncio.to_thread(local.load), timeout)
        if route == "embeddings":
            data = await local.embeddings(body, timeout)
            data["veil"] = policy.report.body()
            return json_response(policy.restore(route, data))
        factory, verdict = svc.watermarks.for_request(request, caller)
        # With the watermark on, sample from the paper's top-k (100) unless the request sets top_k.
        params = local.sampling_params(body, default_top_k=svc.settings.watermark.top_k if factory else 50)
        ids = await asyncio.to_thread(local_api.prompt_ids, local, route, body)
        if verdict is not None:
            check = sampling_supports_watermark(not params.greedy, params.temperature, params.top_k, params.top_p)
            policy.report.watermark = verdict if check else f"off; {check.reason} cannot carry it"
            factory = factory if check else None
        if body.get("stream") and not (policy.extracts and route == "chat"):
            fn = local_api.chat_completion_stream if route == "chat" else local_api.text_completion_stream
            events = _restored_events(fn(local, body, ids, params, factory), policy.stream_restorer(route))
            return _sse_response(events, svc, route, policy.report.mode)
        fn2 = local_api.chat_completion if route == "chat" else local_api.text_completion
        data = await _finish(policy, route, await fn2(local, body, ids, params, factory, timeout))
    except PoolSaturated:
        raise ServiceUnavailable("the local model is busy", retry_after=2) from None
    except (PoolUnavailable, asyncio.TimeoutError):
        raise ServiceUnavailable("the local model is unavailable", retry_after=5) from None
    if body.get("stream"):
        return _sse_response(_replay_as_stream(data, body), svc, route, policy.report.mode)
    return json_response(data)
