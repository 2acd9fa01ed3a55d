"""One text full of personal data, sent through every surface of a live Veil to the recording upstream: the
system prompt, a tool result and the user message of chat (whole and streamed in 7-character chunks), the
system and user message of Messages, the instructions and input of Responses. Nothing of ``secrets`` may
arrive verbatim, and the echo must come back exactly as written."""

from __future__ import annotations

import json
from typing import Any


def attack_every_surface(veil_factory: Any, upstream: Any, text: str, secrets: tuple[str, ...]) -> None:
    import anthropic
    import openai

    veil = veil_factory(mode="prmpt")

    def leaked() -> list[str]:
        sent = json.dumps(upstream.last.body, ensure_ascii=False)
        return [s for s in secrets if s in sent]

    chat = openai.OpenAI(base_url=veil.url + "/v1", api_key="sk-user-1", max_retries=0)
    messages = [{"role": "system", "content": text},
                {"role": "assistant", "content": None, "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "note", "arguments": "{}"}}]},
                {"role": "tool", "tool_call_id": "call_1", "content": text},
                {"role": "user", "content": text}]
    resp = chat.chat.completions.create(model="gpt-4o-mini", messages=messages)  # type: ignore[arg-type]
    assert leaked() == []
    assert resp.choices[0].message.content == "echo: " + text
    streamed = "".join(c.choices[0].delta.content or "" for c in chat.chat.completions.create(
        model="gpt-4o-mini", messages=messages, stream=True,  # type: ignore[arg-type]
        extra_headers={"x-mock-chunk": "7"}) if c.choices)
    assert leaked() == []
    assert streamed == "echo: " + text
    claude = anthropic.Anthropic(base_url=veil.url, api_key="sk-user-1", max_retries=0)
    msg = claude.messages.create(model="claude-x", max_tokens=64, system=text,
                                 messages=[{"role": "user", "content": text}])
    assert leaked() == []
    assert "".join(b.text for b in msg.content if b.type == "text") == "echo: " + text
    answer = chat.responses.create(model="gpt-4o-mini", instructions=text, input=text)
    assert leaked() == []
    assert answer.output_text == "echo: " + text
