"""The OpenAI Responses API and the Anthropic Messages API through Veil, with the official SDKs, in front
of the recording mock upstream: nothing leaves verbatim, everything comes back, streams included."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import anthropic
import httpx
import openai
import pytest

SSN, EMAIL, CARD, PHONE = "123-45-6789", "john.smith@acme-corp.com", "4111 1111 1111 1111", "(415) 555-0132"
VALUES = (SSN, EMAIL, CARD)
TEXT = f"I am John Smith, SSN {SSN}, card {CARD}, email {EMAIL}."


SIGNATURE = base64.b64encode(hashlib.sha512(b"signature").digest()).decode()  # a provider's blob shape


@pytest.fixture()
def veil(veil_factory):  # type: ignore[no-untyped-def]
    return veil_factory(mode="prmpt")


def oai(server, **kw) -> openai.OpenAI:  # type: ignore[no-untyped-def]
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-user-1", max_retries=0, **kw)


def ant(server, **kw) -> anthropic.Anthropic:  # type: ignore[no-untyped-def]
    return anthropic.Anthropic(base_url=server.url, api_key="sk-ant-user-1", max_retries=0, **kw)


def assert_hidden(body: object) -> None:
    sent = json.dumps(body, ensure_ascii=False)
    for value in VALUES:
        assert value not in sent, f"{value} reached the upstream"


# ---- OpenAI Responses API ------------------------------------------------------------------------
RESPONSES_TOOLS = [{"type": "function", "name": "lookup", "description": f"Find the customer {EMAIL}",
                    "parameters": {"type": "object", "properties": {"ssn": {
                        "type": "string", "description": f"like {SSN}", "enum": [SSN], "default": SSN}},
                        "required": ["ssn"]}}]


def test_responses_every_field_sanitized_and_answer_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    items = [
        {"role": "user", "content": [{"type": "input_text", "text": TEXT}]},
        {"type": "function_call", "call_id": "call_9", "name": "lookup", "arguments": json.dumps({"ssn": SSN})},
        {"type": "function_call_output", "call_id": "call_9", "output": json.dumps({"card": CARD})},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": f"mail {EMAIL}"}]},
        {"role": "user", "content": TEXT},
    ]
    resp = oai(veil).responses.create(
        model="gpt-4o-mini", input=items, instructions=f"Customer SSN {SSN}", tools=RESPONSES_TOOLS,
        metadata={"contact": EMAIL}, user=EMAIL, safety_identifier=EMAIL,
        text={"format": {"type": "json_schema", "name": "card_info", "description": f"for {CARD}",
                         "schema": {"type": "object", "properties": {"x": {"type": "string",
                                                                           "description": SSN}}}}})
    sent = upstream.last.body
    assert_hidden(sent)
    assert json.loads(sent["input"][1]["arguments"]).keys() == {"ssn"}  # JSON kept valid
    assert json.loads(sent["input"][2]["output"]).keys() == {"card"}
    # a call id the client made up leaves as a stand-in of the provider's shape, the same for the call and
    # its output; an item id the provider issued is kept
    assert re.fullmatch(r"call_[A-Za-z0-9]{24}", sent["input"][1]["call_id"])
    assert sent["input"][1]["call_id"] == sent["input"][2]["call_id"] and sent["input"][3]["id"] == "rs_1"
    assert sent["tools"][0]["parameters"]["required"] == ["ssn"] and sent["model"] == "gpt-4o-mini"
    assert resp.output_text == "echo: " + TEXT  # restored
    assert resp.instructions == f"Customer SSN {SSN}" and resp.metadata == {"contact": EMAIL}


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 13])
def test_responses_stream_restores_at_every_split(veil, upstream, chunk) -> None:  # type: ignore[no-untyped-def]
    client = oai(veil, default_headers={"x-mock-chunk": str(chunk)})
    deltas = []
    with client.responses.stream(model="gpt-4o-mini", input=TEXT) as stream:
        for event in stream:
            if event.type == "response.output_text.delta":
                deltas.append(event.delta)
        final = stream.get_final_response()
    assert_hidden(upstream.last.body)
    assert "".join(deltas) == "echo: " + TEXT == final.output_text


@pytest.mark.parametrize("chunk", [1, 4, 7])
def test_responses_function_call_arguments_restored(veil, upstream, chunk) -> None:  # type: ignore[no-untyped-def]
    client = oai(veil, default_headers={"x-mock-chunk": str(chunk)})
    whole = client.responses.create(model="mock-tools", input=TEXT, tools=RESPONSES_TOOLS)
    assert json.loads(whole.output[0].arguments) == {"query": "echo: " + TEXT}
    args = ""
    with client.responses.stream(model="mock-tools", input=TEXT, tools=RESPONSES_TOOLS) as stream:
        for event in stream:
            if event.type == "response.function_call_arguments.delta":
                args += event.delta
        final = stream.get_final_response()
    assert json.loads(args) == {"query": "echo: " + TEXT} == json.loads(final.output[0].arguments)


def test_responses_earlier_turns_restored_through_the_turn_cache(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    client = oai(veil)
    first = client.responses.create(model="gpt-4o-mini", input=TEXT)
    second = client.responses.create(model="mock-recall", input="and what did I say?",
                                     previous_response_id=first.id)
    assert "| earlier: " + TEXT in second.output_text  # values of a turn this request does not carry
    stored = client.responses.retrieve(first.id)
    assert stored.output_text == "echo: " + TEXT
    items = client.responses.input_items.list(first.id)
    assert items.data[0].content[0].text == TEXT
    client.responses.delete(first.id)
    other = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-2", max_retries=0)
    again = other.responses.create(model="mock-recall", input="hi", previous_response_id=second.id)
    assert SSN not in again.output_text  # another user's turns are not restored for this one


def test_stored_responses_go_through_the_pipeline(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    """Fetching a stored response is a request like the others: counted, logged and observed by route."""
    veil = veil_factory(mode="prmpt", inspector={"recent_requests": True})
    client = oai(veil)
    first = client.responses.create(model="gpt-4o-mini", input=TEXT)
    assert client.responses.retrieve(first.id).output_text == "echo: " + TEXT
    client.responses.input_items.list(first.id)
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        assert h.get("/v1/responses/resp_1%0A").status_code == 400
        recent = h.get("/inspector/api/recent").json()["requests"]
        metrics = h.get("/metrics").text
    routes = [(r["route"], r["status"]) for r in recent]
    assert ("responses_stored", 200) in routes and ("responses_input_items", 200) in routes
    assert ("responses_stored", 400) in routes and ("responses", 200) in routes
    assert re.search(r'veil_requests_total\{[^}]*route="responses_stored"', metrics), metrics[:2000]


@pytest.mark.parametrize("tail", ["", "/input_items"])
def test_a_stored_response_id_with_a_final_newline_is_refused(veil, upstream, tail) -> None:  # type: ignore[no-untyped-def]
    """An id ending in "\n" (%0A) once passed the id check ("$" matches before a final newline) and broke
    the upstream URL: a 500. It is a 400 in OpenAI's format, and nothing is sent."""
    before = len(upstream.requests)
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        answer = h.get(f"/v1/responses/resp_1%0A{tail}", headers={"authorization": "Bearer sk-user"})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["param"] == "response_id"
    assert len(upstream.requests) == before


