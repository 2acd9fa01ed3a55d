"""Default deny: every string a client can fill is sanitized unless its path is on the surface's
documented allow-list, and answers that repeat them come back restored, at every stream split."""

from __future__ import annotations

import base64
import copy
import fnmatch
import hashlib
import json
import re
from typing import Any

import httpx
import openai
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from streams import stream_text

EMAIL, CARD, SSN = "john.smith@acme-corp.com", "4111 1111 1111 1111", "123-45-6789"
# Blobs of the provider's shape: a Fernet token (Responses encrypted_content), a signature (Anthropic thinking)
FERNET = base64.urlsafe_b64encode(b"\x80" + hashlib.sha512(b"fernet").digest()).decode()
SIGNATURE = base64.b64encode(hashlib.sha512(b"signature").digest()).decode()


@pytest.fixture()
def veil(veil_factory):  # type: ignore[no-untyped-def]
    return veil_factory(mode="prmpt")


# ---- regressions: each field the issue measured leaking on chat ------------------------------------
def test_chat_fields_that_used_to_leak(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    schema = {"type": "object", "properties": {"email": {"type": "string", "description": f"e.g. {EMAIL}",
                                                         "default": EMAIL, "enum": [EMAIL, "other"]}}}
    body = {
        "model": "mock-echo-all",
        "messages": [
            {"role": "user", "name": "John_Smith", "content": f"my card is {CARD}"},
            {"role": "assistant", "content": None, "function_call": {"name": "lookup",
                                                                     "arguments": json.dumps({"ssn": SSN})}},
            {"role": "function", "name": "lookup", "content": f"found {EMAIL}"},
        ],
        "user": EMAIL,
        "metadata": {"customer": EMAIL, "card": CARD},
        "tools": [{"type": "function", "function": {"name": "lookup", "description": f"Look up {EMAIL}",
                                                    "parameters": schema}}],
        "functions": [{"name": "legacy", "description": f"for {CARD}", "parameters": schema}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "out", "schema": schema}},
        "prediction": {"type": "content", "content": f"SSN {SSN}"},
        "stop": [SSN, EMAIL],
    }
    reply = httpx.post(veil.url + "/v1/chat/completions", json=body, timeout=30).json()
    sent = upstream.last.body
    dumped = json.dumps(sent)
    for value in (EMAIL, CARD, SSN, "John_Smith"):
        assert value not in dumped, value
    assert re.fullmatch(r"[A-Za-z0-9_-]+", sent["messages"][0]["name"])  # a name keeps its shape
    assert sent["messages"][2]["name"] == "lookup"  # and an ordinary one is left alone
    assert set(json.loads(sent["messages"][1]["function_call"]["arguments"])) == {"ssn"}  # valid JSON
    assert sent["tools"][0]["function"]["parameters"]["properties"].keys() == {"email"}  # keys kept
    assert sent["tools"][0]["function"]["parameters"]["properties"]["email"]["type"] == "string"
    assert sent["stop"][0] in sent["prediction"]["content"]  # stop sequences match what the model writes
    echoed = reply["choices"][0]["message"]["content"]  # the upstream repeated everything it got ...
    for value in (EMAIL, CARD, SSN, "John_Smith"):
        assert value in echoed, value  # ... and the user gets every value back


