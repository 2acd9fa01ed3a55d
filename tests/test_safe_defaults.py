"""Safe defaults (issue 23): a client cannot pick a weaker mode than the operator's, Veil does not listen
beyond this machine without proxy keys, and the operational routes obey the proxy keys."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from proxy.cli.serve import exposure_refusal
from proxy.settings import load_settings

ROOT = Path(__file__).resolve().parent.parent
SSN = "123-45-6789"
CHAT = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": f"my SSN is {SSN}"}]}
MESSAGES = {"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": f"my SSN is {SSN}"}]}


def test_default_allowed_modes_leave_out_off_and_cape_alone() -> None:
    settings = load_settings(None)
    assert settings.mode == "prmpt"
    assert "off" not in settings.allowed_modes and "cape" not in settings.allowed_modes
    assert settings.selectable_modes() == ["prmpt", "prmpt+cape"]


@pytest.mark.parametrize("asked", ["off", "cape", "Off"])
def test_a_client_cannot_turn_privacy_down_by_default(veil_factory, upstream, asked) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", allowed_modes=None)  # the defaults
    chat = httpx.post(veil.url + "/v1/chat/completions", json=CHAT, headers={"x-veil-mode": asked}, timeout=30)
    assert chat.status_code == 400, chat.text
    assert chat.json()["error"]["param"] == "X-Veil-Mode" and chat.json()["error"]["code"] == "mode_not_allowed"
    msg = httpx.post(veil.url + "/v1/messages", json=MESSAGES, headers={"x-veil-mode": asked}, timeout=30)
    assert msg.status_code == 400 and msg.json()["type"] == "error"
    assert "X-Veil-Mode" in msg.json()["error"]["message"]
    preview = httpx.post(veil.url + "/v1/privacy/sanitize", timeout=30,
                         json={"surface": "chat", "body": CHAT, "mode": asked.strip().lower()})
    assert preview.status_code == 400
    assert upstream.requests == []
    ok = httpx.post(veil.url + "/v1/chat/completions", json=CHAT, headers={"x-veil-mode": "prmpt"}, timeout=30)
    assert ok.status_code == 200 and SSN not in str(upstream.last.body)


def test_the_operator_opts_in_and_the_configured_mode_is_always_selectable(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    opted = veil_factory(mode="prmpt", allowed_modes=["off", "prmpt"])
    r = httpx.post(opted.url + "/v1/chat/completions", json=CHAT, headers={"x-veil-mode": "off"}, timeout=30)
    assert r.status_code == 200 and r.headers["x-veil-mode"] == "off"
    configured = veil_factory(mode="off", allowed_modes=None)
    r = httpx.post(configured.url + "/v1/chat/completions", json=CHAT, headers={"x-veil-mode": "off"}, timeout=30)
    assert r.status_code == 200 and r.headers["x-veil-mode"] == "off"


def test_serve_refuses_a_public_address_without_proxy_keys(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "HF_HUB_OFFLINE": "1"}
    for name in list(env):
        if name.startswith("VEIL_"):
            del env[name]
    done = subprocess.run([sys.executable, "-m", "proxy.cli", "serve", "--host", "0.0.0.0", "--port", "0"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert "refusing to listen on 0.0.0.0 without proxy keys" in done.stderr
    assert "VEIL_AUTH__ALLOW_UNAUTHENTICATED" in done.stderr and "serving on" not in done.stderr


def test_exposure_rule(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        assert exposure_refusal(load_settings(None, host=host)) is None, host
    for host in ("0.0.0.0", "::", "192.168.1.20", "veil.example.com"):
        assert exposure_refusal(load_settings(None, host=host)) is not None, host
    assert exposure_refusal(load_settings(None, host="0.0.0.0", auth={"api_keys": {"sk-veil-1": "alice"}})) is None
    monkeypatch.setenv("VEIL_AUTH__ALLOW_UNAUTHENTICATED", "true")
    assert exposure_refusal(load_settings(None, host="0.0.0.0")) is None


OPS = ("/metrics", "/docs", "/openapi.json", "/redoc")


def test_ops_routes_obey_proxy_keys(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    keyed = veil_factory(mode="prmpt", auth={"api_keys": {"sk-veil-1": "alice"}})
    for path in OPS:
        bare = httpx.get(keyed.url + path, timeout=30)
        assert bare.status_code == 401 and bare.json()["error"]["type"] == "authentication_error", path
        assert bare.headers["x-request-id"]
        assert httpx.get(keyed.url + path, headers={"authorization": "Bearer wrong"}, timeout=30).status_code == 401
        assert httpx.get(keyed.url + path, headers={"authorization": "Bearer sk-veil-1"},
                         timeout=30).status_code == 200, path
    for path in ("/healthz", "/readyz"):
        assert httpx.get(keyed.url + path, timeout=30).status_code in (200, 503), path
    opened = veil_factory(mode="prmpt", auth={"api_keys": {"sk-veil-1": "alice"}, "open_metrics": True,
                                              "open_docs": True})
    unkeyed = veil_factory(mode="prmpt")
    for server in (opened, unkeyed):
        for path in OPS:
            assert httpx.get(server.url + path, timeout=30).status_code == 200, path
