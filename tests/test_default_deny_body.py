"""Default deny over every byte of the body and the URL path (issue 23): numbers, object keys, fields
that accept only what they are for, ids, encodings and reasoning blocks. Each test sends the
attacker's request in mode prmpt through the recording mock upstream, checks that nothing arrives
verbatim, and that the answer (the mock echoes the whole body it got) comes back restored."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

import httpx
import pytest

EMAIL, SSN, CARD = "john.smith@acme-corp.com", "123-45-6789", "4111 1111 1111 1111"
FERNET = base64.urlsafe_b64encode(b"\x80" + hashlib.sha512(b"fernet").digest()).decode()
SIGNATURE = base64.b64encode(hashlib.sha512(b"signature").digest()).decode()


@pytest.fixture()
def veil(veil_factory):  # type: ignore[no-untyped-def]
    return veil_factory(mode="prmpt")


def post(veil, path: str, body: dict[str, Any], **kw: Any) -> httpx.Response:  # type: ignore[no-untyped-def]
    return httpx.post(veil.url + path, json=body, timeout=60, **kw)


def chat(messages: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    return {"model": "mock-echo-all", "messages": messages or [{"role": "user", "content": "hi"}], **extra}


def tool_turn(args: dict[str, Any], call_id: str = "call_1") -> list[dict[str, Any]]:
    return [{"role": "user", "content": "look it up"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": {
                "name": "lookup", "arguments": json.dumps(args)}}]},
            {"role": "tool", "tool_call_id": call_id, "content": "ok"}]


def echoed(reply: httpx.Response) -> str:
    assert reply.status_code == 200, reply.text
    return reply.json()["choices"][0]["message"]["content"]


# ---- 1. numbers -------------------------------------------------------------------------------------
def test_numbers_that_carry_values_leave_as_numbers_of_the_same_type_and_digits(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    schema = {"type": "object", "properties": {"ssn": {"type": "integer", "enum": [123456789, 7],
                                                       "default": 123456789, "examples": [4155550132]}},
              "maxLength": 1000}
    body = chat(tool_turn({"ssn": 123456789, "card": 4111111111111111.0, "count": 42}),
                metadata={"ssn": 123456789, "zip": 94107}, x_unknown={"phone": 4155550132, "rate": 12.5},
                tools=[{"type": "function", "function": {"name": "lookup", "parameters": schema}}],
                max_tokens=1000, temperature=0.7, top_p=0.95, n=1, frequency_penalty=0.5)
    answer = echoed(post(veil, "/v1/chat/completions", body))
    sent = upstream.last.body
    dumped = json.dumps(sent)
    for digits in ("123456789", "4111111111111111", "4155550132", "94107"):
        assert digits not in dumped, digits  # nowhere: metadata, unknown fields, schema, tool arguments
        assert digits in answer, digits  # and every one comes back
    args = json.loads(sent["messages"][1]["tool_calls"][0]["function"]["arguments"])
    assert isinstance(args["ssn"], int) and len(str(args["ssn"])) == 9
    assert isinstance(args["card"], float) and len(str(int(args["card"]))) == 16  # a float stays a float
    assert args["count"] == 42 and sent["x_unknown"]["rate"] == 12.5  # too short to carry a value
    assert isinstance(sent["metadata"]["ssn"], int) and len(str(sent["metadata"]["ssn"])) == 9
    enum = sent["tools"][0]["function"]["parameters"]["properties"]["ssn"]
    assert isinstance(enum["default"], int) and enum["enum"][1] == 7 and isinstance(enum["examples"][0], int)
    assert (sent["max_tokens"], sent["temperature"], sent["top_p"], sent["n"], sent["frequency_penalty"]) == (
        1000, 0.7, 0.95, 1, 0.5)  # structural numbers keep their meaning
    assert sent["tools"][0]["function"]["parameters"]["maxLength"] == 1000


def test_a_number_stand_in_never_loses_a_digit(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    """A stand-in with a leading zero cannot be a JSON integer of the same digits: it is encrypted again."""
    values = [123456789 + 1111 * i for i in range(40)]
    body = chat(metadata={f"ssn_{i}": v for i, v in enumerate(values)})
    answer = echoed(post(veil, "/v1/chat/completions", body))
    sent = upstream.last.body["metadata"]
    for i, v in enumerate(values):
        assert isinstance(sent[f"ssn_{i}"], int) and len(str(sent[f"ssn_{i}"])) == 9 and sent[f"ssn_{i}"] != v
        assert str(v) in answer


def test_number_helpers() -> None:
    from proxy.pipeline.fieldmap import number_from_text, number_text

    assert number_text(123456789) == "123456789" and number_text(4111111111111111.0) == "4111111111111111.0"
    assert number_text(42) is None and number_text(True) is None and number_text(1e-7) is None
    assert number_text(12.5) is None and number_text(1234.5) == "1234.5"
    assert number_from_text("012345678", 1) is None and number_from_text("12345678", 1) == 12345678
    assert number_from_text("4111111111111111.0", 1.0) == 4111111111111111.0
    assert number_from_text("9999999999999999999.0", 1.0) is None  # not exact as a float


# ---- 2. object keys ---------------------------------------------------------------------------------
def test_object_keys_that_are_data_are_sanitized_and_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    schema = {"type": "object", "properties": {EMAIL: {"type": "string"}, "plain": {"type": "string"}},
              "required": [EMAIL, "plain"]}
    refs = {"type": "object", "$defs": {EMAIL: {"type": "string"}},
            "properties": {"a": {"$ref": f"#/$defs/{EMAIL}"}}}
    body = chat(tool_turn({EMAIL: "x", "note": {SSN: 1}}), metadata={EMAIL: "customer"},
                x_extra={"Katarzyna Wojcik": "vip"},
                tools=[{"type": "function", "function": {"name": "lookup", "parameters": schema}}],
                response_format={"type": "json_schema", "json_schema": {"name": "o", "schema": refs}})
    answer = echoed(post(veil, "/v1/chat/completions", body))
    sent = upstream.last.body
    dumped = json.dumps(sent, ensure_ascii=False)
    for value in (EMAIL, SSN, "Katarzyna Wojcik"):
        assert value not in dumped, value
        assert value in answer, value
    properties = sent["tools"][0]["function"]["parameters"]["properties"]
    required = sent["tools"][0]["function"]["parameters"]["required"]
    assert set(required) == set(properties) and "plain" in properties  # `required` follows its keys
    assert list(sent["metadata"]) != [EMAIL] and len(sent["metadata"]) == 1
    args = json.loads(sent["messages"][1]["tool_calls"][0]["function"]["arguments"])  # still valid JSON
    assert "note" in args and len(args) == 2
    schema_out = sent["response_format"]["json_schema"]["schema"]
    (target,) = schema_out["$defs"]
    assert schema_out["properties"]["a"]["$ref"] == f"#/$defs/{target}"  # a $ref follows its target


def test_keys_in_tool_arguments_come_back_with_the_original_key() -> None:
    """An answer's tool call whose arguments carry the stand-in key gets the original key back."""
    from proxy.messages.wire import RESPONSE
    from proxy.pipeline.restore import AnswerRestorer

    stand_in = "leland.fulmer@ohsg-oiuf.com"
    restorer = AnswerRestorer({stand_in: EMAIL})
    data = {"content": [{"type": "tool_use", "id": "toolu_01", "name": "f", "input": {stand_in: {"n": 1}}}]}
    assert restorer.body(RESPONSE, data)["content"][0]["input"] == {EMAIL: {"n": 1}}


