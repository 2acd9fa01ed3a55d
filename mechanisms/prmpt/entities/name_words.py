"""The word lists PERSON detection reads: name lists, everyday words, and an English dictionary.

* Name lists (recognition only, never the codec's versioned lists): the US Census 1990 lists, Faker's
  French and Spanish lists, and the multi-locale lists written by ``bench/make_name_lists.py``
  (``given_names_world_v1.txt``, ``family_names_world_v1.txt``: Faker locales of Europe, Africa and
  Asia, with no locale of the evaluation corpus or of the PERSON development set), and the US given names
  of the Social Security Administration's counts that no other list holds and that are no word or place
  (``given_names_us_v1.txt``, written by ``bench/make_us_names.py``: "Conor", "Gabe", "Ronaldo").
* Everyday words (``common_words_v1.txt``): stop words, common words, and names that are also words.
* English dictionary words (:func:`english_words`): WordNet's index as shipped in the English spaCy
  pipeline's lemmatizer tables, with its suffix rules and irregular forms. A word outside the lists
  can be part of a name only when it is not a dictionary word ("Pakarinen" can, "Tests" cannot).
* Every language's vocabulary (:func:`language_words`): the same tables of the French and Spanish
  pipelines, with the French lookup table of inflected forms.
* Dictionary words (:func:`dictionary_words`): where a language's pipeline has thin tables, the forms of its
  spelling dictionary's common words (Spanish: ``words_es_v1.txt.gz``, RLA-ES under MPL 1.1;
  ``words_es_v1.NOTICE``), written by ``bench/make_word_list.py``.
* Proper nouns (``proper_nouns_en_v1.txt``, :func:`proper_nouns`): English dictionary nouns written capitalised far
  more often than not in a large corpus ("Arafat", "Thatcher"; spacy-lookups-data's word frequencies, MIT), written
  by ``bench/make_proper_nouns.py``.
* Place names (``places_v1.txt``, :func:`place_names`): GeoNames' cities of 15,000 people or more,
  countries, capitals and US states (CC BY 4.0; ``places_v1.NOTICE``), written by
  ``bench/make_place_list.py``.
"""

from __future__ import annotations

import gzip
import re
import zlib
from array import array
from collections.abc import Container, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources

import regex


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
        return _PARTS.search(low) is not None and any(p in self.first for p in _PARTS.split(low) if p)

    def is_last(self, word: str) -> bool:
        low = word.lower()
        if low in self.last:
            return True
        return _PARTS.search(low) is not None and any(p in self.last for p in _PARTS.split(low) if p)

    def is_listed(self, word: str) -> bool:
        return self.is_first(word) or self.is_last(word)

    def is_common(self, word: str) -> bool:
        return word.lower() in self.common

    def is_given(self, word: str) -> bool:
        """A listed given name that is no everyday word ("Carlos"; not "Will", "Mark")."""
        return self.is_first(word) and not self.is_common(word)


@lru_cache(maxsize=4)
def stop_words(lang: str) -> frozenset[str]:
    """spaCy's stop words of ``lang`` (its language data, which ships with spaCy even where no pipeline does), read on
    first use."""
    import importlib

    try:
        return frozenset(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS)
    except ImportError:
        return frozenset()


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """The recognition lists, read once (on first use, never at import)."""
    trained = feature_name_index()
    return NameIndex(trained.first | {w.lower() for w in _read("given_names_us_v1.txt")}, trained.last, trained.common)


@lru_cache(maxsize=1)
def feature_name_index() -> NameIndex:
    """The lists the learned PERSON finder was trained to read as its features (``bench/train_ner.py``): all but
    the US given names, which came after it; a word's features stay what the model learned from."""
    first = {w.lower() for w in _read("names_first_v1.txt") + _read("given_names_fr_es_v1.txt")
             + _read("given_names_world_v1.txt")}
    last = {w.lower() for w in _read("names_last_v1.txt") + _read("surnames_fr_es_v1.txt")
            + _read("family_names_world_v1.txt")}
    return NameIndex(frozenset(first), frozenset(last), frozenset(_read("common_words_v1.txt")) - _NOT_EVERYDAY)


