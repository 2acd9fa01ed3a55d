"""A typed span found in a text: what the annotator returns and the sanitizer replaces."""

from __future__ import annotations

import bisect
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """One typed span found by the annotator (offsets into the analysed text; ``lang`` the text's)."""

    entity_type: str
    start: int
    end: int
    score: float
    lang: str = "en"
    finder: str = ""  # "known value" for a seeded value (shown by the inspector); else empty


class Occupied:
    """The [start, end) extents already taken in a text, asked "does [lo, hi) overlap one of them?".

    Disjoint extents (what resolved spans are) are kept in order of start, so an ask is a bisect: the extents
    that start before ``hi`` end in order, and only the last of them can reach past ``lo``. Extents that
    overlap each other fall back to a scan of all of them, with the same answers."""

    def __init__(self, extents: list[tuple[int, int]]) -> None:
        pairs = sorted(extents)
        self._disjoint = all(x[1] <= y[0] for x, y in zip(pairs, pairs[1:]))
        self._pairs = pairs  # (asked only when the extents overlap each other; kept as given then)
        self._starts = [a for a, _ in pairs]
        self._ends = [b for _, b in pairs]

    def overlaps(self, lo: int, hi: int) -> bool:
        """Whether some taken extent (a, b) has a < hi and b > lo."""
        if not self._disjoint:
            return any(a < hi and b > lo for a, b in self._pairs)
        i = bisect.bisect_left(self._starts, hi)
        return i > 0 and self._ends[i - 1] > lo

    def add(self, lo: int, hi: int) -> None:
        """Take [lo, hi), which overlaps no taken extent."""
        if not self._disjoint:
            self._pairs.append((lo, hi))
            return
        i = bisect.bisect_left(self._starts, hi)  # after every extent starting before hi: they end by lo
        self._starts.insert(i, lo)
        self._ends.insert(i, hi)