# ---- the property: PII planted anywhere -----------------------------------------------------------
TEMPLATES: dict[str, tuple[str, dict[str, Any], tuple[str, ...]]] = {
    # surface: (path, a valid request using many fields, the allow-listed paths that take any value)
    "chat": ("/v1/chat/completions", {
        "model": "mock-echo-all",
        "messages": [
            {"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "name": "customer_1", "content": [{"type": "text", "text": "Hello there"}]},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
                "name": "lookup", "arguments": json.dumps({"query": "status", "note": "fine"})}}]},
            {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
            {"role": "user", "content": "What next?"}],
        "tools": [{"type": "function", "function": {"name": "lookup", "description": "Look up an order",
                   "parameters": {"type": "object", "properties": {"query": {
                       "type": "string", "description": "what to find", "enum": ["status", "refund"],
                       "default": "status"}}, "required": ["query"]}}}],
        "tool_choice": "auto",
        "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "description": "the answer",
                            "schema": {"type": "object", "properties": {"a": {"type": "string", "title": "A"}}}}},
        "prediction": {"type": "content", "content": "predicted text"},
        "stop": ["END"], "user": "user-42", "metadata": {"team": "support"}, "temperature": 0.5,
    }, ("model",)),
    "completions": ("/v1/completions", {
        "model": "mock-echo-all", "prompt": ["Once upon a time", "there was"], "suffix": "The end.",
        "stop": ["\n\n"], "user": "user-42", "max_tokens": 20,
    }, ("model",)),
    "embeddings": ("/v1/embeddings", {
        "model": "text-embedding-3-small", "input": ["first text", "second text"], "encoding_format": "float",
        "user": "user-42",
    }, ("model",)),
    "responses": ("/v1/responses", {
        "model": "mock-echo-all",
        "instructions": "Be brief.",
        "input": [
            {"role": "user", "content": [{"type": "input_text", "text": "Hello there"}]},
            {"type": "function_call", "call_id": "call_1", "name": "lookup",
             "arguments": json.dumps({"query": "status"})},
            {"type": "function_call_output", "call_id": "call_1", "output": json.dumps({"result": "ok"})},
            {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "thinking"}],
             "encrypted_content": FERNET},
            {"role": "user", "content": "What next?"}],
        "tools": [{"type": "function", "name": "lookup", "description": "Look up an order",
                   "parameters": {"type": "object", "properties": {"query": {"type": "string",
                                                                             "description": "what"}}}}],
        "text": {"format": {"type": "json_schema", "name": "answer", "schema": {"type": "object"}}},
        "metadata": {"team": "support"}, "user": "user-42", "store": False,
    }, ("model", "input.*.encrypted_content")),
    "messages": ("/v1/messages", {
        "model": "mock-echo-all", "max_tokens": 100,
        "system": [{"type": "text", "text": "You are helpful."}],
        "messages": [
            {"role": "user", "content": "Hello there"},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "let me think", "signature": SIGNATURE},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"query": "status"}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "ok"}]},
                {"type": "text", "text": "What next?"}]}],
        "tools": [{"name": "lookup", "description": "Look up an order",
                   "input_schema": {"type": "object", "properties": {"query": {"type": "string",
                                                                               "description": "what"}}}}],
        "metadata": {"user_id": "user-42"}, "stop_sequences": ["END"],
    }, ("model", "messages.*.content.*.signature")),
    "ollama_chat": ("/api/chat", {
        "model": "mock-echo-all", "stream": False,
        "messages": [
            {"role": "system", "content": "You are helpful."},
            {"role": "user", "content": "Hello there"},
            {"role": "assistant", "content": "", "thinking": "let me think",
             "tool_calls": [{"function": {"name": "lookup", "arguments": {"query": "status"}}}]},
            {"role": "tool", "tool_name": "lookup", "content": "ok"},
            {"role": "user", "content": "What next?"}],
        "tools": [{"type": "function", "function": {
            "name": "lookup", "description": "Look up an order",
            "parameters": {"type": "object", "properties": {"query": {"type": "string", "description": "what"}}}}}],
        "format": {"type": "object", "properties": {"answer": {"type": "string"}}},
        "options": {"temperature": 0.2, "stop": ["END"]}, "keep_alive": "5m",
    }, ("model",)),
}
# Values every recognizer finds alone, and that no allow-list check (ids, enums, names) lets through.
PII = (EMAIL, CARD, "(415) 555-0132", "DE89 3704 0044 0532 0130 00", f"SSN {SSN}")


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    """(path, 'string' | 'object') for every string leaf and every object of a body."""
    out: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(value, str):
        out.append((path, "string"))
    elif isinstance(value, dict):
        out.append((path, "object"))
        for k, v in value.items():
            out.extend(_leaves(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_leaves(v, (*path, i)))
    return out


def test_every_registered_surface_has_a_template() -> None:
    """A new surface (proxy/surfaces.py) gets the planted-PII properties below: one template per field map."""
    from proxy.surfaces import SURFACES

    first: dict[int, Any] = {}
    for surface in SURFACES:
        first.setdefault(id(surface.request_schema), surface)
    assert {s.name: s.path for s in first.values()} == {name: path for name, (path, _, _) in TEMPLATES.items()}


def _dotted(path: tuple[Any, ...]) -> str:
    return ".".join("*" if isinstance(p, int) else str(p) for p in path)


def _plant(body: dict[str, Any], path: tuple[Any, ...], kind: str, value: str, key: str) -> tuple[Any, ...]:
    target: Any = body
    for p in path[:-1] if kind == "string" else path:
        target = target[p]
    if kind == "string":
        target[path[-1]] = value
        return path
    target[key] = value
    return (*path, key)


def _answer_text(surface: str, data: dict[str, Any]) -> str:
    if surface == "completions":
        return data["choices"][0]["text"]
    if surface == "chat":
        return data["choices"][0]["message"]["content"]
    if surface == "responses":
        return data["output"][0]["content"][0]["text"]
    if surface == "ollama_chat":
        return data["message"]["content"]
    return data["content"][0]["text"]


@pytest.mark.parametrize("surface", sorted(TEMPLATES))
def test_pii_planted_anywhere_never_leaves_and_comes_back(surface, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    path, template, allowed = TEMPLATES[surface]
    targets = [t for t in _leaves(template) if t[0] != ("model",)]

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(target=st.sampled_from(targets), value=st.sampled_from(PII), whole=st.booleans(),
           key=st.sampled_from(["x_note", "extra", "contact"]), chunk=st.integers(1, 9))
    def check(target: tuple[tuple[Any, ...], str], value: str, whole: bool, key: str, chunk: int) -> None:
        body = copy.deepcopy(template)
        planted = value if whole else f"see {value} today"
        where = _plant(body, target[0], target[1], planted, key)
        is_allowed = any(fnmatch.fnmatchcase(_dotted(where), pattern) for pattern in allowed)
        with httpx.Client(base_url=veil.url, timeout=60, headers={"x-mock-chunk": str(chunk)}) as h:
            before = len(upstream.requests)
            whole_answer = h.post(path, json=body)
            if whole_answer.status_code == 400:  # refused (e.g. a role that is not one): nothing was sent
                assert len(upstream.requests) == before and value not in whole_answer.text
                return
            assert whole_answer.status_code == 200, whole_answer.text
            sent = json.dumps(upstream.last.body, ensure_ascii=False)
            streamed = h.post(path, json={**body, "stream": True})
        if is_allowed:
            return
        assert value not in sent, f"{value!r} planted at {_dotted(where)} reached the upstream"
        if surface == "embeddings":  # vectors come back: nothing to restore
            return
        assert value in _answer_text(surface, whole_answer.json()), _dotted(where)
        assert value in stream_text(surface, streamed.content), _dotted(where)

    check()


# ---- an attacker's request: every kind of value in every field of every surface at once -----------
ATTACK_VALUES = ("KATARZYNA WOJCIK", "Emre Yildirim", "john smith", "jane.doe@example.org", "+1 (415) 555-0132",
                 CARD, SSN, "DE89 3704 0044 0532 0130 00", "192.168.1.23", "AKIAIOSFODNN7EXAMPLE",
                 "ghp_16C7e42F292c6912E7710c838347Ae178B4a", "1HGCM82633A004352",
                 "sk-proj-abcDEF1234567890abcdefGHIJKLmnop")


ATTACK_NUMBERS = ("536228726", "5555555555554444")  # an SSN and a card as JSON numbers (and keys, above)


def _attack_bodies(line: str) -> dict[str, dict[str, Any]]:
    args = json.dumps({"who": line})
    return {
        "/v1/chat/completions": {
            "model": "mock-echo-all", "user": "jane.doe@example.org",
            "metadata": {"note": line, "ssn": 536228726, "jane.doe@example.org": 5555555555554444},
            "messages": [{"role": "system", "content": line},
                         {"role": "user", "name": "John_Smith", "content": [{"type": "text", "text": line}]},
                         {"role": "assistant", "content": None, "tool_calls": [
                             {"id": "c1", "type": "function", "function": {"name": "f", "arguments": args}}]},
                         {"role": "tool", "tool_call_id": "c1", "content": line}],
            "tools": [{"type": "function", "function": {"name": "f", "description": line, "parameters": {
                "type": "object", "properties": {"who": {"type": "string", "description": line,
                                                         "enum": list(ATTACK_VALUES)}}}}}],
            "stop": ["john smith"], "unknown_field": {"deep": [line]}},
        "/v1/responses": {
            "model": "mock-echo-all", "instructions": line, "user": "jane.doe@example.org",
            "metadata": {"k": line, "ssn": 536228726, "KATARZYNA WOJCIK": "vip"},
            "input": [{"role": "user", "content": [{"type": "input_text", "text": line}]},
                      {"type": "function_call", "call_id": "c1", "name": "f", "arguments": args},
                      {"type": "function_call_output", "call_id": "c1", "output": line}]},
        "/v1/messages": {
            "model": "mock-echo-all", "max_tokens": 50, "system": line,
            "metadata": {"user_id": "jane.doe@example.org"}, "stop_sequences": ["KATARZYNA WOJCIK"],
            "tools": [{"name": "f", "description": line, "input_schema": {"type": "object"}}],
            "messages": [{"role": "user", "content": [{"type": "text", "text": line}]},
                         {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {
                             "who": line, "jane.doe@example.org": 5555555555554444}}]},
                         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                                       "content": line}]}]},
        "/v1/completions": {"model": "mock-echo-all", "prompt": line, "user": "jane.doe@example.org"},
        "/v1/embeddings": {"model": "mock-echo-all", "input": [line], "user": "jane.doe@example.org"},
    }