# Family names the everyday list took in with Faker's es_ES lorem words, a frequency list of Spanish text: the
# commonest Spanish family names, which the Spanish dictionary holds only as proper nouns ("García" stays: the
# dictionary has "garcía" as a word too). As everyday words they kept "González, que se reunió hoy ..." from being
# read as a name (Spanish news dev split: names leaked 8.3 -> 7.7 %).
_NOT_EVERYDAY = frozenset({"gonzález", "lópez", "rodríguez"})


# the calendar's words, which open or close no name ("Monday", "June 5", "lundi"): the months of English apart, as a
# name pair reads them before a day number
ENGLISH_MONTHS = frozenset("january february march april may june july august september october november december".split())
CALENDAR = ENGLISH_MONTHS | frozenset("""monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi
jeudi vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre octobre novembre décembre
lunes martes miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto septiembre octubre
noviembre diciembre""".split())
VOWEL = regex.compile(r"[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœąęėįųőűāēīōū]", regex.IGNORECASE)


# a contraction's end ("doesn't", "con't", "we'll"; a possessive is no contraction: "dr. white's")
CONTRACTED = regex.compile(r"['’](?:t|ll|re|ve|d|m)$", regex.IGNORECASE)
_AUXILIARIES = frozenset("is was has had will would can could should shall must might may does did".split())
_PAST_AUXILIARIES = frozenset("was has had did".split())


@dataclass(frozen=True)
class EnglishWords:
    """English dictionary words: WordNet's index as shipped in the English spaCy pipeline's
    lemmatizer tables, read with its suffix rules ("tests" -> "test") and irregular forms."""

    words: frozenset[str]
    rules: tuple[tuple[str, str, frozenset[str]], ...]  # (suffix, base, the words the rule reads)
    irregular: frozenset[str]
    nouns_only: frozenset[str] = frozenset()  # words only in the noun index: WordNet keeps "david", "lydia"
    verbs: frozenset[str] = frozenset()  # the verb index
    past_forms: frozenset[str] = frozenset()  # irregular inflected verb forms ("began", "kept", "was")

    @cached_property
    def sorted_words(self) -> list[str]:
        """The index's words in order (what a word opens is read by bisecting it)."""
        return sorted(self.words)

    def is_finite_verb(self, word: str, past: bool = False) -> bool:
        """A verb in the third person or the past tense ("pooled", "keeps", "began"), or an auxiliary: what
        follows a subject. A bare lemma is not ("foot", "love"): nouns take that form as often. With
        ``past``, the past tense only, or "has", "had", "was" ("sold", "has been"; not "will", "requests")."""
        low = word.lower()
        if low in (_PAST_AUXILIARIES if past else _AUXILIARIES) or low in self.past_forms and not (past and low.endswith("s")):
            return True
        endings = (("ed", ""), ("ed", "e"), ("ied", "y"))
        for suffix, base in endings if past else (*endings, ("s", ""), ("es", ""), ("ies", "y")):
            stem = low[:len(low) - len(suffix)] + base
            if low.endswith(suffix) and len(stem) >= 3 and stem in self.verbs:
                return True
        return False

    def is_word(self, word: str) -> bool:
        """A dictionary word other than a noun-only entry (a given name WordNet lists, such as "Lydia",
        or a place, such as "Salem", is not taken for an everyday word by this test)."""
        low = word.lower()
        if low in self.nouns_only:  # a plural noun-only entry, written in lower case, of a word that is a verb too
            # ("numbers": WordNet keeps the book of the Bible; "number" is a verb too) is a word as much as its
            # singular ("Hayes", "Banks" in Title case stay names)
            if not word.islower():
                return False
            stems = (low[:-1] if low.endswith("s") else "", low[:-2] if low.endswith("es") else "")
            return any(len(stem) >= 3 and stem not in self.nouns_only and stem in self.words for stem in stems)
        return word in self

    def is_base_word(self, word: str) -> bool:
        """A dictionary word as written (an index entry or an irregular form), not made by a suffix rule."""
        low = word.lower()
        return low not in self.nouns_only and (low in self.words or low in self.irregular)

    def __contains__(self, word: str) -> bool:
        low = word.lower()
        if low in self.words or low in self.irregular:
            return True
        # an adjective's rule makes forms of adjectives and (an agent noun) verbs only: "kinder" of "kind",
        # "introducer" of "introduce"; "Mealer", "Brucer" are no such forms of the nouns "meal", "Bruce" (a verb's
        # rule reads a noun too: "bolused", "texted")
        return any(low.endswith(suffix) and len(low) - len(suffix) + len(base) >= 3
                   and low[:len(low) - len(suffix)] + base in stems for suffix, base, stems in self.rules)


