"""Names a cue announces in English text written in one case: lower case or capitals, as nursing notes, chat and
telegram-style records are ("dr vasquez to decide", "DR. SPARKES AWARE", "son bill called", "DAUGHTER-KRISSY",
"E. WELSH AWARE", "q. lander rrt"). Capitals tell nothing there, so the other finders, which read a capital as the
sign of a name, pass these by.

* After a title ("dr", "dr.", "DR.", "nurse", "rabbi", "mrs", ...): a listed name, even one that is an everyday
  word too ("dr green", "dr. white's order", "mrs. Burns"), or a word of four letters or more that no list or
  dictionary holds ("dr przybylo"); then one
  more such word ("dr. bob culhane", "NURSE VIRGINIA SALLESE"). After "np", "ms" or "mr" ("nasal prongs", "morphine
  sulfate", "mitral regurgitation" as often) only a name no dictionary holds.
* After a kinship word ("son", "daughter", "wife", "husband", "girlfriend", ...; also set off by a comma or a dash:
  "wife, rose, left", "GRAND DAUGHTER-LUCI"): a listed given name, or an unknown word of four letters or more that
  is no misspelling of a dictionary word ("husband milovan"; not "WIFE AGRESS THAT", "husband visisted").
* An initial and a listed name that is no dictionary word, or a listed given name that is no everyday word ("d.
  renna", "s. roberto"; not "r. bear hugger", "U/S. coffee grounds"); a genus's initial before a species ("e. coli",
  "s. aureus", "c. diff") is no name: the lists do not hold those. "r." and "l." are right and left.
* Before a clinician's credential ("q. lander rrt", "Andrwe O'connell MD"): the words before it when one of them is
  a listed name and none is a dictionary word unless listed, and one of them is no dictionary word or an initial
  stands beside them ("cardiology md", "micu rn", "U/O REMAINS LOW MD AWARE" stay). "rn", "np" and "md" count in
  capitals only: chat writes "rn" for "right now".

A word that is a function word (spaCy's English stop list: "dr will see", "son may call", "dr. on call") or, except
where a list holds it as a name, a dictionary word ("dr aware", "daughter called", "DR TYRO IN") is never read
as a name here.
"""

from __future__ import annotations

from collections.abc import Container
from functools import lru_cache

import regex

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_words import CONTRACTED, VOWEL, name_index, stop_words

# titles written as abbreviations (a full stop may close them: "dr.", "DR.GATEMAN") and as words (a full stop after
# one ends a sentence: "sedation increased via nurse. vols stable"); "np", "ms" and "mr" are as often "nasal prongs",
# "morphine sulfate", "mitral regurgitation": only a name no dictionary holds follows them as a name ("NP GOOD
# BREATH SOUNDS", "ms given")
_ABBREVIATED_TITLES = r"dr|drs|np|mr|mrs|ms|prof|rev"
_WORD_TITLES = r"doctor|nurse|rabbi|reverend|chaplain|professor"
_AMBIGUOUS_TITLES = frozenset({"np", "ms", "mr"})
# (family only, in English: titled_names' kinship words, read after a possessive, take in roles too, "boss",
# "manager", "tenant", which before a word in lower case are as often a phrase: "manager approved")
_KIN = (r"son|sons|daughter|daughters|dtr|wife|husband|hubby|mother|mom|mum|father|dad|sister|sis|brother|bro|niece|"
        r"nephew|grand[ \t-]?son|grand[ \t-]?daughter|grandmother|grandfather|grandma|grandpa|aunt|uncle|cousin|"
        r"girlfriend|boyfriend|fianc[eé]e?|partner|stepson|stepdaughter|friend")
KIN = _KIN  # (the annotator keeps a name read as written after one in a text in capitals: "THEIR SON CHIDI")
# (in capitals only where chat writes the letters for other words: "rn" is "right now", "np" "no problem")
_CREDENTIALS = r"MD|M\.D\.|RN|R\.N\.|NP|(?i:m\.d\.|r\.n\.|rrt|crnp|pa-c|lcsw|licsw|msw|phd)"
_WORD = r"\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)?"
_TITLED = regex.compile(rf"(?<![\p{{L}}\d'’/])(?:(?P<t>(?i:{_ABBREVIATED_TITLES}))(?:\.[ \t]*|[ \t]+)|(?i:{_WORD_TITLES})[ \t]+)"
                        rf"(?P<v>{_WORD})")