ATTACK_PATHS = sorted(_attack_bodies(""))


@pytest.mark.parametrize("path", ATTACK_PATHS)
def test_an_attackers_request_leaks_nothing_and_comes_back_whole(path, veil, upstream) -> None:  # type: ignore[no-untyped-def]
    """Names (capitals, lower case, unlisted), contact data, cards, ids and credentials in every field;
    the mock echoes the whole body it received, so the answer must hold every value restored."""
    attack(veil, upstream, path)


def attack(veil, upstream, path: str) -> None:  # type: ignore[no-untyped-def]
    """Send the attacker's request for ``path`` (streamed and not) and check what left and came back."""
    body = _attack_bodies("Contact " + "; ".join(ATTACK_VALUES) + ".")[path]
    with httpx.Client(base_url=veil.url, timeout=60) as h:
        for stream in (False, True) if path != "/v1/embeddings" else (False,):
            answer = h.post(path, json={**body, "stream": stream} if stream else body)
            assert answer.status_code == 200, answer.text
            sent = json.dumps(upstream.last.body, ensure_ascii=False)
            assert [v for v in (*ATTACK_VALUES, *ATTACK_NUMBERS, "John_Smith") if v in sent] == []
            if path != "/v1/embeddings":  # echoed as JSON text inside the answer: values may be escaped
                text = answer.text
                assert [v for v in ATTACK_VALUES if v not in text and json.dumps(v)[1:-1] not in text] == []
                assert [v for v in ATTACK_NUMBERS if v in json.dumps(body) and v not in text] == []


