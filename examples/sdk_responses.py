"""The OpenAI Responses API through Veil: input items, tools and a stream; values go out encrypted and
come back restored, also in function-call arguments.

Run Veil (`make run`), then: python examples/sdk_responses.py
"""

import os

from openai import OpenAI

client = OpenAI(base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),
                api_key=os.environ.get("OPENAI_API_KEY", "unused-with-the-local-model"))
model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")

prompt = "Repeat exactly: my SSN is 123-45-6789 and my email is john.smith@acme-corp.com."
raw = client.responses.with_raw_response.create(model=model, instructions="You repeat what you are told.",
                                                input=prompt, max_output_tokens=60, temperature=0)
print("answer:", raw.parse().output_text)
print("protected:", raw.headers.get("x-veil-entities"))

# A stream ends with response.completed, or with response.incomplete when max_output_tokens cuts the answer
# short (as the API does; the SDK's get_final_response() accepts only the first): read the last event.
with client.responses.stream(model=model, input=[{"role": "user", "content": [
        {"type": "input_text", "text": "Write one line to jane.doe@example-mail.org"}]}],
        max_output_tokens=40) as stream:
    final = None
    for event in stream:
        if event.type == "response.output_text.delta":
            print(event.delta, end="", flush=True)
        elif event.type in ("response.completed", "response.incomplete", "response.failed"):
            final = event.response
    details = final and final.incomplete_details
    print("\nstatus:", final.status if final else "no final event", *([f"({details.reason})"] if details else []))
