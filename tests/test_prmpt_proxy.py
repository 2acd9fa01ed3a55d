"""Mode prmpt through the proxy: nothing structured leaves, everything comes back, streams included."""

from __future__ import annotations

import json
import logging
import random

import httpx
import openai
import pytest
from faker import Faker

STRUCTURED = ("ssn", "card", "email", "phone")


def _prompts(n: int, seed: int = 11) -> list[dict[str, str]]:
    fake = Faker("en_US")
    Faker.seed(seed)
    rnd = random.Random(seed)
    templates = [
        "Hi, I am {name}. My SSN is {ssn} and my card {card} was charged twice. Email me at {email}.",
        "Customer record:\nname: {name}\nphone: {phone}\nemail: {email}\nssn: {ssn}\n",
        '{{"customer": "{name}", "card_number": "{card}", "contact": "{email}"}}',
        "Please call {name} on {phone} about card {card}; SSN on file {ssn}.",
        "| name | email | phone |\n|---|---|---|\n| {name} | {email} | {phone} |",
        "Draft a reply to {email} confirming that the refund to card {card} is done. Sign as {name}.",
    ]
    out = []
    for i in range(n):
        values = {"name": fake.name(), "ssn": fake.ssn(), "card": fake.credit_card_number(card_type="visa16"),
                  "email": fake.free_email(), "phone": fake.numerify("(###) 555-0###")}
        template = templates[i % len(templates)] if i < len(templates) else rnd.choice(templates)
        values = {k: v for k, v in values.items() if "{" + k + "}" in template}
        out.append({"text": template.format(**values), **values})
    return out


PROMPTS = _prompts(18)


@pytest.fixture()
def prmpt_veil(veil_factory):  # type: ignore[no-untyped-def]
    return veil_factory(mode="prmpt")


def sdk(server) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-user-1", max_retries=0)


def test_no_structured_value_reaches_upstream_and_answers_restore(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    names_leaked = 0
    for case in PROMPTS:
        resp = sdk(prmpt_veil).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": case["text"]}])
        sent = json.dumps(upstream.last.body)
        for kind in STRUCTURED:
            if kind in case:
                assert case[kind] not in sent, f"{kind} leaked upstream"
        if "name" in case and case["name"] in sent:
            names_leaked += 1
        assert resp.choices[0].message.content == "echo: " + case["text"]  # restored exactly
    assert names_leaked <= len(PROMPTS) // 6  # names rely on NER recall (docs/prmpt.md: measured recall)


def test_headers_and_veil_field_report_without_values(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    with httpx.Client(base_url=prmpt_veil.url) as h:
        r = h.post("/v1/chat/completions", json={"model": "gpt-4o-mini",
                                                "messages": [{"role": "user", "content": case["text"]}]})
    assert r.status_code == 200
    assert r.headers["x-veil-mode"] == "prmpt"
    counts = dict(kv.split("=") for kv in r.headers["x-veil-entities"].split(","))
    assert counts["US_SSN"] == "1" and counts["CREDIT_CARD"] == "1" and counts["EMAIL_ADDRESS"] == "1"
    assert r.json()["veil"]["entities"]["US_SSN"] == 1
    for header, value in r.headers.items():
        if header.startswith("x-veil"):
            assert not any(case[k] in value for k in STRUCTURED if k in case)


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 13])
def test_stream_restores_across_chunk_boundaries(prmpt_veil, upstream, chunk) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[chunk % len(PROMPTS)]
    stream = openai.OpenAI(base_url=prmpt_veil.url + "/v1", api_key="sk-user-1", max_retries=0,
                           default_headers={"x-mock-chunk": str(chunk)}).chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": case["text"]}], stream=True,
        stream_options={"include_usage": True})
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "echo: " + case["text"]
    assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens == 12
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"


