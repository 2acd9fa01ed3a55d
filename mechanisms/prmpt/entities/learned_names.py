"""A learned PERSON finder: a linear-chain CRF over word features, trained by ``make train-ner``.

The rules around it (NER, name lists, titles, tables) are precise where the text looks like what they
were written for; this model covers the long tail they miss: names in informal text, surnames alone,
names in lists and OCR text, names of any origin. It reads only word features that generalise: the
word's shape and case, its affixes, whether it is a listed given name or family name, an everyday
word or an English dictionary word, and the same of the two words on each side. It never sees a
language label, so one model serves every language.

It also reads what the spaCy NER of the text's language said of each word and of its neighbours
(person, organisation, place, other, number or nothing) and whether the word is part of a person
entity elsewhere in the same text: the small NER models find most names but often call an unlisted
one an organisation or a place ("Sarraounia wrote to ...", "Langejans guitars"), and the model
learns from the training data when such a label is worth overruling. Called without the NER's
entities (``ents=None``), the NER features are left out; a quarter of the training texts are seen so,
which keeps the finder usable on its own.

Training data (``bench/train_ner.py``): the train splits of ``../shared/data/pii-dev`` (BTC tweets,
WNUT-17 comments, MEDDOCAN clinical reports; licences in that folder's README: CC BY 4.0, kept with the
model in ``data/person_crf_v2.NOTICE``) and generated text in many layouts (rosters, CSV and Markdown
tables, score lines, letters, chat in lower case, court and news sentences, titles with initials) with
Faker's names of the locales of ``bench/make_name_lists.py`` and made-up name words. The dev splits are never trained on; ``python -m bench external`` measures on them.

The model file is small (~1 MB) and read with ``python-crfsuite`` (a compiled CRFsuite binding): no
network, no GPU, about a millisecond per 300-character text.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Container, Iterable
from importlib import resources
from typing import Any

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_words import feature_name_index, name_index
from mechanisms.prmpt.entities.titled_names import CALENDAR, is_dictionary_word, is_title

MODEL_FILE = "person_crf_v2.crfsuite"
#: A span is reported when every one of its words is a name word with at least this probability
#: (the marginal of B or I). Measured on the dev splits (bench external): 0.3 hides more names and alters more words, 0.7 fewer of both.
MIN_PROBABILITY = 0.4
#: The score of its spans: above PERSON's threshold and the annotator's places guard (the small NER models
#: call many unknown capitalised words places, surnames among them; measured: the guard costs recall and
#: spares no unlabeled word), below a confident finding, so a confident finder outranks it on the same
#: characters.
SCORE = 0.75

_TOKEN = re.compile(r"@\w+|\w+(?:['’]\w+)*|[^\w\s]")
_OPENERS = frozenset(".!?:;\n")
_WORDS = re.compile(r"[^\W\d_]+")
_ARTICLE = re.compile(r"\b[Tt]he[ \t]+$")


def tokens(text: str) -> list[tuple[int, int, str]]:
    """Words (``O'Neil`` one word), @handles and single punctuation marks, with offsets."""
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]


def _shape(word: str) -> str:
    out = []
    for ch in word:
        c = "d" if ch.isdigit() else "X" if ch.isupper() else "x" if ch.islower() else ch
        if len(out) < 2 or not (out[-1] == c and out[-2] == c):
            out.append(c)
    return "".join(out)[:6]


def _word(word: str, english: Container[str]) -> dict[str, Any]:
    index = feature_name_index()  # the lists the model was trained with
    low = word.lower()
    alpha = word.isalpha()
    return {"sh": _shape(word), "title": word[:1].isupper() and word[1:].islower(),
            "up": word.isupper() and len(word) > 1, "low": word.islower(), "dig": any(c.isdigit() for c in word),
            "len": min(len(word), 8), "giv": index.is_first(word) if alpha else False,
            "fam": index.is_last(word) if alpha else False, "com": index.is_common(word),
            "eng": is_dictionary_word(english, low) if alpha else False, "at": word.startswith("@"), "alpha": alpha,
            "punct": not any(c.isalnum() for c in word)}