_KINSHIP = regex.compile(rf"(?<![\p{{L}}\d'’/-])(?i:{_KIN})(?:[ \t]*[,:(][ \t]*|[ \t]*-+[ \t]*|[ \t]+)(?P<v>{_WORD})")
# an initial, not "r." or "l." (right, left) nor the end of an abbreviation ("U/S.", "D/C.", "c/o.")
_INITIALLED = regex.compile(rf"(?<![\p{{L}}\d.'’/])[b-hj-km-qs-zB-HJ-KM-QS-Z]\.[ \t]+(?P<v>{_WORD})")
_CREDENTIAL = regex.compile(rf",?[ \t]+(?:{_CREDENTIALS})(?![\p{{L}}\d])")
_NEXT = regex.compile(rf"[ \t]+(?:(?P<i>[a-zA-Z])\.?[ \t]+)?(?P<v>{_WORD})")
_WORD_BEFORE = regex.compile(rf"(?<![\p{{L}}\d'’.-])(?P<v>{_WORD}|[a-zA-Z]\.)[ \t]*$")
_CREDENTIAL_WORDS = frozenset("md rn np rrt crnp lcsw licsw msw phd pa".split())
# a title or an initial, one word, then the word a note reports a clinician's knowing or being told with ("DR.
# SPARKES AWARE", "E. WELSH AWARE", "n. grandone notified", "NP Wolfe AWARE"): the word is a name even where a
# dictionary holds it too ("welsh"); a team or a service there is none ("DR RENAL AWARE", "NP TEAM NOTIFIED")
REPORTING_WORDS = frozenset("aware notified informed paged updated".split())  # (never a word of the name before them)
_REPORTED = regex.compile(rf"(?<![\p{{L}}\d'’/.])(?:(?i:dr|drs|np)(?:\.[ \t]*|[ \t]+)|(?P<i>[b-hj-km-qs-zB-HJ-KM-QS-Z])\.[ \t]*)"
                          rf"(?P<v>{_WORD})[ \t]+(?i:{'|'.join(sorted(REPORTING_WORDS))})(?![\p{{L}}])")
_SERVICES = frozenset("""team teams service resident residents intern interns fellow fellows attending attendings covering
coverage staff house oncall call renal cardiology cardiac surgery surgical medical medicine micu sicu ccu csru icu ortho
neuro gi pulm pulmonary ent id hospitalist hospitalists ep er ed ct cxr primary""".split())
# a name's particles, which no cue here is followed by alone ("p. le Brésil": a French list's "pour")
_PARTICLES = frozenset("le la les de del della di da du des van von der den ter ten bin al el los las y e et".split())
# the kinship words themselves, which follow one another in a list ("wife, son and brother", "daughter, son in law")
_KIN_WORDS = frozenset("""son sons daughter daughters dtr wife husband hubby mother mom mum father dad sister sis brother bro
niece nephew grandson granddaughter grandmother grandfather grandma grandpa aunt uncle cousin girlfriend boyfriend
fiance fiancee partner stepson stepdaughter friend friends family children kids parents""".split())
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_POSSESSIVE = regex.compile(r"'s$")


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    return stop_words("en") | _CREDENTIAL_WORDS | _PARTICLES | _KIN_WORDS


def _stop(word: str) -> bool:
    """A function word, a particle, a kinship word or a credential, or a hyphenated word with one as a part
    ("in-law"), or a contraction ("con't")."""
    stop = _stop_words()
    return CONTRACTED.search(word) is not None or any(part in stop for part in word.lower().split("-"))


def _one_case(word: str) -> bool:
    return word.islower() or word.isupper()


def _listed(word: str, given_only: bool = False) -> bool:
    index = name_index()
    word = _POSSESSIVE.sub("", word.replace("’", "'"))
    return index.is_first(word) if given_only else index.is_listed(word)


