"""The echo upstream (``upstream.provider: echo``, ``veil serve --upstream echo``): every surface answered
in its own shape with the sanitized text it received, so that with no model and no API key the caller
sees their values come back restored while the upstream saw only stand-ins."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx
import openai
import pytest

from proxy.cli import build_parser
from proxy.pipeline.stream import SSEParser
from streams import stream_text

NAME, SSN, EMAIL, CARD = "John Smith", "123-45-6789", "john.smith@acme-corp.com", "4111 1111 1111 1111"
SAID = f"I am {NAME}, my SSN is {SSN}, my card is {CARD} and my email is {EMAIL}."
VALUES = (NAME, SSN, EMAIL, CARD)


@pytest.fixture()
def echo(veil_factory) -> Iterator[tuple[Any, list[str]]]:  # type: ignore[no-untyped-def]
    """A Veil with the echo upstream (mode prmpt), and the texts the echo upstream received."""
    veil = veil_factory(mode="prmpt", upstream={"provider": "echo", "base_url": None})
    generator = veil.server.config.app.state.veil.upstreams.echo.generator
    seen: list[str] = []
    prepare = generator.prepare

    async def spy(prompt: Any, call: Any) -> Any:
        run = await prepare(prompt, call)
        seen.append(run.job)
        return run

    generator.prepare = spy
    yield veil, seen


def _hidden(seen: list[str]) -> None:
    assert seen, "the echo upstream received nothing"
    for text in seen:
        for value in VALUES:
            assert value not in text, (value, text)


REQUESTS = {
    "chat": ("/v1/chat/completions", {"messages": [{"role": "system", "content": "Repeat."},
                                                   {"role": "user", "content": SAID}]},
             lambda d: d["choices"][0]["message"]["content"]),
    "completions": ("/v1/completions", {"prompt": SAID}, lambda d: d["choices"][0]["text"]),
    "responses": ("/v1/responses", {"input": SAID, "store": False}, lambda d: d["output"][0]["content"][0]["text"]),
    "messages": ("/v1/messages", {"max_tokens": 50, "messages": [{"role": "user", "content": SAID}]},
                 lambda d: d["content"][0]["text"]),
}


@pytest.mark.parametrize("kind", sorted(REQUESTS))
def test_whole_answers_come_back_restored_and_the_upstream_saw_stand_ins(echo, kind) -> None:  # type: ignore[no-untyped-def]
    veil, seen = echo
    path, body, text_of = REQUESTS[kind]
    reply = httpx.post(veil.url + path, json={"model": "any-model", **body}, timeout=60)
    assert reply.status_code == 200, reply.text
    assert text_of(reply.json()) == SAID  # every value restored, in the surface's own shape
    _hidden(seen)
    assert reply.headers["x-veil-entities"] != "none" and reply.json()["veil"]["mode"] == "prmpt"


@pytest.mark.parametrize("kind", sorted(REQUESTS))
def test_streams_come_back_restored_word_by_word(echo, kind) -> None:  # type: ignore[no-untyped-def]
    veil, seen = echo
    path, body, _ = REQUESTS[kind]
    with httpx.stream("POST", veil.url + path, json={"model": "any-model", "stream": True, **body},
                      timeout=60) as reply:
        assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/event-stream")
        raw = reply.read()
    assert stream_text(kind, raw) == SAID  # stand-ins split across the words' deltas restored whole
    _hidden(seen)
    assert seen[0].count(" ") >= SAID.count(" ") - 1  # the echo streamed many deltas, not one


def test_openai_sdk_chat_gets_its_values_back(echo) -> None:  # type: ignore[no-untyped-def]
    veil, seen = echo
    client = openai.OpenAI(base_url=veil.url + "/v1", api_key="no-key-needed", max_retries=0)
    reply = client.chat.completions.create(model="echo", messages=[{"role": "user", "content": SAID}])
    assert reply.choices[0].message.content == SAID and reply.choices[0].finish_reason == "stop"
    stream = client.chat.completions.create(model="echo", stream=True, messages=[{"role": "user", "content": SAID}],
                                            stream_options={"include_usage": True})
    chunks = list(stream)
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == SAID
    assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens == len(SAID.split())
    _hidden(seen)
    assert len(seen) == 2 and seen[0] == seen[1]  # deterministic stand-ins under the user's key
    assert [m.id for m in client.models.list().data] == ["echo"]


def test_anthropic_sdk_gets_its_values_back(echo) -> None:  # type: ignore[no-untyped-def]
    veil, seen = echo
    client = anthropic.Anthropic(base_url=veil.url, api_key="no-key-needed", max_retries=0)
    reply = client.messages.create(model="echo", max_tokens=50, messages=[{"role": "user", "content": SAID}])
    assert reply.content[0].text == SAID  # type: ignore[union-attr]
    with client.messages.stream(model="echo", max_tokens=50, messages=[{"role": "user", "content": SAID}]) as s:
        assert "".join(s.text_stream) == SAID
    _hidden(seen)


def test_embeddings_and_token_counts_in_their_shapes(echo) -> None:  # type: ignore[no-untyped-def]
    veil, _ = echo
    with httpx.Client(base_url=veil.url, timeout=60) as h:
        vectors = h.post("/v1/embeddings", json={"model": "echo", "input": ["one text", "two texts here"]}).json()
        assert [len(d["embedding"]) for d in vectors["data"]] == [8, 8] and vectors["usage"]["prompt_tokens"] == 5
        count = h.post("/v1/messages/count_tokens", json={"model": "echo", "messages": [
            {"role": "user", "content": SAID}]}).json()
        assert count["input_tokens"] == len(SAID.split())


def test_mode_off_echoes_the_text_as_sent(veil_factory) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off", upstream={"provider": "echo", "base_url": None})
    reply = httpx.post(veil.url + "/v1/chat/completions", timeout=30,
                       json={"model": "echo", "messages": [{"role": "user", "content": SAID}]})
    assert reply.json()["choices"][0]["message"]["content"] == SAID and reply.json()["veil"]["mode"] == "off"
    with httpx.stream("POST", veil.url + "/v1/responses", timeout=30,
                      json={"model": "echo", "input": SAID, "stream": True}) as streamed:
        events = [json.loads(e.data) for e in SSEParser().feed(streamed.read())]
    assert [e["sequence_number"] for e in events] == list(range(len(events)))  # numbered as the API does
    assert events[-1]["type"] == "response.completed" and stream_text("responses", streamed.content) == SAID


def test_bad_requests_are_refused_before_anything_is_made(echo) -> None:  # type: ignore[no-untyped-def]
    veil, seen = echo
    reply = httpx.post(veil.url + "/v1/chat/completions", timeout=30,
                       json={"model": "echo", "n": 9, "messages": [{"role": "user", "content": SAID}]})
    assert reply.status_code == 400 and reply.json()["error"]["param"] == "n"
    reply = httpx.post(veil.url + "/v1/responses", timeout=30,
                       json={"model": "echo", "input": "hi", "previous_response_id": "resp_" + "a" * 24})
    assert reply.status_code == 400 and not seen


def test_serve_takes_the_echo_upstream_as_a_flag() -> None:
    args = build_parser().parse_args(["serve", "--upstream", "echo"])
    assert args.upstream == "echo"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--upstream", "nope"])
