"""The OpenAI SDK pointed at Veil: a card, an SSN, a name and an email go out encrypted, come back restored.

Run Veil (`make run`), then: python examples/sdk_chat.py
"""

import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),  # the only change: Veil's URL
    api_key=os.environ.get("OPENAI_API_KEY", "unused-with-the-local-model"),
)
model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")

prompt = ("Repeat exactly, then say thanks: My name is John Smith, my SSN is 123-45-6789, my card is "
          "4111 1111 1111 1111 and my email is john.smith@acme-corp.com.")
raw = client.chat.completions.with_raw_response.create(
    model=model, messages=[{"role": "user", "content": prompt}], temperature=0, max_tokens=80)
reply = raw.parse()
print("answer:", reply.choices[0].message.content)
print("protected:", raw.headers.get("x-veil-entities"), "| mode:", raw.headers.get("x-veil-mode"))
