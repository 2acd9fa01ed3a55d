"""A throwaway redis-server (Debian's) on a free loopback port in a temporary directory (tests, bench)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

MISSING = ("redis-server is not installed (make test installs Debian's redis-server when run as root on "
           "Debian)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def redis_server() -> Iterator[str]:
    """Yields ``redis://127.0.0.1:PORT/0``; the server and its directory are gone afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise FileNotFoundError(MISSING)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="veil-redis-") as home:
        proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", home,
                                 "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait_for(port, proc)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _wait_for(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("redis-server exited at start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not answer")
