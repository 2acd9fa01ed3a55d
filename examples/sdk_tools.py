"""Tool calls through Veil: values inside tool-call arguments are restored too (use a tool-capable upstream)."""

import json
import os

from openai import OpenAI

client = OpenAI(base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),
                api_key=os.environ.get("OPENAI_API_KEY", "unused"))
model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")  # e.g. gpt-4o-mini upstream
tools = [{"type": "function", "function": {
    "name": "lookup_customer", "description": "Find a customer by email",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}}]

reply = client.chat.completions.create(
    model=model, tools=tools,
    messages=[{"role": "user", "content": "Look up the customer john.smith@acme-corp.com"}])
message = reply.choices[0].message
for call in message.tool_calls or []:
    print(call.function.name, json.loads(call.function.arguments))
if not message.tool_calls:  # the built-in local model does not call tools: it answers in text
    print("no tool call (the local model does not call tools; use a tool-capable upstream):", message.content)