_CONTEXT_KEYS = ("sh", "title", "giv", "fam", "com", "eng", "up", "low")
_CONTEXT_NAMES = {d: (f"{d}:w", tuple((k, f"{d}:{k}") for k in _CONTEXT_KEYS)) for d in (-2, -1, 1, 2)}
_KEPT_WORDS = 20_000  # about 2 KB each
_PARTS: dict[int, tuple[Container[str], dict[str, tuple[dict[str, Any], dict[int, dict[str, Any]]]]]] = {}


def _clean(f: dict[str, Any]) -> dict[str, Any]:
    return {k: float(v) if isinstance(v, bool) else v for k, v in f.items() if v is not False}


def _parts(word: str, english: Container[str]) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """A word's own features and what it gives its neighbours at each offset, computed once per word."""
    held = _PARTS.get(id(english))
    if held is None or held[0] is not english:
        held = _PARTS[id(english)] = (english, {})
    cache = held[1]
    parts = cache.get(word)
    if parts is None:
        if len(cache) >= _KEPT_WORDS:
            cache.clear()
        low = word.lower()
        own = _word(word, english)
        parts = (_clean({"w": low, "suf3": low[-3:], "pre2": low[:2], **own}),
                 {d: _clean({w_name: low, **{name: own[k] for k, name in names}})
                  for d, (w_name, names) in _CONTEXT_NAMES.items()})
        cache[word] = parts
    return parts


#: spaCy's labels (English OntoNotes; French and Spanish WikiNER) in the categories the model reads
NER_CATEGORIES = {"PERSON": "PER", "PER": "PER", "ORG": "ORG", "GPE": "LOC", "LOC": "LOC", "FAC": "LOC",
                  "NORP": "MISC", "PRODUCT": "MISC", "EVENT": "MISC", "WORK_OF_ART": "MISC", "LAW": "MISC",
                  "LANGUAGE": "MISC", "MISC": "MISC"}
Entity = tuple[int, int, str]


def _ner_tags(toks: list[tuple[int, int, str]], ents: Iterable[Entity]) -> list[str]:
    """Each token's NER category ("O" outside every entity; "NUM" for dates, amounts and counts)."""
    tags = ["O"] * len(toks)
    spans = sorted((a, b, NER_CATEGORIES.get(label, "NUM")) for a, b, label in ents)
    k = 0
    for i, (start, end, _w) in enumerate(toks):
        while k < len(spans) and spans[k][1] <= start:
            k += 1
        if k < len(spans) and spans[k][0] < end:
            tags[i] = spans[k][2]
    return tags


def _person_words(text: str, toks: list[tuple[int, int, str]], tags: list[str]) -> set[str]:
    """The capitalised words of 3+ letters that the NER put in a person entity somewhere in the text."""
    return {w for (_s, _e, w), t in zip(toks, tags) if t == "PER" and len(w) > 2 and w[:1].isupper()}


