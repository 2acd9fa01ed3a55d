"""Server-sent events as OpenAI streams them: ``data: {json}\\n\\n`` ... ``data: [DONE]\\n\\n``."""

from __future__ import annotations

import json
from typing import Any

DONE = b"data: [DONE]\n\n"


def encode_event(obj: Any) -> bytes:
    return b"data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


class SSEParser:
    """Incremental parser: bytes in any chunking -> the ``data`` payload of each complete event."""

    def __init__(self) -> None:
        self._buffer = b""
        self._data: list[str] = []

    def feed(self, chunk: bytes) -> list[str]:
        self._buffer += chunk
        events: list[str] = []
        while True:
            cut = self._next_line_end()
            if cut is None:
                return events
            end, width = cut
            line = self._buffer[:end].decode("utf-8", errors="replace")
            self._buffer = self._buffer[end + width:]
            if line == "":
                if self._data:
                    events.append("\n".join(self._data))
                    self._data = []
            elif line.startswith("data:"):
                value = line[5:]
                self._data.append(value[1:] if value.startswith(" ") else value)
            # comments (":"), "event:", "id:", "retry:" carry nothing OpenAI clients use

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

    def close(self) -> list[str]:
        """End of stream: an event not terminated by a blank line still counts."""
        events = self.feed(b"\n\n") if (self._buffer or self._data) else []
        return events
