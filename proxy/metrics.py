"""Prometheus metrics. Labels are routes, modes, statuses and error kinds: never text, users or keys."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("veil_requests", "Requests answered", ["route", "mode", "status"],
                                registry=self.registry)
        self.latency = Histogram("veil_request_duration_seconds", "Time to the response head",
                                 ["route", "mode"], buckets=_BUCKETS, registry=self.registry)
        self.upstream_errors = Counter("veil_upstream_errors", "Failed upstream calls", ["kind"],
                                       registry=self.registry)
        self.streams = Counter("veil_streams", "Streams started", ["route", "mode"], registry=self.registry)
        self.streams_active = Gauge("veil_streams_active", "Streams in flight", registry=self.registry)
        self.stream_errors = Counter("veil_stream_errors", "Streams ended by an error", ["kind"],
                                     registry=self.registry)
        self.entities = Counter("veil_entities", "Sensitive values protected", ["type"],
                                registry=self.registry)
        self.fail_closed = Counter("veil_fail_closed", "Requests refused because sanitization failed",
                                   ["reason"], registry=self.registry)

    def render(self) -> bytes:
        return generate_latest(self.registry)
