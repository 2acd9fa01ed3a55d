"""What an API surface gives the shared pipeline.

A surface package (proxy/chat, proxy/responses, proxy/messages, ...) has two parts, like vLLM's
OpenAI server: ``wire.py`` (the field map of its bodies: text, JSON-in-string, identifiers, the
allow-list of structural fields, uninspectable content; where its stream carries text; its checks)
and ``adapter.py`` (a ``Surface`` subclass: its route, the provider it speaks to, how the local model
answers it). The registry (proxy/surfaces.py) lists every surface; adding one means adding its folder
and one line there.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, Self, TypeVar

from proxy.errors import ProxyError
from proxy.local.generator import GenerationResult
from proxy.pipeline.endpoint import Endpoint, surface_endpoint
from proxy.pipeline.fieldmap import Node
from proxy.pipeline.restore import PASS, AnswerRestorer, EventRestorer, StreamFormat
from proxy.pipeline.shapes import Body, Event, Out, RequestFields
from proxy.pipeline.stream import LineParser, SSEParser, StreamEndWatch, encode_event
from proxy.provider import OPENAI, Provider
from proxy.settings import LimitsSettings

if TYPE_CHECKING:
    from proxy.pipeline.policy import Policy
    from proxy.runtime import Runtime

# A surface's request: the fields of it that its adapter reads (a TypedDict of its wire.py)
RequestT = TypeVar("RequestT", bound=RequestFields)


def completion_id(prefix: str) -> str:
    """An id for an answer made here, in OpenAI's shape (``chatcmpl-...``)."""
    return f"{prefix}-{uuid.uuid4().hex[:24]}"


def now() -> int:
    return int(time.time())


@dataclass
class Prompt:
    """What a request asks of a model in this process (the local model, the echo upstream): to
    ``generate`` from chat turns (content: a string or text parts) or one completion prompt, with
    ``sampling`` options in chat's names (max_tokens, temperature, top_p, top_k, stop, seed) and ``n``
    choices; to ``embed`` ``inputs``; or to ``count`` the tokens of the chat turns."""

    messages: list[dict[str, Any]] | None = None
    text: str | None = None
    sampling: Mapping[str, Any] = field(default_factory=dict)
    n: Any = 1
    task: Literal["generate", "embed", "count"] = "generate"
    inputs: list[str | list[int]] = field(default_factory=list)


@dataclass
class Made(Generic[RequestT]):
    """An answer made in this process, for its surface to write in its own shape: ``results`` (one per
    choice) for a whole answer; for a stream, ``choices``, each yielding its text deltas and then its
    result; ``vectors`` for embeddings; ``tokens`` read for embeddings and token counts."""

    model: str
    body: RequestT
    prompt_tokens: int = 0
    results: list[GenerationResult] = field(default_factory=list)
    choices: list[AsyncIterator[str | GenerationResult]] = field(default_factory=list)
    vectors: list[list[float]] = field(default_factory=list)
    tokens: int = 0

    def usage(self) -> tuple[int, int]:
        """(prompt tokens, completion tokens over all choices)."""
        return self.prompt_tokens, sum(r.completion_tokens for r in self.results)


