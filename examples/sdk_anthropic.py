"""The Anthropic SDK pointed at Veil (Messages API): system prompt, messages, tools and a stream; values
go out encrypted and come back restored, also in tool_use input.

Run Veil (`make run`), then: python examples/sdk_anthropic.py
With a real Anthropic upstream: veil serve --upstream-url https://api.anthropic.com/v1 (or set
upstream.anthropic_base_url) and pass your key as usual.
"""

import os

from anthropic import Anthropic

client = Anthropic(base_url=os.environ.get("ANTHROPIC_BASE_URL", "http://127.0.0.1:8080"),  # Veil's URL
                   api_key=os.environ.get("ANTHROPIC_API_KEY", "unused-with-the-local-model"))
model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")

raw = client.messages.with_raw_response.create(
    model=model, max_tokens=60, system="You repeat what you are told.", extra_body={"temperature": 0},
    messages=[{"role": "user", "content": "Repeat exactly: my card is 4111 1111 1111 1111, "
                                          "call me at (415) 555-0132."}])
print("answer:", raw.parse().content[0].text)
print("protected:", raw.headers.get("x-veil-entities"))

with client.messages.stream(model=model, max_tokens=40, messages=[
        {"role": "user", "content": "Say hello to jane.doe@example-mail.org"}]) as stream:
    for text in stream.text_stream:
        print(text, end="", flush=True)
    print("\nstop:", stream.get_final_message().stop_reason)
