"""A recording mock of an OpenAI-compatible upstream that misbehaves on demand.

The model name picks the behaviour:
  anything else    echo: the reply is "echo: " + the last user message (string or text parts)
  mock-tools       a tool call whose arguments echo the last user message
  mock-error-NNN   HTTP NNN with an OpenAI error body (429 adds Retry-After: 7)
  mock-slow        waits ``slow_seconds`` before answering
  mock-stall       streams one chunk, then stalls until the client goes away
  mock-reset       streams one chunk, then drops the connection
  mock-nodone      streams the reply but never sends [DONE]
  mock-badjson     non-stream: a body that is not JSON; stream: a malformed SSE line first
Streams split the reply into pieces of ``chunk_size`` characters (header x-mock-chunk overrides).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class MockUpstream:
    requests: list[Recorded] = field(default_factory=list)
    chunk_size: int = 3
    slow_seconds: float = 2.0
    stream_closed: asyncio.Event | None = None
    closed_streams: int = 0
    models: list[str] = field(default_factory=lambda: ["gpt-4o-mini", "mock-tools"])

    def app(self) -> Starlette:
        return Starlette(routes=[
            Route("/v1/chat/completions", self._chat, methods=["POST"]),
            Route("/v1/completions", self._completions, methods=["POST"]),
            Route("/v1/embeddings", self._embeddings, methods=["POST"]),
            Route("/v1/models", self._models, methods=["GET"]),
        ])

    # ---- helpers -------------------------------------------------------------------------------
    async def _record(self, request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode(errors="replace")
        self.requests.append(Recorded(request.url.path, dict(request.headers), body))
        return body if isinstance(body, dict) else {}

    @property
    def last(self) -> Recorded:
        return self.requests[-1]

    @staticmethod
    def last_user_text(body: dict[str, Any]) -> str:
        for msg in reversed(body.get("messages", [])):
            if msg.get("role") == "user":
                content = msg.get("content")
                if isinstance(content, list):
                    return "".join(p["text"] for p in content
                                   if isinstance(p, dict) and isinstance(p.get("text"), str))
                return str(content)
        return ""

    async def _error_or_none(self, model: str) -> Response | None:
        if model.startswith("mock-error-"):
            status = int(model.rsplit("-", 1)[1])
            headers = {"retry-after": "7"} if status == 429 else {}
            return JSONResponse({"error": {"message": f"mock failure {status}", "type": "mock_error",
                                           "param": None, "code": f"mock_{status}"}}, status, headers)
        if model == "mock-slow":
            await asyncio.sleep(self.slow_seconds)
        return None

    # ---- routes --------------------------------------------------------------------------------
    async def _chat(self, request: Request) -> Response:
        body = await self._record(request)
        model = str(body.get("model", ""))
        failed = await self._error_or_none(model)
        if failed is not None:
            return failed
        text = "echo: " + self.last_user_text(body)
        if model == "mock-badjson" and not body.get("stream"):
            return Response(b"{not json", media_type="application/json")
        if body.get("stream"):
            size = int(request.headers.get("x-mock-chunk", self.chunk_size))
            return StreamingResponse(self._chat_stream(body, text, size), media_type="text/event-stream")
        message: dict[str, Any] = {"role": "assistant", "content": text, "refusal": None}
        if model == "mock-tools":
            message = {"role": "assistant", "content": None, "refusal": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "lookup", "arguments": json.dumps({"query": text})}}]}
        return JSONResponse({
            "id": "chatcmpl-mock", "object": "chat.completion", "created": 1, "model": model,
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if model == "mock-tools" else "stop"}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
        })

    async def _chat_stream(self, body: dict[str, Any], text: str, size: int):  # type: ignore[no-untyped-def]
        model = str(body.get("model"))
        base = {"id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1, "model": model}

        def event(choices: list[dict[str, Any]], **extra: Any) -> bytes:
            return b"data: " + json.dumps({**base, "choices": choices, **extra}).encode() + b"\n\n"

        try:
            if model == "mock-badjson":
                yield b"data: {this is not json\n\n"
            yield event([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
            pieces = [text[i:i + size] for i in range(0, len(text), size)] or [""]
            if model == "mock-tools":
                args = json.dumps({"query": text})
                yield event([{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                              "function": {"name": "lookup", "arguments": ""}}]}, "finish_reason": None}])
                for i in range(0, len(args), size):
                    yield event([{"index": 0, "delta": {"tool_calls": [
                        {"index": 0, "function": {"arguments": args[i:i + size]}}]}, "finish_reason": None}])
                yield event([{"index": 0, "delta": {}, "finish_reason": "tool_calls"}])
            else:
                for n, piece in enumerate(pieces):
                    yield event([{"index": 0, "delta": {"content": piece}, "finish_reason": None}])
                    if model == "mock-stall" and n == 0:
                        await asyncio.sleep(3600)
                    if model == "mock-reset" and n == 0:
                        raise ConnectionResetError("mock reset")
                yield event([{"index": 0, "delta": {}, "finish_reason": "stop"}])
            if (body.get("stream_options") or {}).get("include_usage"):
                yield event([], usage={"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12})
            if model != "mock-nodone":
                yield b"data: [DONE]\n\n"
        finally:
            self.closed_streams += 1

    async def _completions(self, request: Request) -> Response:
        body = await self._record(request)
        failed = await self._error_or_none(str(body.get("model", "")))
        if failed is not None:
            return failed
        prompt = body.get("prompt")
        text = "echo: " + (prompt if isinstance(prompt, str) else json.dumps(prompt))
        if body.get("stream"):
            async def gen():  # type: ignore[no-untyped-def]
                for i in range(0, len(text), self.chunk_size):
                    chunk = {"id": "cmpl-mock", "object": "text_completion", "created": 1, "model": body["model"],
                             "choices": [{"index": 0, "text": text[i:i + self.chunk_size], "finish_reason": None}]}
                    yield b"data: " + json.dumps(chunk).encode() + b"\n\n"
                yield b"data: [DONE]\n\n"
            return StreamingResponse(gen(), media_type="text/event-stream")
        return JSONResponse({"id": "cmpl-mock", "object": "text_completion", "created": 1, "model": body["model"],
                             "choices": [{"index": 0, "text": text, "logprobs": None, "finish_reason": "stop"}],
                             "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    async def _embeddings(self, request: Request) -> Response:
        body = await self._record(request)
        inputs = body.get("input")
        items = inputs if isinstance(inputs, list) else [inputs]
        if body.get("encoding_format") == "base64":
            import base64
            import struct
            vec: Any = base64.b64encode(struct.pack("<3f", 0.5, -1.0, 2.0)).decode()
        else:
            vec = [0.5, -1.0, 2.0]
        return JSONResponse({"object": "list", "model": body.get("model"),
                             "data": [{"object": "embedding", "index": i, "embedding": vec} for i in range(len(items))],
                             "usage": {"prompt_tokens": 3, "total_tokens": 3}})

    async def _models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [
            {"id": m, "object": "model", "created": 1, "owned_by": "mock"} for m in self.models]})
