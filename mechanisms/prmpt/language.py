"""Which configured language a text is written in (per text, so one request may mix languages).

lingua (``lingua-language-detector``) decides, restricted to the configured languages and in its
low-accuracy mode (trigram models only: ~0.1 ms for a 300-character prompt once loaded). It is not
consulted at all when one language is configured, for texts too short to tell (stop sequences,
names alone: they take the default language), or when the text is plainly in one language: two of its
stop words or more and none of another configured language's. lingua reads the
words in lower case where they hold enough letters: capitalised words are names as often, of any locale.
"""

from __future__ import annotations

import re
import threading
from typing import Any

_STOP = {
    "en": frozenset("the and is are was were you your to of in that this it for with have has what how "
                    "can could would should my me i please about from they them their will not do does no "
                    # (question words and pronouns neither French nor Spanish writes: "why is christian so
                    # impulsive?" was read as Spanish, and its name by the Spanish pipeline)
                    "why when where who which there been but if we she his him her us our at did had just so".split()),
    "fr": frozenset("le la les des du de et est sont une un je tu il elle nous vous mon ma mes ton ta pour "
                    "avec dans sur pas que qui ce cette au aux ne se sa son leur très bonjour merci".split()),
    "es": frozenset("el la los las del de y es son una un yo tú él ella nosotros mi mis tu para con en por "
                    "que qui este esta no se su sus muy hola gracias pero como qué cómo".split()),
}
_WORDS = re.compile(r"[^\W\d_]+")
MIN_LETTERS = 24
# languages with no pipeline here that Latin-script prompts are often written in, and their stop words: a text
# plainly in one of them is read by a pipeline of another language, whose NER takes its capitalised nouns and its
# sentence openers for names (German "im Rathaus", "Gestern"; Dutch "Gisteren"): :meth:`LanguageDetector.foreign`
# tells the annotator so. A foreign text holds three of its language's stop words or more, twice as many as of any
# configured language, and lingua is sure of it (lingua alone took English tweets and OCR noise for Swedish or
# Danish: "Kids are so brutally honest. Poor Jimmy xD")
_OTHER_STOP = {
    "de": "der die das und ist nicht ein eine ich sie wir mit auf für von den dem zu im hat wurde sind auch noch ab bei "
          "ihre ihr ihren ihrem ihnen uns unser unsere dein deine deinen mein meine meinen sein seine seinen wird werden oder aber wenn "
          "nur sehr wie als über zum zur vom bitte danke kein keine nach",
    "it": "il lo gli una di che non per con del della è sono ma anche ancora stato nel alla ha le "
          "sua suo tuo tua mio mia nostro questo questa grazie siamo hai ho molto tutto",
    "nl": "de het een en van is niet dat op te met voor zijn heeft wordt ook nog bij naar maar "
          "jij uw mijn wij ze hij zij dit deze wat waar graag bedankt alstublieft dank hun ons onze jullie uit",
    "pt": "o os as um uma de que não para com do da em é são mas foi ainda pelo pela ao "
          "sua seu meu minha você obrigado obrigada muito estou nós",
    "pl": "i w z na nie się do że jest to od za po jak ale przez jego tak już",
    "sv": "och att det som är en ett på för med har inte den till av om men jag",
    "da": "og at det som er en et på for med har ikke den til af om men jeg",
    "nb": "og at det som er en et på for med har ikke den til av om men jeg",
    "ro": "și în de la cu nu este că un o pe pentru care sunt dar",
    "cs": "a je se na v že to s z do jsou ale jak by také o",
}
_OTHER_STOP_SETS = {lang: frozenset(words.split()) for lang, words in _OTHER_STOP.items()}
FOREIGN_CONFIDENCE = 0.6


# the words of a text's start in lower case, how many stop words of each configured language they hold, and the
# languages with any
_StopWords = tuple[list[str], dict[str, int], list[str]]


