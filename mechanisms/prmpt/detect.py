"""Detection on its own: the spans of several requests' texts, with no key in sight.

This is the part of Prmpt that costs CPU (spaCy's NER, the finders), cut off from encryption so that
it can run elsewhere: in the proxy's own thread, or in detection replicas shared by every Veil process
(the ``prmpt_detect`` lane, proxy/workers/jobs.py). What comes back is exactly what the sanitizer
encrypts (``Sanitizer.apply_many``): per request, per text, the non-overlapping ``Span`` list (type,
offsets into the text as the user wrote it, score, language, finder).

All the requests' texts share one NER pass; then each request on its own: a value found in one of
its texts is found again in its other texts (never in another request's), and never-touch values
(``prmpt.known_values``) win over that too. A request whose detection fails fails alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mechanisms.prmpt.spans import Span

if TYPE_CHECKING:
    from mechanisms.prmpt.annotator import TypeAnnotator

RequestSpans = list[list[Span]]  # one span list per text of one request


def detect_requests(annotator: TypeAnnotator, requests: Sequence[Sequence[str]]) -> list[RequestSpans | Exception]:
    """Per request (its texts): its spans, or the exception that failed it."""
    from mechanisms.prmpt.propagation import propagate_values

    texts = [text for request in requests for text in request]
    try:
        spans = annotator.annotate_many(texts, propagate=False)
    except Exception as exc:  # noqa: BLE001 - find the failing request: the others still go through
        if len(requests) == 1:
            return [exc]
        return [detect_requests(annotator, [request])[0] for request in requests]
    out: list[Any] = []
    at = 0
    for request in requests:
        mine, at = spans[at:at + len(request)], at + len(request)
        try:
            mine = propagate_values(request, mine, annotator.config)
            if annotator.known.enabled:  # never-touch values win over propagation too
                mine = [annotator.known.drop_never(t, s) for t, s in zip(request, mine)]
            out.append(mine)
        except Exception as exc:  # noqa: BLE001 - that request fails closed
            out.append(exc)
    return out
