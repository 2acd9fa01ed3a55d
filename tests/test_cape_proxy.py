"""Modes cape and prmpt+cape through the proxy with the real SDK and a recording upstream."""

from __future__ import annotations

import asyncio
import json

import httpx
import openai
import pytest

from tests.test_default_deny import ATTACK_PATHS, attack

pytestmark = pytest.mark.model
TEXT = "My doctor said the rash on my left arm needs a biopsy next Tuesday."
PII_TEXT = "My SSN is 123-45-6789 and the rash on my left arm needs a biopsy next Tuesday."


def _client(server, mode: str) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-cape", max_retries=0,
                         default_headers={"x-veil-mode": mode})


def test_cape_mode_perturbs_what_leaves(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off", allowed_modes=["cape"])  # opted in
    raw = _client(veil, "cape").chat.completions.with_raw_response.create(
        model="gpt-4o-mini", messages=[{"role": "system", "content": "Be brief."},
                                       {"role": "user", "content": TEXT}])
    sent = upstream.last.body["messages"]
    assert sent[0]["content"] == "Be brief."  # only the configured roles (user) are perturbed
    assert sent[1]["content"] != TEXT
    # stopword tokens and punctuation are never perturbed (a neighbour may lose its leading space:
    # Cape samples from the whole vocabulary, as the paper does)
    at = 0
    for word in (" the", " on", " my", " a"):
        at = sent[1]["content"].index(word, at) + len(word)
    assert sent[1]["content"].endswith(".")
    reply = raw.parse()
    assert reply.choices[0].message.content == "echo: " + sent[1]["content"]
    assert raw.headers["x-veil-mode"] == "cape"
    assert float(raw.headers["x-veil-cape-epsilon"]) == 6.0
    assert float(raw.headers["x-veil-cape-worst-epsilon"]) > 6.0  # eps + eps' is reported, not hidden
    assert float(raw.headers["x-veil-cape-epsilon-bound"]) > 6.0  # and the data-independent bound
    total = float(raw.headers["x-veil-cape-epsilon-total"])  # the request's bound: a sum over positions
    assert total >= float(raw.headers["x-veil-cape-epsilon-bound"]) and raw.headers["x-veil-cape-context"]
    body = json.loads(raw.http_response.text)
    assert body["veil"]["cape"]["epsilon"] == 6.0


def test_same_prompt_same_perturbation(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off", allowed_modes=["cape"])  # opted in
    seen = set()
    for _ in range(3):
        _client(veil, "cape").chat.completions.create(model="gpt-4o-mini",
                                                     messages=[{"role": "user", "content": TEXT}])
        seen.add(upstream.last.body["messages"][0]["content"])
    assert len(seen) == 1  # keyed seeds: asking again reveals no new draw


def test_prmpt_then_cape_keeps_stand_ins(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off")
    reply = _client(veil, "prmpt+cape").chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": PII_TEXT}])
    sent = upstream.last.body["messages"][0]["content"]
    assert "123-45-6789" not in sent
    stand_in = next(tok for tok in sent.split() if tok.count("-") == 2 and tok.replace("-", "").isdigit())
    assert len(stand_in) == 11  # the SSN stand-in went through Cape byte for byte
    assert "123-45-6789" in (reply.choices[0].message.content or "")  # and came back restored


async def test_concurrent_cape_requests_are_batched(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="cape", workers={"max_batch_size": 8, "max_wait_ms": 50})
    svc = veil.server.config.app.state.veil
    async with httpx.AsyncClient(base_url=veil.url, timeout=120) as h:
        await h.post("/v1/chat/completions", json={"model": "m", "messages": [{"role": "user", "content": "warm up"}]})
        before = svc.pool.stats()["cape"]
        rs = await asyncio.gather(*(h.post("/v1/chat/completions", json={
            "model": "m", "messages": [{"role": "user", "content": f"Sentence number {i} about cats."}]})
            for i in range(8)))
    after = svc.pool.stats()["cape"]
    assert all(r.status_code == 200 for r in rs)
    assert after["items"] - before["items"] == 8 and after["batches"] - before["batches"] < 8


def test_extraction_step_rewrites_answer_locally(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="cape", cape={"extract": True, "extract_max_tokens": 24})
    raw = _client(veil, "cape").chat.completions.with_raw_response.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": TEXT}])
    assert raw.headers["x-veil-extracted"] == "true"
    answer = raw.parse().choices[0].message.content or ""
    assert answer and not answer.startswith("echo: ")  # the local model's rewrite, not the raw answer
    stream = _client(veil, "cape").chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": TEXT}], stream=True)
    assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices)


def test_cape_perturbs_the_user_text_of_every_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    import anthropic

    veil = veil_factory(mode="cape")
    raw = _client(veil, "cape").responses.with_raw_response.create(
        model="gpt-4o-mini", instructions="Be brief.", input=[{"role": "user", "content": [
            {"type": "input_text", "text": TEXT}]}])
    sent = upstream.last.body
    assert sent["instructions"] == "Be brief." and sent["input"][0]["content"][0]["text"] != TEXT
    assert raw.parse().output_text == "echo: " + sent["input"][0]["content"][0]["text"]
    assert float(raw.headers["x-veil-cape-epsilon"]) == 6.0
    client = anthropic.Anthropic(base_url=veil.url, api_key="sk-cape", max_retries=0)
    reply = client.messages.with_raw_response.create(
        model="claude-x", max_tokens=20, system="Be brief.", messages=[{"role": "user", "content": TEXT}])
    sent = upstream.last.body
    assert sent["system"] == "Be brief." and sent["messages"][0]["content"] != TEXT
    assert reply.headers["x-veil-mode"] == "cape" and float(reply.headers["x-veil-cape-worst-epsilon"]) > 6.0


@pytest.mark.parametrize("path", ATTACK_PATHS)
def test_an_attackers_request_in_prmpt_cape_mode(path, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    """Mode prmpt+cape (Cape on the default int8 candidate table on a CPU): the attacker's request of
    tests/test_default_deny.py leaks nothing on any surface and every value comes back restored (Cape
    leaves Prmpt's stand-ins alone, so their restoration survives the perturbation)."""
    attack(veil_factory(mode="prmpt+cape"), upstream, path)
