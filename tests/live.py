"""Run an ASGI app on a real loopback socket in a background thread (for the real openai SDK)."""

from __future__ import annotations

import socket
import threading
from typing import Any

import uvicorn

from waiting import wait_until


class LiveServer:
    def __init__(self, app: Any) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on",
                                timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        wait_until(self._started, timeout=30, message="the server started")
        return self

    def _started(self) -> bool:
        if not self.thread.is_alive() and not self.server.started:
            raise RuntimeError("server did not start")
        return bool(self.server.started)

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
