"""Every API surface Veil serves, in one list: the app mounts their routes in this order (at the head of
the route list, so chat is matched first), the allow-list page documents their field maps, the
privacy preview and the inspector offer them, and the tests walk them. Adding a surface: its folder
(``wire.py``, ``adapter.py``) and one line here."""

from __future__ import annotations

from proxy.chat.adapter import ChatSurface
from proxy.completions.adapter import CompletionsSurface
from proxy.embeddings.adapter import EmbeddingsSurface
from proxy.messages.adapter import CountTokensSurface, MessagesSurface
from proxy.ollama.adapter import OllamaChatSurface
from proxy.pipeline.surface import Surface
from proxy.provider import Provider
from proxy.responses.adapter import ResponsesSurface

SURFACES: tuple[type[Surface], ...] = (
    ChatSurface, CompletionsSurface, EmbeddingsSurface, ResponsesSurface, MessagesSurface, CountTokensSurface,
    OllamaChatSurface,
)


def by_name() -> dict[str, type[Surface]]:
    return {surface.name: surface for surface in SURFACES}


def providers() -> list[Provider]:
    """The providers the surfaces speak to, each once (an upstream client is made for each with a URL)."""
    return list({surface.provider.name: surface.provider for surface in SURFACES}.values())
