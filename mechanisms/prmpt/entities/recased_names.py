"""Names written in capitals or lower case ("JANOS MUDE", "tuukka hämäläinen"), read again by NER.

spaCy's small English model finds names by their capital letters; in a line in capitals or in lower
case it misses most of them. Candidate pairs are two adjacent words in one case, neither an everyday
word, each listed or not an English dictionary word (so "TESTS PASSED" and "witty comedy" never are;
in lower case one word must be listed, unless the whole text is in lower case and NER then reads the
pair as a name). NER reads a copy of their neighbourhood in which the
candidates are in Title case and the other words of a line in capitals in lower case: a PERSON span
made of candidate words is a name (0.7). A candidate pair NER does not take is scored as the
Title-case pair it was recased to (:func:`name_pairs.pair_score`: lists and context).

English only (the test needs the dictionary). A short text with foreign names can fool the language
detector, so a text most of whose words are English words is read as English whatever its detected
language. The extra NER pass runs only when a text has a candidate, on the lines that hold one.
"""

from __future__ import annotations

from collections.abc import Container

import regex

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_pairs import _WORDS, pair_score
from mechanisms.prmpt.entities.name_words import CONTRACTED, VOWEL, EnglishWords, NameIndex, english_words, name_index, name_word
from mechanisms.prmpt.entities.titled_names import CHAT_WORDS, INITIALS
from mechanisms.prmpt.ner import load_spacy
from mechanisms.prmpt.normalize import lower_same_length

Word = tuple[int, int, str]  # start, end, text (a possessive "'s" left out)
_CONTEXT = 200  # characters on each side of a candidate that NER reads again
_ENGLISH_SHARE = 0.6
_GLUE_BEFORE = frozenset("@./\\-_'’")  # "jsmith@", "foo.bar", "a_b": parts of addresses and identifiers
_GLUE_AFTER = frozenset("@_.")


def _recase(word: str) -> str:
    """Title case, one character for one (offsets stay valid: "İ".lower() is two characters)."""
    out = []
    for i, ch in enumerate(word):
        new = ch.upper() if i == 0 or word[i - 1] in "-'’" else ch.lower()
        out.append(new if len(new) == 1 else ch)
    return "".join(out)


_lower = lower_same_length


def _words(text: str) -> list[Word]:
    out = []
    for m in _WORDS.finditer(text):
        word = m.group(0)
        if word[-1] in "'’" or word[-2:-1] in ("'", "’") and word[-1] in "sS":
            word = word[:-1] if word[-1] in "'’" else word[:-2]  # "OSIAL's" -> "OSIAL"
        out.append((m.start(), m.start() + len(word), word))
    return out


def _style(word: str) -> str:
    if len(word) < 2:
        return ""
    return "upper" if word.isupper() else "lower" if word.islower() else ""


def candidates(text: str, words: list[Word], index: NameIndex, english: EnglishWords) -> list[int]:
    """Indices k of the candidate pairs (words k and k + 1)."""
    out = []
    styles = [_style(w[2]) for w in words]
    uncased = not any(ch.isupper() for ch in text)  # a text all in lower case: no capital tells a name
    nameish: dict[int, bool] = {}  # each word sits in two pairs: test it once

    def name_like(j: int) -> bool:
        if j not in nameish:
            nameish[j] = name_word(index, words[j][2], english)
        return nameish[j]

    for k in range(len(words) - 1):
        style = styles[k]
        if not style or styles[k + 1] != style:
            continue
        (a0, a1, wa), (b0, b1, wb) = words[k], words[k + 1]
        if CONTRACTED.search(wa) or CONTRACTED.search(wb):
            continue  # "we're drinkin", "don't know": a pronoun or a verb with its clitic, never a name
        if text[a1:b0] not in (" ", "\t") or a0 > 0 and text[a0 - 1] in _GLUE_BEFORE \
                or b1 < len(text) and text[b1] in _GLUE_AFTER:
            continue
        if style == "lower" and not uncased and not (index.is_listed(wa) or index.is_listed(wb)):
            continue  # in lower case, one of the words must be a listed name (in a text with capitals elsewhere)
        if style == "lower" and (english.is_word(wa) or english.is_word(wb)):
            continue  # and none a word of the dictionary other than a noun-only entry: "ping localhost" ("john
            # smith" stays: WordNet lists "john" and "smith" as nouns only)
        if name_like(k) and name_like(k + 1):  # not "TESTS PASSED", "witty comedy"
            out.append(k)
    return out