def written_in(text: str, lang: str) -> bool:
    """Whether ``text`` holds two of ``lang``'s stop words or more (a configured language's; any other is read as
    written in it): a text read as ``lang`` with fewer was read so on little ("julian fernandes lives at ...")."""
    stop = _STOP.get(lang)
    if stop is None:
        return True
    found = 0
    for word in _WORDS.findall(text[:2000]):
        if word.lower() in stop:
            found += 1
            if found >= 2:
                return True
    return False


def _lower_words(text: str) -> str:
    """The words of the text's start that are in lower case: they carry its language."""
    return " ".join(w for w in _WORDS.findall(text[:2000]) if not w[:1].isupper())


# the languages of _OTHER_STOP whose dictionary ships here (``words_<lang>_v1.txt.gz``), and the share of a text's
# words it must hold: with two of the language's stop words or more, twice as many as of any configured language,
# such a text is in that language though lingua is unsure of a short one ("Das Treffen mit Herrn Dr. Andreas Becker
# findet im Besprechungsraum im dritten Stock statt." reads as Norwegian to its trigrams)
_SHIPPED_DICTIONARIES = ("de", "nl", "pt")
DICTIONARY_SHARE = 0.7
SHORT_DICTIONARY_SHARE = 0.8


def _by_dictionary(text: str, words: list[str], counts: dict[str, int], least: int = 2,
                   share: float = DICTIONARY_SHARE) -> str | None:
    """The language of ``_SHIPPED_DICTIONARIES`` whose dictionary holds ``share`` of ``words`` (``text``'s, in lower
    case; of two letters or more; listed names left out, and the words ``text`` writes with a capital past its first
    that the dictionary does not hold, its names: "Mein Name ist Korbinian Wetzstein.") and whose stop words are
    ``least`` or more and twice any configured language's; with ``least`` 1 (a short text), fewer than half of those
    words English ones."""
    from mechanisms.prmpt.entities.name_words import dictionary_words, in_dictionary, name_index

    most = max(counts.values(), default=0)
    long: list[str] | None = None
    for code in _SHIPPED_DICTIONARIES:
        own = sum(w in _OTHER_STOP_SETS[code] for w in words)
        if own < least or own < 2 * most:
            continue
        if long is None:  # (read once, for the first language whose stop words qualify)
            index = name_index()
            long = [w for w in words if len(w) > 1 and not index.is_listed(w)]  # (a name is of no language)
            capitals = {w.lower() for w in _WORDS.findall(text[:2000])[1:] if w[:1].isupper()}
            if least < 2 and long and _english_share(long) >= 0.5:
                return None  # "Never die, never give up": English
        lexicon = dictionary_words(code)
        if lexicon is None or not long:
            continue
        held = [in_dictionary(w, lexicon, code) for w in long]
        read = [h for w, h in zip(long, held) if h or w not in capitals]
        if read and (len(read) >= 2 or len(read) == len(long)) and sum(read) >= share * len(read):
            return code
    return None


def _english_share(words: list[str]) -> float:
    from mechanisms.prmpt.config import DEFAULT_SPACY_MODELS
    from mechanisms.prmpt.entities.name_words import english_words

    english = english_words(DEFAULT_SPACY_MODELS["en"])
    return sum(w in english for w in words) / len(words)


