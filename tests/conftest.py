"""Shared fixtures: a live mock upstream, a live Veil in front of it, a fixed master key."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest

# Tests never reach a model hub; presidio/tldextract/transformers must work offline.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# The turn store's SQLite file goes under the state directory: one per test run, never the user's.
os.environ.setdefault("XDG_STATE_HOME", tempfile.mkdtemp(prefix="veil-test-state-"))

from live import LiveServer
from mechanisms.keys import MasterKey
from mock_upstream import MockUpstream

TEST_MASTER_KEY = MasterKey.from_bytes(bytes(range(32)))


@pytest.fixture(scope="session")
def master_key() -> MasterKey:
    return TEST_MASTER_KEY


@pytest.fixture(scope="session")
def upstream_server() -> Iterator[tuple[MockUpstream, LiveServer]]:
    mock = MockUpstream()
    with LiveServer(mock.app()) as server:
        yield mock, server


@pytest.fixture()
def upstream(upstream_server: tuple[MockUpstream, LiveServer]) -> MockUpstream:
    mock, _ = upstream_server
    mock.requests.clear()
    mock.chunk_size = 3
    mock.closed_streams = 0
    return mock


def make_settings(**overrides: Any) -> Any:
    from proxy.settings import load_settings

    overrides.setdefault("local_model", {"preload": False})
    return load_settings(None, **overrides)


@pytest.fixture()
def veil_factory(upstream_server: tuple[MockUpstream, LiveServer]) -> Iterator[Callable[..., LiveServer]]:
    """Start a live Veil; by default in front of the mock upstream, mode off."""
    from proxy.app import create_app

    started: list[LiveServer] = []
    _, up = upstream_server

    def start(**overrides: Any) -> LiveServer:
        overrides.setdefault("upstream", {"base_url": up.url + "/v1", "base_urls": {"ollama": up.url}})
        overrides.setdefault("mode", "off")
        settings = make_settings(**overrides)
        server = LiveServer(create_app(settings, master_key=TEST_MASTER_KEY))
        server.__enter__()
        started.append(server)
        return server

    yield start
    for server in started:
        server.__exit__(None, None, None)


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A Debian redis-server on a free loopback port for the module's tests (skipped where none is installed)."""
    from tests.redis_server import redis_server

    try:
        with redis_server() as url:
            yield url
    except FileNotFoundError as exc:
        pytest.skip(str(exc))
