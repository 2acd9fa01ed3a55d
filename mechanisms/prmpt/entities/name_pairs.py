"""Names as pairs of words ("First Last"), scored from the name lists, their case and their context.

* Title-case pairs: both words listed (0.65), one listed (0.5, 0.65 after a person cue), words
  outside the lists that are not English dictionary words with a person context: a word for a
  person or an act on one before ("my landlord", "remind", "lunch with"), a person's verb or a
  possessive after ("said", "wrote", "'s", ", who") (0.6). A middle initial or particles
  ("de la", "van") may sit between the two words.
* Lowercase and ALL-CAPS pairs: both words listed and neither an everyday word; a pair with one
  everyday word needs a cue word before it. Unlisted words only right after an addressing cue
  ("cc", "ping", "assigned to", "Dear").
* Names after a greeting or a title (Dear, Mr, Mme, Sra., Don, ...).
"""

from __future__ import annotations

import functools

import regex

from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_words import (ENGLISH_MONTHS, VOWEL, EnglishWords, NameIndex, is_place_name,
                                                  name_index, name_word, place_names, stop_words)
from mechanisms.prmpt.language import written_in

# (an Irish family name's "O'" may open it: "Troy O'Leary")
_WORD = r"(?:O['’](?=\p{Lu}))?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+)?"
_GREETING = regex.compile(
    rf"\b(?:Dear|Hi|Hello|Hey|Mr\.?|Mrs\.?|Ms\.?|Dr\.?|Prof\.?|Mme\.?|Mlle\.?|Monsieur|Madame|Bonjour|Cher|Chère|"
    rf"Sr\.?|Sra\.?|Srta\.?|Señor|Señora|Don|Doña|Hola|Estimad[oa]|Querid[oa])[ \t,]+"
    rf"(?P<v>{_WORD}(?:[ \t]+(?:(?:de|del|la|de la|y)[ \t]+)?{_WORD}){{0,2}})")
# what a greeting addresses that is no name, though some are listed as given names ("Hi Team,", "Hello World", "Dear
# Valued Customer", "Hey Man,", "Hi Love,")
TERMS_OF_ADDRESS = frozenset("""man love honey babe baby darling dear sweetie sweetheart buddy mate pal folks boss champ
    angel sunshine guys all everyone everybody team friend friends sir madam gorgeous handsome world there customer
    customers client clients member members user users reader readers colleague colleagues partner partners neighbour
    neighbor neighbours neighbors student students parent parents guest guests applicant applicants candidate
    candidates hiring manager managers valued support admin administrator community subscriber subscribers""".split())
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


_WORDS = regex.compile(r"\p{L}[\p{L}'’-]*")
_CONTRACTED_END = regex.compile(r"['’](?:t|ll|re|ve|m)$", regex.IGNORECASE)
_TITLE_WORD = regex.compile(_WORD)
_PARTICLES = frozenset({"de", "del", "da", "di", "van", "von", "der", "den", "la", "le", "los", "las", "y"})
_MIDDLE = regex.compile(r"[ \t]+(?:\p{Lu}\.?|(?:(?:de|del|da|di|van|von|der|den|la|le|los|las|y)[ \t]+)*"
                        r"(?:de|del|da|di|van|von|der|den|la|le|los|las|y))[ \t]+")


# a month before the day of a date closes no name ("three days) June June 5-9", "Grace April 12"): the pair is a
# table's heading and a date, or a name and a date
_DAY_AFTER = regex.compile(r"[ \t]+\d{1,2}(?!\d)")
_INITIAL_GAP = regex.compile(r"[ \t]+\p{Lu}\.?[ \t]+")
_LOWER_WORD_AFTER = regex.compile(r"[ \t]+\p{Ll}")
# an institution's noun before "of" and a proper noun ends no name: "the Svea Court of Appeal", "Cardiff Council of
# Churches" (the NER reads an organisation; the lists hold "Svea" and "Court" as names)
_INSTITUTION_NOUNS = frozenset("""court courts council bank university college school ministry department office
board commission committee tribunal chamber assembly academy institute society association union bureau agency
authority museum library hospital church parliament senate""".split())
_OF_A_PROPER_NOUN = regex.compile(r"[ \t]+of[ \t]+(?:the[ \t]+)?\p{Lu}")
_CUE_WORDS = frozenset({"cc", "bcc", "ping", "attn", "to", "dear", "hi", "hello", "hey", "thanks", "regards"})


def case_style(word: str) -> str:
    return "upper" if word.isupper() and len(word) > 1 else "lower" if word.islower() else "title"


