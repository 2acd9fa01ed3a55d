"""A single capitalised word that a sentence describes as only a person is described (English only).

A given name that is also an everyday word or a place ("Tanner", "Lily", "Virginia"), or a name no list holds
that WordNet keeps as a rare noun (a fruit's cultivar, a genus: "Marumi", "Naja"), is not taken alone by the
name finders: "Hunter left", "Virginia is" are as often a word or a state. What the sentence then says of it
decides: a temper or a family state ("Topi is so impulsive", "Why is Virginia so stubborn?", "Lily was
pregnant"), a person's noun ("Tanner is a good dude"), a relative or who only a person has ("Grace's husband",
"Sofia's boss", "Paris's birthday"), where a person comes from ("Lara is from Edwards Group") or pity ("Poor
Jimmy"). A town, a team, a product or a company takes none of these (a company has a "sister company", which is
read as no relative).
"""

from __future__ import annotations

from collections.abc import Container

import regex

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_words import CALENDAR, capital_names, name_index, place_names
from mechanisms.prmpt.entities.titled_names import (KIN_AFTER_POSSESSIVE, NOT_KIN_AFTER, NOT_SPEAKERS, is_dictionary_word,
                                                    is_title, no_word, opens_sentence)

# a trait said of a word opening the sentence ("Syed is very reliable.", "Amber is a very sympathetic person", "Why is
# Eros so impulsive?"): the tempers only a person has, which _DESCRIBED and _ASKED also read anywhere in a sentence,
# and the traits a product or a town is said to have too ("Python is very reliable", read here only of a word no
# dictionary holds)
_PERSON_TEMPERS = (r"impulsive|jealous|lazy|rude|shy|stubborn|arrogant|selfish|generous|polite|bossy|nosy|humble|loyal|"
                  r"moody|grumpy|talented|outgoing|introverted|extroverted|kind-hearted|hard-working|hardworking")
_TRAITS = (rf"{_PERSON_TEMPERS}|reliable|dependable|trustworthy|honest|kind|friendly|sympathetic|clever|funny|patient|"
           r"caring|brave|ambitious|cheerful|thoughtful|considerate|easygoing|easy-going|witty|charming")
_TRAIT_OF = regex.compile(rf"(?:(?P<why>(?i:why)[ \t]+(?:is|was)[ \t]+)(?P<w>\p{{Lu}}\p{{Ll}}{{2,}})"
                          rf"|(?P<v>\p{{Lu}}\p{{Ll}}{{2,}})[ \t]+(?:is|was|seems|seemed))"
                          rf"[ \t]+(?:(?:such[ \t]+)?an?[ \t]+)?(?:(?:very|so|really|quite|extremely|always|too|incredibly)"
                          rf"[ \t]+)?(?:{_TRAITS})(?:[ \t]+(?:person|man|woman|guy|girl|lady|boy|listener|friend))?"
                          r"(?![\p{L}-])")


def _trait_subjects(text: str, english: Container[str]) -> list[Found]:
    """(:data:`_TRAIT_OF`) A listed given name, a listed name no list holds as an everyday word and no capital, or a
    word no list or dictionary holds and no place, that a person's trait is said of at a sentence's start (never
    "Python is very reliable", "Toyota is very reliable")."""
    index = name_index()
    out = []
    for m in _TRAIT_OF.finditer(text):
        group = "w" if m.group("why") else "v"
        word = m.group(group)
        if not opens_sentence(text, m.start()) or is_title(word) or word.lower() in CALENDAR:
            continue
        if index.is_first(word) and word.lower() not in NOT_SPEAKERS \
                or index.is_listed(word) and not index.is_common(word) and word.casefold() not in capital_names() \
                or no_word(word, index, english) and word.casefold() not in place_names():
            out.append(Found("PERSON", m.start(group), m.end(group), 0.7))
    return out


