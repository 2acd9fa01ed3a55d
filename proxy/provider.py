"""Providers: what it takes to reach one kind of upstream API, as data a surface names.

A provider says where its API is (which ``upstream.*`` setting holds the base URL), which key Veil
sends and in which header, which of the caller's headers go along (its key when forwarding is allowed,
and its version and beta headers when their value has the documented shape), what Veil adds when the
caller sends nothing, and how its error bodies look. The upstream client (proxy/upstream.py) reads
it; nothing else branches on the provider.

What leaves besides the body is an allow-list: Veil sets Content-Type and Accept-Encoding itself; the
caller's key goes as the provider takes it (or the configured key replaces it); the version and beta
headers are forwarded only with their documented shape (anything else is refused with a 400: a
free-form value could carry personal data). Every other header is dropped: User-Agent,
OpenAI-Organization, OpenAI-Project, X-Stainless-*, Idempotency-Key (neither provider documents one on
these endpoints) and custom ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from pydantic import SecretStr

from proxy.errors import BadRequest, ErrorFormat, anthropic_error, openai_error
from proxy.settings import UpstreamSettings


class HeaderShape(NamedTuple):
    """A caller's header that may go upstream: the shape its value must have, and an example of it."""

    pattern: re.Pattern[str]
    example: str


@dataclass(frozen=True)
class Provider:
    """``url_settings``: the ``upstream.*`` fields naming its base URL, the first one set (else
    ``upstream.base_urls[name]``); ``key_settings``: those holding the key Veil sends, the first one
    set, sent in ``key_header`` (None: ``upstream.auth_header``; ``authorization`` as a Bearer token);
    ``caller_key_headers``: where the caller's key is, forwarded when allowed (the first one present);
    ``forwarded``: the caller's headers that go along when their value has its shape; ``defaults``:
    headers sent when the caller sends none; ``error_body``: the error format of the surfaces it serves;
    ``models_path``: where it lists its models (merged into ``GET /v1/models``)."""

    name: str
    url_settings: tuple[str, ...] = ()
    key_settings: tuple[str, ...] = ()
    key_header: str | None = None
    caller_key_headers: tuple[str, ...] = ("authorization",)
    forwarded: Mapping[str, HeaderShape] = field(default_factory=dict)
    defaults: Mapping[str, str] = field(default_factory=dict)
    error_body: ErrorFormat = openai_error
    models_path: str | None = None

    def base_url(self, settings: UpstreamSettings) -> str | None:
        urls = (*(getattr(settings, name) for name in self.url_settings), settings.base_urls.get(self.name))
        return next((url for url in urls if url), None)

    def headers(self, settings: UpstreamSettings, incoming: Mapping[str, str], forward_auth: bool) -> dict[str, str]:
        """The headers sent upstream: Veil's own, the caller's allow-listed ones, the key, then
        ``upstream.extra_headers``. Nothing else of the caller's."""
        out = {"content-type": "application/json", "accept-encoding": "identity"}
        out.update(self.forwarded_headers(incoming))
        for name, value in self.defaults.items():
            out.setdefault(name, value)
        key = self._key(settings)
        if key is not None:
            header = self.key_header or settings.auth_header
            out[header] = f"Bearer {key.get_secret_value()}" if header == "authorization" else key.get_secret_value()
        elif forward_auth:
            for name in self.caller_key_headers:
                if name in incoming:
                    out[name] = incoming[name]
                    break
        out.update(settings.extra_headers)
        return out

    def _key(self, settings: UpstreamSettings) -> SecretStr | None:
        return next((key for key in (getattr(settings, name) for name in self.key_settings) if key), None)

    def forwarded_headers(self, incoming: Mapping[str, str]) -> dict[str, str]:
        """The caller's version and beta headers that go upstream; a value of another shape is a 400."""
        out = {}
        for name, (shape, example) in self.forwarded.items():
            value = incoming.get(name)
            if value is None:
                continue
            value = value.strip()
            if not shape.fullmatch(value):
                raise BadRequest(f"the {name} header must look like {example!r}; the request was not sent",
                                 param=name, code="invalid_header")
            out[name] = value
        return out


_DATE = r"\d{4}-\d{2}-\d{2}"
_ANTHROPIC_BETA_NAME = rf"[a-z][a-z0-9]*(?:-[a-z0-9]+)*-{_DATE}"  # tools-2024-04-04

# OpenAI and every OpenAI-compatible API (Azure with ``auth_header: api-key``, vLLM, Ollama, gateways)
OPENAI = Provider(
    "openai", url_settings=("base_url",), key_settings=("api_key",), key_header=None,
    caller_key_headers=("authorization", "api-key"),
    forwarded={"openai-beta": HeaderShape(re.compile(r"[a-z][a-z_]*=v\d+(?:\s*,\s*[a-z][a-z_]*=v\d+)*"),
                                          "assistants=v2")},
    models_path="/models",
)
ANTHROPIC = Provider(
    "anthropic", url_settings=("anthropic_base_url", "base_url"), key_settings=("anthropic_api_key", "api_key"),
    key_header="x-api-key", caller_key_headers=("x-api-key", "authorization"),
    forwarded={"anthropic-version": HeaderShape(re.compile(_DATE), "2023-06-01"),
               "anthropic-beta": HeaderShape(re.compile(rf"{_ANTHROPIC_BETA_NAME}(?:\s*,\s*{_ANTHROPIC_BETA_NAME})*"),
                                             "tools-2024-04-04,prompt-caching-2024-07-31")},
    defaults={"anthropic-version": "2023-06-01"},
    error_body=anthropic_error,
)