# ---- the walker and the allow-lists -----------------------------------------------------------------
def test_allow_lists_are_the_documented_ones() -> None:
    from proxy.chat.wire import REQUEST as CHAT
    from proxy.messages.wire import REQUEST as MESSAGES
    from proxy.pipeline.fieldmap import allow_list
    from proxy.responses.wire import REQUEST as RESPONSES

    chat = dict(allow_list(CHAT))
    assert "messages[].role" in chat and "messages[].tool_call_id" in chat and "model" in chat
    assert not any(p.endswith(".content") or p.endswith("description") or p == "user" for p in chat)
    responses = dict(allow_list(RESPONSES))
    assert "previous_response_id" in responses and "input[]<type=reasoning>.encrypted_content" in responses
    messages = dict(allow_list(MESSAGES))
    assert "messages[].content[]<type=thinking>.signature" in messages
    assert not any("input_schema" in p and "description" in p for p in messages)


def test_an_id_field_with_a_final_newline_is_not_an_id() -> None:
    """Allow-listed shapes are whole-value matches: "$" alone would let "value\n" through untouched."""
    from proxy.pipeline.fieldmap import ID, ID_SHAPE

    assert ID.allows("call_abc-1.2:3") and not ID.allows("call_abc\n") and not ID.allows("call abc")
    assert ID_SHAPE.match("call_abc\n") is not None  # the trap the allow check avoids


