"""PERSON: names found by the NER model and by the public name lists, in any case and place.

* Title-case "First Last" where the words are in the name lists (US Census, and Faker's French and
  Spanish lists), names after a greeting or a title (Dear, Mr, Mme, Sra., Don, ...).
* Lowercase and ALL-CAPS pairs ("can you email john smith"): both words in the lists and neither an
  everyday word (``data/common_words_v1.txt``: stop words, common words, and names that are also
  words such as "will", "mark", "rose"); a pair with one everyday word needs a cue word before it.
* Values of name-like keys in JSON, YAML, code, logs and forms (``"first_name": "john"``), and
  the cells of name columns in CSV, TSV and markdown tables.
The NER model's PERSON / PER spans are added by the annotator (spaCy labels of this record).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import regex

from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found


def _read(name: str) -> list[str]:
    text = resources.files("mechanisms.prmpt").joinpath("data", name).read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


_PARTS = re.compile(r"[-'’]")


@dataclass(frozen=True)
class NameIndex:
    first: frozenset[str]
    last: frozenset[str]
    common: frozenset[str]

    def is_first(self, word: str) -> bool:
        low = word.lower()
        if low in self.first:
            return True
        return any(ch in low for ch in "-'’") and any(p in self.first for p in _PARTS.split(low) if p)

    def is_last(self, word: str) -> bool:
        low = word.lower()
        if low in self.last:
            return True
        return any(ch in low for ch in "-'’") and any(p in self.last for p in _PARTS.split(low) if p)

    def is_common(self, word: str) -> bool:
        return word.lower() in self.common


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """The recognition lists, read once (on first use, never at import)."""
    first = {w.lower() for w in _read("names_first_v1.txt") + _read("given_names_fr_es_v1.txt")}
    last = {w.lower() for w in _read("names_last_v1.txt") + _read("surnames_fr_es_v1.txt")}
    return NameIndex(frozenset(first), frozenset(last), frozenset(_read("common_words_v1.txt")))


_WORD = r"\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+)?"
_GREETING = regex.compile(
    rf"\b(?:Dear|Hi|Hello|Hey|Mr\.?|Mrs\.?|Ms\.?|Dr\.?|Prof\.?|Mme\.?|Mlle\.?|Monsieur|Madame|Bonjour|Cher|Chère|"
    rf"Sr\.?|Sra\.?|Srta\.?|Señor|Señora|Don|Doña|Hola|Estimad[oa]|Querid[oa])[ \t,]+"
    rf"(?P<v>{_WORD}(?:[ \t]+(?:(?:de|del|la|de la|y)[ \t]+)?{_WORD}){{0,2}})")
_PERSON_CUES = regex.compile(
    r"\b(?:dear|hi|hello|hey|with|by|from|to|cc|bcc|contact|name|named|called|mr|mrs|ms|dr|patient|customer|"
    r"client|father|mother|son|daughter|wife|husband|brother|sister|friend|colleague|manager|it's|i'm|"
    r"i am|this is|signed|regards|sincerely|email|e-mail|mail|call|phone|text|message|ask|tell|meet|invite|"
    r"ping|remind|thank|thanks|and|or|para|con|de|avec|pour|et|y|appeler|appelle|llama|llamar|écrire|escribe)"
    r"\b\W{0,3}$", regex.IGNORECASE)
_STRONG_CUES = regex.compile(
    r"(?:\b(?:cc|bcc|ping|attn|assigned\s+to|assignee|dear|hi|hello|hey|thanks|regards|patient|customer|"
    r"employee|contact|from|to|by|signed|owner|reporter|cher|chère|bonjour|merci|estimad[oa]|querid[oa]|hola|"
    r"gracias|paciente|cliente|m\.|mme|sr\.|sra\.)\s*[:,]?\s*)$", regex.IGNORECASE)
_ADDRESSING_CUES = regex.compile(r"\b(?:cc|bcc|ping|attn|assigned\s+to|dear|hi|hello|hey|thanks|regards)"
                                 r"\s*[:,]?\s*$", regex.IGNORECASE)
_NAME_KEYS = (r"full_?name|first_?name|last_?name|given_?name|family_?name|surname|middle_?name|name|"
              r"display_?name|customer(?:_?name)?|user_?name|patient(?:_?name)?|author|contact(?:_?name)?|"
              r"owner|recipient|sender|employee(?:_?name)?|client(?:_?name)?|assignee|reporter|manager|"
              r"signed_?by|cardholder|account_?holder|beneficiary|nom|pr[ée]nom|nom_complet|nombre|"
              r"apellidos?|nombre_completo|titular|destinatario|remitente|paciente|cliente")
_SINGLE_KEYS = regex.compile(r"^(?:first_?name|last_?name|given_?name|family_?name|surname|middle_?name|"
                             r"pr[ée]nom|nom|nombre|apellidos?)$", regex.IGNORECASE)
_KEYED = regex.compile(
    rf"(?<![\w])[\"']?(?P<key>{_NAME_KEYS})[\"']?\s*(?:[:=]|=>)\s*[\"']?"
    rf"(?P<v>\p{{L}}[\p{{L}}'’.-]*(?:[ \t]+\p{{L}}[\p{{L}}'’.-]*){{0,3}})(?=[\"',;}}\]\n)|]|$|\s+\w+=)",
    regex.IGNORECASE)
_HEADER_NAME = regex.compile(rf"^\s*[\"']?(?:{_NAME_KEYS}|customer|patient|employee|person|contact)[\"']?\s*$",
                             regex.IGNORECASE)
_HEADER_HINT = re.compile(r"name|nom|customer|client|patient|employee|person|contact|author|owner|recipient|"
                          r"sender|assignee|reporter|manager|cardholder|holder|beneficiary|titular|"
                          r"destinatario|remitente|paciente|cliente|apellido|surname", re.IGNORECASE)
_CELL_NAME = regex.compile(r"^\s*[\"']?(?P<v>\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3})[\"']?\s*$")


_WORDS = regex.compile(r"\p{L}[\p{L}'’-]*")
_TITLE_WORD = regex.compile(_WORD)
_PARTICLES = frozenset({"de", "del", "da", "di", "van", "von", "der", "den", "la", "le", "los", "las", "y"})
_MIDDLE = regex.compile(r"[ \t]+(?:\p{Lu}\.|(?:(?:de|del|da|di|van|von|der|den|la|le|los|las|y)[ \t]+)*"
                        r"(?:de|del|da|di|van|von|der|den|la|le|los|las|y))[ \t]+")


_CUE_WORDS = frozenset({"cc", "bcc", "ping", "attn", "to", "dear", "hi", "hello", "hey", "thanks", "regards"})


def _case_style(word: str) -> str:
    return "upper" if word.isupper() and len(word) > 1 else "lower" if word.islower() else "title"


def _pair_score(index: NameIndex, first: str, last: str, before: str) -> float:
    """Score of "first last" as a name (0 when it is not one); set lookups first, the cue regex last."""
    cased = first[0].isupper() and last[0].isupper() and not (first.isupper() and last.isupper())
    in_first, in_last = index.is_first(first), index.is_last(last)
    caps = first.isupper() and last.isupper() and len(first) > 2 and len(last) > 2
    first_ok = not index.is_common(first) or in_first  # "Victoria" is an everyday word and a name
    if not (in_first and in_last) and first_ok and not index.is_common(last):
        # Unlisted words: right after an addressing cue ("cc", "ping", "assigned to", "Dear"); in
        # lower case only after the narrowest of those cues.
        capital = (cased and _TITLE_WORD.fullmatch(first) and _TITLE_WORD.fullmatch(last)) or caps
        if capital and _STRONG_CUES.search(before) or \
                first.islower() and last.islower() and _ADDRESSING_CUES.search(before):
            return 0.6
    if not (in_first or in_last):
        return 0.0
    if cased:
        if not _TITLE_WORD.fullmatch(first) or not _TITLE_WORD.fullmatch(last):
            return 0.0
        score = 0.65 if in_first and in_last else 0.5
        stripped = before.rstrip(" \t")
        if index.is_common(first) and (not stripped or stripped[-1] in ".!?:;\n\"'([{-*•|>,"):
            score -= 0.2  # "My Slack", "Will Power" opening a sentence: capitalized for the sentence
        return score + 0.15 if _PERSON_CUES.search(before) else score
    if not (in_first and in_last) or len(first) < 2 or len(last) < 2:
        return 0.0
    common = index.is_common(first) + index.is_common(last)
    cued = _PERSON_CUES.search(before) is not None
    if common == 0:
        return 0.8 if cued else 0.65
    return 0.6 if common == 1 and cued else 0.0


def find_listed_names(text: str, lang: str) -> list[Found]:
    """Adjacent word pairs (a middle initial allowed in Title case) scored by :func:`_pair_score`."""
    index = name_index()
    out: list[Found] = []
    words = list(_WORDS.finditer(text))
    listed = [index.is_first(w.group(0)) or index.is_last(w.group(0)) for w in words]
    for k, a in enumerate(words[:-1]):
        j = k + 1
        while j < len(words) - 1 and j - k <= 2 and words[j].group(0) in _PARTICLES and a.group(0)[:1].isupper():
            j += 1  # "Héctor de la Cruz", "Ludwig van Beethoven": the particles sit between the two names
        b = words[j]
        after_cue = k > 0 and words[k - 1].group(0).lower() in _CUE_WORDS
        if not (listed[k] or listed[j] or a.group(0)[0].isupper() and b.group(0)[0].isupper() or after_cue):
            continue  # unlisted, not capitalized, no addressing cue: no pair rule can fire
        if _case_style(a.group(0)) != _case_style(b.group(0)):
            continue  # "ping MORGAN": one name is written in one case
        gap = text[a.end():b.start()]
        if gap.strip(" \t") and not _MIDDLE.fullmatch(gap):
            continue
        if a.start() > 0 and text[a.start() - 1] in "@./\\-_'’" or text[b.end():b.end() + 1] in ("@", "_") \
                and b.end() < len(text):
            continue
        score = _pair_score(index, a.group(0), b.group(0), text[max(0, a.start() - 30):a.start()])
        if score >= 0.5:
            out.append(Found("PERSON", a.start(), b.end(), score))
    for m in _GREETING.finditer(text):
        out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out


_STRONG_KEYS = regex.compile(r"^(?:full_?name|first_?name|last_?name|given_?name|family_?name|surname|"
                             r"middle_?name|name|display_?name|customer_?name|patient_?name|contact_?name|"
                             r"employee_?name|client_?name|nom|pr[ée]nom|nom_complet|nombre|apellidos?|"
                             r"nombre_completo)$", regex.IGNORECASE)


def _name_like(value: str, single_ok: bool, strong: bool = False) -> bool:
    index = name_index()
    words = value.split()
    if not words or any(w.lower() in ("null", "none", "true", "false", "n/a", "unknown") for w in words):
        return False
    if len(words) == 1:
        return single_ok or index.is_first(words[0]) or index.is_last(words[0])
    listed = any(index.is_first(w) or index.is_last(w) for w in words)
    cased = all(w[:1].isupper() for w in words)
    return (listed or cased or strong) and not all(index.is_common(w) for w in words)


def find_keyed_names(text: str, lang: str) -> list[Found]:
    out = []
    for m in _KEYED.finditer(text):
        value = m.group("v").rstrip(".")
        single_ok = _SINGLE_KEYS.match(m.group("key")) is not None
        strong = _STRONG_KEYS.match(m.group("key")) is not None
        if value and _name_like(value, single_ok, strong):
            out.append(Found("PERSON", m.start("v"), m.start("v") + len(value), 0.75))
    return out


def _cells(line: str, sep: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for i, ch in enumerate(line + sep):
        if ch == sep:
            out.append((start, i))
            start = i + 1
    return out


def find_table_names(text: str, lang: str) -> list[Found]:
    """Cells under a name-like header in CSV / TSV / semicolon / markdown tables."""
    out: list[Found] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    columns: list[int] = []
    sep, width = "", 0
    for k, line in enumerate(lines):
        if not columns:
            if _HEADER_HINT.search(line) is None:
                continue  # no name-like column title on this line: not a header
            for candidate in (",", "\t", ";", "|"):
                cells = _cells(line, candidate)
                if len(cells) >= 2:
                    names = [i for i, (a, b) in enumerate(cells) if _HEADER_NAME.match(line[a:b])]
                    if names:
                        columns, sep, width = names, candidate, len(cells)
                        break
            continue
        cells = _cells(line, sep)
        if len(cells) != width:
            if not re.fullmatch(r"[\s|:-]*", line):
                columns = []
            continue
        for i in columns:
            a, b = cells[i]
            m = _CELL_NAME.match(line[a:b])
            if m and _name_like(m.group("v").strip(), True, strong=True):
                s = offsets[k] + a + m.start("v")
                out.append(Found("PERSON", s, s + len(m.group("v").rstrip()), 0.7))
    return out


TYPES = (
    EntityType(
        "PERSON", EntityPolicy(category="fpe", threshold=0.6), tier=2, spacy_labels=("PERSON", "PER"),
        finders=(lambda config: find_listed_names, lambda config: find_keyed_names,
                 lambda config: find_table_names),
        codec=lambda config: _name_codec(config), family="people",
        description="a person's name (NER, name lists, keys and columns; any case)",
        examples=("John Smith", "john smith", '"first_name": "Ana"'),
    ),
)


def _name_codec(config):  # noqa: ANN001, ANN202
    from mechanisms.prmpt.names import NameCodec

    return NameCodec(config.name_list_version)