def _recased_copy(text: str, words: list[Word], pairs: list[int]) -> str:
    """``text`` with the candidate words in Title case and the other words of their lines that are in
    capitals in lower case (NER reads a line in capitals as a heading); same length as ``text``."""
    chars = list(text)
    members = {j for k in pairs for j in (k, k + 1)}
    shouting = {_line(text, words[k][0]) for k in members if words[k][2].isupper()}
    line, next_break = 0, text.find("\n")
    for k, (start, end, word) in enumerate(words):
        while 0 <= next_break < start:  # words come in order: follow the line breaks along
            line, next_break = next_break + 1, text.find("\n", next_break + 1)
        if k in members:
            chars[start:end] = _recase(word)
        elif line in shouting and word.isupper() and len(word) > 1:
            chars[start:end] = _lower(word)
    return "".join(chars)


def _line(text: str, pos: int) -> int:
    """The offset where the line holding ``pos`` starts (an id for the line)."""
    return text.rfind("\n", 0, pos) + 1


def _windows(text: str, words: list[Word], pairs: list[int]) -> list[tuple[int, int]]:
    """The merged windows NER reads: each candidate's line, at most ``_CONTEXT`` characters each side."""
    out: list[tuple[int, int]] = []
    for k in pairs:
        start, end = words[k][0], words[k + 1][1]
        lo = max(_line(text, start), start - _CONTEXT)
        stop = text.find("\n", end)
        hi = min(len(text) if stop < 0 else stop, end + _CONTEXT)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


class RecasedNames:
    """The finder (see the module docstring); ``config`` names the English pipeline."""

    #: what it reads the annotator's second reading of a text in lower case has cased already: not run there
    reads_lower_case = True

    def __init__(self, config) -> None:  # noqa: ANN001
        self.model = config.model_for("en") if "en" in config.languages else None
        if self.model:
            english_words(self.model)  # read when the annotator is built, not on a request

    def __call__(self, text: str, lang: str) -> list[Found]:
        if self.model is None:
            return []
        index, english = name_index(), english_words(self.model)
        words = _words(text)
        pairs = candidates(text, words, index, english)
        if not pairs or lang != "en" and sum(w[2] in english for w in words) < _ENGLISH_SHARE * len(words):
            return []
        copy = _recased_copy(text, words, pairs)
        found = self._read_by_ner(copy, words, pairs)
        return found + self._scored(copy, words, pairs, index, english, found)

    def _read_by_ner(self, copy: str, words: list[Word], pairs: list[int]) -> list[Found]:
        """PERSON spans of the recased copy, cut to the run of candidate words they cover
        ("Vilhelmiina Mäkelä\nDecision": the first two words)."""
        members = {words[j][:2] for k in pairs for j in (k, k + 1)}
        windows = _windows(copy, words, pairs)
        out = []
        for (lo, hi), doc in zip(windows, load_spacy(self.model).pipe(copy[lo:hi] for lo, hi in windows)):
            for ent in doc.ents:
                if ent.label_ not in ("PERSON", "PER"):
                    continue
                start, end = lo + ent.start_char, lo + ent.end_char
                run = _longest_run([w[:2] for w in words if start <= w[0] and w[1] <= end], members)
                if len(run) >= 2:
                    out.append(Found("PERSON", run[0][0], run[-1][1], 0.7))
        return out

    @staticmethod
    def _scored(copy: str, words: list[Word], pairs: list[int], index: NameIndex, english: EnglishWords,
                taken: list[Found]) -> list[Found]:
        """Candidate pairs NER did not take, scored as the Title-case pairs they were recased to."""
        out = []
        for k in pairs:
            (a0, a1, _), (b0, b1, _) = words[k], words[k + 1]
            if any(f.start <= a0 and b1 <= f.end for f in taken):
                continue
            score = pair_score(index, copy[a0:a1], copy[b0:b1], copy[max(0, a0 - 30):a0], copy[b1:b1 + 12],
                               english)
            if score >= 0.6:
                out.append(Found("PERSON", a0, b1, score))
        return out


def _longest_run(spans: list[tuple[int, int]], members: set[tuple[int, int]]) -> list[tuple[int, int]]:
    best: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    for span in spans:
        run = run + [span] if span in members else []
        if len(run) > len(best):
            best = run
    return best


# A text written all in lower case ("have you heard ewan dawson speak yet?", "says weber"): no capital tells
# NER or the rules where a name is. The annotator reads it a second time in a copy that writes the words that
# can only be names in Title case, as a careful writer would have, and takes the names found there.
_UNCASED_WORD = regex.compile(r"(?<![\p{L}\p{M}\d_])\p{L}[\p{Ll}\p{M}]*(?:['’-]\p{Ll}[\p{Ll}\p{M}]*)*(?![\p{L}\p{M}\d_])")
_PRONOUN_I = regex.compile(r"(?<![\p{L}\d_'’])[iI](?=(?:['’](?:m|ll|ve|d))?(?![\p{L}\d_]))")
_SENTENCE_OPENING = regex.compile(r"(?:^|(?<=[.!?\n][\"”'’)]*[ \t]+)|(?<=\n))[\"“'‘(]*(?P<c>\p{L})")
_LETTER_BETWEEN = regex.compile(r"(?<![\p{L}\d_'’.])(?P<c>[b-hj-z])\.?(?=[ \t])")
_GLUED_AFTER = regex.compile(r"[@_.][\p{L}\d]")  # "jsmith@", "foo.bar", "a_b"; not the full stop after a word
_CHAT = CHAT_WORDS | frozenset("""idk imo imho tbh smh ikr irl rn ty np ur yep yup nope nah hmm hmmm haha hahaha lmfao
rofl xd wtf fyi asap aka etc vs ok okay im ive dont cant wont didnt isnt u r""".split())


