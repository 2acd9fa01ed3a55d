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


@dataclass(frozen=True)
class NameIndex:
    first: frozenset[str]
    last: frozenset[str]
    common: frozenset[str]

    def is_first(self, word: str) -> bool:
        return any(p.lower() in self.first for p in re.split(r"[-'’]", word) if p)

    def is_last(self, word: str) -> bool:
        return any(p.lower() in self.last for p in re.split(r"[-'’]", word) if p)

    def is_common(self, word: str) -> bool:
        return word.lower() in self.common


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """The recognition lists, read once (on first use, never at import)."""
    first = {w.lower() for w in _read("names_first_v1.txt") + _read("given_names_fr_es_v1.txt")}
    last = {w.lower() for w in _read("names_last_v1.txt") + _read("surnames_fr_es_v1.txt")}
    return NameIndex(frozenset(first), frozenset(last), frozenset(_read("common_words_v1.txt")))


_WORD = r"\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+)?"
_ANY = r"\p{L}{2,}(?:[-'’]\p{L}{2,})?"
_NAME_PAIR = regex.compile(rf"(?<![\w'’@.])(?P<first>{_WORD})(?:[ \t]+\p{{Lu}}\.)?[ \t]+(?P<last>{_WORD})(?![\w'’@])")
_ANY_PAIR = regex.compile(rf"(?<![\w'’@./\\-])(?P<first>{_ANY})[ \t]+(?P<last>{_ANY})(?![\w'’@/\\])")
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
_CELL_NAME = regex.compile(r"^\s*[\"']?(?P<v>\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3})[\"']?\s*$")


def _pair_score(index: NameIndex, first: str, last: str, before: str) -> float:
    at_start = not before.rstrip() or before.rstrip()[-1] in ".!?:;\n\"'([{-*•|>,"
    cased = first[0].isupper() and last[0].isupper() and not (first.isupper() and last.isupper())
    in_first, in_last = index.is_first(first), index.is_last(last)
    cued = _PERSON_CUES.search(before) is not None
    if cased:
        score = 0.65 if in_first and in_last else 0.5 if in_first or in_last else 0.3
        if index.is_common(first) and at_start:
            score -= 0.2  # "My Slack", "Will Power" opening a sentence: capitalized for the sentence
        return score + 0.15 if cued else score
    if not (in_first and in_last):
        return 0.0
    common = index.is_common(first) + index.is_common(last)
    if common == 0:
        return 0.8 if cued else 0.65
    return 0.6 if common == 1 and cued else 0.0


def find_listed_names(text: str, lang: str) -> list[Found]:
    index = name_index()
    out: list[Found] = []
    for m in _ANY_PAIR.finditer(text, overlapped=True):
        first, last = m.group("first"), m.group("last")
        if first[0].isupper() and last[0].isupper() and not (first.isupper() and last.isupper()):
            continue  # title case: the stricter pattern below (it allows a middle initial)
        score = _pair_score(index, first, last, text[max(0, m.start() - 30):m.start()])
        if score >= 0.5:
            out.append(Found("PERSON", m.start(), m.end(), score))
    for m in _NAME_PAIR.finditer(text, overlapped=True):
        score = _pair_score(index, m.group("first"), m.group("last"), text[max(0, m.start() - 30):m.start()])
        if score >= 0.5:
            out.append(Found("PERSON", m.start(), m.end(), score))
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
            if m and _name_like(m.group("v").strip(), True):
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