def test_walker_kinds_json_and_binary() -> None:
    from proxy.chat.wire import REQUEST
    from proxy.pipeline.fieldmap import walk_request

    body = {"model": "m", "messages": [
        {"role": "user", "name": "not an ident!", "content": [{"type": "text", "text": "hi"},
                                                              {"type": "image_url", "image_url": {"url": "x"}}]},
        {"role": "assistant", "tool_calls": [{"id": "c", "type": "function",
                                              "function": {"name": "f", "arguments": '{"a": ["b", 1]}'}}]},
        {"role": "assistant", "tool_calls": [{"id": "d", "type": "function",
                                              "function": {"name": "g", "arguments": "{broken"}}]}],
        "surprise": {"deep": ["data:image/png;base64,AAAA", "plain"]}}
    walk = walk_request(REQUEST, body)
    kinds = {(tuple(s.path), s.kind) for s in walk.slots}
    assert (("messages", 0, "name"), "text") in kinds  # not identifier-shaped: plain text
    assert (("messages", 1, "tool_calls", 0, "function", "arguments", "a", 0), "json") in kinds  # inside JSON
    assert (("messages", 2, "tool_calls", 0, "function", "arguments"), "text") in kinds  # broken JSON
    assert (("surprise", "deep", 1), "text") in kinds  # unknown field: sanitized
    assert walk.uninspected == {"image": 1, "data_url": 1}
    assert (("surprise", "<key>"), "key") in kinds and (("messages", 1, "tool_calls", 0, "function", "arguments",
                                                         "<key>"), "key") in kinds  # keys that are data
    assert not any(s.kind == "key" and s.text in ("messages", "role", "content") for s in walk.slots)  # API's own
    assert (("messages", 1, "tool_calls", 0, "id"), "id") in kinds  # a client's id: a stand-in, made locally
    for slot in walk.slots:
        if slot.kind not in ("key", "id"):
            slot.set(slot.text.upper())
    walk.finalize()
    assert json.loads(body["messages"][1]["tool_calls"][0]["function"]["arguments"]) == {"a": ["B", 1]}
    assert body["messages"][1]["tool_calls"][0]["id"] == "c" and body["model"] == "m"


def test_identifier_stand_ins_keep_their_shape() -> None:
    from proxy.pipeline.policy import _ident_to_text, _text_to_ident

    assert _ident_to_text("John_Smith") == "John Smith"
    assert _text_to_ident("John_Smith", "Hannelore Maysonet") == "Hannelore_Maysonet"
    assert _text_to_ident("jean-paul_x", "Zoë O'Neil Q") == "Zoe-ONeil_Q"
    assert _text_to_ident("lookup", "lookup") == "lookup"


def test_turn_cache_bounds_and_expiry() -> None:
    from proxy.responses.turns import TurnCache
    from proxy.settings import TurnCacheSettings

    now = [0.0]
    cache = TurnCache(TurnCacheSettings(ttl_seconds=10, max_entries=5, max_entries_per_user=3), lambda: now[0])
    cache.remember("a", {f"s{i}": f"o{i}" for i in range(4)})
    assert cache.recall("a") == {"s1": "o1", "s2": "o2", "s3": "o3"}  # per-user bound, oldest dropped
    cache.remember("b", {"t1": "p1", "t2": "p2", "t3": "p3"})
    assert len(cache) == 5 and "s1" not in cache.recall("a")  # global bound, oldest dropped
    assert cache.recall("c") == {}  # users never see each other's
    now[0] = 11.0
    assert cache.recall("b") == {} and cache.recall("a") == {}  # expired
    off = TurnCache(TurnCacheSettings(enabled=False))
    off.remember("a", {"s": "o"})
    assert off.recall("a") == {} and len(off) == 0


