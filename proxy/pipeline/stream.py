"""Streams: upstream SSE (or local events) -> a surface's stream restorer -> SSE to the client."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.responses import Response

from proxy.errors import ProxyError, UpstreamStreamBroken
from proxy.metrics import Metrics
from proxy.pipeline.restore import Event, EventRestorer
from proxy.pipeline.surface import Surface
from proxy.sse import SSEParser, StreamEndWatch
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
                       restorer: EventRestorer | None = None) -> AsyncIterator[bytes]:
    """Events made here (the local model; a replayed answer, already restored: no restorer) -> SSE."""
    async for event in events:
        for out in restorer.transform(event) if restorer is not None else (event,):
            yield surface.encode(out)
    for out in restorer.finish() if restorer is not None else ():
        yield surface.encode(out)
    if surface.done_marker:
        yield surface.done_marker


def check_stream_end(watch: StreamEndWatch, surface: Surface) -> None:
    """Raise when the upstream stream was not an event stream, or stopped before its end."""
    if watch.ended:
        return
    if not watch.data_seen:
        raise UpstreamStreamBroken("the upstream API answered the stream request with a body that is not an "
                                   "event stream", code="upstream_not_event_stream")
    end = "[DONE]" if surface.done_marker else " or ".join(surface.end_events)
    raise UpstreamStreamBroken(f"the upstream stream ended before its end ({end}): the answer is incomplete")


async def pass_upstream(raw: AsyncIterator[bytes], surface: Surface) -> AsyncIterator[bytes]:
    """Mode off: the upstream's bytes as sent, whole lines at a time, then an error event if the stream
    did not end properly. The unfinished last line of a stream cut short is dropped, and an empty line
    ends the last event, so that the error event is read as one (a body that is no event stream at all
    is one unfinished line: the client gets the error event only)."""
    watch = StreamEndWatch(surface.stream_end_lines())
    held: list[bytes] = []  # a line whose end has not arrived: sent with it
    async with contextlib.aclosing(raw):  # type: ignore[type-var]  # closing this closes the upstream now
        async for piece in raw:
            watch.feed(piece)
            cut = max(piece.rfind(b"\n"), piece.rfind(b"\r")) + 1
            if not cut:
                held.append(piece)
                continue
            out = b"".join([*held, piece[:cut]]) if held else piece[:cut]
            held = [piece[cut:]] if cut < len(piece) else []
            yield out
    if watch.ended:
        if held:
            yield b"".join(held)
        return
    yield b"\n"
    check_stream_end(watch, surface)


async def relay_upstream(raw: AsyncIterator[bytes], surface: Surface,
                         restorer: EventRestorer) -> AsyncIterator[bytes]:
    """Upstream SSE -> events -> restorer -> SSE. Upstream error events pass through unrestored (they
    hold no original value); data that is not JSON is dropped (it could hold unrestored text). A stream
    that stops before its end gets what was held back, then an error event."""
    parser = SSEParser()
    watch = StreamEndWatch(surface.stream_end_lines())
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
        watch.feed(piece)
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
    check_stream_end(watch, surface)
