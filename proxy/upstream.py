"""Upstreams: what answers a request once it is sanitized.

Every upstream has the same interface (``Upstream``): ``post`` a body and get the whole answer, or
``open_stream`` and read its bytes with ``iter_stream``; each call carries the request's ``Call``.
An ``UpstreamClient`` reaches a provider's API (proxy/provider.py: its base URL, key and headers) over
one pooled connection set with Veil's lean HTTP/1.1 transport (proxy/transport.py), with fixed
messages for its failures. The local model and the echo upstream answer in this process
(proxy/local/upstream.py). ``Upstreams`` picks the one for a request.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import httpx

from proxy.errors import NotFound, ProxyError, UpstreamTimeout, UpstreamUnavailable, upstream_error
from proxy.provider import OPENAI, Provider
from proxy.settings import UpstreamSettings
from proxy.transport import FastHTTP1Transport

if TYPE_CHECKING:
    from proxy.auth import Caller
    from proxy.pipeline.report import PrivacyReport
    from proxy.pipeline.surface import Surface

# Upstream response headers worth returning to the caller.
RETURNED_HEADERS = (
    "retry-after", "x-request-id", "openai-processing-ms", "openai-version",
    "x-ratelimit-limit-requests", "x-ratelimit-limit-tokens", "x-ratelimit-remaining-requests",
    "x-ratelimit-remaining-tokens", "x-ratelimit-reset-requests", "x-ratelimit-reset-tokens",
    "request-id", "anthropic-ratelimit-requests-limit", "anthropic-ratelimit-requests-remaining",
    "anthropic-ratelimit-requests-reset", "anthropic-ratelimit-tokens-limit",
    "anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset",
)


@dataclass(frozen=True)
class Call:
    """One request on its way upstream, besides its body: the surface it came in by, the caller's
    headers and identity (a remote API gets only the allow-listed headers; the local model reads the
    watermark request from them), and the report an upstream here may add to (the watermark)."""

    surface: Surface
    headers: Mapping[str, str]
    caller: Caller
    report: PrivacyReport


class Upstream(Protocol):
    async def post(self, call: Call, content: bytes) -> httpx.Response:
        """The whole answer to the body ``content`` (2xx; otherwise a ProxyError is raised)."""
        ...

    async def open_stream(self, call: Call, content: bytes) -> httpx.Response:
        """A stream's head, once it arrived (2xx; otherwise a ProxyError is raised)."""
        ...

    def iter_stream(self, response: httpx.Response) -> AsyncIterator[bytes]:
        """A stream's bytes as they arrive; closing it ends the work behind it."""
        ...

    def model_cards(self) -> list[dict[str, Any]]:
        """The models it answers as itself (``GET /v1/models``)."""
        ...

    async def aclose(self) -> None:
        ...


class Upstreams:
    """Which upstream answers a request. With ``upstream.provider: echo`` the echo upstream answers
    everything. Otherwise the surface's provider answers at its base URL when one is set, except for
    the local model's id, which the local model answers; with no base URL the local model answers its
    id, and any other model is a 404."""

    def __init__(self, remote: dict[str, UpstreamClient], local: Upstream, echo: Upstream | None = None) -> None:
        self.remote = remote
        self.local = local
        self.echo = echo

    def pick(self, surface: Surface, model: str, local_id: str) -> Upstream:
        if self.echo is not None:
            return self.echo
        upstream = self.remote.get(surface.provider.name)
        if model == local_id:
            return self.local
        if upstream is None:
            raise NotFound(f"the model {model!r} does not exist here; available: {local_id}", param="model")
        return upstream

    @property
    def local_answers(self) -> bool:
        """Whether some request may reach the local model (so that start-up loads it)."""
        return self.echo is None

    def here(self) -> Upstream:
        """The upstream of this process that lists its models."""
        return self.echo or self.local

    async def aclose(self) -> None:
        for upstream in (*self.remote.values(), self.local, *([self.echo] if self.echo else [])):
            await upstream.aclose()


def UpstreamHTTPError(status: int, content: bytes, headers: Mapping[str, str]) -> ProxyError:
    """The upstream answered with a non-2xx status: keep its status and its error body."""
    return upstream_error(status, content, {k: v for k, v in headers.items() if k.lower() == "retry-after"})


class StreamIdleTimeout(UpstreamTimeout):
    code = "upstream_stream_idle"


def map_transport_error(exc: BaseException) -> ProxyError:
    """httpx failures -> 502/504 with a fixed message (no URL, no request content)."""
    if isinstance(exc, (httpx.TimeoutException, asyncio.TimeoutError)):
        return UpstreamTimeout("the upstream API did not answer in time")
    if isinstance(exc, httpx.ConnectError):
        return UpstreamUnavailable("could not connect to the upstream API")
    return UpstreamUnavailable("the connection to the upstream API failed")


