"""Upstream clients: one pooled connection set per provider (proxy/provider.py: its base URL, key and
headers), with Veil's lean HTTP/1.1 transport (proxy/transport.py); fixed messages for its failures."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Mapping

import httpx

from proxy.errors import ProxyError, UpstreamTimeout, UpstreamUnavailable, upstream_error
from proxy.provider import OPENAI, Provider
from proxy.settings import UpstreamSettings
from proxy.transport import FastHTTP1Transport

# Upstream response headers worth returning to the caller.
RETURNED_HEADERS = (
    "retry-after", "x-request-id", "openai-processing-ms", "openai-version",
    "x-ratelimit-limit-requests", "x-ratelimit-limit-tokens", "x-ratelimit-remaining-requests",
    "x-ratelimit-remaining-tokens", "x-ratelimit-reset-requests", "x-ratelimit-reset-tokens",
    "request-id", "anthropic-ratelimit-requests-limit", "anthropic-ratelimit-requests-remaining",
    "anthropic-ratelimit-requests-reset", "anthropic-ratelimit-tokens-limit",
    "anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset",
)


def UpstreamHTTPError(status: int, content: bytes, headers: Mapping[str, str]) -> ProxyError:  # noqa: N802
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

    async def open_stream(self, path: str, content: bytes, headers: dict[str, str]) -> httpx.Response:
        """Send a streaming request and return once headers arrived (2xx), else raise."""
        response = await self._send("POST", path, content, headers)
        if response.status_code >= 400:
            try:
                body = await response.aread()
            except httpx.HTTPError:
                body = b""
            finally:
                await response.aclose()
            raise UpstreamHTTPError(response.status_code, body, response.headers)
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
                except asyncio.TimeoutError:
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
