"""A recording mock of an OpenAI-compatible upstream that misbehaves on demand.

The model name picks the behaviour:
  anything else    echo: the reply is "echo: " + the last user message (string or text parts)
  mock-tools       a tool call whose arguments echo the last user message
  mock-error-NNN   HTTP NNN with an OpenAI error body (429 adds Retry-After: 7)
  mock-slow        waits ``slow_seconds`` before answering
  mock-stall       streams one chunk, then stalls until the client goes away
  mock-reset       streams one chunk, then drops the connection
  mock-nodone      streams the reply but never sends [DONE] (Responses: response.completed, Messages: message_stop)
  mock-notsse      a stream request answered 200 with a JSON body, not an event stream
  mock-badjson     non-stream: a body that is not JSON; stream: a malformed SSE line first
  mock-echo-all    the reply is the whole request body it received, as JSON text
Streams split the reply into pieces of ``chunk_size`` characters (header x-mock-chunk overrides).
The same models work on /v1/responses (OpenAI Responses API, stored and retrievable; ``mock-recall``
also repeats the text of the previous response's input; ``mock-incomplete`` ends its stream with
response.incomplete, as when max_output_tokens is reached), /v1/messages (Anthropic Messages API,
errors in Anthropic's format; ``mock-stop`` ends on the first stop sequence) and /api/chat (Ollama: JSON
lines, streaming unless ``"stream": false``, errors as ``{"error": "..."}``).
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
    query: str = ""


@dataclass
class MockUpstream:
    requests: list[Recorded] = field(default_factory=list)
    chunk_size: int = 3
    slow_seconds: float = 2.0
    stream_closed: asyncio.Event | None = None
    stored: dict[str, dict[str, Any]] = field(default_factory=dict)
    closed_streams: int = 0
    models: list[str] = field(default_factory=lambda: ["gpt-4o-mini", "mock-tools"])

    def app(self) -> Starlette:
        return Starlette(routes=[
            Route("/v1/chat/completions", self._chat, methods=["POST"]),
            Route("/v1/completions", self._completions, methods=["POST"]),
            Route("/v1/embeddings", self._embeddings, methods=["POST"]),
            Route("/v1/models", self._models, methods=["GET"]),
            Route("/v1/responses", self._responses, methods=["POST"]),
            Route("/v1/responses/{rid}", self._stored, methods=["GET", "DELETE"]),
            Route("/v1/responses/{rid}/input_items", self._input_items, methods=["GET"]),
            Route("/v1/messages", self._messages, methods=["POST"]),
            Route("/v1/messages/count_tokens", self._count_tokens, methods=["POST"]),
            Route("/api/chat", self._ollama_chat, methods=["POST"]),
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

    @staticmethod
    def echo_all(body: dict[str, Any]) -> str:
        return json.dumps(body, ensure_ascii=False, sort_keys=True)

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
        text = self.echo_all(body) if model == "mock-echo-all" else "echo: " + self.last_user_text(body)
        if model == "mock-badjson" and not body.get("stream"):
            return Response(b"{not json", media_type="application/json")
        if body.get("stream") and model != "mock-notsse":
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
        if body.get("model") == "mock-echo-all":
            text = self.echo_all(body)
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

    # ---- OpenAI Responses API -------------------------------------------------------------------
    @staticmethod
    def input_text(value: Any) -> str:
        """The text of the last user message of a Responses ``input`` (string or items)."""
        if isinstance(value, str):
            return value
        for item in reversed(value or []):
            if isinstance(item, dict) and item.get("type", "message") == "message" and item.get("role") == "user":
                content = item.get("content")
                if isinstance(content, list):
                    return "".join(p.get("text", "") for p in content if isinstance(p, dict))
                return str(content)
        return ""

    async def _responses(self, request: Request) -> Response:
        body = await self._record(request)
        model = str(body.get("model", ""))
        failed = await self._error_or_none(model)
        if failed is not None:
            return failed
        if model == "mock-badjson" and not body.get("stream"):
            return Response(b"{not json", media_type="application/json")
        text = self.echo_all(body) if model == "mock-echo-all" else "echo: " + self.input_text(body.get("input"))
        if model == "mock-recall":
            earlier = self.stored.get(str(body.get("previous_response_id")), {})
            text += " | earlier: " + self.input_text(earlier.get("_input"))
        rid = f"resp_mock{len(self.stored)}"
        if model == "mock-tools":
            item: dict[str, Any] = {"type": "function_call", "id": f"fc_{rid}", "call_id": "call_1",
                                    "name": "lookup", "arguments": json.dumps({"query": text}),
                                    "status": "completed"}
        else:
            item = {"type": "message", "id": f"msg_{rid}", "status": "completed", "role": "assistant",
                    "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]}
        response = {"id": rid, "object": "response", "created_at": 1, "status": "completed", "model": model,
                    "output": [item], "instructions": body.get("instructions"), "metadata": body.get("metadata"),
                    "tools": body.get("tools") or [], "previous_response_id": body.get("previous_response_id"),
                    "usage": {"input_tokens": 5, "output_tokens": 7, "total_tokens": 12}}
        self.stored[rid] = {**response, "_input": body.get("input")}
        if body.get("stream") and model != "mock-notsse":
            size = int(request.headers.get("x-mock-chunk", self.chunk_size))
            return StreamingResponse(self._responses_stream(response, item, size), media_type="text/event-stream")
        return JSONResponse(response)

    async def _responses_stream(self, response: dict[str, Any], item: dict[str, Any], size: int):  # type: ignore[no-untyped-def]
        seq = 0

        def event(kind: str, **fields: Any) -> bytes:
            nonlocal seq
            seq += 1
            data = {"type": kind, "sequence_number": seq - 1, **fields}
            return f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode()

        where = {"item_id": item["id"], "output_index": 0}
        yield event("response.created", response={**response, "status": "in_progress", "output": []})
        if item["type"] == "function_call":
            yield event("response.output_item.added", output_index=0, item={**item, "arguments": ""})
            args = item["arguments"]
            for i in range(0, len(args), size):
                yield event("response.function_call_arguments.delta", **where, delta=args[i:i + size])
            yield event("response.function_call_arguments.done", **where, arguments=args)
        else:
            text = item["content"][0]["text"]
            yield event("response.output_item.added", output_index=0, item={**item, "content": [],
                                                                             "status": "in_progress"})
            part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
            yield event("response.content_part.added", **where, content_index=0, part=part)
            for i in range(0, len(text), size):
                yield event("response.output_text.delta", **where, content_index=0, delta=text[i:i + size],
                            logprobs=[])
            yield event("response.output_text.done", **where, content_index=0, text=text, logprobs=[])
            yield event("response.content_part.done", **where, content_index=0, part={**part, "text": text})
        yield event("response.output_item.done", output_index=0, item=item)
        if response["model"] == "mock-incomplete":  # as when max_output_tokens cuts the answer short
            yield event("response.incomplete", response={**response, "status": "incomplete",
                                                         "incomplete_details": {"reason": "max_output_tokens"}})
        elif response["model"] != "mock-nodone":
            yield event("response.completed", response=response)

    async def _stored(self, request: Request) -> Response:
        self.requests.append(Recorded(request.url.path, dict(request.headers), None, request.url.query))
        rid = request.path_params["rid"]
        if rid not in self.stored:
            return JSONResponse({"error": {"message": "no such response", "type": "invalid_request_error",
                                           "param": None, "code": "not_found"}}, 404)
        if request.method == "DELETE":
            del self.stored[rid]
            return JSONResponse({"id": rid, "object": "response", "deleted": True})
        return JSONResponse({k: v for k, v in self.stored[rid].items() if not k.startswith("_")})

    async def _input_items(self, request: Request) -> Response:
        rid = request.path_params["rid"]
        value = self.stored.get(rid, {}).get("_input")
        items = [{"type": "message", "role": "user", "id": "msg_in",
                  "content": [{"type": "input_text", "text": value}]}] if isinstance(value, str) else value or []
        return JSONResponse({"object": "list", "data": items, "first_id": "msg_in", "last_id": "msg_in",
                             "has_more": False})

    # ---- Anthropic Messages API -----------------------------------------------------------------
    @staticmethod
    def last_user_block_text(body: dict[str, Any]) -> str:
        for msg in reversed(body.get("messages", [])):
            if msg.get("role") == "user":
                content = msg.get("content")
                if isinstance(content, list):
                    return "".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
                return str(content)
        return ""

    async def _messages(self, request: Request) -> Response:
        body = await self._record(request)
        model = str(body.get("model", ""))
        if model.startswith("mock-error-"):
            status = int(model.rsplit("-", 1)[1])
            kinds = {400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_error",
                     529: "overloaded_error"}
            return JSONResponse({"type": "error", "error": {"type": kinds.get(status, "api_error"),
                                                            "message": f"mock failure {status}"}}, status)
        if model == "mock-badjson" and not body.get("stream"):
            return Response(b"{not json", media_type="application/json")
        text = self.echo_all(body) if model == "mock-echo-all" else "echo: " + self.last_user_block_text(body)
        stop_reason, stop_sequence = "end_turn", None
        if model == "mock-stop" and body.get("stop_sequences"):
            stop_reason, stop_sequence = "stop_sequence", body["stop_sequences"][0]
        if model == "mock-tools":
            block: dict[str, Any] = {"type": "tool_use", "id": "toolu_1", "name": "lookup",
                                     "input": {"query": text}}
            stop_reason = "tool_use"
        else:
            block = {"type": "text", "text": text}
        message = {"id": "msg_mock", "type": "message", "role": "assistant", "model": model, "content": [block],
                   "stop_reason": stop_reason, "stop_sequence": stop_sequence,
                   "usage": {"input_tokens": 5, "output_tokens": 7}}
        if body.get("stream") and model != "mock-notsse":
            size = int(request.headers.get("x-mock-chunk", self.chunk_size))
            return StreamingResponse(self._messages_stream(message, size), media_type="text/event-stream")
        return JSONResponse(message)

    async def _messages_stream(self, message: dict[str, Any], size: int):  # type: ignore[no-untyped-def]
        def event(kind: str, **fields: Any) -> bytes:
            return f"event: {kind}\ndata: {json.dumps({'type': kind, **fields})}\n\n".encode()

        block = message["content"][0]
        yield event("message_start", message={**message, "content": [], "stop_reason": None,
                                              "stop_sequence": None})
        if block["type"] == "tool_use":
            yield event("content_block_start", index=0, content_block={**block, "input": {}})
            raw = json.dumps(block["input"])
            for i in range(0, len(raw), size):
                yield event("content_block_delta", index=0, delta={"type": "input_json_delta",
                                                                   "partial_json": raw[i:i + size]})
        else:
            yield event("content_block_start", index=0, content_block={"type": "text", "text": ""})
            yield event("ping")
            text = block["text"]
            for i in range(0, len(text), size):
                yield event("content_block_delta", index=0, delta={"type": "text_delta", "text": text[i:i + size]})
        yield event("content_block_stop", index=0)
        yield event("message_delta", delta={"stop_reason": message["stop_reason"],
                                            "stop_sequence": message["stop_sequence"]},
                    usage={"output_tokens": 7})
        if message["model"] != "mock-nodone":
            yield event("message_stop")

    async def _count_tokens(self, request: Request) -> Response:
        body = await self._record(request)
        return JSONResponse({"input_tokens": len(json.dumps(body.get("messages"))) // 4})

    # ---- Ollama ----------------------------------------------------------------------------------
    async def _ollama_chat(self, request: Request) -> Response:
        body = await self._record(request)
        model = str(body.get("model", ""))
        if model.startswith("mock-error-"):
            status = int(model.rsplit("-", 1)[1])
            return JSONResponse({"error": f"mock failure {status}"}, status)
        text = self.echo_all(body) if model == "mock-echo-all" else "echo: " + self.last_user_text(body)
        base = {"model": model, "created_at": "2026-01-01T00:00:00Z"}
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if model == "mock-tools":
            message = {"role": "assistant", "content": "",
                       "tool_calls": [{"function": {"name": "lookup", "arguments": {"query": text}}}]}
        last = {**base, "done": True, "done_reason": "stop", "total_duration": 1234567, "eval_count": 7}
        if body.get("stream") is False:
            return JSONResponse({**base, "message": message, **last})
        size = int(request.headers.get("x-mock-chunk", self.chunk_size))

        async def lines():  # type: ignore[no-untyped-def]
            if model == "mock-tools":
                yield json.dumps({**base, "message": message, "done": False}).encode() + b"\n"
            else:
                for i in range(0, len(text), size):
                    piece = {"role": "assistant", "content": text[i:i + size]}
                    yield json.dumps({**base, "message": piece, "done": False}).encode() + b"\n"
            if model != "mock-nodone":
                yield json.dumps({**last, "message": {"role": "assistant", "content": ""}}).encode() + b"\n"

        return StreamingResponse(lines(), media_type="application/x-ndjson")