def test_responses_turn_cache_off_keeps_stand_ins(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", sanitize={"turn_cache": {"enabled": False}})
    client = oai(veil)
    first = client.responses.create(model="gpt-4o-mini", input=TEXT)
    second = client.responses.create(model="mock-recall", input="again", previous_response_id=first.id)
    assert SSN not in second.output_text  # documented: without the cache earlier turns stay hidden


def test_responses_errors_in_openai_format(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    client = oai(veil)
    with pytest.raises(openai.RateLimitError):
        client.responses.create(model="mock-error-429", input="hi")
    with pytest.raises(openai.BadRequestError) as bad:
        client.responses.create(model="gpt-4o-mini", input=42)  # type: ignore[arg-type]
    assert bad.value.body["param"] == "input"
    with pytest.raises(openai.InternalServerError) as invalid:  # a 200 that is not JSON: 502
        client.responses.create(model="mock-badjson", input="hi")
    assert invalid.value.status_code == 502


# ---- Anthropic Messages API ----------------------------------------------------------------------
MESSAGES_TOOLS = [{"name": "lookup", "description": f"Find the customer {EMAIL}",
                   "input_schema": {"type": "object", "properties": {
                       "ssn": {"type": "string", "description": f"like {SSN}", "enum": [SSN]}}}}]


def test_messages_every_field_sanitized_and_answer_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    messages = [
        {"role": "user", "content": [{"type": "text", "text": TEXT}]},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "plan", "signature": SIGNATURE},
            {"type": "tool_use", "id": "toolu_9", "name": "lookup", "input": {"ssn": SSN, "n": 3}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_9", "content": f"card {CARD}"},
            {"type": "tool_result", "tool_use_id": "toolu_9", "content": [{"type": "text", "text": EMAIL}]},
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": TEXT}},
            {"type": "text", "text": TEXT}]},
    ]
    raw = ant(veil).messages.with_raw_response.create(
        model="claude-x", max_tokens=100, system=[{"type": "text", "text": f"Customer {EMAIL}"}],
        messages=messages, tools=MESSAGES_TOOLS, metadata={"user_id": EMAIL}, stop_sequences=[SSN])
    sent = upstream.last.body
    assert_hidden(sent)
    tool_use = sent["messages"][1]["content"][1]
    assert tool_use["input"]["n"] == 3 and tool_use["input"]["ssn"] != SSN
    assert re.fullmatch(r"toolu_[A-Za-z0-9]{24}", tool_use["id"])  # a made-up id: a stand-in of the shape
    assert sent["messages"][2]["content"][0]["tool_use_id"] == tool_use["id"]  # its result still matches
    assert sent["messages"][1]["content"][0] == {"type": "thinking", "thinking": "plan", "signature": SIGNATURE}
    assert sent["stop_sequences"][0] in sent["messages"][0]["content"][0]["text"]  # same stand-in: still matches
    reply = raw.parse()
    assert reply.content[0].text == "echo: " + TEXT
    assert raw.headers["x-veil-mode"] == "prmpt" and "US_SSN=" in raw.headers["x-veil-entities"]


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 13])
def test_messages_stream_restores_text_and_tool_json(veil, upstream, chunk) -> None:  # type: ignore[no-untyped-def]
    client = ant(veil, default_headers={"x-mock-chunk": str(chunk)})
    with client.messages.stream(model="claude-x", max_tokens=50, messages=[{"role": "user", "content": TEXT}]) as s:
        text = "".join(s.text_stream)
        final = s.get_final_message()
    assert text == "echo: " + TEXT == final.content[0].text
    with client.messages.stream(model="mock-tools", max_tokens=50, tools=MESSAGES_TOOLS,
                                messages=[{"role": "user", "content": TEXT}]) as s:
        final = s.get_final_message()
    assert final.content[0].input == {"query": "echo: " + TEXT}
    assert_hidden(upstream.last.body)


