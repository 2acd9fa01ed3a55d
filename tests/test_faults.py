"""Upstream faults in mode prmpt: the right OpenAI error or a cleanly ended stream, within the timeout,
nothing hung, and no restored plaintext mixed into an error."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import openai
import pytest

from waiting import until

SECRET = "My SSN is 123-45-6789 and my email is john.smith@acme-corp.com."
VALUES = ("123-45-6789", "john.smith@acme-corp.com")


def _post(veil, model: str, stream: bool = False, timeout: float = 20) -> httpx.Response:  # type: ignore[no-untyped-def]
    return httpx.post(veil.url + "/v1/chat/completions", timeout=timeout, json={
        "model": model, "stream": stream, "messages": [{"role": "user", "content": SECRET}]})


def _no_plaintext(text: str) -> None:
    for value in VALUES:
        assert value not in text


def test_reset_mid_stream_ends_with_error_event(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    r = _post(veil, "mock-reset", stream=True)
    events = [line for line in r.text.splitlines() if line.startswith("data: ")]
    last = json.loads(events[-1][6:])
    assert last["error"]["type"] == "upstream_error"
    _no_plaintext(events[-1])


def test_stream_without_done_is_flushed_then_fails(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    upstream.chunk_size = 4
    stream = openai.OpenAI(base_url=veil.url + "/v1", api_key="k", max_retries=0).chat.completions.create(
        model="mock-nodone", messages=[{"role": "user", "content": SECRET}], stream=True)
    text = ""
    with pytest.raises(openai.APIError):  # a stream cut short is an error, not a normal end
        for chunk in stream:
            text += (chunk.choices[0].delta.content or "") if chunk.choices else ""
    assert text == "echo: " + SECRET  # everything held back was flushed first


def test_malformed_sse_line_is_dropped_not_forwarded(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    r = _post(veil, "mock-badjson", stream=True)
    assert "this is not json" not in r.text
    content = ""
    for line in r.text.splitlines():
        if line.startswith("data: {"):
            for choice in json.loads(line[6:]).get("choices", []):
                content += choice.get("delta", {}).get("content") or ""
    assert content == "echo: " + SECRET


def test_invalid_json_body_is_502(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    r = _post(veil, "mock-badjson")
    assert r.status_code == 502 and r.json()["error"]["code"] == "upstream_invalid_json"


@pytest.mark.parametrize("status", [429, 500, 502, 503])
def test_upstream_error_bodies_carry_no_plaintext(veil_factory, upstream, status) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    for stream in (False, True):
        r = _post(veil, f"mock-error-{status}", stream=stream)
        assert r.status_code == status and r.json()["error"]["code"] == f"mock_{status}"
        _no_plaintext(r.text)
    assert upstream.requests and all("123-45-6789" not in json.dumps(q.body) for q in upstream.requests)


def test_slow_first_byte_times_out_in_time(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", upstream={"base_url": upstream_server[1].url + "/v1", "read_timeout": 0.5})
    upstream.slow_seconds = 3
    for stream in (False, True):
        t0 = time.monotonic()
        r = _post(veil, "mock-slow", stream=stream)
        assert r.status_code == 504 and time.monotonic() - t0 < 2.5
        _no_plaintext(r.text)


def test_refused_connection_is_502(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", upstream={"base_url": "http://127.0.0.1:9/v1", "connect_timeout": 1})
    for stream in (False, True):
        r = _post(veil, "gpt-4o-mini", stream=stream)
        assert r.status_code == 502 and r.json()["error"]["code"] == "upstream_unavailable"


async def test_no_hung_tasks_or_connections_after_faults(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", upstream={"base_url": upstream_server[1].url + "/v1",
                                                "stream_idle_timeout": 0.5})
    svc = veil.server.config.app.state.veil
    async with httpx.AsyncClient(base_url=veil.url, timeout=20) as h:
        async def one(model: str) -> int:
            r = await h.post("/v1/chat/completions", json={
                "model": model, "stream": True, "messages": [{"role": "user", "content": SECRET}]})
            return r.status_code
        codes = await asyncio.gather(*(one(m) for m in ["mock-stall", "mock-reset", "mock-nodone",
                                                         "gpt-4o-mini"] * 5))
    assert set(codes) == {200}
    transport = svc.upstreams.remote["openai"].client._transport  # Veil's upstream pool: nothing may stay checked out
    await until(lambda: transport.in_use == 0, message=f"{transport.in_use} upstream connections in use")
    await until(lambda: svc.metrics.streams_active._value.get() == 0, message="streams still active")