def test_anthropic_tool_input_keys_hidden(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "mock-echo-all", "max_tokens": 50, "metadata": {"user_id": "u1"}, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f",
                                           "input": {EMAIL: 4111111111111111}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}]}
    reply = post(veil, "/v1/messages", body)
    assert reply.status_code == 200, reply.text
    dumped = json.dumps(upstream.last.body)
    assert EMAIL not in dumped and "4111111111111111" not in dumped
    assert EMAIL in reply.json()["content"][0]["text"] and "4111111111111111" in reply.json()["content"][0]["text"]


# ---- 3. allow-listed fields accept only what they are for ------------------------------------------
REFUSED = [
    ("/v1/chat/completions", chat(), ("model",), EMAIL),
    ("/v1/chat/completions", chat(), ("model",), SSN),
    ("/v1/chat/completions", chat(), ("model",), "4111111111111111"),
    ("/v1/chat/completions", chat(modalities=["text", "audio"], audio={"voice": "alloy", "format": "wav"}),
     ("audio", "voice"), SSN),
    ("/v1/chat/completions", chat(reasoning_effort="low"), ("reasoning_effort",), EMAIL),
    ("/v1/chat/completions", chat(service_tier="auto"), ("service_tier",), SSN),
    ("/v1/responses", {"model": "mock-echo-all", "input": "hi", "include": ["reasoning.encrypted_content"]},
     ("include", 0), EMAIL),
    ("/v1/responses", {"model": "mock-echo-all", "input": "hi", "previous_response_id": "resp_1"},
     ("previous_response_id",), SSN),
    ("/v1/responses", {"model": "mock-echo-all", "input": "hi", "conversation": "conv_1"}, ("conversation",), EMAIL),
    ("/v1/responses", {"model": "mock-echo-all", "input": "hi", "reasoning": {"effort": "low"}},
     ("reasoning", "effort"), SSN),
    ("/v1/responses", {"model": "mock-echo-all", "input": [{"type": "item_reference", "id": "msg_1"}]},
     ("input", 0, "id"), SSN),
    ("/v1/responses", {"model": "mock-echo-all", "input": [
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": FERNET}]},
     ("input", 0, "encrypted_content"), base64.b64encode(f"my SSN is {SSN}, card {CARD}".encode()).decode()),
    ("/v1/messages", {"model": "mock-echo-all", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]},
     ("model",), EMAIL),
    ("/v1/messages", {"model": "mock-echo-all", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}],
                      "thinking": {"type": "enabled", "budget_tokens": 1024}}, ("thinking", "type"), SSN),
    ("/v1/messages", {"model": "mock-echo-all", "max_tokens": 5, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm", "signature": SIGNATURE}]},
        {"role": "user", "content": "go on"}]}, ("messages", 1, "content", 0, "signature"),
     base64.b64encode(f"SSN {SSN} and the card {CARD} of John Smith".encode()).decode()),
    ("/v1/messages", {"model": "mock-echo-all", "max_tokens": 5, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "redacted_thinking", "data": SIGNATURE}]},
        {"role": "user", "content": "go on"}]}, ("messages", 1, "content", 0, "data"), "123456789" * 6),
    ("/v1/embeddings", {"model": "text-embedding-3-small", "input": "hi", "encoding_format": "float"},
     ("encoding_format",), EMAIL),
]