_RELATION_BEFORE = regex.compile(
    r"\b(?:landlord|landlady|neighbou?r|boss|manager|colleague|co-?worker|friend|wife|husband|partner|"
    r"fianc[ée]e?|son|daughter|mother|father|mom|mum|dad|brother|sister|uncle|aunt|cousin|grand(?:ma|pa|mother|"
    r"father)|tenant|doctor|nurse|teacher|student|lawyer|attorney|client|customer|patient|employee|candidate|"
    r"applicant|reviewer|author|assignee|reporter|owner|recipient|sender|attendees?|participants?|speaker|"
    r"guest|interviewer|mentor|intern|contractor|plumber|agent|accountant|therapist|dentist|ceo|cto|cfo|founder|"
    r"director|secretary|assistant|remind|thank|thanks\s+to|email|e-mail|text|ping|invite|hire|hired|fire|"
    r"fired|interview|promote|congratulate|(?:lunch|dinner|coffee|meeting|call|chat|talk|interview)\s+with|"
    r"(?:reply|respond|write|talk|speak|send\s+it|forward\s+it)\s+to|(?:message|note|letter|gift|card|"
    r"feedback|recommendation|invitation)\s+for|(?:email|message|letter|note|call|text)\s+from|"
    r"according\s+to|prepared\s+by|written\s+by|signed\s+by|reported\s+by|sent\s+by)\W{0,3}$",
    regex.IGNORECASE)
_PERSON_AFTER = regex.compile(
    r"(?:['’]s\b|,?\s+(?:who|whose|said|says|asked|asks|told|tells|wrote|writes|replied|replies|answered|"
    r"called|calls|emailed|texted|joined|joins|left|leaves|wants|wanted|needs|needed|thinks|thought|agreed|"
    r"agrees|approved|reviewed|signed|sent|mentioned|explained|suggested|confirmed|complained|promised|"
    r"presented|reported|decided|prefers|lives|lived|works|worked|keeps|kept|started|starts|and\s+I|"
    r"and\s+me)\b)", regex.IGNORECASE)


def _unlistedpair_score(index: NameIndex, first: str, last: str, before: str, after: str,
                         english: EnglishWords | None) -> float:
    """Title-case words outside the lists (or one of them in it): a name when the context says so."""
    if english is None or not (_TITLE_WORD.fullmatch(first) and _TITLE_WORD.fullmatch(last)):
        return 0.0
    if not (name_word(index, first, english) and name_word(index, last, english)):
        return 0.0
    return 0.6 if _RELATION_BEFORE.search(before) or _PERSON_AFTER.match(after) else 0.0


# (and the articles of French and Spanish: "et le cardinal", "y la señora", though "Le" is a listed family name)
_DETERMINERS = frozenset("""my your his her our their its the a an this that these those le la les un une des du au
    aux el los las lo al del una unos unas""".split())


@functools.cache
def _function_words() -> frozenset[str]:
    """English stop words and the articles of the three languages (spaCy's list, read on first use)."""
    return _DETERMINERS | stop_words("en")


# a greeting or thanks opening a pair: the name, if any, is the word after it ("Thanks Python for ...")
GREETINGS = frozenset("""thanks thank thx congrats congratulations hey hi hello hiya dear bye goodbye cheers welcome
    sorry""".split())


def word_compound(word: str, index: NameIndex, english: EnglishWords) -> bool:
    """A hyphenated word with a dictionary word that no list holds among its parts: "long-term", "so-called" (the
    lists hold "Long" and "So", so they hold the compound), not "jean-luc" or "anne-marie": no listed name in a
    pair, and an everyday word in a pair in lower case."""
    return "-" in word and any(english.is_word(p.lower()) and not index.is_listed(p) for p in word.split("-") if p)


def _family_name_after_a_word(index: NameIndex, first: str, last: str) -> bool:
    """A listed given name that is an everyday word opening a sentence before a word that is only a family name, no
    everyday word and no place: "Ivy Smith's lawyers", "Hope Okafor said" are names, though "Ivy" and "Hope" are
    words; not after a stop word or an article ("In Boston", "See Herrold", "Le Paradis")."""
    return index.is_first(first) and index.is_last(last) and not (index.is_first(last) or index.is_common(last)) \
        and last.casefold() not in place_names() and first.lower() not in _function_words()


