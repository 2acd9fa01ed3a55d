"""Security checks: no value in metrics or error bodies, constant-time key checks, per-user isolation."""

from __future__ import annotations

import json

import httpx
import pytest

SECRET_TEXT = "I am John Smith, SSN 123-45-6789, card 4111 1111 1111 1111, mail john.smith@acme-corp.com."
VALUES = ("John Smith", "123-45-6789", "4111 1111 1111 1111", "john.smith@acme-corp.com")


def test_metrics_and_errors_carry_no_values(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", auth={"api_keys": {"vk-secret-key-1": "alice"}})
    auth = {"authorization": "Bearer vk-secret-key-1"}
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        ok = h.post("/v1/chat/completions", headers=auth, json={
            "model": "gpt-4o-mini", "messages": [{"role": "user", "content": SECRET_TEXT}]})
        errors = [
            h.post("/v1/chat/completions", headers=auth, json={
                "model": "mock-error-400", "messages": [{"role": "user", "content": SECRET_TEXT}]}),
            h.post("/v1/chat/completions", headers=auth, json={
                "model": "gpt-4o-mini", "messages": [{"role": "user", "content": SECRET_TEXT}], "stream": 3}),
            h.post("/v1/chat/completions", headers={"authorization": "Bearer wrong"}, json={
                "model": "gpt-4o-mini", "messages": [{"role": "user", "content": SECRET_TEXT}]}),
            h.post("/v1/chat/completions", headers=auth, content=SECRET_TEXT.encode()),
        ]
        metrics = h.get("/metrics", headers=auth).text  # with proxy keys, /metrics needs one too
    assert ok.status_code == 200 and [e.status_code for e in errors] == [400, 400, 401, 400]
    for text in [metrics, *(e.text for e in errors), *(str(e.headers) for e in errors)]:
        for value in (*VALUES, "vk-secret-key-1"):
            assert value not in text
    assert "US_SSN" in metrics  # counts by type are there, values are not
    sent = json.dumps(upstream.last.body)
    for value in VALUES:
        assert value not in sent


def test_api_key_check_compares_every_key_in_constant_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from proxy import auth
    from proxy.settings import AuthSettings

    calls: list[tuple[str, str]] = []

    def spy(a: str, b: str) -> bool:
        calls.append((a, b))
        return a == b

    monkeypatch.setattr(auth, "constant_time_equals", spy)
    settings = AuthSettings(api_keys={"k1": "u1", "k2": "u2", "k3": "u3"})
    assert auth.authenticate({"authorization": "Bearer k1"}, settings).user_id == "u1"
    assert len(calls) == 3  # no early exit on a match: timing does not reveal which key matched
    with pytest.raises(auth.Unauthorized):
        auth.authenticate({"authorization": "Bearer nope"}, settings)


def test_users_are_isolated(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", auth={"api_keys": {"vk-a": "alice", "vk-b": "bob"}})
    sent = {}
    for key in ("vk-a", "vk-b"):
        httpx.post(veil.url + "/v1/chat/completions", headers={"authorization": f"Bearer {key}"}, json={
            "model": "gpt-4o-mini", "messages": [{"role": "user", "content": SECRET_TEXT}]}, timeout=30)
        sent[key] = upstream.last.body["messages"][0]["content"]
    assert sent["vk-a"] != sent["vk-b"]  # different users, different stand-ins
    alice_text = sent["vk-a"]
    as_bob = httpx.post(veil.url + "/v1/privacy/desanitize", headers={"authorization": "Bearer vk-b"},
                        json={"text": alice_text}, timeout=30).json()["text"]
    as_alice = httpx.post(veil.url + "/v1/privacy/desanitize", headers={"authorization": "Bearer vk-a"},
                          json={"text": alice_text}, timeout=30).json()["text"]
    assert as_alice == SECRET_TEXT
    for value in VALUES[1:]:
        assert value not in as_bob  # bob's key does not decrypt alice's stand-ins
