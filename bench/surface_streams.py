"""Stream restoration cost per event, per surface: chat chunks, Responses events, Messages events.

In process, no HTTP: the upstream's SSE bytes for an echo of a prompt with five values (stand-ins made
by the real sanitizer), in 4-character deltas, go through the surface's relay twice, side by side:
with an empty mapping (parse + re-encode only, what any restoring relay costs) and with the request's
mapping (the restore itself). The difference per event is what restoring adds; every run is checked to
give back the original text exactly.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

from bench.common import median, table

PROMPT = ("Please forward this to John Smith (john.smith@acme-corp.com, SSN 123-45-6789, card "
          "4111 1111 1111 1111, phone (415) 555-0132) and confirm the refund.")
DELTA = 4


def _chat_events(text: str) -> list[bytes]:
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    out = [{**base, "choices": [{"index": 0, "delta": {"content": text[i:i + DELTA]}, "finish_reason": None}]}
           for i in range(0, len(text), DELTA)]
    out.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return [b"data: " + json.dumps(e).encode() + b"\n\n" for e in out] + [b"data: [DONE]\n\n"]


def _named(kind: str, **fields: Any) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **fields})}\n\n".encode()


def _responses_events(text: str) -> list[bytes]:
    where = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
    out = [_named("response.output_text.delta", **where, delta=text[i:i + DELTA], logprobs=[],
                  sequence_number=i) for i in range(0, len(text), DELTA)]
    return out + [_named("response.output_text.done", **where, text=text, logprobs=[], sequence_number=10**6),
                  _named("response.completed", response={"id": "resp_1", "status": "completed", "output": []})]


def _messages_events(text: str) -> list[bytes]:
    out = [_named("content_block_delta", index=0, delta={"type": "text_delta", "text": text[i:i + DELTA]})
           for i in range(0, len(text), DELTA)]
    return out + [_named("content_block_stop", index=0), _named("message_stop")]


async def _relay(surface: Any, events: list[bytes], mapping: dict[str, str]) -> tuple[float, str]:
    from proxy.pipeline.restore import AnswerRestorer
    from proxy.pipeline.stream import relay_upstream

    async def raw() -> AsyncIterator[bytes]:
        for e in events:
            yield e

    t0 = time.perf_counter()
    out = [chunk async for chunk in relay_upstream(raw(), surface, surface.stream_restorer(AnswerRestorer(mapping)))]
    return time.perf_counter() - t0, b"".join(out).decode()


def _text_of(name: str, sse: str) -> str:
    text = ""
    for block in sse.split("\n\n"):
        data = next((ln[6:] for ln in block.splitlines() if ln.startswith("data: {")), None)
        if data is None:
            continue
        event = json.loads(data)
        if name == "chat":
            text += "".join(c["delta"].get("content") or "" for c in event.get("choices", []))
        elif name == "responses" and event["type"] == "response.output_text.delta":
            text += event["delta"]
        elif name == "messages" and event["type"] == "content_block_delta":
            text += event["delta"]["text"]
    return text


def run(rounds: int = 200) -> tuple[str, bool]:
    from mechanisms.keys import MasterKey
    from mechanisms.prmpt import PrmptConfig, Sanitizer
    from proxy.chat.adapter import ChatSurface
    from proxy.messages.adapter import MessagesSurface
    from proxy.responses.adapter import ResponsesSurface
    from proxy.responses.turns import TurnCache
    from proxy.settings import TurnCacheSettings

    sanitizer = Sanitizer(PrmptConfig())
    sanitizer.load()
    result = sanitizer.sanitize(PROMPT, MasterKey.from_bytes(bytes(32)).user_keys("bench"))
    echo = "echo: " + result.text
    surfaces = {"chat": (ChatSurface(), _chat_events(echo)),
                "responses": (ResponsesSurface(TurnCache(TurnCacheSettings())), _responses_events(echo)),
                "messages": (MessagesSurface(), _messages_events(echo))}
    rows, exact = [], True
    for name, (surface, events) in surfaces.items():
        plain: list[float] = []
        restoring: list[float] = []
        for _ in range(rounds):  # interleaved, so both see the same machine load
            plain.append(asyncio.run(_relay(surface, events, {}))[0])
            seconds, sse = asyncio.run(_relay(surface, events, result.mapping))
            restoring.append(seconds)
            exact = exact and _text_of(name, sse) == "echo: " + PROMPT
        n = len(events)
        p, r = median(plain) / n * 1e6, median(restoring) / n * 1e6
        rows.append([name, str(n), f"{p:.1f}", f"{r:.1f}", f"{r - p:+.1f}"])
    md = table(["surface", "events", "parse + encode us/event", "with restore us/event", "restore adds us/event"],
               rows)
    note = ("every stream restored exactly" if exact else "RESTORATION MISMATCH") + \
        f" ({len(result.mapping)} stand-ins, {DELTA}-character deltas, median of {rounds} interleaved runs)"
    return "### Stream restoration per event, by surface\n\n" + md + "\n\n" + note + "\n", exact
