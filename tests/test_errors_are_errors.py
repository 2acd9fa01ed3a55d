"""Errors that are errors (issue 23): invalid Unicode is the client's fault (400, not a retryable 503), and
an upstream stream that is not an event stream or stops before its end reaches the client as an error
event the SDKs raise, never as a normal end."""

from __future__ import annotations

import anthropic
import httpx
import openai
import pytest

SECRET = "My SSN is 123-45-6789 and my email is john.smith@acme-corp.com."
VALUES = ("123-45-6789", "john.smith@acme-corp.com")
LONE = b'"hi \\ud800 there"'  # a high surrogate escape with no low one after it


@pytest.mark.parametrize("mode", ["prmpt", "off"])
def test_lone_surrogate_is_a_400_in_the_surface_format(veil_factory, upstream, mode) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode=mode)
    bodies = {
        "/v1/chat/completions": b'{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": ' + LONE + b"}]}",
        "/v1/responses": b'{"model": "gpt-4o-mini", "input": ' + LONE + b"}",
        "/v1/embeddings": b'{"model": "text-embedding-3-small", "input": ' + LONE + b"}",
        "/v1/privacy/sanitize": b'{"text": ' + LONE + b"}",
    }
    for path, raw in bodies.items():
        r = httpx.post(veil.url + path, content=raw, headers={"content-type": "application/json"}, timeout=30)
        assert r.status_code == 400 and "retry-after" not in r.headers, (path, r.status_code, r.text)
        assert r.json()["error"]["code"] == "invalid_unicode", path
    key = b'{"model": "claude-x", "max_tokens": 5, "metadata": {"\\udfff": 1}, "messages": [{"role": "user", ' \
          b'"content": "hi"}]}'
    r = httpx.post(veil.url + "/v1/messages", content=key, headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 400 and r.json()["type"] == "error" and "surrogate" in r.json()["error"]["message"]
    assert upstream.requests == []
    pair = b'{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "smile \\ud83d\\ude00"}]}'
    ok = httpx.post(veil.url + "/v1/chat/completions", content=pair, headers={"content-type": "application/json"},
                    timeout=30)
    assert ok.status_code == 200 and ok.json()["choices"][0]["message"]["content"] == "echo: smile \U0001F600"


def _oai(veil) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=veil.url + "/v1", api_key="k", max_retries=0)


def _ant(veil) -> anthropic.Anthropic:  # type: ignore[no-untyped-def]
    return anthropic.Anthropic(base_url=veil.url, api_key="k", max_retries=0)


def _chat(veil, model: str) -> str:  # type: ignore[no-untyped-def]
    text = ""
    for chunk in _oai(veil).chat.completions.create(model=model, stream=True,
                                                     messages=[{"role": "user", "content": SECRET}]):
        text += (chunk.choices[0].delta.content or "") if chunk.choices else ""
    return text


def _responses(veil, model: str) -> str:  # type: ignore[no-untyped-def]
    text = ""
    for event in _oai(veil).responses.create(model=model, input=SECRET, stream=True):
        text += getattr(event, "delta", "") if event.type == "response.output_text.delta" else ""
    return text


def _messages(veil, model: str) -> str:  # type: ignore[no-untyped-def]
    text = ""
    for event in _ant(veil).messages.create(model=model, max_tokens=50, stream=True,
                                            messages=[{"role": "user", "content": SECRET}]):
        if event.type == "content_block_delta":
            text += event.delta.text
    return text


SURFACES = {"chat": (_chat, openai.APIError), "responses": (_responses, openai.APIError),
            "messages": (_messages, anthropic.APIError)}


@pytest.mark.parametrize("mode", ["prmpt", "off"])
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_stream_without_its_end_raises_in_the_sdk(veil_factory, upstream, surface, mode) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode=mode)
    read, error = SURFACES[surface]
    assert read(veil, "gpt-4o-mini") == "echo: " + SECRET  # a whole stream ends normally
    upstream.chunk_size = 4
    with pytest.raises(error) as raised:
        read(veil, "mock-nodone")
    assert "ended before its end" in str(raised.value)
    for value in VALUES:
        assert value not in str(raised.value)


@pytest.mark.parametrize("mode", ["prmpt", "off"])
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_non_sse_answer_to_a_stream_raises_in_the_sdk(veil_factory, upstream, surface, mode) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode=mode)
    read, error = SURFACES[surface]
    with pytest.raises(error) as raised:
        read(veil, "mock-notsse")
    assert "not an event stream" in str(raised.value)


def test_cut_stream_ends_with_an_error_event_not_done(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    """(The text held back before the error is checked in test_faults.py.)"""
    for mode in ("prmpt", "off"):
        veil = veil_factory(mode=mode)
        raw = httpx.post(veil.url + "/v1/chat/completions", timeout=30, json={
            "model": "mock-nodone", "stream": True, "messages": [{"role": "user", "content": SECRET}]})
        lines = raw.text.splitlines()
        events = [line for line in lines if line.startswith("data: ")]
        assert '"upstream_stream_incomplete"' in events[-1] and "data: [DONE]" not in lines, mode
        assert lines[-2:] == [events[-1], ""], mode  # the error event stands alone, ended by a blank line