class Surface(Generic[RequestT]):
    """One API surface. Subclasses set the class attributes and override what differs.

    ``RequestT`` is the fields of its request that it reads once the request passed its ``check``
    (which reads the body as it came); the pipeline, which serves every surface, holds a
    ``Surface[Any]``."""

    name: str = ""  # route label in metrics and logs; how the preview and the inspector name it
    label: str = ""  # what people call it ("Chat completions")
    path: str = ""  # its route (POST)
    summary: str = ""  # and how /docs describes it
    doc_schema: dict[str, Any] | None = None  # the request as /docs shows it (the fields Veil reads)
    upstream_path: str = ""  # appended to the provider's base URL
    provider: Provider = OPENAI  # the API it speaks: where it goes upstream, with which headers and errors
    request_schema: Node
    response_schema: Node
    streams: bool = True
    done_marker: bytes | None = None  # OpenAI chat/completions end a stream with data: [DONE]
    end_events: tuple[str, ...] = ()  # Responses / Messages: the event types that end a stream
    named_events: bool = False  # Responses / Messages: "event: <type>" before each data line
    lines: bool = False  # Ollama: streams are JSON lines, not server-sent events
    supports_extraction: bool = False  # Cape's extraction step can rewrite its answer
    stream_format: StreamFormat = PASS  # where its stream events carry text (proxy/pipeline/restore.py)

    @classmethod
    def create(cls, rt: Runtime) -> Self:
        """The surface of one running proxy (Responses: with its turn store)."""
        return cls()

    def endpoints(self, rt: Runtime) -> list[Endpoint]:
        """Its routes: ``POST path`` through the pipeline (Responses adds the stored-response routes)."""
        return [surface_endpoint(rt.pipeline, self.path, self, tag=self.provider.name,
                                 request_schema=self.doc_schema, summary=self.summary)]

    # ---- requests ------------------------------------------------------------------------------
    def check(self, body: Body, limits: LimitsSettings) -> None:
        """Surface-specific validation; raise BadRequest with the offending param."""

    def is_stream(self, body: RequestT) -> bool:
        return self.streams and body.get("stream") is True

    def model(self, body: RequestT) -> str:
        return str(body["model"])

    def after_sanitize(self, policy: Policy, body: RequestT, caller: Any) -> None:
        """Hook after sanitization (Responses: remember this turn's stand-ins, add earlier turns')."""

    def earlier(self, caller: Any) -> dict[str, str]:
        """Stand-ins of the caller's earlier requests that a stored answer may hold (Responses' turns)."""
        return {}

    # ---- errors --------------------------------------------------------------------------------
    def error_body(self, exc: ProxyError) -> Out:
        return self.provider.error_body(exc)

    def error_event(self, exc: ProxyError) -> bytes:
        return self.encode(self.error_body(exc))

    # ---- answers -------------------------------------------------------------------------------
    def encode(self, event: Out) -> bytes:
        if self.lines:
            return json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        return encode_event(event, str(event.get("type")) if self.named_events and "type" in event else None)

    @property
    def media_type(self) -> str:
        return "application/x-ndjson" if self.lines else "text/event-stream"

    def parser(self) -> SSEParser | LineParser:
        return LineParser() if self.lines else SSEParser()

    def end_watch(self) -> StreamEndWatch:
        return StreamEndWatch(self.stream_end_lines(), lines=self.lines)

    def is_error_event(self, event: Event) -> bool:
        return "error" in event

    def stream_end_lines(self) -> tuple[bytes, ...]:
        """The SSE lines after which an upstream stream may end: its done marker or end events, or an
        error event (the stream failed, and said so)."""
        if self.done_marker:
            return (b"data: [DONE]", b"data:[DONE]", b'data: {"error"', b'data:{"error"')
        return tuple(prefix + name.encode() for name in self.end_events for prefix in (b"event: ", b"event:"))

    def stream_restorer(self, answer: AnswerRestorer) -> EventRestorer:
        return EventRestorer(answer, self.stream_format)

    def restore_body(self, data: Body, policy: Policy) -> Body:
        return policy.restorer.body(self.response_schema, data)

    # ---- answers made here: the local model, the echo upstream (proxy/local/upstream.py) ---------
    def prompt(self, body: RequestT) -> Prompt:
        """What the request asks of a model here; raise BadRequest for what one cannot answer."""
        raise ProxyError(f"the local model does not serve {self.name}", status=404,
                         type="invalid_request_error", code="not_supported")

    def answer(self, made: Made[RequestT]) -> Out:
        """A whole answer in this surface's shape."""
        raise NotImplementedError

    def events(self, made: Made[RequestT]) -> AsyncIterator[Out]:
        """An answer as this surface's stream events (``made.choices``: text deltas, then the result)."""
        raise NotImplementedError

    # Cape's extraction step (chat only today): rewrite the answer, replay a whole answer as a stream
    async def extract(self, data: Body, policy: Policy) -> Body:
        return data

    def replay(self, data: Body, body: RequestT) -> list[Out]:
        return []
