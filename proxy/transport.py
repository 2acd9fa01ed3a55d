"""A lean HTTP/1.1 keep-alive transport for httpx, for the upstream hop.

Why: httpcore's pool checks every pooled connection for expiry (a ``select`` per idle socket) on every
request, which profiling showed to be ~30 % of the proxy's CPU at 32 concurrent clients. Here the idle
connections of an origin sit in a deque: taking one is O(1). Same httpx API and exceptions
(ConnectError, ConnectTimeout, ReadTimeout, ReadError, RemoteProtocolError), HTTPS through ``ssl``.
Used unless proxy environment variables are set (then httpx's own transport, which honours them).
"""

from __future__ import annotations

import asyncio
import ssl
from collections import deque
from collections.abc import AsyncIterator, Awaitable

import httpx

_Origin = tuple[str, str, int]
_CHUNK = 65536


class _Connection:
    __slots__ = ("reader", "writer", "reused")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer, self.reused = reader, writer, False

    def usable(self) -> bool:
        return not self.reader.at_eof() and not self.writer.is_closing()

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()


class _Body(httpx.AsyncByteStream):
    """The response body; a fully read body hands its connection back to the pool."""

    def __init__(self, transport: FastHTTP1Transport, origin: _Origin, conn: _Connection,
                 length: int | None, chunked: bool, keep_alive: bool, timeout: float | None) -> None:
        self.transport, self.origin, self.conn = transport, origin, conn
        self.length, self.chunked, self.keep_alive, self.timeout = length, chunked, keep_alive, timeout
        self.done = length == 0 and not chunked
        self.closed = False

    async def _read(self, coro: Awaitable[bytes]) -> bytes:
        try:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for returns a result that arrives in
            # the same loop turn as a cancellation and drops the cancellation (the client left, the
            # read went on, and a stalled upstream kept the stream open).
            async with asyncio.timeout(self.timeout):
                return await coro
        except TimeoutError:
            raise httpx.ReadTimeout("upstream read timed out") from None
        except asyncio.IncompleteReadError:
            raise httpx.RemoteProtocolError("upstream closed the connection mid-body") from None
        except (ConnectionError, OSError):
            raise httpx.ReadError("upstream connection failed") from None

    async def __aiter__(self) -> AsyncIterator[bytes]:
        reader = self.conn.reader
        if self.chunked:
            while True:
                line = await self._read(reader.readuntil(b"\r\n"))
                size = int(line.split(b";", 1)[0].strip() or b"0", 16)
                if size == 0:
                    while (await self._read(reader.readuntil(b"\r\n"))) != b"\r\n":
                        pass  # trailers
                    break
                data = await self._read(reader.readexactly(size + 2))
                yield data[:-2]
        elif self.length is not None:
            left = self.length
            while left > 0:
                data = await self._read(reader.read(min(left, _CHUNK)))
                if not data:
                    raise httpx.RemoteProtocolError("upstream closed the connection mid-body")
                left -= len(data)
                yield data
        else:  # delimited by the connection closing
            self.keep_alive = False
            while data := await self._read(reader.read(_CHUNK)):
                yield data
        self.done = True

    async def aclose(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.transport.in_use -= 1
        if self.done and self.keep_alive and self.conn.usable():
            self.transport._release(self.origin, self.conn)
        else:
            self.conn.close()


class FastHTTP1Transport(httpx.AsyncBaseTransport):
    def __init__(self, connect_timeout: float, max_idle_per_origin: int = 512) -> None:
        self.connect_timeout = connect_timeout
        self.max_idle = max_idle_per_origin
        self._idle: dict[_Origin, deque[_Connection]] = {}
        self._ssl: ssl.SSLContext | None = None
        self.in_use = 0  # connections handed to a request and not yet released or closed

    def _release(self, origin: _Origin, conn: _Connection) -> None:
        idle = self._idle.setdefault(origin, deque())
        if len(idle) < self.max_idle:
            conn.reused = True
            idle.append(conn)
        else:
            conn.close()

    async def _connect(self, origin: _Origin) -> _Connection:
        idle = self._idle.get(origin)
        while idle:
            conn = idle.pop()
            if conn.usable():
                return conn
            conn.close()
        scheme, host, port = origin
        if scheme == "https" and self._ssl is None:
            self._ssl = ssl.create_default_context()
        try:
            async with asyncio.timeout(self.connect_timeout):
                reader, writer = await asyncio.open_connection(
                    host, port, ssl=self._ssl if scheme == "https" else None, limit=2**20)
        except TimeoutError:
            raise httpx.ConnectTimeout("connecting upstream timed out") from None
        except OSError as exc:
            raise httpx.ConnectError(f"could not connect upstream ({type(exc).__name__})") from None
        return _Connection(reader, writer)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        origin = (url.scheme, url.host, url.port or (443 if url.scheme == "https" else 80))
        body = await request.aread()
        head = [f"{request.method} {url.raw_path.decode('ascii')} HTTP/1.1".encode()]
        for name, value in request.headers.raw:
            if name.lower() not in (b"content-length", b"transfer-encoding", b"connection"):
                head.append(name + b": " + value)
        head.append(b"content-length: " + str(len(body)).encode())
        payload = b"\r\n".join(head) + b"\r\n\r\n" + body
        timeouts = request.extensions.get("timeout", {})
        read_timeout = timeouts.get("read")
        for attempt in (0, 1):
            conn = await self._connect(origin)
            self.in_use += 1
            try:
                conn.writer.write(payload)
                status, headers = await self._read_head(conn, read_timeout)
                break
            except (httpx.RemoteProtocolError, httpx.ReadError):
                conn.close()
                self.in_use -= 1
                # A reused keep-alive connection the server had already closed: one retry on a new one.
                if attempt == 0 and conn.reused:
                    continue
                raise
            except BaseException:
                conn.close()
                self.in_use -= 1
                raise
        lower = {k.lower(): v for k, v in headers}
        chunked = b"chunked" in lower.get(b"transfer-encoding", b"").lower()
        length = None if chunked else int(lower[b"content-length"]) if b"content-length" in lower else None
        if request.method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            length, chunked = 0, False
        keep_alive = lower.get(b"connection", b"").lower() != b"close"
        stream = _Body(self, origin, conn, length, chunked, keep_alive, read_timeout)
        return httpx.Response(status, headers=headers, stream=stream, extensions={"http_version": b"HTTP/1.1"})

    async def _read_head(self, conn: _Connection, timeout: float | None) -> tuple[int, list[tuple[bytes, bytes]]]:
        try:
            async with asyncio.timeout(timeout):
                raw = await conn.reader.readuntil(b"\r\n\r\n")
        except TimeoutError:
            raise httpx.ReadTimeout("upstream did not answer in time") from None
        except asyncio.IncompleteReadError:
            raise httpx.RemoteProtocolError("upstream closed the connection") from None
        except asyncio.LimitOverrunError:
            raise httpx.RemoteProtocolError("upstream response head too large") from None
        except (ConnectionError, OSError):
            raise httpx.ReadError("upstream connection failed") from None
        lines = raw[:-4].split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
            raise httpx.RemoteProtocolError("upstream sent an invalid status line")
        headers = []
        for line in lines[1:]:
            name, sep, value = line.partition(b":")
            if not sep:
                raise httpx.RemoteProtocolError("upstream sent an invalid header")
            headers.append((name.strip(), value.strip()))
        return int(parts[1]), headers

    async def aclose(self) -> None:
        for idle in self._idle.values():
            while idle:
                idle.pop().close()
