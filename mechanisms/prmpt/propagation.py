"""Same-request consistency: a value found in one text of a batch is a span wherever it recurs.

The proxy sanitizes all text fields of one request together (messages, system prompt, tool
descriptions, stop sequences, metadata). A value the recognizers found anywhere is hidden
everywhere it occurs again, even where they would not find it alone (a stop sequence "John
Smith", a metadata value "jsmith@acme.com"), and within one text too. For names, each part of a
found name counts as well ("Smith" alone after "John Smith"): in Title case or capitals, and, for a
part that is also an everyday word ("Will", "Rose"), only in Title case inside a sentence.
Matches keep word boundaries (never inside another word) and never override a span already found.
Only Category I (FPE) types propagate: noised numbers are not looked for elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from mechanisms.prmpt.annotator import Span
from mechanisms.prmpt.config import PrmptConfig

_CASELESS = {"PERSON", "EMAIL_ADDRESS", "PERSONAL_URL", "STREET_ADDRESS"}
_TITLES = {"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mme", "mlle", "m", "sr", "sra",
           "srta", "don", "doña", "de", "del", "la", "le", "van", "von", "da", "di", "du", "y"}
MIN_CHARS = 3


def _edge(value: str) -> tuple[str, str]:
    left = r"(?<![\p{L}\p{N}_])" if value[:1].isalnum() else ""
    right = r"(?![\p{L}\p{N}_])" if value[-1:].isalnum() else ""
    return left, right


def _collect(texts: Sequence[str], spans: Sequence[Sequence[Span]],
             config: PrmptConfig) -> tuple[dict[str, str], dict[str, str]]:
    """(value -> type) for whole values, (name part -> "PERSON") for parts of names."""
    values: dict[str, str] = {}
    parts: dict[str, str] = {}
    for text, found in zip(texts, spans):
        for span in found:
            if config.policy(span.entity_type).category != "fpe":
                continue
            value = text[span.start:span.end]
            if len(value.strip()) >= MIN_CHARS:
                values.setdefault(value, span.entity_type)
            if span.entity_type == "PERSON":
                for part in regex.findall(r"[\p{L}][\p{L}'’-]*", value):
                    if len(part) >= 2 and part.lower().strip(".") not in _TITLES and part != value:
                        parts.setdefault(part, "PERSON")
    return values, parts


def _pattern(values: dict[str, str], parts: dict[str, str]) -> regex.Pattern[str] | None:
    alternatives: list[tuple[int, str]] = []
    for k, (value, entity_type) in enumerate(values.items()):
        left, right = _edge(value)
        body = regex.escape(value)
        if entity_type in _CASELESS:
            body = f"(?i:{body})"
        alternatives.append((len(value), f"(?P<v{k}>{left}{body}{right})"))
    for k, part in enumerate(parts):
        forms = {part, part.upper(), part[:1].upper() + part[1:]}
        body = "|".join(regex.escape(f) for f in sorted(forms, key=len, reverse=True))
        alternatives.append((len(part), rf"(?P<p{k}>(?<![\p{{L}}\p{{N}}_])(?:{body})(?![\p{{L}}\p{{N}}_]))"))
    if not alternatives:
        return None
    alternatives.sort(key=lambda a: -a[0])
    return regex.compile("|".join(a for _, a in alternatives))


def _sentence_start(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?\n:;\"'([{-*•|>"


def propagate_values(texts: Sequence[str], spans: Sequence[list[Span]], config: PrmptConfig) -> list[list[Span]]:
    """``spans`` plus every recurrence of a found value (see the module docstring)."""
    from mechanisms.prmpt.entities.people import name_index

    values, parts = _collect(texts, spans, config)
    pattern = _pattern(values, parts)
    if pattern is None:
        return [list(s) for s in spans]
    value_types = list(values.values())
    part_names = list(parts)
    common = name_index()
    out: list[list[Span]] = []
    for text, found in zip(texts, spans):
        added: list[Span] = []
        taken = sorted((s.start, s.end) for s in found)
        lang = found[0].lang if found else "en"
        for m in pattern.finditer(text, overlapped=False):
            start, end = m.span()
            if any(start < b and end > a for a, b in taken):
                continue
            name = m.lastgroup or ""
            if name.startswith("v"):
                entity_type = value_types[int(name[1:])]
            else:
                part = part_names[int(name[1:])]
                if common.is_common(part) and (m.group(0) != part[:1].upper() + part[1:].lower()
                                               or _sentence_start(text, start)):
                    continue
                entity_type = "PERSON"
            added.append(Span(entity_type, start, end, 1.0, lang))
            taken.append((start, end))
        out.append(sorted(list(found) + added, key=lambda s: s.start) if added else list(found))
    return out
