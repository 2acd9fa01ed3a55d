"""End to end with the real packaged model (SmolLM2-135M-Instruct): the embedded default."""

from __future__ import annotations

from collections.abc import Iterator

import openai
import pytest

from conftest import TEST_MASTER_KEY, make_settings
from live import LiveServer

pytestmark = pytest.mark.model
MODEL = "smollm2-135m-instruct"


@pytest.fixture(scope="module")
def local_veil() -> Iterator[LiveServer]:
    from proxy.app import create_app

    settings = make_settings(upstream={"base_url": None}, mode="off", local_model={"preload": True})
    with LiveServer(create_app(settings, master_key=TEST_MASTER_KEY)) as server:
        yield server


def sdk(server: LiveServer) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.url + "/v1", api_key="unused", max_retries=0)


def test_short_chat_answer(local_veil: LiveServer) -> None:
    resp = sdk(local_veil).chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "What is the capital of France?"}],
        temperature=0, max_tokens=20)
    assert "Paris" in (resp.choices[0].message.content or "")
    assert resp.usage is not None and resp.usage.completion_tokens > 0
    assert resp.choices[0].finish_reason in ("stop", "length")


def test_streamed_chat_answer_matches_non_stream(local_veil: LiveServer) -> None:
    msgs = [{"role": "user", "content": "What is the capital of France?"}]
    whole = sdk(local_veil).chat.completions.create(model=MODEL, messages=msgs, temperature=0, max_tokens=20)
    stream = sdk(local_veil).chat.completions.create(
        model=MODEL, messages=msgs, temperature=0, max_tokens=20, stream=True,
        stream_options={"include_usage": True})
    chunks = list(stream)
    deltas = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    assert len(deltas) > 2  # token by token, not one blob
    assert "".join(deltas) == whole.choices[0].message.content
    assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens == whole.usage.completion_tokens


def test_stop_sequence_and_seed(local_veil: LiveServer) -> None:
    c = sdk(local_veil)
    msgs = [{"role": "user", "content": "Count from 1 to 10 separated by commas."}]
    full = c.chat.completions.create(model=MODEL, messages=msgs, temperature=0, max_tokens=40)
    text = full.choices[0].message.content or ""
    assert "5" in text
    cut = c.chat.completions.create(model=MODEL, messages=msgs, temperature=0, max_tokens=40, stop=["5"])
    assert cut.choices[0].message.content == text[: text.index("5")]
    a = c.chat.completions.create(model=MODEL, messages=msgs, temperature=1.0, max_tokens=15, seed=7)
    b = c.chat.completions.create(model=MODEL, messages=msgs, temperature=1.0, max_tokens=15, seed=7)
    assert a.choices[0].message.content == b.choices[0].message.content


def test_local_completion_embeddings_and_models(local_veil: LiveServer) -> None:
    c = sdk(local_veil)
    comp = c.completions.create(model=MODEL, prompt="The sky is", max_tokens=5, temperature=0)
    assert comp.choices[0].text
    emb = c.embeddings.create(model=MODEL, input=["hello", "world"])  # base64 on the wire
    assert len(emb.data) == 2 and len(emb.data[0].embedding) == 576
    assert abs(sum(x * x for x in emb.data[0].embedding) - 1.0) < 1e-3
    assert [m.id for m in c.models.list()] == [MODEL]


@pytest.fixture(scope="module")
def local_prmpt_veil() -> Iterator[LiveServer]:
    from proxy.app import create_app

    settings = make_settings(upstream={"base_url": None}, mode="prmpt", local_model={"preload": True},
                             watermark={"allow_per_request": True})
    with LiveServer(create_app(settings, master_key=TEST_MASTER_KEY)) as server:
        yield server


def test_local_model_answers_the_responses_api(local_prmpt_veil: LiveServer) -> None:
    client = sdk(local_prmpt_veil)
    resp = client.responses.create(model=MODEL, instructions="Answer in one word.",
                                   input="What is the capital of France?", temperature=0, max_output_tokens=12)
    assert "Paris" in resp.output_text and resp.status in ("completed", "incomplete")
    assert resp.usage is not None and resp.usage.output_tokens > 0
    with client.responses.stream(model=MODEL, input="What is the capital of France?", temperature=0,
                                 max_output_tokens=12) as stream:
        deltas = [e.delta for e in stream if e.type == "response.output_text.delta"]
        final = stream.get_final_response()
    assert "".join(deltas) == final.output_text and "Paris" in final.output_text
    raw = client.responses.with_raw_response.create(
        model=MODEL, input="Tell me a story.", temperature=1.0, max_output_tokens=8,
        extra_headers={"x-veil-watermark": "on"})
    assert raw.headers["x-veil-watermark"].startswith("on; key_id=")


def test_local_model_answers_the_messages_api(local_prmpt_veil: LiveServer) -> None:
    import anthropic

    client = anthropic.Anthropic(base_url=local_prmpt_veil.url, api_key="unused", max_retries=0)
    msg = client.messages.create(model=MODEL, max_tokens=12, system="Answer in one word.",
                                 messages=[{"role": "user", "content": "What is the capital of France?"}],
                                 extra_body={"temperature": 0})
    assert "Paris" in msg.content[0].text and msg.stop_reason in ("end_turn", "max_tokens")
    with client.messages.stream(model=MODEL, max_tokens=12, extra_body={"temperature": 0},
                                messages=[{"role": "user", "content": "What is the capital of France?"}]) as s:
        text = "".join(s.text_stream)
        final = s.get_final_message()
    assert text == final.content[0].text and "Paris" in text
    count = client.messages.count_tokens(model=MODEL, messages=[{"role": "user", "content": "hello"}])
    assert count.input_tokens > 0
