"""The ``prmpt_detect`` lane: Prmpt's detection as plain data (texts in, spans out) that can run elsewhere
while the keys and the encryption stay in the Veil process. Spans from the lane are the ones found in
process, and sanitizing with them gives the same result; the job carries no key; a lane that is down,
slow, or answers nonsense fails the request closed. (The lane on Ray: tests/test_ray_backend.py.)"""

from __future__ import annotations

import asyncio
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from mechanisms.cape import CapeConfig
from mechanisms.keys import MasterKey
from mechanisms.prmpt import PrmptConfig
from mechanisms.prmpt.detect import detect_requests
from mechanisms.prmpt.spans import Span
from proxy.errors import ServiceUnavailable
from proxy.metrics import Metrics
from proxy.pipeline.engine import PrivacyEngine
from proxy.pool import InProcessWorkerPool, PoolUnavailable
from proxy.settings import WorkerSettings
from proxy.workers.jobs import DetectionFailed, PrmptDetectJob

MASTER = MasterKey.from_bytes(bytes(range(32)))
KEYS = MASTER.user_keys("detect-lane")
# Names, addresses, ids, Unicode digits and dashes, French and Spanish; a request's texts propagate
# values to each other ("Smith" alone in the last English text).
TEXTS = [
    "Call Maria Garcia at (415) 555-0134 about card 4111 1111 1111 1111.",
    "Ship the parcel to 1600 Pennsylvania Avenue NW, Washington, DC 20500, attention John Smith.",
    "SSN 123-45-6789, IBAN DE89 3704 0044 0532 0130 00, server 203.0.113.7, email jane.doe@example.com.",
    "My SSN is １２３\u2013４５\u2013６７８９ and my phone is (415)\u00a0555\u20110199; born 14/03/1985.",
    "Bonjour, je suis Jean-Pierre Dubois, j'habite 12 rue de la Paix, 75002 Paris. Mon numéro : 06 12 34 56 78.",
    "Hola, me llamo María José Fernández García, mi DNI es 12345678Z y vivo en Calle Mayor 5, 28013 Madrid.",
    "What is the capital of France?",
    "Smith called back twice; tell him the refund is on its way.",
]


class DetectElsewhere(InProcessWorkerPool):
    """The in-process pool, except that its ``prmpt_detect`` lane counts as remote, as Ray's does: the
    engine detects there, then encrypts here. ``fault`` replaces the lane's answer."""

    def __init__(self) -> None:
        super().__init__("cpu")
        self.sent: list[Any] = []
        self.fault: Any = None

    def remote_part(self, lane: str) -> Any:
        return self if lane == "prmpt_detect" else None

    @property
    def ready(self) -> bool:
        return True

    def load(self) -> None:
        return None

    async def run(self, lane: str, payload: Any, timeout: float | None = None) -> Any:
        if lane == "prmpt_detect":
            self.sent.append(payload)
            if self.fault is not None:
                return await self.fault(payload)
        return await super().run(lane, payload, timeout)


@pytest.fixture(scope="module")
def engines() -> Iterator[tuple[PrivacyEngine, PrivacyEngine]]:
    """(detection in the ``prmpt`` lane, as with the in-process backend; detection in the lane) with one
    loaded sanitizer between them."""
    here, elsewhere = InProcessWorkerPool("cpu"), DetectElsewhere()
    local = PrivacyEngine(PrmptConfig(), CapeConfig(), WorkerSettings(), here, 30.0, Metrics())
    remote = PrivacyEngine(PrmptConfig(), CapeConfig(), WorkerSettings(), elsewhere, 30.0, Metrics())
    local.sanitizer.load()
    remote.sanitizer = local.sanitizer
    yield local, remote
    here.close()
    elsewhere.close()


async def test_the_lane_gives_the_spans_found_in_process(engines: tuple[PrivacyEngine, PrivacyEngine]) -> None:
    local, _ = engines
    in_process = detect_requests(local.sanitizer.annotator, [TEXTS])[0]
    assert not isinstance(in_process, Exception)
    assert sum(len(spans) for spans in in_process) >= 20
    assert {s.lang for spans in in_process for s in spans} == {"en", "fr", "es"}
    assert await local.detect(TEXTS) == in_process  # the batched in-process lane
    alone = await asyncio.gather(*[local.detect([t]) for t in TEXTS])  # concurrent requests, one batch
    assert alone == [detect_requests(local.sanitizer.annotator, [[t]])[0] for t in TEXTS]


async def test_sanitizing_with_spans_from_the_lane_is_sanitizing_in_process(
        engines: tuple[PrivacyEngine, PrivacyEngine]) -> None:
    local, remote = engines
    pool: DetectElsewhere = remote.pool  # type: ignore[assignment]
    pool.sent.clear()
    expected = local.sanitizer.sanitize_requests([(TEXTS, KEYS, [])])[0]
    for engine in (local, remote):
        got = await engine.sanitize(TEXTS, KEYS)
        assert [r.text for r in got] == [r.text for r in expected]
        assert [r.mapping for r in got] == [r.mapping for r in expected]
        assert [r.entities for r in got] == [r.entities for r in expected]
    assert "Maria Garcia" not in got[0].text and "123-45-6789" not in got[2].text
    assert pool.sent == [PrmptDetectJob(TEXTS)]  # the texts, and nothing else, crossed
    wire = pickle.dumps(pool.sent[0])
    assert MASTER._raw not in wire and KEYS._raw not in wire and b"detect-lane" not in wire


