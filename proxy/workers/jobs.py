"""The model lanes' jobs and how a worker runs them: plain data that may cross to another process or
machine (the Ray backend pickles them), and functions shared by both backends so that they give the
same answers for the same seeds.

What crosses the wire, exactly:

* a Cape job: the texts to perturb, the spans inside them that must stay as they are (Prmpt's
  stand-ins), epsilon, and one 64-bit seed per text. The seeds are already a keyed PRF of the user's
  key and the text (``UserKeys.prf_seed``): no key material crosses.
* a generation job: the prompt's token ids, the sampling parameters (max tokens, temperature, top-p,
  top-k, stop strings, seed) and, when the answer is watermarked, a ``WatermarkSpec``: the derived
  watermark key of this deployment (or of this user, with ``watermark.key_scope: user``), its public
  key id, and the watermark's parameters. The worker needs that derived key to bias sampling; it is
  HKDF output for the purpose "watermark" only and cannot give back the master key or any user's
  Prmpt key. The master key never leaves the Veil process.
* a detection job (``prmpt_detect``): the texts of one request, nothing else. No key, no user id:
  detection reads the text alone (its language is detected per text among ``prmpt.languages``), and
  every detection setting is the deployment's (the ``prmpt`` settings, in its name's fingerprint).
* back: the perturbed texts with their privacy accounting; the generated text, token ids and counts
  (and, streaming, the text deltas as they are made); for detection, per text the spans found
  (``mechanisms.prmpt.spans.Span``: type, offsets, score, language, finder), which the Veil process
  then encrypts under the user's key.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

Span = tuple[int, int]


@dataclass(frozen=True)
class CapeJob:
    """The texts of one request that Cape perturbs (one seed per text)."""

    texts: list[str]
    spans: list[list[Span]]
    epsilon: float
    seeds: list[int]


def perturb_jobs(perturber: Any, jobs: Sequence[CapeJob]) -> list[list[Any]]:
    """Jobs of concurrent requests with the same epsilon share one model batch (micro-batching).
    One list of ``PerturbResult`` per job, in order."""
    perturber.load()
    out: list[list[Any]] = [[] for _ in jobs]
    by_eps: dict[float, list[int]] = {}
    for i, job in enumerate(jobs):
        by_eps.setdefault(job.epsilon, []).append(i)
    for eps, members in by_eps.items():
        texts = [t for i in members for t in jobs[i].texts]
        spans = [s for i in members for s in jobs[i].spans]
        seeds = [s for i in members for s in jobs[i].seeds]
        results = perturber.perturb_batch(texts, eps, protected_spans=spans, seeds=seeds)
        at = 0
        for i in members:
            n = len(jobs[i].texts)
            out[i], at = list(results[at:at + n]), at + n
    return out


@dataclass(frozen=True)
class PrmptDetectJob:
    """The texts of one request whose sensitive spans Prmpt's detection finds."""

    texts: list[str]


class DetectionFailed(Exception):
    """A detection job failed where it ran; only the error's type crosses back (a message could quote
    the text)."""


def detect_jobs(annotator: Any, jobs: Sequence[PrmptDetectJob]) -> list[Any]:
    """Jobs of concurrent requests share one NER pass; each gets its spans (one list per text), or the
    exception that failed it alone (``mechanisms.prmpt.detect``)."""
    from mechanisms.prmpt.detect import detect_requests

    annotator.load()
    return detect_requests(annotator, [job.texts for job in jobs])


def check_spans(texts: Sequence[str], found: Any) -> list[Any]:
    """Spans that came back from elsewhere, checked before anything is encrypted with them: one list
    per text, sorted, non-overlapping, inside the text. Anything else fails the request (closed)."""
    if not isinstance(found, list) or len(found) != len(texts):
        raise DetectionFailed("detection returned another number of texts")
    for text, spans in zip(texts, found):
        end = 0
        for span in spans:
            if not (end <= span.start <= span.end <= len(text)):
                raise DetectionFailed("detection returned a span outside its text or overlapping another")
            end = span.end
    return found


@dataclass(frozen=True)
class WatermarkSpec:
    """What a worker needs to watermark one answer; built from a derived watermark key (never the
    master key). ``repr`` never shows the key."""

    key: bytes = field(repr=False)
    key_id: str
    config: dict[str, Any]

    @classmethod
    def of(cls, key: Any, config: Any) -> WatermarkSpec:
        """From a ``mechanisms.keys.WatermarkKey`` and a ``WatermarkConfig``."""
        return cls(key.material(), key.key_id, config.model_dump())

    def build(self) -> Any:
        """The ``TournamentWatermark`` this spec describes."""
        from mechanisms.keys import WatermarkKey
        from mechanisms.synthid import TournamentWatermark, WatermarkConfig

        return TournamentWatermark(WatermarkKey(self.key), WatermarkConfig(**self.config))


async def items_then_result(items: asyncio.Queue[Any], done: asyncio.Future[Any]) -> AsyncIterator[Any]:
    """What a worker thread puts in ``items`` as it comes, then (once ``done``) what is left in it and
    ``done``'s result: the stream of a streamed job, on either backend."""
    while True:
        getter = asyncio.ensure_future(items.get())
        await asyncio.wait({getter, done}, return_when=asyncio.FIRST_COMPLETED)
        if getter.done():
            yield getter.result()
            continue
        getter.cancel()
        while not items.empty():
            yield items.get_nowait()
        yield done.result()
        return
