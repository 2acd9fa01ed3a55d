"""A fast OpenAI-compatible mock upstream for benchmarks (fixed answers, optional chunk spacing)."""

from __future__ import annotations

import argparse
import asyncio
import json

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

ANSWER = {"id": "chatcmpl-bench", "object": "chat.completion", "created": 1, "model": "bench",
          "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok, noted."},
                       "finish_reason": "stop"}],
          "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}}
ANSWER_BYTES = json.dumps(ANSWER).encode()


def _echo_text(body: dict) -> str:
    for msg in reversed(body.get("messages", [])):
        if msg.get("role") == "user" and isinstance(msg.get("content"), str):
            return msg["content"]
    return ""


async def chat(request: Request) -> Response:
    raw = await request.body()
    if b'"stream":true' not in raw.replace(b" ", b""):
        if b"x-bench-echo" not in raw:
            return Response(ANSWER_BYTES, media_type="application/json")
        body = json.loads(raw)
        echoed = {**ANSWER, "choices": [{"index": 0, "message": {"role": "assistant",
                                                                 "content": _echo_text(body)},
                                         "finish_reason": "stop"}]}
        return Response(json.dumps(echoed).encode(), media_type="application/json")
    body = json.loads(raw)
    chunks = int(request.headers.get("x-bench-chunks", "20"))
    gap = float(request.headers.get("x-bench-gap-ms", "5")) / 1000
    text = _echo_text(body) if body.get("x-bench-echo") else "word " * chunks
    size = max(1, len(text) // chunks)

    async def events():  # type: ignore[no-untyped-def]
        for i in range(0, len(text), size):
            piece = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "bench",
                     "choices": [{"index": 0, "delta": {"content": text[i:i + size]}, "finish_reason": None}]}
            yield b"data: " + json.dumps(piece).encode() + b"\n\n"
            if gap:
                await asyncio.sleep(gap)
        yield b"data: [DONE]\n\n"

    return StreamingResponse(events(), media_type="text/event-stream")


async def health(request: Request) -> Response:
    return Response(b"{}", media_type="application/json")


app = Starlette(routes=[Route("/v1/chat/completions", chat, methods=["POST"]),
                        Route("/healthz", health)])

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", access_log=False)
