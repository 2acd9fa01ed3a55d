"""Ollama's ``/api/chat`` (proxy/ollama/): a surface unlike OpenAI's (JSON lines, streams on by default,
``{"error": ...}`` bodies, tool arguments as objects), added as one folder and one registry line."""

from __future__ import annotations

import json

import httpx
import pytest

from proxy.pipeline.stream import LineParser
from streams import stream_text

SSN, EMAIL = "123-45-6789", "john.smith@acme-corp.com"
TEXT = f"I am John Smith, SSN {SSN}, email {EMAIL}."


def _chat(model: str = "llama3.2:3b", **extra: object) -> dict[str, object]:
    return {"model": model, "messages": [{"role": "user", "content": TEXT}], **extra}


def _lines(raw: bytes) -> list[dict[str, object]]:
    parser = LineParser()
    return [json.loads(e.data) for e in parser.feed(raw) + parser.close()]


@pytest.fixture()
def veil(veil_factory):  # type: ignore[no-untyped-def]
    return veil_factory(mode="prmpt")


@pytest.mark.parametrize("chunk", [1, 2, 5, 13])
def test_answers_whole_and_streamed_come_back_restored(veil, upstream, chunk) -> None:  # type: ignore[no-untyped-def]
    upstream.chunk_size = chunk  # stand-ins split across lines
    with httpx.Client(base_url=veil.url, timeout=120) as h:
        whole = h.post("/api/chat", json=_chat(stream=False))
        assert whole.status_code == 200, whole.text
        assert whole.json()["message"]["content"] == "echo: " + TEXT and whole.json()["done"] is True
        sent = upstream.last.body["messages"][0]["content"]
        assert SSN not in sent and EMAIL not in sent and "John Smith" not in sent
        streamed = h.post("/api/chat", json=_chat())  # Ollama streams unless "stream": false
    assert streamed.headers["content-type"].startswith("application/x-ndjson")
    assert upstream.last.body.get("stream") is None  # the caller's choice, as sent
    lines = _lines(streamed.content)
    assert stream_text("ollama_chat", streamed.content) == "echo: " + TEXT
    assert lines[-1]["done"] is True and all(line["done"] is False for line in lines[:-1])
    assert lines[-1]["eval_count"] == 7  # the provider's counts pass


def test_tool_call_arguments_are_objects_restored_whole(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=veil.url, timeout=120) as h:
        whole = h.post("/api/chat", json=_chat("mock-tools", stream=False)).json()
        streamed = _lines(h.post("/api/chat", json=_chat("mock-tools")).content)
    for message in (whole["message"], streamed[0]["message"]):
        assert message["tool_calls"][0]["function"]["arguments"] == {"query": "echo: " + TEXT}


def test_errors_in_ollamas_format(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=veil.url, timeout=120) as h:
        upstream_error = h.post("/api/chat", json=_chat("mock-error-429", stream=False))
        assert upstream_error.status_code == 429 and upstream_error.json() == {"error": "mock failure 429"}
        own = h.post("/api/chat", json={"model": "llama3.2:3b", "messages": []})
        assert own.status_code == 400 and set(own.json()) == {"error"} and "messages" in own.json()["error"]
        refused = h.post("/api/chat", json=_chat(keep_alive=SSN, stream=False))
        assert refused.status_code == 400 and SSN not in refused.text and "keep_alive" in refused.json()["error"]
        missing = h.get("/api/nothing")
        assert missing.status_code == 404 and set(missing.json()) == {"error"}
        cut = h.post("/api/chat", json=_chat("mock-nodone"))  # no "done": true line: the answer is incomplete
    lines = _lines(cut.content)
    assert "error" in lines[-1] and "incomplete" in lines[-1]["error"]
    assert stream_text("ollama_chat", cut.content).startswith("echo: I am John Smith")


def test_mode_off_passes_the_lines_as_sent(veil_factory, upstream_server, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off")
    _, server = upstream_server
    streamed = httpx.post(veil.url + "/api/chat", json=_chat(), timeout=120)
    direct = httpx.post(server.url + "/api/chat", json=_chat(), timeout=120)
    assert streamed.content == direct.content and len(_lines(direct.content)) > 10
    assert upstream.requests[-2].body == _chat()


def test_without_a_url_the_local_upstreams_answer_in_ollamas_shape(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    echo = veil_factory(mode="prmpt", upstream={"provider": "echo"})
    with httpx.Client(base_url=echo.url, timeout=120) as h:
        whole = h.post("/api/chat", json=_chat(stream=False)).json()
        streamed = h.post("/api/chat", json=_chat()).content
    assert whole["message"]["content"] == TEXT and whole["done"] is True
    assert stream_text("ollama_chat", streamed) == TEXT and _lines(streamed)[-1]["done"] is True
    local = veil_factory(mode="prmpt", upstream={"base_url": None})  # no URL for Ollama: the local model
    reply = httpx.post(local.url + "/api/chat", json=_chat(stream=False), timeout=120)
    assert reply.status_code == 404 and "does not exist here" in reply.json()["error"]
