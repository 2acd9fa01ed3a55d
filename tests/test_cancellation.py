"""A client that leaves must end the work behind its stream, even when its cancellation meets data.

On Python 3.11, ``asyncio.wait_for`` returns a result that completes in the same loop turn as a
cancellation and drops the cancellation; a stream read that way kept a stalled upstream open after the
client had gone (a flaky failure of test_client_disconnect_cancels_upstream under load).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx

from proxy.pipeline.stream import DisconnectAwareStream
from proxy.settings import UpstreamSettings
from proxy.upstream import UpstreamClient
from waiting import until


class _GatedStream(httpx.AsyncByteStream):
    """b"a", then waits for ``gate``, then b"b", then stalls for ever."""

    def __init__(self, gate: asyncio.Future[None]) -> None:
        self.gate = gate
        self.closed = False
        self.waiting = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield b"a"
        self.waiting = True
        await self.gate
        yield b"b"
        await asyncio.Event().wait()

    async def aclose(self) -> None:
        self.closed = True


def test_stream_read_keeps_a_cancellation_that_meets_a_chunk() -> None:
    async def scenario() -> tuple[list[bytes], bool, bool]:
        upstream = UpstreamClient(UpstreamSettings(base_url="http://127.0.0.1:9/v1", stream_idle_timeout=60))
        gate: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        body = _GatedStream(gate)
        got: list[bytes] = []

        async def consume() -> None:
            async for chunk in upstream.iter_stream(httpx.Response(200, stream=body)):
                got.append(chunk)

        task = asyncio.ensure_future(consume())
        await until(lambda: got == [b"a"] and body.waiting)  # the consumer now waits for the gate
        gate.set_result(None)
        await asyncio.sleep(0)  # the next chunk completes in this turn ...
        task.cancel()  # ... and the client leaves in the same one
        try:
            await asyncio.wait_for(asyncio.shield(task), 2)
            ended_by_cancel = False
        except asyncio.CancelledError:
            ended_by_cancel = True
        except TimeoutError:  # the cancellation was lost: the read waits on the stall
            task.cancel()
            ended_by_cancel = False
        await upstream.aclose()
        return got, ended_by_cancel, body.closed

    got, ended_by_cancel, closed = asyncio.run(scenario())
    assert ended_by_cancel, f"the cancellation was dropped after {got}"
    assert closed  # the upstream response was closed


def test_disconnect_aware_stream_cancels_again_a_writer_that_swallowed_it() -> None:
    async def scenario() -> tuple[int, bool]:
        closed = asyncio.Event()
        cancels = 0

        async def body() -> AsyncIterator[bytes]:
            nonlocal cancels
            yield b"data: 1\n\n"
            try:
                while True:
                    try:
                        await asyncio.Event().wait()
                    except asyncio.CancelledError:
                        cancels += 1
                        if cancels == 1:
                            continue  # a library that swallows the first cancellation
                        raise
            finally:
                closed.set()

        messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await messages.put({"type": "http.request", "body": b"", "more_body": False})

        async def receive() -> dict[str, Any]:
            return await messages.get()

        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message.get("body") == b"data: 1\n\n":
                await messages.put({"type": "http.disconnect"})

        response = DisconnectAwareStream(body(), media_type="text/event-stream")
        await asyncio.wait_for(response({"type": "http"}, receive, send), 5)
        return cancels, closed.is_set()

    cancels, closed = asyncio.run(scenario())
    assert cancels == 2 and closed