@lru_cache(maxsize=4)
def english_words(model: str) -> EnglishWords:
    """The vocabulary of ``model``'s lemmatizer tables (empty when the package has none)."""
    try:
        import spacy.util
        from spacy.lookups import Lookups

        found = sorted(spacy.util.get_package_path(model).glob("*/lemmatizer/lookups"))
        tables = Lookups().from_disk(found[0])
    except (ImportError, OSError, IndexError, ValueError):
        return EnglishWords(frozenset(), (), frozenset())
    from spacy.strings import hash_string

    index = tables.get_table("lemma_index")
    by_pos = {key: {w.lower() for w in part if w.isalpha()} for key, part in index.items()}
    words = set().union(*by_pos.values()) if by_pos else set()
    nouns = by_pos.get(hash_string("noun"), set())
    others = set().union(*(v for k, v in by_pos.items() if k != hash_string("noun"))) if by_pos else set()
    # an adjective's rule (English, French: the tables key rules by part of speech) makes forms of adjectives and
    # verbs only, every other rule of any word (the Spanish tables key their rules by a group's name)
    everyone = frozenset(words)
    forms_of = by_pos.get(hash_string("adj"), set()) | by_pos.get(hash_string("verb"), set())
    stems = {hash_string("adj"): frozenset(forms_of)}
    rules = {(suffix, base, key) for key, part in tables.get_table("lemma_rules").items() for suffix, base in part
             if suffix and suffix.isalpha()}
    irregular = {w.lower() for part in tables.get_table("lemma_exc").values() for w in part if w.isalpha()}
    verbs = by_pos.get(hash_string("verb"), set())
    past = {form.lower() for form, lemmas in tables.get_table("lemma_exc").get(hash_string("verb"), {}).items()
            if form.isalpha() and form.lower() not in lemmas}
    # a plural the noun index lists whose singular is a verb or an adjective too is an everyday word ("costs",
    # "numbers", "services"), unless it is a listed name ("Banks", "Fields")
    index = name_index()
    plurals = {w for w in nouns - others if not index.is_listed(w) and any(
        w.endswith(suffix) and len(w) - len(suffix) + len(base) >= 3 and w[:len(w) - len(suffix)] + base in others
        for suffix, base in (("s", ""), ("es", ""), ("ies", "y")))}
    return EnglishWords(everyone, tuple((suffix, base, stems.get(key, everyone)) for suffix, base, key in sorted(rules)),
                        frozenset(irregular), frozenset(nouns - others - plurals),
                        frozenset(verbs), frozenset(past))


def name_word(index: NameIndex, word: str, english: EnglishWords) -> bool:
    """A word that can be part of a name: not everyday, with a vowel, and listed or not a dictionary word."""
    if index.is_common(word) or not VOWEL.search(word):
        return False
    return index.is_listed(word) or word not in english


