"""Streams, from the upstream's bytes to the client's: server-sent events, the streaming response, and
the relays between them (upstream SSE, or events made here -> a surface's event restorer -> SSE).

On the wire, as the LLM APIs stream: OpenAI chat/completions send ``data: {json}\\n\\n`` ... ``data:
[DONE]\\n\\n`` (no event names); the Responses API and Anthropic Messages send ``event: <type>\\ndata:
{json}\\n\\n`` (the name repeats the payload's ``type``; no [DONE]); Ollama sends JSON lines.

The response notices a client leaving and then cancels the work behind it: Starlette only learns of a
disconnect when a write fails, which with a slow or stalled upstream can be never. Here a listener waits
for ``http.disconnect`` beside the writer; whichever ends first cancels the other, and the body iterator
is always closed, which closes the upstream connection or stops generation.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from proxy.errors import ProxyError, UpstreamStreamBroken
from proxy.metrics import Metrics
from proxy.pipeline.restore import EventRestorer
from proxy.pipeline.shapes import Event, Out

if TYPE_CHECKING:
    from proxy.pipeline.surface import Surface


# ---- server-sent events on the wire ----------------------------------------------------------------
DONE = b"data: [DONE]\n\n"


def encode_event(obj: Any, event: str | None = None) -> bytes:
    data = b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"
    return data if event is None else b"event: " + event.encode() + b"\n" + data


@dataclass(frozen=True)
class SSEEvent:
    data: str
    event: str | None = None


class SSEParser:
    """Incremental parser: bytes in any chunking -> complete events (name and joined data lines)."""

    def __init__(self) -> None:
        self._buffer = b""
        self._data: list[str] = []
        self._event: str | None = None

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        self._buffer += chunk
        events: list[SSEEvent] = []
        while True:
            cut = self._next_line_end()
            if cut is None:
                return events
            end, width = cut
            line = self._buffer[:end].decode("utf-8", errors="replace")
            self._buffer = self._buffer[end + width:]
            if line == "":
                if self._data:
                    events.append(SSEEvent("\n".join(self._data), self._event))
                self._data, self._event = [], None
            elif line.startswith("data:"):
                value = line[5:]
                self._data.append(value[1:] if value.startswith(" ") else value)
            elif line.startswith("event:"):
                self._event = line[6:].strip() or None
            # comments (":"), "id:", "retry:" carry nothing these clients use

    def _next_line_end(self) -> tuple[int, int] | None:
        buf = self._buffer
        n = buf.find(b"\n")
        r = buf.find(b"\r")
        if n < 0 and r < 0:
            return None
        if r >= 0 and (n < 0 or r < n):
            if r + 1 == len(buf):
                return None  # a lone \r at the end may be the first half of \r\n
            return (r, 2) if buf[r + 1:r + 2] == b"\n" else (r, 1)
        return (n, 1)

    def close(self) -> list[SSEEvent]:
        """End of stream: an event not terminated by a blank line still counts."""
        return self.feed(b"\n\n") if (self._buffer or self._data) else []


class LineParser:
    """JSON lines (Ollama's streams): bytes in any chunking -> one event per non-empty line."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        *lines, self._buffer = (self._buffer + chunk).split(b"\n")
        return [SSEEvent(line.decode("utf-8", errors="replace")) for line in lines if line.strip()]

    def close(self) -> list[SSEEvent]:
        return self.feed(b"\n") if self._buffer.strip() else []


class StreamEndWatch:
    """Watches an upstream's raw SSE bytes, in any chunking, for a line that ends its stream (``data:
    [DONE]``, ``event: message_stop``, ...) and for any ``data:`` line at all. Byte search only: it runs
    on mode off's pass-through too, where nothing else parses the stream. For JSON lines, the end is
    anywhere in a line (``"done":true``) and data is any object."""

    def __init__(self, end_lines: tuple[bytes, ...], lines: bool = False) -> None:
        starts = (b"",) if lines else (b"\n", b"\r")
        self._needles = tuple(start + line for line in end_lines for start in starts)
        self._data = b"{" if lines else b"data:"
        self._keep = max((len(n) for n in self._needles), default=0) + 8
        self._tail = b"\n"  # the stream's start is a line start
        self.ended = False
        self.data_seen = False

    def feed(self, chunk: bytes) -> None:
        if self.ended:
            return
        window = self._tail + chunk
        self.data_seen = self.data_seen or self._data in window
        self.ended = any(needle in window for needle in self._needles)
        self._tail = window[-self._keep:]


# ---- the streaming response -------------------------------------------------------------------------
_RECANCEL_AFTER = 0.5  # seconds


class DisconnectAwareStream(StreamingResponse):
    body_iterator: AsyncIterator[Any]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def write() -> None:
            await send({"type": "http.response.start", "status": self.status_code,
                        "headers": self.raw_headers})
            async for chunk in self.body_iterator:
                if not isinstance(chunk, (bytes, memoryview)):
                    chunk = chunk.encode(self.charset)
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        async def listen() -> None:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return

        writer = asyncio.ensure_future(write())
        listener = asyncio.ensure_future(listen())
        try:
            await asyncio.wait({writer, listener}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            pending = {task for task in (writer, listener) if not task.done()}
            for task in pending:
                task.cancel()
            while pending:
                # A cancellation that some library swallowed is sent again, so a writer parked on a
                # stalled upstream cannot outlive its client.
                _, pending = await asyncio.wait(pending, timeout=_RECANCEL_AFTER)
                for task in pending:
                    task.cancel()
            await asyncio.gather(writer, listener, return_exceptions=True)
            aclose = getattr(self.body_iterator, "aclose", None)
            if aclose is not None:
                with contextlib.suppress(Exception):  # closing after a disconnect must not raise
                    await aclose()
        if writer.done() and not writer.cancelled():
            exc = writer.exception()
            if exc is not None and not isinstance(exc, OSError):
                raise exc


# ---- relays ------------------------------------------------------------------------------------------
def sse_response(events: AsyncIterator[bytes], surface: Surface[Any], metrics: Metrics, mode: str,
                 headers: dict[str, str] | None = None) -> Response:
    metrics.streams.labels(surface.name, mode).inc()
    return DisconnectAwareStream(
        _count_active(events, surface, metrics), media_type=surface.media_type,
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no", **(headers or {})},
    )


async def _count_active(events: AsyncIterator[bytes], surface: Surface[Any], metrics: Metrics) -> AsyncIterator[bytes]:
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


async def relay_events(events: AsyncIterator[Out], surface: Surface[Any],
                       restorer: EventRestorer | None = None) -> AsyncIterator[bytes]:
    """Events made here (the local model; a replayed answer, already restored: no restorer) -> SSE."""
    async for event in events:
        # an event made here is a dict: a restorer rewrites it in place
        for out in restorer.transform(cast(Event, event)) if restorer is not None else (event,):
            yield surface.encode(out)
    for out in restorer.finish() if restorer is not None else ():
        yield surface.encode(out)
    if surface.done_marker:
        yield surface.done_marker


def check_stream_end(watch: StreamEndWatch, surface: Surface[Any]) -> None:
    """Raise when the upstream stream was not an event stream, or stopped before its end."""
    if watch.ended:
        return
    if not watch.data_seen:
        raise UpstreamStreamBroken("the upstream API answered the stream request with a body that is not an "
                                   "event stream", code="upstream_not_event_stream")
    end = "[DONE]" if surface.done_marker else " or ".join(surface.end_events)
    raise UpstreamStreamBroken(f"the upstream stream ended before its end ({end}): the answer is incomplete")


async def pass_upstream(raw: AsyncIterator[bytes], surface: Surface[Any]) -> AsyncIterator[bytes]:
    """Mode off: the upstream's bytes as sent, whole lines at a time, then an error event if the stream
    did not end properly. The unfinished last line of a stream cut short is dropped, and an empty line
    ends the last event, so that the error event is read as one (a body that is no event stream at all
    is one unfinished line: the client gets the error event only)."""
    watch = surface.end_watch()
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


async def relay_upstream(raw: AsyncIterator[bytes], surface: Surface[Any],
                         restorer: EventRestorer) -> AsyncIterator[bytes]:
    """Upstream SSE -> events -> restorer -> SSE. Upstream error events pass through unrestored (they
    hold no original value); data that is not JSON is dropped (it could hold unrestored text). A stream
    that stops before its end gets what was held back, then an error event."""
    parser = surface.parser()
    watch = surface.end_watch()
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
