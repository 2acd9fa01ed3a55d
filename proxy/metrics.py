"""Prometheus metrics. Labels are routes, modes, statuses and error kinds: never text, users or keys.

With several server processes (``veil serve --workers N``) each process writes its samples to files in
``$PROMETHEUS_MULTIPROC_DIR`` (prometheus_client's multiprocess mode, set up by the supervisor before
the processes start), and ``render()`` in whichever process answers ``/metrics`` adds up every
process's files: counters and histograms over all processes (dead ones included), gauges over the
live ones.
"""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def multiprocess_dir() -> str | None:
    """The shared metrics folder when this process is one of several, else None."""
    return os.environ.get(MULTIPROC_ENV) or None


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.multiprocess = multiprocess_dir() is not None
        self.requests = Counter("veil_requests", "Requests answered", ["route", "mode", "status"],
                                registry=self.registry)
        self.latency = Histogram("veil_request_duration_seconds", "Time to the response head",
                                 ["route", "mode"], buckets=_BUCKETS, registry=self.registry)
        self.upstream_errors = Counter("veil_upstream_errors", "Failed upstream calls", ["kind"],
                                       registry=self.registry)
        self.streams = Counter("veil_streams", "Streams started", ["route", "mode"], registry=self.registry)
        # livesum: the streams of live processes only (a dead process's open streams are gone).
        self.streams_active = Gauge("veil_streams_active", "Streams in flight", registry=self.registry,
                                    multiprocess_mode="livesum")
        self.stream_errors = Counter("veil_stream_errors", "Streams ended by an error", ["kind"],
                                     registry=self.registry)
        self.entities = Counter("veil_entities", "Sensitive values protected", ["type"],
                                registry=self.registry)
        self.fail_closed = Counter("veil_fail_closed", "Requests refused because sanitization failed",
                                   ["reason"], registry=self.registry)
        self.processes = Gauge("veil_server_processes", "Server processes answering on this port",
                               registry=self.registry, multiprocess_mode="livesum")
        self.processes.set(1)

    def render(self) -> bytes:
        path = multiprocess_dir()
        if path is None:
            return generate_latest(self.registry)
        from prometheus_client import multiprocess

        merged = CollectorRegistry()
        multiprocess.MultiProcessCollector(merged, path=path)
        return generate_latest(merged)


def mark_process_dead(pid: int) -> None:
    """Drop a dead server process's live gauges (the supervisor calls this; its counters stay)."""
    path = multiprocess_dir()
    if path is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid, path)