def _set(body: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    body = json.loads(json.dumps(body))
    target = body
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value
    return body


@pytest.mark.parametrize("path,body,where,value", REFUSED,
                         ids=[f"{p}:{'.'.join(map(str, w))}" for p, _, w, _ in REFUSED])
def test_allow_listed_fields_refuse_anything_else(path, body, where, value, veil, upstream) -> None:  # type: ignore[no-untyped-def]
    good = post(veil, path, body)
    assert good.status_code == 200, good.text  # the field's own values pass
    before = len(upstream.requests)
    reply = post(veil, path, _set(body, where, value))
    assert reply.status_code == 400, reply.text
    assert len(upstream.requests) == before and value not in reply.text  # nothing sent, nothing echoed
    error = reply.json()
    if path == "/v1/messages":
        assert error["type"] == "error" and error["error"]["type"] == "invalid_request_error"
    else:
        assert error["error"]["type"] == "invalid_request_error" and error["error"]["param"]


def test_model_names_of_every_provider_pass() -> None:
    from proxy.pipeline.fieldmap import MODEL

    for name in ("gpt-4o-mini", "claude-3-5-sonnet-20241022", "ft:gpt-4o-mini-2024-07-18:my-org::9abcDEFg",
                 "meta-llama/Llama-3.1-8B-Instruct", "o3", "text-embedding-3-small", "smollm2-135m-instruct",
                 "claude-3-5-sonnet-v2@20241022", "anthropic.claude-3-5-sonnet-20241022-v2:0"):
        assert MODEL.allows(name), name
    for name in (EMAIL, SSN, "4111111111111111", "123456789", "John Smith", "x\n", "a" * 200, "john@acme.com",
                 "gpt-4o@acme", "a123456789"):
        assert not MODEL.allows(name), name


def test_ids_the_client_invents_leave_as_stand_ins_of_the_provider_shape(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    answer = echoed(post(veil, "/v1/chat/completions", chat(tool_turn({"q": "x"}, call_id=SSN))))
    sent = upstream.last.body["messages"]
    stand_in = sent[1]["tool_calls"][0]["id"]
    assert re.fullmatch(r"call_[A-Za-z0-9]{24}", stand_in) and sent[2]["tool_call_id"] == stand_in
    assert SSN not in json.dumps(upstream.last.body) and SSN in answer  # restored in the answer
    post(veil, "/v1/chat/completions", chat(tool_turn({"q": "y"}, call_id=SSN)))
    assert upstream.last.body["messages"][2]["tool_call_id"] == stand_in  # the same in the next request
    issued = "call_Vx8Ga9o3fOf1X5nrJ9Wa5d4P"  # an id the provider issued is its own: kept
    post(veil, "/v1/chat/completions", chat(tool_turn({"q": "y"}, call_id=issued)))
    assert upstream.last.body["messages"][2]["tool_call_id"] == issued
    post(veil, "/v1/chat/completions", chat(tool_turn({"q": "y"}, call_id="call_4111111111111111abcd")))
    assert "4111111111111111" not in json.dumps(upstream.last.body)  # its shape, but a 7-digit run


def test_anthropic_and_responses_call_ids(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "mock-echo-all", "max_tokens": 50, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": EMAIL, "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": EMAIL, "content": "ok"}]}]}
    reply = post(veil, "/v1/messages", body)
    sent = upstream.last.body["messages"]
    assert re.fullmatch(r"toolu_[A-Za-z0-9]{24}", sent[1]["content"][0]["id"])
    assert sent[2]["content"][0]["tool_use_id"] == sent[1]["content"][0]["id"]
    assert EMAIL not in json.dumps(upstream.last.body) and EMAIL in reply.json()["content"][0]["text"]
    items = [{"type": "function_call", "call_id": "4111111111111111", "name": "f", "arguments": "{}"},
             {"type": "function_call_output", "call_id": "4111111111111111", "output": "ok"}]
    reply = post(veil, "/v1/responses", {"model": "mock-echo-all", "input": items})
    sent_items = upstream.last.body["input"]
    assert sent_items[0]["call_id"] == sent_items[1]["call_id"] != "4111111111111111"
    assert "4111111111111111" in reply.json()["output"][0]["content"][0]["text"]


def test_free_id_fields_are_sanitized(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    body = {"model": "mock-echo-all", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}],
            "user_profile_id": "John_Smith", "workspace_id": "wrk_" + SSN.replace("-", "")}
    assert post(veil, "/v1/messages", body).status_code == 200
    dumped = json.dumps(upstream.last.body)
    assert "John_Smith" not in dumped and SSN.replace("-", "") not in dumped


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_response_ids_in_url_paths_must_be_the_providers(method, veil, upstream) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        for bad in (SSN, "4111111111111111", "john.smith"):
            before = len(upstream.requests)
            reply = h.request(method, f"/v1/responses/{bad}")
            assert reply.status_code == 400 and len(upstream.requests) == before, bad
            assert reply.json()["error"]["param"] == "response_id"
        created = h.post("/v1/responses", json={"model": "gpt-4o-mini", "input": "hi"}).json()["id"]
        assert h.request(method, f"/v1/responses/{created}").status_code == 200  # the provider's own id


# ---- 4. encodings, spelled-out emails, values split across messages ----------------------------------
def test_base64_text_with_personal_data_is_refused(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    encoded = base64.b64encode(f"Customer John Smith, SSN {SSN}, card {CARD}".encode()).decode()
    for content in (f"please decode {encoded} and answer", f"data:text/plain;base64,{encoded}",
                    f"see data:text/plain;base64,{encoded}"):
        before = len(upstream.requests)
        reply = post(veil, "/v1/chat/completions", chat([{"role": "user", "content": content}]))
        assert reply.status_code == 400 and reply.json()["error"]["code"] == "encoded_personal_data", content
        assert len(upstream.requests) == before and SSN not in reply.text
    clean = base64.b64encode(b"The weather is fine today, thanks for asking.").decode()
    for content in (f"decode {clean}", f"data:text/plain;base64,{clean}"):  # text without values: sent
        assert post(veil, "/v1/chat/completions", chat([{"role": "user", "content": content}])).status_code == 200
        assert clean in json.dumps(upstream.last.body)
    png = "data:image/png;base64," + base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256))).decode()
    reply = post(veil, "/v1/chat/completions", chat([{"role": "user", "content": png}]))
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "uninspectable_content"  # the setting


