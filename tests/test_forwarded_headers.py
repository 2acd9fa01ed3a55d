"""What leaves besides the body: only allow-listed headers reach the upstream (issue 23).

The caller's headers are data a client controls like the body: an SDK or an application can put an
email in User-Agent or an account number in OpenAI-Organization. Only auth, the provider's version and
beta headers (of their documented shape) and what Veil sets itself go upstream."""

from __future__ import annotations

import json
import re

import anthropic
import httpx
import openai
import pytest

EMAIL = "john.smith@acme-corp.com"
SSN = "123-45-6789"
CARD = "4111111111111111"
CALLER_HEADERS = {
    "User-Agent": f"my-app/1.0 ({EMAIL})",
    "OpenAI-Organization": f"org-{SSN}",
    "OpenAI-Project": f"proj_{CARD}",
    "X-Stainless-Custom": EMAIL,
    "Idempotency-Key": SSN,
    "X-Customer": EMAIL,
    "Cookie": f"session={SSN}",
}
ALLOWED = {"host", "content-type", "content-length", "accept", "accept-encoding", "connection",
           "authorization", "x-api-key", "anthropic-version", "anthropic-beta", "openai-beta", "user-agent"}


def _assert_clean(recorded: list) -> None:  # type: ignore[type-arg]
    assert recorded, "nothing reached the upstream"
    for seen in recorded:
        headers = json.dumps(seen.headers)
        for value in (EMAIL, SSN, CARD):
            assert value not in headers, (seen.path, seen.headers)
        assert set(seen.headers) <= ALLOWED, (seen.path, sorted(set(seen.headers) - ALLOWED))
        assert "openai-organization" not in seen.headers and "openai-project" not in seen.headers
        assert not any(name.startswith("x-stainless") for name in seen.headers)


@pytest.mark.parametrize("mode", ["off", "prmpt"])
def test_openai_caller_headers_never_reach_the_upstream(veil_factory, upstream, mode) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode=mode, allowed_modes=[mode])
    client = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0,
                           organization=f"org-{SSN}", project=f"proj_{CARD}",
                           default_headers={**CALLER_HEADERS, "OpenAI-Beta": "assistants=v2"})
    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "hi"}])
    assert upstream.last.headers["openai-beta"] == "assistants=v2"
    assert upstream.last.headers["authorization"] == "Bearer sk-user-1"
    list(client.chat.completions.create(model="gpt-4o-mini", stream=True,
                                        messages=[{"role": "user", "content": "hi"}]))
    client.completions.create(model="gpt-4o-mini", prompt="hi")
    client.embeddings.create(model="text-embedding-3-small", input="hi")
    stored = client.responses.create(model="gpt-4o-mini", input="hi")
    client.responses.retrieve(stored.id)
    client.models.list()
    _assert_clean(upstream.requests)
    assert {r.path for r in upstream.requests} >= {"/v1/chat/completions", "/v1/completions", "/v1/embeddings",
                                                   "/v1/responses", f"/v1/responses/{stored.id}"}


@pytest.mark.parametrize("mode", ["off", "prmpt"])
def test_anthropic_caller_headers_never_reach_the_upstream(veil_factory, upstream, mode) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode=mode, allowed_modes=[mode])
    client = anthropic.Anthropic(base_url=veil.url, api_key="sk-ant-user-1", max_retries=0, default_headers={
        **CALLER_HEADERS, "anthropic-beta": "tools-2024-04-04, prompt-caching-2024-07-31"})
    client.messages.create(model="claude-x", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    with client.messages.stream(model="claude-x", max_tokens=5, messages=[{"role": "user", "content": "hi"}]) as s:
        "".join(s.text_stream)
    client.messages.count_tokens(model="claude-x", messages=[{"role": "user", "content": "hi"}])
    _assert_clean(upstream.requests)
    headers = upstream.last.headers
    key = headers.get("x-api-key") or headers["authorization"].removeprefix("Bearer ")
    assert key == "sk-ant-user-1" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", headers["anthropic-version"])
    assert headers["anthropic-beta"] == "tools-2024-04-04, prompt-caching-2024-07-31"


def test_version_and_beta_headers_of_another_shape_are_refused(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    chat = httpx.post(veil.url + "/v1/chat/completions", headers={"OpenAI-Beta": EMAIL}, timeout=30,
                      json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]})
    assert chat.status_code == 400 and chat.json()["error"]["param"] == "openai-beta"
    assert EMAIL not in chat.text
    for name, value in (("anthropic-beta", f"tools-2024-04-04,{EMAIL}"), ("anthropic-version", SSN + "x")):
        msg = httpx.post(veil.url + "/v1/messages", headers={name: value}, timeout=30, json={
            "model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]})
        assert msg.status_code == 400 and msg.json()["type"] == "error", msg.text
        assert name in msg.json()["error"]["message"]
    models = httpx.get(veil.url + "/v1/models", headers={"OpenAI-Beta": SSN}, timeout=30)
    assert models.status_code == 400
    assert upstream.requests == []