def features(text: str, english: Container[str],
             ents: Iterable[Entity] | None = None) -> tuple[list[tuple[int, int, str]], list[dict[str, Any]]]:
    """The tokens of ``text`` and one feature dict per token (CRFsuite's item format: a string value is
    a one-hot feature, a number its weight; false features are left out). ``ents`` are the spaCy
    NER's entities of the text as (start, end, label); None leaves the NER features out."""
    toks = tokens(text)
    parts = [_parts(t[2], english) for t in toks]
    tags = _ner_tags(toks, ents) if ents is not None else None
    persons = _person_words(text, toks, tags) if tags is not None else set()
    out = []
    for i, (start, _end, word) in enumerate(toks):
        f: dict[str, Any] = {"bias": 1.0, **parts[i][0]}
        gap = text[toks[i - 1][1]:start] if i else "\n"
        if "\n" in gap:
            f["nl_before"] = 1.0
        if i == 0 or toks[i - 1][2] in _OPENERS or "\n" in gap:
            f["start"] = 1.0
        for d in (-2, -1, 1, 2):
            j = i + d
            if 0 <= j < len(toks):
                f.update(parts[j][1][d])
            else:
                f[f"{d}:pad"] = 1.0
        f["-1w|w"] = (toks[i - 1][2].lower() if i else "<s>") + "|" + word.lower()
        if tags is not None:
            f["ner"] = tags[i]
            f["-1:ner"] = tags[i - 1] if i else "<s>"
            f["1:ner"] = tags[i + 1] if i + 1 < len(tags) else "</s>"
            f["ner|title"] = tags[i] + "|" + ("T" if f.get("title") else "U" if f.get("up") else "o")
            if word in persons and tags[i] != "PER":
                f["per_elsewhere"] = 1.0
        out.append(f)
    return toks, out


def labels(toks: list[tuple[int, int, str]], spans: Iterable[tuple[int, int]]) -> list[str]:
    """B/I/O labels of ``toks`` for the PERSON ``spans`` (a token overlapping a span is in it)."""
    spans = list(spans)
    out: list[str] = []
    previous = None
    for start, end, _word in toks:
        hit = next(((a, b) for a, b in spans if start < b and end > a), None)
        out.append("O" if hit is None else "I" if hit == previous else "B")
        previous = hit
    return out


def _everyday(value: str) -> bool:
    """Every word a calendar word, an everyday word or a title ("March", "le Sénat", "Dr"): not a name
    on the model's word alone."""
    index = name_index()
    words = [w for w in _WORDS.findall(value) if len(w) > 1]
    return all(w.lower() in CALENDAR or index.is_common(w) or is_title(w) for w in words)


_JOINED_BEFORE = re.compile(r"[^\W\d_]+['’-]$")
_JOINED_AFTER = re.compile(r"[-][^\W\d_]+")