def test_streamed_tool_call_arguments_restored(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    stream = sdk(prmpt_veil).chat.completions.create(
        model="mock-tools", messages=[{"role": "user", "content": case["text"]}], stream=True)
    args = ""
    for c in stream:
        for call in c.choices[0].delta.tool_calls or [] if c.choices else []:
            args += call.function.arguments or "" if call.function else ""
    assert json.loads(args) == {"query": "echo: " + case["text"]}
    whole = sdk(prmpt_veil).chat.completions.create(
        model="mock-tools", messages=[{"role": "user", "content": case["text"]}])
    call = whole.choices[0].message.tool_calls[0]
    assert json.loads(call.function.arguments) == {"query": "echo: " + case["text"]}


def test_tool_call_history_sanitized_and_valid_json(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    messages = [
        {"role": "user", "content": "look up the customer"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "lookup", "arguments": json.dumps({"ssn": case["ssn"], "email": case["email"]})}}]},
        {"role": "tool", "tool_call_id": "c1", "content": f"found: card {case['card']}"},
        {"role": "user", "content": [{"type": "text", "text": f"and email {case['email']}?"}]},
    ]
    sdk(prmpt_veil).chat.completions.create(model="gpt-4o-mini", messages=messages)
    sent = upstream.last.body["messages"]
    args = json.loads(sent[1]["tool_calls"][0]["function"]["arguments"])  # still valid JSON
    assert set(args) == {"ssn", "email"} and args["ssn"] != case["ssn"] and args["email"] != case["email"]
    assert case["card"] not in sent[2]["content"]
    assert case["email"] not in sent[3]["content"][0]["text"]
    assert args["email"] in sent[3]["content"][0]["text"]  # same value, same stand-in in every field


def test_five_turn_conversation_keeps_stand_ins(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    client = sdk(prmpt_veil)
    history: list[dict[str, str]] = []
    sent_histories = []
    for turn in range(5):
        case = PROMPTS[turn]
        history.append({"role": "user", "content": case["text"]})
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=history)
        history.append({"role": "assistant", "content": reply.choices[0].message.content or ""})
        assert reply.choices[0].message.content == "echo: " + case["text"]
        sent_histories.append(upstream.last.body["messages"])
    for turn in range(1, 5):  # what was sent for earlier turns is sent identically again
        earlier = sent_histories[turn - 1]
        assert sent_histories[turn][: len(earlier)] == earlier


def test_fail_closed_when_annotator_breaks(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    svc = prmpt_veil.server.config.app.state.veil
    annotator = svc.engine.sanitizer.annotator
    original = annotator.annotate_many

    def broken(*a, **k):  # type: ignore[no-untyped-def]
        raise RuntimeError("annotator exploded on " + PROMPTS[0]["ssn"])

    annotator.annotate_many = broken
    try:
        with httpx.Client(base_url=prmpt_veil.url) as h:
            r = h.post("/v1/chat/completions", json={"model": "gpt-4o-mini",
                                                    "messages": [{"role": "user", "content": PROMPTS[0]["text"]}]})
            rs = h.post("/v1/chat/completions", json={"model": "gpt-4o-mini", "stream": True,
                                                     "messages": [{"role": "user", "content": PROMPTS[0]["text"]}]})
    finally:
        annotator.annotate_many = original
    for resp in (r, rs):
        assert resp.status_code == 503 and resp.headers["retry-after"]
        assert resp.json()["error"]["type"] == "service_unavailable"
        assert PROMPTS[0]["ssn"] not in resp.text
    assert upstream.requests == []  # nothing was forwarded
    ok = sdk(prmpt_veil).chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "hello"}])
    assert ok.choices[0].message.content == "echo: hello"  # recovered without a restart


