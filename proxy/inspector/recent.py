"""This process's recent requests, for the inspector's live panel: a bounded in-memory ring buffer.

It subscribes to ``Pipeline.observers`` and keeps only what a ``RequestRecord`` carries (route, mode,
status, latency, entity counts, epsilon, uninspected counts): never text, values, keys or users. The
fields kept are listed here explicitly, so a field later added to ``RequestRecord`` does not reach the
page unless it is added here too.
"""

from __future__ import annotations

import itertools
import threading
from collections import deque
from typing import Any

from proxy.pipeline.handler import RequestRecord

# The only fields of a RequestRecord that leave this module (counts and numbers, no text).
PUBLIC_FIELDS = ("time", "route", "mode", "status", "latency_ms", "stream", "entities", "epsilon",
                 "uninspected")


class RecentRequests:
    def __init__(self, size: int) -> None:
        self._records: deque[tuple[int, RequestRecord]] = deque(maxlen=size)
        self._seq = itertools.count(1)
        self._lock = threading.Lock()  # observers run on the event loop; readers may not

    def __call__(self, record: RequestRecord) -> None:
        """The observer: remember one finished request."""
        with self._lock:
            self._records.append((next(self._seq), record))

    def __len__(self) -> int:
        return len(self._records)

    def snapshot(self, after: int = 0) -> list[dict[str, Any]]:
        """Newest first; only records with a sequence number above ``after``."""
        with self._lock:
            items = [(seq, rec) for seq, rec in self._records if seq > after]
        return [public_view(seq, rec) for seq, rec in reversed(items)]


def public_view(seq: int, record: RequestRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"seq": seq}
    for name in PUBLIC_FIELDS:
        value = getattr(record, name)
        out[name] = dict(sorted(value.items())) if isinstance(value, dict) else value
    return out