def _joined(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen a span over the hyphen-joined parts of its first and last words ("Varnava-Ionescu" whole)."""
    while (m := _JOINED_BEFORE.search(text, max(0, start - 40), start)) is not None:
        start = m.start()
    while (m := _JOINED_AFTER.match(text, end)) is not None:
        end = m.end()
    return start, end


_ELIDED = re.compile(r"[A-Za-z]['’][a-zà-ÿ]")


def _not_an_edge(word: str) -> bool:
    """A name in mixed case starts and ends with a capitalised word, never with an elided article or
    pronoun ("J'habite", "l'avocat")."""
    return not word[:1].isupper() or _ELIDED.match(word) is not None


def _is_title(word: str, following: str) -> bool:
    return is_title(word) or following == "." and is_title(word + following)


def _lead_in(word: str) -> bool:
    """A full stop, or an everyday word that is no listed name, before the name proper."""
    index = name_index()
    return word == "." or index.is_common(word) and not index.is_listed(word) and not word.isupper()


def _lower_case_name(value: str, lang: str) -> bool:
    """A name in lower case only where people write names so (English chat) and only with a listed name
    word: a French "maisons" in an OCR line is no name."""
    index = name_index()
    return lang == "en" and any(index.is_listed(w) and not index.is_common(w) for w in _WORDS.findall(value))


def _english_word(english: Container[str], word: str) -> bool:
    """A dictionary word, noun-only entries included unless they are listed names ("Borrower" and
    "Lender" are words; "Lydia" is a name)."""
    if is_dictionary_word(english, word):
        return True
    return word.lower() in english and not name_index().is_listed(word)


class LearnedNames:
    """The finder: PERSON spans of the model, each word of a span a name word with probability at
    least ``MIN_PROBABILITY``; @handles are left to USERNAME. The model loads on first use."""

    def __init__(self, english: Container[str] = frozenset(), model: str | None = None) -> None:
        self.english = english
        self._model = model
        self._local = threading.local()  # a CRFsuite tagger is not thread-safe: one per thread
        self._path: str | None = None

    def _tagger(self) -> Any:
        tagger = getattr(self._local, "tagger", None)
        if tagger is None:
            import pycrfsuite

            if self._path is None:
                self._path = self._model or str(resources.files("mechanisms.prmpt").joinpath("data", MODEL_FILE))
            tagger = pycrfsuite.Tagger()
            tagger.open(self._path)
            self._local.tagger = tagger
        return tagger

    #: the annotator passes the spaCy NER's entities of the text to finders that read them
    reads_ner = True

    def agrees(self, text: str, start: int, end: int, at_least: float = MIN_PROBABILITY) -> bool:
        """Whether the model, on its last call for ``text``, read every word of ``text[start:end]`` as a
        name word with at least ``at_least`` probability (before the finder's own dictionary gates)."""
        last = getattr(self._local, "last", None)
        if last is None or last[0] is not text:
            return False
        toks, probs, ends = last[1], last[2], last[3]
        words = []
        # the tokens are in the text's order, none inside another: the first that ends past ``start`` is found by
        # bisection (a scan of every token for every span took time quadratic in a text of many names)
        for i in range(bisect.bisect_right(ends, start), len(toks)):
            a, _b, w = toks[i]
            if a >= end:
                break
            if w[:1].isalpha():
                words.append(probs[i])
        return bool(words) and min(words) >= at_least

    def forget(self) -> None:
        self._local.last = None

    def __call__(self, text: str, lang: str, ents: Iterable[Entity] | None = None) -> list[Found]:
        toks, feats = features(text, self.english, ents)
        if not toks:
            return []
        tagger = self._tagger()
        tagger.set(feats)
        begins = [tagger.marginal("B", i) for i in range(len(toks))]
        inside = [tagger.marginal("I", i) for i in range(len(toks))]
        probs = [b + n for b, n in zip(begins, inside)]
        self._local.last = (text, toks, probs, [b for _a, b, _w in toks])
        found: list[Found] = []
        i = 0
        while i < len(toks):
            if probs[i] < MIN_PROBABILITY or not toks[i][2][0].isalpha():
                i += 1
                continue
            j = i
            while j + 1 < len(toks) and probs[j + 1] >= MIN_PROBABILITY and toks[j + 1][2] not in ",;:" \
                    and not (toks[j + 1][2] in "-–—" and text[toks[j][1]:toks[j + 1][0]]) \
                    and begins[j + 1] < inside[j + 1] \
                    and not text[toks[j][1]:toks[j + 1][0]].count("\n"):
                j += 1
            first, end = i, j
            i = j + 1
            while end > first and not toks[end][2][-1].isalnum():
                end -= 1
            for k in range(first, end):  # "Coach Ambrose", "le sieur Durandeau": the title stays as written
                if _is_title(toks[k][2], toks[k + 1][2]):
                    first = k + 1
            while first < end and _lead_in(toks[first][2]):
                first += 1
            if not all(t[2].islower() or not t[2][:1].isalpha() for t in toks[first:end + 1]):
                while first <= end and _not_an_edge(toks[first][2]):  # "travaille à Paris", "J'habite"
                    first += 1
                while end >= first and _not_an_edge(toks[end][2]):
                    end -= 1
            if end < first:
                continue
            start, stop = _joined(text, toks[first][0], toks[end][1])
            value = text[start:stop]
            if _everyday(value) or value.islower() and not _lower_case_name(value, lang):
                continue
            if lang == "en" and (_ARTICLE.search(text, max(0, start - 4), start)
                                 or all(_english_word(self.english, w) for w in _WORDS.findall(value))):
                continue  # "the Magna Carta", "Summer Sale", "German", "Borrower": English words, not a name
            found.append(Found("PERSON", start, stop, SCORE))
        return found
