"""Providers as data (proxy/provider.py): the headers each one sends, and the error format of its routes."""

from __future__ import annotations

import httpx
from pydantic import SecretStr

from proxy.provider import ANTHROPIC, OPENAI
from proxy.settings import UpstreamSettings

CALLER = {"authorization": "Bearer sk-caller", "x-api-key": "sk-ant-caller", "api-key": "azure-caller",
          "anthropic-version": "2024-01-01", "openai-beta": "assistants=v2", "user-agent": "x"}


def test_openai_sends_its_key_as_bearer_or_as_azures_api_key() -> None:
    settings = UpstreamSettings(base_url="http://u/v1", api_key=SecretStr("sk-veil"), extra_headers={"x-extra": "1"})
    headers = OPENAI.headers(settings, CALLER, forward_auth=True)
    assert headers == {"content-type": "application/json", "accept-encoding": "identity",
                       "openai-beta": "assistants=v2", "authorization": "Bearer sk-veil", "x-extra": "1"}
    azure = OPENAI.headers(settings.model_copy(update={"auth_header": "api-key"}), CALLER, forward_auth=True)
    assert azure["api-key"] == "sk-veil" and "authorization" not in azure
    forwarded = OPENAI.headers(UpstreamSettings(base_url="http://u/v1"), CALLER, forward_auth=True)
    assert forwarded["authorization"] == "Bearer sk-caller" and "api-key" not in forwarded
    assert "authorization" not in OPENAI.headers(UpstreamSettings(base_url="http://u/v1"), CALLER, forward_auth=False)


def test_anthropic_sends_x_api_key_and_a_version() -> None:
    settings = UpstreamSettings(base_url="http://u/v1", api_key=SecretStr("sk-veil"))
    headers = ANTHROPIC.headers(settings, {"user-agent": "x"}, forward_auth=True)
    assert headers == {"content-type": "application/json", "accept-encoding": "identity",
                       "anthropic-version": "2023-06-01", "x-api-key": "sk-veil"}
    own = settings.model_copy(update={"anthropic_api_key": SecretStr("sk-ant-veil")})
    assert ANTHROPIC.headers(own, CALLER, forward_auth=True)["x-api-key"] == "sk-ant-veil"
    forwarded = ANTHROPIC.headers(UpstreamSettings(base_url="http://u/v1"), CALLER, forward_auth=True)
    assert forwarded["x-api-key"] == "sk-ant-caller" and forwarded["anthropic-version"] == "2024-01-01"
    assert "authorization" not in forwarded


def test_each_provider_finds_its_base_url() -> None:
    both = UpstreamSettings(base_url="http://openai/v1", anthropic_base_url="http://anthropic/v1")
    assert (OPENAI.base_url(both), ANTHROPIC.base_url(both)) == ("http://openai/v1", "http://anthropic/v1")
    one = UpstreamSettings(base_url="http://gateway/v1")
    assert (OPENAI.base_url(one), ANTHROPIC.base_url(one)) == ("http://gateway/v1", "http://gateway/v1")
    assert OPENAI.base_url(UpstreamSettings(anthropic_base_url="http://anthropic/v1")) is None


def test_unknown_routes_answer_in_the_format_of_the_surface_they_are_under(veil_factory) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory()
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        anthropic = h.get("/v1/messages/batches")
        assert anthropic.status_code == 404 and anthropic.json()["type"] == "error", anthropic.text
        assert anthropic.json()["error"]["type"] == "not_found_error"
        wrong_method = h.get("/v1/messages")
        assert wrong_method.status_code == 405 and wrong_method.json()["type"] == "error"
        openai = h.get("/v1/nothing-here")
        assert openai.status_code == 404 and openai.json()["error"]["code"] == "not_found", openai.text
        chat = h.get("/v1/chat/completions")
        assert chat.status_code == 405 and chat.json()["error"]["type"] == "invalid_request_error"