class DictionaryWords:
    """A spelling dictionary's word forms, held as a sorted array of 64-bit keys (CRC-32 and Adler-32 of the
    form's UTF-8 bytes): the 702,441 Spanish forms take 5.6 MB and load in 0.7 s, where a set of the strings
    takes some 80 MB. No two of them share a key, and none of 300,000 random strings of Spanish letters
    outside the list matched one (a word that did would be read as a word of the language)."""

    def __init__(self, forms: Iterable[bytes]) -> None:
        import numpy as np

        keys = array("Q")  # grows in place: no list of 700,000 Python ints
        for form in forms:
            keys.append(_key(form))
        self._keys = np.frombuffer(keys, dtype=np.uint64)  # the array's own memory, sorted in place
        self._keys.sort()  # (np.unique would take 0.6 s and 40 MB more)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        import numpy as np

        key = np.uint64(_key(word.lower().encode("utf-8")))  # (a Python int over 2**63 takes numpy's slow path)
        at = int(self._keys.searchsorted(key))
        return at < len(self._keys) and self._keys[at] == key

    def holding(self, words: Iterable[str]) -> frozenset[str]:
        """The ``words`` the dictionary holds, read at once (the Spanish store's 117,000 words in 0.2 s)."""
        import numpy as np

        listed = list(words)
        keys = np.fromiter((_key(w.lower().encode("utf-8")) for w in listed), dtype=np.uint64, count=len(listed))
        at = np.minimum(self._keys.searchsorted(keys), len(self._keys) - 1)
        return frozenset(w for w, hit in zip(listed, self._keys[at] == keys) if hit)


# the link a compound's first part takes before the next ("Geschäft-s-jahr", "Straße-n-bahn") and the endings of a
# noun for a woman ("Mieter-in", "Kolleg-innen")
_LINKS = ("", "s", "es", "n", "en")
_FEMININE = ("in", "innen")


# the endings of abstract nouns of the languages whose dictionary ships here, which no family name has ("Erschütterung",
# "Gelegenheit", "Mannschaft": the German table leaves out many such nouns)
NOUN_ENDINGS = {"de": ("ung", "ungen", "heit", "heiten", "keit", "keiten", "schaft", "schaften", "ität", "itäten",
                       "tion", "tionen")}


def in_dictionary(word: str, lexicon: Container[str], lang: str = "", parts: int = 3) -> bool:
    """A form ``lexicon`` holds ("Woche", "Unterlagen"), a noun for a woman made from one ("Mieterin") or a compound
    of up to three ("Bauch|schmerzen", "Geschäfts|jahr", "Arbeits|zeit|regeln": each part three letters or more, the
    last four or more), as German makes its nouns; or, with ``lang``, a word of seven letters or more with one of its
    abstract nouns' endings (:data:`NOUN_ENDINGS`); in any case. ``parts``: the most words a compound is read as
    (1: no compound)."""
    low = word.lower()
    return _in_dictionary(low, lexicon, parts) or len(low) >= 7 and low.endswith(NOUN_ENDINGS.get(lang, ()))


def _in_dictionary(low: str, lexicon: Container[str], parts: int) -> bool:
    """:func:`in_dictionary` of a word in lower case, made of at most ``parts`` words ("arbeits|zeit|regeln": 3)."""
    if low in lexicon or any(low.endswith(e) and len(low) - len(e) >= 4 and low[:-len(e)] in lexicon
                             for e in _FEMININE):
        return True
    if parts < 2:
        return False
    for cut in range(3, len(low) - 3):  # (the last part four letters or more)
        if _in_dictionary(low[cut:], lexicon, 1) and any(
                low.endswith(link, 0, cut) and cut - len(link) >= 3
                and _in_dictionary(low[:cut - len(link)], lexicon, parts - 1) for link in _LINKS):
            return True
    return False


