"""The type annotator (Prmpt section 4.4): the entity registry's finders plus Presidio on spaCy.

* Each enabled type's record (``mechanisms/prmpt/entities``) says how it is found: Prmpt's own
  finders (regexes with validators and cue words, libphonenumber, name lists) run directly on the
  text; Presidio's predefined recognizers named by a record (email, IBAN, IP, URL) and spaCy's NER
  (labels named by a record) run in Presidio's AnalyzerEngine; custom regex types from the config
  are Presidio pattern recognizers (with their context words).
* Languages: each text's language is detected among ``config.languages`` (see ``language``); the
  spaCy pipeline of a language other than the default one is loaded the first time a text in it
  appears (pip packages, never ``spacy download``; only the NER component is kept).
* Presidio's email recognizer validates domains with tldextract, whose default extractor may fetch
  the public suffix list; it is replaced by one that reads tldextract's bundled snapshot only.
* Overlaps are resolved greedily: lower tier first (validated structured types), then longer
  spans, then score. Then values found anywhere in the batch are found again everywhere
  (:mod:`propagation`), so one request's texts are sanitized consistently.
"""

from __future__ import annotations

import bisect
import functools
import logging
import os
import re
import threading
from collections.abc import Callable, Container, Iterable, Sequence
from typing import Any

import regex

from mechanisms.prmpt.config import PrmptConfig
from mechanisms.prmpt.entities.base import Found
from mechanisms.prmpt.entities.name_words import VOWEL, name_index, stop_words
from mechanisms.prmpt.entities.one_case_names import KIN, REPORTING_WORDS
from mechanisms.prmpt.entities.people import NAME_KEY_BEFORE
from mechanisms.prmpt.entities.titled_names import (
    ADDRESSED_OFFICES,
    CHAT_WORDS,
    COMPANY_END,
    COMPANY_FORMS,
    DETERMINERS,
    LETTER_LABELS,
    LETTER_WORDS,
    OFFICES,
    PARTY_ROLE_WORDS,
    SALUTATION_NAMES,
    address_block_names,
    conjunct_names,
    is_acronym,
    is_replaced_title,
    opens_line,
    town_block_names,
)
from mechanisms.prmpt.ner import MissingPipeline, is_installed
from mechanisms.prmpt.ner import load_spacy as _load_spacy
from mechanisms.prmpt.normalize import View, view, without_marks
from mechanisms.prmpt.restore import joins_words
from mechanisms.prmpt.spans import Occupied, Span, persons_within

log = logging.getLogger("veil.prmpt")
_CURRENCY = re.compile(r"[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|dollars?|euros?|pounds|"
                       r"bucks|cents?|yen|rupees?|d[oó]lares|pesos)\b", re.IGNORECASE)
_MONEY_CUE = re.compile(r"salary|income|earn|paid|pay|owe|balance|cost|price|budget|rent|debt|loan|"
                        r"mortgage|revenue|worth|saving|deposit|spent|bonus|wage|fee|refund|amount|tax|"
                        r"salaire|loyer|prix|salario|sueldo|precio|alquiler", re.IGNORECASE)
_MONEY_WORDS = re.compile(r"[$€£¥₹₩₽]|\b(?:US|CA|A|USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|SEK|NOK|DKK|MXN|dollars?|"
                          r"euros?|pounds?|sterling|bucks|cents?|yen|rupees?|francs?|d[oó]lares|pesos|livres|"
                          r"thousand|million|billion|trillion)\b|(?<=\d)\s?(?:mm|bn|[kKmMbB])\b", re.IGNORECASE)
# a run of words, each of which may end in one dot: initials stay inside a name ("Frederick H. Collier")
_PERSONAL_QUANTITY = re.compile(
    r"\b(?:weigh\w*|height|tall|bmi|waist|chest|hips|shoe|lost|gained|i|i'm|im|my|me|he|she|his|her|"
    r"pes[oaé]\w*|talla|estatura|altura|mide|medía|cintura|mi|yo|poids|p[èe]se\w*|taille|mesure|je|mon|ma|"
    r"tour\s+de\s+taille|imc)\b", re.IGNORECASE)
_VERSUS = re.compile(r"[ \t]+(?:v|vs|c)\.?[ \t]+")
_NAME_RUN = re.compile(r"[^\W\d_][^\W\d_'’.\-]*\.?(?:[ \t]+[^\W\d_][^\W\d_'’.\-]*\.?)*")
_NOT_NAMES = frozenset({
    "name", "names", "attn", "attention", "email", "e-mail", "phone", "address", "date", "total", "subject", "dear", "hi",
    "hello", "thanks", "regards", "best", "sincerely", "user", "customer", "id", "ssn", "card",
    "note", "notes", "status", "amount", "client", "patient", "account", "iban", "ip", "age",
    "nom", "nombre", "bonjour", "hola", "merci", "gracias", "madame", "monsieur", "señor", "señora",
    # a contact's labels in the languages of Europe ("Telefon 030 9876543" was read as a name and a number)
    "tel", "fax", "telefax", "telefon", "telefono", "teléfono", "telefoon", "telefone", "téléphone", "celular",
    "cellulare", "telemóvel", "móvil", "rufnummer", "telefonnummer", "adresse", "indirizzo", "dirección", "endereço",
    "adres",
    # an identifier's name ("My Aadhaar is ...")
    "aadhaar", "aadhar", "uidai", "bic",
})
_LEADING_NOT_NAMES = frozenset({
    "bonjour", "hola", "appelez", "appelle", "appeler", "contactez", "contacte", "écrivez", "écris", "merci",
    "gracias", "llama", "llame", "llamar", "escribe", "escriba", "contacta", "cher", "chère",
    "estimado", "estimada", "querido", "querida", "señor", "señora", "don", "doña", "monsieur", "madame",
    "mme", "mlle", "dear", "hi", "hello", "hey", "call", "email", "ask", "tell", "thanks", "regards",
    "livrez", "envoyez", "envoie", "transférez", "transmettez", "demandez", "envía", "envíalo", "reenvía",
    "manda", "mándale", "escríbele", "pregunta", "llámame", "dile",
    # a letter's greeting in Italian, German, Dutch and Portuguese ("Egregio Dott. Franco Ferri", "Liebe Jördis"; the
    # salutations that are names too, "Gentile", "Caro", are read where they stand: _salutation_word)
    "gentilissimo", "gentilissima", "egregio", "egregia", "spettabile", "buongiorno", "salve", "ciao",
    "grazie", "liebe", "lieber", "hallo", "geehrte", "geehrter", "danke", "geachte", "prezado", "prezada", "olá",
    "obrigado", "obrigada",
})
_CLAUSE_GOES_ON = re.compile(r"[ \t]+[a-zà-ÿ\d]")
_FUNCTION_WORDS = frozenset("""my your his her our their its the a an also and or but so this that these those to of
in on at for with by from as if then my mon ma mes le la les un une et ou mais mi mis el los las y o pero
""".split())
_NOT_PERSONAL_IPS = frozenset({"0.0.0.0", "127.0.0.1", "255.255.255.255", "::", "::1"})
CONFIDENT = 0.8
_ACRONYM = re.compile(r"[A-Z]{2,4}:?")
_POSSESSIVES = ("'s", "’s")
_TRAILING = (*_POSSESSIVES, "'", "’", ",", ".", ":", ";")


def resolve_overlaps(spans: Iterable[Span]) -> list[Span]:
    """Keep a non-overlapping subset: lower tier, then longer, then higher score wins."""
    from mechanisms.prmpt.entities import tier as _tier

    # Two types on the very same characters: a confident detection (score >= 0.8: a cue word such as
    # "IMEI" or "account number") outranks a shape guess (a Luhn number, a phone) whatever the tiers;
    # the catch-all tiers (3+: NER-only types, NUMBER) never do.
    def same_extent_rank(s: Span) -> tuple[bool, int, float]:
        return (not (s.score >= CONFIDENT and _tier(s.entity_type) <= 2), _tier(s.entity_type), -s.score)

    best: dict[tuple[int, int], Span] = {}
    for span in spans:
        held = best.get((span.start, span.end))
        if held is None or same_extent_rank(span) < same_extent_rank(held):
            best[(span.start, span.end)] = span
    ranked = sorted(best.values(), key=lambda s: (_tier(s.entity_type), -(s.end - s.start), -s.score, s.start))
    taken = Occupied([])  # the kept spans are disjoint: a bisect per span, not a scan of every kept one
    kept: list[Span] = []
    for span in ranked:
        if not taken.overlaps(span.start, span.end):
            taken.add(span.start, span.end)
            kept.append(span)
    return sorted(kept, key=lambda s: s.start)


_LABEL_GAP = re.compile(r"[ \t]*(?:(?i:number|no\.?|nr\.?)[ \t]*)?[:#]?[ \t]*(?:(?i:is)[ \t]+)?")


def _people_completed(text: str, spans: list[Span], kept: list[Span]) -> list[Span]:
    """The words of a name that lost to an overlapping span, and that no kept span holds, join the name they
    touch (or stand alone as one): two finders that read one person with different edges ("Sami Aboudi",
    "Aboudi AL-RAM") kept the longer reading and sent the other's own words out as written ("Sami")."""
    held = {(s.start, s.end) for s in kept}
    lost = [s for s in spans if s.entity_type == "PERSON" and (s.start, s.end) not in held]
    if not lost:
        return kept
    taken = Occupied([(s.start, s.end) for s in kept])
    values = {s.start for s in kept if s.entity_type != "PERSON"}
    extra: list[Span] = []
    for span in lost:
        name_end = max([span.end] + [k.end for k in kept if k.entity_type == "PERSON" and k.start < span.end
                                     and span.start < k.end])  # (where the name the lost reading touches ends)
        for m in _NAME_WORD.finditer(text, span.start, span.end):
            word = m.group(0)
            if len(word) < 2 or _cut_title(word) or word.lower() in LETTER_WORDS:
                continue  # an initial or a title that lost stays as written ("M." of "M. Reumaux")
            if _salutation_word(text, word, m.start(), name_end):
                continue  # "Gentile Sig. Marcello Bianchi," at a letter's start: the salutation another finder read
                # into the name stays a salutation
            label = _LABEL_GAP.match(text, m.end())
            if word.isupper() and label is not None and label.end() in values:
                continue  # an identifier's name in capitals that NER read into a name with its value ("PAN
                # ABCPD1234E", "BIC: DEUTDEFF"): the value won, and its name is no name
            if not taken.overlaps(m.start(), m.end()):
                taken.add(m.start(), m.end())
                extra.append(Span("PERSON", m.start(), m.end(), span.score, span.lang, span.finder))
    if not extra:
        return kept
    added = {(s.start, s.end) for s in extra}
    merged: list[Span] = []
    for span in sorted(kept + extra, key=lambda s: s.start):
        last = merged[-1] if merged else None
        if last is not None and last.entity_type == span.entity_type == "PERSON" \
                and text[last.end:span.start].strip(" \t") == "" \
                and ((last.start, last.end) in added or (span.start, span.end) in added):
            merged[-1] = Span("PERSON", last.start, span.end, max(last.score, span.score), last.lang,
                              last.finder or span.finder)
        else:
            merged.append(span)
    return merged


# a Roman number after a name is part of it ("Louis XIV", "Alfonso XIII", "L. Brent Bozell III"; not "I", "V" or "X")
_REGNAL = re.compile(r"[ \t]+(?P<n>X{0,3}(?:IX|IV|V?I{0,3}))(?![\w'’-])")


def _regnal_numbers(text: str, spans: list[Span]) -> list[Span]:
    out = []
    for k, span in enumerate(spans):
        m = _REGNAL.match(text, span.end) if span.entity_type == "PERSON" else None
        if m is not None and len(m.group("n")) > 1 and (k + 1 == len(spans) or spans[k + 1].start >= m.end()):
            span = Span("PERSON", span.start, m.end(), span.score, span.lang, span.finder)
        out.append(span)
    return out


_NAME_WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]")


_AWARD = re.compile(r"[ \t]+of[ \t]+the[ \t]+(?:Year|Month|Season|Week|Decade|Day|Match|Tournament|Series|Game)\b")
_CLITIC_AFTER = re.compile(r"['’](?:d|ed|ing)\b")


# the words before a noun in the languages of LanguageDetector.foreign: an article, a contracted preposition, a
# possessive or a demonstrative right before it ("im Rathaus", "die Zahlung", "de
# factuur"; never past a word between, which is a role as often: "die Mieterin Anna Roth"; never a word that stands
# before names as often: Dutch "de", "dat" and "die", Polish and Czech "to", the articles of Italian and of Portuguese, which
# take names, "la Rossi", "a Maria": Portuguese's list holds its indefinite articles, demonstratives and possessives);
# and the words that open a sentence and are never a name ("Gestern", "Laut", "Gisteren", "Volgens")
_FOREIGN_DETERMINERS = {
    "de": """der die das den dem des ein eine einen einem einer eines im am zum zur vom beim ins ans aufs mein meine
        meinen meinem meiner dein deine sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer unser unsere unseren
        unserem euer eure kein keine keinen diese dieser dieses diesen diesem jede jeder jedes jeden alle""",
    "nl": "het een deze dit mijn jouw zijn haar ons onze hun uw elke alle geen",
    "pl": "ten ta te tego tej tym tę mój moja moje twój twoja jego jej nasz nasza ich",
    "pt": "um uma uns umas este esta estes estas esse essa esses essas meu minha meus minhas seu sua seus suas nosso",
    "it": "il lo gli un uno una del della dei degli delle al alla nel nella sul sulla mio mia suo sua nostro",
    "sv": "den det en ett min mitt sin sitt vår vårt deras denna detta",
    "da": "den det en et min mit sin sit vores deres denne dette",
    "nb": "den det en et min mitt sin sitt vår vårt deres denne dette",
    "ro": "un o unui unei al ale acest această",
    "cs": "ten ta můj moje jeho její náš naše",
}
_FOREIGN_DETERMINERS_SETS = {lang: frozenset(words.split()) for lang, words in _FOREIGN_DETERMINERS.items()}
_FOREIGN_OPENERS = frozenset("""gestern heute morgen laut gemäß bitte danke leider außerdem jedoch deshalb trotzdem
    vielleicht anbei hiermit zudem allerdings inzwischen damals dennoch gisteren vandaag volgens helaas bovendien daarom
    graag hierbij inmiddels wczoraj dzisiaj jutro według niestety ponadto ieri oggi domani purtroppo inoltre tuttavia
    ontem hoje amanhã infelizmente além igår idag imorgon enligt tyvärr dessutom
    sie ihnen ihr ihre ihrer ihrem ihren du dich dir euch""".split())  # (and German's pronouns of address)
_WORD_BEFORE_NOUN = re.compile(r"(?<![\w'’])([^\W\d_]+)[ \t]+$")


def _foreign_nouns_dropped(text: str, spans: list[Span], ner: set[int], guessed: set[int],
                           lang: str) -> tuple[list[Span], set[int]]:
    """A text in a language with no pipeline here (``LanguageDetector.foreign``): NER of another language, the
    learned model and the weak guesses (under 0.75) read its nouns and sentence openers as names. Such a reading is
    dropped where a word of that language's determiners stands before it ("im Rathaus", "die neue Satzung") or where
    it is one word that opens sentences ("Gestern", "Volgens"); its words in lower case are cut from its ends ("Laut
    Zwiebelhofer wurde"). Where the language's dictionary ships here (:func:`_foreign_words`), a word of it goes too
    where it is a stop word in capitals ("Wir", "Könnten Sie"), where every word of the reading is one ("Betreuung
    Ihres Projekts", "Sparkasse Köln"), where it is the reading's one word and opens a sentence ("Zuständig ist"), or
    after an inflected adjective or a number ("starken Bauchschmerzen", "nächster Woche"); a lone word of it after
    no such word may be a family name and stays ("Laut Rohleder wurde", "dass Scheibe gegen"). A reading a cue announces (a title, a salutation, a key, a signature) is kept as it is.
    Returns the spans kept and the positions of NER's among them."""
    from mechanisms.prmpt.entities.name_words import name_index

    determiners = _FOREIGN_DETERMINERS_SETS[lang]
    words_of = _foreign_words(lang)
    stop = stop_words(lang) if words_of is not None else frozenset()
    calendar = _FOREIGN_CALENDAR.get(lang, frozenset())

    @functools.cache  # (asked for a word's reading as a whole, then at its edges)
    def word_of(word: str) -> bool:  # (or a place: "Sparkasse Köln")
        return words_of is not None and (words_of(word) or word.casefold() in _known_places()
                                         and not name_index().is_first(word))

    def noun(m: re.Match[str], whole: bool, alone: bool) -> bool:
        word = m.group(0)
        return word.lower() in calendar or word_of(word) and (
            whole or word.lower() in stop or _after_adjective(text, m.start(), lang)
            or alone and _sentence_start(text, m.start()))  # ("Könnten wir", "Zuständig ist")

    kept: list[Span] = []
    kept_ner: set[int] = set()
    for k, span in enumerate(spans):
        if span.entity_type == "PERSON" and (k in guessed or span.score < 0.75):
            words = list(_NAME_WORD_RE.finditer(text, span.start, span.end))
            # (an opener is not counted, a name may follow it: "Laut Rohleder"; a pronoun is: "Könnten Sie")
            core = [w.group(0) for w in words if w.group(0).lower() not in determiners
                    and (w.group(0).lower() not in _FOREIGN_OPENERS or w.group(0).lower() in stop)]
            whole = len(core) > 1 and all(word_of(w) for w in core) \
                and not any(w.lower() in _FOREIGN_TITLES for w in core)  # ("Mevrouw de Wit": a title, then a name)
            while words and (words[-1].group(0)[:1].islower()  # (a particle too: no name ends in one, "Visser van")
                             or noun(words[-1], whole, len(words) == 1)):
                words.pop()
            while words and (words[0].group(0)[:1].islower() and words[0].group(0) not in _PARTICLES
                             or words[0].group(0).lower() in _FOREIGN_OPENERS
                             or words[0].group(0)[:1].isupper() and words[0].group(0).lower() in determiners
                             or _after_determiner(text, words[0].start(), determiners)
                             or noun(words[0], whole, len(words) == 1)):
                words.pop(0)  # "die Rechnung an Horst-Dieter Gröttner": the noun, then the preposition, go
            if all(w.group(0) in _PARTICLES for w in words):
                continue  # (nothing left, or a particle alone: "das" of "für das")
            if (words[0].start(), words[-1].end()) != (span.start, span.end):
                span = Span("PERSON", words[0].start(), words[-1].end(), span.score, span.lang, span.finder)
        if k in ner:
            kept_ner.add(len(kept))
        kept.append(span)
    return kept, kept_ner


def _foreign_names(text: str, lang: str) -> list[Span]:
    """Where the language's dictionary ships here (:func:`_foreign_words`), the capitalised words inside a sentence
    that are no word of it, no listed given name's partner excepted, and that no determiner or inflected adjective
    stands before ("an Horst-Dieter Gröttner", "bei Preiß eine"): family names, as every noun of the language is
    a word of it. Never a sentence's first word (a label's value is none: "Resumo: Monteiro exige"), a word in
    capitals, a month, a day or a place."""
    words_of = _foreign_words(lang)
    if words_of is None:
        return []
    from mechanisms.prmpt.entities.name_words import dictionary_words, name_index
    from mechanisms.prmpt.entities.titled_names import is_title

    index = name_index()
    determiners = _FOREIGN_DETERMINERS_SETS[lang]
    stop = stop_words(lang)
    calendar = _FOREIGN_CALENDAR.get(lang, frozenset())
    # a word the dictionary holds as it is written (no compound: family names are made so, "Pfahl|busch", "Roh|leder")
    simple = functools.partial(_a_word_of, lexicon=dictionary_words(lang), lang=lang, parts=1)
    out: list[Span] = []
    for m in _NAME_WORD_RE.finditer(text):
        word = m.group(0)
        if len(word) < 3 or not word[:1].isupper() or word.isupper() or not word[1:].islower() and "-" not in word \
                or word.lower() in stop or word.lower() in calendar or word.lower() in _FOREIGN_TITLES \
                or word.lower() in _NOT_NAMES or word.casefold() in _known_places() or is_title(word) \
                or _opens_a_sentence(text, m.start()) \
                or _after_determiner(text, m.start(), determiners) or _after_adjective(text, m.start(), lang) \
                or any(simple(part) or index.is_common(part) for part in word.split("-")):
            continue
        out.append(Span("PERSON", m.start(), m.end(), 0.6, lang))
    return out


_SENTENCE_BEFORE = re.compile(r"(?:^|[.!?\n][\"'”’)\]]?)[ \t]*$")


def _opens_a_sentence(text: str, start: int) -> bool:
    """``start`` opens the text, a line or a sentence (not a label's value: "Resumo: Monteiro exige")."""
    return _SENTENCE_BEFORE.search(text, max(0, start - 8), start) is not None


# the endings of an adjective's declension in the languages whose nouns take a capital, so that an adjective tells one
_INFLECTED = {"de": ("e", "en", "er", "es", "em")}
_NUMBER_BEFORE = re.compile(r"\d[ \t]+$")


# the forms of address of the languages whose dictionary ships here, which stand before a name ("Herrn Dr. Becker")
_FOREIGN_TITLES = frozenset("herr herrn frau fräulein heer meneer mevrouw senhor senhora dona".split())
# the months and days of the languages whose dictionary ships here: "ab Januar", "bis Freitag" (a family name too)
_FOREIGN_CALENDAR = {"de": frozenset("""januar jänner februar märz april mai juni juli august september oktober november
    dezember montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag""".split())}


def _after_adjective(text: str, start: int, lang: str) -> bool:
    """A number or an inflected adjective of the language stands right before ``start``: a word of it in lower case
    with an inflection's ending after a word or a number ("mit starken", "die neue", "das dritte", "ab nächster"; never
    at a clause's start, where a verb takes a name: "sagte Scheibe")."""
    if lang not in _INFLECTED:
        return False  # (the languages whose nouns take a capital: German)
    if _NUMBER_BEFORE.search(text, max(0, start - 8), start):
        return True
    before = _WORD_BEFORE_NOUN.search(text, max(0, start - 40), start)
    if before is None:
        return False
    from mechanisms.prmpt.entities.name_words import dictionary_words

    word = before.group(1)
    lexicon = dictionary_words(lang)  # (the dictionary itself: an adjective may be a family name too, "starke")
    if not (word.islower() and word.endswith(_INFLECTED[lang]) and lexicon is not None and word in lexicon):
        return False
    return _WORD_OR_NUMBER_BEFORE.search(text, max(0, before.start(1) - 40), before.start(1)) is not None


_WORD_OR_NUMBER_BEFORE = re.compile(r"(?<![\w'’])(?:[^\W\d_]+|\d+)[ \t]+$")


def _foreign_words(lang: str | None) -> Callable[[str], bool] | None:
    """The test of a word of ``lang`` (:func:`_a_word_of`) where its dictionary ships here, else None."""
    from mechanisms.prmpt.entities.name_words import dictionary_words

    lexicon = dictionary_words(lang) if lang is not None else None
    return None if lexicon is None else functools.partial(_a_word_of, lexicon=lexicon, lang=lang)


def _a_word_of(word: str, lexicon: Container[str], lang: str = "", parts: int = 3) -> bool:
    """``word`` is a word of a language with no pipeline here by its shipped dictionary (``lexicon``; see
    :func:`in_dictionary`: "Woche", "Mieterin", "Bauchschmerzen") and never a listed name ("Weber", "Sabine") or a
    place."""
    from mechanisms.prmpt.entities.name_words import in_dictionary, name_index

    index = name_index()
    bare = without_marks(word)
    spelled = word.translate(_UMLAUTS)  # the lists write "Müller" as "Muller" or "Mueller"
    return len(word) > 1 and not any(index.is_listed(w) for w in {word, bare, spelled}) \
        and word.casefold() not in _known_places() and in_dictionary(word, lexicon, lang, parts)


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})


def _after_determiner(text: str, start: int, determiners: Container[str]) -> bool:
    """The word at ``start`` stands right after one of ``determiners`` ("im Rathaus", "de factuur")."""
    before = _WORD_BEFORE_NOUN.search(text, max(0, start - 40), start)
    if before is None or before.group(1).lower() not in determiners:
        return False
    particle = _WORD_BEFORE_NOUN.search(text, max(0, before.start() - 40), before.start())
    return particle is None or particle.group(1) not in _PARTICLES  # ("von der Leyen": a name's particles)


_NAME_WORD_RE = re.compile(r"[^\W\d_][^\W\d_'’-]*")


