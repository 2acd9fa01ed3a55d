"""The async OpenAI SDK against Veil: several requests at once."""

import asyncio
import os

from openai import AsyncOpenAI

model = os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct")


async def main() -> None:
    async with AsyncOpenAI(base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),
                           api_key=os.environ.get("OPENAI_API_KEY", "unused-with-the-local-model")) as client:
        questions = ["Name a color.", "Name a fruit.", "Name an animal."]
        replies = await asyncio.gather(*(client.chat.completions.create(
            model=model, messages=[{"role": "user", "content": q}], max_tokens=20) for q in questions))
        for q, r in zip(questions, replies):
            print(q, "->", r.choices[0].message.content)


asyncio.run(main())
