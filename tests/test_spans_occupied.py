"""The interval index that keeps overlap checks off quadratic time agrees with a scan of every extent, and
resolve_overlaps keeps what the scan kept (the annotator gives the same output on the dev files either way)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mechanisms.prmpt.annotator import resolve_overlaps
from mechanisms.prmpt.entities import tier
from mechanisms.prmpt.spans import Occupied, Span

extent = st.tuples(st.integers(0, 60), st.integers(0, 10)).map(lambda t: (t[0], t[0] + t[1]))
TYPES = ["PERSON", "EMAIL_ADDRESS", "PHONE_NUMBER", "STREET_ADDRESS", "POSTAL_CODE", "US_SSN", "DATE_TIME"]


@settings(max_examples=300, deadline=None)
@given(st.lists(extent, max_size=12), st.lists(extent, max_size=20))
def test_occupied_answers_as_a_scan_of_every_extent(taken: list[tuple[int, int]],
                                                    asks: list[tuple[int, int]]) -> None:
    occupied, reference = Occupied(list(taken)), list(taken)
    for lo, hi in asks:
        expected = any(a < hi and b > lo for a, b in reference)
        assert occupied.overlaps(lo, hi) == expected
        if not expected:
            occupied.add(lo, hi)
            reference.append((lo, hi))


def _scan(spans: list[Span]) -> list[Span]:
    best: dict[tuple[int, int], Span] = {}
    for span in spans:
        held = best.get((span.start, span.end))
        rank = (not (span.score >= 0.8 and tier(span.entity_type) <= 2), tier(span.entity_type), -span.score)
        if held is None or rank < (not (held.score >= 0.8 and tier(held.entity_type) <= 2),
                                   tier(held.entity_type), -held.score):
            best[(span.start, span.end)] = span
    ranked = sorted(best.values(), key=lambda s: (tier(s.entity_type), -(s.end - s.start), -s.score, s.start))
    kept: list[Span] = []
    for span in ranked:
        if all(span.end <= k.start or span.start >= k.end for k in kept):
            kept.append(span)
    return sorted(kept, key=lambda s: s.start)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TYPES), extent, st.sampled_from([0.5, 0.6, 0.75, 0.8, 0.85, 1.0])),
                max_size=15))
def test_resolve_overlaps_keeps_what_a_scan_keeps(items: list[tuple[str, tuple[int, int], float]]) -> None:
    spans = [Span(t, a, b, score) for t, (a, b), score in items]
    assert resolve_overlaps(spans) == _scan(spans)