_PLACE_COMMA = re.compile(r",[ \t]*$")
_TO_A_PLACE = re.compile(r"(?<![\w'’])(?:in|at|to|from|near|of|via|visit|visited|visiting|à|en|de|desde|hacia)[ \t]+$",
                         re.IGNORECASE)


def _yields_to_a_place(text: str, found: Found, places: list[tuple[int, int]], learned: bool) -> bool:
    """A person a finder read inside a place NER reads (``places``: the known ones, and those named for a saint) yields
    to it: a weak cue (:data:`_GUESSED`), and of the learned model's readings a place after a place, a country or a
    capital, and a place named for a saint, whole (:data:`_SAINT_PLACE`)."""
    if found.entity_type != "PERSON" or not any(a <= found.start and found.end <= b for a, b in places):
        return False
    return found.score <= _GUESSED or learned and (_place_after_place(text, found.start, found.end, places)
                                                   or _a_country_or_capital(text, found.start, found.end)
                                                   or _SAINT_PLACE.fullmatch(text, found.start, found.end) is not None)


# a place named for a saint, as NER reads it whole ("Saint-Clair", "Sainte-Adresse", "San Isidro", "St. Albans"): the
# learned model reads the saint's name after the word as a person's
_SAINT_PLACE = regex.compile(r"(?:Saint|Sainte|St|Ste|San|Santa|Santo|São|Sankt)(?:-|\.?[ \t]|\.-)"
                             r"\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)*")


def _a_country_or_capital(text: str, start: int, end: int) -> bool:
    """``text[start:end]``, inside a place NER reads, is a country or a capital, which the learned model takes for a
    person in brackets after a name ("William Tanui (Kenya)", "Guy Forget (France)"); not in a list of given names
    ("Lisa and Kenya"). Any known place was measured too, and lost given names that are towns' ("Serena", "Martina",
    "Madeleine"); a country before a possessive ("France's opening match") too, and "Kenya's passport" went out."""
    from mechanisms.prmpt.entities.name_words import capital_names, name_index

    if text[start:end].casefold() not in capital_names():
        return False
    # one of a list of given names is one too ("Nannies: Lisa and Kenya.")
    before, after = _JOINED_BEFORE.search(text, max(0, start - 30), start), _JOINED_AFTER.match(text, end)
    index = name_index()
    return not any(m is not None and index.is_first(m.group("w")) and m.group("w").casefold() not in capital_names()
                   for m in (before, after))


_JOINED_BEFORE = re.compile(r"(?<![\w'’])(?P<w>[A-Z][a-z]+)(?:,[ \t]*|[ \t]+(?:and|&|or)[ \t]+)$")
_JOINED_AFTER = re.compile(r"(?:,[ \t]*|[ \t]+(?:and|&|or)[ \t]+)(?P<w>[A-Z][a-z]+)(?![\w'’])")


def _place_after_place(text: str, start: int, end: int, places: list[tuple[int, int]]) -> bool:
    """``text[start:end]``, inside a place NER reads, is a known place right after another such place and a comma, the
    two after a word of place ("moved to Paris, France", "born in Lyon, Rhône"): the country or the region of a town,
    which the learned model takes for a "Surname, Given" pair. In a record ("Update CRM: Burgos, Amador;") it is one."""
    before = _PLACE_COMMA.search(text, max(0, start - 4), start)
    if before is None or text[start:end].casefold() not in _known_places():
        return False
    town = next(((a, b) for a, b in places if b == before.start()), None)
    return town is not None and _TO_A_PLACE.search(text, max(0, town[0] - 12), town[0]) is not None


def _interjection(value: str, english: Any) -> bool:
    from mechanisms.prmpt.entities.recased_names import is_interjection

    return is_interjection(value, english)


_URL_START = re.compile(r"(?i)(?:[a-z][a-z0-9+.-]*://|www\.)")


def _in_url(text: str, start: int) -> bool:
    """``start`` lies inside a link: the run of characters without a space it is part of opens with a scheme or
    "www." (read back at most 300 characters)."""
    lo = start
    while lo > 0 and start - lo < 300 and not text[lo - 1].isspace():
        lo -= 1
    return _URL_START.match(text, lo) is not None


def _hashtag_of_a_place(value: str) -> bool:
    from mechanisms.prmpt.entities.name_words import is_place_name

    words = _CAMEL_WORDS.findall(value)
    return len(words) >= 2 and "".join(words) == value and is_place_name(" ".join(words))


_CAMEL_WORDS = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]+")
_VERSION_AFTER = re.compile(r"/v?\d+(?:\.\d+)")
_CASED_PARTS = re.compile(r"[A-ZÀ-Þ]?[a-zß-ÿ]+|[A-ZÀ-Þ]+(?![a-zß-ÿ])")


def _names_a_listed_word(value: str) -> bool:
    """A listed given or family name of three letters or more among the words a value runs together
    ("JohnSmith", "jane-doe"; not "KeqJhnHbdY")."""
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    return any(len(w) >= 3 and index.is_listed(w) for w in _CASED_PARTS.findall(value))


_PARTICLE_OF = r"(?:of|de|del|de[ \t]+la|des|du|de[ \t]+l['’]|d['’]|di|da|dello|della|von|vom|van|do|dos)"
# an office, in the languages the offices' list does not spell, then a word saying whose: the place after it is the
# office's, not a person ("the mayor of Reading", "Bürgermeister von Kiel", "sindaco di Bari", "prefeito do Porto")
_OFFICE_OF_PLACE = regex.compile(
    rf"(?<![\p{{L}}])(?i:{OFFICES}|(?:ober)?bürgermeister(?:in)?|landrat|landrätin|sindac[oa]|prefett[oa]|"
    rf"governat(?:ore|rice)|prefeit[oa]|governador[a]?)[ \t]+{_PARTICLE_OF}[ \t]*$")
_PARTICLE_OPENING = regex.compile(rf"{_PARTICLE_OF}[ \t]+")  # (in lower case: "President Dos Santos" is a name)


def _office_of_a_place(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is one known place, with or without the particle before it, right after an office and
    a particle: the office's place, not a person (a family name that is a place stays one after a courtesy title:
    no office precedes it)."""
    opening = _PARTICLE_OPENING.match(text, start, end)
    place = text[opening.end() if opening else start:end]
    if not place or " " in place or place.casefold() not in _known_places():
        return False
    before = text[max(0, start - 40):start] + (opening.group(0) if opening else "")
    return _OFFICE_OF_PLACE.search(before) is not None


def _plausible(text: str, span: Span) -> bool:
    """Cheap sanity checks: names are not glued to letters or digits; money has a currency or cue."""
    value = text[span.start:span.end]
    if span.entity_type == "PERSON":
        # A "name" glued to letters or digits ("T4Mó") is NER noise, and a stand-in there could not be
        # found again at a word boundary when the answer is restored.
        before = text[span.start - 1] if span.start > 0 else " "
        after = text[span.end] if span.end < len(text) else " "
        if _AWARD.match(text, span.end):
            return False  # "named Co-Lineman of the Year", "Player of the Month": an award's title
        if before == "#" and _hashtag_of_a_place(value):
            return False  # "#SanDiego", "#VirginiaBeach": a place's name made a tag
        if _office_of_a_place(text, span.start, span.end):
            return False  # "Der Bürgermeister von Kiel", "il sindaco di Bari": the place an office is of
        if _VERSION_AFTER.match(text, span.end):
            return False  # "Mozilla/5.0", "Chrome/120.0", "Python/3.11": a product and its version, as a user agent
            # writes it
        if value.isupper() and len(value) <= 3 and _CLITIC_AFTER.match(text, span.end):
            return False  # "KO'd", "OK'd": an abbreviation made a verb, not a name ("Nick'll come" is one)
        if before in "/.=?&#-_" and _in_url(text, span.start) and not _names_a_listed_word(value):
            return False  # "http://t.co/KeqJhnHbdY": NER reads a link's code as a person (a name in a link stays
            # one: ".../JohnSmith"; a profile's link is a type of its own, PERSONAL_URL, found whole)
        if before == "_" or after == "_":
            from mechanisms.prmpt.entities.people import in_file_name

            return in_file_name(text, span.start, span.end)  # "Lebenslauf_Anna_Schmidt.pdf", not code's "user_id"
        return not (joins_words(before) or joins_words(after))
    if span.entity_type == "IP_ADDRESS":
        return value not in _NOT_PERSONAL_IPS  # unspecified, loopback, broadcast: nobody's address
    if span.entity_type == "QUANTITY":
        # a body measure or a quantity the writer gives of themselves ("I weigh 72 kg", "peso: 80 kg"),
        # not a tumour's 9 cm or a recipe's 200 g
        return _PERSONAL_QUANTITY.search(text, max(0, span.start - 40), span.start) is not None
    if span.entity_type == "MONEY":
        if span.start > 0 and text[span.start - 1].isalnum() or span.end < len(text) and text[span.end].isalnum():
            return False  # "5£0": an amount glued to a digit or a letter is no amount, and its noised stand-in could
            # not be found again at a boundary when the answer is restored
        if _MONEY_WORDS.sub("", value).strip(" -.,'\u00a0") and re.search(r"[^\W\d_]", _MONEY_WORDS.sub("", value)):
            return False  # NER's money spans sometimes run on over the next words ("806 € IPP MR-7798")
        if _CURRENCY.search(value):
            return True
        return text[max(0, span.start - 1):span.start] != "#" and bool(
            _MONEY_CUE.search(text, max(0, span.start - 25), span.start))
    return True


def _clean_person(text: str, span: Span, english: Container[str] = frozenset(), dictionary: Container[str] = frozenset(),
                  vocabulary: Any = None, lower_case: Container[str] = frozenset(),
                  agreed: Callable[[int, int], bool] | None = None) -> Span | None:
    """NER sometimes swallows code or table syntax, a greeting or a verb around a name: keep the
    longest run of words that looks like a name, drop possessives and lone header words."""
    best: tuple[int, int] | None = None
    stop = span.end
    if (versus := _VERSUS.search(text, span.start, span.end)) is not None and versus.start() > span.start:
        stop = versus.start()  # "Halvorsen v. United Kingdom": a case's parties, the first one a name at most
    for m in _NAME_RUN.finditer(text, span.start, stop):
        if best is None or m.end() - m.start() > best[1] - best[0]:
            best = m.span()
    if best is None:
        return None
    start, end = _drop_edge_words(text, *best, span.lang)
    start = _given_name_back(text, best[0], start, end, english)
    if span.lang != "en" and vocabulary is not None:
        end = _common_tail(text, start, end, vocabulary)
        if _all_words_of(text[start:end], vocabulary):
            return None  # "Medicina Intensiva", "Anatomía Patológica": a department, no name
    if start < end and text[start].isupper():  # "Daniel won the raffle": a verb and its object are not the name
        from mechanisms.prmpt.entities.titled_names import is_dictionary_word

        words = list(re.finditer(r"\S+", text[start:end]))
        while len(words) > 1 and (words[-1].group(0).islower() and (
                words[-1].group(0) in _FUNCTION_WORDS or is_dictionary_word(english, words[-1].group(0))
                or span.lang != "en" and _CLAUSE_GOES_ON.match(text, start + words[-1].end()) is not None)
                or _opens_next_sentence(text, start, words, english)):
            words.pop()  # (in Spanish or French any word in lower case the clause goes on after: "Juan Martínez
            # marcó dos goles"; not an OCR's damaged surname before its comma, "Marie elaune, 24 ans")
        end = start + words[-1].end()
        if (cut := _headline_verb(text, start, words, dictionary)) is not None:
            end = start + words[cut - 1].end()
    # NER often splits hyphenated names ("Jean-" + "Pierre Dubois"): take the whole word back
    while start > 1 and text[start - 1] == "-" and text[start - 2].isalpha():
        start -= 1
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    while end < len(text) - 1 and text[end] == "-" and text[end + 1].isalpha():
        end += 1
        while end < len(text) and text[end].isalpha():
            end += 1
    trimmed = _trim(text, Span(span.entity_type, start, end, span.score, span.lang))
    value = text[trimmed.start:trimmed.end]
    if span.lang == "en" and " " in value and _all_dictionary_words(value, english):
        return None  # "Legal Aid", "Subsistence Costs": an English phrase of dictionary words, no listed name
    if not any(ch.isupper() for ch in value) or value.lower() in _NOT_NAMES or len(value) < 2 \
            or " " not in value and _cut_title(value.rstrip("."), span.lang) \
            and not _family_name_after_courtesy(text, trimmed.start, trimmed.end):
        return None  # a rank alone ("1st Lieutenant John J. Brody": NER's "Lieutenant") is no name ("Miss Abbot" is)
    if " " not in value and value.casefold() in _known_places() \
            and _LOCATIVE.search(text, max(0, trimmed.start - 12), trimmed.start):
        return None  # "born in Kraków": a known place after "in", "near", "à", "dans", "en"
    if " " not in value and span.lang != "en" and not _listed_single_name(value) \
            and _OFFICE_OF.search(text, max(0, trimmed.start - 30), trimmed.start):
        return None  # "la ministra de Hacienda": a department, the portfolio of an office
    if " " not in value and agreed is not None and agreed(trimmed.start, trimmed.end) \
            and not _common_or_native_word(value, span.lang, vocabulary, _sentence_start(text, trimmed.start)
                                           and _OBJECT_NEXT.match(text, trimmed.end) is not None) \
            and not (value.casefold() in _known_places() and _PLACE_AFTER.match(text, trimmed.end)):
        # NER and the learned model both read a name: "Putin", "Hitler" and "Norman" are WordNet nouns and
        # "Norman" a place too, but two readers agreeing outweigh the word lists (measured on the dev files:
        # WikiGold names leaked 8.7 -> 7.9 %, WNUT 41.3 -> 39.1 %, no file's altered words up 0.1 point)
        return trimmed
    if " " not in value and span.lang == "en" and _refers_back(text, trimmed.start, trimmed.end):
        return trimmed
    if " " not in value and _subject_of_verb(text, trimmed.start, trimmed.end, span.lang):
        return trimmed
    if " " not in value and _sentence_start(text, trimmed.start) \
            and _weak_single_name(value, span.lang, dictionary, vocabulary, lower_case) \
            and not _surname_and_place(value, dictionary):
        return None  # "Visa 4111...", "Mark the ticket": a capitalized first word, not a name
    if " " not in value and not _listed_single_name(value.split("-")[0]) and _everyday_word(value, english) \
            and not _family_name_after_courtesy(text, trimmed.start, trimmed.end):
        return None  # "German", "Authorization", "La": an everyday or dictionary word alone is NER noise (after a
        # courtesy title it is a family name: "Miss Abbot", "Mrs. Sheriff")
    return trimmed


_EDGE_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ \t]+$")


def _given_name_back(text: str, first: int, start: int, end: int, english: Container[str]) -> int:
    """Where the edge rule dropped an everyday word from the front of an NER name and left one capitalised word that
    no dictionary holds ("Ante Jukić", "Pie Traynor", "Win Htein"), the start of that everyday word: it is the
    given name, and the family name alone would send it out beside its stand-in. Not a stop word ("Without
    Sunil"), a greeting, a verb of address or a title, and only a word in Title case; in English text (``english``
    is empty for the others)."""
    if start <= first or not english:
        return start
    word = text[start:end]
    if not (word.isalpha() and word[0].isupper() and word[1:].islower()) or word.lower() in english:
        return start
    m = _EDGE_WORD_BEFORE.search(text, first, start)
    if m is None:
        return start
    before = m.group(1)
    low = before.lower()
    if not (before[0].isupper() and before[1:].islower()) or low in _FUNCTION_WORDS or low in _LEADING_NOT_NAMES \
            or low in stop_words("en") or _cut_title(before):
        return start
    return m.start()


def _unlisted_dictionary_word(word: str, english: Container[str]) -> bool:
    """A dictionary word of two letters or more that no name list holds (not an initial, not "Rose")."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    return len(word) > 1 and is_dictionary_word(english, word) and not name_index().is_listed(word)


def _headline_verb(text: str, start: int, words: list[re.Match[str]], english: Container[str]) -> int | None:
    """The first word after a name's first that is a verb in the third person, capitalised as a headline writes
    every word, and no listed name: "Sasha Kowalczyk Climbs South African First Ascent", "Victor Ibarbo Warns
    Cagliari": the name ends before it ("Wells", "Burns", "Gates" are listed family names and stay)."""
    return next((k for k in range(1, len(words))
                 if _headline_verb_word(text, start + words[k].start(), start + words[k].end(), english)), None)


_CAPITAL_NEXT = regex.compile(r"[ \t]+\p{Lu}")


def _headline_verb_word(text: str, start: int, end: int, english: Container[str]) -> bool:
    """``text[start:end]`` is a capitalised verb in the third person that no name list holds, before another
    capitalised word, as a headline writes them ("Climbs South", "Warns Cagliari"; not "Burns", a family name, nor
    "Moons replaced by", "Mailes \"Cowboy\"": a family name a verb's form spells outside a headline)."""
    from mechanisms.prmpt.entities.name_words import EnglishWords, name_index

    word = text[start:end]
    return isinstance(english, EnglishWords) and word.istitle() and word.isalpha() and word.endswith("s") \
        and len(word) > 3 and _CAPITAL_NEXT.match(text, end) is not None and english.is_finite_verb(word) \
        and not name_index().is_listed(word)


def _opens_next_sentence(text: str, start: int, words: list[re.Match[str]], english: Container[str]) -> bool:
    """The span's last word opens the next sentence: a dictionary word after a full stop, set off by a comma ("and
    K. K. Subsequently, on 8 March"), no listed name. Not after a courtesy title and one initial, where the word is
    the family name ("Mr G. Ress, Mr A. Baka,": a bench's list of judges)."""
    last = words[-1].group(0)
    if len(words) == 2 and re.fullmatch(r"[^\W\d_]\.", words[0].group(0)) \
            and _COURTESY_BEFORE.search(text, max(0, start - 8), start) is not None:
        return False
    return bool(english) and words[-2].group(0).endswith(".") and text.startswith(",", start + words[-1].end()) \
        and last.isalpha() and _unlisted_dictionary_word(last, english)


def _all_dictionary_words(value: str, english: Container[str]) -> bool:
    """Two words or more, each a dictionary word no name list holds ("Legal Aid")."""
    words = _TERM_WORD.findall(value)
    return bool(english) and len(words) > 1 and all(_unlisted_dictionary_word(w, english) for w in words)


# A contract's defined term: defined in quotes after a bracket ('("Borrower")', '(each an "Equipment Advance")'), or
# written after a determiner and followed by punctuation or a word of the sentence, never by a noun it qualifies
# ("the Loan Factor, the Payment Dates", "a Lien on", not "the Baker family")
# ("said" as the contracts write it, "of said Borrower", not the verb after a quotation or right after its mark:
# "'..,' said Marshall.", '.., "said Frank Quilter')
_DETERMINED = r"(?<![\w'’])(?:(?i:the|such|any|each|every|no)|(?<![,'’\"”!?][ \t])(?<![\"“”])(?i:said))[ \t]+"
_DEFINED_AFTER = (r"(?=[ \t]*(?:[,.;:)\"”]|$|(?:is|are|was|were|shall|will|may|must|means|has|have|had|of|on|in|to|"
                  r"for|with|by|and|or|under|that|which|from|as|at|if|unless|until|shall)\b))")


_QUOTED_TERM = re.compile(r"\([ \t]*(?:(?:the|each|an?|collectively|together)[ \t]+)*[\"“](?P<t>[^\"”\n]{1,120}?)[\"”]")
# (in a lookahead: every determiner is read, one inside another's run too: "the Borrower such Lien,")
_DETERMINED_RUN = re.compile(rf"(?={_DETERMINED}(?P<t>[^\W\d_]+(?:[ \t]+[^\W\d_]+){{0,7}}))")
_DEFINED_END = re.compile(_DEFINED_AFTER)
_TERM_WORD = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=8)
def _defined_terms(text: str) -> frozenset[str]:
    """The terms ``text`` defines, their words joined by one space: in quotes after a bracket, or after a
    determiner and before punctuation or a word of the sentence (every such run of words). Read once per text:
    a search of the whole text per span made a text of thousands of names quadratic (12 s for 30,000 chars)."""
    terms = {" ".join(m.group("t").split()) for m in _QUOTED_TERM.finditer(text)}
    for m in _DETERMINED_RUN.finditer(text):
        words = list(_TERM_WORD.finditer(text, m.start("t"), m.end("t")))
        for k, w in enumerate(words):
            if _DEFINED_END.match(text, w.end()):
                terms.add(" ".join(x.group() for x in words[:k + 1]))
    return frozenset(terms)


def _defined_term(text: str, span: Span, english: Container[str]) -> bool:
    """Every word of an English person span is a dictionary word, and the text writes the span as a defined
    term: "Loan Factor", "Lien", "Borrower" in a loan agreement; never "Okafor", "the Baker family"."""
    value = text[span.start:span.end]
    words = value.split()
    if not english or not words or not all(w.isalpha() and w[:1].isupper() and w.lower() in english for w in words):
        return False
    if len(words) == 1 and text[max(0, span.start - 5):span.start].lower() == "said ":
        # a listed given name no one writes as an everyday word, right after "said": the verb and the person it
        # reports ("Witnesses said Whitney had left"; "the Loan", "said Lender" stay defined terms)
        from mechanisms.prmpt.entities.name_words import name_index

        index = name_index()
        if index.is_given(value):
            return False
    return " ".join(words) in _defined_terms(text)


# a company's legal form closing a span: "Acme Corp", "Nordwind GmbH", "Ferrer y Asociados S.L." are no persons
# (not "Company" or "Group": "Julián Company" is a Spanish family name)
_ORG_END = re.compile(rf"[ \t](?:{COMPANY_FORMS})\.?$")


# A word right before a noun of software names the software, not a person ("My Kubernetes cluster", "the Grafana
# dashboard", "a Django app"); a person's name comes with a possessive there ("Mike's repo" stays a name)
_SOFTWARE_NOUN_AFTER = re.compile(
    r"[ \t]+(?:cluster|clusters|cache|server|servers|api|apis|sdk|framework|plugin|plugins|container|containers|pod|"
    r"pods|repo|repos|repository|dashboard|dashboards|pipeline|pipelines|runtime|compiler|interpreter|database|"
    r"databases|schema|endpoint|endpoints|cli|dataframe|dataframes|kernel|orm|middleware|app|apps|backend|frontend|"
    r"daemon|broker|bindings|workspace|notebook|notebooks|deployment|instance|instances|manifest|helm[ \t]+chart)\b",
    re.IGNORECASE)


# A name that names a disease, a sign, a test or a score, not a person the text is about: "Crohn's disease",
# "enfermedad de Crohn", "Gleason 4+4", "tinción de Ziehl-Neelsen", "maladie de Parkinson"; hiding it breaks the
# question the text asks ("Hayles's disease")
_EPONYM_BEFORE = re.compile(
    r"(?<![\w])(?i:enfermedad|s[íi]ndrome|signo|test|prueba|escala|tinci[óo]n|tumor|maniobra|malformaci[óo]n|"
    r"clasificaci[óo]n|criterios|reacci[óo]n|t[ée]cnica|operaci[óo]n|fractura|quiste|linfoma|sarcoma|bacilo|"
    r"m[ée]todo|[íi]ndice|maladie|syndrome|signe|score|classification|crit[èe]res|coloration|man[œo]euvre|"
    r"kyste|lymphome|doen[çc]a|s[íi]ndrome)[ \t]+(?:de|del|d['’])[ \t]*$")
# (after a possessive only the nouns a person's own thing is seldom called: "Okafor's test", "Maria's score" are hers)
_EPONYM_AFTER = re.compile(
    r"['’]s?[ \t]+(?i:disease|syndrome|sign|palsy|phenomenon|reflex|lymphoma|sarcoma|tumou?r|law|theorem|equation|"
    r"principle|constant)\b"
    # (nouns that are verbs too only before a number or a stop: "Gleason score 7", "Mantoux test.", never "would
    # Putin sign that treaty")
    r"|[ \t]+(?:(?i:disease|syndrome|classification|criteria|virus|tumou?r|lymphoma|sarcoma|palsy|phenomenon|"
    r"reflex|staining|procedure|maneuver|manoeuvre|fracture|cyst|ulcer|staging|grading|grado|puntuaci[óo]n|"
    r"equation|theorem|algorithm|distribution|catheter|cath)\b"  # ("Foley catheter", "Foley cath")
    r"|(?i:sign|test|score|grade|scale|index|stain)(?=[ \t]*(?:\d|of\b|[,.;:)]))|\d{1,2}[ \t]*\+[ \t]*\d"
    r"|(?i:tipo|type)[ \t]+(?:[IVX]+|\d)\b)")  # ("atrofia vellositaria Marsh tipo II")
