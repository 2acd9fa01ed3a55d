"""The proxy's chunk restorer at every split point (hypothesis): content and tool-call arguments."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import TEST_MASTER_KEY
from proxy.chat.adapter import ChatSurface
from proxy.pipeline.restore import AnswerRestorer, EventRestorer

TEXT = ("Dear John Smith, your SSN 123-45-6789 and card 4111 1111 1111 1111 are on file; "
        "we wrote to john.smith@acme-corp.com.")


@pytest.fixture(scope="module")
def sanitized():  # type: ignore[no-untyped-def]
    from mechanisms.prmpt import PrmptConfig, Sanitizer

    s = Sanitizer(PrmptConfig())
    s.load()
    keys = TEST_MASTER_KEY.user_keys("splits")
    return s, s.sanitize(TEXT, keys)


def _restorer(result) -> EventRestorer:  # type: ignore[no-untyped-def]
    return ChatSurface().stream_restorer(AnswerRestorer(dict(result.mapping)))


def _chunk(content: str | None = None, args: str | None = None, finish: str | None = None) -> dict:
    delta: dict = {}
    if content is not None:
        delta["content"] = content
    if args is not None:
        delta["tool_calls"] = [{"index": 0, "function": {"arguments": args}}]
    return {"id": "x", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _collect(outs: list[dict]) -> tuple[str, str]:
    content = args = ""
    for chunk in outs:
        for choice in chunk["choices"]:
            delta = choice.get("delta", {})
            content += delta.get("content") or ""
            for call in delta.get("tool_calls") or []:
                args += call.get("function", {}).get("arguments") or ""
    return content, args


def _split(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts})
    pieces, last = [], 0
    for p in points + [len(text)]:
        pieces.append(text[last:p])
        last = p
    return pieces


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cuts=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40),
       finish=st.booleans())
def test_content_restored_at_any_split(sanitized, cuts, finish) -> None:  # type: ignore[no-untyped-def]
    sanitizer, result = sanitized
    restorer = _restorer(result)
    outs = []
    for piece in _split(result.text, cuts):
        outs += restorer.transform(_chunk(content=piece))
    outs += restorer.transform(_chunk(finish="stop")) if finish else restorer.finish()
    assert _collect(outs)[0] == TEXT


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cuts=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_tool_arguments_restored_at_any_split(sanitized, cuts) -> None:  # type: ignore[no-untyped-def]
    sanitizer, result = sanitized
    restorer = _restorer(result)
    args = json.dumps({"note": result.text, "n": 1})
    outs = []
    for piece in _split(args, cuts):
        outs += restorer.transform(_chunk(args=piece))
    outs += restorer.transform(_chunk(finish="tool_calls"))
    assert json.loads(_collect(outs)[1]) == {"note": TEXT, "n": 1}


def test_every_single_split_point(sanitized) -> None:  # type: ignore[no-untyped-def]
    sanitizer, result = sanitized
    for cut in range(len(result.text) + 1):
        restorer = _restorer(result)
        outs = restorer.transform(_chunk(content=result.text[:cut]))
        outs += restorer.transform(_chunk(content=result.text[cut:]))
        outs += restorer.transform(_chunk(finish="stop"))
        assert _collect(outs)[0] == TEXT


def test_name_parts_restored_at_every_split_in_content_and_tool_arguments(sanitized) -> None:  # type: ignore[no-untyped-def]
    sanitizer, result = sanitized
    inv = {o: s for s, o in result.mapping.items()}
    answer = f"Dear Mr. {inv['Smith']},\n{inv['John']} -- {inv['Smith']}'s card; {inv['Smith']}, {inv['John']}."
    expected = "Dear Mr. Smith,\nJohn -- Smith's card; Smith, John."
    for cut in range(len(answer) + 1):
        restorer = _restorer(result)
        outs = restorer.transform(_chunk(content=answer[:cut]))
        outs += restorer.transform(_chunk(content=answer[cut:]))
        outs += restorer.transform(_chunk(finish="stop"))
        assert _collect(outs)[0] == expected
    args = json.dumps({"letter": answer})
    for cut in range(len(args) + 1):
        restorer = _restorer(result)
        outs = restorer.transform(_chunk(args=args[:cut])) + restorer.transform(_chunk(args=args[cut:]))
        outs += restorer.transform(_chunk(finish="tool_calls"))
        assert json.loads(_collect(outs)[1]) == {"letter": expected}