_LAUGH = regex.compile(r"[aeiou]*(?:h+[aeiou]+){2,}h*")  # "haha", "HAHAHHA", "hehe", "ahahah"; one way to read each
_REPEATED = regex.compile(r"(\p{L})\1{2,}")  # a letter written three times or more: "sooooo", "pleaseee"
_LETTER_RUN = regex.compile(r"\p{L}+")


def is_interjection(value: str, english: EnglishWords) -> bool:
    """Every word of ``value`` a laugh ("Hahahahaha"), a chat word that is no listed name ("Lol", "Idk"), or a
    chat or dictionary word drawn out ("Wowwwwww", "Pleaseee", "Lameeee"): what a chat writes in capitals is no
    name. A name drawn out stays one ("SUAREZZZZZ": "suarez" is no word)."""
    words = _LETTER_RUN.findall(value)
    if not words or INITIALS.fullmatch(value):
        return False  # ("R.", "U. K.": initials, not chat's "r" and "u")
    index = name_index()
    for word in words:
        low = word.lower()
        if len(low) > 40:
            return False  # no chat word is so long, and the laugh pattern reads a long run in time that grows as its square
        if _LAUGH.fullmatch(low) or low in _CHAT and not index.is_listed(low):
            continue
        if _REPEATED.search(low) and any(form in _CHAT or english.is_base_word(form)
                                         for form in (_REPEATED.sub(r"\1", low), _REPEATED.sub(r"\1\1", low))):
            continue
        return False
    return True


def is_uncased(text: str) -> bool:
    """A text with letters whose only capitals open a sentence or write the pronoun "I" (as a phone writes what
    is typed in lower case): no capital tells a name."""
    if not any(ch.isalpha() for ch in text):
        return False
    allowed = {m.start("c") for m in _SENTENCE_OPENING.finditer(text)} | {m.start() for m in _PRONOUN_I.finditer(text)}
    return all(not ch.isupper() or i in allowed for i, ch in enumerate(text))


def _can_be_a_name(word: str, index: NameIndex, english: EnglishWords, places: Container[str]) -> bool:
    """A word a careful writer would capitalise as a name: no everyday or chat word, no contraction, no
    dictionary word (noun-only entries aside when they are listed names: "dawson", "diana"), no known place
    unless a given name ("portugal" stays, "jordan" not), with a vowel, and a listed name or no word of the
    dictionary at all ("ewan", "szöts")."""
    if len(word) < 2 or word in _CHAT or index.is_common(word) or not VOWEL.search(word) \
            or CONTRACTED.search(word) or english.is_word(word):
        return False
    if word in places and not index.is_first(word):
        return False
    return index.is_listed(word) or word not in english


def uncased_copy(text: str, index: NameIndex, english: EnglishWords,
                 places: Container[str] = frozenset()) -> tuple[str, list[tuple[int, int]]] | None:
    """``text`` (in lower case, :func:`is_uncased`) as a careful writer would have cased it, same length: the words that can only
    be names in Title case, a single letter between two of them in capitals ("phillipp j maurer"), "i" as "I"
    and each sentence's first letter in capitals. Also the offsets of the name words so cased (a name read in
    the copy is kept only where all its words are among them). None when no word can be a name."""
    words = [(m.start(), m.end()) for m in _UNCASED_WORD.finditer(text)
             if not (m.start() > 0 and text[m.start() - 1] in _GLUE_BEFORE
                     or _GLUED_AFTER.match(text, m.end()))]
    named = [(a, b) for a, b in words if _can_be_a_name(lower_same_length(text[a:b]), index, english, places)]
    if not named:
        return None
    chars = list(text)
    for a, b in named:
        chars[a:b] = _recase(text[a:b])
    starts = {a for a, _ in named}
    ends = {b for _, b in named}
    for m in _LETTER_BETWEEN.finditer(text):  # an initial between two name words
        a = m.start("c")
        after = m.end() + 1
        if any(e in ends for e in (a - 1, a - 2)) and after in starts:
            chars[a] = text[a].upper()
    for m in _PRONOUN_I.finditer(text):
        chars[m.start()] = "I"
    for m in _SENTENCE_OPENING.finditer(text):
        up = text[m.start("c")].upper()
        if len(up) == 1:
            chars[m.start("c")] = up
    return "".join(chars), named
