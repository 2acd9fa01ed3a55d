"""The real openai SDK against a live Veil (mode off) in front of a recording mock upstream."""

from __future__ import annotations

import asyncio
import json
import os
import time

import httpx
import openai
import pytest

from waiting import wait_until


def client(server, **kw) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-caller", max_retries=0, **kw)


def aclient(server, **kw) -> openai.AsyncOpenAI:  # type: ignore[no-untyped-def]
    return openai.AsyncOpenAI(base_url=server.url + "/v1", api_key="sk-caller", max_retries=0, **kw)


MSGS = [{"role": "user", "content": "hello there"}]


def test_chat_non_stream_sync(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    resp = client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS, temperature=0.3)
    assert resp.choices[0].message.content == "echo: hello there"
    assert resp.usage is not None and resp.usage.total_tokens == 12
    sent = upstream.last
    assert sent.path == "/v1/chat/completions"
    assert sent.body["messages"] == MSGS and sent.body["temperature"] == 0.3
    assert sent.headers["authorization"] == "Bearer sk-caller"  # no upstream key configured: forwarded


def test_unknown_fields_pass_through_untouched(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    client(veil).chat.completions.create(
        model="gpt-4o-mini", messages=MSGS, extra_body={"vendor_knob": {"a": [1, 2]}, "top_k": 7})
    assert upstream.last.body["vendor_knob"] == {"a": [1, 2]} and upstream.last.body["top_k"] == 7


def test_upstream_key_configured(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    _, up = upstream_server
    veil = veil_factory(upstream={"base_url": up.url + "/v1", "api_key": "sk-upstream"})
    client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS)
    assert upstream.last.headers["authorization"] == "Bearer sk-upstream"


def test_chat_stream_sync_with_usage(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    stream = client(veil).chat.completions.create(
        model="gpt-4o-mini", messages=MSGS, stream=True, stream_options={"include_usage": True})
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "echo: hello there"
    assert chunks[-1].choices == [] and chunks[-1].usage is not None and chunks[-1].usage.total_tokens == 12
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"


async def test_chat_async_stream_and_not(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    async with aclient(veil) as c:
        resp = await c.chat.completions.create(model="gpt-4o-mini", messages=MSGS)
        assert resp.choices[0].message.content == "echo: hello there"
        stream = await c.chat.completions.create(model="gpt-4o-mini", messages=MSGS, stream=True)
        text = "".join([ch.choices[0].delta.content or "" async for ch in stream if ch.choices])
        assert text == "echo: hello there"


def test_tool_call_stream_deltas_keep_index(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    stream = client(veil).chat.completions.create(
        model="mock-tools", messages=MSGS, stream=True,
        tools=[{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}])
    args, names = "", []
    for chunk in stream:
        for call in chunk.choices[0].delta.tool_calls or []:
            assert call.index == 0
            if call.function and call.function.name:
                names.append(call.function.name)
            args += (call.function.arguments or "") if call.function else ""
    assert names == ["lookup"] and json.loads(args) == {"query": "echo: hello there"}
    assert upstream.last.body["tools"][0]["function"]["name"] == "lookup"


@pytest.mark.parametrize("status,exc", [
    (400, openai.BadRequestError), (401, openai.AuthenticationError), (403, openai.PermissionDeniedError),
    (404, openai.NotFoundError), (429, openai.RateLimitError), (500, openai.InternalServerError),
    (503, openai.InternalServerError),
])
def test_upstream_errors_keep_status_and_body(veil_factory, upstream, status, exc) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    with pytest.raises(exc) as info:
        client(veil).chat.completions.create(model=f"mock-error-{status}", messages=MSGS)
    assert info.value.status_code == status
    assert info.value.body["code"] == f"mock_{status}"  # the upstream's OpenAI error body, kept
    if status == 429:
        assert info.value.response.headers["retry-after"] == "7"


def test_upstream_error_on_stream_request(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    with pytest.raises(openai.RateLimitError):
        client(veil).chat.completions.create(model="mock-error-429", messages=MSGS, stream=True)


def test_upstream_refused_is_502_and_timeout_504(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(upstream={"base_url": "http://127.0.0.1:9/v1", "connect_timeout": 1})
    with pytest.raises(openai.APIStatusError) as info:
        client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS)
    assert info.value.status_code == 502 and info.value.body["code"] == "upstream_unavailable"

    upstream.slow_seconds = 2.0
    slow = veil_factory(upstream={"base_url": upstream_server[1].url + "/v1", "read_timeout": 0.3})
    started = time.monotonic()
    with pytest.raises(openai.APIStatusError) as info:
        client(slow).chat.completions.create(model="mock-slow", messages=MSGS)
    assert info.value.status_code == 504 and time.monotonic() - started < 1.9


def test_stream_idle_timeout_ends_stream_with_error(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    _, up = upstream_server
    veil = veil_factory(upstream={"base_url": up.url + "/v1", "stream_idle_timeout": 0.5})
    stream = client(veil).chat.completions.create(model="mock-stall", messages=MSGS, stream=True)
    got = []
    with pytest.raises(openai.APIError) as info:
        for chunk in stream:
            got.append(chunk)
    assert "stalled" in str(info.value.message)
    assert got  # the first chunk did arrive before the stall


def test_client_disconnect_cancels_upstream(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    with httpx.Client(timeout=5) as h, h.stream("POST", veil.url + "/v1/chat/completions",
                  json={"model": "mock-stall", "messages": MSGS, "stream": True}) as resp:
        first = next(resp.iter_lines())
        assert first.startswith("data: ")
    wait_until(lambda: upstream.closed_streams, timeout=5, message="the upstream stream was closed")
    assert upstream.closed_streams == 1  # the stalled upstream stream was closed, not left hanging


def test_completions_and_embeddings(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    c = client(veil)
    assert c.completions.create(model="gpt-3.5-turbo-instruct", prompt="abc").choices[0].text == "echo: abc"
    emb = c.embeddings.create(model="text-embedding-3-small", input=["a", "b"])  # SDK asks for base64
    assert upstream.last.body["encoding_format"] == "base64"
    assert [round(x, 3) for x in emb.data[1].embedding] == [0.5, -1.0, 2.0]
    emb2 = c.embeddings.create(model="text-embedding-3-small", input="a", encoding_format="float")
    assert upstream.last.body["encoding_format"] == "float" and emb2.data[0].embedding == [0.5, -1.0, 2.0]


def test_models_lists_upstream_and_local(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    ids = [m.id for m in client(veil).models.list()]
    assert "gpt-4o-mini" in ids and "smollm2-135m-instruct" in ids


def test_proxy_errors_are_openai_format(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(limits={"max_body_bytes": 2048})
    with httpx.Client(base_url=veil.url) as h:
        bad = h.post("/v1/chat/completions", content=b"{nope", headers={"content-type": "application/json"})
        assert bad.status_code == 400 and bad.json()["error"]["type"] == "invalid_request_error"
        big = h.post("/v1/chat/completions", json={"model": "m", "messages": [{"role": "user", "content": "x" * 5000}]})
        assert big.status_code == 413 and big.json()["error"]["code"] == "request_too_large"
        nomsg = h.post("/v1/chat/completions", json={"model": "m", "messages": []})
        assert nomsg.status_code == 400 and nomsg.json()["error"]["param"] == "messages"
        route = h.get("/v1/nothing")
        assert route.status_code == 404 and "error" in route.json()
        badmode = h.post("/v1/chat/completions", json={"model": "m", "messages": MSGS},
                         headers={"x-veil-mode": "plaintext"})
        assert badmode.status_code == 400 and badmode.json()["error"]["param"] == "X-Veil-Mode"
    assert upstream.requests == []  # none of these reached the upstream


def test_unknown_model_without_upstream_is_404() -> None:
    from conftest import TEST_MASTER_KEY, make_settings
    from live import LiveServer
    from proxy.app import create_app

    settings = make_settings(upstream={"base_url": None}, mode="off")
    with LiveServer(create_app(settings, master_key=TEST_MASTER_KEY)) as veil, \
            pytest.raises(openai.NotFoundError):
        client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS)


def test_proxy_api_keys_required_and_not_forwarded(upstream_server, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    _, up = upstream_server
    veil = veil_factory(auth={"api_keys": {"vk-alice": "alice"}},
                        upstream={"base_url": up.url + "/v1", "api_key": "sk-upstream"})
    with pytest.raises(openai.AuthenticationError):
        client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS)
    ok = openai.OpenAI(base_url=veil.url + "/v1", api_key="vk-alice", max_retries=0)
    ok.chat.completions.create(model="gpt-4o-mini", messages=MSGS)
    assert upstream.last.headers["authorization"] == "Bearer sk-upstream"


def test_health_ready_metrics(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    client(veil).chat.completions.create(model="gpt-4o-mini", messages=MSGS)
    with httpx.Client(base_url=veil.url) as h:
        assert h.get("/healthz").json() == {"status": "ok"}
        ready = h.get("/readyz")  # mode off with an upstream: nothing to load
        # the process that answers (one here): with --workers N each process reports its own models
        assert ready.status_code == 200 and ready.json() == {"ready": True, "models": {}, "pid": os.getpid()}
        metrics = h.get("/metrics").text
    prmpt = veil_factory(mode="prmpt")  # preload is off in tests: the sanitizer is not loaded yet
    not_ready = httpx.get(prmpt.url + "/readyz")
    assert not_ready.status_code == 503 and not_ready.json()["models"] == {"prmpt": False}
    assert 'veil_requests_total{mode="off",route="chat",status="200"}' in metrics
    assert "veil_request_duration_seconds_bucket" in metrics


def test_stream_headers_and_no_buffering(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    with httpx.Client(base_url=veil.url) as h, h.stream("POST", "/v1/chat/completions",
                  json={"model": "gpt-4o-mini", "messages": MSGS, "stream": True}) as resp:
        assert resp.headers["x-accel-buffering"] == "no"
        assert resp.headers["content-type"].startswith("text/event-stream")
        assert resp.headers["x-veil-mode"] == "off"
        lines = [ln for ln in resp.iter_lines() if ln]
    assert lines[-1] == "data: [DONE]"


async def test_concurrent_streams(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    async with aclient(veil) as c:
        async def one(i: int) -> str:
            s = await c.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": f"n{i}"}], stream=True)
            return "".join([ch.choices[0].delta.content or "" async for ch in s if ch.choices])
        texts = await asyncio.gather(*(one(i) for i in range(20)))
    assert texts == [f"echo: n{i}" for i in range(20)]