def pair_score(index: NameIndex, first: str, last: str, before: str, after: str = "",
                english: EnglishWords | None = None) -> float:
    """Score of "first last" as a name (0 when it is not one); set lookups first, the cue regex last."""
    if first.lower() in GREETINGS:
        return 0.0
    cased = first[0].isupper() and last[0].isupper() and not (first.isupper() and last.isupper())
    # a compound of words is no listed name ("So-Called Miller", "Long-Term Fisher") and an everyday word in lower case
    compound = [english is not None and word_compound(w, index, english) for w in (first, last)]
    in_first, in_last = index.is_first(first) and not compound[0], index.is_last(last) and not compound[1]
    caps = first.isupper() and last.isupper() and len(first) > 2 and len(last) > 2
    first_ok = not index.is_common(first) or in_first  # "Victoria" is an everyday word and a name
    if cased and not (in_first and in_last):
        unlisted = _unlistedpair_score(index, first, last, before, after, english)
        if unlisted:
            return max(unlisted, pair_score(index, first, last, before))
    if not (in_first and in_last) and first_ok and not index.is_common(last):
        # Unlisted words: right after an addressing cue ("cc", "ping", "assigned to", "Dear"); in
        # lower case only after the narrowest of those cues.
        capital = (cased and _TITLE_WORD.fullmatch(first) and _TITLE_WORD.fullmatch(last)) or caps
        if capital and _STRONG_CUES.search(before) or \
                first.islower() and last.islower() and first not in _DETERMINERS and _ADDRESSING_CUES.search(before):
            return 0.6
    if not (in_first or in_last):
        return 0.0
    if cased and not in_first and english is not None and first.endswith("s") and english.is_finite_verb(first):
        return 0.0  # "Climbs South", "Warns Cagliari": a headline's verb before a listed word, no given name
    if cased:
        if not _TITLE_WORD.fullmatch(first) or not _TITLE_WORD.fullmatch(last):
            return 0.0
        score = 0.65 if in_first and in_last else 0.5
        stripped = before.rstrip(" \t")
        if index.is_common(first) and (not stripped or stripped[-1] in ".!?:;\n\"'([{-*•|>,") \
                and not _family_name_after_a_word(index, first, last):
            score -= 0.2  # "My Slack", "Will Power" opening a sentence: capitalized for the sentence
        return score + 0.15 if _PERSON_CUES.search(before) else score
    if not (in_first and in_last) or len(first) < 2 or len(last) < 2 or first.lower() in _DETERMINERS:
        return 0.0  # "this is my channel": a possessive and a noun, though "My" and "Channel" are listed
    if english is not None and english.is_finite_verb(last, past=True) and english.is_word(last):
        return 0.0  # "when nomvula said yes": a name and its verb, though "Said" is a listed family name too
    common = sum(index.is_common(w) or c for w, c in zip((first, last), compound))
    cued = _PERSON_CUES.search(before) is not None
    if common == 0:
        return 0.8 if cued else 0.65
    return 0.6 if common == 1 and cued else 0.0


_POSSESSIVE = regex.compile(r"['’]s$", regex.IGNORECASE)
# an article before the pair makes it a thing's name ("the Magna Carta", "a Tesla Roadster"), not a person's
_ARTICLE_BEFORE = regex.compile(r"(?<![\p{L}])(?i:the|a|an)[ \t]+$")


def _given_then_unknown(index: NameIndex, first: str, last: str, english: EnglishWords | None) -> bool:
    """A listed given name that is no everyday word, then a word of four letters or more that no list, dictionary or
    gazetteer holds ("Sasha DiGiulian", "Victor Ibarbo"): a name though NER reads none, in a headline written in Title
    case as in a sentence (over news, Wikipedia, tweets and clinical reports some 95 in 100 such pairs were people
    and most of the rest a street or a hospital named after one). Not a possessive ("Israel's Yedioth"); the caller
    leaves a pair after an article ("the Magna Carta")."""
    if english is None or len(first) < 3 or not (first[:1].isupper() and first[1:].islower()
                                                 and _TITLE_WORD.fullmatch(last)):
        return False
    return index.is_given(first) and not english.is_word(first.lower()) and first.lower() not in ENGLISH_MONTHS \
        and not index.is_listed(last) and len(last) >= 4 and VOWEL.search(last) is not None \
        and last.lower() not in english and not english.is_word(last.lower()) \
        and not word_compound(first, index, english) and not word_compound(last, index, english) \
        and last.casefold() not in place_names() and not _POSSESSIVE.search(first) and not _POSSESSIVE.search(last)


def _particles_lift(text: str, a: regex.Match[str], b: regex.Match[str], index: NameIndex) -> bool:
    """A pair joined by a family name's particles that reads as a person in an English text: a listed given name, no
    everyday word or place ("Argentina y Perú"), then particles but "y" (a conjunction: "Oscar y Puñal"), then a word
    no place ("Santiago de Cuba")."""
    first, last, places = a.group(0), b.group(0), place_names()
    return index.is_given(first) and first.casefold() not in places \
        and "y" not in text[a.end():b.start()].split() and last.casefold() not in places