# what only a person is: a temper (_PERSON_TEMPERS, which _trait_subjects reads at a sentence's start beside the
# traits a product has too) or a family state; not "reliable", "beautiful", "friendly", "smart", "cute",
# "hilarious"
_TEMPER = (rf"{_PERSON_TEMPERS}|nosey|naive|pregnant|married|divorced|widowed|handsome|impatient|impolite|sarcastic|"
           r"clumsy|cheeky|cranky|stingy|greedy|conceited|short-tempered|hot-tempered|big-hearted|open-minded|"
           r"narrow-minded|self-cent(?:er|re)d|self-absorbed|immature|irresponsible|obnoxious|overbearing|sweet-natured|"
           r"good-natured|ill-mannered|well-mannered|soft-spoken|outspoken|hot-headed|level-headed|absent-minded|"
           r"bad-tempered")
_PERSON_NOUN = r"guy|dude|girl|boy|man|woman|gentleman|lady|bloke|chap|gal|person|sweetheart|kid|sweetie"
_DEGREE = (r"(?:(?:so|very|really|quite|too|always|never|extremely|incredibly|pretty|super|kind[ \t]+of|sort[ \t]+of|"
           r"a[ \t]+bit|a[ \t]+little|getting|being|becoming)[ \t]+)?")
_WORD = r"(?P<v>\p{Lu}\p{Ll}{2,})"
_START = r"(?<![\p{L}\d@#_'’.-])"
# "Topi is so impulsive", "Tanner is a good dude", "Lily got married"
_DESCRIBED = regex.compile(
    rf"{_START}{_WORD}[ \t]+(?:is|was|seems|seemed|looks|looked|[’']s|got|gets|became|has[ \t]+been|had[ \t]+been)"
    rf"[ \t]+{_DEGREE}(?:(?:{_TEMPER})\b|(?:such[ \t]+)?an?[ \t]+(?:[\p{{Ll}}-]+[ \t]+){{0,2}}?(?:{_PERSON_NOUN})\b)")
# "Why is Topi so impulsive?", "isn't Virginia too stubborn"
_ASKED = regex.compile(rf"\b(?i:is|was|isn['’]t|wasn['’]t)[ \t]+{_WORD}[ \t]+{_DEGREE}(?:{_TEMPER})\b")
# "Lara is from Edwards Group", "Bill is originally from Leeds": where a person comes from
_FROM = regex.compile(rf"{_START}{_WORD}[ \t]+(?:is|was|[’']s)[ \t]+(?:originally[ \t]+)?"
                      r"from[ \t]+(?:the[ \t]+)?\p{Lu}")
# the relatives after a possessive: titled_names' KIN_AFTER_POSSESSIVE (its _owners_and_authors reads them with a
# wider test of the word) and the rest of a family; one_case_names' KIN, read before a name,
# takes "partner" and "friend" too, which a company has ("Apple's partner")
_KIN = (rf"{KIN_AFTER_POSSESSIVE}|mom|mum|mommy|mummy|dad|daddy|mother|father|girlfriend|boyfriend|grandma|"
        r"grandmother|grandpa|grandfather|aunt|uncle|niece|nephew|parents|stepmother|stepfather|stepson|stepdaughter|"
        r"in-laws|"
        # and who only a person has, and a person's own day ("Sofia's boss", "Paris's roommate", "Sofia's birthday"; not
        # "manager", "coach", "friends", "neighbour": a town's team and a country have them)
        r"boss|coworker|co-worker|roommate|flatmate|landlord|landlady|tenant|dentist|therapist|"
        r"nanny|babysitter|classmate|bff|birthday|appointment|homework")
# "Grace's husband", "Jay's little sister" (not "Apple's sister company", "Austin's sister city": NOT_KIN_AFTER)
_RELATIVE = regex.compile(
    rf"{_START}{_WORD}['’]s[ \t]+(?:(?:late|new|former|ex|older|younger|elder|eldest|oldest|youngest|baby|little|"
    rf"big|twin|step)[ \t-]+)?(?:{_KIN})\b{NOT_KIN_AFTER}")
