"""Korean given names romanized as two syllables joined by a hyphen ("Ji-woo", "Hae-won", "Kim Hyun-woo"). spaCy's
small pipelines split such a word at its hyphen and seldom read it as a name when no family name stands beside it,
and no name list holds these pairs; but the syllables a Korean given name is made of are few.

* A capitalised word of two syllables from the closed set of given-name syllables (Revised Romanization and the
  spellings still common beside it: "Hyun"/"Hyeon", "Joon"/"Jun"), each of two letters or more, the second in lower
  case or Title case; not the same syllable twice ("So-so", "Yo-yo"), not an English word when joined or hyphenated,
  and no part of a longer hyphenated word ("Tae-Kwon-Do", "Yu-Gi-Oh"). Read as a name on its own: a word so shaped
  is a name.
* In capitals ("MOON JAE-IN") only beside a family name: a text in capitals writes every word so.

A Korean family name of three letters or more from the closed list right before or after the given name, in the
same case, joins it ("Park Seo-jun", "Ji-woo Kim"); a two-letter one ("Oh", "Ha", "Na") does not: it is as often an
English word, and the leak rule counts a name's words of three letters or more.

Written as one word ("Taemin", "minseok", "Junhyung", "Chanyeol") in an English text: a word of six letters or more
that splits into two different given-name syllables of three letters or more each (the two-letter ones make words
of Spanish and French: "sido", "juin"), in Title case or in lower case, no English word, and no organisation, place
or product by NER's reading ("Daewoo": a company's name is made of the same syllables).

Chinese given names written so ("Teng-hui", "Kai-shek") were tried too: with their family name beside them spaCy
reads them already, and alone their syllables make loans as often ("Tai-chi", "Feng-shui", "Wing-chun").
"""

from __future__ import annotations

from collections.abc import Container, Iterable

import regex

from mechanisms.prmpt.entities.base import Found

__all__ = ["SyllableNames", "find_syllable_names"]

# syllables of Korean given names, in Revised Romanization and the older or family spellings still written beside it
_KOREAN = frozenset("""
ae ah bae baek beom bin bo bok bom byeol byeong byung chae chan chang cheol chul cheon chun da dae dam deok duk do
dong doo du eun eon eui geon gun gi ki gil kil goo gu gook guk gwang kwang gyu kyu gyeong kyung kyoung gyo kyo ha
hae hak han hee hui heon hun hoon ho hong hwa hwan hwi hye hyeok hyuk hyeon hyun hyo hyung hyeong hyang il im in ja
jae jeong jung joong ji jin jo joo ju jong joon jun kyeong mi min mo mook mu moon mun myeong myung na nam nan ok ra
rae ram rang ri rim rin ryeong ryung ro rok roo ru sa sang se seo seok suk seon sun seong sung seul seung si sik so
soo su sook soon sol sul tae taek ui un won woo wook woong wan wol ye yeon yeong young yeol yeop yong yoo yu yoon
yun yul
""".split())

_KOREAN_FAMILY = frozenset("""
Ahn Bae Baek Bak Ban Bang Byeon Byun Cha Chae Chang Cheon Cho Choe Choi Chu Chun Chung Eom Gam Gil Gong Guk Gwon
Ham Han Heo Hong Huh Hur Hwang Hyeon Hyun Jang Jee Jeon Jeong Jin Joo Jung Kam Kang Kil Kim Kong Kook Kwak Kwon
Lee Lim Lyu Min Moon Mun Myung Nam Noh Paek Pak Park Pyo Pyun Rhee Roh Ryoo Ryu Seo Seol Seong Shin Sin Sohn Son
Song Suh Sul Sung Tak Wang Won Woo Yang Yeo Yeon Yook Yoo Yoon Yuk Yun
""".split())

# a capitalised word of two syllables joined by a hyphen, in no longer hyphenated word ("Ji-woo", "Ji-Woo", "JI-WOO")
_PAIR = regex.compile(r"(?<![\p{L}\p{N}_-])(?P<a>\p{Lu}(?:\p{Ll}{1,5}|\p{Lu}{1,5}))-(?P<b>\p{Lu}?(?:\p{Ll}{1,5}|\p{Lu}{1,5}))"
                      r"(?![\p{L}\p{N}_]|-\p{L})")
_FAMILY_BEFORE = regex.compile(r"(?<![\p{L}\p{N}_-])(?P<f>\p{Lu}(?:\p{Ll}{2,6}|\p{Lu}{2,6}))[ \t]+$")
_FAMILY_AFTER = regex.compile(r"[ \t]+(?P<f>\p{Lu}(?:\p{Ll}{2,6}|\p{Lu}{2,6}))(?![\p{L}\p{N}_-])")


def _given_name(a: str, b: str, english: Container[str]) -> bool:
    """Two syllables of a given name, in one of the cases names are written in, that make no English word."""
    x, y = a.lower(), b.lower()
    cased = a.istitle() and (b.islower() or b.istitle()) or a.isupper() and b.isupper()
    return cased and x != y and x in _KOREAN and y in _KOREAN \
        and not any(w in english for w in (x + y, f"{x}-{y}"))


def _family(m: regex.Match[str] | None, capitals: bool) -> bool:
    return m is not None and (m.group("f").isupper() if capitals else m.group("f").istitle()) \
        and m.group("f").title() in _KOREAN_FAMILY


def find_syllable_names(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """Korean given names, in capitals only beside a family name, with the family name beside them."""
    out: list[Found] = []
    for m in _PAIR.finditer(text):
        a, b = m.group("a"), m.group("b")
        if not _given_name(a, b, english):
            continue
        capitals = b.isupper()
        before = _FAMILY_BEFORE.search(text, max(0, m.start() - 12), m.start())
        after = _FAMILY_AFTER.match(text, m.end())
        family_before, family_after = _family(before, capitals), _family(after, capitals)
        if capitals and not (family_before or family_after):
            continue
        start = before.start("f") if family_before and before is not None else m.start()
        end = after.end("f") if family_after and after is not None else m.end()
        out.append(Found("PERSON", start, end, 0.85))
    return out


# one word of two syllables run together, in Title case or lower case, no part of a handle, a hashtag or a longer token
_JOINED = regex.compile(r"(?<![\p{L}\p{N}_@#/.-])(?:\p{Lu}\p{Ll}{5,11}|\p{Ll}{6,12})(?![\p{L}\p{N}_@/-])")


def _two_syllables(word: str) -> bool:
    x = word.lower()
    return any(x[:i] in _KOREAN and x[i:] in _KOREAN and x[:i] != x[i:] for i in range(3, len(x) - 2))


class SyllableNames:
    """The finder: :func:`find_syllable_names`, and the given names written as one word in an English text (see the
    module's docstring), which reads NER's entities so that a company or a place made of the same syllables stays."""

    reads_ner = True

    def __init__(self, english: Container[str]) -> None:
        self.english = english

    def __call__(self, text: str, lang: str, ents: Iterable[tuple[int, int, str]] | None = None) -> list[Found]:
        out = find_syllable_names(text, lang, self.english)
        if lang != "en" or not self.english:
            return out
        other = [(a, b) for a, b, label in ents or () if label != "PERSON"]
        for m in _JOINED.finditer(text):
            word = m.group(0)
            if not _two_syllables(word) or word.lower() in self.english \
                    or any(a < m.end() and m.start() < b for a, b in other):
                continue
            out.append(Found("PERSON", m.start(), m.end(), 0.8))
        return out
