"""Ollama's ``/api/chat``: its route and provider (its native API, which has no key), its error body
(``{"error": "..."}``), streams on unless ``"stream": false``, and its answers made here."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

from proxy.errors import ProxyError
from proxy.local.generator import GenerationResult
from proxy.ollama import wire
from proxy.ollama.wire import Line, OllamaRequest, Options
from proxy.pipeline.shapes import Body
from proxy.pipeline.surface import Made, Prompt, Surface
from proxy.provider import Provider
from proxy.settings import LimitsSettings


def ollama_error(exc: ProxyError) -> dict[str, Any]:
    message = exc.message if exc.param is None else f"{exc.param}: {exc.message}"
    return {"error": message}


OLLAMA = Provider("ollama", error_body=ollama_error)  # its URL: upstream.base_urls.ollama


class OllamaChatSurface(Surface[OllamaRequest]):
    name = "ollama_chat"
    label = "Ollama chat"
    path = "/api/chat"
    summary = "Ollama's chat API, sanitized and restored"
    doc_schema = wire.DOC_SCHEMA
    upstream_path = "/api/chat"
    provider = OLLAMA
    request_schema = wire.REQUEST
    response_schema = wire.RESPONSE
    lines = True
    end_events = ('"done": true',)
    stream_format = wire.STREAM

    def check(self, body: Body, limits: LimitsSettings) -> None:
        wire.check(body, limits)

    def is_stream(self, body: OllamaRequest) -> bool:
        return body.get("stream") is not False  # Ollama streams unless told not to

    def stream_end_lines(self) -> tuple[bytes, ...]:
        return b'"done":true', b'"done": true', b'{"error"'

    # ---- answers made here ---------------------------------------------------------------------
    def prompt(self, body: OllamaRequest) -> Prompt:
        options: Options = body["options"] if isinstance(body.get("options"), dict) else {}
        sampling = {"max_tokens": options.get("num_predict"), "temperature": options.get("temperature"),
                    "top_p": options.get("top_p"), "top_k": options.get("top_k"), "stop": options.get("stop"),
                    "seed": options.get("seed")}
        return Prompt(messages=body["messages"], sampling={k: v for k, v in sampling.items() if v is not None})

    def answer(self, made: Made[OllamaRequest]) -> Line:
        return self._last(made, made.results[0], made.results[0].text)

    async def events(self, made: Made[OllamaRequest]) -> AsyncIterator[Line]:
        async for item in made.choices[0]:
            if isinstance(item, str):
                yield {**self._line(made, item), "done": False}
            else:  # the last line: no more text, the counts
                yield self._last(made, item, "")

    def _last(self, made: Made[OllamaRequest], result: GenerationResult, text: str) -> Line:
        return {**self._line(made, text), "done": True,
                "done_reason": "length" if result.finish_reason == "length" else "stop",
                "prompt_eval_count": result.prompt_tokens, "eval_count": result.completion_tokens}

    @staticmethod
    def _line(made: Made[OllamaRequest], text: str) -> Line:
        return {"model": made.model, "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "message": {"role": "assistant", "content": text}}
