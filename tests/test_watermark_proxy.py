"""The watermark through the proxy: local generations carry it, detection tells them apart."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from conftest import TEST_MASTER_KEY, make_settings
from live import LiveServer

pytestmark = pytest.mark.model
MODEL = "smollm2-135m-instruct"
PROMPT = [{"role": "user", "content": "Write a short story about a lighthouse keeper and a storm."}]


@pytest.fixture(scope="module")
def wm_veil() -> Iterator[LiveServer]:
    from proxy.app import create_app

    settings = make_settings(upstream={"base_url": None}, mode="off", local_model={"preload": True},
                             watermark={"enabled": True})
    with LiveServer(create_app(settings, master_key=TEST_MASTER_KEY)) as server:
        yield server


def _chat(server: LiveServer, headers: dict[str, str] | None = None, **kw) -> httpx.Response:  # type: ignore[no-untyped-def]
    body = {"model": MODEL, "messages": PROMPT, "max_tokens": 120, "temperature": 1.0, "seed": 3, **kw}
    return httpx.post(server.url + "/v1/chat/completions", json=body, headers=headers or {}, timeout=300)


def _detect(server: LiveServer, text: str) -> dict:
    return httpx.post(server.url + "/v1/watermark/detect", json={"text": text}, timeout=60).json()


def test_watermarked_generation_is_detected_and_plain_is_not(wm_veil: LiveServer) -> None:
    marked = _chat(wm_veil)
    assert marked.headers["x-veil-watermark"].startswith("on; key_id=")
    plain = _chat(wm_veil, headers={"x-veil-watermark": "off"})
    assert "x-veil-watermark" not in plain.headers
    marked_text = marked.json()["choices"][0]["message"]["content"]
    plain_text = plain.json()["choices"][0]["message"]["content"]
    hit, miss = _detect(wm_veil, marked_text), _detect(wm_veil, plain_text)
    assert hit["verdict"] is True and hit["p_value"] < 0.01 and hit["tokens_scored"] > 40
    assert miss["verdict"] is False and miss["p_value"] > 0.01
    assert hit["key_id"] == miss["key_id"]
    # `veil detect` with the same master key agrees (the README example)
    env = {**os.environ, "VEIL_MASTER_KEY": TEST_MASTER_KEY.hex(), "HF_HUB_OFFLINE": "1"}
    for text, expected in ((marked_text, True), (plain_text, False)):
        done = subprocess.run([sys.executable, "-m", "proxy.cli", "detect", "--json"], input=text, text=True,
                              capture_output=True, env=env, timeout=120, cwd=Path(__file__).parent.parent)
        assert done.returncode == 0, done.stderr[-1000:]
        assert json.loads(done.stdout)["verdict"] is expected


def test_greedy_request_says_it_cannot_be_watermarked(wm_veil: LiveServer) -> None:
    r = _chat(wm_veil, temperature=0, max_tokens=10)
    assert r.headers["x-veil-watermark"].startswith("off; greedy decoding")
    assert r.json()["veil"]["watermark"].startswith("off;")


def test_streamed_generation_carries_watermark(wm_veil: LiveServer) -> None:
    with httpx.stream("POST", wm_veil.url + "/v1/chat/completions", timeout=300,
                      json={"model": MODEL, "messages": PROMPT, "max_tokens": 100, "stream": True}) as r:
        assert r.headers["x-veil-watermark"].startswith("on;")
        text = ""
        for line in r.iter_lines():
            if line.startswith("data: ") and line != "data: [DONE]":
                for choice in json.loads(line[6:]).get("choices", []):
                    text += choice.get("delta", {}).get("content") or ""
    assert _detect(wm_veil, text)["verdict"] is True