def test_messages_stop_sequence_and_tool_use_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    client = ant(veil)
    stopped = client.messages.create(model="mock-stop", max_tokens=20, stop_sequences=[SSN],
                                     messages=[{"role": "user", "content": TEXT}])
    assert stopped.stop_reason == "stop_sequence" and stopped.stop_sequence == SSN
    tool = client.messages.create(model="mock-tools", max_tokens=20, tools=MESSAGES_TOOLS,
                                  messages=[{"role": "user", "content": TEXT}])
    assert tool.content[0].input == {"query": "echo: " + TEXT}


def test_messages_count_tokens_on_sanitized_text(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    count = ant(veil).messages.count_tokens(model="claude-x", messages=[{"role": "user", "content": TEXT}])
    assert count.input_tokens > 0
    assert upstream.last.path == "/v1/messages/count_tokens"
    assert_hidden(upstream.last.body)


def test_messages_errors_in_anthropic_format(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    client = ant(veil)
    with pytest.raises(anthropic.RateLimitError) as limited:
        client.messages.create(model="mock-error-429", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert limited.value.body["error"]["type"] == "rate_limit_error"
    with pytest.raises(anthropic.BadRequestError) as bad:
        client.messages.create(model="claude-x", max_tokens=0, messages=[{"role": "user", "content": "hi"}])
    assert bad.value.body["type"] == "error" and bad.value.body["error"]["type"] == "invalid_request_error"
    with pytest.raises(anthropic.InternalServerError) as invalid:
        client.messages.create(model="mock-badjson", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    assert invalid.value.status_code == 502 and invalid.value.body["error"]["type"] == "api_error"
    r = httpx.post(veil.url + "/v1/messages", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["type"] == "error"


def test_messages_headers_forwarded_and_configured_key(veil_factory, upstream, upstream_server) -> None:  # type: ignore[no-untyped-def]
    url = upstream_server[1].url
    veil = veil_factory(mode="prmpt", upstream={"base_url": url + "/v1", "api_key": "sk-configured"})
    ant(veil, default_headers={"anthropic-beta": "tools-2024-04-04"}).messages.create(
        model="claude-x", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    headers = upstream.last.headers
    assert headers["x-api-key"] == "sk-configured" and "sk-ant-user-1" not in json.dumps(headers)
    assert headers["anthropic-beta"] == "tools-2024-04-04" and headers["anthropic-version"]


# ---- content that cannot be inspected ------------------------------------------------------------
IMAGE = "data:image/png;base64,iVBORw0KGgo="


def test_non_text_content_rejected_in_each_format(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(openai.BadRequestError) as chat:
        oai(veil).chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": [
            {"type": "text", "text": "what is this"}, {"type": "image_url", "image_url": {"url": IMAGE}}]}])
    assert chat.value.body["param"] == "sanitize.non_text_content"
    with pytest.raises(openai.BadRequestError):
        oai(veil).responses.create(model="gpt-4o-mini", input=[{"role": "user", "content": [
            {"type": "input_image", "image_url": IMAGE}]}])
    with pytest.raises(anthropic.BadRequestError) as msg:
        ant(veil).messages.create(model="claude-x", max_tokens=5, messages=[{"role": "user", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}]}])
    assert "sanitize.non_text_content" in msg.value.body["error"]["message"]
    with pytest.raises(openai.BadRequestError):  # a data URL in a field of any name is binary content
        oai(veil).chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "hi"}],
                                          extra_body={"attachment": IMAGE})
    assert upstream.requests == []  # nothing was forwarded