def test_spelled_out_emails_are_found(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    spelled = ("john.smith at acme-corp dot com", "john [at] acme [dot] com", "jane(at)example-mail(dot)org")
    content = "Write to " + ", ".join(spelled) + "."
    answer = echoed(post(veil, "/v1/chat/completions", chat([{"role": "user", "content": content}])))
    sent = upstream.last.body["messages"][0]["content"]
    for value in spelled:
        assert value not in sent, value
        assert value in answer, value
    assert " at " in sent and "[at]" in sent and "(dot)" in sent  # the stand-ins are spelled the same way


def test_spelled_out_email_codec_round_trip() -> None:
    from mechanisms.keys import MasterKey
    from mechanisms.prmpt.entities.contact import find_obfuscated_emails

    keys = MasterKey.from_bytes(bytes(range(32))).user_keys("u")
    from mechanisms.prmpt.config import PrmptConfig
    from mechanisms.prmpt.entities.contact import _obfuscated_email_codec

    codec = _obfuscated_email_codec(PrmptConfig())
    for value in ("john.smith at acme-corp dot com", "JOHN AT ACME DOT COM", "j.doe [at] mail [dot] example [dot] fr"):
        out = codec.encrypt(value, keys)
        assert out != value and codec.decrypt(out, keys) == value, (value, out)
    for prose in ("look at example.com", "arrive at 5.30", "meet me at the station dot com"):
        assert find_obfuscated_emails(prose, "en") == [], prose


def test_a_value_split_across_two_messages_is_hidden_and_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    messages = [{"role": "user", "content": "my SSN is 123-45"}, {"role": "user", "content": "6789, thanks"},
                {"role": "user", "content": "and my card is 4111 1111"}, {"role": "user", "content": "1111 1111 ok"}]
    answer = echoed(post(veil, "/v1/chat/completions", chat(messages)))
    sent = [m["content"] for m in upstream.last.body["messages"]]
    assert not sent[0].endswith("123-45") and not sent[1].startswith("6789")
    assert not sent[2].endswith("4111 1111") and not sent[3].startswith("1111 1111")
    assert re.search(r"\d{3}-\d{2}$", sent[0]) and re.match(r"\d{4},", sent[1])  # each half keeps its shape
    joined = sent[0][-6:] + "-" + sent[1][:4]
    assert joined != SSN
    for text in ("my SSN is 123-45", "6789, thanks", "4111 1111", "1111 1111 ok"):
        assert text in answer, text


# ---- 5. reasoning blocks ------------------------------------------------------------------------------
def test_thinking_text_is_sanitized_and_leaves_as_the_provider_signed_it(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    thinking = f"The customer John Smith gave SSN {SSN}."
    body = {"model": "mock-echo-all", "max_tokens": 50, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": thinking, "signature": SIGNATURE},
                                          {"type": "text", "text": "ok"}]},
        {"role": "user", "content": "go on"}]}
    reply = post(veil, "/v1/messages", body)
    block = upstream.last.body["messages"][1]["content"][0]
    assert SSN not in block["thinking"] and "John Smith" not in block["thinking"]
    assert block["signature"] == SIGNATURE  # the provider's blob, as it was
    assert thinking in reply.json()["content"][0]["text"]  # restored
    post(veil, "/v1/messages", body)
    assert upstream.last.body["messages"][1]["content"][0]["thinking"] == block["thinking"]  # deterministic


