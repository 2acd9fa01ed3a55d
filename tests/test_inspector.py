"""The privacy inspector without a browser: when it is served, what it serves (and with which headers),
which of its routes need a key, the recent-requests ring buffer (never text or values), and the
restore preview of /v1/privacy/desanitize with a previewed request. The page itself is driven in a
real browser by tests/test_inspector_browser.py."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from conftest import TEST_MASTER_KEY, make_settings
from proxy.app import create_app
from proxy.inspector.recent import PUBLIC_FIELDS, RecentRequests
from proxy.inspector.routes import CSP, STATIC_TYPES, enabled, is_loopback
from proxy.pipeline.handler import RequestRecord

SSN, EMAIL, CARD = "123-45-6789", "john.smith@acme-corp.com", "4111 1111 1111 1111"
PROMPT = f"I am John Smith, 42 years old, SSN {SSN}, card {CARD}, email {EMAIL}."
KEYS = {"sk-alice": "alice", "sk-bob": "bob"}


def _client(**overrides: object) -> TestClient:
    return TestClient(create_app(make_settings(**overrides), master_key=TEST_MASTER_KEY))


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.3.2.1", True), ("localhost", True), ("::1", True), ("[::1]", True),
    ("0.0.0.0", False), ("::", False), ("192.168.1.10", False), ("veil.example.com", False)])
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(("host", "setting", "served"), [
    ("127.0.0.1", None, True), ("0.0.0.0", None, False), ("0.0.0.0", True, True),
    ("127.0.0.1", False, False)])
def test_served_only_where_the_rule_says(host: str, setting: bool | None, served: bool) -> None:
    settings = make_settings(host=host, inspector={"enabled": setting})
    assert enabled(settings) is served
    with _client(host=host, inspector={"enabled": setting}) as c:
        paths = ["/inspector", "/inspector/static/inspector.js", "/inspector/static/inspector.css",
                 "/inspector/api/config"]
        assert [c.get(p).status_code for p in paths] == ([200] * 4 if served else [404] * 4)
        index = c.get("/")
        assert index.status_code == 200 and ('href="/inspector"' in index.text) is served


def test_page_and_files_carry_a_strict_policy_and_no_inline_code() -> None:
    with _client() as c:
        page = c.get("/inspector")
        assert page.headers["content-security-policy"] == CSP
        for directive in ("default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
                          "frame-ancestors 'none'", "form-action 'none'"):
            assert directive in CSP
        assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP
        assert page.headers["x-content-type-options"] == "nosniff"
        assert page.headers["referrer-policy"] == "no-referrer"
        html = page.text
        assert "<script>" not in html and "<style" not in html and " style=" not in html  # all in files
        assert " on" + "click=" not in html.lower()
        assert "http://" not in html and "https://" not in html  # nothing from another origin
        for name, media in STATIC_TYPES.items():
            r = c.get(f"/inspector/static/{name}")
            assert r.status_code == 200 and r.headers["content-type"] == media
            assert r.headers["x-content-type-options"] == "nosniff"
        js = c.get("/inspector/static/inspector.js").text
        assert "innerHTML" not in js and "eval(" not in js and "localStorage" not in js
        assert "http://" not in js and "https://" not in js
        for name in ("../routes.py", "..%2Froutes.py", "inspector.html", "nope.js"):
            assert c.get(f"/inspector/static/{name}").status_code == 404


def test_the_shell_is_public_and_every_data_route_needs_a_key() -> None:
    with _client(auth={"api_keys": KEYS}, inspector={"recent_requests": True}) as c:
        assert c.get("/inspector").status_code == 200  # static, the same for everyone, no data
        assert c.get("/inspector/static/inspector.js").status_code == 200
        for path in ("/inspector/api/config", "/inspector/api/recent"):
            assert c.get(path).status_code == 401
            assert c.get(path, headers={"authorization": "Bearer sk-nope"}).status_code == 401
            assert c.get(path, headers={"authorization": "Bearer sk-alice"}).status_code == 200
        for path, body in (("/v1/privacy/sanitize", {"text": PROMPT}),
                           ("/v1/privacy/desanitize",
                            {"text": "x", "request": {"surface": "chat", "body": {}}}),
                           ("/v1/watermark/detect", {"text": "x"})):
            assert c.post(path, json=body).status_code == 401


def test_config_lists_what_the_controls_offer() -> None:
    with _client(mode="prmpt", allowed_modes=["off", "prmpt"]) as c:
        cfg = c.get("/inspector/api/config").json()
    assert cfg["mode"] == "prmpt" and cfg["allowed_modes"] == ["off", "prmpt"]
    assert cfg["recent_requests"] is False and isinstance(cfg["cape_epsilon"], float)
    assert set(cfg["surfaces"]) >= {"chat", "completions", "embeddings", "responses", "messages"}


def test_recent_requests_are_off_unless_asked_for() -> None:
    with _client() as c:
        r = c.get("/inspector/api/recent")
        assert r.status_code == 404 and "inspector.recent_requests" in r.json()["error"]["message"]
        assert c.app.state.veil.pipeline.observers == []  # nothing subscribed, nothing kept


@pytest.fixture()
def recording_veil(veil_factory) -> Iterator[object]:  # type: ignore[no-untyped-def]
    yield veil_factory(mode="prmpt", inspector={"recent_requests": True, "recent_size": 3})


def test_ring_buffer_keeps_counts_never_text_or_values(recording_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    url = recording_veil.url
    headers = {"authorization": "Bearer sk-user-1"}
    chat = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": PROMPT}]}
    with httpx.Client(base_url=url, headers=headers, timeout=60) as h:
        assert h.post("/v1/chat/completions", json=chat).status_code == 200
        assert SSN not in json.dumps(upstream.last.body)
        assert h.post("/v1/chat/completions", json={**chat, "model": "mock-error-429"}).status_code == 429
        recent = h.get("/inspector/api/recent").json()
    rows = recent["requests"]
    assert [r["status"] for r in rows] == [429, 200]  # newest first
    ok = rows[1]
    assert ok["route"] == "chat" and ok["mode"] == "prmpt" and ok["stream"] is False
    assert ok["entities"]["US_SSN"] == 1 and ok["entities"]["EMAIL_ADDRESS"] == 1
    assert ok["epsilon"] > 0 and ok["latency_ms"] > 0
    assert set(ok) == {"seq", *PUBLIC_FIELDS}
    text = json.dumps(recent)
    for value in (SSN, EMAIL, CARD, "John", "Smith", "42 years", "sk-user-1"):
        assert value not in text
    # nor the stand-ins that went upstream (the words of the sent text that are not in the prompt)
    # (words of 6+ characters: shorter digit runs can occur by chance in timestamps and latencies)
    sent_words = set(upstream.requests[-2].body["messages"][0]["content"].split()) - set(PROMPT.split())
    stand_ins = {w.strip(",.") for w in sent_words if len(w.strip(",.")) >= 6}
    assert len(stand_ins) >= 3 and all(word not in text for word in stand_ins), stand_ins


def test_ring_buffer_is_bounded_and_pages_by_sequence() -> None:
    recent = RecentRequests(3)
    for i in range(5):
        recent(RequestRecord(float(i), "chat", "prmpt", 200, 1.0, False, {"PERSON": i}))
    rows = recent.snapshot()
    assert len(recent) == 3 and [r["seq"] for r in rows] == [5, 4, 3]
    assert [r["seq"] for r in recent.snapshot(after=4)] == [5]


def test_restore_preview_uses_the_previewed_request_and_the_callers_key() -> None:
    body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": PROMPT}]}
    preview = {"surface": "chat", "body": body, "mode": "prmpt"}
    with _client(mode="prmpt", auth={"api_keys": KEYS}) as c:
        alice = {"authorization": "Bearer sk-alice"}
        sent = c.post("/v1/privacy/sanitize", json=preview, headers=alice).json()
        answer = "Noted: " + sent["body"]["messages"][0]["content"]
        assert SSN not in answer and EMAIL not in answer
        out = c.post("/v1/privacy/desanitize", json={"text": answer, "request": preview}, headers=alice)
        assert out.status_code == 200
        restored = out.json()["text"]
        assert SSN in restored and EMAIL in restored and CARD in restored and "John Smith" in restored
        assert "mapping" not in out.text and set(out.json()) == {"text"}
        # Another user's key rebuilds other stand-ins: Alice's answer does not come back for Bob.
        bob = c.post("/v1/privacy/desanitize", json={"text": answer, "request": preview},
                     headers={"authorization": "Bearer sk-bob"}).json()["text"]
        assert SSN not in bob and EMAIL not in bob
        # Only values of the request sent with it come back: a different request restores nothing here.
        other = {**preview, "body": {**body, "messages": [{"role": "user", "content": "nothing personal"}]}}
        assert c.post("/v1/privacy/desanitize", json={"text": answer, "request": other},
                      headers=alice).json()["text"] == answer
        # prmpt+cape restores Prmpt's stand-ins (Cape adds none) without running Cape.
        both = c.post("/v1/privacy/desanitize", headers=alice,
                      json={"text": answer, "request": {**preview, "mode": "prmpt+cape"}}).json()["text"]
        assert both == restored


@pytest.mark.parametrize(("extra", "param"), [
    ({"request": "chat"}, "request"),
    ({"request": {"surface": "chat", "body": {}}, "original": "x"}, "request"),
    ({"request": {"surface": "nope", "body": {}}}, "surface"),
    ({"request": {"surface": "chat", "body": {}, "mode": "bogus"}}, "mode")])
def test_restore_preview_rejects_malformed_requests(extra: dict[str, object], param: str) -> None:
    with _client(mode="prmpt") as c:
        r = c.post("/v1/privacy/desanitize", json={"text": "x", **extra})
    assert r.status_code == 400 and r.json()["error"]["param"] == param