# "Poor Jimmy", "poor Carson...": pity, said of a person
_PITY = regex.compile(rf"{_START}(?i:poor)[ \t]+{_WORD}(?![\p{{L}}\d@_'’-])(?![ \t]+\p{{Lu}})")


def _listed_given_name(word: str) -> bool:
    """A word the name lists hold as a given name, whatever else it is ("Tanner", "Virginia", "Lara")."""
    return name_index().is_first(word) and not is_title(word) and word.lower() not in CALENDAR


def _rare_word(word: str, english: Container[str]) -> bool:
    """A listed given name, or a word no list holds that is neither everyday nor (but for a noun only, which
    WordNet keeps of a cultivar, a genus or a place: "Marumi", "Naja") a dictionary word; a known place too, as
    a town has no temper ("Topi is so impulsive")."""
    if _listed_given_name(word):
        return True
    index = name_index()
    return not (index.is_listed(word) or index.is_common(word) or is_title(word) or word.lower() in CALENDAR
                or is_dictionary_word(english, word))


def find_described_people(text: str, lang: str, english: Container[str] = frozenset()) -> list[Found]:
    """A capitalised word a sentence gives a temper, a family state, a person's noun (a given name or a rare
    word: :func:`_rare_word`), a relative or an origin, or pities (a listed given name); English only, never after
    an article ("the Mustang is so stubborn" is a car) nor a word in capitals. With the English dictionary, also a
    trait said of a word opening a sentence (:func:`_trait_subjects`)."""
    if lang != "en":
        return []
    out = _trait_subjects(text, english) if english else []
    for pattern, test in ((_DESCRIBED, _rare_word), (_ASKED, _rare_word), (_FROM, None), (_RELATIVE, None),
                          (_PITY, None)):
        for m in pattern.finditer(text):
            word = m.group("v")
            if word.isupper() or _ARTICLE.search(text, max(0, m.start("v") - 8), m.start("v")) is not None:
                continue
            if not (test(word, english) if test is not None else _listed_given_name(word)):
                continue
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.72))
    return out


_ARTICLE = regex.compile(r"(?<![\p{L}])(?i:the|a|an|this|that|my|your|our|their|his|her|its)[ \t]+$")


# the same sentences in a text written in lower case ("why is christian so impulsive?", "i'm joseph's daughter"), and
# a given name a verb of speech opens before "to" or the sentence's end
_LOWER_WORD = r"(?P<v>\p{Ll}{3,})"
_LOWER = tuple(regex.compile(source.replace(_WORD, _LOWER_WORD).replace(r"from[ \t]+(?:the[ \t]+)?\p{Lu}",
                                                                         r"from[ \t]+\p{L}"))
               for source in (_DESCRIBED.pattern, _ASKED.pattern, _FROM.pattern, _RELATIVE.pattern, _PITY.pattern)) \
    + (regex.compile(r"\b(?:said|says|asked|asks|replied|replies|told|tells|shouted|yelled|whispered)[ \t]+"
                     rf"{_LOWER_WORD}(?=[ \t]+to\b|[ \t]*[,.!?;:]|[ \t]*$)"),)  # ("said felicia to alison")


def find_described_in_lower_case(text: str) -> list[tuple[int, int]]:
    """:func:`find_described_people` for an English text written in lower case, where nothing but the words tells a
    name: the extents of listed given names that are no everyday word ("christian", "joseph", "jimmy"; never "guy",
    "mark", "grace", "will": "poor guy", "why is will so ..." stay)."""
    index = name_index()
    out = []
    for pattern in _LOWER:
        for m in pattern.finditer(text):
            word = m.group("v")
            if not index.is_first(word) or index.is_common(word) or is_title(word) or word in CALENDAR \
                    or _ARTICLE.search(text, max(0, m.start("v") - 8), m.start("v")) is not None:
                continue
            out.append((m.start("v"), m.end("v")))
    return out
