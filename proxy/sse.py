"""Server-sent events as the LLM APIs stream them.

OpenAI chat/completions: ``data: {json}\\n\\n`` ... ``data: [DONE]\\n\\n`` (no event names).
OpenAI Responses and Anthropic Messages: ``event: <type>\\ndata: {json}\\n\\n`` (the name repeats the
payload's ``type``; no [DONE]).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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


class StreamEndWatch:
    """Watches an upstream's raw SSE bytes, in any chunking, for a line that ends its stream (``data:
    [DONE]``, ``event: message_stop``, ...) and for any ``data:`` line at all. Byte search only: it runs
    on mode off's pass-through too, where nothing else parses the stream."""

    def __init__(self, end_lines: tuple[bytes, ...]) -> None:
        self._needles = tuple(start + line for line in end_lines for start in (b"\n", b"\r"))
        self._keep = max((len(n) for n in self._needles), default=0) + 8
        self._tail = b"\n"  # the stream's start is a line start
        self.ended = False
        self.data_seen = False

    def feed(self, chunk: bytes) -> None:
        if self.ended:
            return
        window = self._tail + chunk
        self.data_seen = self.data_seen or b"data:" in window
        self.ended = any(needle in window for needle in self._needles)
        self._tail = window[-self._keep:]