def test_end_user_header_gives_end_users_their_own_keys(veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt", auth={"end_user_header": "x-veil-user"})
    sent = []
    for user in ("alice", "bob", None):
        headers = {"x-veil-user": user} if user else {}
        openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-shared", max_retries=0,
                      default_headers=headers).chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": f"mail {EMAIL}"}])
        sent.append(upstream.last.body["messages"][0]["content"])
    assert len(set(sent)) == 3  # one shared provider key, three different Prmpt keys


def test_identifiers_carried_as_json_numbers_are_hidden_and_restored(veil, upstream) -> None:  # type: ignore[no-untyped-def]
    import anthropic

    args = {"ssn": 123456789, "card_number": 4111111111111111, "phone": 4155550132, "count": 3}
    oai = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-1", max_retries=0)
    oai.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "user", "content": "look it up"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "lookup", "arguments": json.dumps(args)}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"account": 998877665544})}])
    sent = upstream.last.body["messages"]
    hidden = json.loads(sent[1]["tool_calls"][0]["function"]["arguments"])
    assert hidden["ssn"] != 123456789 and isinstance(hidden["ssn"], int) and hidden["count"] == 3
    assert hidden["card_number"] != 4111111111111111 and hidden["phone"] != 4155550132
    client = anthropic.Anthropic(base_url=veil.url, api_key="sk-1", max_retries=0)
    reply = client.messages.create(model="mock-echo-all", max_tokens=20, messages=[
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": args}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}])
    tool_use = upstream.last.body["messages"][1]["content"][0]["input"]
    assert tool_use["ssn"] != 123456789 and tool_use["count"] == 3
    assert "123456789" in reply.content[0].text and "4111111111111111" in reply.content[0].text  # restored


# ---- the property for numbers and keys: a value planted as a JSON number or as an object key ----------
NUMBERS = (123456789, 4111111111111111, 4155550132, 4111111111111111.0)  # an SSN, a card, a phone; a float


def _plant_key(body: dict[str, Any], path: tuple[Any, ...], key: str) -> tuple[Any, ...]:
    target: Any = body
    for p in path:
        target = target[p]
    target[key] = "noted"
    return (*path, key)


@pytest.mark.parametrize("surface", sorted(TEMPLATES))
def test_numbers_and_keys_planted_anywhere_never_leave_and_come_back(surface, veil_factory, upstream) -> None:  # type: ignore[no-untyped-def]
    veil = veil_factory(mode="prmpt")
    path, template, _ = TEMPLATES[surface]
    strings = [t for t in _leaves(template) if t[0] != ("model",) and t[1] == "string"]
    objects = [t for t in _leaves(template) if t[1] == "object"]

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(data=st.data(), as_key=st.booleans(), chunk=st.integers(1, 9))
    def check(data: Any, as_key: bool, chunk: int) -> None:
        body = copy.deepcopy(template)
        if as_key:
            value = data.draw(st.sampled_from(PII))
            where = _plant_key(body, data.draw(st.sampled_from(objects))[0], value)
            needle = value
        else:
            number = data.draw(st.sampled_from(NUMBERS))
            target = data.draw(st.sampled_from(strings))[0]
            where = _plant(body, target, "string", number, "")  # type: ignore[arg-type]
            needle = str(int(number))
        with httpx.Client(base_url=veil.url, timeout=60, headers={"x-mock-chunk": str(chunk)}) as h:
            before = len(upstream.requests)
            whole_answer = h.post(path, json=body)
            if whole_answer.status_code == 400:  # refused (a number where an id or a blob belongs): nothing sent
                assert len(upstream.requests) == before and needle not in whole_answer.text
                return
            assert whole_answer.status_code == 200, whole_answer.text
            sent = json.dumps(upstream.last.body, ensure_ascii=False)
            streamed = h.post(path, json={**body, "stream": True})
        assert needle not in sent, f"{needle!r} planted at {_dotted(where)} reached the upstream"
        if surface == "embeddings":
            return
        assert needle in _answer_text(surface, whole_answer.json()), _dotted(where)
        assert needle in stream_text(surface, streamed.content), _dotted(where)

    check()