def test_thinking_deltas_are_restored_in_streams() -> None:
    from proxy.messages.adapter import MessagesSurface
    from proxy.pipeline.restore import AnswerRestorer

    restorer = MessagesSurface().stream_restorer(AnswerRestorer({"454-64-9761": SSN}))
    out = []
    for piece in ("SSN 454-6", "4-9761 noted"):
        out += restorer.transform({"type": "content_block_delta", "index": 0,
                                   "delta": {"type": "thinking_delta", "thinking": piece}})
    out += restorer.transform({"type": "content_block_stop", "index": 0})
    assert "".join(e["delta"]["thinking"] for e in out if e["type"] == "content_block_delta") == f"SSN {SSN} noted"


def test_a_split_value_whose_stand_in_has_another_length_is_still_hidden(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    messages = [{"role": "user", "content": "write to john.smith@acme"}, {"role": "user", "content": "-corp.com now"},
                {"role": "user", "content": "You repeat what you are told."}, {"role": "user", "content": "Fine."}]
    answer = echoed(post(veil, "/v1/chat/completions", chat(messages)))
    sent = [m["content"] for m in upstream.last.body["messages"]]
    assert "john.smith@acme" not in sent[0] and "-corp.com" not in sent[1]
    assert sent[2:] == ["You repeat what you are told.", "Fine."]  # ends that are no cut: nothing joined
    assert "write to john.smith@acme" in answer and "-corp.com now" in answer


def test_responses_part_and_annotation_types_are_not_free_text(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    part = {"type": "output_text", "text": "done", "annotations": [{"type": SSN, "url": "https://example.org"}]}
    body = {"model": "mock-echo-all", "input": [{"role": "assistant", "content": [part]},
                                                {"role": "user", "content": "thanks"}]}
    reply = post(veil, "/v1/responses", body)
    assert reply.status_code == 200, reply.text
    assert SSN not in json.dumps(upstream.last.body) and SSN in reply.json()["output"][0]["content"][0]["text"]


def test_a_thinking_block_sent_back_restored_leaves_as_the_provider_wrote_it(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    """The provider thinks about the sanitized prompt; Veil restores its thinking for the client; when the
    client sends that block back, Veil must send exactly the provider's text again (its signature)."""
    said = f"I am Katarzyna Wojcik, card {CARD}, mail {EMAIL}, SSN {SSN}"
    body = {"model": "mock-echo-all", "max_tokens": 50, "messages": [
        {"role": "user", "content": said},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": f"The user said: {said}", "signature": SIGNATURE}]},
        {"role": "user", "content": "go on"}]}
    assert post(veil, "/v1/messages", body).status_code == 200
    sent = upstream.last.body["messages"]
    assert sent[1]["content"][0]["thinking"] == "The user said: " + sent[0]["content"]


def test_a_number_in_an_answer_is_restored_to_the_same_number() -> None:
    """The same card spaced in the text and compact as a number: the number gets its own digits back."""
    from proxy.messages.wire import RESPONSE
    from proxy.pipeline.restore import AnswerRestorer

    restorer = AnswerRestorer({"4374 5574 5476 2021": "4111 1111 1111 1111", "4374557454762021": "4111111111111111"})
    data = {"content": [{"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"card": 4374557454762021}}]}
    assert restorer.body(RESPONSE, data)["content"][0]["input"] == {"card": 4111111111111111}


def test_query_parameters_of_stored_responses_are_checked(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=veil.url, timeout=30) as h:
        created = h.post("/v1/responses", json={"model": "gpt-4o-mini", "input": "hi"}).json()["id"]
        reply = h.get(f"/v1/responses/{created}", params=[("include[]", "reasoning.encrypted_content"),
                                                           ("stream", "false")])
        assert reply.status_code == 200 and "include" in upstream.last.query  # known ones are forwarded
        for params in ({"x_note": SSN}, {"after": SSN}, {"include[]": EMAIL}, {"limit": "123456789"},
                       {EMAIL: "1"}):
            before = len(upstream.requests)
            reply = h.get(f"/v1/responses/{created}", params=params)
            assert reply.status_code == 400 and len(upstream.requests) == before, params
            assert SSN not in reply.text and EMAIL not in reply.text


def test_repeated_keys_and_values_are_sanitized_once() -> None:
    """An array of 300 records with the same keys hands the engine each distinct text once (the keys
    would otherwise count against limits.max_sanitized_strings 300 times)."""
    import asyncio

    from mechanisms.keys import MasterKey
    from mechanisms.prmpt.records import SanitizedText
    from proxy.chat.wire import REQUEST
    from proxy.metrics import Metrics
    from proxy.pipeline.policy import PrmptPolicy
    from proxy.settings import SanitizeScope

    seen: list[list[str]] = []

    class Engine:
        async def sanitize(self, texts, keys, dependencies=()):  # type: ignore[no-untyped-def]
            seen.append(list(texts))
            return [SanitizedText(t.upper()) for t in texts]

    rows = [{"status": "open", "team": "support"} for _ in range(300)]
    body = chat(tool_turn({"rows": rows}))
    policy = PrmptPolicy("prmpt", Engine(), SanitizeScope(), MasterKey.from_bytes(bytes(32)).user_keys("u"),
                         Metrics())
    out = asyncio.run(policy.sanitize(REQUEST, body))
    assert len(seen) == 1 and len(seen[0]) == len(set(seen[0])) < 20
    args = json.loads(out["messages"][1]["tool_calls"][0]["function"]["arguments"])
    assert args["ROWS"][299] == {"STATUS": "OPEN", "TEAM": "SUPPORT"}  # every copy written
