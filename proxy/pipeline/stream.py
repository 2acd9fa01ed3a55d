"""Streams: upstream SSE (or local events) -> a surface's stream restorer -> SSE to the client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.responses import Response

from proxy.errors import ProxyError
from proxy.metrics import Metrics
from proxy.pipeline.surface import Event, StreamRestorer, Surface
from proxy.sse import SSEParser
from proxy.streaming import DisconnectAwareStream


def sse_response(events: AsyncIterator[bytes], surface: Surface, metrics: Metrics, mode: str,
                 headers: dict[str, str] | None = None) -> Response:
    metrics.streams.labels(surface.name, mode).inc()
    return DisconnectAwareStream(
        _count_active(events, surface, metrics), media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **(headers or {})},
    )


async def _count_active(events: AsyncIterator[bytes], surface: Surface, metrics: Metrics) -> AsyncIterator[bytes]:
    metrics.streams_active.inc()
    try:
        async for item in events:
            yield item
    except ProxyError as exc:  # headers are gone: end the stream with an error event of the surface
        metrics.stream_errors.labels(exc.code or "error").inc()
        yield surface.error_event(exc)
    finally:
        metrics.streams_active.dec()
        aclose = getattr(events, "aclose", None)
        if aclose is not None:
            await aclose()


async def relay_events(events: AsyncIterator[Event], surface: Surface,
                       restorer: StreamRestorer) -> AsyncIterator[bytes]:
    """Events made here (the local model, a replayed answer) -> restored SSE."""
    async for event in events:
        for out in restorer.transform(event):
            yield surface.encode(out)
    for out in restorer.finish():
        yield surface.encode(out)
    if surface.done_marker:
        yield surface.done_marker


async def relay_upstream(raw: AsyncIterator[bytes], surface: Surface,
                         restorer: StreamRestorer) -> AsyncIterator[bytes]:
    """Upstream SSE -> events -> restorer -> SSE. Upstream error events pass through unrestored (they
    hold no original value); data that is not JSON is dropped (it could hold unrestored text)."""
    parser = SSEParser()
    ended = False

    def handle(data: str) -> list[bytes]:
        nonlocal ended
        if data.strip() == "[DONE]":
            ended = True
            return [surface.encode(e) for e in restorer.finish()] + ([surface.done_marker]
                                                                       if surface.done_marker else [])
        try:
            event: Any = json.loads(data)
        except ValueError:
            return []
        if not isinstance(event, dict) or surface.is_error_event(event):
            return [surface.encode(event) if isinstance(event, dict) else b""]
        return [surface.encode(e) for e in restorer.transform(event)]

    async for piece in raw:
        for sse in parser.feed(piece):
            for out in handle(sse.data):
                if out:
                    yield out
    for sse in parser.close():
        for out in handle(sse.data):
            if out:
                yield out
    if not ended:  # upstream ended without [DONE] (or the format has none): flush what is held
        for event in restorer.finish():
            yield surface.encode(event)