def _key(form: bytes) -> int:
    return zlib.crc32(form) << 32 | zlib.adler32(form)


@lru_cache(maxsize=4)
def dictionary_words(lang: str) -> DictionaryWords | None:
    """The forms of ``lang``'s shipped spelling dictionary (``words_<lang>_v1.txt.gz``), or None."""
    found = resources.files("mechanisms.prmpt").joinpath("data", f"words_{lang}_v1.txt.gz")
    if not found.is_file():
        return None
    with found.open("rb") as raw, gzip.open(raw) as lines:  # a line at a time: no list of 700,000 forms
        return DictionaryWords(line.rstrip(b"\n") for line in lines)


@dataclass(frozen=True)
class LanguageWords:
    """A pipeline's vocabulary: its lemma index with suffix rules and irregular forms, and (French) the
    inflected forms of its lookup table, which is keyed by the hash of the form; ``lemmas`` holds words
    added to it (the annotator adds the training words of a pipeline with thin tables, those its spelling
    dictionary holds too where one ships)."""

    base: EnglishWords
    lemmas: frozenset[str]
    forms: object | None  # spaCy's lookup Table (keys are string hashes), or None

    def is_word(self, word: str) -> bool:
        low = word.lower()
        if self.base.is_word(word) or low in self.lemmas:
            return True
        if self.forms is None:
            return False
        from spacy.strings import hash_string

        return hash_string(low) in self.forms  # type: ignore[operator]


@lru_cache(maxsize=4)
def language_words(model: str) -> LanguageWords:
    """The vocabulary of ``model``'s lemmatizer tables (empty when the package has none)."""
    base = english_words(model)
    try:
        import spacy.util
        from spacy.lookups import Lookups

        found = sorted(spacy.util.get_package_path(model).glob("*/lemmatizer/lookups"))
        tables = Lookups().from_disk(found[0])
    except (ImportError, OSError, IndexError, ValueError):
        return LanguageWords(base, frozenset(), None)
    if "lemma_lookup" not in tables.tables:
        return LanguageWords(base, frozenset(), None)
    return LanguageWords(base, frozenset(), tables.get_table("lemma_lookup"))  # keyed by hash: forms only


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """Known place names, case-folded."""
    return frozenset(name.casefold() for name in _read("places_v1.txt"))


def is_place_name(value: str) -> bool:
    """A known place's name (:func:`place_names`), its words joined by one space, in any case ("Rio de  Janeiro")."""
    return " ".join(value.split()).casefold() in place_names()


@lru_cache(maxsize=1)
def medicine_names() -> frozenset[str]:
    """Medicine names, generic and brand, in several languages, case-folded (``medicines_v1.txt``: no word a name
    list holds)."""
    return frozenset(_read("medicines_v1.txt"))


@lru_cache(maxsize=1)
def clinical_abbreviations() -> frozenset[str]:
    """Clinical abbreviations as written ("ABG", "Hct", "Pt"; ``clinical_abbreviations_v1.txt``: none a listed name)."""
    return frozenset(_read("clinical_abbreviations_v1.txt"))


@lru_cache(maxsize=1)
def proper_nouns() -> frozenset[str]:
    """English dictionary nouns written capitalised far more often than not, as written ("Arafat", "Thatcher",
    "Coulter"; ``proper_nouns_en_v1.txt``, written by ``bench/make_proper_nouns.py`` from a corpus's word
    frequencies): a dictionary that holds them holds them as the names of people, peoples or things, not as everyday
    words."""
    return frozenset(_read("proper_nouns_en_v1.txt"))


@lru_cache(maxsize=1)
def capital_names() -> frozenset[str]:
    """Countries of 5 million people or more and their capitals, case-folded: the places news writes for a
    government ("Washington ha negado", "Moscú advirtió")."""
    return frozenset(name.casefold() for name in _read("capitals_v1.txt"))
