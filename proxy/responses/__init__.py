"""OpenAI Responses API (`/v1/responses`)."""