_EPONYM_VALUE_ES = re.compile(r"[ \t]+de[ \t]+\d{1,2}\b(?![ \t]*(?:años|meses|a\.))")  # "un Glasgow de 10": a scale's
# value, not an age
_EPONYM_NAME = re.compile(r"[A-ZÀ-Ý][^\W\d_]+(?:[-–][A-ZÀ-Ý][^\W\d_]+)?")


# a device named after a person, as a note writes it ("Foley catheter", "FOLEY CATH"): the name before the noun, and
# the same word elsewhere in the text without a title ("Foley draining clear urine", "via foley")
_DEVICE_NOUN = r"(?i:catheter|cath)"
_DEVICE_EPONYM = regex.compile(rf"(?<![\p{{L}}])(\p{{L}}+)[ \t]+{_DEVICE_NOUN}(?![\p{{L}}])")
_DEVICE_END = regex.compile(rf"[ \t]{_DEVICE_NOUN}$")


def _device_eponyms(text: str) -> frozenset[str]:
    return frozenset(m.group(1).casefold() for m in _DEVICE_EPONYM.finditer(text)) if "ath" in text.casefold() \
        else frozenset()


# the devices named after a person that a clinical note writes alone, and what such a device does or is after it
# ("Foley draining clear urine", "Foley to gravity", "Hickman patent", "Dobhoff in place", "Foley was flushed"): a note
# writing two clinical words or more, no title before it ("Dr. Foley was flushed" stays a person)
_DEVICES_ALONE = frozenset("foley hickman dobhoff groshong quinton penrose yankauer".split())
_DEVICE_STATE_AFTER = regex.compile(
    r"[ \t]*[-:]?[ \t]*(?i:draining|patent|intact|in[ \t]+place(?![ \t]+of)|remains[ \t]+in|"
    r"to[ \t]+(?:gravity|drainage|bsd|cd|straight[ \t]+drain|suction)|"
    r"(?:with|w/)[ \t]*(?:clear|cloudy|amber|yellow|adequate|good|minimal|small|large|dark|bloody|sediment|"
    r"concentrated|pink)|was[ \t]+(?:flushed|changed|replaced|reinserted|placed|discontinued|d/?c['’]?d)|flushed|"
    r"d/?c['’]?d|discontinued|reinserted|irrigated)(?![\p{L}])")


def _device(text: str, span: Span, devices: Callable[[], frozenset[str]],
            clinical: Callable[[], frozenset[str]]) -> bool:
    """A device named after a person: a span ending in the device's noun ("FOLEY CATH"), or one opening with a word
    the text also writes before that noun, without a title before it here ("Foley draining", "via foley approx" beside
    "Foley catheter"; "John Foley" stays a name), or a device a clinical note names alone, with what it does after it
    (:data:`_DEVICES_ALONE`, :data:`_DEVICE_STATE_AFTER`: "Foley draining clear urine" in a note that never writes
    "Foley catheter")."""
    value = text[span.start:span.end]
    if _DEVICE_END.search(value):
        return True
    words = value.split()
    if words and words[0].casefold() in devices():
        return not _titled_before(text, span.start)
    return value.casefold() in _DEVICES_ALONE and len(clinical()) >= 2 \
        and _DEVICE_STATE_AFTER.match(text, span.end) is not None \
        and not _titled_before(text, span.start, 16)


_CLINICAL_WORD = regex.compile(r"\p{L}+")


def _clinical(word: str) -> bool:
    """A medicine's name (in any case) or a clinical abbreviation (as written)."""
    from mechanisms.prmpt.entities.name_words import clinical_abbreviations, medicine_names

    return word in clinical_abbreviations() or word.casefold() in medicine_names()


def _clinical_words(text: str) -> frozenset[str]:
    """The medicine names and clinical abbreviations ``text`` writes (as written)."""
    return frozenset(w for w in set(_CLINICAL_WORD.findall(text)) if _clinical(w))


def _clinical_term(text: str, span: Span, english: Container[str], clinical: Callable[[], frozenset[str]]) -> bool:
    """A span of medicine names and clinical abbreviations, without a title or an initial before it ("Propofol
    weaned", "Magnesio 400 mg", "IABP 1:1", "Pt's wife"; "Dr. Lasix" stays): NER and the learned finder read a drug's
    or an abbreviation's capitalised or unknown word as a name, and the lists hold no word a name list has ("Allegra",
    "Camila", "Ed" stay names). An abbreviation counts only where the text writes another clinical word ("hey GT will
    you" stays a name); an everyday or dictionary word beside one is no name either ("Started Lopressor")."""
    from mechanisms.prmpt.entities.name_words import medicine_names, name_index
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    words = _CLINICAL_WORD.findall(text, span.start, span.end)
    found = [_clinical(w) for w in words]
    if not any(found) or _titled_before(text, span.start):
        return False
    if not any(w.casefold() in medicine_names() for w in words) and not clinical() - set(words):
        return False  # abbreviations alone, in a text that writes no other clinical word
    index = name_index()
    return all(term or (index.is_common(w) or is_dictionary_word(english, w)) and not index.is_listed(w)
               for w, term in zip(words, found))


_ACRONYM_SPAN = re.compile(r"[A-Z]{2,4}")


def _clinical_acronym(text: str, span: Span, clinical: Callable[[], frozenset[str]], cased: Callable[[], bool]) -> bool:
    """One word of two to four capitals alone, in a clinical note written in lower and Title case, with no title, initial,
    kin word or name key before it ("Able to MAE", "Hx GERD, HTN"): an abbreviation of the note's,
    not a person's initials (a note writing two clinical words; "hey GT will you" stays a name, as does "Dr. JS")."""
    return _ACRONYM_SPAN.fullmatch(text, span.start, span.end) is not None and len(clinical()) >= 2 and cased() \
        and not _titled_before(text, span.start) \
        and not NAME_KEY_BEFORE.search(text, max(0, span.start - 24), span.start)


# A vital sign or a laboratory value a clinical note writes before its number ("SBP 90-100", "HR 100-112", "INR 2.5",
# "Tmax 100.8", "BP- 106/61- 119/63", "CK 1719/182", "Cr to 2.9"): the number is a measurement, never a postcode, a phone
# number, a reference or an amount of money. The cues are the measurements' usual abbreviations, never a word that also
# names a state ("CO", "CA"), a telephone ("T", "Tel") or a record ("MRN", "ID"); between the cue and the value only
# numbers, units and words of change may stand ("HR- 44-70", "SVR 1131-734", "BP 90 - 100/30 - 40")
_MEASURE_CUES = (r"hr|sbp|dbp|bp|b/p|map|rr|temp|tmax|tm|tc|spo2|sao2|sats?|cvp|pap|pad|pas|pcwp|svr|pvr|inr|ptt|pt|hct|"
                 r"hgb|wbc|plts?|bun|creat|cr|glu|glucose|fs|bs|ck|cpk|ck-?mb|trop|troponin|abg|vbg|uo|u/o|uop|tv|vt|peep|"
                 r"psv|fio2|lactate|mg|phos|iabp|crit")
_MEASURE_BEFORE = regex.compile(rf"(?i:(?<![\p{{L}}\d/])(?:{_MEASURE_CUES}))[ \t]*[-:=]?(?:[ \t]*(?:\d[\d.,/%']*|"
                                r"[-–/,;]|to|of|at|@|was|is|now|up|down|remains?|from|range|ranging|between|and|"
                                r"s|'s))*[ \t]*$")
_MEASURE_VALUE = regex.compile(rf"(?i:(?:{_MEASURE_CUES})[ \t]*[-:=]?[ \t]*(?:to|of|at|was|is|now)?[ \t]*)?"
                               r"\d[\d.,/ \t-]*")
_GROUPED = re.compile(r"\d[,.]\d{3}\b")
_LEADING_ZERO = re.compile(r"(?<![\d.,])0\d")
_LOCAL_PHONE = re.compile(r"(?<![\d.,/-])\d{3}[-. ]?\d{4}(?![\d.,/-])")
# a temperature after "T" ("ID: T 98.3(PO)", "T-MAX 100"): that cue only before a body's temperature, in Fahrenheit or
# Celsius ("T 555-0134" stays a phone number); a 24-hour clock time after a word of time ("OFF AT 0600", "FROM 1400 TO
# 1800", "CV=0300") read as a postcode
_TEMPERATURE = regex.compile(r"(?i:(?:t|t-?max|temp[ \t]+max)[ \t]*[-:=]?[ \t]*)?(?:3[4-9]|9\d|10[0-7])(?:\.\d{1,2})?")
_TEMPERATURE_BEFORE = regex.compile(r"(?i:(?<![\p{L}\d/])(?:t|t-?max|temp[ \t]+max))[ \t]*[-:=]?[ \t]*$")
_CLOCK = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
_CLOCK_BEFORE = re.compile(r"(?:(?<![^\W\d_])(?i:at|from|to|until|till|since|by|before|after|around|about|approx)|[@=])"
                           r"[ \t]*$")
_MEASURED_TYPES = frozenset({"POSTAL_CODE", "PHONE_NUMBER", "REFERENCE_ID", "MONEY", "STREET_ADDRESS"})


def _measurement(text: str, span: Span, clinical: Callable[[], frozenset[str]]) -> bool:
    """A number a clinical note gives as a vital sign or a laboratory value (:data:`_MEASURE_BEFORE`), read as a
    postcode, a phone number, a reference, money or a street address ("SBP 90-100", "INR 2.5", "Tmax 100.8", "Cr to
    2"), a temperature after "T" or a clock time read as a postcode (:data:`_TEMPERATURE`, :data:`_CLOCK`): only in a
    text that writes two clinical words or more, and only numbers of seven digits or fewer, none with a leading zero or
    of a local phone number's shape ("HR 617-555-0134", "HR: 555-0134", "PT 555-2368" and "Boulder, CO 80302" stay
    what they are)."""
    if span.entity_type not in _MEASURED_TYPES:
        return False
    value = text[span.start:span.end]
    if span.entity_type == "POSTAL_CODE" and _CLOCK.fullmatch(value):
        return _CLOCK_BEFORE.search(text, max(0, span.start - 12), span.start) is not None and len(clinical()) >= 2
    if _TEMPERATURE.fullmatch(value) and (not value[0].isdigit()
                                          or _TEMPERATURE_BEFORE.search(text, max(0, span.start - 12), span.start)):
        return len(clinical()) >= 2
    if _MEASURE_VALUE.fullmatch(value) is None:
        return False
    if sum(ch.isdigit() for ch in value) > 7 or span.entity_type == "MONEY" and _GROUPED.search(value) \
            or _LEADING_ZERO.search(value) or _LOCAL_PHONE.search(value) or len(clinical()) < 2:
        return False  # ("INR 2,500": an amount grouped in thousands is money; "HR: 555-0134": no measurement is
        # written with a leading zero, a phone number's part often is; "PT 555-2368": a local number's shape)
    if text[span.start].isdigit():  # the cue before the value
        return _MEASURE_BEFORE.search(text, max(0, span.start - 40), span.start) is not None
    return True  # the cue opens the value ("Tmax 100.8", "INR 2.5")


