"""Test helper: the answer text a surface's SSE stream carries (content deltas, completion text, Responses
``output_text`` deltas, Anthropic text deltas), joined."""

from __future__ import annotations

import json

from proxy.pipeline.stream import SSEParser


def stream_text(surface: str, raw: bytes) -> str:
    parser, text = SSEParser(), ""
    for event in parser.feed(raw) + parser.close():
        if event.data.strip() == "[DONE]":
            continue
        data = json.loads(event.data)
        if surface == "chat":
            text += "".join((c.get("delta") or {}).get("content") or "" for c in data.get("choices", []))
        elif surface == "completions":
            text += "".join(c.get("text") or "" for c in data.get("choices", []))
        elif surface == "responses" and data.get("type") == "response.output_text.delta":
            text += data["delta"]
        elif surface == "messages" and data.get("type") == "content_block_delta":
            text += data["delta"].get("text", "")
    return text
