"""Test helper: the answer text a surface's SSE stream carries (content deltas, completion text, Responses
``output_text`` deltas, Anthropic text deltas, Ollama's message content), joined."""

from __future__ import annotations

import json

from proxy.pipeline.stream import LineParser, SSEParser


def stream_text(surface: str, raw: bytes) -> str:
    parser, text = LineParser() if surface == "ollama_chat" else SSEParser(), ""
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
        elif surface == "ollama_chat":
            text += (data.get("message") or {}).get("content") or ""
    return text
