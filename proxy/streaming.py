"""A streaming response that notices a client leaving, and then cancels the work behind it.

Starlette only learns of a disconnect when a write fails, which with a slow or stalled upstream can be
never. Here a listener waits for ``http.disconnect`` beside the writer; whichever ends first cancels the
other, and the body iterator is always closed, which closes the upstream connection or stops generation.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

_RECANCEL_AFTER = 0.5  # seconds


class DisconnectAwareStream(StreamingResponse):
    body_iterator: AsyncIterator[Any]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def write() -> None:
            await send({"type": "http.response.start", "status": self.status_code,
                        "headers": self.raw_headers})
            async for chunk in self.body_iterator:
                if not isinstance(chunk, (bytes, memoryview)):
                    chunk = chunk.encode(self.charset)
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        async def listen() -> None:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return

        writer = asyncio.ensure_future(write())
        listener = asyncio.ensure_future(listen())
        try:
            await asyncio.wait({writer, listener}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            pending = {task for task in (writer, listener) if not task.done()}
            for task in pending:
                task.cancel()
            while pending:
                # A cancellation that some library swallowed is sent again, so a writer parked on a
                # stalled upstream cannot outlive its client.
                _, pending = await asyncio.wait(pending, timeout=_RECANCEL_AFTER)
                for task in pending:
                    task.cancel()
            await asyncio.gather(writer, listener, return_exceptions=True)
            aclose = getattr(self.body_iterator, "aclose", None)
            if aclose is not None:
                try:
                    await aclose()
                except Exception:  # noqa: BLE001 - closing after a disconnect must not raise
                    pass
        if writer.done() and not writer.cancelled() and writer.exception() is not None:
            exc = writer.exception()
            if not isinstance(exc, OSError):
                raise exc  # type: ignore[misc]