def test_no_value_in_logs(prmpt_veil, upstream, caplog) -> None:  # type: ignore[no-untyped-def]
    from proxy.logs import JsonFormatter

    caplog.set_level(logging.DEBUG)
    for case in PROMPTS[:6]:
        sdk(prmpt_veil).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": case["text"]}])
        list(sdk(prmpt_veil).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": case["text"]}], stream=True))
    formatter = JsonFormatter()
    lines = [formatter.format(rec) for rec in caplog.records]
    assert any('"route": "chat"' in line for line in lines)  # the request log lines were captured
    for case in PROMPTS[:6]:
        for kind in ("name", *STRUCTURED):
            if kind in case:
                assert not any(case[kind] in line for line in lines), f"{kind} in a log line"


def test_completions_and_embeddings_inputs_sanitized(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    comp = sdk(prmpt_veil).completions.create(model="gpt-3.5-turbo-instruct", prompt=case["text"])
    assert case["ssn"] not in json.dumps(upstream.last.body)
    assert comp.choices[0].text == "echo: " + case["text"]
    sdk(prmpt_veil).embeddings.create(model="text-embedding-3-small", input=[case["text"], "plain"])
    assert case["ssn"] not in json.dumps(upstream.last.body) and upstream.last.body["input"][1] == "plain"
    with pytest.raises(openai.BadRequestError):  # token arrays cannot be inspected: refused, not forwarded
        sdk(prmpt_veil).embeddings.create(model="text-embedding-3-small", input=[[1, 2, 3]])


def test_mode_header_per_request(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    veil = veil_factory(mode="prmpt", allowed_modes=["off", "prmpt"])  # off only where the operator opts in
    with httpx.Client(base_url=veil.url) as h:
        r = h.post("/v1/chat/completions", headers={"x-veil-mode": "off"},
                   json={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": case["text"]}]})
    assert r.headers["x-veil-mode"] == "off" and case["ssn"] in json.dumps(upstream.last.body)


def test_privacy_preview_endpoints(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    case = PROMPTS[0]
    with httpx.Client(base_url=prmpt_veil.url, headers={"authorization": "Bearer sk-user-1"}) as h:
        s = h.post("/v1/privacy/sanitize", json={"text": case["text"]}).json()
        assert case["ssn"] not in s["text"] and {e["type"] for e in s["entities"]} >= {"US_SSN", "CREDIT_CARD"}
        assert case["ssn"] not in json.dumps(s)  # records carry no original values
        d = h.post("/v1/privacy/desanitize", json={"text": s["text"]}).json()
        assert d["text"] == case["text"]
        m = h.post("/v1/privacy/sanitize", json={"messages": [{"role": "user", "content": case["text"]}]}).json()
        assert m["messages"][0]["content"] == s["text"]
        other = httpx.post(prmpt_veil.url + "/v1/privacy/desanitize", json={"text": s["text"]},
                           headers={"authorization": "Bearer sk-user-2"}).json()
        assert case["ssn"] not in other["text"]  # another user's key does not decrypt
    assert upstream.requests == []


def test_per_request_dependency_rules(prmpt_veil, upstream) -> None:  # type: ignore[no-untyped-def]
    from mechanisms.prmpt.numbers import parse_number

    text = "My quarterly bonus is $9,000 and my annual bonus is $36,000."
    rule = [{"entity_type": "MONEY", "factor": 4, "determinant_context": "quarterly",
             "dependent_context": "annual"}]

    def sent_amounts() -> list[float]:
        content = upstream.last.body["messages"][0]["content"]
        return [parse_number(w).value for w in content.split() if w.startswith("$")]  # type: ignore[union-attr]

    with httpx.Client(base_url=prmpt_veil.url, timeout=30) as h:
        body = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": text}]}
        r = h.post("/v1/chat/completions", json=body, headers={"x-veil-dependencies": json.dumps(rule)})
        assert r.status_code == 200
        quarterly, annual = sent_amounts()
        assert annual == pytest.approx(4 * quarterly)  # derived from the noised determinant
        r = h.post("/v1/chat/completions", json={**body, "veil": {"dependencies": rule}})
        assert r.status_code == 200 and "veil" not in upstream.last.body  # Veil's options stay here
        assert sent_amounts()[1] == pytest.approx(4 * sent_amounts()[0])
        bad = h.post("/v1/chat/completions", json=body, headers={"x-veil-dependencies": "{not json"})
        assert bad.status_code == 400 and bad.json()["error"]["param"] == "X-Veil-Dependencies"
