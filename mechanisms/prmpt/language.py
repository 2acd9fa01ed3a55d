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
                    "can could would should my me i please about from they them their will not do does no".split()),
    "fr": frozenset("le la les des du de et est sont une un je tu il elle nous vous mon ma mes ton ta pour "
                    "avec dans sur pas que qui ce cette au aux ne se sa son leur très bonjour merci".split()),
    "es": frozenset("el la los las del de y es son una un yo tú él ella nosotros mi mis tu para con en por "
                    "que qui este esta no se su sus muy hola gracias pero como qué cómo".split()),
}
_WORDS = re.compile(r"[^\W\d_]+")
MIN_LETTERS = 24


class LanguageDetector:
    def __init__(self, languages: list[str], default: str) -> None:
        self.languages = languages
        self.default = default if default in languages else languages[0]
        self._lock = threading.Lock()
        self._lingua: Any = None
        self._codes: dict[Any, str] = {}

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

    def detect(self, text: str) -> str:
        if len(self.languages) == 1:
            return self.default
        words = [w.lower() for w in _WORDS.findall(text[:2000])]
        if sum(len(w) for w in words) < MIN_LETTERS:
            return self.default
        counts = {lang: sum(w in _STOP[lang] for w in words) for lang in self.languages}
        hits = [lang for lang, n in counts.items() if n]
        if len(hits) == 1 and counts[hits[0]] >= 2:
            return hits[0]  # one language's stop words and no other's
        # the words in lower case carry the language; capitalised ones are names as often, and a name of another
        # locale ("Aqşin İmirli", "Şəhla") tips a short text the wrong way: they are left out while enough is left
        lower = " ".join(w for w in _WORDS.findall(text[:2000]) if not w[:1].isupper())
        if len(lower) < MIN_LETTERS and len(hits) <= 1:
            # few words but names and titles: one language's stop word among them decides ("Résume l'appel entre X
            # et Y."), and none leaves the default ("Best regards,\nHannah Okafor\nSenior Analyst, Acme Corp")
            return hits[0] if hits else self.default
        found = self._detector().detect_language_of(lower if len(lower) >= MIN_LETTERS else text[:2000])
        return self._codes.get(found, self.default)
