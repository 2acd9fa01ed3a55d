"""The examples run as written, against a live Veil (mode prmpt) in front of the echoing mock upstream."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def env(veil_factory, upstream):  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    return veil, {**os.environ, "OPENAI_BASE_URL": veil.url + "/v1", "OPENAI_API_KEY": "sk-example",
                  "ANTHROPIC_BASE_URL": veil.url, "ANTHROPIC_API_KEY": "sk-ant-example",
                  "VEIL_EXAMPLE_MODEL": "gpt-4o-mini", "VEIL_URL": veil.url, "MODEL": "gpt-4o-mini"}


def run(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_sdk_chat_example(env, upstream) -> None:  # type: ignore[no-untyped-def]
    _, e = env
    out = run([sys.executable, "examples/sdk_chat.py"], e)
    for value in ("John Smith", "123-45-6789", "4111 1111 1111 1111", "john.smith@acme-corp.com"):
        assert value in out  # restored for the user ...
        assert value not in str(upstream.last.body)  # ... never sent upstream
    assert "US_SSN=1" in out and "mode: prmpt" in out


def test_sdk_stream_async_tools_examples(env, upstream) -> None:  # type: ignore[no-untyped-def]
    _, e = env
    out = run([sys.executable, "examples/sdk_stream.py"], e)
    assert "jane.doe@example-mail.org" in out and "5500 0000 0000 0004" in out and "[usage:" in out
    assert "jane.doe@example-mail.org" not in str(upstream.last.body)
    assert run([sys.executable, "examples/sdk_async.py"], e).count("->") == 3
    tools = run([sys.executable, "examples/sdk_tools.py"], {**e, "VEIL_EXAMPLE_MODEL": "mock-tools"})
    assert "lookup" in tools and "john.smith@acme-corp.com" in tools


def test_langchain_example(env, upstream) -> None:  # type: ignore[no-untyped-def]
    _, e = env
    out = run([sys.executable, "examples/langchain_chat.py"], e)
    assert "123-45-6789" in out and "123-45-6789" not in str(upstream.last.body)


def test_curl_example(env, upstream) -> None:  # type: ignore[no-untyped-def]
    _, e = env
    out = run(["sh", "examples/curl.sh"], e)
    assert '"US_SSN"' in out or "US_SSN" in out
    assert "x-veil-mode: prmpt" in out.lower() and "data: [DONE]" in out


def test_responses_and_anthropic_examples(env, upstream) -> None:  # type: ignore[no-untyped-def]
    _, e = env
    out = run([sys.executable, "examples/sdk_responses.py"], e)
    assert "123-45-6789" in out and "john.smith@acme-corp.com" in out and "jane.doe@example-mail.org" in out
    assert "US_SSN=1" in out and "status: completed" in out
    # a stream that max_output_tokens cuts short ends with response.incomplete: the example reports it
    out = run([sys.executable, "examples/sdk_responses.py"], {**e, "VEIL_EXAMPLE_MODEL": "mock-incomplete"})
    assert "jane.doe@example-mail.org" in out and "status: incomplete (max_output_tokens)" in out
    out = run([sys.executable, "examples/sdk_anthropic.py"], e)
    assert "4111 1111 1111 1111" in out and "(415) 555-0132" in out and "jane.doe@example-mail.org" in out
    assert "CREDIT_CARD=1" in out and "stop: end_turn" in out
    for value in ("123-45-6789", "4111 1111 1111 1111", "jane.doe@example-mail.org"):
        assert all(value not in json.dumps(r.body) for r in upstream.requests)


def test_what_veil_serve_suggests_shows_values_hidden_then_restored(env) -> None:  # type: ignore[no-untyped-def]
    """`veil serve` (and so `make run`) prints what to try next: its preview command runs as printed and shows
    the values hidden, then restored with the caller's key; its chat request is valid JSON."""
    from proxy.cli.serve import next_steps
    from proxy.settings import load_settings

    veil, e = env
    lines = next_steps(load_settings(None, port=int(veil.url.rsplit(":", 1)[1]))).splitlines()
    start = next(i for i, line in enumerate(lines) if "/v1/privacy/sanitize" in line)
    done = subprocess.run(["bash", "-o", "pipefail", "-c", "\n".join(lines[start:start + 3])], capture_output=True,
                          text=True, env=e, timeout=120)
    assert done.returncode == 0, done.stderr
    said = "I am John Smith, SSN 123-45-6789, email john.smith@acme-corp.com"
    sent = json.loads(done.stderr)["text"]  # tee /dev/stderr: what would leave the machine
    assert all(value not in sent for value in ("John Smith", "123-45-6789", "john.smith@acme-corp.com")), sent
    assert json.loads(done.stdout) == {"text": said}
    chat = next(line for line in lines if "/v1/chat/completions" in line)
    body = json.loads(chat.split(" -d '", 1)[1].rstrip("'"))
    assert body["model"] == "smollm2-135m-instruct" and "John Smith" in body["messages"][0]["content"]
