"""A typed span found in a text: what the annotator returns and the sanitizer replaces."""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate


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

    The extents are kept in order of start beside how far the extents up to each reach (the largest end so far),
    so an ask is a bisect whether the extents overlap each other or not: some extent starting before ``hi`` ends
    after ``lo`` exactly when the furthest reach of those extents does."""

    def __init__(self, extents: list[tuple[int, int]]) -> None:
        pairs = sorted(extents)
        self._starts = [a for a, _ in pairs]
        self._reach = list(accumulate((b for _, b in pairs), max))

    def overlaps(self, lo: int, hi: int) -> bool:
        """Whether some taken extent (a, b) has a < hi and b > lo."""
        i = bisect.bisect_left(self._starts, hi)
        return i > 0 and self._reach[i - 1] > lo

    def add(self, lo: int, hi: int) -> None:
        """Take [lo, hi)."""
        i = bisect.bisect_right(self._starts, lo)
        self._starts.insert(i, lo)
        self._reach.insert(i, max(hi, self._reach[i - 1]) if i else hi)
        for k in range(i + 1, len(self._reach)):  # the extents after it reach as far as it at least
            if self._reach[k] >= hi:
                break  # (reaches only grow: so do all after this one; at once for disjoint extents)
            self._reach[k] = hi


def persons_within(spans: Iterable[Span], start: int, end: int) -> bool:
    """Every span of ``spans`` (those overlapping [start, end)) is a PERSON lying inside it: parts of a name found
    alone, which the name over [start, end) may replace ("ELIF" of "ELIF KARADUMAN", "Costa" of "J.-P. Costa")."""
    return all(s.entity_type == "PERSON" and start <= s.start and s.end <= end for s in spans)