def _misspelt(low: str, english: Container[str]) -> bool:
    """A word one letter away from a dictionary word as written (a letter dropped, added, changed or two swapped:
    "visisted", "agress", "trached"): a misspelling as often as a name."""
    words = getattr(english, "words", english)
    cuts = [(low[:i], low[i:]) for i in range(len(low) + 1)]
    edits = {a + b[1:] for a, b in cuts if b}
    edits |= {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    edits |= {a + c + b[1:] for a, b in cuts if b for c in _LETTERS}
    edits |= {a + c + b for a, b in cuts for c in _LETTERS}
    irregular = getattr(english, "irregular", frozenset())
    return any(e != low and (e in words or e in irregular or _inflected(e, words)) for e in edits)


def _inflected(form: str, words: Container[str]) -> bool:
    """``form`` a regular inflection of a word ("visited", "agrees", "tracking")."""
    last = form[-1:]
    if last == "s":
        return form[:-1] in words or form.endswith("es") and form[:-2] in words
    if last == "d":
        return form.endswith("ed") and (form[:-2] in words or form[:-1] in words)
    return form.endswith("ing") and (form[:-3] in words or form[:-3] + "e" in words)


@lru_cache(maxsize=4096)
def _unknown_word(low: str, english: Container[str], spelt: bool) -> bool:
    parts = _POSSESSIVE.sub("", low).split("-")
    return len(low) >= 4 and all(p not in english and VOWEL.search(p) for p in parts if p) \
        and not name_index().is_common(low) and not (spelt and _misspelt(low, english))


def _unknown(word: str, english: Container[str], spelt: bool = False) -> bool:
    """A word of four letters or more (each part of a hyphenated one) that no list and no dictionary holds; with
    ``spelt``, no misspelling of a dictionary word either (after a kinship word a verb follows as often: "WIFE AGRESS
    THAT", "husband visisted"; after a title a name: "dr babson", one letter from "baboon")."""
    return _unknown_word(word.lower().replace("’", "'"), english, spelt)


def _strong(word: str, english: Container[str]) -> bool:
    """A listed name no dictionary holds, or an unknown word."""
    return _listed(word) and word.lower() not in english or _unknown(word, english)


def _name_word(word: str, english: Container[str], given_only: bool = False) -> bool:
    if _stop(word) or len(word) < 2:
        return False
    return _listed(word, given_only) or _unknown(word, english, spelt=given_only)


def _more_words(text: str, end: int, english: Container[str]) -> int:
    """The end of one more name word after ``end``: a listed name no dictionary holds or an unknown word of five
    letters or more, an initial maybe between ("dr. bob culhane", "dr j. smith")."""
    m = _NEXT.match(text, end)
    if m is None:
        return end
    word = m.group("v")
    if _stop(word) or not (len(word) >= 5 and _unknown(word, english)
                           or _listed(word) and word.lower() not in english):
        return end  # (an unknown word of four letters is as often an abbreviation: "DR MADDEN PICC")
    return m.end("v")


def _is_word(english: Container[str], word: str) -> bool:
    """A dictionary word other than a noun-only entry ("pearl", "welsh"; not "david")."""
    is_word = getattr(english, "is_word", None)
    return bool(is_word(word)) if is_word is not None else word.lower() in english


def find_one_case_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """Names after a title, a kinship word or an initial, or before a credential (see the module docstring)."""
    if lang != "en" or not english:
        return []
    out = []
    finite = getattr(english, "is_finite_verb", None)
    for m in _TITLED.finditer(text):
        word = m.group("v")
        ambiguous = (m.group("t") or "").lower() in _AMBIGUOUS_TITLES
        if m.group("t") is None and word.islower() and finite is not None and finite(word):
            continue  # a title written out is a subject as often, and its verb no name ("the doctor said", a listed "Said")
        if _name_word(word, english) and (not ambiguous or _strong(word, english) or _listed(word, given_only=True)):
            out.append(Found("PERSON", m.start("v"), _more_words(text, m.end("v"), english), 0.75))
    for m in _KINSHIP.finditer(text):
        word = m.group("v")
        if _one_case(word) and _name_word(word, english, given_only=True):
            out.append(Found("PERSON", m.start("v"), _more_words(text, m.end("v"), english), 0.75))
    for m in _INITIALLED.finditer(text):
        word = m.group("v")
        if _one_case(word) and not _stop(word) and _listed(word) and (
                word.lower() not in english or _listed(word, given_only=True) and not _is_word(english, word)):
            out.append(Found("PERSON", m.start(), m.end("v"), 0.75))
    for m in _REPORTED.finditer(text):
        word = m.group("v")
        if not _stop(word) and word.lower() not in _SERVICES and len(word) >= 3 and not any(ch.isdigit() for ch in word):
            out.append(Found("PERSON", m.start("i") if m.group("i") else m.start("v"), m.end("v"), 0.75))  # ("E. WELSH")
    for m in _CREDENTIAL.finditer(text):
        start, words = m.start(), []
        while len(words) < 3 and (w := _WORD_BEFORE.search(text, max(0, start - 60), start)) is not None:
            word = w.group("v")
            if len(word) == 2 and word.endswith(".") or not _stop(word) and (_listed(word) or _unknown(word, english)):
                words.append(word)
            else:
                break
            start = w.start("v")
        named = [w for w in words if not w.endswith(".")]
        strong = [w for w in named if _strong(w, english)]
        if named and any(_listed(w) for w in named) and all(_listed(w) or w.lower() not in english for w in named) \
                and (strong or len(named) < len(words)):
            out.append(Found("PERSON", start, m.start(), 0.75))  # (a listed name that is a word too only beside an
            # initial: "q. lander rrt"; not "bad guy RN")
    return out
