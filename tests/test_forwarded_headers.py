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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


# ---- the property: PII planted in any header ------------------------------------------------------
HEADER_NAMES = st.sampled_from([
    "User-Agent", "OpenAI-Organization", "OpenAI-Project", "OpenAI-Beta", "anthropic-beta", "anthropic-version",
    "X-Stainless-Lang", "X-Stainless-Package-Version", "Idempotency-Key", "Cookie", "Referer", "Origin",
    "X-Forwarded-For", "Accept", "Accept-Language", "traceparent", "Authorization", "x-api-key", "api-key",
    "X-Request-Id", "X-Veil-Mode", "X-Veil-Dependencies",
]) | st.from_regex(r"x-[a-z]{1,12}", fullmatch=True)
PLANTED = (EMAIL, SSN, CARD, "+1 (415) 555-0132", "DE89370400440532013000")
ROUTES = {
    "/v1/chat/completions": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]},
    "/v1/completions": {"model": "gpt-4o-mini", "prompt": "hi"},
    "/v1/embeddings": {"model": "text-embedding-3-small", "input": "hi"},
    "/v1/responses": {"model": "gpt-4o-mini", "input": "hi"},
    "/v1/messages": {"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]},
}


@pytest.mark.parametrize("mode", ["off", "prmpt"])
def test_pii_planted_in_any_header_never_leaves(veil_factory, upstream, upstream_server, mode) -> None:  # type: ignore[no-untyped-def]
    """Whatever header carries a value, the request is either refused (nothing sent) or sent without it.
    The upstream key is configured, so not even the caller's own key is forwarded."""
    veil = veil_factory(mode=mode, allowed_modes=[mode],
                        upstream={"base_url": upstream_server[1].url + "/v1", "api_key": "sk-configured"})

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(name=HEADER_NAMES, value=st.sampled_from(PLANTED), prefix=st.sampled_from(["", "a ", "org-", "v=1; "]),
           route=st.sampled_from(sorted(ROUTES)), stream=st.booleans())
    def plant(name: str, value: str, prefix: str, route: str, stream: bool) -> None:
        upstream.requests.clear()
        body = {**ROUTES[route], **({"stream": True} if stream and route != "/v1/embeddings" else {})}
        r = httpx.post(veil.url + route, json=body, headers={name: prefix + value}, timeout=30)
        assert r.status_code in (200, 400), (name, r.status_code, r.text)
        assert value not in r.text
        if r.status_code == 400:
            assert upstream.requests == [], name
        for seen in upstream.requests:
            assert value not in json.dumps(seen.headers), (name, seen.headers)

    plant()
