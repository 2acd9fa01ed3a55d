"""The shape of one entity type's record in the registry, and the small finders most types share.

A record (:class:`EntityType`) holds everything Prmpt needs for one type, so that adding a type
touches one module: how it is found (finders, or Presidio's built-in recognizers, or spaCy labels),
how it is hidden (a Category I codec, or a Category II noiser), how a value is validated, how its
stand-ins are found again without the mapping (stateless desanitization), its default policy and
its tier in overlap resolution. Nothing here imports Presidio or spaCy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from mechanisms.prmpt.config import EntityPolicy

if TYPE_CHECKING:
    from mechanisms.keys import UserKeys
    from mechanisms.prmpt.config import PrmptConfig

ALL_LANGUAGES = ("en", "fr", "es")


@dataclass(frozen=True)
class Found:
    """A candidate value found by a finder (offsets into the text analysed)."""

    entity_type: str
    start: int
    end: int
    score: float


class Finder(Protocol):
    """Finds values of one or more types in a text written in ``lang``."""

    def __call__(self, text: str, lang: str) -> Iterable[Found]: ...


class Noiser(Protocol):
    """A Category II mechanism for values that are not plain numbers (dates): value -> noised value,
    or None when the value cannot be read (then it is hidden by the generic codec instead)."""

    def __call__(self, value: str, policy: EntityPolicy, keys: "UserKeys", lang: str) -> str | None: ...


@dataclass(frozen=True)
class EntityType:
    """One type's record. Factories take the config so that they can read per-type options."""

    name: str
    policy: EntityPolicy
    tier: int = 1
    finders: tuple[Callable[["PrmptConfig"], Finder], ...] = ()
    presidio: tuple[str, ...] = ()          # Presidio predefined recognizer class names
    spacy_labels: tuple[str, ...] = ()      # NER labels (any language's model) that mean this type
    codec: Callable[["PrmptConfig"], Any] | None = None
    noiser: Noiser | None = None
    validator: Callable[[str], bool] | None = None
    stateless: re.Pattern[str] | None = None
    description: str = ""
    family: str = ""
    examples: tuple[str, ...] = field(default_factory=tuple)


class RegexFinder:
    """Regexes whose group ``v`` (or the whole match) is the value; one score per pattern.

    ``validate`` filters candidates (check digits, ranges); a pattern can be limited to languages.
    """

    def __init__(self, entity_type: str, patterns: Sequence[tuple[str, float] | tuple[str, float, tuple[str, ...]]],
                 validate: Callable[[str], bool] | None = None, flags: int = re.IGNORECASE) -> None:
        self.entity_type = entity_type
        self.validate = validate
        self._compiled: list[tuple[re.Pattern[str], float, tuple[str, ...]]] = []
        for spec in patterns:
            langs = spec[2] if len(spec) > 2 else ALL_LANGUAGES  # type: ignore[misc]
            self._compiled.append((re.compile(spec[0], flags), spec[1], langs))

    def __call__(self, text: str, lang: str) -> list[Found]:
        out: list[Found] = []
        for pattern, score, langs in self._compiled:
            if lang not in langs:
                continue
            group = "v" if "v" in pattern.groupindex else 0
            for m in pattern.finditer(text):
                start, end = m.span(group)
                if start < 0 or start == end:
                    continue
                if self.validate is not None and not self.validate(text[start:end]):
                    continue
                out.append(Found(self.entity_type, start, end, score))
        return out


def regex_finder(entity_type: str, patterns: Sequence[Any], validate: Callable[[str], bool] | None = None,
                 flags: int = re.IGNORECASE) -> Callable[["PrmptConfig"], Finder]:
    """A finder factory for :class:`RegexFinder` (compiled once, when the annotator is built)."""
    return lambda config: RegexFinder(entity_type, patterns, validate, flags)


def digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isascii() and ch.isdigit())


#: what may follow a cue word before the value: "number", "no.", "n°", "#", "id" (also "_number"
#: in a JSON key), separators, and "is" / "est" / "es".
ID_WORD = r"(?:[\s_-]*(?:(?:number|num|no|nr|id|num[ée]ro|n[uú]mero)(?![A-Za-z])\.?|n[°º]|#))?"


def cued(words: str, gap: int = 4) -> str:
    """A pattern prefix: one of ``words`` (not inside a longer word; "nhs_number" counts), then
    :data:`ID_WORD`, then up to ``gap`` separators and an optional "is"."""
    return (rf"(?<![A-Za-z])(?:{words})(?![A-Za-z]){ID_WORD}[^\w\n]{{0,{gap}}}"
            rf"(?:(?:is|est|es|de|du|:)\s+)?")
