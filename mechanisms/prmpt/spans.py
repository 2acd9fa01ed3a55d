"""A typed span found in a text: what the annotator returns and the sanitizer replaces."""

from __future__ import annotations

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