def _use_fast_transport(choice: str) -> bool:
    if choice != "auto":
        return choice == "fast"
    proxies = ("http_proxy", "https_proxy", "all_proxy")
    return not any(os.environ.get(name) or os.environ.get(name.upper()) for name in proxies)


class UpstreamClient:
    """One provider's API at its base URL."""

    def __init__(self, settings: UpstreamSettings, transport: httpx.AsyncBaseTransport | None = None,
                 provider: Provider = OPENAI) -> None:
        base_url = provider.base_url(settings)
        if not base_url:
            raise ValueError("no upstream base_url configured")
        self.settings = settings
        self.provider = provider
        self.base_url = base_url.rstrip("/")
        timeout = httpx.Timeout(
            connect=settings.connect_timeout,
            read=settings.read_timeout,
            write=settings.read_timeout,
            pool=settings.connect_timeout,
        )
        limits = httpx.Limits(
            max_connections=settings.max_connections,
            max_keepalive_connections=settings.max_connections,
        )
        self.fast: FastHTTP1Transport | None = None
        if transport is None and _use_fast_transport(settings.transport):
            self.fast = transport = FastHTTP1Transport(settings.connect_timeout, settings.max_connections)
        self.client = httpx.AsyncClient(timeout=timeout, limits=limits, transport=transport,
                                        follow_redirects=False)
        self._timeouts = timeout.as_dict()

    async def post(self, call: Call, content: bytes) -> httpx.Response:
        headers = self.headers(call.headers, call.caller.forward_auth)
        return await self.request("POST", call.surface.upstream_path, content, headers)

    async def open_stream(self, call: Call, content: bytes) -> httpx.Response:
        """Send a streaming request and return once headers arrived (2xx), else raise."""
        headers = self.headers(call.headers, call.caller.forward_auth)
        response = await self._send("POST", call.surface.upstream_path, content, headers)
        if response.status_code >= 400:
            try:
                body = await response.aread()
            except httpx.HTTPError:
                body = b""
            finally:
                await response.aclose()
            raise UpstreamHTTPError(response.status_code, body, response.headers)
        return response

    def model_cards(self) -> list[dict[str, Any]]:
        return []  # the provider's own list is asked for at its models_path

    def url(self, path: str) -> str:
        return self.base_url + path

    def headers(self, incoming: Mapping[str, str], forward_auth: bool) -> dict[str, str]:
        """The headers sent upstream (``Provider.headers``)."""
        return self.provider.headers(self.settings, incoming, forward_auth)

    async def _send(self, method: str, path: str, content: bytes | None,
                    headers: dict[str, str]) -> httpx.Response:
        """Send and return once the response head arrived (the body is not read yet)."""
        params = self.settings.query_params or None
        try:
            if self.fast is not None:
                # Straight to the transport: no cookie jar, auth flow or redirect handling per request
                # (the proxy needs none of them, and they cost ~15 % of a request's CPU).
                request = httpx.Request(method, self.url(path), content=content, headers=headers,
                                        params=params, extensions={"timeout": self._timeouts})
                response = await self.fast.handle_async_request(request)
                response.request = request
                return response
            request = self.client.build_request(method, self.url(path), content=content, headers=headers,
                                                params=params)
            return await self.client.send(request, stream=True)
        except httpx.HTTPError as exc:
            raise map_transport_error(exc) from None

    async def request(self, method: str, path: str, content: bytes | None,
                      headers: dict[str, str]) -> httpx.Response:
        """A non-stream call; raises ProxyError subclasses (never httpx errors)."""
        response = await self._send(method, path, content, headers)
        try:
            await response.aread()
        except httpx.HTTPError as exc:
            raise map_transport_error(exc) from None
        finally:
            await response.aclose()
        if response.status_code >= 400:
            raise UpstreamHTTPError(response.status_code, response.content, response.headers)
        return response

    async def iter_stream(self, response: httpx.Response) -> AsyncIterator[bytes]:
        """Raw bytes as they arrive; no byte for ``stream_idle_timeout`` seconds raises StreamIdleTimeout.

        Closing the generator (client gone, cancellation) closes the upstream response.
        """
        iterator = response.aiter_raw().__aiter__()
        idle = self.settings.stream_idle_timeout
        try:
            while True:
                try:
                    # Not wait_for (Python 3.11 drops a cancellation that meets a chunk in one loop turn).
                    async with asyncio.timeout(idle):
                        chunk = await iterator.__anext__()
                except StopAsyncIteration:
                    return
                except TimeoutError:
                    raise StreamIdleTimeout("the upstream stream stalled") from None
                except httpx.HTTPError as exc:
                    raise map_transport_error(exc) from None
                if chunk:
                    yield chunk
        finally:
            await response.aclose()

    async def aclose(self) -> None:
        await self.client.aclose()
        if self.fast is not None:
            await self.fast.aclose()
