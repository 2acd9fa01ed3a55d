"""Where a perturbation's time goes: the model's forward work versus the mechanism itself.

``CapePerturber.timer`` is None in service (no cost); the benchmark sets a :class:`StageTimer` to
split one run into "model" (the transformer's forward pass / incremental steps) and "mechanism"
(logits and distances against the candidates, utilities, buckets, draw), measured side by side.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import torch


class StageTimer:
    """Accumulated seconds per stage: wall clock (CUDA work synchronised at each boundary) and the
    calling thread's CPU time (all of the work when torch runs on one thread; unaffected by other
    processes competing for the cores)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.cpu_seconds: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str, device: torch.device) -> Iterator[None]:
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            if device.type == "cuda":
                torch.cuda.synchronize(device)
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
            self.cpu_seconds[name] = self.cpu_seconds.get(name, 0.0) + time.thread_time() - cpu

    def reset(self) -> None:
        self.seconds.clear()
        self.cpu_seconds.clear()


@contextmanager
def maybe_stage(timer: StageTimer | None, name: str, device: torch.device) -> Iterator[None]:
    if timer is None:
        yield
    else:
        with timer.stage(name, device):
            yield