def test_a_request_whose_detection_fails_fails_alone(engines: tuple[PrivacyEngine, PrivacyEngine]) -> None:
    annotator = engines[0].sanitizer.annotator
    original = annotator.annotate_many

    def annotate_many(texts, propagate=True):  # type: ignore[no-untyped-def]
        if "Smith" in " ".join(texts):
            raise RuntimeError("failed on " + " ".join(texts))
        return original(texts, propagate=propagate)

    annotator.annotate_many = annotate_many  # type: ignore[method-assign]
    try:
        found = detect_requests(annotator, [TEXTS[:1], TEXTS[1:2], TEXTS[2:3]])
    finally:
        annotator.annotate_many = original  # type: ignore[method-assign]
    assert isinstance(found[1], RuntimeError)
    assert found[0] == detect_requests(annotator, [TEXTS[:1]])[0]
    assert found[2] == detect_requests(annotator, [TEXTS[2:3]])[0]


@pytest.mark.parametrize("fault", ["down", "slow", "failed", "outside", "overlapping", "count"])
async def test_detection_that_fails_fails_the_request_closed(
        engines: tuple[PrivacyEngine, PrivacyEngine], fault: str) -> None:
    _, remote = engines
    pool: DetectElsewhere = remote.pool  # type: ignore[assignment]
    text = TEXTS[0]
    answers: dict[str, Any] = {
        "outside": [[Span("PERSON", 5, len(text) + 3, 0.85)]],
        "overlapping": [[Span("PERSON", 5, 17, 0.85), Span("PERSON", 10, 20, 0.85)]],
        "count": [[], []],
    }

    async def answer(job: PrmptDetectJob) -> Any:
        if fault == "down":
            raise PoolUnavailable("the Ray deployment is unavailable")
        if fault == "slow":
            await asyncio.sleep(30)
        if fault == "failed":
            raise RuntimeError("detection failed on " + text)
        return answers[fault]

    applied: list[Any] = []
    original = remote.sanitizer.apply_requests
    remote.sanitizer.apply_requests = lambda *a: applied.append(a) or original(*a)  # type: ignore[method-assign]
    pool.fault, remote.timeout = answer, 0.5
    try:
        with pytest.raises(ServiceUnavailable) as caught:
            await remote.sanitize([text], KEYS)
    finally:
        pool.fault, remote.timeout = None, 30.0
        remote.sanitizer.apply_requests = original  # type: ignore[method-assign]
    assert caught.value.status == 503 and caught.value.headers["Retry-After"]
    assert "Maria" not in caught.value.message
    assert applied == []  # nothing was encrypted with what came back, so nothing can be forwarded
    assert [r.text for r in await remote.sanitize([text], KEYS)][0] != text  # and the next request goes on


class _Handle:
    """A deployment handle whose calls wait until released; each call's jobs are recorded."""

    def __init__(self) -> None:
        self.calls: list[list[Any]] = []
        self.release = asyncio.Event()

    def remote(self, jobs: list[Any]) -> Any:
        self.calls.append(jobs)

        async def answer() -> list[Any]:
            await self.release.wait()
            if "down" in jobs:
                raise PoolUnavailable("gone")
            return [DetectionFailed("RuntimeError") if job == "bad" else job.upper() for job in jobs]
        return answer()


async def _until(condition: Any, deadline: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not condition():
        assert loop.time() < end, "condition not met in time"
        await asyncio.sleep(0.001)


async def test_a_process_gathers_its_waiting_jobs_into_one_call() -> None:
    from proxy.pool import PoolSaturated
    from proxy.workers.ray_backend import Gathered

    gathered, handle = Gathered(max_batch_size=3, calls=1, max_queue=5), _Handle()
    first = asyncio.ensure_future(gathered.run(handle, "a"))
    await _until(lambda: handle.calls)
    assert handle.calls == [["a"]]  # a lone job goes at once
    rest = [asyncio.ensure_future(gathered.run(handle, job)) for job in ("b", "bad", "c", "d", "e")]
    await _until(lambda: len(gathered._waiting) == 5)
    with pytest.raises(PoolSaturated):  # five wait: the sixth is refused
        await gathered.run(handle, "f")
    rest[3].cancel()  # given up on before it went: never sent
    handle.release.set()
    assert await first == "A"
    results = await asyncio.gather(*rest, return_exceptions=True)
    assert handle.calls == [["a"], ["b", "bad", "c"], ["e"]]  # at most 3 a call, one call in flight
    assert results[0] == "B" and isinstance(results[1], DetectionFailed) and results[2] == "C"  # fails alone
    assert isinstance(results[3], asyncio.CancelledError) and results[4] == "E"
    gone = await asyncio.gather(gathered.run(handle, "down"), gathered.run(handle, "g"), return_exceptions=True)
    assert handle.calls[-2:] == [["down"], ["g"]]
    assert isinstance(gone[0], PoolUnavailable) and gone[1] == "G"  # a failed call fails its jobs only
