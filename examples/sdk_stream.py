"""Streaming through Veil: stand-ins split across chunks are restored before they reach you."""

import os

from openai import OpenAI

client = OpenAI(base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),
                api_key=os.environ.get("OPENAI_API_KEY", "unused-with-the-local-model"))
model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")

stream = client.chat.completions.create(
    model=model, stream=True, stream_options={"include_usage": True}, max_tokens=80,
    messages=[{"role": "user", "content": "Write one line to jane.doe@example-mail.org about card 5500 0000 0000 0004."}],
)
for chunk in stream:
    if chunk.choices and chunk.choices[0].delta.content:
        print(chunk.choices[0].delta.content, end="", flush=True)
    if chunk.usage:
        print(f"\n[usage: {chunk.usage.total_tokens} tokens]")