def test_non_text_content_forwarded_and_reported_when_allowed(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", sanitize={"non_text_content": "forward"})
    raw = oai(veil).chat.completions.with_raw_response.create(model="gpt-4o-mini", messages=[{"role": "user", "content": [
        {"type": "text", "text": TEXT}, {"type": "image_url", "image_url": {"url": IMAGE}}]}])
    assert raw.headers["x-veil-uninspected"] == "image=1" and raw.parse().veil["uninspected"] == {"image": 1}
    sent = upstream.last.body["messages"][0]["content"]
    assert sent[1]["image_url"]["url"] == IMAGE and SSN not in sent[0]["text"]


def test_mode_off_upstream_invalid_json_is_502_on_every_surface(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off")
    for path, body in (("/v1/chat/completions", {"messages": [{"role": "user", "content": "x"}]}),
                       ("/v1/responses", {"input": "x"}),
                       ("/v1/messages", {"max_tokens": 5, "messages": [{"role": "user", "content": "x"}]})):
        r = httpx.post(veil.url + path, json={"model": "mock-badjson", **body}, timeout=30)
        assert r.status_code == 502, path
        assert ("error" in r.json()) and (r.json().get("type") == "error") == (path == "/v1/messages")


def test_mode_off_is_a_byte_pass_through_on_new_surfaces(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="off")
    raw = b'{"model":"gpt-4o-mini","input":"' + TEXT.encode() + b'",  "store":false}'
    httpx.post(veil.url + "/v1/responses", content=raw, headers={"content-type": "application/json"}, timeout=30)
    assert upstream.last.body["input"] == TEXT
    stream = ant(veil).messages.create(model="claude-x", max_tokens=5, stream=True,
                                       messages=[{"role": "user", "content": TEXT}])
    assert "".join(e.delta.text for e in stream if e.type == "content_block_delta") == "echo: " + TEXT
