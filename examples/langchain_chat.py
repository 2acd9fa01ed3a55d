"""LangChain's ChatOpenAI with base_url pointed at Veil."""

import os

from langchain_openai import ChatOpenAI

llm = ChatOpenAI(
    base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"),
    api_key=os.environ.get("OPENAI_API_KEY", "unused-with-the-local-model"),
    model=os.environ.get("VEIL_EXAMPLE_MODEL", "smollm2-135m-instruct"),
    max_tokens=60,
)
print(llm.invoke("My SSN is 123-45-6789. Repeat it back to me.").content)