class LanguageDetector:
    def __init__(self, languages: list[str], default: str) -> None:
        self.languages = languages
        self.default = default if default in languages else languages[0]
        self._lock = threading.Lock()
        self._lingua: Any = None
        self._codes: dict[Any, str] = {}
        self._broad: Any = None
        self._broad_codes: dict[Any, str] = {}

    def _detector(self) -> Any:
        if self._lingua is None:
            with self._lock:
                if self._lingua is None:
                    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

                    langs = [Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper()))
                             for code in self.languages]
                    self._codes = {lang: code for lang, code in zip(langs, self.languages)}
                    self._lingua = LanguageDetectorBuilder.from_languages(*langs) \
                        .with_low_accuracy_mode().build()
        return self._lingua

    def _stop_words(self, text: str) -> _StopWords:
        """The words of the text's start in lower case, how many stop words of each configured language they hold,
        and the languages with any."""
        words = [w.lower() for w in _WORDS.findall(text[:2000])]
        counts = {lang: sum(w in _STOP[lang] for w in words) for lang in self.languages}
        return words, counts, [lang for lang, n in counts.items() if n]

    def _broad_detector(self) -> Any:
        if self._broad is None:
            with self._lock:
                if self._broad is None:
                    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

                    codes = list(dict.fromkeys([*self.languages, *_OTHER_STOP]))
                    langs = [Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())) for code in codes]
                    self._broad_codes = {lang: code for lang, code in zip(langs, codes)}
                    self._broad = LanguageDetectorBuilder.from_languages(*langs).with_low_accuracy_mode().build()
        return self._broad

    def read(self, text: str) -> tuple[str, str | None]:
        """:meth:`detect` and :meth:`foreign` of one text, its stop words counted once."""
        stop = self._stop_words(text)
        return self._detect(text, stop), self._foreign(text, stop)

    def foreign(self, text: str) -> str | None:
        """The language a text is plainly written in when no pipeline here is for it, else ``None`` (see
        :data:`_OTHER_STOP`); never for a text too short to tell or one a configured language's stop words decide."""
        return self._foreign(text, self._stop_words(text))

    def _foreign(self, text: str, stop: _StopWords) -> str | None:
        words, counts, hits = stop
        letters = sum(len(w) for w in words)
        if letters < 2 * MIN_LETTERS and len(words) >= 3 and not hits:
            # a short text: one of the language's stop words, none of a configured language's, and its words the
            # language's dictionary's and not English ("Ihre Karte wurde gesperrt.", "Uw bestelling is verzonden.",
            # "Ihre Tochter Leokadia schläft.")
            short = _by_dictionary(text, words, counts, least=1, share=SHORT_DICTIONARY_SHARE)
            if short is not None or letters < MIN_LETTERS:
                return short
        elif letters < MIN_LETTERS:
            return None
        if len(hits) == 1 and counts[hits[0]] >= 2:
            return None  # (the cheap exit of an ordinary English, French or Spanish prompt)
        # (all its words: a short one holds few in lower case)
        by_words = _by_dictionary(text, words, counts)
        if by_words is not None:
            return by_words
        lower = _lower_words(text)
        if len(lower) < MIN_LETTERS:
            return None
        values = self._broad_detector().compute_language_confidence_values(lower)
        code = self._broad_codes.get(values[0].language) if values else None
        if code is None or code in self.languages or values[0].value < FOREIGN_CONFIDENCE:
            return None
        own = sum(w in _OTHER_STOP_SETS[code] for w in words)
        return code if own >= 3 and own >= 2 * max(counts.values(), default=0) else None

    def detect(self, text: str) -> str:
        if len(self.languages) == 1:
            return self.default
        return self._detect(text, self._stop_words(text))

    def _detect(self, text: str, stop: _StopWords) -> str:
        if len(self.languages) == 1:
            return self.default
        words, counts, hits = stop
        if sum(len(w) for w in words) < MIN_LETTERS:
            return self.default
        if len(hits) == 1 and counts[hits[0]] >= 2:
            return hits[0]  # one language's stop words and no other's
        ranked = sorted(counts.values(), reverse=True)
        if len(hits) > 1 and ranked[0] >= 3 and ranked[0] >= 3 * ranked[1]:
            return max(hits, key=counts.__getitem__)  # one language's stop words and a stray word of another's ("i'm
            # daniel a. anderson, originally from brú, and i'm 37 y/o.": Spanish "y")
        # the words in lower case carry the language; capitalised ones are names as often, and a name of another
        # locale ("Aqşin İmirli", "Şəhla") tips a short text the wrong way: they are left out while enough is left
        lower = _lower_words(text)
        if len(lower) < MIN_LETTERS and len(hits) <= 1:
            # few words but names and titles: one language's stop word among them decides ("Résume l'appel entre X
            # et Y."), and none leaves the default ("Best regards,\nHannah Okafor\nSenior Analyst, Acme Corp")
            return hits[0] if hits else self.default
        found = self._detector().detect_language_of(lower if len(lower) >= MIN_LETTERS else text[:2000])
        return self._codes.get(found, self.default)
