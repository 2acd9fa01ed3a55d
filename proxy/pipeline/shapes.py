"""The JSON the pipeline handles, as types (no code runs here, and nothing of the pipeline is imported).

Bodies arrive as parsed JSON objects (``Body``) and are walked and rewritten in place by the field
maps (proxy/pipeline/fieldmap.py), so the pipeline passes them on as dicts. Where it reads fields by
name, the fields it reads are typed: ``RequestFields`` are those every surface's request is read for
(proxy/pipeline/handler.py), and each surface's wire.py has a TypedDict of its request's fields that
its adapter reads, and of the answers and stream events it writes when the answer is made here (the
local model, the echo upstream). The TypedDicts hold what is read or written, not a full schema: a
body can carry any other field, and its field map, not these types, says what happens to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

Body = dict[str, Any]
"""A JSON object as parsed (a request, a whole answer): walked and rewritten in place."""

Event = dict[str, Any]
"""One stream event as parsed (an SSE data line, an Ollama JSON line): restored in place."""

Out = Mapping[str, Any]
"""A JSON object Veil writes (an answer or a stream event made here, an error body): encoded as it is."""


class StreamOptions(TypedDict, total=False):
    include_usage: bool
    include_obfuscation: bool


class VeilOptions(TypedDict, total=False):
    """The body's ``veil`` object: Veil's own request options, removed before the request goes on."""

    dependencies: Any  # rules (Prmpt's helper string, or a list of rules): parse_dependencies reads them


class RequestFields(TypedDict, total=False):
    """What the shared pipeline reads of any surface's request (after ``veil`` is taken out)."""

    model: str
    stream: bool
    stream_options: StreamOptions


class Usage(TypedDict):
    """OpenAI's token counts (chat and text completions)."""

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
