"""The prmpt lane: concurrent requests' texts go through the NER model together; each request is still
sanitized as alone (values propagated within it only, encrypted under its own user's key, the same
result as ``Sanitizer.sanitize_many``), and a failing request fails alone."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

from mechanisms.cape import CapeConfig
from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig
from proxy.metrics import Metrics
from proxy.pipeline.engine import PrivacyEngine
from proxy.pool import InProcessWorkerPool
from proxy.settings import WorkerSettings
from waiting import until

MASTER = MasterKey.from_bytes(bytes(range(32)))
ALICE, BOB = MASTER.user_keys("alice"), MASTER.user_keys("bob")
TEXTS = {
    ALICE: ["Call Maria Garcia at (415) 555-0134 about card 4111 1111 1111 1111.",
            "Her email is maria.garcia@example.com."],
    BOB: ["SSN 123-45-6789 belongs to John Smith, reachable at john.smith@acme-corp.com."],
}


@pytest.fixture(scope="module")
def engine() -> Iterator[PrivacyEngine]:
    pool = InProcessWorkerPool("cpu")
    eng = PrivacyEngine(PrmptConfig(), CapeConfig(), WorkerSettings(), pool, 30.0, Metrics())
    eng.sanitizer.load()
    yield eng
    pool.close()


async def _gated(engine: PrivacyEngine, calls: list[int], jobs: list[tuple[list[str], object]]) -> list[object]:
    """Hold the lane until every job is queued, so they land in one batch."""
    annotator = engine.sanitizer.annotator
    original = annotator.annotate_many
    started, gate = threading.Event(), threading.Event()

    def spy(texts, propagate=True):  # type: ignore[no-untyped-def]
        started.set()
        gate.wait(10)
        assert propagate is False  # a value of one request must never be looked for in another's texts
        calls.append(len(texts))
        return original(texts, propagate=propagate)

    annotator.annotate_many = spy  # type: ignore[method-assign]
    try:
        blocker = asyncio.ensure_future(engine.sanitize(["warm-up text"], ALICE))
        await until(started.is_set)  # the lane holds the blocker; the jobs below queue behind it
        tasks = [asyncio.ensure_future(engine.sanitize(texts, keys)) for texts, keys in jobs]  # type: ignore[arg-type]
        await until(lambda: engine.pool.stats()["prmpt"]["queued"] == len(jobs))  # type: ignore[attr-defined]
        gate.set()
        await blocker
        return list(await asyncio.gather(*tasks, return_exceptions=True))
    finally:
        annotator.annotate_many = original  # type: ignore[method-assign]


async def test_requests_share_one_ner_pass_and_keep_their_own_keys(engine: PrivacyEngine) -> None:
    calls: list[int] = []
    jobs = [(TEXTS[ALICE], ALICE), (TEXTS[BOB], BOB), (TEXTS[BOB], ALICE)]
    results = await _gated(engine, calls, jobs)
    assert calls == [1, 4]  # the blocker alone, then all four texts of the three requests in one pass
    for (texts, keys), got in zip(jobs, results):
        alone = engine.sanitizer.sanitize_many(texts, keys)
        assert [r.text for r in got] == [r.text for r in alone]  # type: ignore[attr-defined]
        assert [r.mapping for r in got] == [r.mapping for r in alone]  # type: ignore[attr-defined]
    assert results[1][0].text != results[2][0].text  # type: ignore[index]  # same text, other user's key


async def test_a_failing_request_fails_alone(engine: PrivacyEngine) -> None:
    sanitizer = engine.sanitizer
    original = sanitizer.apply_many

    def apply_many(texts, spans, keys, dependencies=()):  # type: ignore[no-untyped-def]
        if keys is BOB:
            raise RuntimeError("codec failure")
        return original(texts, spans, keys, dependencies)

    sanitizer.apply_many = apply_many  # type: ignore[method-assign]
    try:
        results = await _gated(engine, [], [(TEXTS[ALICE], ALICE), (TEXTS[BOB], BOB)])
    finally:
        sanitizer.apply_many = original  # type: ignore[method-assign]
    assert [r.text for r in results[0]] == [r.text for r in sanitizer.sanitize_many(TEXTS[ALICE], ALICE)]  # type: ignore[union-attr]
    assert isinstance(results[1], Exception) and results[1].__class__.__name__ == "ServiceUnavailable"
