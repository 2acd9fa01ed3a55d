"""Fuzz the HTTP API from its own OpenAPI schema (schemathesis): no 500s, OpenAI-format errors."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from conftest import TEST_MASTER_KEY, make_settings


def _app():  # type: ignore[no-untyped-def]
    from proxy.app import create_app

    # A refused upstream: requests that pass validation and sanitization get a clean 502.
    cfg = make_settings(mode="prmpt", upstream={"base_url": "http://127.0.0.1:9/v1", "connect_timeout": 0.5})
    app = create_app(cfg, master_key=TEST_MASTER_KEY)
    app.state.veil.engine.sanitizer.load()  # before the first case: its 10 s timeout would count the load
    return app


schema = schemathesis.openapi.from_asgi("/openapi.json", _app())


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_500(case) -> None:  # type: ignore[no-untyped-def]
    if case.path == "/v1/watermark/detect" or case.path == "/metrics":
        pytest.skip("needs the local model's tokenizer / not JSON")
    response = case.call()
    assert response.status_code < 500 or response.status_code in (502, 503, 504), response.text
    if response.status_code >= 400 and case.path.startswith("/v1/messages"):  # Anthropic's format
        body = response.json()
        assert body.get("type") == "error" and set(body["error"]) == {"type", "message"}, response.text
    elif response.status_code >= 400 and case.path.startswith("/v1/"):
        body = response.json()
        assert set(body["error"]) == {"message", "type", "param", "code"}
