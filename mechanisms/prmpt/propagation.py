"""Same-request consistency: a value found in one text of a batch is a span wherever it recurs.

The proxy sanitizes all text fields of one request together (messages, system prompt, tool
descriptions, stop sequences, metadata). A value the recognizers found anywhere is hidden
everywhere it occurs again, even where they would not find it alone (a stop sequence "John
Smith", a metadata value "jsmith@acme.com"), and within one text too. For names, each part of a
found name counts as well ("Smith" alone after "John Smith"): in Title case or capitals (with or without its
accents: a headline writes "Barceló" as "BARCELO"), and, for a
part that is also an everyday word ("Will", "Rose"), only in Title case, and at a sentence start only
when it is a listed surname or the same text also writes it in Title case inside a sentence. A one-word name
that is an everyday word ("Lui", "Rose") is never looked for in lower case, where it is the word.
Matches keep word boundaries (never inside another word) and never override a span already found.
Only Category I (FPE) types propagate: noised numbers are not looked for elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.entities.titled_names import INITIALS
from mechanisms.prmpt.normalize import without_marks
from mechanisms.prmpt.spans import Occupied, Span, persons_within

_CASELESS = {"PERSON", "EMAIL_ADDRESS", "PERSONAL_URL", "STREET_ADDRESS"}
_TITLES = {"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam", "mme", "mlle", "m", "sr", "sra",
           "srta", "don", "doña", "de", "del", "la", "le", "van", "von", "da", "di", "du", "y",
           "mm", "mmes", "mlles", "messrs", "sres", "sras", "drs", "dres"}  # (the plurals: "MM. Héraud, Debru")
# the articles of French and Spanish, which a name read with its neighbours may hold ("LES GREVES Les") and which are
# never looked for alone in a text of those languages (in English "Les" is a given name)
_ARTICLES = frozenset("les des los las el lo un une una uno".split())
MIN_CHARS = 3
# a found name's family name with its Dutch or German particles ("van Hecke" of "Gijsbrecht van Hecke"): found again
# as a whole, so the particle, a word of the name, goes with it ("early van Hecke"); never the particles that are
# prepositions of French, Spanish or Portuguese too ("de", "del", "dos": "de Madrid", "de próstata")
_PARTICLE_TAIL = regex.compile(r"(?<=\s)(?:van|von|vom|ter|ten)(?:\s+(?:der|den|de|dem|het))?"
                               r"\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*$")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _occurrences(text: str, folded: str, value: str, caseless: bool) -> list[tuple[int, int]]:
    """Start/end of each occurrence of ``value`` that does not sit inside a longer word."""
    if caseless and (len(value.casefold()) != len(value) or len(folded) != len(text)):
        caseless = False  # casefolding changes the length ("ß", "İ"): offsets would not map back; as written only
    needle = value.casefold() if caseless else value
    hay = folded if caseless else text
    out, start = [], hay.find(needle)
    while start >= 0:
        end = start + len(needle)
        left_ok = not (_is_word_char(value[0]) and start > 0 and _is_word_char(text[start - 1]))
        right_ok = not (_is_word_char(value[-1]) and end < len(text) and _is_word_char(text[end]))
        if left_ok and right_ok:
            out.append((start, end))
        start = hay.find(needle, start + 1)
    return out


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
            if len(value.strip()) >= MIN_CHARS or span.entity_type == "PERSON" and INITIALS.fullmatch(value):
                values.setdefault(value, span.entity_type)  # "K." found as a name is one again further on
            if span.entity_type == "PERSON":
                if (tail := _PARTICLE_TAIL.search(value)) is not None:
                    values.setdefault(tail.group(), "PERSON")
                for part in regex.findall(r"[\p{L}][\p{L}'’-]*", value):
                    if len(part) >= 2 and part.lower().strip(".") not in _TITLES and part != value \
                            and not (span.lang != "en" and part.lower() in _ARTICLES):
                        parts.setdefault(part, "PERSON")
    return values, parts


def _only_initials_besides(text: str, start: int, end: int, inside: Sequence[Span]) -> bool:
    """Every word of ``text[start:end]`` outside the spans ``inside`` is an initial ("J.-P." of "J.-P. Costa")."""
    rest, at = [], start
    for s in sorted(inside, key=lambda s: s.start):
        rest.append(text[at:s.start])
        at = s.end
    rest.append(text[at:end])
    words = " ".join(rest).split()
    return bool(words) and all(INITIALS.fullmatch(w.rstrip(",")) for w in words)


def _bare_capitals(value: str) -> str | None:
    """``value`` in capitals without its accents, as a headline writes a name ("Barceló" -> "BARCELO",
    "Méndez Lugo" -> "MENDEZ LUGO"); None where that changes nothing or the length."""
    bare = without_marks(value).upper()
    return bare if len(bare) == len(value) and bare != value.upper() else None


def _sentence_start(text: str, start: int) -> bool:
    i = start
    while i > 0 and text[i - 1] in " \t":  # (not text[:start].rstrip(): a copy of the text for every hit)
        i -= 1
    return i == 0 or text[i - 1] in ".!?\n:;\"'([{-*•|>"


def propagate_values(texts: Sequence[str], spans: Sequence[list[Span]], config: PrmptConfig) -> list[list[Span]]:
    """``spans`` plus every recurrence of a found value (see the module docstring)."""
    from mechanisms.prmpt.entities.people import name_index

    values, parts = _collect(texts, spans, config)
    if not values and not parts:
        return [list(s) for s in spans]
    index = name_index()
    # longest first, so "John Smith" is taken before its part "Smith"
    wanted = sorted([(v, t, False) for v, t in values.items()] + [(p, "PERSON", True) for p in parts],
                    key=lambda item: -len(item[0]))
    bare_forms = {value: _bare_capitals(value) for value, entity_type, _ in wanted if entity_type == "PERSON"}
    # full names with an initial in them, which may replace the parts of them found alone
    initialled = {value for value, entity_type, is_part in wanted if entity_type == "PERSON" and not is_part
                  and len(value.split()) > 1 and any(INITIALS.fullmatch(w.rstrip(",")) for w in value.split())}
    out: list[list[Span]] = []
    for text, found in zip(texts, spans):
        taken = Occupied([(s.start, s.end) for s in found])
        lang = found[0].lang if found else "en"
        folded = text.casefold()
        added: list[Span] = []
        dropped: set[int] = set()  # ids of spans a full name found again replaces
        for value, entity_type, is_part in wanted:
            bare = bare_forms.get(value) if entity_type == "PERSON" else None
            if is_part:
                forms = {value, value.upper(), value[:1].upper() + value[1:]} | ({bare} if bare else set())
                hits = [h for form in forms for h in _occurrences(text, folded, form, False)]
                if index.is_common(value):
                    titled = value[:1].upper() + value[1:].lower()
                    # a surname that is also a word ("García", "Stone") may open a sentence; a given name
                    # that is one ("Will", "Mark") may not
                    surname = index.is_last(value) and not index.is_first(value)
                    hits = [(a, b) for a, b in hits if text[a:b] == titled]
                    # written in Title case inside a sentence too: the writer uses it as a name here ("...
                    # awarding Player the points. Player won ..."), so it is one at a sentence start as well
                    named = surname or any(not _sentence_start(text, a) for a, _b in hits)
                    hits = [(a, b) for a, b in hits if named or not _sentence_start(text, a)]
            elif entity_type == "PERSON" and INITIALS.fullmatch(value):
                # initials found as a name ("P.", "H.M."): as written, and never a part of a longer run of them or
                # of a word's abbreviation ("P." is not the "p." of "8 p.m.", nor the end of "A.P.")
                hits = [(a, b) for a, b in _occurrences(text, folded, value, False)
                        if not (a > 0 and (text[a - 1] in ".-" or text[a - 1].isalnum()))
                        and not (b < len(text) and (text[b].isalpha() or text[b] == "-"))]
            else:
                hits = _occurrences(text, folded, value, entity_type in _CASELESS)
                if entity_type == "PERSON" and " " not in value and index.is_common(value):
                    # a one-word name that is an everyday word too ("Lui", "Rose"): the word in lower case is the word
                    hits = [(a, b) for a, b in hits if not text[a:b].islower()]
                if bare:
                    hits += _occurrences(text, folded, bare, False)
            for start, end in sorted(set(hits)):
                if taken.overlaps(start, end):
                    if entity_type != "PERSON" or is_part or value not in initialled:
                        continue
                    # a full name over parts of it found alone, the rest of it initials ("J.-P. Costa said" where a
                    # finder took "Costa"): the full name, as the request writes it elsewhere, replaces them
                    inside = [s for s in (*found, *added) if s.start < end and start < s.end and id(s) not in dropped]
                    if not persons_within(inside, start, end) or any(s.end - s.start == end - start for s in inside) \
                            or not _only_initials_besides(text, start, end, inside):
                        continue
                    dropped.update(id(s) for s in inside)
                added.append(Span(entity_type, start, end, 1.0, lang))
                taken.add(start, end)
        kept = [s for s in found if id(s) not in dropped] if dropped else list(found)
        out.append(sorted(kept + [s for s in added if id(s) not in dropped], key=lambda s: s.start)
                   if added else kept)
    return out