def find_listed_names(text: str, lang: str, english: EnglishWords | None = None) -> list[Found]:
    """Adjacent word pairs (a middle initial allowed in Title case) scored by :func:`_pair_score`."""
    index = name_index()
    out: list[Found] = []
    words = list(_WORDS.finditer(text))
    listed = [index.is_first(w.group(0)) or index.is_last(w.group(0)) for w in words]
    in_its_language = functools.cache(lambda: written_in(text, lang))  # (read once, when a pair first asks)
    for k, a in enumerate(words[:-1]):
        j = k + 1
        while j < len(words) - 1 and j - k <= 2 and words[j].group(0) in _PARTICLES and a.group(0)[:1].isupper():
            j += 1  # "Héctor de la Cruz", "Ludwig van Beethoven": the particles sit between the two names
        b = words[j]
        if j == k + 1 and j + 1 < len(words) and len(b.group(0)) == 1 and b.group(0).isupper() \
                and a.group(0)[:1].isupper() and _INITIAL_GAP.fullmatch(text, a.end(), words[j + 1].start()):
            j += 1  # a middle initial, with or without its point: "Amber D Watson", "Nicklas A. Olsen"
            b = words[j]
            initial = True
        else:
            initial = False
        after_cue = k > 0 and words[k - 1].group(0).lower() in _CUE_WORDS
        if not (listed[k] or listed[j] or a.group(0)[0].isupper() and b.group(0)[0].isupper() or after_cue):
            continue  # unlisted, not capitalized, no addressing cue: no pair rule can fire
        if b.group(0).lower() in ENGLISH_MONTHS and _DAY_AFTER.match(text, b.end()) is not None:
            continue
        if _CONTRACTED_END.search(b.group(0)):
            continue  # "JESUS I DON'T KNOW": a verb's contraction, not "Don"
        if b.group(0).lower() in _INSTITUTION_NOUNS and _OF_A_PROPER_NOUN.match(text, b.end()) is not None:
            continue
        if case_style(a.group(0)) != case_style(b.group(0)):
            continue  # "ping MORGAN": one name is written in one case
        if lang != "en" and (a.group(0).islower() and in_its_language()
                             or b.group(0).lower() in _DETERMINERS and _LOWER_WORD_AFTER.match(text, b.end())):
            continue  # in lower case only in English (where chat writes names so): "son client", "jolie prime" in a
            # French text are words; a text read as French with none of its stop words may be English ("julian
            # fernandes lives at 058 gesäusestrasse"). An article before a word in lower case opens the next clause
            # ("Rennes Le naufrage", "la France Le froid"), though "Le" is a listed family name
        gap = text[a.end():b.start()]
        if gap.strip(" \t") and not _MIDDLE.fullmatch(gap):
            continue
        if a.start() > 0 and text[a.start() - 1] in "@./\\-_'’" or text[b.end():b.end() + 1] in ("@", "_") \
                and b.end() < len(text):
            continue
        score = pair_score(index, a.group(0), b.group(0), text[max(0, a.start() - 30):a.start()],
                            text[b.end():b.end() + 12], english)
        if j == k + 1 and 0.45 <= score < 0.6 and _given_then_unknown(index, a.group(0), b.group(0), english) \
                and not _ARTICLE_BEFORE.search(text, max(0, a.start() - 8), a.start()):
            score = 0.6
        if j > k + 1 and not initial and score > 0 and lang == "en" and _particles_lift(text, a, b, index):
            score += 0.15  # a listed given name, a family name's particles, a capitalised word: "Giovanni di Caprarola"
        if initial:
            # with an initial between them: a listed given name first ("Amber D Watson": no sentence capitalises
            # "Amber" and "Watson" so), or two words no list or dictionary holds ("Drenka A Ambroželi"); any other
            # pair round a capital is no name ("the Tranche B Cash Payment")
            if score > 0 and index.is_first(a.group(0)):
                score += 0.15
            elif english is not None and _TITLE_WORD.fullmatch(a.group(0)) and _TITLE_WORD.fullmatch(b.group(0)) \
                    and all(name_word(index, w, english) and not english.is_word(w.lower()) for w in (a.group(0), b.group(0))):
                score = 0.6
            else:
                score = 0.0
        if score >= 0.5 and is_place_name(text[a.start():b.end()]):
            continue  # "Rio de Janeiro", "Santa Cruz": the two names together are a place's
        if score >= 0.5:
            out.append(Found("PERSON", a.start(), b.end(), score))
    for m in _GREETING.finditer(text):
        if not all(w.lower() in TERMS_OF_ADDRESS for w in m.group("v").split()):
            out.append(Found("PERSON", m.start("v"), m.end("v"), 0.7))
    return out
