"""Wait for a condition with a deadline, never for a fixed time.

A test that sleeps "long enough" for another thread, process or task to reach a state passes on a quiet
machine and flakes on a busy one; these helpers poll the condition itself and fail with a message when
the deadline passes. The pause between polls only yields the CPU: it orders nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")

_POLL = 0.005


def _polls(condition: Callable[[], T], timeout: float, message: str) -> Generator[None, None, T]:
    """Yields while ``condition()`` is falsy, returns its first truthy value, raises past the deadline."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout} s: {message or condition}")
        yield
    return value


def wait_until(condition: Callable[[], T], timeout: float = 10.0, message: str = "", interval: float = _POLL) -> T:
    """The first truthy value of ``condition()``; AssertionError when ``timeout`` seconds pass.
    ``interval``: the pause between polls (longer for a costly condition, such as a request)."""
    polls = _polls(condition, timeout, message)
    try:
        while True:
            next(polls)
            time.sleep(interval)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


async def until(condition: Callable[[], T], timeout: float = 10.0, message: str = "") -> T:
    """``wait_until`` for a coroutine: the event loop runs other tasks between polls."""
    polls = _polls(condition, timeout, message)
    try:
        while True:
            next(polls)
            await asyncio.sleep(_POLL)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