def _mostly_lower_case(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and sum(ch.isupper() for ch in letters) < len(letters) / 2


# the title of a table's column of places ("| Name | Role | Location |", "name,city"): its cells are towns, regions and
# countries, never a person's name, though NER reads a town that is a family name as one ("Lyon")
_PLACE_TITLE_WORDS = (r"city|town|location|country|place|region|state|province|county|office|site|branch|headquarters|hq|"
                      r"ville|pays|lieu|ciudad|pa[ií]s|provincia|localidad|stadt|ort|land|citt[aà]")
_PLACE_TITLE = re.compile(rf"[ \t]*[\"'`\[]?(?i:{_PLACE_TITLE_WORDS})[\"'`\]]?[ \t]*")
_PLACE_TITLE_HINT = re.compile(_PLACE_TITLE_WORDS, re.IGNORECASE)


def _place_cells(text: str) -> list[tuple[int, int]]:
    from mechanisms.prmpt.entities.tables import column_cells

    return [(a, b) for _, a, b in column_cells(text, _PLACE_TITLE_HINT,
                                               lambda cell: "place" if _PLACE_TITLE.fullmatch(cell) else None)]


# French courtesy titles that NER and the finders take into the name as an initial would be ("M. J. Lemonnier" went out
# as "N. X. Cadwell"), or that join the place before them to the name ("Péterhoff M. Mouronstseff")
_FRENCH_COURTESY = regex.compile(r"(?<![\p{L}\d.])(?:M|MM|Mme|Mmes|Mlle|Mlles|Me|Mgr)\.?[ \t]+(?=\p{Lu})")


def _french_courtesy_cut(text: str, spans: list[Span]) -> list[Span]:
    """The names of a French text without the courtesy title that opens them or that follows a word no list holds as
    a given name (the title stays as written, beside the stand-in; the word before it, a place or a heading, is no
    part of the name): what is left must hold a word of two letters or more. A given name before "M." keeps it as
    its middle initial ("Jean M. Dupont")."""
    out = []
    for span in spans:
        if span.entity_type != "PERSON" or span.lang != "fr":
            out.append(span)
            continue
        # (the first title only: "M. M. Brin" keeps its initial)
        m = _FRENCH_COURTESY.search(text, span.start, span.end)
        before = text[span.start:m.start()].split() if m is not None else []
        if m is None or before and (name_index().is_first(before[-1]) or before[-1].endswith(".")) \
                or not regex.search(r"\p{L}{2}", text[m.end():span.end]):
            out.append(span)  # (a given name's middle initial; "J. M. Brin", an initial's)
            continue
        out.append(Span(span.entity_type, m.end(), span.end, span.score, span.lang, span.finder))
    return out


def _outside_place_columns(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` but the names read in a column of places where the cell is a known place (a name part found
    elsewhere in the request is hidden there again by propagation: "Marie Lyon" in the name column, "Lyon" in the
    city column; a person's name in such a column, as a slip of the pen, stays hidden)."""
    if "\n" not in text or not any(s.entity_type == "PERSON" for s in spans):
        return spans
    places = _known_places()
    cells = [(a, b) for a, b in _place_cells(text) if text[a:b].strip(" \t\"'").casefold() in places]
    out = []
    for span in spans:
        for a, b in cells if span.entity_type == "PERSON" else ():
            if a <= span.start and span.end <= b:
                break
            if span.start < a < span.end:  # a name run on into the place's cell ("Florence Dupont\tFrance")
                cut = span.start + len(text[span.start:a].rstrip(" \t,;|"))
                span = Span(span.entity_type, span.start, cut, span.score, span.lang, span.finder)
        else:
            if span.end > span.start:
                out.append(span)
    return out


def _eponym(text: str, span: Span) -> bool:
    return _EPONYM_NAME.fullmatch(text, span.start, span.end) is not None and (
        _EPONYM_BEFORE.search(text, max(0, span.start - 30), span.start) is not None
        or _EPONYM_AFTER.match(text, span.end) is not None
        or span.lang == "es" and _EPONYM_VALUE_ES.match(text, span.end) is not None)


_TAIL_PARTICLES = frozenset("de del la las los y e da do dos das di du des le van von".split())


# after the last word of a name NER read: a comma, a closing bracket or a word in lower case that is no particle
_TITLE_CASE_WORD = regex.compile(r"\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}\p{Ll}+)*")
_SECOND_SURNAME_ENDS = regex.compile(r"[ \t]*[,;)]|[ \t]+(?!(?:de|del|la|las|los|y|e|da|do|di|du|des|le|van|von)"
                                     r"(?![\p{L}]))\p{Ll}")


def _second_family_name(text: str, end: int, words: list[str]) -> bool:
    """``words``, a name NER read that ends at ``end``, are a given name (listed, or no everyday word or place), a listed
    family name and a third word, the clause going on after them ("Arantxa Sánchez Vicario disputarán", "Luis Martínez
    Noval, secretario"): the last is a second family name, though the language holds it as a word. Not where a
    department's particle follows ("Servicio de Urología"), a field's label ("Ramona Villar Puchero Correo
    electrónico:", four words) or a stop inside ("Isidoro Rábago. Acompañados")."""
    from mechanisms.prmpt.entities.people import name_index

    if len(words) != 3 or not all(_TITLE_CASE_WORD.fullmatch(w) for w in words) \
            or _SECOND_SURNAME_ENDS.match(text, end) is None:
        return False
    index = name_index()
    return index.is_last(words[1]) and (index.is_first(words[0]) or not index.is_common(words[0])
                                        and words[0].casefold() not in _known_places())


def _common_tail(text: str, start: int, end: int, vocabulary: Any) -> int:
    """The end of a name without the words of the language NER ran on past it ("Miguel Martínez Rodríguez
    Servicio de Urología" -> "Miguel Martínez Rodríguez"): capitalised words of five letters or more of the
    vocabulary that no name list holds, and the particles between them, while two words besides particles are
    left ("Cyrano de Bergera" stays whole); "Natalia del Valle" keeps its listed "Valle"."""
    words = list(re.finditer(r"\S+", text[start:end]))
    cut = len(words)
    while sum(w.group(0).lower() not in _TAIL_PARTICLES for w in words[:cut]) > 2:
        word = words[cut - 1].group(0)
        if cut == len(words) and _second_family_name(text, end, [w.group(0) for w in words]):
            break
        if word.lower() in _TAIL_PARTICLES and cut < len(words) or len(word) >= 5 and _unlisted_word(word, vocabulary):
            cut -= 1
        else:
            break
    while cut > 1 and words[cut - 1].group(0).lower() in _TAIL_PARTICLES:
        cut -= 1
    return start + words[cut - 1].end() if words else end


def _unlisted_word(word: str, vocabulary: Any) -> bool:
    """A word in Title case that no name list holds and that the language's vocabulary holds or that ends as
    specialties and adverbs do ("Servicio", "Urología", "Neurocirugía" and "Analíticamente", which the small
    pipelines' vocabularies lack; not "-ance" or "-ment": "Durance" and "Clément" are surnames)."""
    from mechanisms.prmpt.entities.people import name_index

    return word[:1].isupper() and word[1:].islower() and not name_index().is_listed(word) \
        and (vocabulary.is_word(word) or _SPECIALTY_ENDING.search(word) is not None)


def _before_department(text: str, span: Span) -> Span:
    """A name without the department a finder ran on into ("Dr. Javier Azúa-Romeo Servicio de Anatomía"):
    it ends before a capitalised word no name list holds that a particle and a noun-ended word follow, in the
    span or past it ("Servicio de Anatomía", "Unidad de Reumatología", "Sección de Traumatología"). (The
    pipelines' vocabularies are no test here: the Spanish one holds the surnames of its training text.)"""
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    words = list(re.finditer(r"\S+", text[span.start:span.end + 60]))
    inside = sum(w.end() <= span.end - span.start for w in words)
    for i in range(1, min(inside, len(words) - 2)):
        head, particle, noun = words[i].group(0), words[i + 1].group(0), words[i + 2].group(0).rstrip(".,;:")
        if head[:1].isupper() and head[1:].islower() and not index.is_listed(head) \
                and particle.lower() in _TAIL_PARTICLES and _NOUN_ENDING.search(noun) and not index.is_listed(noun):
            return Span(span.entity_type, span.start, span.start + words[i - 1].end(), span.score, span.lang)
    return span


def _all_words_of(value: str, vocabulary: Any) -> bool:
    """Two words or more besides particles, each a capitalised word of the language that no name list holds;
    or one such word with a specialty's or an adverb's ending ("Neurocirugía", "Microscópicamente"; not
    "Durance", whose "-ance" a French surname may end with)."""
    words = [w for w in value.split() if w.lower() not in _TAIL_PARTICLES]
    if len(words) == 1:
        return len(words[0]) >= 6 and _SPECIALTY_ENDING.search(words[0]) is not None and _unlisted_word(words[0], vocabulary)
    return len(words) >= 2 and all(len(w) >= 4 and _unlisted_word(w, vocabulary) for w in words)


def _refers_back(text: str, start: int, end: int) -> bool:
    """A listed name NER reads as a person, opening an English sentence, with a personal pronoun later in
    the same sentence that can only be its ("Carter began playing his first gigs when he was nine"), and
    no object right after it ("Mark his words": a verb), not a known place ("Austin is where he lives"):
    the pronoun outweighs the everyday and dictionary lists."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import pronoun_later

    word = text[start:end]
    return word[:1].isupper() and word[1:].islower() and name_index().is_listed(word) \
        and word.casefold() not in _known_places() and _sentence_start(text, start) \
        and _OBJECT_NEXT.match(text, end) is None and pronoun_later(text, start)


# a verb in the third person right after a word ("Rajoy se refería", "Narbona criticó el plan", "Pimenta ha invitado",
# "Capella avait dû"): Spanish preterites in "-ó" and the irregular ones, a clitic "se" before a verb, an auxiliary
# and a past participle; French auxiliaries and a participle, verbs of saying
_VERB_AFTER = {
    "es": regex.compile(r"[ \t]+(?:(?:también|ya|no|nunca|además)[ \t]+)?"
                        r"(?:se[ \t]+\p{Ll}{3,}|\p{Ll}{3,}ó(?![\p{L}\d])|"
                        r"(?:ha|había|habría|hubiera)[ \t]+\p{Ll}+(?:ado|ido|to|so|cho)(?![\p{L}\d])|"
                        r"(?:dijo|hizo|dio|fue|estuvo|tuvo|puso|quiso|pudo|vino|trajo|propuso|mantuvo|obtuvo|sostuvo|"
                        r"supo|declaró|aseguró|afirmó|indicó|señaló|explicó|añadió)(?![\p{L}\d]))"),
    "fr": regex.compile(r"[ \t]+(?:(?:a|avait|aurait|eut|aura)[ \t]+\p{Ll}{2,}(?:é|i|u|is|it|ert|û)(?![\p{L}\d])|"
                        r"(?:s['’](?:est|était)|déclare|affirme|ajoute|explique|estime|répond|annonce|raconte|"
                        r"précise|souligne)(?![\p{L}\d]))"),
}


def _subject_of_verb(text: str, start: int, end: int, lang: str) -> bool:
    """One word NER read as a person, in Title case, opening a Spanish or French clause with a verb in the third
    person right after it (:data:`_VERB_AFTER`): the subject of that verb is a name even where it is a known
    place or the pipeline's store holds it ("Chávez se mostró", "Rajoy se refería", "Toledo comunicó"), unless
    the language's spelling dictionary holds it and no name list does ("Pontífice expresó", "Valedor presentó":
    an office), or it is an everyday word, a title, a greeting, or has a noun's or an adverb's ending."""
    from mechanisms.prmpt.entities.name_words import dictionary_words
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    pattern = _VERB_AFTER.get(lang)
    word = text[start:end]
    if pattern is None or len(word) < 3 or not (word[0].isupper() and word[1:].islower() and word.isalpha()) \
            or not _sentence_start(text, start) or pattern.match(text, end) is None:
        return False
    index, low = name_index(), word.lower()
    if low in _LEADING_NOT_NAMES or low in CALENDAR or is_title(word) or index.is_common(word) \
            or _NOUN_ENDING.search(word) is not None or low.endswith("mente"):
        return False  # (a noun's or an adverb's ending: "Asímismo se pensó", "Posteriormente se realizó")
    words = dictionary_words(lang)
    return words is None or low not in words or index.is_listed(word)


def _common_or_native_word(word: str, lang: str, vocabulary: Any, imperative: bool) -> bool:
    """An everyday word read as a verb ("Mark the ticket", ``imperative``), or outside English a word of
    the text's language ("Rose et Marguerite sont des fleurs")."""
    from mechanisms.prmpt.entities.people import name_index

    if lang != "en":
        return name_index().is_common(word) or vocabulary is not None and vocabulary.is_word(word)
    return imperative and name_index().is_common(word)


def _surname_and_place(word: str, english: Container[str]) -> bool:
    """A listed family name that is also a known place ("Hayes", "Castro", "Norton"): where NER reads a
    person, at the start of a sentence, the name wins (measured on the dev files: WikiGold names leaked
    7.9 -> 7.7 %, French OCR 10.0 -> 9.9 %, no unlabeled word more altered)."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    index = name_index()
    return word.casefold() in _known_places() and index.is_last(word) and not index.is_common(word) \
        and not is_dictionary_word(english, word) and not word.isupper()


def _everyday_word(word: str, english: Container[str]) -> bool:
    """A word of the everyday list or of the dictionary (English texts), or too short to be a name alone."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR

    if len(word) < 3 or name_index().is_common(word) or word.isupper() and len(word) <= 3 or word.lower() in CALENDAR:
        return True
    return word in english


# a name guessed from the lists alone or read from a weak cue (scored 0.7 or less: "Para Zaragoza, la prioridad
# es", "Lima respondió", "Germany said") yields where NER reads a place ("France", "Paris"); a stronger cue
# (described_people's 0.72: "Why is Virginia so impulsive?") is read before it. (This was written ``score <
# CONFIDENT - 0.1``, which in floating point is 0.7000000000000001 and so took in the finders scoring 0.7; read over
# NER's places, they found two more names in the Spanish news but took the three places above.)
_GUESSED = 0.7
_PLACES = frozenset({"GPE", "LOC", "FAC"})
# not places: a listed name there is more often a city or a country ("Lyon", "Sevilla") than a person
_OTHER_ENTITIES = frozenset({"ORG", "NORP", "MISC", "PRODUCT", "WORK_OF_ART", "EVENT"})
_ARTICLE = re.compile(r"(?:the|a|an|le|la|les|el|los|las)\s", re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"(?<![^\W\d_])(?:the|a|an|le|la|les|el|los|las)\s+$", re.IGNORECASE)
_CAPITALISED = re.compile(r"(?<![\w@#'’.-])[^\W\d_][^\W\d_]+(?:-[^\W\d_]+)?(?![\w@-])")


# prepositions of place only ("to Jackson" and "from Jackson" are as often people)
_IN_PLACE = re.compile(r"(?<![\w'’])(?:in|en|dans)[ \t]+$", re.IGNORECASE)
_LOCATIVE = re.compile(r"(?<![\w'’])(?:in|near|à|au|aux|dans|en)[ \t]+$", re.IGNORECASE)
# an office and its portfolio ("la ministra de Hacienda", "el consejero de Sanidad", "le ministre de l'Intérieur"):
# the word after it names a department
_OFFICE_OF = re.compile(rf"(?<![\w'’])(?:{OFFICES})[ \t]+(?:de|del|de[ \t]+la|des|du|de[ \t]+l['’]|d['’])[ \t]*$",
                        re.IGNORECASE)
# an object after a verb opening a sentence ("Mark the ticket", "Bill them today"), not a verb after a name
_OBJECT_NEXT = re.compile(r"[ \t]+(?:the|a|an|my|your|our|their|his|her|its|this|that|these|those|it|them|me|us|"
                          r"him|all|every|each|some|any|no|up|out|down|off|on|in|as)\b", re.IGNORECASE)
# a place's own context: a state or province code or a postcode after it ("Austin, TX", "Lyon 69003")
_PLACE_AFTER = re.compile(r",?[ \t]*(?:[A-Z]{2}\b|\d{4,5}\b)")
_MODEL_NUMBER = re.compile(r"[ \t]+v?\d")
_LOWER_WORD = re.compile(r"(?<![\w'’-])[^\W\d_A-Z][^\W\d_]*")
# an unlisted name's shape: Title case (with Mc/Mac/O' inside); never a digit or a sign inside ("NºCol")
_NAME_SHAPE = re.compile(r"(?:Mc|Mac|O['’]|D['’])?[^\W\d_][^\W\d_A-ZÀ-ÖØ-Þº]+(?:[-'’][A-ZÀ-ÖØ-Þ][^\W\d_A-ZÀ-ÖØ-Þº]+)*")
# endings of nouns in English, French and Spanish, not of names
# (and of the medical specialties, operations and adverbs of Spanish and French: "Pediatría", "Neurocirugía",
# "Anatomía", "Ortopedia", "Hemograma", "Analíticamente")
_SPECIALTY_ENDINGS = r"log[íi]a|logie|iatr[íi]a|iatrie|cirug[íi]a|chirurgie|tom[íi]a|tomie|pedia|p[ée]die|grama|gramme|mente"
_NOUN_ENDING = re.compile(r"(?:ción|sión|tion|sion|graf[íi]a|graphie|itis|ismo|isme|ism|dad|tad|ité|ity|ment|miento|ness|"
                          rf"ance|ence|ancia|encia|{_SPECIALTY_ENDINGS})$", re.IGNORECASE)
_SPECIALTY_ENDING = re.compile(rf"(?:{_SPECIALTY_ENDINGS})$", re.IGNORECASE)


def _lower_case_words(text: str) -> frozenset[str]:
    return frozenset(_LOWER_WORD.findall(text))


def _never_a_name(word: str) -> bool:
    """An everyday word, a title, a month or day, or a word of the lists of words no name is alone."""
    from mechanisms.prmpt.entities.people import name_index

    return name_index().is_common(word) or _no_name_alone(word)


def _no_name_alone(word: str) -> bool:
    """A title, a month or day, or a word of the lists of words no name is alone (:func:`_never_a_name` but for the
    everyday list)."""
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    low = word.lower()
    return is_title(word) or low in CALENDAR or low in _NOT_NAMES or low in _LEADING_NOT_NAMES or low in _FUNCTION_WORDS


def _name_like(word: str, lang: str, english: Container[str], vocabulary: Any,
               lower_case: Container[str], ner_entity: bool = False) -> bool:
    """A word that can be a name on its own: a listed name (in English, not a dictionary word such as
    "Smart" or "Driver"; a given name such as "Lydia" stays), or an unlisted word shaped like a name that
    is no word of English or of the text's language (``vocabulary``), is not written in lower case in the
    same text ("Exploración" beside "exploración") and has no noun ending ("Urología", "Evaluation");
    never an everyday word, a title, a month, a known place, a greeting or an acronym ("DHCPACK"). With
    ``ner_entity`` (NER read the word as a person, or as an organisation or a work: no place), a listed name that is
    a dictionary noun written capitalised far more often than not (:func:`name_words.proper_nouns`: "Thatcher") is
    one."""
    from mechanisms.prmpt.entities.name_words import proper_nouns
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    index = name_index()
    low = word.lower()
    if lang == "en" and "-" in word and any(index.is_common(part) for part in word.split("-") if part):
        return False  # "All-American", "Co-Lineman": an English compound with an everyday word in it (French
        # names and nicknames are so made: "Petit-Breton")
    if word.isupper() and len(word) <= 4 or _never_a_name(word):
        return False
    if word.casefold() in _known_places() and not (index.is_first(word) and not word.isupper()):
        return False  # a place, unless a given name too ("Virginia said", "Florence is late")
    if word.isupper():  # in capitals only a listed name: "DHCPACK", "INSEE" are acronyms
        return index.is_listed(word) and not (lang == "en" and is_dictionary_word(english, word))
    if index.is_listed(word):
        # in Spanish "Mora" or "Gil" is only a name; where NER read a person, a listed name that English holds as a
        # noun only and writes capitalised far more often than not is the name ("Thatcher", "Coulter", "Waugh"), unless
        # the text writes it in lower case too ("Kraft envelopes ... kraft paper")
        return lang != "en" or ner_entity and word in proper_nouns() and low not in lower_case \
            or not is_dictionary_word(english, word) and (low not in english or index.is_first(word))
    return len(word) >= 3 and _NAME_SHAPE.fullmatch(word) is not None and low not in lower_case \
        and not _NOUN_ENDING.search(word) and low not in english and not is_dictionary_word(english, word) \
        and not (vocabulary is not None and vocabulary.is_word(word))


# given names that are the words a list of names ends or goes on with as often ("John, Paul and Will", "Anna, Marc,
# etc."): auxiliaries and closing words stay
_NOT_LIST_NAMES = frozenset("will may can etc more others all also else".split())


def _list_item_name(word: str, lang: str, vocabulary: Any, lower_case: Container[str]) -> bool:
    """A word that is a name where the items beside it in a list are names, though alone it is not
    name-like (:func:`_name_like`): a listed family or given name that alone reads as a place or an English word
    ("Savage", "Bustos", "Toledo", "Given", "Brad"), and outside English a word shaped like a name that the text's
    language does not hold, even one English holds ("Freestone", "Elber" in a Spanish line-up); never an
    everyday word, a title, a month, a country or capital that is no given name, an acronym or a word the same text
    writes in lower case."""
    from mechanisms.prmpt.entities.name_words import capital_names
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    if word.isupper() or len(word) < 3 or word.lower() in lower_case or _no_name_alone(word) \
            or word.casefold() in capital_names() and not index.is_first(word):
        return False  # (a country or a capital that is a given name too is one beside names: "Lisa and Jordan")
    if index.is_common(word):
        # a listed given name that is an everyday word too ("Alda, Justin, Crystal, David and Andrea"): the names
        # beside it make it one ("Will", "May" stay)
        return index.is_first(word) and word[1:].islower() and word.lower() not in _NOT_LIST_NAMES
    if index.is_last(word) or index.is_first(word) and word[1:].islower():
        return True  # (and a listed given name that is a dictionary word or a place too: "Brad, Daniel, Dawn")
    return lang != "en" and _NAME_SHAPE.fullmatch(word) is not None and not _NOUN_ENDING.search(word) \
        and not index.is_listed(word) and word.casefold() not in _known_places() \
        and not (vocabulary is not None and vocabulary.is_word(word))


def _names_in_other_entities(text: str, doc: Any, lang: str, english: Container[str], vocabulary: Any = None,
                             lower_case: Container[str] | None = None) -> list[Span]:
    """Names that NER took for an organisation, a place or a work ("Sarraounia" as GPE, "Hauser" as ORG,
    "Natalia & David" as ORG): an entity whose capitalised words are all name-like, that is listed
    names or words outside the everyday list and the vocabulary of the text's language (the English
    dictionary, the French and Spanish pipelines' lemma tables), gives one PERSON span per run of them,
    unless it is a known place (GeoNames' cities, countries, US states), a field label ("Domicilio:"),
    or a named thing ("the Magna Carta"). Measured on the pii-dev dev files (``python -m bench external``):
    the small NER models call a third of the names they find something else."""
    places = _known_places()
    words_in_lower_case = _lower_case_words(text) if lower_case is None else lower_case

    def name_like(word: str, ner_entity: bool = False) -> bool:
        return _name_like(word, lang, english, vocabulary, words_in_lower_case, ner_entity)

    out: list[Span] = []
    for ent in doc.ents:
        if ent.label_ not in _OTHER_ENTITIES and ent.label_ not in _PLACES:
            continue
        # outside English, an entity an article opens, or of five capitalised words or more, gives only the full name
        # that ends it: NER ran an office or a body and the name together ("el Ayuntamiento de Ferrol Román Cenalmor",
        # "El español Alexei Shirov", "Consejo Superior de Deportes Emilio Butragueño")
        tail_only = False
        if _ARTICLE.match(ent.text) or _ARTICLE_BEFORE.search(text, max(0, ent.start_char - 5), ent.start_char):
            if lang == "en":
                continue  # "the Dow", "the Magna Carta": a named thing, not a person
            tail_only = True
        if ent.label_ in _PLACES and _IN_PLACE.search(text, max(0, ent.start_char - 8), ent.start_char) \
                and not any(word.casefold() in places or word[:1].islower() for word in ent.text.split()):
            continue  # "anoche en Mestalla", "lives in Ruislip": a place NER reads where a place is written (not
            # after "à", which gives to a person as often: "succéda à Tardieu"; and not "en Afrique occidentale
            # Salonne" or "in Paris Dubois": a place and a name NER ran together)
        if ent.label_ in _PLACES and _SAINT_PLACE.fullmatch(ent.text) is not None:
            continue  # "Section de Saint-Clair", "San Isidro": a place named for a saint
        if ent.label_ in ("ORG", "PRODUCT") and (_MODEL_NUMBER.match(text, ent.end_char)
                                                  or any(ch.isdigit() for ch in ent.text)):
            continue  # a product and its model or version ("Ryzen 5600", "Postgres 16")
        if COMPANY_END.search(ent.text.rstrip(" \t.,")) is not None:
            continue  # a firm by its company form ("Barnes Ltd": "Barnes", a place, set apart below left "Ltd" alone
            # as a name, and the name took "Barnes" back in)
        words = [m for m in _CAPITALISED.finditer(text, ent.start_char, ent.end_char) if m.group(0)[0].isupper()]
        if any(text[w.end():w.end() + 1] == "-" or text[w.start() - 1:w.start()] == "-" for w in words):
            continue  # a part of a compound ("Steuer" of "Steuer-ID")
        if not words or len(words) > 4 and lang == "en" or text[words[-1].end():words[-1].end() + 1] == ":" \
                or text[words[0].start():words[-1].end()].casefold() in places:
            continue
        written = words
        # one word NER read as an organisation or a work (not a place: "London, England"; not a firm's partners:
        # "Harding and Parsons", "Simpson Inc"): a listed name English writes capitalised is a person's there
        like = functools.partial(name_like, ner_entity=ent.label_ in _OTHER_ENTITIES and len(written) == 1)
        words = [w for w in words if w.group(0).casefold() not in places]  # "Nantes Rioux": the place apart
        tail_only = tail_only or len(written) > 4
        if tail_only or words and not all(like(w.group(0)) for w in words):
            words = _name_after_office(text, written, like, places)
            if tail_only and words and not name_index().is_given(words[0].group(0)):
                continue  # (only a full name that opens with a given name: "El presidente del Olympique Lyon", "The
                # Washington Post" are no office and a name)
        if not words:
            continue
        run = words[0].span()
        for w in words[1:]:
            if text[run[1]:w.start()].strip(" \t") == "":
                run = (run[0], w.end())
            else:
                out.append(Span("PERSON", run[0], run[1], 0.7, lang))
                run = w.span()
        out.append(Span("PERSON", run[0], run[1], 0.7, lang))
    return out


def _name_after_office(text: str, words: list[re.Match[str]], name_like: Callable[[str], bool],
                       places: Container[str]) -> list[re.Match[str]]:
    """The words that end an entity as a full name after words of the language ("Cultura Matilde Batistuta",
    "Asuntos Sociales Matilde Fernández": NER ran the portfolio of an office and the name together): two or
    more words in a row, each name-like or a listed name that is a place too ("Fernández", "Cárdenas"), not all
    of them places and not the whole entity; else none."""
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    tail: list[re.Match[str]] = []
    for k in range(len(words) - 1, -1, -1):
        w, word = words[k], words[k].group(0)
        if tail and text[w.end():tail[0].start()].strip(" \t") \
                or not (name_like(word) or word.casefold() in places and index.is_listed(word)
                        or k > 0 and _family_name_after_given(text, words[k - 1], w, index)) \
                or tail and word.casefold() in places and index.is_first(tail[0].group(0)):
            break  # (a town before a given name is where the office is: "Ayuntamiento de Ferrol Román Cenalmor")
        tail.insert(0, w)
    if len(tail) == len(words) or len(tail) < 2 or all(w.group(0).casefold() in places for w in tail) \
            or text[tail[0].start():tail[-1].end()].casefold() in places:
        return []  # (nor a town of two words: "FRONTERA Addis Abeba")
    return tail


def _family_name_after_given(text: str, given: re.Match[str], word: re.Match[str], index: Any) -> bool:
    """``word`` is a family name though a word of the language or a town: in Title case right after a listed given
    name that is no everyday word ("Abel Matutes", "Carlos Bueren", "Francesco Casagrande"), never an everyday
    word, a title or a month itself ("Manuel Amigo" is left to the lists)."""
    first, low = given.group(0), word.group(0).lower()
    return text[given.end():word.start()] == " " and index.is_given(first) \
        and word.group(0).istitle() and len(low) >= 3 and not index.is_common(low) and not _no_name_alone(word.group(0))


def _whole_words(text: str, span: Span) -> Span:
    """A value that starts or ends inside a word ("Box 2681" of "Box 2681GT") takes the whole word: a
    stand-in glued to letters or digits could not be found again when the answer is restored (one glued to a word
    of a script written without spaces is: "身份证号11010119900307457X已经更新" keeps "已经更新" out)."""
    start, end = span.start, span.end
    while 0 < start < len(text) and joins_words(text[start - 1]) and text[start].isalnum():
        start -= 1
    while 0 < end < len(text) and text[end - 1].isalnum() and joins_words(text[end]):
        end += 1
    return span if (start, end) == (span.start, span.end) else Span(span.entity_type, start, end, span.score, span.lang)


def _sentence_start(text: str, start: int) -> bool:
    i = start
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    return i == 0 or text[i - 1] in ".!?:;\n\"'([{-*•|>},]"


def _weak_single_name(word: str, lang: str, english: Container[str], vocabulary: Any,
                      lower_case: Container[str]) -> bool:
    """A word alone opening a sentence (or after a comma) is a weak name unless it is name-like
    (:func:`_name_like`): "Mark the ticket", "Appelez-moi", "Lyon" are weak; "Hayes said", "Jedidiah
    is late", "Impassible, Capella ébauche un geste" are not."""
    if word.split("-")[0].lower() in _LEADING_NOT_NAMES:
        return True
    return not _name_like(word, lang, english, vocabulary, lower_case, ner_entity=True)


# A single capitalised word joined to a name found by "and", "y", "et" ("Menéndez y Lorenzo se reunieron",
# "Baker and Okafor denied"): read on the other side of the conjunction ("&" joins firms: "Johnson & Johnson")
_AND = r"[ \t]+(?:and|y|e|et|und)[ \t]+"
_CONJUNCT = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_AND_PAIR = r"(?:[ \t]+&|[ \t]+(?:and|y|e|et|und))[ \t]+"  # ("Roche & Allain": a pair, never a list's last)
_CONJUNCT_AFTER = regex.compile(rf"{_AND_PAIR}(?P<v>{_CONJUNCT})(?![\p{{L}}\d@_'’-])(?![ \t]+\p{{Lu}})")
_CONJUNCT_BEFORE = regex.compile(rf"(?<![\p{{L}}\d@#_'’.-])(?P<v>{_CONJUNCT}){_AND_PAIR}$")
# a capitalised word or an article before the first conjunct: the two are one proper noun ("the Baker and Smith
# report"). (Named apart from extend_names' _WORD_BEFORE, which a later line of this module once rebound this to.)
_PROPER_BEFORE_CONJUNCT = regex.compile(
    r"(?:\p{Lu}[\p{L}'’-]*|\b(?i:the|a|an|el|la|los|las|le|les|un|une|del|al|du|des))[ \t]+$")
# the capitalised word a sentence opens with ("Both Nilsson and Andersson", "Ask Corral & Pujadas"): read as a
# proper noun only when no dictionary holds it
_OPENING_WORD = regex.compile(r"(?:^|[.!?:;\n][\"'”’)\]]?[ \t]*)(?P<w>\p{Lu}\p{Ll}+)[ \t]+$")


def _coordinated_names(text: str, spans: Sequence[Span], english: Container[str] = frozenset(),
                       vocabulary: Any = None) -> list[Span]:
    """A word joined by a conjunction ("and", "&", "y", "et", "und") to a person found is a person when a name list
    holds it as a family name, or as a given name that is no everyday word and no known place, or when no list
    holds it and it is shaped like a name (:func:`_name_like`: no word of English or of the text's language, no
    place, never written in lower case in the text: "Piórek and Mamcarz"); never a word a longer proper noun or an article comes before ("the Baker and Smith
    report" holds both at most as one noun; a sentence's first word is such a noun only if no dictionary holds it:
    "Both Nilsson and Andersson")."""
    from mechanisms.prmpt.entities.name_words import capital_names, name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    index = name_index()
    places = _known_places()
    lower_case = functools.cache(lambda: _lower_case_words(text))
    out = []
    for span in spans:
        value = text[span.start:span.end]
        if span.entity_type != "PERSON" or " " not in value and value.casefold() in places:
            continue  # ("Bridgeton and Salem": a town read as a name is no anchor)
        found = []
        if (after := _CONJUNCT_AFTER.match(text, span.end)) is not None:
            found.append((after.start("v"), after.end("v")))
        if (before := _CONJUNCT_BEFORE.search(text, max(0, span.start - 40), span.start)) is not None \
                and not _proper_before(text, before.start(), english):
            found.append((before.start("v"), before.end("v")))
        for a, b in found:
            word = text[a:b]
            if word.lower() in CALENDAR or is_title(word) or word.casefold() in capital_names() or _clinical(word):
                continue  # ("Berlin, Vienne et Rome"; "con Metotrexate y Azatioprina": a drug)
            if not index.is_listed(word):
                if not _name_like(word, span.lang, english, vocabulary, lower_case()):
                    continue  # ("Smith and Sons", "Okafor and Lagos" are not)
            elif not (index.is_last(word) and not index.is_first(word)) \
                    and (index.is_common(word) or word.casefold() in places):
                continue
            out.append(Span("PERSON", a, b, span.score, span.lang, span.finder))
    return out


def _proper_before(text: str, at: int, english: Container[str]) -> bool:
    """A proper noun or an article stands before ``at`` (:data:`_PROPER_BEFORE_CONJUNCT`), but for a sentence's
    first word that a dictionary holds ("Both", "Ask")."""
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    if _PROPER_BEFORE_CONJUNCT.search(text, max(0, at - 30), at) is None:
        return False
    opening = _OPENING_WORD.search(text, max(0, at - 30), at)
    return opening is None or not is_dictionary_word(english, opening.group("w").lower())


# an enumeration of single capitalised words: "Sokolov, Anthony and Hull", "Simic, Blanc, Córdoba, Domoraud"
_ENUMERATION = regex.compile(
    rf"(?<![\p{{L}}\d@#_'’.-])(?:{_CONJUNCT})(?:[ \t]*,[ \t]*(?:{_CONJUNCT}))*(?:[ \t]*,?{_AND}(?:{_CONJUNCT}))?"
    rf"(?![\p{{L}}\d@_'’-])")
_MEMBER = regex.compile(_CONJUNCT)


def _enumerated_names(text: str, kept: Sequence[Span], english: Container[str]) -> list[Span]:
    """The other members of an enumeration of three or more single words of which two are names found: a word a
    name list holds (a family name that is also a word: "Bean, Gamble and Perez", "Čechová, Stone and Bender") or
    one no dictionary holds ("Sokolov"); not a title, a month or day, a known place or a capital."""
    from mechanisms.prmpt.entities.name_words import capital_names, name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    persons = {(s.start, s.end) for s in kept if s.entity_type == "PERSON"}
    if len(persons) < 2:
        return []
    index, places = name_index(), _known_places()
    taken = Occupied([(s.start, s.end) for s in kept])
    out = []
    for m in _ENUMERATION.finditer(text):
        members = [(w.start(), w.end()) for w in _MEMBER.finditer(text, m.start(), m.end())]
        if len(members) < 3 or sum(member in persons for member in members) < 2:
            continue
        if _PROPER_BEFORE_CONJUNCT.search(text, max(0, m.start() - 30), m.start()) is not None:
            continue  # "the Baker, Smith and Jones report": one proper noun
        lang = next((s.lang for s in kept if (s.start, s.end) in persons), "en")
        for a, b in members:
            word = text[a:b]
            if (a, b) in persons or taken.overlaps(a, b) or word.lower() in CALENDAR or is_title(word) \
                    or word.casefold() in places or word.casefold() in capital_names():
                continue
            if index.is_listed(word) or word.lower() not in english:
                out.append(Span("PERSON", a, b, NER_SCORE, lang))
    return out


# a bracket after a roster's member that names where the member is from: a place in Title case ("(Sweden)", "(South
# Africa)") or a country's dotted initials ("(U.S.)"); not initials and a name ("(M. Adèle)": a horse's jockey) nor an
# abbreviation ("(ETT)", "(B)")
_FROM_BRACKET = r"[ \t]*\((?:\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+){0,2}|\p{Lu}\.(?:\p{Lu}\.)+)\)"
_FROM_BRACKET_AFTER = regex.compile(_FROM_BRACKET)  # (not _BRACKET_AFTER, which complete_lists' section binds)
_BRACKETED_RUN = regex.compile(rf"(?<![\p{{L}}\d'’.@#_-])\p{{Lu}}[\p{{Ll}}'’-]*\p{{Ll}}(?:[ \t]+\p{{Lu}}[\p{{Ll}}'’-]*\p{{Ll}}){{0,2}}"
                               rf"(?={_FROM_BRACKET})")


def _bracketed_roster_names(text: str, kept: Sequence[Span], english: Container[str], vocabulary: Any) -> list[Span]:
    """The other members of a roster whose names found (two at least, opening with a listed given name) are each
    followed by a bracket naming where they are from: "Eamonn Darcy (Ireland), Per Nyman (Sweden)", "Grant Stafford
    (South Africa) vs. Guy Forget (France)", "Sun Jian (China) beat Marina Andrievskaqya (Sweden)": one to three words
    in Title case before such a bracket, neither a known place nor a title or a month, and outside English no word of
    the language that no list holds ("Pesos (Argentina)", "Colones (Costa Rica)" in a table of currencies); a first
    word the dictionary holds before two more is no part of it ("Unseeded Guy Forget"). A name found inside such a run
    takes the rest of it ("Per" of "Per Nyman (Sweden)")."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    index = name_index()
    persons = [s for s in kept if s.entity_type == "PERSON"]
    if sum(_FROM_BRACKET_AFTER.match(text, s.end) is not None and index.is_first(text[s.start:s.end].split()[0])
           for s in persons) < 2:
        return []  # (two members found whose first word is a listed given name: a results table's clubs that
        # NER took for people, "Sparta Prague (Czech Republic) 8 Glentoran (Northern Ireland) 0", are no roster)
    lang = persons[0].lang
    out = []
    for m in _BRACKETED_RUN.finditer(text):
        start, end, words = m.start(), m.end(), m.group().split()
        if len(words) == 3 and words[0] in english:
            start = text.index(words[1], start + len(words[0]))
            words = words[1:]
        # (a name found inside the run is more of it; any other span in it, or across its edges, keeps it out)
        if any(s.start < end and start < s.end and not (s.entity_type == "PERSON" and start <= s.start and s.end <= end)
               for s in kept) or any(is_title(w) or w.lower() in CALENDAR for w in words) \
                or " ".join(words).casefold() in _known_places() \
                or lang != "en" and vocabulary is not None and any(
                    vocabulary.is_word(w) and not _listed_single_name(w) for w in words):
            continue
        out.append(Span("PERSON", start, end, NER_SCORE, lang))
    return out


# a pair of words the name lists score this high, under the threshold, is a name beside a full name found
_WEAK = 0.45
_ARTICLE_BEFORE_PAIR = regex.compile(r"(?<![\p{L}])(?i:the|a|an|le|la|les|el|los|las|del|du|des|al|au|aux|of|de)[ \t]+$")
_CAPITAL_AFTER_PAIR = regex.compile(r"[ \t]+\p{Lu}")
_JOINED = regex.compile(r"(?:[ \t]*,[ \t]*|[ \t]+(?:and|y|e|et|und)[ \t]+)")


def _coordinated_word(word: str, english: Container[str], vocabulary: Any, lower_case: Container[str]) -> bool:
    """A word of :func:`_coordinated_full_names`' pairs: a listed name, or no everyday word, title, word of
    English or of the text's language, nor one the same text writes in lower case ("Lake", "Nations" are not)."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word, is_title

    if _listed_single_name(word):
        return True
    return not (name_index().is_common(word) or is_title(word) or is_dictionary_word(english, word)
                or word.lower() in lower_case or vocabulary is not None and vocabulary.is_word(word))


def _coordinated_full_names(text: str, weak: Sequence[Span], kept: Sequence[Span], score: float) -> list[Span]:
    """Two or three capitalised words the name lists scored just under the threshold (both words places too, or
    unlisted), joined by a comma or a conjunction to a full name found ("Los candidatos Cuauhtémoc Cárdenas y
    Manuel Camacho"): a name, as the two sides of "and" are alike."""
    full = [s for s in kept if s.entity_type == "PERSON" and " " in text[s.start:s.end].strip()]
    if not full:
        return []
    held = Occupied([(s.start, s.end) for s in kept])
    out = []
    for span in weak:
        words = text[span.start:span.end].split()
        if not 2 <= len(words) <= 3 or not all(w[:1].isupper() for w in words) or held.overlaps(span.start, span.end):
            continue
        if _ARTICLE_BEFORE_PAIR.search(text, max(0, span.start - 40), span.start) is not None \
                or _CAPITAL_AFTER_PAIR.match(text, span.end) is not None:
            continue  # one after an article, or part of a longer proper noun ("del Olympique Lyon", "Li Rois Adenes")
        if any(_JOINED.fullmatch(text, span.end, f.start) or _JOINED.fullmatch(text, f.end, span.start) for f in full):
            out.append(Span("PERSON", span.start, span.end, score, span.lang, span.finder))
    return out


# the words of a place NER reads that name no place alone: articles and the particles of names
_NO_PLACE_WORDS = frozenset("the a an de del della di da das do dos van von der den ter ten la le les los las el y".split())


def _known_places() -> Container[str]:
    from mechanisms.prmpt.entities.name_words import place_names

    return place_names()


def _listed_single_name(word: str) -> bool:
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    return (index.is_first(word) or index.is_last(word)) and not index.is_common(word)


# titles the name codec keeps as they are ("Mr. Smith" -> "Mr. Jones"); other titles are cut off the name
_TITLE_KEPT = re.compile(r"(?:mr|mrs|ms|miss|mx|dr|prof|sir|madam)\.?")


# the French titles as an OCR without accents writes them ("Pere Didon", "Abbe Lemire"): titles in a French text
# only; elsewhere a given name ("Pere Esteve", "Pere Miró": the Catalan Peter) or a word
_UNACCENTED_FRENCH_TITLES = frozenset("maitre marechal abbe pere frere soeur eveque cure nomme nommee senateur depute "
                                      "prefet".split())


def _cut_title(word: str, lang: str | None = None, text: str = "", at: int = 0) -> bool:
    """A title that is cut off the name it opens ("Lieutenant John J. Brody" -> "John J. Brody"): not one
    the codec keeps, and not "Don", which before a name in Title case is most often the given name
    ("Don Maitz"; the Spanish and Italian title is hidden with the name then, which costs nothing). In a text of
    ``lang`` other than French, the French titles written without their accents are none."""
    from mechanisms.prmpt.entities.titled_names import is_title

    if lang is not None and lang != "fr" and word.lower() in _UNACCENTED_FRENCH_TITLES:
        return False
    return is_title(word) and not _TITLE_KEPT.fullmatch(word.lower()) and word != "Don" \
        and not is_replaced_title(word, text, at)


def _drop_edge_words(text: str, start: int, end: int, lang: str | None = None) -> tuple[int, int]:
    """Drop a leading greeting or verb ("Appelez Marie Lefèvre") and leading/trailing everyday words
    that are not listed names."""
    from mechanisms.prmpt.entities.people import name_index

    index = name_index()
    words = list(re.finditer(r"\S+", text[start:end]))
    while len(words) > 1:
        w = words[0].group(0).lower()
        if w in _LEADING_NOT_NAMES and words[0].group(0) != "Don" or w in _FUNCTION_WORDS \
                or (index.is_common(w) and not index.is_listed(w) and not _given_before_initial(words, index, lang)) \
                or _cut_title(words[0].group(0), lang, text, start + words[0].start()):
            words.pop(0)
        else:
            break
    while len(words) > 1 and (index.is_common(words[-1].group(0)) and not index.is_last(words[-1].group(0))
                              and not _family_word_set_off(text, start, words, lang)
                              or text[start + words[-1].end():start + words[-1].end() + 1] == ":"
                              or _ACRONYM.fullmatch(words[-1].group(0)) and not words[0].group(0).isupper()):
        words.pop()  # "Taxpayer ID", "Smith SSN": a trailing acronym or everyday word is not the name
    while len(words) > 1 and len(words[-1].group(0)) == 1 and words[-1].group(0).islower():
        words.pop()  # "Christian t" (OCR): a stray lower-case letter is not an initial
    if len(words) == 1:
        w = words[0].group(0).strip(".,;:'’")
        if index.is_common(w) and not (index.is_first(w) or index.is_last(w)):
            return start, start  # a lone everyday word ("Also") is not a name
    return start + words[0].start(), start + words[-1].end()


def _family_word_set_off(text: str, start: int, words: list[re.Match[str]], lang: str | None) -> bool:
    """Outside English, the everyday word in Title case after a listed given name, the two set off by a comma after
    them, is the family name: "Comercio, Manuel Amigo, y los presidentes", "Juan Claro, presidente de" (the Spanish
    "amigo", "claro"); the English lists' everyday words say nothing of a Spanish family name."""
    after = start + words[-1].end()
    return lang not in (None, "en") and len(words) == 2 and name_index().is_given(words[0].group(0)) \
        and words[1].group(0).istitle() and len(words[1].group(0)) >= 3 and text[after:after + 1] in (",", ";", ")")


def _given_before_initial(words: list[re.Match[str]], index: Any, lang: str | None) -> bool:
    """The first of ``words`` is a given name though an everyday word: before a middle initial and a listed family
    name that is no word ("Demi J. Hammond", "Sky T. Lindqvist"; not "Customer S. Care"), never before "A" or "I",
    words of English ("Division A Hajduk"), nor in French, where "M." is "Monsieur" ("Certes M. Pot")."""
    if lang == "fr" or len(words) < 3 or _MIDDLE_INITIAL.fullmatch(words[1].group(0)) is None \
            or not words[0].group(0).istitle():
        return False
    family = words[2].group(0).strip(".,;:")
    return index.is_last(family) and not index.is_common(family)


_MIDDLE_INITIAL = re.compile(r"[B-HJ-Z]\.?")
_ABBREVIATION = re.compile(r"[a-zà-ÿ]{1,3}\.[ \t]+")
# a name's particles of two letters in lower case before its first capital ("M. de Lanessan", "veuve de Clément
# Maslin", "di Stefano"): no word of the name anyone is known by, and a preposition as often; they stay as written
# (the particles of three letters or more stay in the name: "van den Broek")
_SHORT_PARTICLES = re.compile(r"(?:(?:de|du|da|di|do|la|le)[ \t]+)+(?=[A-ZÀ-ÖØ-Þ])")


_CITATION_SIGNAL = re.compile(r"(?:See(?:[ \t]+also)?|But[ \t]+see|Cf\.|Compare|Contra|Accord)[ \t]+")
_CITATION_AFTER = re.compile(r"[ \t]+(?:v|vs)\.?[ \t]|,?[ \t]*[(\[]\d{4}[)\]]")
_FIRST_WORD = re.compile(r"(\S+)\s+(?=\S)")
_LAST_WORD = re.compile(r",?\s+(\S+)$")
# two letters only: longer ones ("MEP", "DDS", "PhD") stay inside the span and are replaced with it, since a
# reader counts every word of three letters or more of a labeled name as part of it
_POSTNOMINALS = frozenset("QC KC SC MP AM MD RN JP LJ LJJ JJ JJA JA JSC CJ VC".split())
_CREDENTIAL_TITLES = frozenset("NP RN MD".split())  # (written before a clinician's name as a title: "NP Wolfe aware")


_SALUTATION_END = re.compile(r"[ \t]*[,:!]")


def _salutation_word(text: str, word: str, start: int, end: int) -> bool:
    """``word``, at ``start``, opens a letter's salutation to the name that ends at ``end``: a salutation that is
    a name too ("Gentile", "Caro") at a line's start, the name closed by a comma or a colon ("Caro Emo,")."""
    return word.lower() in SALUTATION_NAMES and opens_line(text, start) \
        and _SALUTATION_END.match(text, end) is not None


def _opens_greeting(text: str, start: int) -> bool:
    """``start`` opens a line, the text or a sentence (the greeting words before it aside: "Szanowny Panie"), where
    a greeting stands; after a word, a number or a comma a greeting word is a name ("b Moin Khan", ", Moin Khan")."""
    lo = max(0, start - 120)  # a window: the whole text before each name made a long list quadratic
    before = text[lo:start].rstrip(" \t")
    while (m := _LAST_GREETING.search(before)) is not None and m.group(1).lower() in LETTER_WORDS:
        before = before[:m.start()].rstrip(" \t")
    return not before and lo == 0 or bool(before) and before[-1] in ".!?:;\n\r\"'“”‘’«»(>*-–—•"


_LAST_GREETING = re.compile(r"(?<![\w'’-])([^\W\d_]+)$")


_WORDS_IN_SPAN = re.compile(r"\S+")
# short titles that are names or words as often ("Don", "Sor", "Me"): inside a span they open no name
# (an article before the title makes the title the name: "M. le Curé de Notre-Dame", "the General")
_ARTICLES = frozenset({"le", "la", "les", "l'", "l’", "el", "los", "las", "the"})
_AMBIGUOUS_TITLES = frozenset({"don", "sor", "mer", "dna", "dl", "me", "pr", "fr", "dr", "dc", "ds", "di", "pc"})


def _from_inner_title(text: str, start: int, end: int, lang: str | None = None) -> int:
    """Where a name opened by a title inside the span starts: a word before the title is no part of it
    ("Architecture MM. Héraud", a heading and then the jury's names; "Peinture M. Gervex"). Outside French a
    single capital with its point after a listed given name is a middle initial ("Carolina M. Hedlund")."""
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import is_title

    words = list(_WORDS_IN_SPAN.finditer(text, start, end))
    for i in range(1, len(words) - 1):
        word = words[i].group(0)
        before = words[i - 1].group(0)
        if lang not in (None, "fr") and len(word) == 2 and word.endswith(".") and name_index().is_first(before):
            continue
        if is_title(word) and not is_title(before) and before.lower() not in _ARTICLES \
                and word.rstrip(".").lower() not in _AMBIGUOUS_TITLES \
                and (word.endswith(".") or len(word) >= 3):
            return words[i].start()
    return start


_COURTESY_BEFORE = regex.compile(r"(?<![\p{L}\d])(?:Mr|Mrs|Ms|Miss|Mx|Mme|Mlle|Herr|Frau|Sr|Sra|Srta)\.?[ \t]+$")


def _family_name_after_courtesy(text: str, start: int, end: int) -> bool:
    """A courtesy title right before a word a list holds as a title or an everyday word: a family name ("Mrs. Bishop",
    "Miss Abbot"), but for an office addressed so ("Mr. President")."""
    return _COURTESY_BEFORE.search(text, max(0, start - 8), start) is not None \
        and text[start:end].rstrip(".,").lower() not in ADDRESSED_OFFICES


# a player's position before the name, as sports news writes it
_POSITIONS = frozenset("""defender striker midfielder goalkeeper goalie keeper winger forward fullback full-back
    centre-back center-back wing-back playmaker pitcher catcher shortstop outfielder infielder quarterback linebacker
    receiver batsman batter bowler all-rounder wicketkeeper jockey defensa delantero centrocampista mediocampista
    portero arquero guardameta extremo lateral volante défenseur attaquant milieu gardien ailier buteur""".split())
_LABEL_AFTER = re.compile(r"[ \t]*(?:(?:by|to|for|of|par|por|von)[ \t]*)?:")  # ("Dictated by:", "Copy to:")
_COLUMN_GAP = re.compile(r"[ \t]*(?:  |\t)[ \t]*")
# a label of a few words after a column's gap ("Teacher: Mr. Venter   Term 3 report: ...")
_LABEL_FROM = re.compile(r"[^\W\d_][\w./-]*(?:[ \t][\w./-]+){0,3}[ \t]*:")


def _person_edges(text: str, span: Span) -> Span:
    """A name without a possessive ("Kanye West's" -> "Kanye West"), without a lower-case abbreviation
    before it ("c. Lacroix", capitaine; an initial is a capital) and without a title the codec does not
    keep ("Lieutenant John"): the rest of the text stays as written."""
    start, end = span.start, span.end
    if (m := _ABBREVIATION.match(text, start, end)) is not None and m.end() < end:
        start = m.end()
    if (m := _SHORT_PARTICLES.match(text, start, end)) is not None and m.end() < end \
            and not _cut_title(text[m.end():end].split()[0].rstrip(".,")):
        start = m.end()  # (an office after its article stays as it was: "M. le Maire", "le Curé de ...")
    first, opens = start, None  # (where the name starts is read only when a greeting word opens it)
    while (m := _FIRST_WORD.match(text, start, end)) is not None:
        greeting = m.group(1).rstrip(",").lower() in LETTER_WORDS  # ("Groetjes, Femke")
        if greeting and opens is None:
            opens = _opens_greeting(text, first)
        if not (greeting and opens or _salutation_word(text, m.group(1), start, end)):
            break
        start = m.end()  # "Sehr geehrter Herr Krüger", "Gentile Sig. Emo" at a letter's start: a salutation's words
        # (a greeting opens its sentence: after a word, a number or a comma it is a name, "b Moin Khan")
    while (m := _FIRST_WORD.match(text, start, end)) is not None and m.group(1).islower() \
            and m.group(1).rstrip(",!.") in CHAT_WORDS:
        start = m.end()  # "omg nguyen just dumped me": a chat word in lower case opens the sentence, not the name
    start = _from_inner_title(text, start, end, span.lang)
    if (m := _CITATION_SIGNAL.match(text, start, end)) is not None and m.end() < end \
            and _CITATION_AFTER.match(text, end) is not None:
        start = m.end()  # "See Halvorsen v. United Kingdom", "Cf. Okafor [2004]": a citation's signal word
    while (m := _FIRST_WORD.match(text, start, end)) is not None and m.end() < end \
            and _cut_title(m.group(1), span.lang, text, m.start(1)) \
            and m.group(1).isalpha() and len(m.group(1)) > 3 and not m.group(1).endswith("s"):
        # every finder's span, not NER's alone: "Lieutenant John" outranked "John J. Brody"; an abbreviation
        # ("Sra.", "Ing.") or a plural ("Mmes") stays inside the span and is replaced with the name, as a reader
        # counts it as a word of it
        start = m.end()
    while (m := _LAST_WORD.search(text, start, end)) is not None and m.start(1) > start \
            and (m.group(1).rstrip(".").upper() in _POSTNOMINALS or m.group(1).rstrip(".,:").lower() in REPORTING_WORDS
                 or m.group(1).rstrip(".,:").lower() in PARTY_ROLE_WORDS):
        end = m.start()  # "Trevelyan QC", "Tom Hale MP": letters after the name are no part of it; nor is a note's
        # "N. GRANDONE AWARE", nor a party's role in a judgment's heading ("TOBIAS ENGQVIST Claimant v ...")
    if (m := _FIRST_WORD.match(text, start, end)) is not None and m.end() < end and m.group(1)[1:].islower() \
            and m.group(1).lower() in _POSITIONS:
        start = m.end()  # "Defender Kalidou Sarr-Diop", "Portero Iker Casillas": a player's position, as news opens
    if (m := _FIRST_WORD.match(text, start, end)) is not None and m.group(1).rstrip(".").upper() in _CREDENTIAL_TITLES:
        start = m.end()  # "NP Wolfe": a nurse practitioner, as "Dr" is kept out of the name
    if (gaps := list(_COLUMN_GAP.finditer(text, start, end))) and gaps[-1].start() > start \
            and (_LABEL_AFTER.match(text, end) is not None or _LABEL_FROM.match(text, gaps[-1].end()) is not None):
        end = gaps[-1].start()  # "Vorname: Wendelin   Nachname: ...": a form's next field after the spaces between
        # its columns is no part of the name
    for suffix in _POSSESSIVES:
        if text[start:end].endswith(suffix) and end - len(suffix) > start:
            end -= len(suffix)
    if all(_cut_title(w.rstrip(".,"), span.lang) or w.lower() in LETTER_WORDS for w in text[start:end].split()) \
            and not _family_name_after_courtesy(text, start, end):
        end = start  # titles alone ("Lady Justice" of "Lady Justice Achterberg", "Lord"): no name is left; after a
        # courtesy title the word is the family name ("Mrs. Bishop", "Mr Judge")
    return span if (start, end) == (span.start, span.end) else Span("PERSON", start, end, span.score, span.lang, span.finder)


def _trim(text: str, span: Span) -> Span:
    """Drop possessives and trailing punctuation that NER sometimes includes in a name."""
    start, end = span.start, span.end
    while start < end and not (text[start].isalpha() or text[start] in "'’"):
        start += 1
    changed = True
    while changed and end > start:
        changed = False
        for suffix in _TRAILING:
            if text[start:end].endswith(suffix) and end - len(suffix) > start:
                end -= len(suffix)
                changed = True
        while end > start and text[end - 1].isspace():
            end -= 1
            changed = True
    return Span(span.entity_type, start, end, span.score, span.lang)


def _address_block_names(text: str, spans: list[Span], english: Any, lang: str) -> list[Span]:
    """``spans`` and the addressee on the line above a street address that opens its line (an address block), or of a
    block a town and a known place close (:func:`titled_names.town_block_names`), where no span is
    (:func:`titled_names.address_block_names`)."""
    streets = [(s.start, s.end) for s in spans if s.entity_type == "STREET_ADDRESS"]
    if not streets and "\n" not in text:
        return spans
    added, dropped = [], set()
    found = address_block_names(text, streets, english) if streets else []
    for f, (town, town_end) in town_block_names(text, english) if lang == "en" and "\n" in text else ():
        found.append(f)  # (a town's line is no name: NER reads "Korfi", "Haparanda" as people there)
        dropped.update(id(s) for s in spans if s.entity_type == "PERSON" and town <= s.start and s.end <= town_end)
    if not found:
        return spans  # (nothing dropped either: a town's line is read only with its block's name)
    taken = Occupied([(s.start, s.end) for s in spans if id(s) not in dropped])
    for f in found:
        if taken.overlaps(f.start, f.end):
            under = [s for s in spans if s.start < f.end and f.start < s.end]
            if not persons_within(under, f.start, f.end):
                continue  # (a part of the name found alone gives way to it: "ELIF" of "ELIF KARADUMAN")
            dropped.update(id(s) for s in under)
        added.append(Span(f.entity_type, f.start, f.end, f.score, lang))
    kept = [s for s in spans if id(s) not in dropped]
    return sorted(kept + added, key=lambda s: s.start) if added or dropped else spans


def _conjunct_names(text: str, spans: list[Span], english: Any, lang: str) -> list[Span]:
    """``spans`` and the words "and" joins to a person's one-word name, where no span is
    (:func:`titled_names.conjunct_names`)."""
    if lang != "en" or " and " not in text and "&" not in text:
        return spans
    persons = [(s.start, s.end) for s in spans if s.entity_type == "PERSON"]
    taken = Occupied([(s.start, s.end) for s in spans])
    added = [Span(f.entity_type, f.start, f.end, f.score, lang) for f in conjunct_names(text, persons, english)
             if not taken.overlaps(f.start, f.end)]
    return sorted(spans + added, key=lambda s: s.start) if added else spans


class TypeAnnotator:
    """Finds sensitive spans and their types. ``load()`` is thread-safe and idempotent."""

    def __init__(self, config: PrmptConfig) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._engine: Any = None
        self._finders: list[Any] = []
        self._person_finders: list[Any] = []  # the finders of the PERSON record (the second reading runs only them)
        self._address_finders: list[Any] = []  # and of the address records (the reading of a text in lower case)
        self._presidio_entities: list[str] = []
        self._custom_analyzer: Any = None
        self._ner_labels: dict[str, str] = {}
        self._enabled: set[str] = set()
        self._loaded_langs: set[str] = set()
        self._english: Container[str] = frozenset()
        self._vocabularies: dict[tuple[str, bool], Any] = {}
        self._trained_words: dict[str, frozenset[str]] = {}
        from mechanisms.prmpt.language import LanguageDetector

        self.languages = LanguageDetector(list(config.languages), config.language)
        from mechanisms.prmpt.known_values import KnownValues

        self.known = KnownValues(config.known_values)

    @property
    def ready(self) -> bool:
        return self._engine is not None

    def load(self) -> None:
        if self._engine is not None:
            return
        with self._lock:
            if self._engine is None:
                self._engine = self._build()

    def _build(self) -> Any:
        # Presidio probes for a GPU through torch unless told the device; spaCy runs on CPU here.
        os.environ.setdefault("PRESIDIO_DEVICE", "cpu")
        from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
        from presidio_analyzer import predefined_recognizers as predefined
        from presidio_analyzer.nlp_engine import NerModelConfiguration, SpacyNlpEngine

        from mechanisms.prmpt.entities import registry

        _make_tldextract_offline()
        self._enabled = set(self.config.enabled_types())
        if self.known.enabled:
            self.known.load()
            self.known.start()
        if "en" in self.config.languages:
            from mechanisms.prmpt.entities.name_words import english_words

            self._english = english_words(self.config.model_for("en"))
        records = [r for name, r in registry().items() if name in self._enabled]
        seen: set[int] = set()
        for rec in records:
            for factory in rec.finders:
                if id(factory) not in seen:
                    seen.add(id(factory))
                    self._finders.append(factory(self.config))
                    if rec.name == "PERSON" and not getattr(self._finders[-1], "reads_lower_case", False):
                        self._person_finders.append(self._finders[-1])
                    if rec.name in _ADDRESS_TYPES:
                        self._address_finders.append(self._finders[-1])
            for name in rec.presidio:  # Presidio's predefined recognizers, called directly
                self._finders.append(_PresidioFinder(getattr(predefined, name)()))
        labels = {label: rec.name for rec in registry().values() for label in rec.spacy_labels}
        self._ner_labels = {label: name for label, name in labels.items() if name in self._enabled}
        langs = list(self.config.languages)
        # The analyzer engine runs only the configured custom types (pattern + context words); the
        # NER spans are read from spaCy's doc directly.
        ner_config = NerModelConfiguration(model_to_presidio_entity_mapping=self._ner_labels or {"PERSON": "PERSON"})
        engine = SpacyNlpEngine(models=[{"lang_code": lang, "model_name": self.config.model_for(lang)}
                                        for lang in langs], ner_model_configuration=ner_config)
        engine.nlp = {}
        self._ensure_language(engine, self.languages.default)
        for lang in langs:  # the others load on first use: say now which of them cannot
            if not is_installed(self.config.model_for(lang)):
                log.warning("%s (texts in language %r fail until then: nothing is forwarded)",
                            MissingPipeline(self.config.model_for(lang)), lang)
        customs = [r for lang in langs for r in self._custom_recognizers(lang)]
        self._presidio_entities = sorted({e for r in customs for e in r.supported_entities})
        if customs:  # (an engine with no recognizer would load all of Presidio's own)
            self._custom_analyzer = AnalyzerEngine(nlp_engine=engine, registry=RecognizerRegistry(
                recognizers=customs, supported_languages=langs), supported_languages=langs)
        return engine

    def _custom_recognizers(self, lang: str) -> list[Any]:
        from presidio_analyzer import Pattern, PatternRecognizer

        return [PatternRecognizer(supported_entity=c.name, name=f"Custom{c.name}",
                                  patterns=[Pattern(c.name, c.regex, c.score)], context=c.context or None,
                                  supported_language=lang)
                for c in self.config.custom_entities if c.name in self._enabled]

    def _ensure_language(self, engine: Any, lang: str) -> None:
        """Load ``lang``'s spaCy pipeline on first use (only configured languages get here)."""
        if lang in self._loaded_langs:
            return
        with _MODEL_LOCK:
            if lang not in self._loaded_langs:
                nlp = _load_spacy(self.config.model_for(lang))
                # the words of its training text, taken now: the string store grows with every text it
                # reads, and a user's name must never become a word of the language
                self._trained_words[lang] = frozenset(w for w in nlp.vocab.strings if w.isalpha() and w.islower())
                self._vocabularies.pop((lang, False), None)
                engine.nlp[lang] = nlp
                self._loaded_langs.add(lang)

    def _single_name_tests(self, text: str, lang: str) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
        """Whether one word alone can be an item of a list of names in ``text`` (:func:`_name_like`), and
        whether it is one as the item beside a name in a list (:func:`_list_item_name`). The vocabulary is the
        pipeline's tables alone, never the words of its training text: in a list whose other items are names, a
        name the training news held ("Buffon; Sartor, Thuram, Cannavaro") is a name."""
        vocabulary, lower_case = self._vocabulary(lang, tables_only=True), _lower_case_words(text)
        return (lambda word: _name_like(word, lang, self._english, vocabulary, lower_case),
                lambda word: _list_item_name(word, lang, vocabulary, lower_case))

    def _vocabulary(self, lang: str, tables_only: bool = False) -> Any:
        """The vocabulary of ``lang``'s pipeline, read once: its lemmatizer tables and, where those hold no
        table of inflected forms (Spanish), the lower-case words of its string store, the words of its training
        text ("correo", "actualmente"), that the language's spelling dictionary holds too where Veil ships one.
        The store alone holds the lower-case form of every name its news text had ("bruguera", "gonzález"); the
        dictionary alone holds rare words that are family names too ("pinzón", "cárcamo"). Measured on the
        Spanish news dev split: names leaked 10.7 % with the store, 8.4 % with the dictionary, 8.1 % with both
        (Spanish clinical words altered 909, 878 and 932 of 101,317). With ``tables_only``, the tables alone: a
        list's single words read against the dictionary leaked 9.0 % ("Franca", "Page")."""
        from mechanisms.prmpt.entities.name_words import LanguageWords, dictionary_words, language_words

        held = self._vocabularies.get((lang, tables_only))
        if held is None:
            held = language_words(self.config.model_for(lang))
            seen = self._trained_words.get(lang)
            if lang != "en" and held.forms is None and not tables_only:  # thin tables only (French's
                # 217,000 forms need no help)
                dictionary = dictionary_words(lang)
                if seen:
                    held = LanguageWords(held.base, held.lemmas | (seen if dictionary is None else
                                                                   dictionary.holding(seen)), held.forms)
            self._vocabularies[(lang, tables_only)] = held
        return held

    def loaded_languages(self) -> set[str]:
        return set(self._loaded_langs)

    def _postprocess(self, text: str, spans: Sequence[Span], from_ner: set[int],
                     lower_case: Container[str] = frozenset(),
                     agreed: Callable[[int, int], bool] | None = None) -> list[Span]:
        out = []
        headings = functools.cache(lambda: _heading_labels(text, self._english))  # (read once, when first asked)
        devices = functools.cache(lambda: _device_eponyms(text))
        clinical = functools.cache(lambda: _clinical_words(text))
        cased = functools.cache(lambda: _mostly_lower_case(text))
        for k, span in enumerate(spans):
            policy = self.config.policy(span.entity_type)
            if policy.category == "off" or span.score < policy.threshold or span.entity_type not in self._enabled:
                continue
            cleaned: Span | None = span
            if span.entity_type == "PERSON" and k in from_ner:
                cleaned = _clean_person(text, span, self._english if span.lang == "en" else frozenset(),
                                        self._english, self._vocabulary(span.lang), lower_case, agreed)
            if cleaned is not None and cleaned.entity_type == "PERSON" and span.lang != "en":
                cleaned = _before_department(text, cleaned)
            if cleaned is not None and cleaned.entity_type == "PERSON":
                cleaned = _person_edges(text, cleaned)
                if cleaned is not None and (span.lang == "en" and _defined_term(text, cleaned, self._english)
                                            or _eponym(text, cleaned) or _device(text, cleaned, devices, clinical)
                                            or _clinical_term(text, cleaned, self._english, clinical)
                                            or _clinical_acronym(text, cleaned, clinical, cased)
                                            or _ORG_END.search(text, cleaned.start, cleaned.end)
                                            or " " not in text[cleaned.start:cleaned.end] and text[cleaned.start].isupper()
                                            and _SOFTWARE_NOUN_AFTER.match(text, cleaned.end) is not None
                                            or span.lang == "en" and _interjection(text[cleaned.start:cleaned.end], self._english)):
                    continue
            if cleaned is not None and cleaned.entity_type == "PERSON" and span.lang == "en" \
                    and _section_heading(text, cleaned, self._english, headings):
                continue
            if cleaned is not None and cleaned.entity_type == "PERSON" and span.lang == "en" \
                    and _note_shorthand(text, cleaned, self._english, clinical):
                continue
            if cleaned is not None and _measurement(text, cleaned, clinical):
                continue
            if cleaned is not None and cleaned.end > cleaned.start and _plausible(text, cleaned):
                out.append(cleaned if cleaned.entity_type == "PERSON" else _whole_words(text, cleaned))
        kept = _regnal_numbers(text, _people_completed(text, out, resolve_overlaps(out)))
        read_in = next((s.lang for s in kept if s.lang in self._loaded_langs), None)  # (a pipeline's language)
        vocabulary = self._vocabulary(read_in) if read_in is not None else None
        return resolve_overlaps(kept + self._coordinated_weak_pairs(text, spans, kept, lower_case)
                                + _coordinated_names(text, kept, self._english, vocabulary)
                                + _enumerated_names(text, kept, self._english)
                                + _bracketed_roster_names(text, kept, self._english, vocabulary))

    def _coordinated_weak_pairs(self, text: str, spans: Sequence[Span], kept: list[Span],
                                lower_case: Container[str]) -> list[Span]:
        """The pairs under the threshold that :func:`_coordinated_full_names` takes; read only beside a full name
        kept."""
        if "PERSON" not in self._enabled or not any(
                s.entity_type == "PERSON" and " " in text[s.start:s.end].strip() for s in kept):
            return []
        threshold = self.config.policy("PERSON").threshold
        weak = [s for s in spans if s.entity_type == "PERSON" and _WEAK <= s.score < threshold
                and _person_edges(text, s) == s]
        if weak:
            vocabulary = self._vocabulary(weak[0].lang, tables_only=True)
            weak = [s for s in weak if _plausible(text, s) and not _eponym(text, s)
                    and not _ORG_END.search(text, s.start, s.end)
                    and all(_coordinated_word(w, self._english, vocabulary, lower_case)
                            for w in text[s.start:s.end].split())]
        return _coordinated_full_names(text, weak, kept, threshold)

    def _analyse(self, piece: str, lang: str, doc: Any, foreign: str | None = None,
                 person_only: bool = False) -> list[Span]:
        spans = [Span(self._ner_labels[e.label_], e.start_char, e.end_char, NER_SCORE, lang)
                 for e in doc.ents if e.label_ in self._ner_labels]
        ner = set(range(len(spans)))  # NER's own PERSON spans get _clean_person; promoted ones are gated already
        # (the English dictionary whatever the language: "Bearer" in a text read as French is no name)
        lower_case = _lower_case_words(piece)  # once per piece: the second reading and the single-name test
        spans += _names_in_other_entities(piece, doc, lang, self._english, self._vocabulary(lang), lower_case)
        if self._presidio_entities and not person_only:
            from presidio_analyzer.nlp_engine import NlpArtifacts

            # lemmas are the lowercased tokens (context words are listed in base form): the tagger
            # and lemmatizer would double the cost of the pipeline
            artifacts = NlpArtifacts(entities=list(doc.ents), tokens=doc, tokens_indices=[t.idx for t in doc],
                                     lemmas=[t.lower_ for t in doc], nlp_engine=self._engine, language=lang)
            spans.extend(Span(r.entity_type, r.start, r.end, float(r.score), lang) for r in self._custom_analyzer.analyze(
                text=piece, language=lang, entities=self._presidio_entities, nlp_artifacts=artifacts))
        # a name guessed from the lists alone yields where NER reads a known place ("France", "Lyon"): the place's
        # text or one of its words, but an article or a particle ("the Beatriz de Alzueta" read as a building holds
        # no place, though GeoNames has a "The" and a "Van")
        known = _known_places()
        places = [(e.start_char, e.end_char) for e in doc.ents if e.label_ in _PLACES and (any(
            w.casefold() in known for w in [e.text, *(w for w in e.text.split() if w.lower() not in _NO_PLACE_WORDS)])
            or _SAINT_PLACE.fullmatch(e.text) is not None)]
        ents = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
        finders = self._person_finders if person_only else self._finders
        learned = next((f for f in finders if hasattr(f, "agrees")), None)
        guessed = set(ner)  # the readings a pipeline of another language and the learned model make of a foreign text
        for finder in finders:
            found = finder(piece, lang, ents) if getattr(finder, "reads_ner", False) else finder(piece, lang)
            first = len(spans)
            spans.extend(Span(f.entity_type, f.start, f.end, f.score, lang) for f in found
                         if not _yields_to_a_place(piece, f, places, finder is learned))
            if finder is learned:
                guessed.update(range(first, len(spans)))
        if foreign in _FOREIGN_DETERMINERS:
            spans, ner = _foreign_nouns_dropped(piece, spans, ner, guessed, foreign)
            if "PERSON" in self._enabled:
                spans += _foreign_names(piece, foreign)
        agreed = (lambda a, b: learned.agrees(piece, a, b)) if learned is not None else None
        try:
            return self._postprocess(piece, spans, ner, lower_case, agreed)
        finally:
            if learned is not None:
                learned.forget()  # the text is not kept past its request

    def annotate(self, text: str) -> list[Span]:
        """Typed, non-overlapping spans of enabled types above their thresholds."""
        return self.annotate_many([text])[0]

    def annotate_many(self, texts: Sequence[str], propagate: bool = True) -> list[list[Span]]:
        """Batch form: one spaCy ``nlp.pipe`` pass per language, then the recognizers and finders.

        Texts longer than ``WINDOW`` characters (spaCy refuses over 1,000,000) are cut into
        overlapping windows; a span belongs to the window whose core holds its start, so a value
        on a cut is found whole in one window (values are far shorter than the overlap).
        With ``propagate``, a value found in one text is also a span wherever it recurs in the batch.
        """
        return self._annotate(texts, propagate)

    def _annotate(self, texts: Sequence[str], propagate: bool, person_only: bool = False) -> list[list[Span]]:
        """:meth:`annotate_many`; ``person_only``: NER and the PERSON finders alone, no second reading (the
        second reading of a text in lower case itself)."""
        self.load()
        views = [view(t) for t in texts]
        originals, texts = texts, [v.text for v in views]
        read = [self.languages.read(t) if t.strip() else (self.languages.default, None) for t in texts]
        langs, foreign = [lang for lang, _ in read], [other for _, other in read]
        # an English text in capitals is read for names in lower case, as a text written so is (in capitals NER and the
        # pairs of capitalised words read "FOLEY DRAINING CLEAR URINE", "PAINFUL STIMULI" as people), by NER and the
        # finders and by the second reading of a text in lower case; its other values are read as written
        lowered = [lang == "en" and not person_only and _in_capitals(t) for t, lang in zip(texts, langs)]
        found: list[list[Span]] = [[] for _ in texts]
        for lang in sorted(set(langs)):
            self._ensure_language(self._engine, lang)
            pieces = [(i, *w) for i, t in enumerate(texts) if t.strip() and langs[i] == lang
                      for w in _windows(len(t))]
            batch = [texts[i][a:b] for i, a, b, _, _ in pieces]
            nlp = self._engine.nlp[lang]
            read_as = [piece.lower() if lowered[i] else piece for (i, *_), piece in zip(pieces, batch)]
            docs = [nlp(read_as[0])] if len(read_as) == 1 else nlp.pipe(read_as)  # pipe() costs more for one text
            for (i, a, _, lo, hi), piece, low, doc in zip(pieces, batch, read_as, docs):
                if lowered[i]:  # its names read in lower case, everything else as written (a code, a postcode)
                    spans = [s for s in self._analyse(piece, lang, doc, foreign[i], person_only)
                             if s.entity_type != "PERSON" or _a_name_in_capitals(piece, s, self._english)]
                    spans += [s for s in self._analyse(low, lang, doc, foreign[i], True)
                              if s.entity_type == "PERSON"]  # (NER and the PERSON finders alone)
                else:
                    spans = self._analyse(piece, lang, doc, foreign[i], person_only)
                for span in spans:
                    if lo <= span.start + a < hi:
                        found[i].append(Span(span.entity_type, span.start + a, span.end + a, span.score, lang,
                                             span.finder))
        seen = self._trained_words.get("en", frozenset())
        resolved = []
        for text, spans, lang, other in zip(texts, found, langs, foreign):
            single, beside = self._single_name_tests(text, lang)
            vocabulary, foreign_word = self._vocabulary(lang) if lang != "en" else None, _foreign_words(other)
            extended = extend_names(text, resolve_overlaps(spans), self._english, seen, vocabulary, foreign_word)
            listed = complete_lists(text, extended, single, beside)
            joined = join_particles(text, couples(text, capital_family_names(
                text, comma_pairs(text, listed, single), self._english, vocabulary)))
            if any(s.entity_type == "PERSON" and text[s.start].islower() for s in joined):
                # a given name before the particles the family name took ("The Louelle van den Brandhof version")
                joined = extend_names(text, joined, self._english, seen, vocabulary, foreign_word, before_particles=True)
            resolved.append(joined)
        if not person_only:
            from mechanisms.prmpt.entities.recased_names import is_uncased

            # (read once per text for both readings; an address needs a digit, a name the English dictionary)
            uncased = [(lang == "en" or any(ch.isdigit() for ch in text)) and is_uncased(text)
                       for text, lang in zip(texts, langs)]
            resolved = self._uncased_names([t.lower() if low else t for t, low in zip(texts, lowered)], langs,
                                           [u or low for u, low in zip(uncased, lowered)], resolved)
            if "PERSON" in self._enabled:
                resolved = [self._lower_case_cues(t, spans, u, low) if lang == "en" else spans
                            for t, spans, lang, u, low in zip(texts, resolved, langs, uncased, lowered)]
            resolved = self._uncased_addresses(texts, langs, uncased, resolved)
            if "PERSON" in self._enabled:
                resolved = [_conjunct_names(text, _address_block_names(text, spans, self._english, lang),
                                            self._english, lang)
                            for text, spans, lang in zip(texts, resolved, langs)]
                resolved = [_lone_initials(text, spans) if lang == "en" else spans
                            for text, spans, lang in zip(texts, resolved, langs)]
                resolved = [_nicknamed(text, spans, self._english) for text, spans in zip(texts, resolved)]
        resolved = [_outside_place_columns(text, _french_courtesy_cut(text, spans))
                    for text, spans in zip(texts, resolved)]
        if self.known.enabled:  # seeded values win over every finder
            resolved = [self.known.apply(text, spans, lang) for text, spans, lang in zip(texts, resolved, langs)]
        if propagate:
            from mechanisms.prmpt.propagation import propagate_values

            resolved = propagate_values(texts, resolved, self.config)
        if self.known.enabled:  # never-touch values win over everything, propagation included
            resolved = [self.known.drop_never(text, spans) for text, spans in zip(texts, resolved)]
        return [_to_original(v, spans) for v, spans in zip(views, resolved)] if originals != texts else resolved

    def _lower_case_cues(self, text: str, spans: list[Span], uncased: bool, lowered: bool) -> list[Span]:
        """An English text's names that only their sentence tells in lower case: in a text written in lower case,
        :func:`_described_in_lower_case` and :func:`_name_parts_in_lower_case`; in a text in capitals, read in lower
        case, the first alone."""
        if uncased:
            return _name_parts_in_lower_case(text, _described_in_lower_case(text, spans), self._english)
        if lowered:
            return _described_in_lower_case(text.lower(), spans)
        return spans

    def _uncased_addresses(self, texts: Sequence[str], langs: Sequence[str], uncased: Sequence[bool],
                           resolved: list[list[Span]]) -> list[list[Span]]:
        """The street addresses and postcodes of a text written in lower case ("801 rue ibn al jazzar / apt. 267 /
        tunisia 63593"), read by the address finders in a copy with every word but the small ones in Title case:
        one taken where the text itself holds no span, none that starts inside a number ("11,448 square feet"); a
        street address only where it opens a line (an address block) or follows what says an address comes ("lives
        at", "goes to", "it's in", "address:", "my address to the same:"; not "then 120 green hills"), and a postcode
        only in a text with a street address."""
        if not self._address_finders:
            return resolved
        out = list(resolved)
        for i, (text, lang) in enumerate(zip(texts, langs)):
            if not uncased[i] or not any(ch.isdigit() for ch in text):
                continue
            copy = _title_copy(text)
            found = [Span(f.entity_type, f.start, f.end, f.score, lang) for finder in self._address_finders
                     for f in finder(copy, lang) if f.entity_type in _ADDRESS_TYPES]
            candidates = [s for s in self._postprocess(copy, found, set())
                          if not _INSIDE_A_NUMBER.search(text, max(0, s.start - 2), s.start)
                          and (s.entity_type != "STREET_ADDRESS"
                               or _ADDRESS_CUE.search(text, max(0, s.start - 40), s.start))]
            # a name or an amount read inside a street that opens with its number gives way to it ("72522 kelli isle
            # apt. 160", "refund: 1207 lark extension apt. 9")
            inside = {id(p) for s in candidates if s.entity_type == "STREET_ADDRESS" and text[s.start].isdigit()
                      for p in out[i] if p.entity_type in ("PERSON", "MONEY") and s.start <= p.start and p.end <= s.end}
            kept = [p for p in out[i] if id(p) not in inside]
            taken = Occupied([(p.start, p.end) for p in kept])
            added = [s for s in candidates if not taken.overlaps(s.start, s.end)]
            if not any(s.entity_type == "STREET_ADDRESS" for s in kept + added):
                added = []  # a postcode alone is only a number ("1034 subieron", "5000 aed")
            if added:
                out[i] = sorted(kept + added, key=lambda s: s.start)
        return out

    def _uncased_names(self, texts: Sequence[str], langs: Sequence[str], uncased: Sequence[bool],
                       resolved: list[list[Span]]) -> list[list[Span]]:
        """The names of an English text written in lower case (capitals only where a sentence opens and in "I":
        :func:`recased_names.is_uncased`), read by NER and the PERSON finders in a copy cased as a careful writer
        would have (:func:`recased_names.uncased_copy`), where the text itself holds no span or only a part of the
        name. A name found there is taken when all its words are words that can only be names and: two words or
        more with an initial ("khatu s barsukov"), or one a listed name and one no English word ("ewan dawson"; not
        "driver walker", two family names that are nouns too); one word of four letters or more, a listed name that
        is no English word at all ("founders: macdonald, ..."); or one word joined by a comma or "and" to a name
        ("emma and kaite"). One unknown or short word alone is left: in chat it is as often a misspelling, slang or
        a word run together ("awsome", "boujee", "vid", "ina") as a name."""
        from mechanisms.prmpt.entities.name_words import EnglishWords, name_index
        from mechanisms.prmpt.entities.recased_names import uncased_copy

        if "PERSON" not in self._enabled or not isinstance(self._english, EnglishWords):
            return resolved
        index = name_index()
        jobs = []
        for i, (text, lang) in enumerate(zip(texts, langs)):
            if lang == "en" and uncased[i]:
                made = uncased_copy(text, index, self._english, _known_places())
                if made is None:
                    continue
                taken = Occupied([(s.start, s.end) for s in resolved[i]])
                if any(not taken.overlaps(a, b) for a, b in made[1]):  # (nothing to read where all are found)
                    jobs.append((i, *made))
        if not jobs:
            return resolved
        out = list(resolved)
        for (i, copy, named), spans in zip(jobs, self._annotate([copy for _, copy, _ in jobs], False, True)):
            text = texts[i]
            starts, ends = {a for a, _ in named}, {b for _, b in named}
            people = [(s.start, s.end) for s in out[i] if s.entity_type == "PERSON"]
            single = []
            added = []
            here = sorted(out[i], key=lambda s: (s.start, s.end))
            apart = all(a.end <= b.start for a, b in zip(here, here[1:]))  # (then ends run in the order starts do)
            here_ends = [s.end for s in here]
            for span in spans:
                # a name found there may take in a part found here ("marisol" of "marisol q. etxeberria"), no other span
                if apart:
                    j, inside = bisect.bisect_right(here_ends, span.start), []
                    while j < len(here) and here[j].start < span.end:
                        inside.append(here[j])
                        j += 1
                else:
                    inside = [s for s in here if s.start < span.end and span.start < s.end]
                if span.entity_type != "PERSON" or not persons_within(inside, span.start, span.end) or span in inside:
                    continue
                words = [(m.start(), m.end()) for m in _LETTERS.finditer(copy, span.start, span.end)]
                names = [text[a:b] for a, b in words if b - a > 1]
                covered = [w for w in words if any(s.start <= w[0] and w[1] <= s.end for s in inside)]
                # an initial between names ("oskar m. crawford"), never a case's "v." ("Regina v. Thistlewaite")
                initialled = 2 <= len(names) < len(words) and not any(text[a:b] in "vV" for a, b in words if b - a == 1)
                if not names or not all(a in starts and b in ends or b - a == 1 or (a, b) in covered for a, b in words) \
                        or inside and not initialled \
                        and any(b - a > 1 and text[a:b] in self._english for a, b in words if (a, b) not in covered):
                    continue  # (a word taken in beside a part found is an initial or no English word: not "merc driver")
                bare = _POSSESSIVE_END.sub("", names[0])
                if len(names) >= 2 and (len(names) < len(words) or any(index.is_listed(w) for w in names)
                                        and any(w not in self._english for w in names)) \
                        or len(names) == 1 and len(bare) > 3 and index.is_listed(bare) and bare not in self._english:
                    added.append(span)
                    people.append((span.start, span.end))
                elif len(names) == 1:
                    single.append(span)
            # an initial and a word right after a name: its middle initial and the family name ("marija cvetka m.
            # pustivšek", read there as two names)
            ends_here = {b for _, b in people}
            go_on = [s for s in single if s.start - 1 in ends_here and text[s.start - 1] == " "
                     and _AN_INITIAL.match(text, s.start) is not None]
            added += go_on
            single = [s for s in single if s not in go_on]
            # one word joined to a name ("emma and kaite", "hrůza, chapman and figueroa"); a name's span opens with a
            # letter, so a conjunction read on from one side ends where the other side starts
            starts = {a for a, _ in people}
            after = {m.end() for _, b in people if (m := _JOINED.match(text, b)) is not None}
            while single:
                joined = [s for s in single if s.start in after
                          or (m := _JOINED.match(text, s.end)) is not None and m.end() in starts]
                if not joined:
                    break
                added += joined
                starts.update(s.start for s in joined)
                after.update(m.end() for s in joined if (m := _JOINED.match(text, s.end)) is not None)
                single = [s for s in single if s not in joined]
            if added:
                kept = [s for s in out[i] if not any(a.start <= s.start and s.end <= a.end for a in added)]
                out[i] = sorted(kept + [Span("PERSON", s.start, s.end, s.score, langs[i]) for s in added],
                                key=lambda s: s.start)
        return out


def _described_in_lower_case(text: str, spans: list[Span]) -> list[Span]:
    """The listed given names an English text in lower case describes as only a person is described ("why is
    christian so impulsive?", "i'm joseph's daughter": :func:`described_people.find_described_in_lower_case`), where
    no span holds them yet: the reading of a cased copy takes one word alone only if no dictionary holds it."""
    from mechanisms.prmpt.entities.described_people import find_described_in_lower_case

    found = find_described_in_lower_case(text)
    if not found:
        return spans
    taken = Occupied([(s.start, s.end) for s in spans])
    added = [Span("PERSON", a, b, NER_SCORE, "en") for a, b in found if not taken.overlaps(a, b)]
    return sorted(spans + added, key=lambda s: s.start) if added else spans


# what follows a whole name in a sentence written in lower case ("hannah young of wright", "layla bird lives at")
_NAME_ENDS = regex.compile(r"(?:['’]s\b|[ \t]*(?:[,.;:!?)\n]|$)|[ \t]+(?:of|from|at|in|and|is|was|lives|lived|has|had|"
                           r"who|says|said|works|worked)\b)")
_KIN_WORD = regex.compile(rf"(?:{KIN})s?")  # ("son bill": a kinship word before a given name is none of it)
_LOWER_WORD_AFTER = regex.compile(r"[ \t](?P<w>\p{Ll}{3,})")
_LOWER_WORD_BEFORE = regex.compile(r"(?:^|(?<=[ \t(\"'“]))(?P<w>\p{Ll}{3,})(?P<i>[ \t]+\p{Ll}\.)[ \t]$")


def _name_parts_in_lower_case(text: str, spans: list[Span], english: Any) -> list[Span]:
    """In an English text written in lower case, the rest of a name a reading found part of: the listed family name
    after a listed given name found alone, where the name plainly ends after it ("hannah young of wright", "layla
    bird lives at": "young", "bird" are words too, so the cased copy left them in lower case), and a word no
    dictionary holds before an initial and a family name found ("auda s. rivard"). Never a stop word, a verb's finite
    form, a title, a month or a kinship word."""
    from mechanisms.prmpt.entities.name_words import name_index, stop_words
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    index, stop = name_index(), stop_words("en")
    finite = getattr(english, "is_finite_verb", None)

    def plain(word: str) -> bool:
        return word not in stop and word not in _FUNCTION_WORDS and word not in CALENDAR and not is_title(word) \
            and not (finite is not None and finite(word))

    taken = Occupied([(s.start, s.end) for s in spans])
    out = []
    for span in spans:
        value = text[span.start:span.end]
        start, end = span.start, span.end
        if span.entity_type == "PERSON" and value.islower():
            if " " not in value and index.is_first(value) and (m := _LOWER_WORD_AFTER.match(text, end)) is not None \
                    and index.is_last(m.group("w")) and plain(m.group("w")) and not taken.overlaps(end, m.end()) \
                    and _NAME_ENDS.match(text, m.end()) is not None:
                end = m.end()
            first = value.split()[0]
            if (index.is_last(first) or first not in english) \
                    and (m := _LOWER_WORD_BEFORE.search(text, max(0, start - 24), start)) is not None \
                    and plain(m.group("w")) and not taken.overlaps(m.start(), start) \
                    and m.group("i") is not None and m.group("w") not in english \
                    and not _KIN_WORD.fullmatch(m.group("w")):  # (no dictionary word: not even a form its rules make)
                start = m.start()
        out.append(span if (start, end) == (span.start, span.end) else
                   Span("PERSON", start, end, span.score, span.lang, span.finder))
    return out


_AN_INITIAL = regex.compile(r"(?![vV]\.?[ \t])\p{L}\.?[ \t]+\p{L}")  # (not a case's "v.")
_ADDRESS_TYPES = frozenset({"STREET_ADDRESS", "POSTAL_CODE"})
_SMALL_WORDS = frozenset("""a an the of and or in on at to for by from with de la le les du des del di da do dos das
van von der den y e et und rue via calle avenida rua""".split())  # (a street's type word before its name stays)


_INITIAL_OR_TITLE_BEFORE = regex.compile(r"(?:(?<![\p{L}\d])(?i:dr|drs|mr|mrs|ms|prof|nurse|rabbi)\.?|(?<![\p{L}\d./])\p{Lu}\.?|"
                                         rf"(?<![\p{{L}}\d])(?i:{KIN})[ \t]*[,:(-]?)[ \t]*$")  # (and a kinship word: "SON CHIDI")
_CAPITALS_WORD = regex.compile(r"\p{L}+(?:['’-]\p{L}+)*")


def _titled_before(text: str, start: int, reach: int = 8) -> bool:
    """A title, an initial or a kinship word right before ``start`` (:data:`_INITIAL_OR_TITLE_BEFORE`), read in the
    ``reach`` characters before it (16 takes in "daughter " too)."""
    return _INITIAL_OR_TITLE_BEFORE.search(text, max(0, start - reach), start) is not None


def _a_name_in_capitals(text: str, span: Span, english: Container[str]) -> bool:
    """A person read in a text in capitals as written that is kept beside those read in lower case: one after a
    record's name key ("NAME: ODUYA, TEMPERANCE"), or one whose words are each a listed name or no dictionary word,
    with an initial, a title or a kinship word ("Z. MILLER", "DR B. GILL", "THEIR SON CHIDI") or of two words or more, one of them listed ("DICK
    CUCCHIARA"; not "PAINFUL STIMULI", "CATH LAB", "CAREVUE FLOWSHEET")."""
    from mechanisms.prmpt.entities.name_words import name_index
    from mechanisms.prmpt.entities.titled_names import is_title

    if NAME_KEY_BEFORE.search(text, max(0, span.start - 40), span.start):
        return True  # a record's field: "NAME: ODUYA, TEMPERANCE"
    words = [w.group() for w in _CAPITALS_WORD.finditer(text, span.start, span.end)]
    index = name_index()
    titled = _titled_before(text, span.start)
    while len(words) > 1 and is_title(words[0].title()):  # "DR VANER": the title the span took in is read as one
        words, titled = words[1:], True  # (and kept as written by the name codec, as every title it knows)
    if not all(len(w) == 1 or index.is_listed(w) or w.lower() not in english for w in words):
        return False  # "HALVORSEN AWARE", "BRUCER FAIR": the name alone is read in lower case
    if any(len(w) == 1 for w in words) or titled:
        return True
    return len(words) >= 2 and any(index.is_listed(w) for w in words)


# a line's label: a word opening a line (a note's letter before it: "O-Neuro:") and a colon, an equals sign or a
# hyphen after it ("Neuro: alert", "ENDO=ELEVATED BS", "GU-foley draining")
_LINE_LABELS = regex.compile(r"(?m)^[ \t>*•-]*(?:\p{Lu}[-.:][ \t]*)?(?P<w>\p{L}+)[ \t]*(?:[:=]|-(?=[ \t]*\p{L}))")


_LABEL_END = regex.compile(r"[\p{L}-]*[ \t]*(?:[:=]|-(?=[ \t]*\p{L}))")


def _heading_word(word: str, english: Container[str], proper: bool = True, shortest: int = 3) -> bool:
    """A word a note's section is headed with: no listed name, and a dictionary word ("Cardiac"), a short word in
    capitals ("GU", "ENDO") or the opening of two dictionary words or more ("Neuro", "Resp", "Misc"). Without
    ``proper``, no word the dictionary holds as a noun alone (WordNet's proper nouns: "Clive", "Attila"); an opening
    of ``shortest`` letters or more."""
    from mechanisms.prmpt.entities.name_words import name_index

    if name_index().is_listed(word):
        return False
    low = word.lower()
    if low in english and (proper or low not in getattr(english, "nouns_only", ())) \
            or word.isupper() and len(word) <= 5:
        return True
    words = getattr(english, "sorted_words", None)
    if words is None:
        return False
    i = bisect.bisect_left(words, low)
    return len(low) >= shortest and sum(1 for w in words[i:i + 3] if w.startswith(low) and w != low) >= 2


# a word of a clinical note, with the letter of the note's part before it ("O-Neuro alert", "GU-foley draining")
_NOTE_WORD = regex.compile(r"(?:\p{Lu}{1,2}-)?(\p{L}{2,})")


def _note_shorthand(text: str, span: Span, english: Container[str], clinical: Callable[[], frozenset[str]]) -> bool:
    """A person that is a clinical note's shorthand: in a text writing three clinical words or more, every word of the
    span a heading word (:func:`_heading_word`: no listed name, and a dictionary word, a short word in capitals or the
    opening of two dictionary words, of four letters or more: "Cont to assess", "O-Neuro alert", "Levo weaned", "Spont
    breaths") or a clinical word, without a title, an initial or a kinship word before it ("Dr. Cont", "SON CHIDI"
    stay; "Jones", "Bean" and "GIVEN", listed names, stay)."""
    if len(clinical()) < 3 or _titled_before(text, span.start, 16):
        return False
    words = text[span.start:span.end].split()
    if not words or len(words) > 3:
        return False
    for word in words:
        m = _NOTE_WORD.fullmatch(word)
        if m is None or not (_clinical(m.group(1)) or _heading_word(m.group(1), english, proper=False, shortest=4)):
            return False
    return True


def _heading_labels(text: str, english: Container[str]) -> frozenset[str]:
    """The words of ``text``'s line labels that are heading words."""
    return frozenset(w for w in {o.group("w") for o in _LINE_LABELS.finditer(text)} if _heading_word(w, english))


def _section_heading(text: str, span: Span, english: Container[str], headings: Callable[[], frozenset[str]]) -> bool:
    """A person that is a line's label (:data:`_LINE_LABELS`) in a note with two other such labels, each like it a
    heading word (:func:`_heading_word`): "Neuro: alert and oriented" beside "Cardiac:" and "GI:", not "Baxter:"
    in a dialogue."""
    end = _LABEL_END.match(text, span.end)
    if end is None or "\n" in text[span.start:span.end]:
        return False
    m = _LINE_LABELS.fullmatch(text, text.rfind("\n", 0, span.start) + 1, end.end())
    if m is None or not (span.start <= m.start("w") < span.end) or not _heading_word(m.group("w"), english):
        return False
    return len(headings() - {m.group("w")}) >= 2  # (``headings`` reads them once per text: a note of 2,000
    # labelled lines asks for each)


_LONG_WORD = regex.compile(r"\p{L}{3,}")


def _in_capitals(text: str) -> bool:
    """Forty letters or more, nine in ten of them capitals, half of them in words of three letters or more, and its
    lower-case copy as long (a nurse's note, a telegram, a form filled in in capitals; not a headline in a text)."""
    upper = sum(1 for ch in text if ch.isupper())
    lower = sum(1 for ch in text if ch.islower())
    if upper + lower < 40 or upper < 9 * lower or len(text.lower()) != len(text):
        return False
    # (words, most of its letters: not a run of codes, "AB, CD; EF: ", whose second reading would cost thrice
    # what the text costs once, for no name to find)
    return sum(len(w) for w in _LONG_WORD.findall(text)) * 2 >= upper + lower


def _title_copy(text: str) -> str:
    """``text`` with each word in lower case but the small ones in Title case, same length."""
    return _COPY_WORD.sub(lambda m: m.group() if m.group() in _SMALL_WORDS or len(m.group()[:1].upper()) != 1
                           else m.group()[:1].upper() + m.group()[1:], text)


_INSIDE_A_NUMBER = regex.compile(r"\d[,.]$")
_ADDRESS_CUE = regex.compile(r"(?:^|\n)[ \t>*•-]*$|(?<![\p{L}])(?:at|on|to|in|near|address|lives|live|living|located|ship|"
                             r"send|deliver|mail|visit|moved)[ \t]*:?[ \t]+$"
                             # (the word "address" a few words before: "update my address to the same: 38882 ...")
                             r"|(?<![\p{L}])address(?:es)?\b[^\d\n.!?]{0,30}:[ \t]*$")
_COPY_WORD = regex.compile(r"(?<![\p{L}\p{M}\d_@.\/-])\p{Ll}[\p{L}\p{M}]*(?![\p{L}\p{M}\d_@\/-])")  # not "eth0"
_POSSESSIVE_END = regex.compile(r"['’]s$")


_LETTERS = regex.compile(r"[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*")


_REPLACED_TITLE_BEFORE = re.compile(r"(?<![\w.])([^\W\d_]+(?:\.[^\W\d_]+)?)\.?[ \t]+$")
_WORD_BEFORE = re.compile(r"(?<![\w'’.-])([^\W\d_][^\W\d_'’-]*)[ \t]+$")
# the parts of a hyphenated name before the part a finder took: capitalised, with a short particle in lower case
# between two of them ("Misbah-ul-", "Abd-al-", "Jean-")
_HYPHENED_BEFORE = regex.compile(r"(?<![\p{L}\d'’.-])\p{Lu}\p{Ll}+-(?:(?:\p{Ll}{1,3}|\p{Lu}\p{Ll}+)-)*$")
_WORD_AFTER = re.compile(r"[ \t]+([^\W\d_][^\W\d_'’-]*)(?![\w@-])")
# a name cut at the apostrophe of its Irish, Italian or West African prefix ("Fitzmaurice-O" of "Fitzmaurice-O'Hare",
# "N" of "N'Diaye"): the prefix is one capital, alone or after a hyphen, and the rest of the word is the name's
_CUT_AT_APOSTROPHE = re.compile(r"(?:^|(?<=[\s-]))[ODLN]$")
_APOSTROPHE_REST = re.compile(r"['’][^\W\d_]+(?:-[^\W\d_]+)*")


_PARTICLES = frozenset("da de do dos das del della di du des van von der den ter ten le la bin al zu".split())
_PARTICLE_AFTER = re.compile(r"[ \t]+(da|de|do|dos|das|del|della|di|du|van|von|der|den|ter|ten|le|la|bin|al)[ \t]+"
                             r"([^\W\d_][^\W\d_'’-]*)(?![\w@-])")


def _a_plural(word: str, english: Container[str]) -> bool:
    """A plural the dictionary holds of a word it holds ("euros", "minutes"; not "pas")."""
    return len(word) > 4 and word.endswith("s") and word in english and word[:-1] in english


# a Spanish, Portuguese, Italian or French family name's particles (in lower case or, in Spanish, capitalised: "Vicente
# Del Bosque") and the capitalised word after them, where a name ends ("Luis de Grandes", "Carlos Espinosa de los
# Monteros"): the word is the start of a longer proper noun when another capitalised word follows it ("Morientes del
# Real Madrid")
_ROMANCE_PARTICLE_AFTER = regex.compile(r"[ \t]+(?:[Dd]e(?:[ \t]+(?:[Ll]a|[Ll]as|[Ll]os))?|[Dd]el|da|das|do|dos|di|della|du|des)[ \t]+"
                                        r"(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\d@_'’-])(?![ \t]+\p{Lu})")
# and a listed given name with its particles before a family name found alone ("Pilar del Castillo")
_ROMANCE_GIVEN_BEFORE = regex.compile(r"(?<![\p{L}\d'’.@#_-])(\p{Lu}\p{Ll}+)[ \t]+(?:de(?:[ \t]+(?:la|las|los))?|del|da|das|do|"
                                      r"dos|di|della|du|des)[ \t]+$")
# the particles of Dutch and German family names in lower case, then a word in Title case
_DUTCH_PARTICLE_AFTER = re.compile(r"[ \t]+(?:van|von|vom|ter|ten|van[ \t]+der|van[ \t]+den|van[ \t]+de|von[ \t]+der|"
                                   r"in[ \t]+'t|van[ \t]+'t)[ \t]+([^\W\d_][^\W\d_'’-]+(?:-[^\W\d_][^\W\d_'’-]*)?)(?![\w@])")
_CONTRACTION = re.compile(r"['’](?:t|ll|re|ve|d|m)\b")  # "doesn't": a verb, not a name
_REPEATS = re.compile(r"(.)\1\1|(..)\2\2")  # "hahahaha", "sooo": chat, not a name


def _family_name_after_particles(text: str, start: int, end: int, word: str) -> bool:
    """A name found up to its particles after a capitalised given name ("Jaydee Y. van der" before "Rest"): the
    word in Title case after them is its family name though it is an everyday word too (not a title or a month)."""
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    words = text[start:end].split()
    return len(words) >= 2 and words[0][:1].isupper() and words[-1] in _PARTICLES and word.istitle() \
        and not is_title(word) and word.lower() not in CALENDAR


def extend_names(text: str, spans: list[Span], english: Container[str] = frozenset(),
                 seen: Container[str] = frozenset(), vocabulary: Any = None,
                 foreign: Callable[[str], bool] | None = None, before_particles: bool = False) -> list[Span]:
    """A name takes in the capitalised words right next to it that can only be more of it: listed name
    words, or (not in capitals) words that are neither everyday nor dictionary words ("Iñigo" before
    "García Aranda", "Baranowska" after "Agnieszka Lipska"), so that no part of it is left behind. ``foreign``
    tells a word of the language a text is plainly written in where no pipeline here is for it ("Kollegin" before
    "Sabine Krüger" in a German text). With ``before_particles``, only the names that open with their particles
    ("van den Brandhof") are read again, to take in the words before their particles."""
    from mechanisms.prmpt.entities.name_words import VOWEL
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import ROLE_NOUNS, is_dictionary_word, is_title

    index = name_index()
    dictionary = english if spans and spans[0].lang == "en" else frozenset()

    def part_of_name(word: str) -> bool:
        return word[0].isupper() and not word.isupper() and not is_title(word) and not index.is_common(word) \
            and (index.is_listed(word) or word not in dictionary and not (
                vocabulary is not None and not dictionary and vocabulary.is_word(word))) \
            and word.lower() not in _FUNCTION_WORDS \
            and word.lower() not in _LEADING_NOT_NAMES and word.lower() not in _NOT_NAMES \
            and word.lower() not in LETTER_WORDS and word.lower() not in ROLE_NOUNS \
            and not (foreign is not None and foreign(word))  # "Die Mieterin Zeynep ..."

    def lower_case_surname(word: str, after: str) -> bool:
        """A listed family name that is no dictionary word but a noun ("smith"), or an unlisted word of 5+
        letters that is no English word at all, nor one of the model's training words, nor laughter."""
        if not word.islower() or _CONTRACTION.match(after) or index.is_common(word) or VOWEL.search(word) is None \
                or word in _FUNCTION_WORDS or word in _LEADING_NOT_NAMES or word in _NOT_NAMES:
            return False
        if index.is_last(word):
            return len(word) >= 3 and not is_dictionary_word(dictionary, word)
        return len(word) >= 5 and word not in dictionary and word not in seen and _REPEATS.search(word) is None

    taken = Occupied([(s.start, s.end) for s in spans])
    out = []
    for span in spans:
        if span.entity_type != "PERSON" or before_particles and not text[span.start].islower():
            out.append(span)
            continue
        start, end = span.start, span.end
        if (m := _HYPHENED_BEFORE.search(text, max(0, start - 40), start)) is not None and text[start:start + 1].isupper() \
                and not taken.overlaps(m.start(), start) and not any(
                    is_dictionary_word(english, w) and not index.is_first(w) for w in m.group().split("-") if len(w) > 3):
            start = m.start()  # "Misbah-ul-Haq", "Jean-Haq": a hyphenated name is hidden whole, not its last part (not
            # "Post-" of "Post-Op" in a note in capitals, read again in Title case)
        if _CUT_AT_APOSTROPHE.search(text, start, end) and (m := _APOSTROPHE_REST.match(text, end)) \
                and m.group(0)[1].isupper() and not taken.overlaps(end, m.end()):
            end = m.end()
        while (m := _WORD_BEFORE.search(text, max(0, start - 40), start)) and part_of_name(m.group(1)) \
                and not _opens_with_address(text, start) and not taken.overlaps(m.start(1), start) \
                and not _salutation_word(text, m.group(1), m.start(1), end) \
                and not _town_before_given_name(text, m.group(1), start, index):  # (the span's own extent never
            start = m.start(1)  # overlaps these)
        while (m := _WORD_AFTER.match(text, end)) and part_of_name(m.group(1)) \
                and not text[m.end(1):m.end(1) + 2].lstrip(" ").startswith(":") \
                and not taken.overlaps(end, m.end(1)) and not _headline_verb_word(text, m.start(1), m.end(1), english):
            end = m.end(1)  # (never a field label: "Facsimile:", "Correo:")
        if (m := _REPLACED_TITLE_BEFORE.search(text, max(0, start - 16), start)) is not None \
                and is_replaced_title(m.group(1), text, m.start(1)) \
                and not taken.overlaps(m.start(), start):
            start = m.start()  # "Dott. Elisa Vasari", "Sig.ra Emo": a reader counts the form of address as the name's
        last = text[start:end].split()[-1]
        if last in _PARTICLES and (m := _WORD_AFTER.match(text, end)) \
                and (not index.is_common(m.group(1)) or _family_name_after_particles(text, start, end, m.group(1))) \
                and m.group(1).lower() not in _FUNCTION_WORDS and not taken.overlaps(end, m.end(1)) \
                and not (foreign is not None and foreign(m.group(1))):  # ("Sanne Visser van personeelszaken")
            end = m.end(1)  # a span that stops at its particle ("sara di" before "stefano")
        elif dictionary and (m := _PARTICLE_AFTER.match(text, end)) and index.is_first(last) \
                and (last.istitle() or last.islower()) and not taken.overlaps(end, m.end(2)) and (
                    index.is_last(m.group(2)) and not index.is_common(m.group(2))
                    or lower_case_surname(m.group(2).lower(), text[m.end():])):
            end = m.end(2)  # "maya da cruz", "Bart de boer": a particle and the family name after a given name
        elif (m := _DUTCH_PARTICLE_AFTER.match(text, end)) and last.istitle() and m.group(1)[0].isupper() \
                and not taken.overlaps(end, m.end(1)) and m.group(1).lower() not in _FUNCTION_WORDS \
                and not (m.group(0).split()[0] in ("ten", "ter") and _a_plural(m.group(1).lower(), english)):
            end = m.end(1)  # "Willemine ten Pas", "Ida von Rhein": these particles written so open a family name
            # (not a number and what it counts: "Maria ten Euros")
        elif dictionary and (m := _WORD_AFTER.match(text, end)) and lower_case_surname(m.group(1), text[m.end():]) \
                and index.is_first(last) and last.istitle() and not taken.overlaps(end, m.end(1)):
            end = m.end(1)  # "Kylie minogue": in chat a family name is often written in lower case
        if span.lang != "en":
            start, end = _romance_particles(text, start, end, taken, vocabulary)
        for a, b in ((start, span.start), (span.end, end)):
            if a < b:
                taken.add(a, b)  # a word one name took in is not the next one's too ("Fundación Jiménez Díaz")
        out.append(span if (start, end) == (span.start, span.end) else
                   Span("PERSON", start, end, span.score, span.lang))
    return out


def _town_before_given_name(text: str, word: str, start: int, index: Any) -> bool:
    """``word``, right before a name that opens with a listed given name, is a known town and no given name: where
    the office is, not more of the name ("el Ayuntamiento de Ferrol Román Cenalmor")."""
    first = text[start:start + 30].split(maxsplit=1)
    return bool(first) and index.is_first(first[0]) and word.casefold() in _known_places() and not index.is_first(word)


def _opens_with_address(text: str, start: int) -> bool:
    """A name that opens with a form of address hidden with it ("Doña Sofía", "Sig.ra Emo"): no word before it is
    more of the name ("la Reina Doña Sofía": "Reina" is a listed given name too)."""
    word = text[start:start + 12].split(maxsplit=1)[0] if text[start:start + 1].strip() else ""
    return is_replaced_title(word)


def _romance_particles(text: str, start: int, end: int, taken: Occupied, vocabulary: Any = None) -> tuple[int, int]:
    """A name of a text in Spanish, Portuguese, Italian or French that ends in a listed name takes in its family
    name's particles and the word after them ("Luis de Grandes", twice for "Carlos Espinosa de los Monteros"), and a
    listed given name with its particles before it ("Pilar del Castillo"): in these languages a name's particles
    are followed by more of it, where they follow it (measured on the Spanish news and clinical files and the French
    OCR: 293 such particles inside a labeled name, 15 after one, most before a country, a title, a town or an
    institution). Never a country or a capital ("el rey Mohamed VI de Marruecos", "Juan Carlos de España"), a
    title, a month or an institution's noun; after "de", "del" or "de la" no town that is no listed family name ("el
    colegio San Juan Bosco de Mérida": the town of a place named after a person; "de los" and "de las" open family
    names, "Espinosa de los Monteros") and, but after a listed given name ("Luis de Grandes") or a listed name before
    "de los" or "de las" ("Montero de los Pozos"), no word of the language that no list holds ("la Suite de Danses",
    "el promedio Dow Jones de Industriales")."""
    from mechanisms.prmpt.entities.name_words import capital_names, place_names
    from mechanisms.prmpt.entities.people import name_index
    from mechanisms.prmpt.entities.titled_names import CALENDAR, is_title

    index = name_index()

    def more_of_it(word: str) -> bool:
        low = word.lower()
        return low not in capital_names() and not is_title(word) and low not in CALENDAR \
            and low not in _ROMANCE_INSTITUTIONS and low not in _FUNCTION_WORDS

    if not text[start:end][:1].isupper():
        return start, end
    for _ in range(2):
        m = _ROMANCE_PARTICLE_AFTER.match(text, end)
        last = text[start:end].split()[-1]
        if m is None or not index.is_listed(last) or not more_of_it(m.group(1)) or taken.overlaps(end, m.end(1)):
            break  # (after a listed name only: "Caixa de Girona", "el Museo Vostell de Malpartida" stay)
        word, plural = m.group(1), m.group(0).split()[-2].lower() in ("los", "las")
        named = index.is_first(last) or plural
        if not index.is_listed(word) and (not named and vocabulary is not None and vocabulary.is_word(word)
                                          or not plural and word.casefold() in place_names()):
            break
        end = m.end(1)
    m = _ROMANCE_GIVEN_BEFORE.search(text, max(0, start - 40), start)
    if m is not None and index.is_first(m.group(1)) and not index.is_common(m.group(1)) \
            and more_of_it(m.group(1)) and not taken.overlaps(m.start(1), start):
        start = m.start(1)
    return start, end


# the nouns of institutions, bodies and offices a particle ties to a name ("Unidad de Salud", "Comunidad de
# Madrid"): no family name
_ROMANCE_INSTITUTIONS = frozenset("""unidad servicio comunidad universidad ministerio consejería departamento
    instituto fundación hospital clínica centro colegio escuela asociación federación confederación junta ayuntamiento
    diputación gobierno tribunal juzgado audiencia sala comisión comité consejo partido grupo banco caja empresa
    sociedad compañía club equipo liga copa premio orden provincia región comarca ciudad villa pueblo estado república
    reino nación université ministère département institut fondation hôpital clinique centre collège école
    association fédération conseil gouvernement préfecture mairie commune ville région""".split())


_BRACKET_AFTER = re.compile(r"[ \t]*\(")
# what stands between two items of one list: a comma, a semicolon or "and", a bracket after the first ("Savage
# (Johnson, m.72), Speed") and a shirt number before the second
_LIST_GAP = re.compile(r"[ \t]*(?:\([^()\n]{0,40}\)[ \t]*)?(?:[,;]|(?:and|et|y|&)(?=[ \t]))[ \t]*"
                       r"(?:\d{1,4}(?:[ \t]*[-–.):])?[ \t]*)?")
_CONJUNCTION_BEFORE = re.compile(r"(?:[ \t]*\([^()\n]{0,40}\))?[ \t]*,?[ \t]*(?:and|et|y|&)[ \t]+$")
_DATELINE = re.compile(r"[^\W\d_][^\W\d_.'’ -]*(?:[ \t]+[^\W\d_][^\W\d_.'’ -]*)*\)[ \t]*,[ \t]*\d")
_ITEM = re.compile(r"(?:^|(?<=[,;:\n])|(?<=\band )|(?<=\bet )|(?<=\by )|(?<=& ))[ \t]*"
                   r"(?:\d{1,4}(?:[ \t]*[-–.):])?[ \t]*|[-*•][ \t]+|\|[ \t]*)?"
                   r"(?P<v>[^\W\d_][^\W\d_'’-]+(?:[ \t]+(?!(?:and|et|y|&)[ \t])(?:(?:de|del|da|van|von|der|le|la)[ \t]+)?"
                   r"[^\W\d_][^\W\d_'’-]+){0,3})(?=[ \t]*(?:[,;\n|]|\.(?:\s|$)|$|[ \t]+\d|[ \t]+(?:and|et|y|&)[ \t]|[ \t]*\((?!\d{4})))")


_WHOLE_LINE = re.compile(r"(?:(?<=\n)|^)[^\n]*\n?")


def complete_lists(text: str, spans: list[Span], single: Callable[[str], bool] | None = None,
                   beside: Callable[[str], bool] | None = None) -> list[Span]:
    """A list of names is a list of names: in one line's comma list, or in consecutive lines, once two
    items are PERSON spans, every other item of the same shape (two to four capitalised words, after
    a number, a bullet or a table bar; one word that ``single`` takes) is one too ("19 - Kenji Moriyama,
    2 - Tomasz Wrobel, ...", a roster with scores, a bulleted list of attendees). One word that ``beside``
    takes is one only when the item just before or after it in the same sentence is a PERSON span
    ("Gales: Freestone, Gareth Roberts, Page"; never "Localidad/ Provincia: Bilbao." in a record with names)."""
    people = [s for s in spans if s.entity_type == "PERSON"]
    if len(people) < 2:
        return spans
    items, near = [], []
    for m in _ITEM.finditer(text):
        if not all(w[0].isupper() for w in m.group("v").split()
                   if w not in ("de", "del", "da", "van", "von", "der", "le", "la")):
            continue
        words = m.group("v").split()
        if len(words) > 1 and m.group("v").isupper() and single is not None and not any(map(single, words)) \
                and _WHOLE_LINE.fullmatch(text, m.start(), m.end("v") + (text[m.end("v"):m.end("v") + 1] == "\n")):
            continue  # a heading in capitals ("DISCHARGE SUMMARY" above a record's names), no listed name in it
        if " " in m.group("v").strip() or single is not None and single(m.group("v")):
            items.append(m)
            near.append(False)
        elif beside is not None and beside(m.group("v")):
            items.append(m)
            near.append(True)
    # (extents asked by bisection: a scan of every span per item made a list of thousands of names quadratic)
    held_people, held = Occupied([(p.start, p.end) for p in people]), Occupied([(x.start, x.end) for x in spans])
    covered = [held_people.overlaps(m.start("v"), m.end("v")) for m in items]
    if sum(c and not n for c, n in zip(covered, near)) < 2:
        return spans
    from mechanisms.prmpt.entities.name_words import name_index
    from mechanisms.prmpt.entities.titled_names import is_title

    # (the items ``beside`` takes neither make a list nor anchor a word of it)
    named = [m.start() for m, c, n in zip(items, covered, near) if c and not n]  # in order of start
    places = _known_places()  # a town read as a name is no anchor ("Alcalá de Guadaíra, Sevilla")
    anchor = [c and not n and m.group("v").casefold() not in places for m, c, n in zip(items, covered, near)]
    added = []
    # an item a conjunction opens follows an item or a name ("Smith, Jones and Brown"), not any words ("Human Rights
    # and Fundamental Freedoms", "Costs and Expenses")
    ends = {x.end("v") for x in items} | {p.end for p in people}
    for k, (m, is_person) in enumerate(zip(items, covered)):
        if is_person or held.overlaps(m.start("v"), m.end("v")):
            continue
        if (conj := _CONJUNCTION_BEFORE.search(text, max(0, m.start("v") - 60), m.start("v"))) is not None \
                and conj.start() not in ends:
            continue
        if near[k] and not (k > 0 and anchor[k - 1] and _LIST_GAP.fullmatch(text, items[k - 1].end("v"), m.start("v"))
                            or k + 1 < len(items) and anchor[k + 1]
                            and _LIST_GAP.fullmatch(text, m.end("v"), items[k + 1].start("v"))):
            continue
        if is_title(m.group("v").split()[-1]):
            continue  # "Marialena Tsirli, Section Registrar": a role in the list, not a name ("DJ Khaled" is one)
        if (bracket := _BRACKET_AFTER.match(text, m.end("v"))) is not None and m.group("v").casefold() in places \
                and (_DATELINE.match(text, bracket.end()) is not None or " " in m.group("v").strip()
                     or not name_index().is_last(m.group("v"))):
            continue  # "Verona (Italia), 23 may", "Puerto de Santa María (Cádiz)": a town before its country or its
            # province ("Suárez (Toledo)": a family name and a player's team)
        if bisect.bisect_left(named, m.start() + 200) - bisect.bisect_right(named, m.start() - 200) >= 2:  # same list
            added.append(Span("PERSON", m.start("v"), m.end("v"), 0.65, people[0].lang))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


# a given name and "and" before a full name: a couple, the first sharing the family name ("Luz y Adriana Ramírez se
# casaron", "Rose and Tom Hale", "Anne et Pierre Dubois"): the given name is a person's even where it is a word too
_COUPLE_BEFORE = regex.compile(r"(?<![\p{L}\d'’.-])(?P<a>\p{Lu}\p{Ll}{2,})[ \t]+(?:and|y|e|et|und|en|i|&)[ \t]+$")


def couples(text: str, spans: list[Span]) -> list[Span]:
    people = [s for s in spans if s.entity_type == "PERSON" and " " in text[s.start:s.end].strip()]
    if not people:
        return spans
    from mechanisms.prmpt.entities.name_words import name_index

    index = name_index()
    held = Occupied([(x.start, x.end) for x in spans])
    added = []
    for person in people:
        m = _COUPLE_BEFORE.search(text, max(0, person.start - 30), person.start)
        if m is None or held.overlaps(m.start("a"), m.end("a")):
            continue
        if index.is_first(m.group("a")) and index.is_first(text[person.start:person.end].split()[0]):
            added.append(Span("PERSON", m.start("a"), m.end("a"), 0.7, person.lang))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


def join_particles(text: str, spans: list[Span]) -> list[Span]:
    """Two person spans with only a particle of three letters or more between them are one name ("Vincent" des
    "Mazieres", "Ashley" ter "Schuyrhoff"): the particle is a word of it, hidden with it ("de" and "la" join
    places and titles as often: "l'Etat de Dakota")."""
    out: list[Span] = []
    for span in sorted(spans, key=lambda s: s.start):
        prev = out[-1] if out else None
        gap = text[prev.end:span.start] if prev is not None and prev.end < span.start else ""
        if prev is not None and prev.entity_type == span.entity_type == "PERSON" and gap \
                and re.fullmatch(r"[ \t]+[^\W\d_]{3,}[ \t]+", gap) is not None and gap.strip() in _PARTICLES:
            out[-1] = Span("PERSON", prev.start, span.end, max(prev.score, span.score), prev.lang)
            continue
        out.append(span)
    reach = 0  # (a particle is taken only where no span before it holds it)
    for k, span in enumerate(out):
        if span.entity_type == "PERSON" and (wider := _particles_before(text, span)).start >= reach:
            out[k] = wider
        reach = max(reach, span.end)
    return out


# the particles of three letters or more of a family name before its first capital (the shorter ones are no word of
# the name that could leak): at the start of a sentence or a line ("van den Broek scored", "dos Santos marcó"), and
# the Dutch and German ones anywhere ("coach van der Berg"); never "de", "la", "du" and the like, which open
# sentences as prepositions and articles ("La France et ...", "De Paimpol", measured on the French OCR)
_PARTICLES_OPENING = re.compile(r"(?:(?<=^)|(?<=[.!?:;\n\"“(][ \t])|(?<=[.!?:;\n\"“(])|(?<=\n[ \t]))"
                                r"(?:[Vv]an|[Vv]on|[Dd]el|[Dd]ella|[Dd]os|[Dd]as|[Tt]er|[Tt]en|[Dd]en|[Dd]er)"
                                r"(?:[ \t]+(?:de|der|den|la|los|las|het|'t))?[ \t]+$")
_PARTICLES_ANYWHERE = re.compile(r"(?<![\w'’-])(?:van|von)(?:[ \t]+(?:der|den|de|dem|het|'t))?[ \t]+$")


def _particles_before(text: str, span: Span) -> Span:
    if span.start == 0 or not text[span.start].isupper() or text[span.start - 1] not in " \t":
        return span
    # (searched in the text itself, its end at the span: a slice would make its first character a text's start)
    at = max(0, span.start - 24)
    m = _PARTICLES_OPENING.search(text, at, span.start) or _PARTICLES_ANYWHERE.search(text, at, span.start)
    if m is None:
        return span
    return Span("PERSON", m.start(), span.end, span.score, span.lang, span.finder)


# "Surname, Given" (or "Given, Surname") alone at the start of a line, before its end or a separator: a row of a
# roster, a CSV line, a signature ("Pieper, Heinz-Günter - Account 88231", "Costa, Joshua | Sales")
# (or quoted as a mail's sender or recipient: "From: \"Okonkwo, Chidi\" <c.okonkwo@example.org>")
_COMMA_PAIR = re.compile(r"(?m)(?:^[ \t]*|(?<=[\"“]))(?P<a>[^\W\d_][^\W\d_'’]+(?:-[^\W\d_][^\W\d_'’]+)?),[ \t]*"
                         r"(?P<b>[^\W\d_][^\W\d_'’]+(?:-[^\W\d_][^\W\d_'’]+)?)(?=[ \t]*(?:$|[-–—|;:(/\t\"”]))")


def comma_pairs(text: str, spans: list[Span], single: Callable[[str], bool] | None = None) -> list[Span]:
    """Once one word of a "Surname, Given" line is a name, the other is too when it reads as a name alone
    (``single``) or is a listed given or family name, even one a dictionary or a map holds ("Costa", "Heinz"):
    both are hidden."""
    if single is None or "," not in text:
        return spans
    people = [s for s in spans if s.entity_type == "PERSON"]
    added = []
    for m in _COMMA_PAIR.finditer(text):
        if not (m.group("a")[0].isupper() and m.group("b")[0].isupper()):
            continue
        sides = [(m.start("a"), m.end("a")), (m.start("b"), m.end("b"))]
        found = [any(p.start <= a and b <= p.end for p in people) for a, b in sides]
        if found.count(True) != 1:
            continue
        a, b = sides[found.index(False)]
        word = text[a:b]
        if word.lower() in LETTER_WORDS:
            continue  # "Bye, Haugland - take care": a farewell and the name it addresses
        if not any(s.start < b and a < s.end for s in spans) and all(
                single(part) or _listed_single_name(part) for part in word.split("-")):
            added.append(Span("PERSON", a, b, 0.65, people[0].lang))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


# a capital letter and its point standing alone for a person, in an English text that already names someone so (the
# European Court's pseudonyms: "a quarrel broke out between the applicant and T. on one side and the applicant's
# brothers V. and P."): after a lower-case word (a comma between or not), before a lower-case word, a comma, a
# semicolon, a colon, a bracket or a dash; never after a word a letter labels ("Section A. of", "plan B. and", "vitamin C.
# and") or a determiner ("the P.E. department"), never "I." nor an acronym of the lists
_LONE_INITIALS = regex.compile(r"(?<![\p{L}'’.-])(?P<before>\p{Ll}+),?[ \t]+(?P<v>\p{Lu}\.(?:\p{Lu}\.){0,2})"
                               r"(?=[ \t]*[,;:)]|[ \t]+(?:\p{Ll}|[-–—][ \t]))")  # (the view writes every dash "-")
_INITIALS_ALONE = regex.compile(r"\p{Lu}\p{Ll}?\.(?:[ \t]?-?\p{Lu}\p{Ll}?\.){0,2}")  # ("K.", "S.R.B.", "Kh.", "E.Sz.")
_NO_INITIALS_AFTER = LETTER_LABELS | DETERMINERS | {"that"}


def _lone_initials(text: str, spans: list[Span]) -> list[Span]:
    """(:data:`_LONE_INITIALS`) Once initials alone are a name in the text, the other initials alone like them."""
    if not any(s.entity_type == "PERSON" and _INITIALS_ALONE.fullmatch(text[s.start:s.end]) for s in spans):
        return spans
    added, taken = [], Occupied([(s.start, s.end) for s in spans])
    for m in _LONE_INITIALS.finditer(text):
        a, b = m.span("v")
        if m.group("before") in _NO_INITIALS_AFTER or m.group("v") == "I." or is_acronym(m.group("v")) \
                or taken.overlaps(a, b):
            continue
        added.append(Span("PERSON", a, b, 0.6, spans[0].lang))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


# a nickname in quotes inside a name ('William Herbert "Buckshot" May', 'Dahvin "DaHv" Daniels', "Robert 'Bobby'
# Okonkwo"): a person's span, then the nickname and a word in Title case, or a word in Title case and the nickname
# before it
_NICK_AFTER = regex.compile(r"[ \t]+[\"“'‘](?P<n>\p{Lu}[\p{L}'’.-]{1,20})[\"”'’][ \t]+"
                            r"(?P<w>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\d'’-])")
_NICK_BEFORE = regex.compile(r"(?<![\p{L}\d'’.-])(?P<w>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ \t]+[\"“'‘]"
                             r"(?P<n>\p{Lu}[\p{L}'’.-]{1,20})[\"”'’][ \t]+$")


def _nicknamed(text: str, spans: list[Span], english: Container[str]) -> list[Span]:
    """(:data:`_NICK_AFTER`, :data:`_NICK_BEFORE`) The nickname and the other part of a name a quoted nickname
    splits, each as a span of its own: after the person's span a word that is a listed family name or no English
    word ("May", "Xanthos"; not 'Taylor Swift "Anti-Hero" Video'), before it a word that is a listed given name or
    no English word ("Dahvin"; not 'the Award "Best" Marchetti')."""
    from mechanisms.prmpt.entities.name_words import name_index

    if '"' not in text and "“" not in text and "'" not in text and "‘" not in text:
        return spans
    index = name_index()
    taken = Occupied([(s.start, s.end) for s in spans])
    added: list[Span] = []
    for span in spans:
        if span.entity_type != "PERSON":
            continue
        for m, listed in ((_NICK_AFTER.match(text, span.end), index.is_last),
                          (_NICK_BEFORE.search(text, max(0, span.start - 50), span.start), index.is_first)):
            if m is not None and (listed(m.group("w")) or m.group("w").lower() not in english
                                  and not index.is_common(m.group("w"))):
                added += [Span("PERSON", *m.span(g), span.score, span.lang) for g in ("n", "w")
                          if not taken.overlaps(*m.span(g))]
    return sorted(spans + added, key=lambda s: s.start) if added else spans


# a family name in capitals beside the given name it goes with, the way records, rosters and forms write a person
# ("Pt: OKONKWO, Chidi", "HÄMÄLÄINEN Aino", "Chidi OKONKWO"): before the name, with or without a comma, or after it
_CAPITALS_BEFORE = regex.compile(r"(?<![\p{L}\d'’.-])(?P<w>\p{Lu}[\p{Lu}'’]+(?:-\p{Lu}[\p{Lu}'’]+)?),?[ \t]+$")
_CAPITALS_AFTER = regex.compile(r"[ \t]+(?P<w>\p{Lu}[\p{Lu}'’]+(?:-\p{Lu}[\p{Lu}'’]+)?)(?![\p{L}\d'’-])")
_CAPITALS_END = regex.compile(r"(?<![\p{L}\d])\p{Lu}{2,}\W{0,2}[ \t]+$")
_CAPITALS_NEXT = regex.compile(r"\W{0,2}[ \t]+\p{Lu}{2,}(?!\p{L})")
_ARTICLE_END = regex.compile(r"(?<![\p{L}'’])(?i:the|an?|of|l[ae]s?|el|los|lo|il|gli|une?|una|der|die|das|den|dem|des|"
                            r"het|ein|eine|du|del|della|al)[ \t]+$")


def capital_family_names(text: str, spans: list[Span], english: Container[str] = frozenset(),
                         vocabulary: Any = None) -> list[Span]:
    """Once a given name in Title case is a name, a word in capitals written just before it (a comma between
    or not) or just after it is its family name, when that word is a listed family name or, unlisted, reads
    as a name: five letters or more with a vowel, no dictionary word of English or of the text's language,
    no place, title, greeting or acronym of the lists ("UNICEF, Maria" and "ASAP, Anna" stay)."""
    from mechanisms.prmpt.entities.people import name_index

    if not any(ch.isupper() for ch in text):
        return spans
    index = name_index()
    added = []
    for span in spans:
        if span.entity_type != "PERSON":
            continue
        words = text[span.start:span.end].split()
        if not words or not all(w[:1].isupper() and any(ch.islower() for ch in w) for w in words):
            continue  # a given name in Title case ("Chidi"), not one already in capitals
        line_start = text.rfind("\n", 0, span.start) + 1
        before = _CAPITALS_BEFORE.search(text, max(line_start, span.start - 40), span.start)
        after = _CAPITALS_AFTER.match(text, span.end) if len(words) == 1 else None  # ("Maria Gonzalez KUBECTL")
        for m in (before, after):
            if m is None:
                continue
            word = m.group("w")
            a, b = m.start("w"), m.end("w")
            if any(s.start < b and a < s.end for s in spans + added):
                continue
            if m is before and _CAPITALS_END.search(text, max(line_start, a - 40), a) \
                    or m is after and _CAPITALS_NEXT.match(text, b):
                continue  # a headline's or a shout's words ("TELEFONIA MOVIL Palma", "Avranches ECRASE PAR SA")
            if m is before and (_ARTICLE_END.search(text, max(line_start, a - 12), a)
                                or len(words) > 1 and not all(index.is_first(w) for w in words)):
                continue  # an organisation's acronym before a full name in apposition ("el presidente de la
                # ANATEL, Renato Navarro Guerreiro"); a family name comes before given names alone
            if _capital_family_name(word, index, english, vocabulary):
                added.append(Span("PERSON", a, b, 0.65, span.lang))
    return sorted(spans + added, key=lambda s: s.start) if added else spans


def _capital_family_name(word: str, index: Any, english: Container[str], vocabulary: Any) -> bool:
    from mechanisms.prmpt.entities.titled_names import is_dictionary_word

    title = "-".join(part.capitalize() for part in word.split("-"))
    if word.lower() in LETTER_WORDS or any(_never_a_name(part) for part in title.split("-")) \
            or title.casefold() in _known_places():
        return False
    if all(index.is_last(part) and not index.is_common(part) for part in title.split("-")):
        return True  # "LEE, Anna", "OKAFOR Ngozi"
    return len(word.replace("-", "")) >= 5 and VOWEL.search(word) is not None \
        and _NAME_SHAPE.fullmatch(title) is not None and not _NOUN_ENDING.search(title) \
        and not any(is_dictionary_word(english, part) or part.lower() in english
                    or vocabulary is not None and vocabulary.is_word(part) for part in title.split("-"))


def _to_original(v: View, spans: list[Span]) -> list[Span]:
    """Spans found on a normalised view, in the offsets of the text the user wrote."""
    if v.origin is None:
        return spans
    return [Span(s.entity_type, *v.span(s.start, s.end), s.score, s.lang, s.finder) for s in spans]


_MODEL_LOCK = threading.Lock()
NER_SCORE = 0.85  # Presidio's default score for spaCy entities (its NerModelConfiguration)


class _PresidioFinder:
    """One of Presidio's predefined recognizers (email with domain validation, IBAN with mod 97)
    used as a finder: called directly, without the analyzer engine's per-call overhead."""

    def __init__(self, recognizer: Any) -> None:
        self.recognizer = recognizer
        self.entities = list(recognizer.supported_entities)

    def __call__(self, text: str, lang: str) -> list[Any]:
        return [Found(r.entity_type, r.start, r.end, float(r.score))
                for r in self.recognizer.analyze(text, self.entities, None)]
WINDOW = 100_000
OVERLAP = 400


def _windows(n: int) -> list[tuple[int, int, int, int]]:
    """(start, end, core_start, core_end) windows covering [0, n); cores tile [0, n) exactly."""
    if n <= WINDOW:
        return [(0, n, 0, n)]
    out, start = [], 0
    while True:
        end = min(start + WINDOW, n)
        core_lo = 0 if start == 0 else start + OVERLAP // 2
        core_hi = n if end == n else end - OVERLAP // 2
        out.append((start, end, core_lo, core_hi))
        if end == n:
            return out
        start = end - OVERLAP


def _make_tldextract_offline() -> None:
    """Point Presidio's email validation at tldextract's bundled snapshot (no network, no cache)."""
    import tldextract
    from presidio_analyzer.predefined_recognizers.generic import email_recognizer

    from mechanisms.prmpt.netcodecs import offline_tld_extractor

    class _OfflineTld:
        TLDExtract = tldextract.TLDExtract

        @staticmethod
        def extract(url: str, *args: Any, **kwargs: Any) -> Any:
            return offline_tld_extractor()(url)

    email_recognizer.tldextract = _OfflineTld  # type: ignore[attr-defined]
